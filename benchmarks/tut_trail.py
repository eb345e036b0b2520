"""Tutankhamen trail generation speed: layouts per second for each shape (no rendering).

Plain script: ``python benchmarks/tut_trail.py [TRAILS]``. Each shape is timed plain, with
``--spread`` and with ``--no-specials-before 20``, against a baseline measured here: shuffling the
69 tiles and listing 70 cells of a fixed straight path (what any layout costs at the least).
Validation is timed too, as it runs on every generated trail.
"""

from __future__ import annotations

import sys

from timing import rate  # benchmarks/timing.py (scripts run from this folder)

from generator.core.rng import make_rng
from generator.games.tut.generate import SHAPES, generate_trail
from generator.games.tut.model import trail_tiles
from generator.games.tut.rules_trail import validate_trail


def main(count: int = 300) -> None:
    tiles = trail_tiles()

    def baseline(i: int) -> None:
        rng = make_rng(i)
        deck = tiles[:]
        rng.shuffle(deck)
        [(x % 16, x // 16) for x in range(70)]

    base = rate(baseline, count)
    print(f"baseline (shuffle + straight path):       {base:10.0f} trails/s")
    for shape in SHAPES:
        for label, extra in (("", {}), (" --spread", {"spread": True}),
                             (" --no-specials-before 20", {"no_specials_before": 20})):
            r = rate(lambda i, s=shape, e=extra: generate_trail(make_rng(i), shape=s, **e), count)
            print(f"{shape + label:<40} {r:10.0f} trails/s = {r / base:6.4f} x baseline")
    trails = [generate_trail(make_rng(i), shape="meander", spread=True) for i in range(50)]
    r = rate(lambda i: validate_trail(trails[i % 50]), count)
    print(f"{'validate_trail':<40} {r:10.0f} trails/s = {r / base:6.4f} x baseline")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
