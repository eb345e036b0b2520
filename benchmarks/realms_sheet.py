"""Cold start of one Hidden Realms game sheet: `tombgen realms sheet --map map-1` (SVG+PDF+JSON)
against a bare script that draws the same primitives with reportlab and svgwrite.

Plain script, not a test: ``python benchmarks/realms_sheet.py``. Every run is a fresh process;
medians over N runs (cli_startup.py's helpers). The bare script is benchmarks/baseline.py (one
library call per primitive, symbols expanded), fed with the flattened primitives of the very
same sheet. Target: <= 1.3x.

Both are measured twice: as the environment is (where PYTHONDONTWRITEBYTECODE=1 is set,
every run compiles tombgen's own modules from source, which the bare script barely has), and
with byte-code caching on (what a `pip install` gives), the cache kept in a temporary folder.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from cli_startup import compare, in_both_modes, median_of


def measure(label: str) -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        bare_python = median_of([py, "-c", "pass"], tmp)
        prims, ours, bare = compare(tmp, "realms", "sheet", ["--map", "map-1"])
    print(f"{label}: primitives on the sheet (flattened): {prims}")
    print(f"  python -c pass             {bare_python * 1000:7.1f} ms")
    print(f"  bare reportlab+svgwrite    {bare * 1000:7.1f} ms")
    print(f"  tombgen realms sheet       {ours * 1000:7.1f} ms   "
          f"({ours / bare:.2f}x the bare script; target <= 1.3x)")


def main() -> None:
    in_both_modes(measure)


if __name__ == "__main__":
    main()
