"""Hidden Realms generated maps against the four hand-made ones: coins, keys, stone, shapes,
where findings lie — and, with ``--rate``, how the bot rates them.

Plain script, not a test: ``python benchmarks/realms_maps.py [--maps N] [--rate GAMES]``.
For each difficulty level it generates N maps (default 100, sizes as the level draws them) and
prints, next to the hand-made maps (maps/realms/):
  - coins and keys on the map, also per 144 squares (Map 1's area);
  - stone share, the shapes of the stone blocks (how many kinds a map has, and which), dead
    ends, corridor squares, rooms' quarters;
  - keys and mimics in hideouts, golem-to-gem walk (share of the map's longest walk);
  - milliseconds per generated map (and the ratio to reading and validating a hand-made map,
    measured in the same run).
With ``--rate G`` each map is also rated with G bot games: par (median, with its 95% interval
over maps) and the share of each label (with Wilson intervals).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.core.rng import make_rng
from generator.core.stats import mean_interval, proportion_interval
from generator.games.realms.generate import LEVELS, generate_map
from generator.games.realms.generate.stats import SHAPES, measure
from generator.games.realms.mapfile import builtin_maps, load_map


def row(name: str, stats: list) -> str:
    """One line of the table: means (and ranges) of the measures over ``stats``."""
    def rng(values):
        return f"{min(values):g}-{max(values):g}"

    def mean(values, digits=2):
        return f"{statistics.fmean(values):.{digits}f}"

    coins = [s.coins for s in stats]
    keys = [s.keys for s in stats]
    per = [s.coins * 144 / s.area for s in stats]
    kper = [s.keys * 144 / s.area for s in stats]
    return (f"{name:<10} {len(stats):>4}  coins {mean(coins, 1):>5} ({rng(coins):>5})"
            f"  /144 {mean(per, 1):>4}  keys {mean(keys, 1):>3} ({rng(keys)}) /144 {mean(kper)}"
            f"  stone {mean([s.stone_share for s in stats], 3)} "
            f"({rng([round(s.stone_share, 3) for s in stats])})"
            f"  kinds {mean([s.variety for s in stats], 1)}"
            f"  dead-ends {mean([s.dead_ends for s in stats], 1)}"
            f"  corridor {mean([s.corridor_share for s in stats], 3)}"
            f"  quarters {mean([s.room_quarters for s in stats], 1)}"
            f"  tucked {mean([s.tucked for s in stats])}"
            f"  golem-gem {mean([s.golem_gem for s in stats])}")


def shapes(name: str, stats: list) -> str:
    counts = Counter(s for st in stats for s in st.shapes)
    total = sum(counts.values()) or 1
    parts = [f"{k} {100 * counts[k] / total:.0f}%" for k in (*SHAPES, "domino", "single")
             if counts[k]]
    return f"{name:<10} shapes of {total} blocks: " + ", ".join(parts)


def rating_line(level: str, maps: list, games: int) -> str:
    from generator.games.realms.rating import rate

    pars, labels = [], Counter()
    for i, m in enumerate(maps):
        r = rate(m, games, i)
        pars.append(r.par)
        labels[r.label] += 1
    lo, hi = mean_interval(pars)
    parts = []
    for label in LEVELS:
        a, b = proportion_interval(labels[label], len(maps))
        parts.append(f"{label} {labels[label]}/{len(maps)} ({100 * a:.0f}-{100 * b:.0f}%)")
    return (f"{level:<10} par mean {statistics.fmean(pars):.1f} (95% {lo:.1f}-{hi:.1f}), "
            f"median {statistics.median(pars):g}; labels: " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=100, help="maps per level (default 100)")
    parser.add_argument("--rate", type=int, default=0, metavar="GAMES",
                        help="also rate every map with GAMES bot games (slow)")
    args = parser.parse_args()

    generate_map(make_rng(0))                 # warm up: data files read, caches filled
    start = time.perf_counter()
    loaded = [load_map(n) for n in builtin_maps()]
    base = (time.perf_counter() - start) / len(loaded)
    hand = [measure(m) for m in loaded]
    print(f"measures per map; hand-made: {', '.join(builtin_maps())}")
    print(row("hand-made", hand))
    made: dict[str, list] = {}
    for level in LEVELS:
        start = time.perf_counter()
        made[level] = [generate_map(make_rng(seed), level=level)[0] for seed in range(args.maps)]
        per = (time.perf_counter() - start) / args.maps
        print(row(level, [measure(m) for m in made[level]])
              + f"  {1000 * per:.1f} ms/map ({per / base:.1f} x loading a hand-made map)")
    print()
    print(shapes("hand-made", hand))
    for level in LEVELS:
        print(shapes(level, [measure(m) for m in made[level]]))
    if args.rate:
        print(f"\nratings ({args.rate} bot games a map; labels against map-1's stored par):")
        for level in LEVELS:
            print(rating_line(level, made[level], args.rate))


if __name__ == "__main__":
    main()
