"""The start badge (S, French D) touches tile 1 and no other tile: players follow the trail by
what touches what, so a badge beside tile 1 that also touches tile k would read as tile k's
start. Measured over 120 trails of each shape and the cell sizes of the sheets (before: the
badge sat in the middle of a free cell that touched a second tile on about 24% of serpentine,
40% of spiral and 10% of meander sheets)."""

from __future__ import annotations

import math

import pytest

from generator.core.rng import make_rng
from generator.games.tut.generate import generate_trail
from generator.games.tut.render import badge_point, badge_radius
from generator.games.tut.render_tiles import STEPS, start_cell

SEEDS = range(120)
TOUCH = 0.1          # cells: closer than this is touching


def gaps(trail, point, r) -> dict[int, float]:
    """Distance (in cells) from the badge (centre ``point``, radius ``r`` cells) to every tile
    of the trail (1-based; 0 the pyramid); 0 where they overlap."""
    px, py = point
    out = {}
    for n, (cx, cy) in [(i + 1, c) for i, c in enumerate(trail.path)] + [(0, trail.pyramid)]:
        dx = max(cx - px, 0, px - (cx + 1))
        dy = max(cy - py, 0, py - (cy + 1))
        out[n] = max(0.0, math.hypot(dx, dy) - r)
    return out


def touched(trail, point, r) -> set[int]:
    return {n for n, gap in gaps(trail, point, r).items() if gap < TOUCH}


@pytest.mark.parametrize("shape", ["serpentine", "spiral", "meander"])
@pytest.mark.parametrize("cell", [5.0, 9.0, 11.25, 14.0])
def test_the_badge_touches_only_tile_1(shape, cell):
    bad = []
    for seed in SEEDS:
        trail = generate_trail(make_rng(seed), shape=shape)
        r = badge_radius(cell) / cell
        point = badge_point(trail, cell)
        if touched(trail, point, r) != {1} or not min(
                g for n, g in gaps(trail, point, r).items() if n == 1) + 1e-9 > 0:
            bad.append(seed)
    assert bad == []


def test_the_old_place_touched_a_second_tile_often():
    """The measurement can fail: the old badge, in the middle of the chosen free cell, shared
    that cell with a second tile on many spiral trails."""
    def second_tile(trail) -> bool:
        sx, sy = start_cell(trail)
        near = {(sx + a, sy + b) for a, b in STEPS}
        return bool(near & (set(trail.path[1:]) | {trail.pyramid}))

    assert sum(second_tile(generate_trail(make_rng(s), shape="spiral")) for s in SEEDS) > 20


def test_the_sheet_draws_the_badge_there():
    from generator.draw.scene import Circle
    from generator.produce import build

    built = build("tut", "trail", 1, options={"shape": "spiral"})[0]
    trail = built.item
    (page,) = built.pages
    table = next(item for item in page.items if getattr(item, "name", "") == "table")
    circles = [c for c in table.items if isinstance(c, Circle)]
    cell = table.items[0].w / trail.table[0]
    bx, by = badge_point(trail, cell)
    assert [(round(c.cx, 6), round(c.cy, 6), round(c.r, 6)) for c in circles] == [
        (round(bx * cell, 6), round(by * cell, 6), round(badge_radius(cell), 6))]
