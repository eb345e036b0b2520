"""Cold start: `tombgen --help` and `tombgen tanis dig` against bare Python and a bare script.

Every run is a fresh process (cold imports). Prints median wall times over N runs and the
differences/ratios the targets are stated in:
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
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

N = 15
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def timed(cmd: list[str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def medians(cmds: list[list[str]], cwd: str, n: int | None = None) -> list[float]:
    """Median wall time of each command over ``n`` (default N) interleaved rounds, after one
    warm-up run each."""
    n = n or N
    for cmd in cmds:
        timed(cmd, cwd)  # warm the OS file cache, not the interpreter
    runs: list[list[float]] = [[] for _ in cmds]
    for _ in range(n):
        for times, cmd in zip(runs, cmds):
            times.append(timed(cmd, cwd))
    return [statistics.median(times) for times in runs]


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
    print(f"  python -c pass            {bare_python * 1000:7.1f} ms")
    print(f"  tombgen --help            {help_ * 1000:7.1f} ms   "
          f"(+{(help_ - bare_python) * 1000:.0f} ms over bare Python; target <= 30)")
    print(f"  bare reportlab+svgwrite   {baseline * 1000:7.1f} ms")
    print(f"  tombgen tanis dig         {dig * 1000:7.1f} ms   "
          f"({dig / baseline:.2f}x the bare script; target <= 1.3x)")


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
