"""Hidden Realms rating: does the rating player rank maps like the planner, are labels stable
across dice seeds, do the levels come out at every size, how many plain sheets are labelled,
and what does a rated random-map sheet cost?

Plain script, not a test: ``python benchmarks/realms_rating.py [--maps N] [--planner-games G]
[--jobs J] [--rate-games G] [--sheets N] [--size WxH] [--parts spearman,stability,sheet,labels,
hard,levels,levelpars,sheetpar,stabilitycap]``. The maps are N generated maps (default 50; map
i made from ``derive_seed(77, i)`` with a random level and size, as ``realms map`` makes them).

- spearman: par (median score) of the planner over G games (default 300) and of the rating
  player over 400 games on every map; Spearman's rank correlation between the two lists
  (target >= 0.9), also with the planner's first 100, 200, ... games only (the planner's
  own noise lowers the correlation), and both pars of every map. When the rating player is
  the planner itself this part is skipped.
- stability: every map rated as ``realms rate`` does (sequential, ``[rating] rate_games`` at
  most, or ``--rate-games G`` as ``realms rate --games G``) with seeds 1 and 2; the share of maps
  given the same label both times (target >= 95%) with its 95% interval, the labels seen and
  the games the ratings took.
- sheet: ``realms sheet --map random`` (``[generate] sheet_games``) built in this process at
  --jobs 1 for 20 seeds: seconds for generation + rating and for the whole sheet (render
  included), against the same sheets unrated (``--games 0``) measured in the same run, and the
  CPU time of the whole rated sheet.
- labels: ``--sheets`` plain random-map sheets (default 30; no --difficulty, the command's
  default games): how many come out labelled (target: at most 1 in 6 borderline or unrated).
- hard: ``realms sheet --map random --difficulty hard`` against a map-1 sheet, side by side
  for 10 seeds, as commands (a fresh process each) and built in this process: medians and
  their ratio (targets: at most 3 s and 12 x).
- levels: for each difficulty and each of the sizes 12x12, 14x14 and 16x16, 5 requests of
  ``realms sheet --map random --difficulty L --size S`` (``[generate] difficulty_games`` a
  map): how many found a map, how many rated maps each took, and how long.
- levelpars: for each level, the pars of 8 maps made toward it at one size (``--size``,
  default 14x14; 100 games each) against that size's bands.
- sheetpar: how far a random-map sheet's par (its default games, and 40) lies from a 400-game
  par of the same map (not in the default parts).
- stabilitycap: what ``--games`` the stability target would need. Each map's 400 games of the
  rating player stand for the map; a rating draws its games from them at random (with
  replacement) and decides as ``realms rate`` does (the same looks, interval and bands). Four
  pairs of such ratings per map, for several caps: the share of pairs with the same label and
  the games the ratings took (not in the default parts).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections import Counter
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.core.play import run_games
from generator.core.rng import derive_seed, make_rng
from generator.core.stats import proportion_interval
from generator.games.realms.bots import RATING_PLAYER
from generator.games.realms.generate import generate_map
from generator.games.realms.model import data
from generator.games.realms.rating import current_executor, player_score, rate, rating_executor


def maps(n: int) -> list:
    return [generate_map(make_rng(derive_seed(77, i)))[0] for i in range(n)]


def scores_of(ms: list, player: str, games: int) -> list[list[float]]:
    """Final scores of ``games`` games of ``player`` on each map (map i: dice seed 5000 + i, so
    the first G of more games are the games of a G-game run)."""
    return [run_games(partial(player_score, m, player), games, 5000 + i, current_executor())
            for i, m in enumerate(ms)]


def pars(ms: list, player: str, games: int) -> list[float]:
    return [statistics.median(s) for s in scores_of(ms, player, games)]


def ranks(values: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den


def part_spearman(ms: list, planner_games: int) -> None:
    if RATING_PLAYER == "planner":
        print("spearman: the rating player is the planner itself (nothing to compare)")
        return
    start = time.perf_counter()
    played = scores_of(ms, "planner", planner_games)
    strong = [statistics.median(s) for s in played]
    fast = pars(ms, RATING_PLAYER, 400)
    print(f"spearman over {len(ms)} maps: planner ({planner_games} games each) vs "
          f"{RATING_PLAYER} (400 games each): {spearman(strong, fast):.3f} (target >= 0.9); "
          f"planner pars {min(strong):g}-{max(strong):g}, {RATING_PLAYER} pars "
          f"{min(fast):g}-{max(fast):g} ({time.perf_counter() - start:.0f} s)")
    # the planner's pars are noisy too (fewer games), which pulls the correlation down: the
    # same comparison on the first 100, 200, ... of its games shows how much
    for part in range(100, planner_games, 100):
        fewer = [statistics.median(s[:part]) for s in played]
        print(f"  with the planner's first {part} games only: {spearman(fewer, fast):.3f}")
    for i, (a, b) in enumerate(zip(strong, fast)):
        print(f"  map {i}: planner {a:g}, {RATING_PLAYER} {b:g}")


def part_stability(ms: list, games: int) -> None:
    start = time.perf_counter()
    first = [rate(m, games, 1) for m in ms]
    second = [rate(m, games, 2) for m in ms]
    same = sum(a.label == b.label for a, b in zip(first, second))
    lo, hi = proportion_interval(same, len(ms))
    labels = Counter(r.label for r in first + second)
    used = [r.games for r in first + second]
    print(f"stability over {len(ms)} maps (seeds 1 and 2, at most {games} games): same label "
          f"{same}/{len(ms)} = {same / len(ms):.1%} (95% {lo:.1%}-{hi:.1%}; target >= 95%); "
          f"labels {dict(labels)}; games per rating median {statistics.median(used):g}, "
          f"mean {statistics.fmean(used):.0f}, max {max(used)} "
          f"({time.perf_counter() - start:.0f} s)")
    for i, (a, b) in enumerate(zip(first, second)):
        if a.label != b.label:
            print(f"  map {i}: {a.label} (par {a.par:g}, {a.games} games) vs {b.label} "
                  f"(par {b.par:g}, {b.games} games)")


def part_sheet(seeds: int = 20) -> None:
    from generator.draw.svg import page_to_svg
    from generator.produce import build, item_pdf

    sheet_games = data()["generate"]["sheet_games"]
    rows = []
    for seed in range(seeds):
        row = []
        for games in (0, None):              # unrated, then rated as the command's default
            opts = {"map": "random", "rating_games": games}
            t0, c0 = time.perf_counter(), time.process_time()
            (built,) = build("realms", "sheet", seed, options=opts, render=False)
            t1, c1 = time.perf_counter(), time.process_time()
            (built,) = build("realms", "sheet", seed, options=opts)
            t2, c2 = time.perf_counter(), time.process_time()
            for page in built.pages:
                page_to_svg(page)
            item_pdf(built)
            t3, c3 = time.perf_counter(), time.process_time()
            row.append((t1 - t0, (t1 - t0) + (t3 - t2), built.item.rating,
                        (c1 - c0) + (c3 - c2)))
        rows.append(row)
    base = [r[0][1] for r in rows]
    gen = [r[1][0] for r in rows]
    whole = [r[1][1] for r in rows]
    games = [r[1][2].games for r in rows]
    cpu = [r[1][3] for r in rows]
    print(f"rated random-map sheet over {seeds} seeds (--jobs 1, at most {sheet_games} games): "
          f"generation + rating mean {statistics.fmean(gen):.3f} s (max {max(gen):.3f}); whole "
          f"sheet (SVG and PDF) mean {statistics.fmean(whole):.3f} s (max {max(whole):.3f}; "
          f"target <= 0.5 s); unrated sheet mean {statistics.fmean(base):.3f} s: rating adds "
          f"{statistics.fmean(whole) / statistics.fmean(base):.2f}x; games per rating median "
          f"{statistics.median(games):g}, labels {dict(Counter(r[1][2].label for r in rows))}")
    # CPU seconds of this process: what the sheet costs on an idle core (wall time above also
    # counts waiting for a core while other work runs)
    print(f"  CPU time of the whole rated sheet: mean {statistics.fmean(cpu):.3f} s "
          f"(max {max(cpu):.3f})")


def part_sheetpar(seeds: int = 20, reference: int = 400) -> None:
    """How far the par printed on a random-map sheet (its default games) lies from the par of
    ``reference`` games of the same map with other dice, for the seeds of the sheet part; the
    same with ``difficulty_games`` for comparison."""
    from generator.games.realms.rating import play_scores
    from generator.produce import build

    gen = data()["generate"]
    errors: dict[int, list[float]] = {gen["sheet_games"]: [], gen["difficulty_games"]: []}
    for seed in range(seeds):
        par = None
        for games, errs in errors.items():
            (built,) = build("realms", "sheet", seed, render=False,
                             options={"map": "random", "rating_games": games})
            if par is None:                 # the same map whatever the games
                par = statistics.median(play_scores(built.item.map, reference, 777))
            errs.append(abs(built.item.rating.par - par))
    for games, errs in errors.items():
        print(f"sheet par with {games} games against {reference} games over {seeds} sheets: "
              f"mean distance {statistics.fmean(errs):.1f}, root mean square "
              f"{statistics.fmean(e * e for e in errs) ** 0.5:.1f}, max {max(errs):g}")


def part_levels(seeds: int = 5, sizes: tuple[str, ...] = ("12x12", "14x14", "16x16")) -> None:
    """How reliably ``--difficulty`` finds a map of each label at each size (``realms sheet
    --map random --difficulty L --size S``, its default games), how many rated maps it takes
    and how long."""
    from generator.core.errors import RuleError
    from generator.games.realms.model import LEVELS
    from generator.games.realms.products import make_map

    games = data()["generate"]["difficulty_games"]
    for size in sizes:
        for level in LEVELS:
            start, found, tried = time.perf_counter(), 0, []
            for seed in range(seeds):
                try:
                    made = make_map(make_rng(derive_seed(91, seed)), size, level, games)
                except RuleError:
                    tried.append(data()["generate"]["rating_attempts"])
                    continue
                found += 1
                tried.append(made.rated)
            print(f"--difficulty {level} --size {size}: found {found}/{seeds}, rated maps per "
                  f"request median {statistics.median(tried):g} (max {max(tried)}), "
                  f"{(time.perf_counter() - start) / seeds:.2f} s per request", flush=True)


def part_levelpars(count: int = 8, games: int = 100, size: str = "14x14") -> None:
    """Where each level's maps land at one size: the par of ``count`` maps of each level made
    toward it as ``realms map --difficulty L --size S`` lays them out (map i from
    ``derive_seed(901, i)``, par over ``games`` games with dice seed 5000 + i), against the
    bands of that size."""
    from generator.games.realms.generate import aim_par, parse_size, predict_par
    from generator.games.realms.model import LEVELS
    from generator.games.realms.rating import bands, play_scores

    dims = parse_size(size)
    b = bands(dims)
    print(f"levels at {size}: bands hard below {b.low:g}, easy from {b.high:g}")
    for level in LEVELS:
        made = [generate_map(make_rng(derive_seed(901, i)), dims, level, aim=True)[0]
                for i in range(count)]
        ps = [statistics.median(play_scores(m, games, 5000 + i)) for i, m in enumerate(made)]
        guess = [predict_par(m) for m in made]
        print(f"  {level}: aim {aim_par(level, dims):.0f}; pars of {count} maps ({games} games "
              f"each) {min(ps):g}-{max(ps):g}, median {statistics.median(ps):g}; predicted "
              f"median {statistics.median(guess):.0f}; by band {dict(Counter(b.band(p) for p in ps))}; "
              f"all: " + " ".join(f"{p:g}" for p in ps), flush=True)


def part_labels(seeds: int = 30) -> None:
    """How many plain random-map sheets (``realms sheet --map random``, no --difficulty, the
    command's default games) come out labelled (target: at most 1 in 6 borderline or unrated),
    and how long each takes (generation and rating, in this process)."""
    from generator.produce import build

    labels, times, games = Counter(), [], []
    for seed in range(seeds):
        start = time.perf_counter()
        (built,) = build("realms", "sheet", seed, render=False,
                         options={"map": "random", "rating_games": None})
        times.append(time.perf_counter() - start)
        r = built.item.rating
        labels[r.label if r else "unrated"] += 1
        games.append(r.games if r else 0)
    unlabelled = labels["borderline"] + labels["unrated"]
    lo, hi = proportion_interval(unlabelled, seeds)
    print(f"plain random-map sheets over {seeds} seeds: labels {dict(labels)}; unlabelled "
          f"{unlabelled}/{seeds} = {unlabelled / seeds:.1%} (95% {lo:.0%}-{hi:.0%}; target at "
          f"most 1 in 6); games per rating median {statistics.median(games):g}; seconds per "
          f"sheet (without rendering) median {statistics.median(times):.2f}, max "
          f"{max(times):.2f}")


def part_hard(seeds: int = 10) -> None:
    """Seconds of ``tombgen realms sheet --map random --difficulty hard`` against ``tombgen
    realms sheet`` of map-1 (SVG and PDF written), each a fresh process as a player runs it,
    side by side for each seed: medians of both (wall time, and the CPU time of the child) and
    their ratio (targets: the hard sheet at most 3 s and 12 x the map-1 sheet); then the same
    two built in this process (modules, fonts and data warm), for the cost of the work alone."""
    import resource
    import subprocess
    import tempfile

    from generator.draw.svg import page_to_svg
    from generator.produce import build, item_pdf

    def command(args: list[str], seed: int) -> tuple[float, float]:
        with tempfile.TemporaryDirectory() as out:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "generator", "realms", "sheet", *args,
                            "--seed", str(seed), "--format", "svg,pdf", "--out", out],
                           check=True, capture_output=True)
            wall = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

    def timed(options: dict, seed: int) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.process_time()
        (built,) = build("realms", "sheet", seed, options=options)
        for page in built.pages:
            page_to_svg(page)
        item_pdf(built)
        return time.perf_counter() - t0, time.process_time() - c0

    def show(what: str, hard: list, plain: list) -> None:
        for k, clock in ((0, "wall"), (1, "CPU")):
            h, p = statistics.median(x[k] for x in hard), statistics.median(x[k] for x in plain)
            print(f"--difficulty hard sheet, {what}, over {len(hard)} seeds ({clock} time, load "
                  f"{os.getloadavg()[0]:.1f}): median {h:.2f} s (max "
                  f"{max(x[k] for x in hard):.2f}; target 3 s), map-1 sheet {p:.2f} s: "
                  f"{h / p:.1f}x (target at most 12x)", flush=True)

    command(["--map", "map-1"], 0)                  # warm the disk cache and the byte code
    hard, plain = [], []
    for seed in range(seeds):
        plain.append(command(["--map", "map-1"], seed))
        hard.append(command(["--map", "random", "--difficulty", "hard"], seed))
    show("the commands", hard, plain)
    timed({"map": "map-1"}, 0)                      # warm: fonts, data, modules
    hard, plain = [], []
    for seed in range(seeds):
        plain.append(timed({"map": "map-1"}, seed))
        hard.append(timed({"map": "random", "difficulty": "hard", "rating_games": None}, seed))
    show("built in this process", hard, plain)


def part_stabilitycap(ms: list, caps: tuple[int, ...] = (1000, 4000, 16000, 32000),
                      pairs: int = 4, games: int = 400) -> None:
    """Label stability against the cap on games, with every map's measured scores standing
    for the map (see the module doc): ``rate`` itself decides, only its games are drawn from
    the measured ones, so a cap too costly to play can still be judged."""
    played = scores_of(ms, RATING_PLAYER, games)
    for cap in caps:
        same, used = 0, []
        for i, (m, scores) in enumerate(zip(ms, played)):
            for pair in range(pairs):
                got = []
                for seed in (2 * pair + 1, 2 * pair + 2):
                    draw = make_rng(derive_seed(seed, i))
                    got.append(rate(m, cap, seed, play=lambda first, n, d=draw, s=scores:
                                    [s[d.randrange(len(s))] for _ in range(n)]))
                same += got[0].label == got[1].label
                used += [r.games for r in got]
        total = len(ms) * pairs
        print(f"stability model, at most {cap} games: same label {same}/{total} = "
              f"{same / total:.1%} (target >= 95%); games per rating median "
              f"{statistics.median(used):g}, mean {statistics.fmean(used):.0f}", flush=True)


def main() -> None:
    args = sys.argv[1:]

    def opt(name: str, default: str) -> str:
        return args[args.index(name) + 1] if name in args else default

    n, planner_games = int(opt("--maps", "50")), int(opt("--planner-games", "300"))
    jobs = int(opt("--jobs", "1"))
    parts = opt("--parts", "spearman,stability,sheet,labels,hard,levels,levelpars").split(",")
    ms = maps(n) if {"spearman", "stability", "stabilitycap"} & set(parts) else []
    print(f"rating player: {RATING_PLAYER}")
    with rating_executor(jobs):
        if "spearman" in parts:
            part_spearman(ms, planner_games)
        if "stability" in parts:
            part_stability(ms, int(opt("--rate-games", str(data()["rating"]["rate_games"]))))
        if "stabilitycap" in parts:
            part_stabilitycap(ms)
    if "sheet" in parts:
        part_sheet()
    if "labels" in parts:
        part_labels(int(opt("--sheets", "30")))
    if "hard" in parts:
        part_hard()
    if "levels" in parts:
        part_levels()
    if "sheetpar" in parts:
        part_sheetpar()
    if "levelpars" in parts:
        with rating_executor(jobs):
            part_levelpars(size=opt("--size", "14x14"))


if __name__ == "__main__":
    main()
