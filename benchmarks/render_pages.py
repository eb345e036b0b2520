"""Per-page render cost: tombgen's scene → SVG and scene → PDF backends against bare calls.

Builds one Tanis dig page, then times (in one process, warm) writing it with tombgen's backends
and drawing the same primitives with bare svgwrite / reportlab calls (baseline.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from baseline import bare_pdf, bare_svg, flatten  # noqa: E402
from timing import per_call as _per_call  # noqa: E402

from generator.draw.pdf import document_to_pdf  # noqa: E402
from generator.draw.scene import Document  # noqa: E402
from generator.draw.svg import page_to_svg  # noqa: E402
from generator.produce import build  # noqa: E402

REPEAT = 60


def per_call(fn) -> float:
    return _per_call(fn, REPEAT)


def main() -> None:
    page = build("tanis", "dig", 1)[0].pages[0]
    prims = flatten([page])
    gen = per_call(lambda: build("tanis", "dig", 1, render=False))
    scene = per_call(lambda: build("tanis", "dig", 1))
    svg = per_call(lambda: page_to_svg(page))
    pdf = per_call(lambda: document_to_pdf(Document((page,), "t")))
    b_svg = per_call(lambda: bare_svg(prims))
    b_pdf = per_call(lambda: bare_pdf(prims))
    print(f"primitives on page 1: {len(prims)}; {REPEAT} repetitions, warm")
    print(f"generate+validate     {gen * 1000:6.2f} ms")
    print(f"  + scenes (all pages){(scene - gen) * 1000:6.2f} ms")
    print(f"SVG page              {svg * 1000:6.2f} ms   bare svgwrite   {b_svg * 1000:6.2f} ms   ratio {svg / b_svg:.2f}")
    print(f"PDF page              {pdf * 1000:6.2f} ms   bare reportlab  {b_pdf * 1000:6.2f} ms   ratio {pdf / b_pdf:.2f}")


if __name__ == "__main__":
    main()
