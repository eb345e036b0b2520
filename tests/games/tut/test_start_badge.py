"""The start badge (S, French D) touches tile 1 and no other tile: players follow the trail by
what touches what, so a badge beside tile 1 that also touches tile k would read as tile k's
start. Measured over 120 trails of each shape (before: about 24% of serpentine, 40% of spiral
and 10% of meander sheets put it in a cell that touches a second tile)."""

from __future__ import annotations

import pytest

from generator.core.rng import make_rng
from generator.games.tut.generate import generate_trail
from generator.games.tut.render import badge_point
from generator.games.tut.render_tiles import STEPS, start_cell

SEEDS = range(120)
RADIUS = 0.36            # the badge's radius in cells at most (render_tiles.table)


def touched(trail, point) -> set[int]:
    """Trail numbers (1-based; 0 the pyramid) of the cells a badge centred at ``point`` (in
    cells) reaches, and, when it sits inside a free cell, of the tiles that cell touches."""
    px, py = point
    cells = {cell: i + 1 for i, cell in enumerate(trail.path)} | {trail.pyramid: 0}
    out = set()
    for (cx, cy), n in cells.items():
        dx = max(cx - px, 0, px - (cx + 1))
        dy = max(cy - py, 0, py - (cy + 1))
        if dx * dx + dy * dy < (RADIUS - 1e-9) ** 2 or (dx == dy == 0):
            out.add(n)
    inside = (int(px), int(py))
    if inside not in cells and px % 1 and py % 1:
        out |= {cells[(inside[0] + a, inside[1] + b)] for a, b in STEPS
                if (inside[0] + a, inside[1] + b) in cells}
    return out


@pytest.mark.parametrize("shape", ["serpentine", "spiral", "meander"])
def test_the_badge_touches_only_tile_1(shape):
    bad = []
    for seed in SEEDS:
        trail = generate_trail(make_rng(seed), shape=shape)
        if touched(trail, badge_point(trail)) != {1}:
            bad.append(seed)
    assert bad == []


def test_the_old_place_was_wrong_often_enough_to_matter():
    """The measurement can fail: the middle of the chosen free cell (the old place) touches a
    second tile on many spiral trails."""
    wrong = sum(touched(t, (start_cell(t)[0] + 0.5, start_cell(t)[1] + 0.5)) != {1}
                for t in (generate_trail(make_rng(s), shape="spiral") for s in SEEDS))
    assert wrong > 20


def test_the_sheet_draws_the_badge_there():
    from generator.draw.scene import Circle
    from generator.produce import build

    built = build("tut", "trail", 1, options={"shape": "spiral"})[0]
    trail = built.item
    (page,) = built.pages
    table = next(item for item in page.items if getattr(item, "name", "") == "table")
    circles = [c for c in table.items if isinstance(c, Circle)]
    cell = table.items[0].w / trail.table[0]
    bx, by = badge_point(trail)
    assert [(round(c.cx, 6), round(c.cy, 6)) for c in circles] == [
        (round(bx * cell, 6), round(by * cell, 6))]
    assert (bx, by) != (start_cell(trail)[0] + 0.5, start_cell(trail)[1] + 0.5)   # on the edge
