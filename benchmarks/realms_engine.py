"""Hidden Realms engine speed on map-1: legal-move generation, bot games/s, random games/s.

Plain script, not a test: ``python benchmarks/realms_engine.py [GAMES]``. Target: at least 100
bot games per second on one core. Baselines measured here:
  - tile candidates: the engine's generator (only orientations lining an opening up with a
    remaining opening) against a full scan that tries every shape, turn and square with the
    same rule check;
  - games: the bot and the random player against the target, and against each other.
"""

from __future__ import annotations

import sys
import time

from generator.core.errors import RuleError
from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.realms.bots import GreedyBot
from generator.games.realms.mapfile import load_map
from generator.games.realms.rules import SeededDice, State
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.legal import fits, legal_moves

TARGET = 100.0


def snapshots(m, games: int = 20):
    """States seen along bot games, replayed into fresh states (not copied)."""
    out = []
    for seed in range(games):
        state = State(m, SeededDice(seed))
        play(state, [GreedyBot()], make_rng(seed))
        for cut in range(5, len(state.history), 7):
            again = State(m, SeededDice(seed))
            for _, move in state.history[:cut]:
                again.apply(move)
            if not again.is_over():
                out.append(again.sheets[0])
    return out


def full_scan(sheet, v: int) -> int:
    b, found = sheet.board, 0
    for code in RULES.rows[v]:
        for turn in range(8):
            tm = b.masks[(code, turn)]
            for y in range(b.h - tm.h + 1):
                for x in range(b.w - tm.w + 1):
                    try:
                        sheet.check_fit(tm, x, y)
                        found += 1
                    except RuleError:
                        pass
    return found


def per_call(fn, items, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def games_per_second(m, player, games: int) -> tuple[float, float]:
    start, total = time.perf_counter(), 0.0
    for seed in range(games):
        state = State(m, SeededDice(seed))
        play(state, [player], make_rng(seed))
        total += state.scores()[0]
    return games / (time.perf_counter() - start), total / games


def main(games: int = 300) -> None:
    m = load_map("map-1")
    sheets = snapshots(m)
    gen = per_call(lambda s: [fits(s, s.board.by_side[v]) for v in range(1, 7)], sheets)
    scan = per_call(lambda s: [full_scan(s, v) for v in range(1, 7)], sheets[::5], 1)
    full = per_call(legal_moves, sheets)
    print(f"states sampled from bot games: {len(sheets)}")
    print(f"tile candidates, all 6 die values: {gen:8.1f} us per state "
          f"(full scan {scan:8.1f} us: {scan / gen:5.1f}x faster)")
    print(f"legal_moves() (every move, tools included): {full:8.1f} us per state")
    bot_rate, bot_mean = games_per_second(m, GreedyBot(), games)
    rnd_rate, rnd_mean = games_per_second(m, RandomBot(), games)
    print(f"bot games:    {bot_rate:7.1f}/s (target {TARGET:.0f}/s: {bot_rate / TARGET:4.2f}x), "
          f"mean score {bot_mean:6.1f}")
    print(f"random games: {rnd_rate:7.1f}/s ({rnd_rate / bot_rate:4.2f}x the bot), "
          f"mean score {rnd_mean:6.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
