"""Tutan Tumba setup speed: Pharaoh's Wrath setups generated (and validated) per second.

Plain script, not a test: ``python benchmarks/tumba_setups.py [COUNT]``. The baseline measured
here is a "null setup": the same number of random choices (22 placements and the moves of the
cleared line) drawn from the 12 lines with no rule checked at all.
"""

from __future__ import annotations

import sys

from timing import rate  # benchmarks/timing.py (scripts run from this folder)

from generator.core.rng import make_rng
from generator.games.tumba.generate import advanced_setup
from generator.games.tumba.render import render_setup
from generator.games.tumba.rules_setup import validate_setup


def main(count: int = 3000) -> None:
    lines = list(range(1, 13))

    def null_setup(i: int) -> None:
        rng = make_rng(i)
        for _ in range(24):
            rng.choice(lines)

    def generate(i: int) -> None:
        advanced_setup(make_rng(i), 2 + i % 5)

    def generate_validate(i: int) -> None:
        assert validate_setup(advanced_setup(make_rng(i), 2 + i % 5)).ok

    from generator.draw.paper import make_sheet
    from generator.produce import RunInfo

    sheet = make_sheet("a4")

    def with_sheet(i: int) -> None:
        setup = advanced_setup(make_rng(i), 2 + i % 5)
        render_setup(setup, sheet, RunInfo("tumba", "setup", i, 0, 1, {}))

    base = rate(null_setup, count)
    print(f"baseline null setup (24 random lines):   {base:10.0f} /s")
    for name, fn, n in (("advanced setups generated", generate, count),
                        ("generated + validated (log replayed)", generate_validate, count),
                        ("generated + sheet scene built", with_sheet, count // 10)):
        r = rate(fn, max(1, n))
        print(f"{name:<40} {r:10.0f} /s  = {r / base:5.3f} x baseline")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
