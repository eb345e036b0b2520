"""Cold cost of player aids: `tombgen aid tanis` and `tombgen aid all` against WeasyPrint's floor.

The floor is a fresh process that imports WeasyPrint and writes a one-line PDF. tombgen's share
is what the aid command costs beyond it (catalogues, engines for the computed tables, jinja2,
layout of the real cards, imposition). Medians of N fresh processes each.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

N = 5
FLOOR = ("from weasyprint import HTML; "
         "HTML(string='<p>x</p>').write_pdf('floor.pdf')")


def median_run(cmd: list[str], cwd: str) -> float:
    def once() -> float:
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
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
    import io

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    from generator.aids import build as b
    from generator.core.i18n import Catalogue
    from generator.draw import documents as d

    b.make_aid("tanis")  # warm imports and caches
    print("warm, one process (s): content | html | WeasyPrint layout | overflow check | "
          "WeasyPrint write | imposition")
    for game in ("tanis", "tut", "realms", "tumba"):
        t = [time.perf_counter()]
        cat = Catalogue("en")
        aid = b.build_content(game, "en", "en")
        t.append(time.perf_counter())
        html = b.html_for(aid, cat, b.card_format("poker", 0), False, "footer")
        t.append(time.perf_counter())
        doc = d.layout(html)
        t.append(time.perf_counter())
        d.overflow_problems(doc)
        t.append(time.perf_counter())
        pdf = d._reproducible(lambda: doc.write_pdf())
        t.append(time.perf_counter())
        from pypdf import PdfReader

        count = len(PdfReader(io.BytesIO(pdf)).pages)
        size, places = d.single_layout(b.card_format("poker", 0), count, 0)
        d.impose(pdf, b.card_format("poker", 0), size, places, [], 0.25, {})
        t.append(time.perf_counter())
        steps = [f"{t[i + 1] - t[i]:.3f}" for i in range(len(t) - 1)]
        print(f"  {game:7s} " + " | ".join(steps))


if __name__ == "__main__":
    main()
    breakdown()
