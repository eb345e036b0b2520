"""Cold start of one Hidden Realms game sheet: `tombgen realms sheet --seed 3` (map-1; SVG, PDF
and JSON) against a bare script that draws the same primitives with reportlab and svgwrite.

Plain script, not a test: ``python benchmarks/realms_sheet.py [ROUNDS]``. Every run is a fresh
process; the commands run in turn, round after round, and medians are reported (cli_startup.py's
helpers). The bare script is benchmarks/baseline.py (one library call per primitive, symbols
expanded, the same TrueType faces registered and embedded), fed with the flattened primitives of
the very same sheet. Targets: the sheet <= 1.3x the bare script; `tombgen --help` <= bare Python
+ 30 ms.

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

import cli_startup  # noqa: E402
from cli_startup import in_both_modes, item_commands, medians, report  # noqa: E402

SEED = 3


def measure(label: str) -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        prims, sheet_cmd, bare_cmd = item_commands(tmp, "realms", "sheet", SEED)
        bare_python, help_, bare, ours = medians(
            [[py, "-c", "pass"], [py, "-m", "generator", "--help"], bare_cmd, sheet_cmd], tmp)
    print(f"{label}: primitives on the sheet (flattened): {prims}")
    print(report("python -c pass", bare_python))
    print(report("tombgen --help", help_, bare_python, "diff") + "   (target: +30 ms)")
    print(report("bare reportlab+svgwrite", bare))
    print(report("tombgen realms sheet", ours, bare, "ratio") + "   (target: 1.3x)")


def main() -> None:
    if len(sys.argv) > 1:
        cli_startup.N = int(sys.argv[1])
    in_both_modes(measure)


if __name__ == "__main__":
    main()
