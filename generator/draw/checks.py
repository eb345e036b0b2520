"""Print checks measured on the scene: what a player's pencil, eyes and a printer need.

``print_problems(page, sheet)`` lists every primitive that breaks a print limit of
``seeds/print.toml``: drawn outside the margins, a line thinner than the minimum, text smaller
than the minimum; ``text_overlaps(page)`` every pair of texts printed over each other.
``legibility_problems(page, sheet)`` lists every text whose contrast with what
lies under it is below ``min_contrast`` (WCAG 2 contrast ratio), and every pair of same-shaped
fills told apart only by a grey step under ``min_grey_step``; ``detail_problems(page, minimum)``
every pictogram whose white or black details (a slit, a gap, a rim, a ring) are thinner than
``min_detail`` at the scale it is used. Tests run them over every sheet; renderers may run them
before writing.

A text's background is found from the scene itself: the last filled shape painted before the
text that covers a point of it (symbols expanded, transforms applied), else the white paper.
Several points along the text are looked at, and the worst one counts, so a label that runs off
its box onto another colour is caught too.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from generator.draw.paper import Sheet
from generator.draw.scene import (
    PT_TO_MM,
    Circle,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    Text,
    apply,
    matrix_scale,
    page_bounds,
    walk,
)

EPS = 1e-6
PAPER = "#ffffff"
#: Side of the grid cells (mm) that index filled shapes for the background search.
_CELL = 10.0
#: Where a text is probed: fractions of its width, at the middle of its lower-case letters.
_PROBES = (0.02, 0.25, 0.5, 0.75, 0.98)
_MID_HEIGHT = 0.27   # of the size (em) above the baseline: the middle of the x-height


def print_problems(page: Page, sheet: Sheet) -> list[str]:
    """Every print-rule problem of ``page`` as a readable line (empty list when all is well)."""
    limits = sheet.limits
    lo_x = lo_y = limits["min_margin"]
    hi_x, hi_y = page.width - limits["min_margin"], page.height - limits["min_margin"]
    problems = []
    for item, matrix, names in walk(page):
        where = "/".join(names) or "page"
        x0, y0, x1, y1 = page_bounds(item, matrix)
        if x0 < lo_x - EPS or y0 < lo_y - EPS or x1 > hi_x + EPS or y1 > hi_y + EPS:
            problems.append(f"{where}: outside the {limits['min_margin']:g} mm margin: "
                            f"{item.log()[:80]}")
        scale = matrix_scale(matrix)
        if isinstance(item, Text):
            if item.size * scale < limits["min_text"] - EPS:
                problems.append(f"{where}: text {item.text!r} at {item.size * scale:.2f} pt is "
                                f"below {limits['min_text']:g} pt")
        elif isinstance(item, (Line, Polyline, Polygon, Rect, Circle)):
            style = item.style
            if style.stroke and style.width * scale < limits["min_line"] - EPS:
                problems.append(f"{where}: line {style.width * scale:.3f} mm is below "
                                f"{limits['min_line']:g} mm: {item.log()[:60]}")
    return problems


def text_overlaps(page: Page, tolerance: float = 0.15) -> list[str]:
    """Every pair of texts whose boxes (advance width × ascent to descent) overlap by more than
    ``tolerance`` mm both ways: a string that ran into its neighbour (a longer translation
    that was not given room). Texts inside symbols are left out (pictograms draw their own)."""
    boxes = sorted((page_bounds(item, matrix), item.text, "/".join(names) or "page")
                   for item, matrix, names in walk(page)
                   if isinstance(item, Text) and not any(n.startswith("symbol:") for n in names))
    found = []
    for i, ((x0, y0, x1, y1), text_a, where) in enumerate(boxes):
        for (u0, v0, u1, v1), text_b, _ in boxes[i + 1:]:
            if u0 > x1 - tolerance:
                break           # sorted by left edge: nothing further right can overlap
            if min(x1, u1) - max(x0, u0) > tolerance and min(y1, v1) - max(y0, v0) > tolerance:
                found.append(f"{where}: {text_a!r} overlaps {text_b!r}")
    return found


def named_groups(page: Page) -> set[str]:
    """Names of every named group on a page (areas, panels…), including nested ones."""
    names: set[str] = set()
    for _item, _m, path in walk(page):
        names.update(n for n in path if not n.startswith("symbol:"))
    return names


# ---- colour ------------------------------------------------------------------------------------

def luminance(colour: str) -> float:
    """Relative luminance of '#rrggbb' (WCAG 2: linearised sRGB, Rec. 709 weights)."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_grey(colour: str) -> bool:
    return colour[1:3] == colour[3:5] == colour[5:7]


# ---- what lies under a text ---------------------------------------------------------------------

class _Fill(NamedTuple):
    """A filled shape on the page: paint order, colour, page bounds and a point test."""

    order: int
    colour: str
    bounds: tuple[float, float, float, float]
    shape: tuple  # ("poly", points) or ("circle", cx, cy, r)

    def covers(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bounds
        if not (x0 - EPS <= x <= x1 + EPS and y0 - EPS <= y <= y1 + EPS):
            return False
        if self.shape[0] == "circle":
            _, cx, cy, r = self.shape
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r + EPS
        return _inside(self.shape[1], x, y)


def _inside(points, x: float, y: float) -> bool:
    """Even-odd point-in-polygon test."""
    inside = False
    n = len(points)
    for i in range(n):
        (xa, ya), (xb, yb) = points[i], points[(i + 1) % n]
        if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
            inside = not inside
    return inside


def _fill_of(order: int, item, matrix) -> _Fill | None:
    """The page-space fill of a leaf primitive, or None when it fills nothing."""
    style = getattr(item, "style", None)
    if style is None or not style.fill or isinstance(item, (Line, Polyline)):
        return None
    bounds = page_bounds(item, matrix)
    if isinstance(item, Circle):
        cx, cy = apply(matrix, item.cx, item.cy)
        return _Fill(order, style.fill, bounds, ("circle", cx, cy, item.r * matrix_scale(matrix)))
    if isinstance(item, Rect):
        corners = ((item.x, item.y), (item.x + item.w, item.y),
                   (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
    else:
        corners = item.points
    return _Fill(order, style.fill, bounds, ("poly", [apply(matrix, x, y) for x, y in corners]))


class TextContrast(NamedTuple):
    """One text, where it is, its colour, the background it reads worst against, the ratio."""

    where: str
    text: Text
    background: str
    ratio: float

    def describe(self) -> str:
        return (f"{self.where}: text {self.text.text!r} {self.text.fill} on {self.background}: "
                f"{self.ratio:.2f}:1")


def _cells(bounds) -> Iterator[tuple[int, int]]:
    x0, y0, x1, y1 = bounds
    for cx in range(int(x0 // _CELL), int(x1 // _CELL) + 1):
        for cy in range(int(y0 // _CELL), int(y1 // _CELL) + 1):
            yield cx, cy


def text_contrasts(page: Page) -> list[TextContrast]:
    """Every text of the page with its worst background and contrast ratio, in paint order."""
    grid: dict[tuple[int, int], list[_Fill]] = {}
    texts = []
    for order, (item, matrix, names) in enumerate(walk(page)):
        if isinstance(item, Text):
            texts.append((order, item, matrix, "/".join(names) or "page"))
            continue
        fill = _fill_of(order, item, matrix)
        if fill is not None:
            for cell in _cells(fill.bounds):
                grid.setdefault(cell, []).append(fill)
    result = []
    for order, item, matrix, where in texts:
        worst: tuple[str, float] | None = None
        for x, y in _probes(item, matrix):
            under = [f for f in grid.get((int(x // _CELL), int(y // _CELL)), ())
                     if f.order < order and f.covers(x, y)]
            background = max(under).colour if under else PAPER
            ratio = contrast(item.fill, background)
            if worst is None or ratio < worst[1]:
                worst = (background, ratio)
        assert worst is not None        # _PROBES is never empty
        result.append(TextContrast(where, item, *worst))
    return result


def _probes(item: Text, matrix) -> list[tuple[float, float]]:
    left = item.bounds()[0]
    y = item.y - _MID_HEIGHT * item.size * PT_TO_MM
    return [apply(matrix, left + f * item.width, y) for f in _PROBES]


# ---- the checks ------------------------------------------------------------------------------

def legibility_problems(page: Page, sheet: Sheet) -> list[str]:
    """Texts below the contrast minimum and fills told apart only by a small grey step."""
    minimum = sheet.limits["min_contrast"]
    problems = [c.describe() + f", below {minimum:g}:1"
                for c in text_contrasts(page) if c.ratio < minimum - EPS]
    return problems + grey_step_problems(page, sheet.limits["min_grey_step"])


def grey_step_problems(page: Page, minimum: float) -> list[str]:
    """Sibling shapes of one kind and size whose fills are different greys closer than
    ``minimum``:1.

    Siblings (same enclosing groups and symbol) of one kind and size sorted into greys read as
    "the same thing, another kind", and grey is all that tells the kinds apart; on a photocopy a
    small step vanishes. A grey counts as a kind when at least two shapes have it: one shaded
    header row over one plain row is a layout, not a set of kinds. Shapes in other groups (each
    layer of a dig under its own heading, a pictogram against the grid it sits on), of other
    sizes, or in colours with a hue are told apart otherwise and are not compared.
    """
    groups: dict[tuple, Counter] = {}
    for item, matrix, names in walk(page):
        fill = _fill_of(0, item, matrix)
        if fill is None or not is_grey(fill.colour):
            continue
        x0, y0, x1, y1 = fill.bounds
        key = ("/".join(names) or "page", type(item).__name__, round(x1 - x0, 1),
               round(y1 - y0, 1))
        groups.setdefault(key, Counter())[fill.colour] += 1
    problems = []
    for (where, kind, w, h), counts in sorted(groups.items()):
        ordered = sorted(c for c, n in counts.items() if n >= 2)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                ratio = contrast(a, b)
                if ratio < minimum - EPS:
                    problems.append(f"{where}: {kind.lower()}s of {w:g} x {h:g} mm filled {a} "
                                    f"and {b} differ by a grey step of {ratio:.2f}:1, below "
                                    f"{minimum:g}:1")
    return problems


# ---- details of pictograms ----------------------------------------------------------------------

#: A colour darker than this relative luminance is a "black" detail, lighter a "white" one.
_DARK = 0.45
#: A thin part is looked for between edges that face each other: their gap is this close to
#: square to at least one of them (|cos| below it), not along the outline.
_FACING = 0.5
#: A thin part this many times the minimum or less from where two shapes' outlines cross is
#: the wedge of a join (a corner that prints a little rounder), not a detail: a join's wedge
#: is thinner than the minimum only that close to it unless its angle is under about 18°.
_WEDGE = 3.0


def detail_problems(page: Page, minimum: float) -> list[str]:
    """Every pictogram (a page symbol, at the scale it is used) with a white or black detail
    thinner than ``minimum`` mm: a bar, a gap, a slit or a ring that print fills in or breaks.

    A detail is found between two edges of the symbol's filled shapes (of one shape, or of two)
    that face each other closer than ``minimum`` at the used scale: the colour in the middle of
    that gap (what is painted last there, else what lies under the symbol on the page) is dark
    while both sides are light, or light while both sides are dark. Each symbol and scale is
    reported once, with its thinnest detail."""
    background = _Backgrounds(page)
    symbols = {s.name: s for s in page.symbols}
    thinnest: dict[tuple[str, bool], list[tuple[float, str, tuple[float, float], float]]] = {}
    found: dict[tuple[str, float], str] = {}
    for name, matrix, names in _uses(page):
        scale = matrix_scale(matrix)
        light = not _is_dark(background.at(*apply(matrix, 0.0, 0.0)))
        key = (name, light)
        if key not in thinnest:
            thinnest[key] = _details(symbols[name], light)
        for width, kind, where, join in thinnest[key]:
            if width * scale < minimum - EPS and join * scale > _WEDGE * minimum:
                found.setdefault((name, round(scale, 3)), (
                    f"{'/'.join(names) or 'page'}: symbol {name} at scale {scale:.3f} has a "
                    f"{kind} detail {width * scale:.3f} mm wide at {_pt(where)} (symbol units), "
                    f"below {minimum:g} mm"))
                break
    return sorted(found.values())


def _pt(p: tuple[float, float]) -> str:
    return f"({p[0]:.2f}, {p[1]:.2f})"


def _uses(page: Page):
    """Every symbol use of a page as (symbol name, its matrix, the enclosing groups' names), from
    the leaves :func:`walk` expands (pictograms hold primitives only: no group inside)."""
    seen = set()
    for _item, matrix, names in walk(page):
        if names and names[-1].startswith("symbol:") and (names[-1], matrix) not in seen:
            seen.add((names[-1], matrix))
            yield names[-1][len("symbol:"):], matrix, names[:-1]


def _is_dark(colour: str) -> bool:
    return luminance(colour) < _DARK


class _Backgrounds:
    """The colour painted at a point of a page by its filled shapes outside symbols (the last
    one covering it), else the paper."""

    def __init__(self, page: Page):
        self.fills = [f for order, (item, matrix, names) in enumerate(walk(page))
                      if not any(n.startswith("symbol:") for n in names)
                      and (f := _fill_of(order, item, matrix)) is not None]

    def at(self, x: float, y: float) -> str:
        under = [f for f in self.fills if f.covers(x, y)]
        return max(under).colour if under else PAPER


def _outline(item) -> tuple[tuple[float, float], ...] | None:
    """The outline of a filled primitive of a symbol (circles as 32-gons)."""
    if isinstance(item, Rect):
        return ((item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h),
                (item.x, item.y + item.h))
    if isinstance(item, Polygon):
        return tuple(item.points)
    if isinstance(item, Circle):
        return tuple((item.cx + item.r * math.cos(2 * math.pi * k / 32),
                      item.cy + item.r * math.sin(2 * math.pi * k / 32)) for k in range(32))
    return None


def _details(symbol, light_under: bool) -> list[tuple[float, str, tuple[float, float], float]]:
    """The thin parts of a symbol as (width in symbol units, "white" or "black", where, the
    distance to the nearest join of the two shapes), thinnest first, on a light or dark
    background."""
    shapes = []
    for order, item in enumerate(symbol.items):
        style = getattr(item, "style", None)
        outline = _outline(item) if style is not None and style.fill else None
        if outline:
            fill = _fill_of(order, item, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
            shapes.append((fill, outline))
    edges = [((pts[i], pts[(i + 1) % len(pts)]), s) for s, (_, pts) in enumerate(shapes)
             for i in range(len(pts))]
    # where the outlines of two shapes cross, they meet at a join: the wedge beside a join is
    # a corner, not a detail
    joins: dict[tuple[int, int], list] = {}
    for i, (e1, s1) in enumerate(edges):
        for e2, s2 in edges[i + 1:]:
            if s1 != s2 and _cross(*e1, *e2):
                joins.setdefault((s1, s2), []).append(_intersection(*e1, *e2))

    def dark_at(x: float, y: float) -> bool:
        for fill, _ in reversed(shapes):
            if fill.covers(x, y):
                return _is_dark(fill.colour)
        return not light_under

    out = []
    convex = {i for i, (_, pts) in enumerate(shapes) if _convex(pts)}
    for i in convex:      # a convex shape's only thin part is its narrowest width
        width, normal, centre = _narrowest(shapes[i][1])
        ux, uy = normal
        mid = dark_at(*centre)
        side1 = dark_at(centre[0] - ux * width, centre[1] - uy * width)
        side2 = dark_at(centre[0] + ux * width, centre[1] + uy * width)
        if mid != side1 and mid != side2:
            out.append((width, "black" if mid else "white", centre, math.inf))
    for i, (e1, s1) in enumerate(edges):
        for e2, s2 in edges[i + 1:]:
            if s1 == s2 and s1 in convex:
                continue      # across an ellipse's tip, not a detail of its own
            gap = _closest(e1, e2)
            if gap is None:
                continue
            d, p1, p2 = gap
            ux, uy = (p2[0] - p1[0]) / d, (p2[1] - p1[1]) / d
            if min(abs(_cos(e1, ux, uy)), abs(_cos(e2, ux, uy))) >= _FACING:
                continue      # along the outline (a corner, a many-sided curve), not across it
            mid = dark_at((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
            side1 = dark_at(p1[0] - ux * d / 2, p1[1] - uy * d / 2)
            side2 = dark_at(p2[0] + ux * d / 2, p2[1] + uy * d / 2)
            if mid != side1 and mid != side2:
                where = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
                join = min((math.dist(where, j) for j in joins.get((s1, s2), ())),
                           default=math.inf)
                out.append((d, "black" if mid else "white", where, join))
    return sorted(out)


def _convex(points) -> bool:
    n = len(points)
    turns = [(points[(i + 1) % n][0] - points[i][0]) * (points[(i + 2) % n][1] - points[i][1])
             - (points[(i + 1) % n][1] - points[i][1]) * (points[(i + 2) % n][0] - points[i][0])
             for i in range(n)]
    return all(t >= -EPS for t in turns) or all(t <= EPS for t in turns)


def _narrowest(points) -> tuple[float, tuple[float, float], tuple[float, float]]:
    """A convex polygon's narrowest width, the unit normal of that width and its centre."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    best = (math.inf, (0.0, 1.0))
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        length = math.hypot(bx - ax, by - ay)
        if length < EPS:
            continue
        nx, ny = (ay - by) / length, (bx - ax) / length
        width = max(abs((x - ax) * nx + (y - ay) * ny) for x, y in points)
        if width < best[0]:
            best = (width, (nx, ny))
    return best[0], best[1], (cx, cy)


def _intersection(a, b, c, d) -> tuple[float, float]:
    """Where two crossing segments cross."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = a, b, c, d
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))


def _cos(edge, ux: float, uy: float) -> float:
    (ax, ay), (bx, by) = edge
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    return 0.0 if length < EPS else ((bx - ax) * ux + (by - ay) * uy) / length


def _closest(e1, e2):
    """(distance, point on e1, point on e2) of two segments that neither touch nor cross;
    None when they do."""
    (a, b), (c, d) = e1, e2
    if _cross(a, b, c, d):
        return None
    best = None
    for p, seg, first in ((a, e2, True), (b, e2, True), (c, e1, False), (d, e1, False)):
        q = _project(p, seg)
        dist = ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
        if best is None or dist < best[0]:
            best = (dist, p, q) if first else (dist, q, p)
    return best if best[0] > EPS else None


def _project(p, seg):
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length < EPS else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return (ax + t * dx, ay + t * dy)


def _cross(a, b, c, d) -> bool:
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (side(a, b, c) * side(a, b, d) < 0) and (side(c, d, a) * side(c, d, b) < 0)
