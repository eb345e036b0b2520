"""Tanis engine and bot speed on one core: random bots (target at least 1,000 games/s) and
greedy bots (target at least 500 games/s).

Plain script, not a test: ``python benchmarks/tanis_play.py [GAMES]``. Prints games per second
for random bots on one fixed dig, random bots with a new dig per game, and greedy bots (fixed
dig, and a new dig per game), each as a ratio against two baselines measured here in the same
run: a "null game" that deals the 40 tiles and draws one random number per step of a real game,
with no rules at all (the floor any engine pays), and the random bots on the same digs (the
greedy bots' cost over the engine's). Runs are interleaved and the best of several is kept, so a
busy machine slows every line alike.
"""

from __future__ import annotations

import sys

from timing import rate  # benchmarks/timing.py (scripts run from this folder)

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tanis.bots import GreedyBot
from generator.games.tanis.generate import generate_dig
from generator.games.tanis.rules import Board, deal, new_state, start_state

TARGETS = {"random": 1000.0, "greedy": 500.0}
STEPS = 48  # about the number of steps of a random game


def main(games: int = 2000) -> None:
    dig = generate_dig(make_rng(1), "random")
    board = Board(dig)

    def null_game(i: int) -> None:
        rng = make_rng(i)
        deal(rng, 40)
        for _ in range(STEPS):
            rng.randrange(12)

    def fixed(bot):
        bots = [bot(), bot()]

        def run(i: int) -> None:
            rng = make_rng(i)
            play(start_state(dig, rng, 0, board), bots, rng)
        return run

    def new(bot):
        bots = [bot(), bot()]

        def run(i: int) -> None:
            rng = make_rng(i)
            play(new_state(rng), bots, rng)
        return run

    cases = (("random", "fixed dig", fixed(RandomBot)), ("greedy", "fixed dig", fixed(GreedyBot)),
             ("random", "new random dig", new(RandomBot)),
             ("greedy", "new random dig", new(GreedyBot)))
    best = dict.fromkeys(("null",) + tuple(f"{b}, {d}" for b, d, _ in cases), 0.0)
    for _ in range(3):                       # interleaved rounds: load hits every case alike
        best["null"] = max(best["null"], rate(null_game, games, repeats=1))
        for bot, where, fn in cases:
            key = f"{bot}, {where}"
            best[key] = max(best[key], rate(fn, games // 4 if bot == "greedy" else games,
                                            repeats=1))
    base = best["null"]
    print(f"baseline null game (deal + {STEPS} draws): {base:10.0f} games/s")
    for bot, where, _ in cases:
        r = best[f"{bot}, {where}"]
        line = (f"{bot + ' bots, ' + where:<30} {r:8.0f} games/s  = {r / base:5.3f} x baseline, "
                f"{r / TARGETS[bot]:5.2f} x target {TARGETS[bot]:.0f}/s")
        if bot == "greedy":
            line += f", {r / best['random, ' + where]:5.3f} x random bots"
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
