"""Cold cost of player aids: `tombgen aid tanis` and `tombgen aid all` against WeasyPrint's floor.

The floor is a fresh process that imports WeasyPrint and writes a one-line PDF. tombgen's share
is what the aid command costs beyond it (catalogues, engines for the computed tables, jinja2,
layout of the real cards, imposition). Medians of N fresh processes each.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The checkout this script belongs to: the fresh processes import its ``generator``.
ROOT = str(Path(__file__).resolve().parent.parent)

N = 5
FLOOR = ("from weasyprint import HTML; "
         "HTML(string='<p>x</p>').write_pdf('floor.pdf')")


def median_run(cmd: list[str], cwd: str) -> float:
    def once() -> float:
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True,
                       env=dict(os.environ, PYTHONPATH=ROOT))
        return time.perf_counter() - start

    once()
    return statistics.median(once() for _ in range(N))


def main() -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        floor = median_run([py, "-c", FLOOR], tmp)
        one = median_run([py, "-m", "generator", "aid", "tanis", "--out", tmp], tmp)
        tumba = median_run([py, "-m", "generator", "aid", "tumba", "--out", tmp], tmp)
        every = median_run([py, "-m", "generator", "aid", "all", "--out", tmp], tmp)
        every_fr = median_run([py, "-m", "generator", "aid", "all", "--lang", "fr", "--nup",
                               "--out", tmp], tmp)
    print(f"{N} fresh processes each, median")
    print(f"WeasyPrint floor (import + 1-line PDF)  {floor:6.2f} s")
    for name, value in (("tombgen aid tanis", one), ("tombgen aid tumba (56 rolls)", tumba),
                        ("tombgen aid all", every), ("tombgen aid all --lang fr --nup", every_fr)):
        print(f"{name:40s}{value:6.2f} s   tombgen's share {value - floor:5.2f} s "
              f"({(value - floor) / value * 100:.0f}%)")


def breakdown() -> None:
    """Warm, in one process: where an aid's time goes (tombgen's own steps vs WeasyPrint's)."""
    sys.path.insert(0, ROOT)
    from generator.aids import build as b
    from generator.aids import cards as c
    from generator.aids import impose as im
    from generator.aids.paginate import paginate
    from generator.core.i18n import catalogue
    from generator.draw import documents as d

    b.make_aid("tanis")  # warm imports and caches
    print("warm, one process (s): content | measure (WeasyPrint) | plan + final layout "
          "(WeasyPrint) | write | imposition")
    for game in ("tanis", "tut", "realms", "tumba"):
        t = [time.perf_counter()]
        cat = catalogue("en")
        aid = b.build_content(game, "en", "en")
        style = b.card_style("poker", 0, False)
        t.append(time.perf_counter())
        heights, columns = c.measured_heights(aid, cat, style)
        t.append(time.perf_counter())
        plan = paginate(aid, heights, style.capacity, style.columns, style.size)
        doc = d.layout(c.card_html(aid, cat, style, plan, columns, "footer"))
        d.overflow_problems(doc)
        t.append(time.perf_counter())
        pdf = d.write_pdf(doc)
        t.append(time.perf_counter())
        fmt = b.card_format("poker", 0)
        size, places = im.single_places(fmt, len(plan.pages), 0)
        im.impose(pdf, size, places, style={"mark_width": 0.25, "cut_width": 0.1, "cut_grey": 0.45},
                  metadata={}, boxes=fmt)
        t.append(time.perf_counter())
        steps = [f"{t[i + 1] - t[i]:.3f}" for i in range(len(t) - 1)]
        print(f"  {game:7s} " + " | ".join(steps))


if __name__ == "__main__":
    main()
    breakdown()
