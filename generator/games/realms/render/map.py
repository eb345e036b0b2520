"""Area B of the game sheet: the map, drawn to be mapped on with a pencil.

Free squares get a faint grid (the lines players draw their walls on); stone squares are filled
and hatched, with a firm outline; a room is a white square with heavy black walls on three sides
and a door on the fourth — two short wall ends and a notch pointing in — holding its content's
pictogram; the outer wall is heavy, broken at
the four entrances, each marked by an arrow outside the wall pointing in. Findings are the
pictograms of :mod:`generator.games.realms.pictograms`; coin piles show their number.
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Line, Polygon, Rect, Style, Symbol, Use
from generator.draw.text import text
from generator.draw.widgets import line_style
from generator.games.realms.model import DELTA, Map
from generator.games.realms.pictograms import BOX, symbol_name

PAD = 2.8            # mm around the map for the entrance arrows
OUTER_WALL = 1.0     # mm: the outer wall
ROOM_WALL = 0.9      # mm: a room's walls (black: no tile may run along them)
DOOR_JAMB = 0.2      # share of the door side the walls return at each end
STONE_EDGE = 0.45    # mm: the outline of stone blocks
GRID = 0.25          # mm: the grid players draw on
HATCH_STEP = 1.6     # mm between hatch lines, about
FINDING = 0.64       # pictogram size as a share of the square
MARKED = 0.74        # golems and gems: their colour mark needs a little more
STONE_SYMBOL = "rlm-stone"


def stone_symbol(sheet: Sheet, cell: float) -> Symbol:
    """One stone square: a pale fill and 45-degree hatching. The step divides the square so
    hatching runs on unbroken across neighbouring squares."""
    n = max(3, round(cell / HATCH_STEP))
    step = cell / n
    items: list[Item] = [Rect(0, 0, cell, cell, Style(stroke=None, fill=sheet.theme("panel")))]
    hatch = line_style(sheet, 0.25, "stone")
    for k in range(1, 2 * n):
        d = k * step      # the line x + y = d, clipped to the square
        x0, y0 = (0.0, d) if d <= cell else (d - cell, cell)
        x1, y1 = (d, 0.0) if d <= cell else (cell, d - cell)
        items.append(Line(x0, y0, x1, y1, hatch))
    return Symbol(STONE_SYMBOL, tuple(items))


def map_size(m: Map, cell: float) -> tuple[float, float]:
    """Width and height of area B (the map and its padding) for a square size ``cell``."""
    w, h = m.size
    return w * cell + 2 * PAD, h * cell + 2 * PAD


def map_area(sheet: Sheet, m: Map, cell: float) -> list[Item]:
    """The map at (PAD, PAD) inside area B's own origin."""
    w, h = m.size
    ox = oy = PAD
    items: list[Item] = []
    grid = line_style(sheet, GRID, "faint")
    items += [Line(ox + x * cell, oy, ox + x * cell, oy + h * cell, grid) for x in range(1, w)]
    items += [Line(ox, oy + y * cell, ox + w * cell, oy + y * cell, grid) for y in range(1, h)]
    stone = set(m.stone)
    items += [Use(STONE_SYMBOL, ox + x * cell, oy + y * cell) for x, y in m.stone]
    items += _stone_outline(sheet, m, stone, cell)
    for r in m.rooms:
        items += _room(sheet, r, ox + r.x * cell, oy + r.y * cell, cell)
    for f in m.findings:
        share = MARKED if f.kind.startswith("golem-") else FINDING
        items += finding(sheet, f.kind, f.amount, ox + (f.x + 0.5) * cell,
                         oy + (f.y + 0.5) * cell, cell * share)
    items += _outer_wall(sheet, m, cell)
    return items


def _stone_outline(sheet: Sheet, m: Map, stone: set, cell: float) -> list[Item]:
    """Edges between stone and free squares (the outer wall and room walls are drawn apart)."""
    w, h = m.size
    rooms = {(r.x, r.y) for r in m.rooms}
    style = line_style(sheet, STONE_EDGE, "ink")
    out: list[Item] = []
    for x, y in sorted(stone):
        for side, (dx, dy) in DELTA.items():
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or (nx, ny) in stone or (nx, ny) in rooms:
                continue
            out.append(_edge_line(x, y, side, cell, style))
    return out


def _edge_line(x: int, y: int, side: str, cell: float, style: Style) -> Line:
    x0, y0 = PAD + x * cell, PAD + y * cell
    x1, y1 = x0 + cell, y0 + cell
    return {"N": Line(x0, y0, x1, y0, style), "S": Line(x0, y1, x1, y1, style),
            "W": Line(x0, y0, x0, y1, style), "E": Line(x1, y0, x1, y1, style)}[side]


def _room(sheet: Sheet, r, x: float, y: float, cell: float) -> list[Item]:
    """A room: white square, black walls on every side but its door, the door marked, its
    content inside."""
    wall = line_style(sheet, ROOM_WALL, "ink", cap="square")
    items: list[Item] = [Rect(x, y, cell, cell, Style(stroke=None, fill=sheet.theme("paper")))]
    for side in "NESW":
        if side != r.door:
            items.append(_edge_line(r.x, r.y, side, cell, wall))
    items += _door(sheet, r, cell)
    items.append(Use(symbol_name(r.content), x + cell / 2, y + cell / 2,
                     cell * (MARKED if r.content.startswith("gem-") else FINDING) * 0.92 / BOX))
    return items


def _door(sheet: Sheet, r, cell: float) -> list[Item]:
    """The door side of a room: the walls return a little at both ends (a door frame), and a
    small notch on the doorway points into the room, so a door never reads as a gap."""
    line = _edge_line(r.x, r.y, r.door, cell, Style())
    (x1, y1), (x2, y2) = (line.x1, line.y1), (line.x2, line.y2)
    ux, uy = (x2 - x1) / cell, (y2 - y1) / cell          # along the door side
    dx, dy = DELTA[r.door]
    ix, iy = -dx, -dy                                    # into the room
    jamb = cell * DOOR_JAMB
    wall = line_style(sheet, ROOM_WALL, "ink", cap="square")
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    half, deep = cell * 0.2, cell * 0.2
    notch = Polygon(((mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half),
                     (mx + ix * deep, my + iy * deep)),
                    Style(stroke=None, fill=sheet.theme("accent")))
    return [Group((Line(x1, y1, x1 + ux * jamb, y1 + uy * jamb, wall),
                   Line(x2 - ux * jamb, y2 - uy * jamb, x2, y2, wall), notch),
                  name=f"door-{r.x}-{r.y}")]


def finding(sheet: Sheet, kind: str, amount: int, cx: float, cy: float, size: float) -> list[Item]:
    """A finding's pictogram centred at (cx, cy), ``size`` mm across; coins with their number."""
    if kind != "coins":
        return [Use(symbol_name(kind), cx, cy, size / BOX)]
    return [Use(symbol_name("coin"), cx, cy, size / BOX),
            text(cx, cy + 0.95, str(amount), 7.0, anchor="middle", bold=True,
                 fill=sheet.theme("ink"))]


def _outer_wall(sheet: Sheet, m: Map, cell: float) -> list[Item]:
    """The outer wall as runs of wall between the entrances, and an arrow at each entrance."""
    w, h = m.size
    gaps = {(e.x, e.y, e.side) for e in m.entrances}
    style = line_style(sheet, OUTER_WALL, "ink", cap="square")
    sides = {"N": [(x, 0) for x in range(w)], "S": [(x, h - 1) for x in range(w)],
             "W": [(0, y) for y in range(h)], "E": [(w - 1, y) for y in range(h)]}
    items: list[Item] = []
    for side, cells in sides.items():
        run: list[tuple[int, int]] = []
        for x, y in cells:
            if (x, y, side) in gaps:
                if run:
                    items.append(_run(run, side, cell, style))
                run = []
            else:
                run.append((x, y))
        if run:
            items.append(_run(run, side, cell, style))
    items += [_arrow(sheet, e, cell) for e in m.entrances]
    return items


def _run(run: list, side: str, cell: float, style: Style) -> Line:
    first, last = _edge_line(*run[0], side, cell, style), _edge_line(*run[-1], side, cell, style)
    return Line(first.x1, first.y1, last.x2, last.y2, style)


def _arrow(sheet: Sheet, e, cell: float) -> Polygon:
    """A filled arrowhead just outside the wall at an entrance, pointing into the map."""
    line = _edge_line(e.x, e.y, e.side, cell, Style())
    mx, my = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
    dx, dy = DELTA[e.side]           # outward
    half, out_near, out_far = min(1.9, cell * 0.3), OUTER_WALL * 0.6, PAD - 0.2
    tip = (mx + dx * out_near, my + dy * out_near)
    base = [(mx + dx * out_far - dy * half, my + dy * out_far + dx * half),
            (mx + dx * out_far + dy * half, my + dy * out_far - dx * half)]
    return Polygon((tip, *base), Style(stroke=None, fill=sheet.theme("accent")))
