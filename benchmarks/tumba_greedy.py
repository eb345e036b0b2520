"""Tutan Tumba greedy bot: how it does against the bot it replaced, what Seth's Trick brings it,
whether it takes the tomb entries it is offered, and how fast it plays.

Plain script, not a test: ``python benchmarks/tumba_greedy.py [--seeds N] [--parts ...]``
(run from the checkout; the old bot is ``tests/games/tumba/reference_greedy.py``). Parts:

* ``strength``: two-player games of the greedy bot against the old one, standard and advanced
  rules; seed ``i`` is played twice, the new bot in either seat, so the seats even out. Target:
  the new bot wins at least 55% of the finished games.
* ``seth``: the same pairing, advanced rules, against the greedy bot that never plays Seth's
  Trick (it is played only when it gains: at least even), and how many of its Seth's Tricks are
  followed by an entry in the same turn.
* ``entries``: on an empty standard board, the rolls that offer a tomb entry and how many of
  them each bot plays elsewhere.
* ``speed``: games per second of four greedy bots and of two, advanced rules (a fresh Pharaoh's
  Wrath setup per game), old and new bots interleaved, best of three; per wall-clock second and
  per second of this process's CPU time (a busy machine slows the first more). Target: at least
  100 games/s on one core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from games.tumba.reference_greedy import OldGreedyBot  # noqa: E402
from games.tumba.tumba_helpers import position  # noqa: E402

from generator.core.play import play  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.core.stats import proportion_interval  # noqa: E402
from generator.games.tumba.bots import GreedyBot  # noqa: E402
from generator.games.tumba.generate import advanced_setup  # noqa: E402
from generator.games.tumba.model import standard_layout  # noqa: E402
from generator.games.tumba.moves import Golden, Place, Seth  # noqa: E402
from generator.games.tumba.rules import State, new_state  # noqa: E402
from generator.games.tumba.rules_roll import all_rolls  # noqa: E402

STRENGTH_TARGET = 0.55
SPEED_TARGET = 100.0


class NoSethGreedy(GreedyBot):
    """The greedy bot that never plays Seth's Trick."""

    name = "greedy-no-seth"

    def score(self, state, move, look=None):
        return 0.0 if type(move) is Seth else super().score(state, move, look)


def duel(mode: str, seeds: int, new, old) -> dict:
    """Two-player games, each seed with the new bot in either seat."""
    wins = finished = seth = seth_entered = 0
    for seed in range(seeds):
        for seat in (0, 1):
            rng = make_rng(seed)
            layout = advanced_setup(rng, 2).lines if mode == "advanced" else standard_layout()
            state = State(2, layout, mode, None, seed=rng.getrandbits(32))
            seats = [old(), old()]
            seats[seat] = new()
            watch = None
            while not state.is_over() and state.turn <= 3000:
                move = seats[state.current].choose(state, rng)
                if state.current == seat and type(move) is Seth:
                    seth += 1
                    watch = (state.turn, state.tomb[seat])
                state.apply(move)
                if watch and (state.turn != watch[0] or state.is_over()):
                    seth_entered += state.tomb[seat] > watch[1]
                    watch = None
            if state.winner >= 0:
                finished += 1
                wins += state.winner == seat
    return {"wins": wins, "finished": finished, "seth": seth, "seth_entered": seth_entered}


def report(label: str, result: dict, target: float) -> None:
    wins, n = result["wins"], result["finished"]
    low, high = proportion_interval(wins, n)
    share = wins / n if n else 0.0
    verdict = "reached" if share >= target else "NOT reached"
    print(f"{label:<44} {wins:5d} of {n:5d} = {share:6.1%} (95%: {low:.1%}-{high:.1%}); "
          f"target {target:.0%}: {verdict}")


def part_strength(seeds: int) -> None:
    for mode in ("standard", "advanced"):
        report(f"new greedy vs old, two players, {mode}", duel(mode, seeds, GreedyBot,
                                                                OldGreedyBot), STRENGTH_TARGET)


def part_seth(seeds: int) -> None:
    result = duel("advanced", seeds, GreedyBot, NoSethGreedy)
    report("greedy vs greedy without Seth's Trick", result, 0.5)
    print(f"  Seth's Trick played {result['seth']} times; followed by an entry in the same "
          f"turn {result['seth_entered']} times")


def part_entries() -> None:
    for bot in (OldGreedyBot, GreedyBot):
        offered = skipped = 0
        for dice in all_rolls():
            state = position(dice=dice)
            entries = [m for m in state.legal_moves() if type(m) is Golden or (
                type(m) is Place and any(state.board.passage[n] for n in m.lines))]
            if not entries:
                continue
            offered += 1
            if bot().choose(state, make_rng(1)) not in entries:
                skipped += 1
        print(f"{bot.name:<12} empty board: {offered} rolls offer an entry (6 triples among "
              f"them), {skipped} played elsewhere")


def games_per_second(bot, players: int, games: int) -> tuple[float, float]:
    """(games per wall second, per CPU second) of ``games`` advanced games."""
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        rng = make_rng(i)
        play(new_state(rng, players=players, mode="advanced"), [bot()] * players, rng)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def part_speed(games: int) -> None:
    load = os.getloadavg()[0]
    print(f"speed on {os.cpu_count()} CPU(s), load {load:.1f} (best of 3, interleaved)")
    for players in (4, 2):
        best: dict = {}
        for _ in range(3):
            for bot, n in ((OldGreedyBot, max(1, games // 4)), (GreedyBot, games)):
                wall, cpu = games_per_second(bot, players, n)
                old = best.get(bot.name, (0.0, 0.0))
                best[bot.name] = (max(old[0], wall), max(old[1], cpu))
        new_wall, new_cpu = best[GreedyBot.name]
        old_wall, old_cpu = best[OldGreedyBot.name]
        verdict = "reached" if new_cpu >= SPEED_TARGET else "NOT reached"
        print(f"advanced greedy, {players} players: new {new_wall:6.1f} games/s wall, "
              f"{new_cpu:6.1f} per CPU s; old {old_wall:5.1f} wall, {old_cpu:5.1f} per CPU s; "
              f"new/old {new_cpu / old_cpu:4.1f}x; target {SPEED_TARGET:.0f}/s: {verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=500,
                        help="seeds per pairing (each played twice): default 500")
    parser.add_argument("--games", type=int, default=40, help="games per speed run")
    parser.add_argument("--parts", nargs="+", default=["entries", "strength", "seth", "speed"],
                        choices=["entries", "strength", "seth", "speed"])
    args = parser.parse_args(argv)
    for part in args.parts:
        if part == "entries":
            part_entries()
        elif part == "strength":
            part_strength(args.seeds)
        elif part == "seth":
            part_seth(args.seeds)
        else:
            part_speed(args.games)


if __name__ == "__main__":
    main()
