"""Hidden Realms: how well a generated map's par is predicted from its features, and the fit
that ``seeds/realms.toml`` ``[generate.predict]`` and ``[rating] size_scale`` hold.

Plain script, not a test: ``python benchmarks/realms_predict.py [--maps N] [--games G]
[--jobs J] [--save FILE] [--load FILE]``. N generated maps (default 160; map i from
``derive_seed(31, i)``, each side 12 to 16 and a level drawn at random, as ``realms map``
makes them) are rated with G games of the rating player each (default 80, dice seed 5000 + i;
par = the median) and measured (``generate.stats.features``). Printed:

- the least-squares fit of par on the features, its R², and the error of predicting a map left
  out of the fit (5-fold cross-validation: mean absolute and root mean square), against the
  spread of the pars themselves; the ``[generate.predict]`` table to paste;
- the fit of log(par) on log(squares) over the same maps: how a typical map's par falls with
  its size, the ``[rating] size_scale`` that sets the bands of each size;
- the pars by level and size, before any steering (the levels' ranges alone).

``--save`` writes the measured maps (features, par, level, size) as JSON, ``--load`` fits them
again without playing.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.core.play import run_games
from generator.core.rng import derive_seed, make_rng
from generator.games.realms.bots import RATING_PLAYER
from generator.games.realms.generate import LEVELS, generate_map
from generator.games.realms.generate.stats import FEATURES, features
from generator.games.realms.model import data
from generator.games.realms.rating import current_executor, player_score, rating_executor

SEED = 31


def measure_maps(n: int, games: int) -> list[dict]:
    spec = data()["map"]
    rows = []
    start = time.perf_counter()
    for i in range(n):
        rng = make_rng(derive_seed(SEED, i))
        level = LEVELS[rng.randrange(len(LEVELS))]
        size = (rng.randint(spec["min_size"], spec["max_size"]),
                rng.randint(spec["min_size"], spec["max_size"]))
        m, _ = generate_map(rng, size, level)
        scores = run_games(partial(player_score, m, RATING_PLAYER), games, 5000 + i,
                           current_executor())
        rows.append({"level": level, "size": list(size), "par": statistics.median(scores),
                     "features": features(m)})
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} maps rated ({time.perf_counter() - start:.0f} s)", flush=True)
    return rows


def solve(x: list[list[float]], y: list[float]) -> list[float]:
    """Least squares (normal equations, Gauss-Jordan elimination): x @ beta ~ y."""
    k = len(x[0])
    a = [[sum(r[i] * r[j] for r in x) for j in range(k)] + [sum(r[i] * t for r, t in zip(x, y))]
         for i in range(k)]
    for i in range(k):
        p = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[p] = a[p], a[i]
        if abs(a[i][i]) < 1e-12:
            continue
        for r in range(k):
            if r != i:
                f = a[r][i] / a[i][i]
                a[r] = [u - f * v for u, v in zip(a[r], a[i])]
    return [a[i][k] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def design(rows: list[dict]) -> list[list[float]]:
    return [[1.0] + [r["features"][f] for f in FEATURES] for r in rows]


def fit(rows: list[dict]) -> None:
    y = [r["par"] for r in rows]
    x = design(rows)
    beta = solve(x, y)
    pred = [sum(b * v for b, v in zip(beta, r)) for r in x]
    mean = statistics.fmean(y)
    ss_tot = sum((t - mean) ** 2 for t in y)
    ss_res = sum((t - p) ** 2 for t, p in zip(y, pred))
    folds, errs = 5, []
    for k in range(folds):
        train = [i for i in range(len(rows)) if i % folds != k]
        test = [i for i in range(len(rows)) if i % folds == k]
        b = solve([x[i] for i in train], [y[i] for i in train])
        errs += [y[i] - sum(c * v for c, v in zip(b, x[i])) for i in test]
    print(f"\npar fit over {len(rows)} maps: R² {1 - ss_res / ss_tot:.3f}; pars spread (sd) "
          f"{statistics.pstdev(y):.1f}; a map left out is predicted within "
          f"{statistics.fmean(abs(e) for e in errs):.1f} on average (root mean square "
          f"{statistics.fmean(e * e for e in errs) ** 0.5:.1f}, 5-fold)")
    print("\n[generate.predict]")
    print(f"intercept = {beta[0]:.4f}")
    for name, b in zip(FEATURES, beta[1:]):
        print(f"{name} = {b:.4f}")
    # how a typical map's par falls with its size
    lx = [math.log(r["size"][0] * r["size"][1]) for r in rows]
    ly = [math.log(r["par"]) for r in rows if r["par"] > 0]
    (a, b) = solve([[1.0, v] for v in lx], ly) if len(ly) == len(lx) else (0.0, 0.0)
    print(f"\nlog(par) = {a:.3f} {b:+.3f} log(squares): size_scale = {-b:.3f} (a 16 x 16 map's "
          f"par is {(256 / 144) ** b:.2f} x a 12 x 12 map's)")


def by_level(rows: list[dict]) -> None:
    print("\npars by level (levels' ranges alone) and squares:")
    for level in LEVELS:
        for lo, hi in ((144, 180), (181, 220), (221, 256)):
            ps = sorted(r["par"] for r in rows if r["level"] == level
                        and lo <= r["size"][0] * r["size"][1] <= hi)
            if ps:
                print(f"  {level:<9} {lo}-{hi} squares: {len(ps):>3} maps, median "
                      f"{statistics.median(ps):g} ({ps[0]:g}-{ps[-1]:g})")


def main() -> None:
    args = sys.argv[1:]

    def opt(name: str, default: str) -> str:
        return args[args.index(name) + 1] if name in args else default

    if "--load" in args:
        rows = json.loads(Path(opt("--load", "")).read_text())
    else:
        n, games = int(opt("--maps", "160")), int(opt("--games", "80"))
        print(f"{n} generated maps, {games} games of the {RATING_PLAYER} player each")
        with rating_executor(int(opt("--jobs", "1"))):
            rows = measure_maps(n, games)
        if "--save" in args:
            Path(opt("--save", "")).write_text(json.dumps(rows))
    fit(rows)
    by_level(rows)


if __name__ == "__main__":
    main()
