"""Tutankhamen engine and bot speed: 4-player games per second on one core.

Plain script, not a test: ``python benchmarks/tut_play.py [GAMES]`` (run from the repository
root with ``PYTHONPATH=.`` to measure a working copy rather than the installed package).

Prints games per second for random bots (English and French rules, a new shuffled trail each
game) and greedy bots (both rules), each as a ratio against two baselines measured in the same
run: a "null game" that shuffles the 69 tiles and draws one random number per step of a real
random game, with no rules at all (the floor any engine pays), and the random bots. The greedy
bot looks ahead on copies of the state once the game can end soon (``bots_ahead``): measured
here at 0.05 x the random bots' speed (4 players), where the policy it replaced ran at 0.20 x.
Each figure is the best of several
interleaved runs, in wall-clock time and in CPU time of this process (the fairer "one core"
figure on a shared machine).
"""

from __future__ import annotations

import sys
import time

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tut.bots import GreedyBot
from generator.games.tut.model import trail_tiles
from generator.games.tut.rules import new_state

PLAYERS = 4
ROUNDS = 5


def mean_steps(variant: str, games: int = 300) -> float:
    """Decisions per random game (moves, gold and wild choices), to size the null game."""
    total = 0
    for i in range(games):
        rng = make_rng(i)
        total += play(new_state(rng, PLAYERS, variant), [RandomBot()] * PLAYERS, rng).moves
    return total / games


def games_of(bots: list, variant: str):
    def run(i: int) -> None:
        rng = make_rng(i)
        play(new_state(rng, PLAYERS, variant), bots, rng)
    return run


def best_rates(runs: dict, repeats: int = ROUNDS) -> dict:
    """{name: (wall games/s, cpu games/s)}: best of ``repeats`` runs, the kinds interleaved so
    a change in the machine's load hits every kind alike."""
    best = {name: [0.0, 0.0] for name in runs}
    for _ in range(repeats):
        for name, (fn, n) in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            for i in range(n):
                fn(i)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best[name][0] = max(best[name][0], n / wall)
            best[name][1] = max(best[name][1], n / max(cpu, 1e-9))
    return best


def main(games: int = 2000) -> None:
    steps = round(mean_steps("en"))
    tiles = trail_tiles()

    def null_game(i: int) -> None:
        rng = make_rng(i)
        deck = tiles[:]
        rng.shuffle(deck)
        for _ in range(steps):
            rng.randrange(30)

    randoms = [RandomBot()] * PLAYERS
    greedy = [GreedyBot() for _ in range(PLAYERS)]
    runs = {
        f"null game (shuffle + {steps} draws)": (null_game, games),
        "random bots, English rules": (games_of(randoms, "en"), games),
        "random bots, French rules": (games_of(randoms, "fr"), games),
        "greedy bots, English rules": (games_of(greedy, "en"), max(1, games // 5)),
        "greedy bots, French rules": (games_of(greedy, "fr"), max(1, games // 5)),
    }
    best = best_rates(runs)
    base = best[next(iter(runs))]
    rand = best["random bots, English rules"]
    print(f"{PLAYERS} players, best of {ROUNDS} interleaved runs; wall clock | CPU time")
    for name, (wall, cpu) in best.items():
        line = (f"{name:<34} {wall:8.0f} | {cpu:8.0f} games/s   "
                f"{cpu / base[1]:6.3f} x null game")
        if name.startswith("greedy"):
            line += f", {cpu / rand[1]:5.3f} x random bots"
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
