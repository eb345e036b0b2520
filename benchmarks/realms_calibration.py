"""Hidden Realms calibration: what the assumed stocking and coin rewards make of Map 1, against
the rulebook's own figures (its worked game scores 134; its achievements, at 180 points each,
are offered as a challenge).

Plain script, not a test: ``python benchmarks/realms_calibration.py [GAMES] [--map NAME]
[--players a,b] [--jobs N] [--rewards OOZE,SKELETON,ZOMBIE,GOLEM,MIMIC]``. For each player
(default: the default player and the rating player), GAMES solo games (default 400; game i's
dice from ``derive_seed(1, i)``, as ``realms simulate --seed 1``): median with its 95%
interval, p10 and p90, the mean of each scoring line next to the rulebook's worked game, and how
often each achievement is earned (with its 95% interval; target: under half the games for the
default player). ``--rewards`` plays with other coin rewards than ``seeds/realms.toml``'s, in
this process only (``--jobs 1``), to compare choices before one is written there.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.games.realms.bots import DEFAULT_PLAYER, RATING_PLAYER
from generator.games.realms.rating import current_executor, rating_executor
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.holdings import achievement_name
from generator.games.realms.rules.scoring import LINES
from generator.games.realms.simulate import simulate

SEED = 1
#: the rulebook's scoring example, line by line (its total is 134)
RULEBOOK = {"oozes-skeletons": 9, "zombies": 20, "golems": 20, "mimics": 24, "mummy": 45,
            "magic-items": 15, "leftovers": 5, "entrances": 5, "remaining-openings": 0,
            "open-entrances": -6, "open-rooms": -3}
MONSTERS = ("ooze", "skeleton", "zombie", "golem", "mimic")


def main() -> None:
    args = sys.argv[1:]

    def opt(name: str, default: str) -> str:
        return args[args.index(name) + 1] if name in args else default

    games = int(next((a for a in args if a.isdigit() and args[args.index(a) - 1][:2] != "--"),
                     400))
    name = opt("--map", "map-1")
    jobs = int(opt("--jobs", "1"))
    players = opt("--players", f"{DEFAULT_PLAYER},{RATING_PLAYER}").split(",")
    if "--rewards" in args:
        if jobs != 1:
            raise SystemExit("--rewards changes this process only: use --jobs 1")
        values = [int(v) for v in opt("--rewards", "").split(",")]
        RULES.monster_coins.update(dict(zip(MONSTERS, values)))
    rewards = ", ".join(f"{m} {RULES.monster_coins[m]}" for m in MONSTERS)
    print(f"{games} games per player on {name} (seed {SEED}); coin rewards: {rewards}; "
          f"the rulebook's worked game: {sum(RULEBOOK.values())}")
    with rating_executor(jobs):
        for player in players:
            start = time.perf_counter()
            doc = simulate(name, games, SEED, (player,), executor=current_executor())
            seat = doc["seats"][0]
            st = seat["score"]
            lo, hi = st["median_interval"]
            print(f"\n{player}: median {st['median']:g} (95% {lo:g}-{hi:g}), p10 {st['p10']:g}, "
                  f"p90 {st['p90']:g}, mean {st['mean']:g} "
                  f"({time.perf_counter() - start:.0f} s)")
            print(f"  {'mean':>7} {'rulebook':>8}  scoring line")
            for key, line in seat["lines"].items():
                print(f"  {line['mean']:>7} {RULEBOOK[key]:>8}  {LINES[key]}")
            print("  achievements earned (95% interval):")
            for code, r in seat["achievements"].items():
                a, b = r["interval"]
                print(f"  {100 * r['rate']:6.1f}%  ({100 * a:.1f}-{100 * b:.1f}%)  "
                      f"{achievement_name(code)}")


if __name__ == "__main__":
    main()
