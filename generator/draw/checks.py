"""Print checks measured on the scene: what a player's pencil, eyes and a printer need.

``print_problems(page, sheet)`` lists every primitive that breaks a print limit of
``seeds/print.toml``: drawn outside the margins, a line thinner than the minimum, text smaller
than the minimum; ``text_overlaps(page)`` every pair of texts printed over each other.
``legibility_problems(page, sheet)`` lists every text whose contrast with what
lies under it is below ``min_contrast`` (WCAG 2 contrast ratio), and every pair of same-shaped
fills told apart only by a grey step under ``min_grey_step``. Tests run them over every sheet;
renderers may run them before writing.

A text's background is found from the scene itself: the last filled shape painted before the
text that covers a point of it (symbols expanded, transforms applied), else the white paper.
Several points along the text are looked at, and the worst one counts, so a label that runs off
its box onto another colour is caught too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from generator.draw.paper import Sheet
from generator.draw.scene import (
    PT_TO_MM, Circle, Line, Page, Polygon, Polyline, Rect, Text, apply, matrix_scale,
    page_bounds, walk,
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
        worst = None
        for x, y in _probes(item, matrix):
            under = [f for f in grid.get((int(x // _CELL), int(y // _CELL)), ())
                     if f.order < order and f.covers(x, y)]
            background = max(under).colour if under else PAPER
            ratio = contrast(item.fill, background)
            if worst is None or ratio < worst[1]:
                worst = (background, ratio)
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
