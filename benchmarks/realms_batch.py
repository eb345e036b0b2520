"""1000 Hidden Realms game sheets with random maps in one PDF: time per sheet, split into
generate / validate / render, against the raw reportlab cost of the same pages.

Plain script, not a test: ``python benchmarks/realms_batch.py [SHEETS] [--e2e]``.

- generate: a new random map (its layout attempts include the generator's own acceptance check)
  and the sheet item, as ``tombgen realms sheet --map random --games 0`` makes it;
- validate: the pipeline's validation of the item (the map validator, every rule);
- render: the scene of the page (layout, text fitting, pictograms) plus writing it into the one
  PDF of the run (tombgen's reportlab backend).
Baseline (benchmarks/baseline.py): bare reportlab drawing the flattened primitives of the same
pages, one call each, into one multi-page PDF. Target: render <= 1.3x the bare page cost.
Rating by simulation is not part of a `--games 0` sheet; its cost per map is measured apart
(the bot's games on a few of the maps). ``--e2e`` also times the whole `--count` pipeline
(produce.build + the joined PDF), which is what the CLI runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from baseline import bare_pdf, flatten

from generator.core.rng import derive_seed, make_rng
from generator.draw.paper import make_sheet
from generator.draw.pdf import document_to_pdf
from generator.draw.scene import Document
from generator.games.realms.products import generate_sheet, render_sheet, validate_sheet
from generator.games.realms.rating import rate
from generator.produce import RunInfo, add_footer

SEED = 1
SAMPLE = 100          # pages drawn by both tombgen's backend and the bare script
OPTIONS = {"map": "random", "difficulty": None, "players": 1, "games": 0, "size": None}


def build_all(n: int):
    """Every sheet of the run; returns (pages, seconds for generate, validate, scene)."""
    sheet = make_sheet("a4")
    t_gen = t_val = t_scene = 0.0
    pages = []
    for i in range(n):
        info = RunInfo("realms", "sheet", SEED, i, n, OPTIONS)
        t0 = time.perf_counter()
        item = generate_sheet(make_rng(derive_seed(SEED, i)), **OPTIONS)
        t1 = time.perf_counter()
        assert validate_sheet(item).ok
        t2 = time.perf_counter()
        pages += [add_footer(p, sheet, info.footer()) for p in render_sheet(item, sheet, info)]
        t3 = time.perf_counter()
        t_gen, t_val, t_scene = t_gen + t1 - t0, t_val + t2 - t1, t_scene + t3 - t2
    return pages, t_gen, t_val, t_scene


def rating_cost(games: int, maps: int = 4) -> float:
    """Seconds to rate one random map with ``games`` bot games (mean over a few maps)."""
    start = time.perf_counter()
    for i in range(maps):
        item = generate_sheet(make_rng(derive_seed(SEED + 1, i)), **OPTIONS)
        rate(item.map, games, i)
    return (time.perf_counter() - start) / maps


def end_to_end(n: int) -> float:
    from generator.produce import build, render_files

    start = time.perf_counter()
    render_files(build("realms", "sheet", SEED, n, options=OPTIONS), ("pdf",))
    return time.perf_counter() - start


def main() -> None:
    n = int(next((a for a in sys.argv[1:] if a.isdigit()), 1000))
    pages, t_gen, t_val, t_scene = build_all(n)
    start = time.perf_counter()
    pdf = document_to_pdf(Document(tuple(pages), "realms sheets"))
    t_pdf = time.perf_counter() - start
    sample = pages[:SAMPLE]
    prims = flatten(sample)
    start = time.perf_counter()
    document_to_pdf(Document(tuple(sample), "sample"))
    ours_sample = (time.perf_counter() - start) / len(sample)
    start = time.perf_counter()
    bare_pdf(prims, len(sample))
    bare = (time.perf_counter() - start) / len(sample)
    scene = t_scene / n
    ms = 1000.0
    print(f"{n} sheets, random maps (12-16 a side), one PDF of {len(pdf) / 1e6:.1f} MB; "
          f"{len(prims) / len(sample):.0f} primitives a page (flattened)")
    print(f"per sheet: generate {t_gen / n * ms:6.2f} ms   validate {t_val / n * ms:6.2f} ms   "
          f"render {(scene + t_pdf / n) * ms:6.2f} ms (scene {scene * ms:.2f} + PDF "
          f"{t_pdf / n * ms:.2f})")
    print(f"total for {n}: {t_gen + t_val + t_scene + t_pdf:.1f} s")
    print(f"bare reportlab, same {len(sample)} pages: {bare * ms:6.2f} ms a page; tombgen render "
          f"{(scene + ours_sample) * ms:6.2f} ms a page (scene + PDF) = "
          f"{(scene + ours_sample) / bare:.2f}x (target <= 1.3x); PDF alone "
          f"{ours_sample / bare:.2f}x")
    for games in (100, 200):
        cost = rating_cost(games)
        print(f"rating by simulation, {games} bot games: {cost * ms:7.0f} ms a map "
              f"(= {cost / (t_gen / n + t_val / n + scene + t_pdf / n):.0f}x a whole unrated "
              "sheet; --difficulty may rate several maps per sheet)")
    if "--e2e" in sys.argv:
        total = end_to_end(n)
        print(f"end to end (produce.build + joined PDF, as `--count {n}` runs): {total:.1f} s, "
              f"{total / n * ms:.1f} ms a sheet")


if __name__ == "__main__":
    main()
