"""Cold start: `tombgen --help` and `tombgen tanis dig` against bare Python and a bare script.

Every run is a fresh process (cold imports). Prints median wall and CPU times over N runs and the
differences/ratios the targets are stated in (CPU time, user + system of the child, moves less
than wall time when other work shares the machine):
  --help within 30 ms of `python -c pass`;
  one dig sheet (SVG+PDF+JSON) within 1.3x of a bare script (baseline.py) that imports
  reportlab and svgwrite and draws the same primitives, one library call each, to SVG and PDF,
  embedding the same TrueType faces.

The commands compared are run in turn, round after round (not all runs of one, then all of the
other), so a slow spell of a shared machine hits both alike; each gets one unmeasured warm-up
run for the OS file cache.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

N = 15
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


class Timing(NamedTuple):
    """Median wall-clock and CPU (user + system) seconds of one command."""

    wall: float
    cpu: float


def timed(cmd: list[str], cwd: str) -> Timing:
    """One run: wall time, and the CPU time the child process used (less sensitive than wall
    time to other work on a shared machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return Timing(wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def medians(cmds: list[list[str]], cwd: str, n: int | None = None) -> list[Timing]:
    """Median wall and CPU time of each command over ``n`` (default N) interleaved rounds, after
    one warm-up run each."""
    n = n or N
    for cmd in cmds:
        timed(cmd, cwd)  # warm the OS file cache, not the interpreter
    runs: list[list[Timing]] = [[] for _ in cmds]
    for _ in range(n):
        for times, cmd in zip(runs, cmds):
            times.append(timed(cmd, cwd))
    return [Timing(statistics.median(t.wall for t in times), statistics.median(t.cpu for t in times))
            for times in runs]


def report(label: str, t: Timing, base: Timing | None = None, how: str = "") -> str:
    """One line: wall and CPU milliseconds, and the comparison ``how`` asks for with ``base``."""
    line = f"  {label:<26}{t.wall * 1000:7.1f} ms wall {t.cpu * 1000:7.1f} ms CPU"
    if base is not None and how == "ratio":
        line += f"   {t.wall / base.wall:.2f}x wall, {t.cpu / base.cpu:.2f}x CPU"
    elif base is not None and how == "diff":
        line += (f"   +{(t.wall - base.wall) * 1000:.0f} ms wall, "
                 f"+{(t.cpu - base.cpu) * 1000:.0f} ms CPU")
    return line


def dump_primitives(path: Path, game: str, kind: str, seed: int) -> int:
    """Writes an item's flattened primitives for the bare script; returns their number."""
    from baseline import flatten

    from generator.produce import build

    prims = flatten(build(game, kind, seed)[0].pages)
    path.write_text(json.dumps(prims))
    return len(prims)


def item_commands(tmp: str, game: str, kind: str, seed: int) -> tuple[int, list[str], list[str]]:
    """(primitives, tombgen command, bare-script command) for one item with default options."""
    py = sys.executable
    prims_file = Path(tmp) / "prims.json"
    prims = dump_primitives(prims_file, game, kind, seed)
    ours = [py, "-m", "generator", game, kind, "--seed", str(seed), "--out", tmp]
    bare = [py, str(HERE / "baseline.py"), str(prims_file), str(Path(tmp) / "b")]
    return prims, ours, bare


def measure(label: str) -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        prims, dig_cmd, bare_cmd = item_commands(tmp, "tanis", "dig", 1)
        bare_python, help_, dig, baseline = medians(
            [[py, "-c", "pass"], [py, "-m", "generator", "--help"], dig_cmd, bare_cmd], tmp)
    print(f"{label}: primitives in the dig item (all pages): {prims}")
    print(report("python -c pass", bare_python))
    print(report("tombgen --help", help_, bare_python, "diff") + "   (target: +30 ms)")
    print(report("bare reportlab+svgwrite", baseline))
    print(report("tombgen tanis dig", dig, baseline, "ratio") + "   (target: 1.3x)")


def in_both_modes(measure_fn) -> None:
    """Runs ``measure_fn(label)`` as the environment is, then with byte-code caching on.

    With PYTHONDONTWRITEBYTECODE set, every fresh process compiles tombgen's modules from source
    (the libraries' caches usually exist already); an installed tombgen has its .pyc files.
    """
    print(f"runs per measurement: {N} interleaved rounds (median), each a fresh process; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")
    flag = os.environ.get("PYTHONDONTWRITEBYTECODE")
    measure_fn(f"as the environment is (PYTHONDONTWRITEBYTECODE={flag or 'unset'})")
    with tempfile.TemporaryDirectory() as cache:
        saved = dict(os.environ)
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = cache
        try:
            measure_fn("with byte-code caching (as after pip install)")
        finally:
            os.environ.clear()
            os.environ.update(saved)


def main() -> None:
    in_both_modes(measure)


if __name__ == "__main__":
    main()
