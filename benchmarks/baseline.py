"""The bare baseline tombgen's render costs are compared with.

``flatten(pages)`` turns scene pages into plain primitives (groups and symbols resolved, points
in page millimetres, each text with the font file of its face). ``bare_svg`` / ``bare_pdf`` then
draw exactly those primitives with direct svgwrite and reportlab calls — one library call per
primitive plus its colours, the text in the same TrueType faces, registered and embedded the
plain reportlab way — which is what a hand-written script making the same sheet would do,
without tombgen's scene, fitting or checks.

Run as a script (``python baseline.py PRIMS.json OUTSTEM``) it is the cold-start baseline: it
imports only svgwrite and reportlab, reads the primitives and writes SVG, PDF and JSON.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

MM = 72 / 25.4
FONTS = Path(__file__).resolve().parent.parent / "templates" / "fonts"
FAMILY = "'DejaVu Sans', sans-serif"


def flatten(pages) -> list[dict]:
    """Every leaf primitive of the pages as a plain dict (one list per page, concatenated)."""
    from generator.draw.fonts import FACES
    from generator.draw.paper import settings
    from generator.draw.scene import Circle, Line, Polygon, Polyline, Rect, Text, apply, walk

    files = settings()["fonts"]
    out = []
    for number, page in enumerate(pages):
        for item, m, _ in walk(page):
            style = getattr(item, "style", None)
            base = {"page": number, "stroke": style.stroke if style else None,
                    "fill": style.fill if style else item.fill, "width": style.width if style else 0}
            if isinstance(item, Line):
                pts = [apply(m, item.x1, item.y1), apply(m, item.x2, item.y2)]
                out.append({**base, "kind": "line", "points": pts})
            elif isinstance(item, (Polyline, Polygon)):
                out.append({**base, "kind": "poly", "closed": isinstance(item, Polygon),
                            "points": [apply(m, x, y) for x, y in item.points]})
            elif isinstance(item, Rect):
                x, y = apply(m, item.x, item.y)
                out.append({**base, "kind": "rect", "xy": (x, y), "wh": (item.w * m[0], item.h * m[3])})
            elif isinstance(item, Circle):
                out.append({**base, "kind": "circle", "xy": apply(m, item.cx, item.cy), "r": item.r * m[0]})
            elif isinstance(item, Text):
                out.append({**base, "kind": "text", "xy": apply(m, item.x, item.y), "text": item.text,
                            "size": item.size, "bold": item.bold,
                            "font": files[FACES[item.bold, item.condensed]]})
    return out


def bare_svg(prims: list[dict], page: int = 0) -> str:
    import svgwrite

    d = svgwrite.Drawing(size=("210mm", "297mm"), viewBox="0 0 210 297", debug=False)
    for p in prims:
        if p["page"] != page:
            continue
        st = {"stroke": p["stroke"] or "none", "fill": p["fill"] or "none", "stroke_width": p["width"]}
        k = p["kind"]
        if k == "line":
            d.add(d.line(p["points"][0], p["points"][1], **st))
        elif k == "poly":
            d.add((d.polygon if p["closed"] else d.polyline)(p["points"], **st))
        elif k == "rect":
            d.add(d.rect(p["xy"], p["wh"], **st))
        elif k == "circle":
            d.add(d.circle(p["xy"], p["r"], **st))
        else:
            weight = {"font_weight": "bold"} if p["bold"] else {}
            d.add(d.text(p["text"], insert=p["xy"], font_size=p["size"] * 25.4 / 72,
                         font_family=FAMILY, fill=p["fill"], **weight))
    return d.tostring()


def register_fonts(prims: list[dict]) -> None:
    """Registers each TrueType face the texts use (the plain reportlab way: one TTFont each),
    once per process."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in sorted({p["font"] for p in prims if p["kind"] == "text"}):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS / name)))


def bare_pdf(prims: list[dict], pages: int = 1) -> bytes:
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    register_fonts(prims)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(210 * MM, 297 * MM), invariant=1)
    for page in range(pages):
        for p in prims:
            if p["page"] != page:
                continue
            if p["stroke"]:
                c.setStrokeColor(HexColor(p["stroke"]))
                c.setLineWidth(p["width"] * MM)
            if p["fill"]:
                c.setFillColor(HexColor(p["fill"]))
            k, stroke, fill = p["kind"], 1 if p["stroke"] else 0, 1 if p["fill"] else 0
            if k == "line":
                (x1, y1), (x2, y2) = p["points"]
                c.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
            elif k == "poly":
                path = c.beginPath()
                path.moveTo(p["points"][0][0] * MM, p["points"][0][1] * MM)
                for x, y in p["points"][1:]:
                    path.lineTo(x * MM, y * MM)
                if p["closed"]:
                    path.close()
                c.drawPath(path, stroke=stroke, fill=fill)
            elif k == "rect":
                c.rect(p["xy"][0] * MM, p["xy"][1] * MM, p["wh"][0] * MM, p["wh"][1] * MM,
                       stroke=stroke, fill=fill)
            elif k == "circle":
                c.circle(p["xy"][0] * MM, p["xy"][1] * MM, p["r"] * MM, stroke=stroke, fill=fill)
            else:
                c.setFont(p["font"], p["size"])
                c.drawString(p["xy"][0] * MM, p["xy"][1] * MM, p["text"])
        c.showPage()
    c.save()
    return buf.getvalue()


def main(prims_file: str, stem: str) -> None:
    with open(prims_file) as handle:
        prims = json.load(handle)
    pages = max(p["page"] for p in prims) + 1
    for page in range(pages):
        with open(f"{stem}-{page}.svg", "w") as handle:
            handle.write(bare_svg(prims, page))
    with open(stem + ".pdf", "wb") as handle:
        handle.write(bare_pdf(prims, pages))
    with open(stem + ".json", "w") as handle:
        json.dump({"primitives": len(prims)}, handle)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
