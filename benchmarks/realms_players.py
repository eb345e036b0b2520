"""Hidden Realms players: strength and speed of every player of ``bots.BOTS`` on one map.

Plain script, not a test: ``python benchmarks/realms_players.py [GAMES] [--map NAME] [--jobs N]
[--players a,b]``. For each player, GAMES solo games (default 500; game i's dice from
``derive_seed(1, i)``, as ``realms simulate --seed 1``): median with its 95% interval, p10, p90,
mean, and each scoring line's mean against the most that line can give on the map (from the
map's contents; the Mummy line has no such cap, so its hits are shown instead). Speed is games
per second in one process, timed on a sample of the same games (so --jobs does not change it),
with the ratio to the greedy player measured in the same run. Target on map-1: the planner's
median >= 120.
"""

from __future__ import annotations

import statistics
import sys
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.core.play import percentile, run_games
from generator.core.stats import median_interval
from generator.games.realms.bots import BOTS, DEFAULT_PLAYER, RATING_PLAYER
from generator.games.realms.mapfile import load_map
from generator.games.realms.rating import current_executor, rating_executor
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.scoring import LINES
from generator.games.realms.simulate import play_one

SEED = 1
SPEED_SAMPLE = {"random": 200, "greedy": 200, "planner": 12}


def line_caps(m) -> dict[str, float | None]:
    """The most each scoring line can give on ``m`` (None: no cap from the map alone). Keys
    limit zombies and mimics together; each line's cap assumes the keys all go to it."""
    kinds = [f.kind for f in m.findings]
    rooms = [r.content for r in m.rooms]
    sc = RULES.scoring
    keys = kinds.count("key") + RULES.column_keys * RULES.ncolumns
    keys += RULES.item_uses if "skeleton-key" in kinds else 0
    oozes = min(kinds.count("ooze"), RULES.cap_oozes)
    pairs = sum(1 for k in kinds if k.startswith("golem-") and "gem-" + k[6:] in rooms)
    items = sum(1 for k in kinds if k in RULES.items)
    return {"oozes-skeletons": oozes * oozes,
            "zombies": sc["zombies"][min(rooms.count("sarcophagus"), keys, 4)],
            "golems": sc["golems"][min(pairs, 4)],
            "mimics": sc["mimic"] * min(kinds.count("mimic"), keys),
            "mummy": None, "magic-items": sc["magic_item"] * items, "leftovers": None,
            "entrances": sc["entrances"][RULES.entrances],
            "remaining-openings": 0, "open-entrances": 0, "open-rooms": 0}


def game_lines(m, player: str, game_seed: int) -> tuple[dict, int]:
    """One game's scoring lines and its number of Mummy hits."""
    state = play_one(m, game_seed, player)
    return state.lines(), len(state.sheets[0].hits)


def strength(m, player: str, games: int, executor) -> dict:
    results = run_games(partial(game_lines, m, player), games, SEED, executor)
    totals = [sum(lines.values()) for lines, _ in results]
    means = {k: statistics.fmean(lines[k] for lines, _ in results) for k in LINES}
    lo, hi = median_interval(totals)
    return {"median": statistics.median(totals), "interval": (lo, hi),
            "p10": percentile(totals, 10), "p90": percentile(totals, 90),
            "mean": statistics.fmean(totals), "lines": means,
            "hits": statistics.fmean(h for _, h in results)}


def speed(m, player: str) -> float:
    n = SPEED_SAMPLE.get(player, 20)
    start = time.perf_counter()
    for i in range(n):
        play_one(m, 10_000 + i, player)
    return n / (time.perf_counter() - start)


def report(m, player: str, st: dict, rate: float, greedy_rate: float) -> None:
    lo, hi = st["interval"]
    role = [r for r, name in (("default", DEFAULT_PLAYER), ("rating", RATING_PLAYER))
            if name == player]
    print(f"\n{player}{' (' + ', '.join(role) + ' player)' if role else ''}: median "
          f"{st['median']:g} (95% {lo:g}-{hi:g}), p10 {st['p10']:.1f}, p90 {st['p90']:.1f}, "
          f"mean {st['mean']:.1f}; {rate:.1f} games/s ({rate / greedy_rate:.2f}x greedy)")
    caps = line_caps(m)
    for key, mean in st["lines"].items():
        cap = caps[key]
        if key == "mummy":
            tail = f"{st['hits']:.2f} of {RULES.mummy_rows} hits"
        elif cap is None:
            tail = ""
        elif cap == 0:
            tail = "best 0"
        else:
            tail = f"of {cap:g} ({mean / cap:.0%})"
        print(f"  {mean:8.2f}  {LINES[key]:<55} {tail}")


def main() -> None:
    args = sys.argv[1:]
    games = int(next((a for a in args if a.isdigit()), 500))
    name = args[args.index("--map") + 1] if "--map" in args else "map-1"
    jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 1
    players = (args[args.index("--players") + 1].split(",") if "--players" in args
               else list(BOTS))
    m = load_map(name)
    print(f"{games} games per player on {name} (seed {SEED}), speed in one process")
    greedy_rate = speed(m, "greedy")
    with rating_executor(jobs):
        for player in players:
            st = strength(m, player, games, current_executor())
            rate = greedy_rate if player == "greedy" else speed(m, player)
            report(m, player, st, rate, greedy_rate)


if __name__ == "__main__":
    main()
