"""SVG backend (svgwrite, imported on use): one page → one SVG document, sized in mm.

The viewBox is the page in millimetres, so scene coordinates are written as they are. Symbols go
into ``<defs>`` once and are placed with ``<use>``. svgwrite's debug validation is off: it is slow
and the scene is already checked.
"""

from __future__ import annotations

from generator.draw.paper import settings
from generator.draw.scene import (
    IDENTITY, PT_TO_MM, Circle, Group, Line, Page, Polygon, Polyline, Rect, Style, Text, Use, _f,
)

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _style(style: Style) -> dict:
    attrs = {"stroke": style.stroke or "none", "fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke_width"] = _f(style.width)
        if style.cap != "butt":
            attrs["stroke_linecap"] = style.cap
    if style.dash:
        attrs["stroke_dasharray"] = " ".join(_f(d) for d in style.dash)
    return attrs


def _points(points) -> list[tuple[str, str]]:
    return [(_f(x), _f(y)) for x, y in points]


class _Writer:
    def __init__(self, dwg, family: str):
        self.dwg = dwg
        self.family = family

    def element(self, item):
        d = self.dwg
        if isinstance(item, Line):
            return d.line((_f(item.x1), _f(item.y1)), (_f(item.x2), _f(item.y2)), **_style(item.style))
        if isinstance(item, Polyline):
            return d.polyline(_points(item.points), **_style(item.style))
        if isinstance(item, Polygon):
            return d.polygon(_points(item.points), **_style(item.style))
        if isinstance(item, Rect):
            extra = {"rx": _f(item.radius)} if item.radius else {}
            return d.rect((_f(item.x), _f(item.y)), (_f(item.w), _f(item.h)), **extra, **_style(item.style))
        if isinstance(item, Circle):
            return d.circle((_f(item.cx), _f(item.cy)), _f(item.r), **_style(item.style))
        if isinstance(item, Text):
            attrs = {"font_size": _f(item.size * PT_TO_MM), "font_family": self.family,
                     "fill": item.fill}
            if item.anchor != "start":
                attrs["text_anchor"] = _ANCHOR[item.anchor]
            if item.bold:
                attrs["font_weight"] = "bold"
            # Pin the advance to the measured Helvetica width: a viewer that substitutes a wider
            # or narrower face still fits the text in the box the layout gave it.
            attrs["textLength"] = _f(item.width)
            attrs["lengthAdjust"] = "spacingAndGlyphs"
            return d.text(item.text, insert=(_f(item.x), _f(item.y)), **attrs)
        if isinstance(item, Use):
            transform = f"translate({_f(item.x)} {_f(item.y)})"
            if item.scale != 1:
                transform += f" scale({_f(item.scale)})"
            return d.use(f"#sym-{item.name}", transform=transform)
        if isinstance(item, Group):
            attrs = {}
            if item.matrix != IDENTITY:
                attrs["transform"] = "matrix(" + " ".join(_f(v) for v in item.matrix) + ")"
            if item.name:
                attrs["class_"] = item.name
            group = d.g(**attrs)
            for child in item.items:
                group.add(self.element(child))
            return group
        raise TypeError(f"unknown scene item {item!r}")


def page_to_svg(page: Page, title: str = "") -> bytes:
    """The SVG document of one page, as UTF-8 bytes."""
    import svgwrite

    fonts = settings()["fonts"]
    dwg = svgwrite.Drawing(size=(f"{_f(page.width)}mm", f"{_f(page.height)}mm"),
                           viewBox=f"0 0 {_f(page.width)} {_f(page.height)}",
                           profile="full", debug=False)
    if title:
        dwg.set_desc(title=title, desc=page.footer or None)
    writer = _Writer(dwg, fonts["svg_family"])
    dwg.add(dwg.rect((0, 0), (_f(page.width), _f(page.height)), fill="#ffffff"))
    for sym in page.symbols:
        group = dwg.g(id=f"sym-{sym.name}")
        for child in sym.items:
            group.add(writer.element(child))
        dwg.defs.add(group)
    for item in page.items:
        dwg.add(writer.element(item))
    return (dwg.tostring() + "\n").encode("utf-8")
