"""SVG backend: one page → one SVG document, sized in mm, written with svgwrite.

The viewBox is the page in millimetres, so scene coordinates are written as they are. Symbols go
into ``<defs>`` once and are placed with ``<use>``. The root names the shipped font family
first, with a generic fallback (``print.toml [fonts] svg_family``), and turns kerning and
ligatures off: the PDF sets glyphs at their plain advance widths, and so does the browser. Each
text also carries its measured length (``textLength``), so a viewer that lacks the family and
substitutes another face still keeps the text inside its box.

svgwrite is imported when the first page is written (never by ``tombgen --help``) and runs with
its validator off (``debug=False``): every value is produced here, numbers already formatted with
fixed precision by the scene's ``mm_text``, so there is nothing left to check and no time spent on it.
svgwrite sorts attributes and ElementTree escapes the XML special characters of text and
attribute values; what XML 1.0 cannot carry at all (C0 controls other than tab, LF and CR, lone
surrogates, U+FFFE and U+FFFF) no escaping can save, so :func:`clean` drops it from every text
and name first. Same page, same bytes.
"""

from __future__ import annotations

import re
from typing import Any

from generator.draw.paper import settings
from generator.draw.scene import (
    IDENTITY,
    PT_TO_MM,
    Circle,
    Group,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    Style,
    Text,
    Use,
    mm_text,
)

#: The characters XML 1.0 cannot carry, escaped or not: all dropped.
_UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: On the root: the text settings that make the browser set glyphs as the PDF does.
_ROOT_STYLE = "font-kerning:none;font-variant-ligatures:none"


def clean(value: str) -> str:
    """``value`` without the characters XML 1.0 cannot hold (the writer escapes the rest)."""
    return _UNWRITABLE.sub("", value)


def _style(style: Style) -> dict[str, str]:
    attrs = {"stroke": style.stroke or "none", "fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke-width"] = mm_text(style.width)
        if style.cap != "butt":
            attrs["stroke-linecap"] = style.cap
    if style.dash:
        attrs["stroke-dasharray"] = " ".join(mm_text(d) for d in style.dash)
    return attrs


def _text(svg: Any, item: Text) -> Any:
    attrs = {"x": mm_text(item.x), "y": mm_text(item.y), "font-size": mm_text(item.size * PT_TO_MM),
             "fill": item.fill, "textLength": mm_text(item.width), "lengthAdjust": "spacingAndGlyphs"}
    if item.bold:
        attrs["font-weight"] = "bold"
    if item.condensed:
        attrs["font-stretch"] = "condensed"
    if item.anchor != "start":
        attrs["text-anchor"] = item.anchor
    return _made(svg.text.Text(clean(item.text), debug=False), attrs)


def _made(element: Any, attrs: dict[str, str]) -> Any:
    """``element`` with ``attrs`` set as they are: svgwrite's constructors put in defaults of
    their own (a rect of 1 × 1) and split a text's ``x`` into a list, so values go in after."""
    element.update(attrs)
    return element


def _element(svg: Any, item) -> Any:
    """The svgwrite element of one scene item (groups recursively)."""
    if isinstance(item, Line):
        return _made(svg.shapes.Line(debug=False), {
            "x1": mm_text(item.x1), "y1": mm_text(item.y1), "x2": mm_text(item.x2), "y2": mm_text(item.y2),
            **_style(item.style)})
    if isinstance(item, (Polyline, Polygon)):
        kind = svg.shapes.Polygon if isinstance(item, Polygon) else svg.shapes.Polyline
        return _made(kind([(mm_text(x), mm_text(y)) for x, y in item.points], debug=False),
                     _style(item.style))
    if isinstance(item, Rect):
        radius = {"rx": mm_text(item.radius)} if item.radius else {}
        return _made(svg.shapes.Rect(debug=False), {
            "x": mm_text(item.x), "y": mm_text(item.y), "width": mm_text(item.w), "height": mm_text(item.h),
            **radius, **_style(item.style)})
    if isinstance(item, Circle):
        return _made(svg.shapes.Circle(debug=False), {
            "cx": mm_text(item.cx), "cy": mm_text(item.cy), "r": mm_text(item.r), **_style(item.style)})
    if isinstance(item, Text):
        return _text(svg, item)
    if isinstance(item, Use):
        transform = f"translate({mm_text(item.x)} {mm_text(item.y)})"
        if item.scale != 1:
            transform += f" scale({mm_text(item.scale)})"
        return _made(svg.container.Use(f"#sym-{clean(item.name)}", debug=False),
                     {"transform": transform})
    if isinstance(item, Group):
        attrs = {}
        if item.matrix != IDENTITY:
            attrs["transform"] = "matrix(" + " ".join(mm_text(v) for v in item.matrix) + ")"
        if item.name:
            attrs["class"] = clean(item.name)
        group = _made(svg.container.Group(debug=False), attrs)
        for child in item.items:
            group.add(_element(svg, child))
        return group
    raise TypeError(f"unknown scene item {item!r}")


def page_to_svg(page: Page, title: str = "") -> bytes:
    """The SVG document of one page, as UTF-8 bytes."""
    import svgwrite

    w, h = mm_text(page.width), mm_text(page.height)
    drawing = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), profile="full", debug=False)
    drawing.update({"viewBox": f"0 0 {w} {h}", "font-family": clean(settings()["fonts"]["svg_family"]),
                    "xml:space": "preserve", "style": _ROOT_STYLE})
    if title:
        drawing.set_desc(clean(title), clean(page.footer) if page.footer else None)
    for sym in page.symbols:
        symbol = _made(svgwrite.container.Group(debug=False), {"id": f"sym-{clean(sym.name)}"})
        for child in sym.items:
            symbol.add(_element(svgwrite, child))
        drawing.defs.add(symbol)
    drawing.add(_made(svgwrite.shapes.Rect(debug=False),
                      {"x": "0", "y": "0", "width": w, "height": h, "fill": "#ffffff"}))
    for item in page.items:
        drawing.add(_element(svgwrite, item))
    return ('<?xml version="1.0" encoding="utf-8" ?>\n' + drawing.tostring() + "\n").encode("utf-8")
