"""Tutankhamen engine speed: 4-player games per second on one core (target: 2,000 random/s).

Plain script, not a test: ``python benchmarks/tut_play.py [GAMES]``. Prints games per second
for random bots (English and French rules, a new shuffled trail each game) and greedy bots, each
as a ratio against a baseline measured here: a "null game" that shuffles the 69 tiles and draws
one random number per step of a real random game, with no rules at all (the floor any engine
pays), and against the target.
"""

from __future__ import annotations

import sys

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tut.bots import GreedyBot
from generator.games.tut.model import trail_tiles
from generator.games.tut.rules import new_state
from timing import rate  # benchmarks/timing.py (scripts run from this folder)

TARGET = 2000.0
PLAYERS = 4


def mean_steps(variant: str, games: int = 300) -> float:
    """Decisions per random game (moves, gold and wild choices), to size the null game."""
    total = 0
    for i in range(games):
        rng = make_rng(i)
        total += play(new_state(rng, PLAYERS, variant), [RandomBot()] * PLAYERS, rng).moves
    return total / games


def main(games: int = 4000) -> None:
    steps = round(mean_steps("en"))
    tiles = trail_tiles()
    bots = [RandomBot()] * PLAYERS

    def null_game(i: int) -> None:
        rng = make_rng(i)
        deck = tiles[:]
        rng.shuffle(deck)
        for _ in range(steps):
            rng.randrange(30)

    def random_game(variant: str):
        def run(i: int) -> None:
            rng = make_rng(i)
            play(new_state(rng, PLAYERS, variant), bots, rng)
        return run

    greedy = [GreedyBot() for _ in range(PLAYERS)]

    def greedy_game(i: int) -> None:
        rng = make_rng(i)
        play(new_state(rng, PLAYERS, "en"), greedy, rng)

    base = rate(null_game, games)
    print(f"baseline null game (shuffle + {steps} draws):  {base:10.0f} games/s")
    for name, fn, n in (("random bots, English rules", random_game("en"), games),
                        ("random bots, French rules", random_game("fr"), games),
                        ("greedy bots, English rules", greedy_game, max(1, games // 20))):
        r = rate(fn, n)
        print(f"{name:<36} {r:10.0f} games/s  = {r / base:5.3f} x baseline, "
              f"{r / TARGET:5.2f} x target {TARGET:.0f}/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4000)
