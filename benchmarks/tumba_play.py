"""Tutan Tumba engine speed: random-bot games per second on one core (target: at least 500/s).

Plain script, not a test: ``python benchmarks/tumba_play.py [GAMES]``. Prints games per second
for random bots (standard rules with 2, 4 and 6 players; advanced rules with a fresh Pharaoh's
Wrath setup per game) and greedy bots (standard and advanced, 4 players), each as a ratio against a baseline measured here: a
"null game" that throws three dice and draws one random choice per step of a real game, with no
rules at all (the floor any engine pays), and against the target.
"""

from __future__ import annotations

import sys

from timing import rate  # benchmarks/timing.py (scripts run from this folder)

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tumba.bots import GreedyBot
from generator.games.tumba.rules import new_state

TARGET = 500.0


def steps_of(players: int, mode: str, games: int = 200) -> int:
    """The mean number of moves of a random game (so the null game does as many steps)."""
    total = 0
    for i in range(games):
        rng = make_rng(i)
        total += play(new_state(rng, players=players, mode=mode), [RandomBot()] * players,
                      rng).moves
    return round(total / games)


def main(games: int = 2000) -> None:
    steps = steps_of(4, "standard")

    def null_game(i: int) -> None:
        rng = make_rng(i)
        for _ in range(steps):
            rng.randrange(6), rng.randrange(6), rng.randrange(6), rng.randrange(5)

    def random_game(players: int, mode: str):
        bots = [RandomBot()] * players

        def run(i: int) -> None:
            rng = make_rng(i)
            play(new_state(rng, players=players, mode=mode), bots, rng)
        return run

    def greedy_game(mode: str):
        def run(i: int) -> None:
            rng = make_rng(i)
            play(new_state(rng, players=4, mode=mode), [GreedyBot()] * 4, rng)
        return run

    base = rate(null_game, games)
    print(f"baseline null game ({steps} steps of 3 dice + a choice): {base:10.0f} games/s")
    cases = [(f"random bots, standard, {n} players", random_game(n, "standard"), games)
             for n in (2, 4, 6)]
    cases += [(f"random bots, advanced, {n} players", random_game(n, "advanced"), games // 2)
              for n in (2, 4, 6)]
    cases.append(("greedy bots, standard, 4 players", greedy_game("standard"), games // 4))
    # The advanced greedy bot weighs Seth's Trick, the re-roll and Tutan's Wrath every turn.
    cases.append(("greedy bots, advanced, 4 players", greedy_game("advanced"), games // 40))
    for name, fn, n in cases:
        r = rate(fn, max(1, n))
        print(f"{name:<36} {r:8.0f} games/s  = {r / base:5.3f} x baseline, "
              f"{r / TARGET:5.2f} x target {TARGET:.0f}/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
