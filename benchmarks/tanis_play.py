"""Tanis engine speed: random-bot games per second on one core (target: at least 1,000/s).

Plain script, not a test: ``python benchmarks/tanis_play.py [GAMES]``. Prints games per second
for random bots on one fixed dig, random bots with a new dig per game, and greedy bots, each as
a ratio against a baseline measured here: a "null game" that deals the 40 tiles and draws one
random number per step of a real game, with no rules at all (the floor any engine pays).
"""

from __future__ import annotations

import sys

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tanis.bots import GreedyBot
from generator.games.tanis.generate import generate_dig
from generator.games.tanis.rules import new_state
from generator.games.tanis.rules_play import Board, deal, start_state
from timing import rate  # benchmarks/timing.py (scripts run from this folder)

TARGET = 1000.0
STEPS = 48  # about the number of steps of a random game


def main(games: int = 2000) -> None:
    dig = generate_dig(make_rng(1), "random")
    board = Board(dig)
    bots = [RandomBot(), RandomBot()]

    def null_game(i: int) -> None:
        rng = make_rng(i)
        deal(rng, 40)
        for _ in range(STEPS):
            rng.randrange(12)

    def fixed_dig(i: int) -> None:
        rng = make_rng(i)
        play(start_state(dig, rng, 0, board), bots, rng)

    def new_dig(i: int) -> None:
        rng = make_rng(i)
        play(new_state(rng), bots, rng)

    greedy = [GreedyBot(), GreedyBot()]

    def greedy_game(i: int) -> None:
        rng = make_rng(i)
        play(start_state(dig, rng, 0, board), greedy, rng)

    base = rate(null_game, games)
    print(f"baseline null game (deal + {STEPS} draws): {base:10.0f} games/s")
    for name, fn, n in (("random bots, fixed dig", fixed_dig, games),
                        ("random bots, new random dig", new_dig, games),
                        ("greedy bots, fixed dig", greedy_game, max(1, games // 10))):
        r = rate(fn, n)
        print(f"{name:<34} {r:10.0f} games/s  = {r / base:5.3f} x baseline, "
              f"{r / TARGET:5.2f} x target {TARGET:.0f}/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
