"""Scene primitives in millimetres (y grows downward) — what games draw, what backends write.

Every primitive is a small immutable record (a NamedTuple: cheap to define at import and to
create, which keeps cold starts fast) with ``bounds()`` (for print checks) and ``log()``
(one line of text, so tests can check a scene without pixels). ``Group`` applies an affine
transform and may carry a ``name`` (areas of a sheet are named groups). ``Symbol`` defines a
pictogram once per page and ``Use`` places it, so repeated pictograms are written once.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PT_TO_MM = 25.4 / 72.0


def mm_text(v: float) -> str:
    """Fixed, short number formatting so logs and files are stable."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Style(NamedTuple):
    """Stroke and fill: colours are '#rrggbb' or None; ``width`` in mm; ``dash`` in mm."""

    stroke: str | None = "#000000"
    width: float = 0.3
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    cap: str = "butt"

    def log(self) -> str:
        parts = [f"stroke={self.stroke}", f"w={mm_text(self.width)}", f"fill={self.fill}"]
        if self.dash:
            parts.append("dash=" + ",".join(mm_text(d) for d in self.dash))
        return " ".join(parts)


def _bounds_of(points: list[Point] | tuple[Point, ...], pad: float = 0.0) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()

    def bounds(self):
        return _bounds_of([(self.x1, self.y1), (self.x2, self.y2)], self.style.width / 2)

    def log(self) -> str:
        return f"line {mm_text(self.x1)},{mm_text(self.y1)} {mm_text(self.x2)},{mm_text(self.y2)} {self.style.log()}"


class Polyline(NamedTuple):
    points: tuple[Point, ...]
    style: Style = Style()

    def bounds(self):
        return _bounds_of(self.points, self.style.width / 2)

    def log(self) -> str:
        pts = " ".join(f"{mm_text(x)},{mm_text(y)}" for x, y in self.points)
        return f"polyline {pts} {self.style.log()}"


class Polygon(NamedTuple):
    points: tuple[Point, ...]
    style: Style = Style()

    def bounds(self):
        return _bounds_of(self.points, self.style.width / 2 if self.style.stroke else 0)

    def log(self) -> str:
        pts = " ".join(f"{mm_text(x)},{mm_text(y)}" for x, y in self.points)
        return f"polygon {pts} {self.style.log()}"


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0

    def bounds(self):
        pad = self.style.width / 2 if self.style.stroke else 0
        return (self.x - pad, self.y - pad, self.x + self.w + pad, self.y + self.h + pad)

    def log(self) -> str:
        r = f" r={mm_text(self.radius)}" if self.radius else ""
        return f"rect {mm_text(self.x)},{mm_text(self.y)} {mm_text(self.w)}x{mm_text(self.h)}{r} {self.style.log()}"


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    style: Style = Style()

    def bounds(self):
        pad = self.r + (self.style.width / 2 if self.style.stroke else 0)
        return (self.cx - pad, self.cy - pad, self.cx + pad, self.cy + pad)

    def log(self) -> str:
        return f"circle {mm_text(self.cx)},{mm_text(self.cy)} r={mm_text(self.r)} {self.style.log()}"


class Text(NamedTuple):
    """One line of text; ``size`` in points; ``anchor`` start|middle|end; ``y`` is the baseline.

    ``width`` is the measured advance in mm (set by :func:`generator.draw.text.text`), so
    bounds are exact without a font library at check time. ``condensed`` picks the family's
    condensed cut (set by the fitting, for a text too wide for its box in the regular one).
    """

    x: float
    y: float
    text: str
    size: float
    width: float
    anchor: str = "start"
    bold: bool = False
    fill: str = "#000000"
    condensed: bool = False

    def bounds(self):
        left = {"start": self.x, "middle": self.x - self.width / 2, "end": self.x - self.width}[self.anchor]
        height = self.size * PT_TO_MM
        return (left, self.y - 0.75 * height, left + self.width, self.y + 0.22 * height)

    def log(self) -> str:
        weight = (" bold" if self.bold else "") + (" condensed" if self.condensed else "")
        return (f"text {mm_text(self.x)},{mm_text(self.y)} {self.size:g}pt {self.anchor}{weight} "
                f"fill={self.fill} {self.text!r}")


class Use(NamedTuple):
    """Places the page's symbol ``name`` with its origin at (x, y), scaled by ``scale``."""

    name: str
    x: float
    y: float
    scale: float = 1.0

    def log(self) -> str:
        return f"use {self.name} {mm_text(self.x)},{mm_text(self.y)} x{mm_text(self.scale)}"


class Group(NamedTuple):
    """Children drawn under an affine ``matrix`` (a, b, c, d, e, f) as in SVG; ``name`` labels it."""

    items: tuple[Item, ...]
    matrix: Matrix = IDENTITY
    name: str = ""

    def log(self) -> str:
        label = f" {self.name}" if self.name else ""
        if self.matrix == IDENTITY:
            return f"group{label}"
        return f"group{label} matrix(" + ",".join(mm_text(v) for v in self.matrix) + ")"


Item = Line | Polyline | Polygon | Rect | Circle | Text | Use | Group
#: A primitive that draws by itself (what :func:`walk` yields, what has ``bounds()``).
Leaf = Line | Polyline | Polygon | Rect | Circle | Text


class Symbol(NamedTuple):
    """A pictogram defined once per page: ``items`` drawn around its own origin."""

    name: str
    items: tuple[Item, ...]


class Page(NamedTuple):
    """One page: size in mm, the items, the symbols they use, and the footer line."""

    width: float
    height: float
    items: tuple[Item, ...]
    symbols: tuple[Symbol, ...] = ()
    footer: str = ""

    def log(self) -> str:
        """The page as indented text: one primitive a line (symbols first)."""
        lines = [f"page {mm_text(self.width)}x{mm_text(self.height)} footer={self.footer!r}"]
        for sym in self.symbols:
            lines.append(f"  symbol {sym.name}")
            lines += _log_items(sym.items, 2)
        lines += _log_items(self.items, 1)
        return "\n".join(lines)


class Document(NamedTuple):
    """What a backend writes: pages plus metadata (title, subject, keywords, author)."""

    pages: tuple[Page, ...]
    title: str
    subject: str = ""
    keywords: tuple[str, ...] = ()


def _log_items(items, depth: int) -> list[str]:
    out = []
    for item in items:
        out.append("  " * depth + item.log())
        if isinstance(item, Group):
            out += _log_items(item.items, depth + 1)
    return out


# ---- transforms -------------------------------------------------------------------------------

def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Matrix:
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    return (c, s, -s, c, 0.0, 0.0)


def compose(*matrices: Matrix) -> Matrix:
    """The matrix applying the last given first (like nested SVG groups, outermost first)."""
    result = IDENTITY
    for m in matrices:
        a, b, c, d, e, f = result
        a2, b2, c2, d2, e2, f2 = m
        result = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                  a * e2 + c * f2 + e, b * e2 + d * f2 + f)
    return result


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


# ---- walking a scene --------------------------------------------------------------------------

def walk(page: Page) -> Iterator[tuple[Leaf, Matrix, tuple[str, ...]]]:
    """Every leaf primitive of a page with its page matrix and the names of enclosing groups.

    Symbol uses are expanded, so checks see what is printed.
    """
    symbols = {s.name: s for s in page.symbols}

    def rec(items, matrix, names):
        for item in items:
            if isinstance(item, Group):
                yield from rec(item.items, compose(matrix, item.matrix),
                               names + ((item.name,) if item.name else ()))
            elif isinstance(item, Use):
                m = compose(matrix, translate(item.x, item.y), scale(item.scale))
                yield from rec(symbols[item.name].items, m, names + (f"symbol:{item.name}",))
            else:
                yield item, matrix, names

    yield from rec(page.items, IDENTITY, ())


def page_bounds(item: Leaf, matrix: Matrix) -> tuple[float, float, float, float]:
    """Bounds of a leaf primitive on the page (corners of its own bounds, transformed)."""
    x0, y0, x1, y1 = item.bounds()
    pts = [apply(matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return _bounds_of(pts)


def matrix_scale(m: Matrix) -> float:
    """Mean linear scale of a matrix (for line widths and text sizes under transforms)."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))
