"""SVG backend: one page → one SVG document, sized in mm, written as text by a small XML writer.

The viewBox is the page in millimetres, so scene coordinates are written as they are. Symbols go
into ``<defs>`` once and are placed with ``<use>``. The root names the shipped font family
first, with a generic fallback (``print.toml [fonts] svg_family``), and turns kerning and
ligatures off: the PDF sets glyphs at their plain advance widths, and so does the browser. Each
text also carries its measured length (``textLength``), so a viewer that lacks the family and
substitutes another face still keeps the text inside its box.

The writer is plain string building (no svgwrite): the scene has seven primitive kinds with a
handful of attributes each, all produced here, so there is nothing to validate; what matters is
escaping. Every attribute value and text goes through :func:`escape`, which turns the XML
special characters of text and double-quoted values into entities and drops the control characters XML 1.0 cannot carry.
Attributes are written in a fixed order and numbers with fixed precision: same page, same bytes.
"""

from __future__ import annotations

import re

from generator.draw.paper import settings
from generator.draw.scene import (
    IDENTITY, PT_TO_MM, Circle, Group, Line, Page, Polygon, Polyline, Rect, Style, Text, Use, _f,
)

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
#: The XML special characters, the C0 controls XML 1.0 forbids (tab, LF and CR are allowed),
#: lone surrogates (no UTF-8 for them) and U+FFFE, U+FFFF (not XML characters): all dropped.
_SPECIAL = re.compile('[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]')
_HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
         'version="1.1" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" '
         'font-family="{family}" xml:space="preserve" '
         'style="font-kerning:none;font-variant-ligatures:none">')


def escape(value: str) -> str:
    """``value`` safe inside XML text and double-quoted attribute values (all we write)."""
    return _SPECIAL.sub(lambda m: _ESCAPES.get(m.group(), ""), value)


def _style(style: Style) -> str:
    out = f' stroke="{style.stroke or "none"}" fill="{style.fill or "none"}"'
    if style.stroke:
        out += f' stroke-width="{_f(style.width)}"'
        if style.cap != "butt":
            out += f' stroke-linecap="{style.cap}"'
    if style.dash:
        out += ' stroke-dasharray="' + " ".join(_f(d) for d in style.dash) + '"'
    return out


def _points(points) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def _text(item: Text) -> str:
    attrs = f'x="{_f(item.x)}" y="{_f(item.y)}" font-size="{_f(item.size * PT_TO_MM)}"'
    if item.bold:
        attrs += ' font-weight="bold"'
    if item.condensed:
        attrs += ' font-stretch="condensed"'
    if item.anchor != "start":
        attrs += f' text-anchor="{item.anchor}"'
    return (f'<text {attrs} fill="{item.fill}" textLength="{_f(item.width)}" '
            f'lengthAdjust="spacingAndGlyphs">{escape(item.text)}</text>')


def _element(item, out: list[str]) -> None:
    """Appends the markup of one scene item (groups recursively) to ``out``."""
    if isinstance(item, Line):
        out.append(f'<line x1="{_f(item.x1)}" y1="{_f(item.y1)}" x2="{_f(item.x2)}" '
                   f'y2="{_f(item.y2)}"{_style(item.style)}/>')
    elif isinstance(item, (Polyline, Polygon)):
        tag = "polygon" if isinstance(item, Polygon) else "polyline"
        out.append(f'<{tag} points="{_points(item.points)}"{_style(item.style)}/>')
    elif isinstance(item, Rect):
        rx = f' rx="{_f(item.radius)}"' if item.radius else ""
        out.append(f'<rect x="{_f(item.x)}" y="{_f(item.y)}" width="{_f(item.w)}" '
                   f'height="{_f(item.h)}"{rx}{_style(item.style)}/>')
    elif isinstance(item, Circle):
        out.append(f'<circle cx="{_f(item.cx)}" cy="{_f(item.cy)}" r="{_f(item.r)}"'
                   f'{_style(item.style)}/>')
    elif isinstance(item, Text):
        out.append(_text(item))
    elif isinstance(item, Use):
        transform = f"translate({_f(item.x)} {_f(item.y)})"
        if item.scale != 1:
            transform += f" scale({_f(item.scale)})"
        out.append(f'<use xlink:href="#sym-{escape(item.name)}" transform="{transform}"/>')
    elif isinstance(item, Group):
        attrs = ""
        if item.matrix != IDENTITY:
            attrs += ' transform="matrix(' + " ".join(_f(v) for v in item.matrix) + ')"'
        if item.name:
            attrs += f' class="{escape(item.name)}"'
        out.append(f"<g{attrs}>")
        for child in item.items:
            _element(child, out)
        out.append("</g>")
    else:
        raise TypeError(f"unknown scene item {item!r}")


def page_to_svg(page: Page, title: str = "") -> bytes:
    """The SVG document of one page, as UTF-8 bytes."""
    family = escape(settings()["fonts"]["svg_family"])
    w, h = _f(page.width), _f(page.height)
    out = ['<?xml version="1.0" encoding="utf-8" ?>', _HEAD.format(w=w, h=h, family=family)]
    if title:
        out.append(f"<title>{escape(title)}</title>")
        if page.footer:
            out.append(f"<desc>{escape(page.footer)}</desc>")
    if page.symbols:
        out.append("<defs>")
        for sym in page.symbols:
            out.append(f'<g id="sym-{escape(sym.name)}">')
            for child in sym.items:
                _element(child, out)
            out.append("</g>")
        out.append("</defs>")
    out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>')
    for item in page.items:
        _element(item, out)
    out.append("</svg>\n")
    return "\n".join(out).encode("utf-8")
