"""Print checks measured on the scene: what a player's pencil and a printer need.

``print_problems(page, sheet)`` lists every primitive that breaks a print limit of
``seeds/print.toml``: drawn outside the margins, a line thinner than the minimum, text smaller
than the minimum. Tests run it over every sheet; renderers may run it before writing.
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import Line, Page, Polygon, Polyline, Rect, Circle, Text, matrix_scale, page_bounds, walk

EPS = 1e-6


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


def named_groups(page: Page) -> set[str]:
    """Names of every named group on a page (areas, panels…), including nested ones."""
    names: set[str] = set()
    for _item, _m, path in walk(page):
        names.update(n for n in path if not n.startswith("symbol:"))
    return names
