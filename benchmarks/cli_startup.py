"""Cold start: `tombgen --help` and `tombgen tanis dig` against bare Python and a bare script.

Every run is a fresh process (cold imports). Prints median wall times over N runs and the
differences/ratios the targets are stated in:
  --help within 150 ms of `python -c pass`;
  one dig sheet (SVG+PDF+JSON) within 1.3x of a bare script (baseline.py) that imports
  reportlab and svgwrite and draws the same primitives, one library call each, to SVG and PDF.
"""

from __future__ import annotations

import json
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


def median_of(cmd: list[str], cwd: str) -> float:
    timed(cmd, cwd)  # warm the OS file cache, not the interpreter
    return statistics.median(timed(cmd, cwd) for _ in range(N))


def dump_primitives(path: Path, game: str, kind: str, options: list[str]) -> int:
    """Writes an item's flattened primitives for the bare script; returns their number."""
    from baseline import flatten
    from generator.produce import build

    prims = flatten(build(game, kind, 1)[0].pages)
    path.write_text(json.dumps(prims))
    return len(prims)


def compare(tmp: str, game: str, kind: str, options: list[str]) -> tuple[int, float, float]:
    """(primitives, tombgen median, bare-script median) for one cold item."""
    py = sys.executable
    prims_file = Path(tmp) / "prims.json"
    prims = dump_primitives(prims_file, game, kind, options)
    ours = median_of([py, "-m", "generator", game, kind, *options, "--seed", "1", "--out", tmp], tmp)
    bare = median_of([py, str(HERE / "baseline.py"), str(prims_file), str(Path(tmp) / "b")], tmp)
    return prims, ours, bare


def measure(label: str) -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        bare_python = median_of([py, "-c", "pass"], tmp)
        help_ = median_of([py, "-m", "generator", "--help"], tmp)
        prims, dig, baseline = compare(tmp, "tanis", "dig", [])
    print(f"{label}: primitives in the dig item (all pages): {prims}")
    print(f"  python -c pass            {bare_python * 1000:7.1f} ms")
    print(f"  tombgen --help            {help_ * 1000:7.1f} ms   "
          f"(+{(help_ - bare_python) * 1000:.0f} ms over bare Python; target <= 150)")
    print(f"  bare reportlab+svgwrite   {baseline * 1000:7.1f} ms")
    print(f"  tombgen tanis dig         {dig * 1000:7.1f} ms   "
          f"({dig / baseline:.2f}x the bare script; target <= 1.3x)")


def in_both_modes(measure_fn) -> None:
    """Runs ``measure_fn(label)`` as the environment is, then with byte-code caching on.

    With PYTHONDONTWRITEBYTECODE set, every fresh process compiles tombgen's modules from source
    (the libraries' caches usually exist already); an installed tombgen has its .pyc files.
    """
    import os

    print(f"runs per measurement: {N} (median), each a fresh process")
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
