"""Dig geometry for the engine, in half units (the slide step).

A 5 x 4 box becomes a 10 x 8 grid and every footprint a bit mask (bit ``y * cols + x``), so
"overlaps", "held up by the level below" and "covered from above" are single integer ANDs.
:class:`Board` is fixed for a dig and shared by every game (and copy) played on it.
"""

from __future__ import annotations

import functools

from generator.core.errors import InputError
from generator.games.tanis.model import Dig, data, numbers, sheet_numbers

# Engine codes shared by rules, rules_slide and rules_invariants.
START, TAKE, EXPERT1, EXPERT2, OVER, SLIDE = range(6)   # the step of a turn
PHASES = ("start", "take", "expert-first", "expert-second", "over", "slide")
IN_DIG, EXCAVATED = -1, -2          # where a tile is besides with a player (0, 1)
EXPLORER, EXCAVATOR, EXPERT = range(3)
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Board:
    """The fixed geometry of a dig in half units: slots, levels, shapes and footprint masks."""

    def __init__(self, dig: Dig):
        play = data()["play"]
        self.step = play["slide_step"]
        self.excavator_min, self.expert_min = play["excavator_min_tiles"], play["expert_min_tiles"]
        self.floor_stop = half_units(play["floor_stop"], self.step, "floor stop")
        self.per = len(numbers())  # numbers per type: code // per is the type, code % per the number
        self.cols = half_units(dig.box[0], self.step, "box width")
        self.rows = half_units(dig.box[1], self.step, "box height")
        self.full = (1 << (self.cols * self.rows)) - 1
        self.levels = len(dig.layers)
        self.level: list[int] = []
        self.size: list[tuple[int, int]] = []
        self.start: list[tuple[int, int]] = []
        self.by_level: list[list[int]] = []
        self.number: list[int] = []          # the tile's number on the sheet, within its layer
        for depth, layer in enumerate(dig.layers):
            self.by_level.append(list(range(len(self.level), len(self.level) + len(layer))))
            self.number += sheet_numbers(layer)
            for t in layer:
                w, h = half_units(t.w, self.step, "tile size"), half_units(t.h, self.step, "tile size")
                x, y = half_units(t.x, self.step, "tile x"), half_units(t.y, self.step, "tile y")
                if x < 0 or y < 0 or x + w > self.cols or y + h > self.rows or w < 1 or h < 1:
                    raise InputError(f"layer {depth + 1}: tile at ({t.x:g}, {t.y:g}) is not "
                                     "inside the box")
                self.level.append(depth)
                self.size.append((w, h))
                self.start.append((x, y))
        # Per tile, its footprint at every top-left cell (-1 where it would leave the box).
        self.shape = [_shape_table(self.cols, self.rows, w, h) for w, h in self.size]

    @property
    def tiles(self) -> int:
        return len(self.level)

    def mask(self, tile: int, x: int, y: int) -> int:
        """Footprint of ``tile`` with its top-left corner at half-unit cell (x, y); -1 (every
        bit) when the tile would not be inside the box there."""
        if 0 <= x < self.cols and 0 <= y < self.rows:
            return self.shape[tile][y * self.cols + x]
        return -1


def clear_caches() -> None:
    """Forgets the memo of the footprint tables."""
    _shape_table.cache_clear()


@functools.cache
def _shape_table(cols: int, rows: int, w: int, h: int) -> tuple[int, ...]:
    row = (1 << w) - 1
    block = sum(row << (i * cols) for i in range(h))
    return tuple(block << (y * cols + x) if x + w <= cols and y + h <= rows else -1
                 for y in range(rows) for x in range(cols))


def half_units(value: float, step: float, what: str) -> int:
    """``value`` in half units (steps); not a whole number of steps → InputError naming ``what``."""
    n = value / step
    if n == int(n):
        return int(n)
    if abs(n - round(n)) > 1e-9:
        raise InputError(f"{what} {value:g} is not a multiple of {step:g}")
    return round(n)
