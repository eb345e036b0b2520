"""The engine's static view of one map: bit layouts of squares and edges, and every tile
orientation as bit masks, computed once per map so a move costs a few integer operations.

Squares: bit ``y*S + x`` with stride ``S = w + 1`` (one spare column, so shifting a mask never
wraps a tile from one row into the next). Edges: the top edge of square (x, y) is bit ``y*S + x``
(y = 0..h); the left edge of (x, y) is bit ``HB + y*S + x`` (x = 0..w) with ``HB = (h+1)*S``.
A tile's masks are built at anchor (0, 0); at anchor (ax, ay) every one of them is shifted left by
``ay*S + ax`` — the same shift for squares and both kinds of edge.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from generator.games.realms.model import (
    DELTA,
    OPPOSITE,
    SIDES,
    Form,
    Map,
    data,
    distinct_forms,
    forms,
    golem_colours,
    table_rows,
)


class TileMask:
    """One orientation of a tile as masks at anchor (0, 0)."""

    __slots__ = (
        "cells",
        "code",
        "edges",
        "form",
        "h",
        "ncells",
        "opens",
        "shape_id",
        "turn",
        "w",
        "walls",
    )

    def __init__(self, board: Board, form: Form, shape_id: int):
        self.form, self.code, self.turn = form, form.code, form.turn
        self.w, self.h, self.shape_id = form.width, form.height, shape_id
        cells = set(form.cells)
        self.ncells = len(cells)
        self.cells = sum(1 << board.cell(x, y) for x, y in cells)
        opens = {board.edge(x, y, s) for x, y, s in form.openings}
        outer = set()
        for x, y in cells:
            for s, (dx, dy) in DELTA.items():
                if (x + dx, y + dy) not in cells:
                    outer.add(board.edge(x, y, s))
        inner = {board.edge(x, y, s) for x, y in cells for s in SIDES} - outer
        self.opens = sum(1 << e for e in opens)
        self.walls = sum(1 << e for e in outer - opens)
        self.edges = sum(1 << e for e in outer | inner)


class Board:
    """Bit layout, static masks and tile masks of one map (shared by every sheet on it)."""

    def __init__(self, m: Map):
        self.map = m
        self.w, self.h = m.size
        self.S = self.w + 1
        self.HB = (self.h + 1) * self.S
        self._line_masks: dict[int, int] = {}
        self._layout_squares(m)
        self._layout_edges(m)
        self._layout_tiles()

    # -- geometry helpers
    def cell(self, x: int, y: int) -> int:
        return y * self.S + x

    def xy(self, bit: int) -> tuple[int, int]:
        return bit % self.S, bit // self.S

    def edge(self, x: int, y: int, side: str) -> int:
        """Edge index of side ``side`` of square (x, y)."""
        if side == "N":
            return y * self.S + x
        if side == "S":
            return (y + 1) * self.S + x
        if side == "W":
            return self.HB + y * self.S + x
        return self.HB + y * self.S + x + 1

    def edge_name(self, e: int) -> tuple[int, int, str]:
        """Canonical (x, y, side) of an edge: the N or W side of the square below/right of it."""
        if e >= self.HB:
            e -= self.HB
            return e % self.S, e // self.S, "W"
        return e % self.S, e // self.S, "N"

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h

    def line_mask(self, e: int) -> int:
        """The edges next to edge ``e`` on the same line, as a mask (the Wand's erase rule)."""
        mask = self._line_masks.get(e)
        if mask is None:
            x, y, side = self.edge_name(e)
            if side == "N":
                near = [self.edge(nx, y, "N") for nx in (x - 1, x + 1) if 0 <= nx < self.w]
            else:
                near = [self.edge(x, ny, "W") for ny in (y - 1, y + 1) if 0 <= ny < self.h]
            mask = self._line_masks[e] = sum(1 << n for n in near)
        return mask

    # -- static layout
    def _layout_squares(self, m: Map) -> None:
        self.stone = 0
        for x, y in m.stone:
            self.stone |= 1 << self.cell(x, y)
        for r in m.rooms:
            self.stone |= 1 << self.cell(r.x, r.y)
        self.free = 0
        for y in range(self.h):
            for x in range(self.w):
                if not self.stone >> self.cell(x, y) & 1:
                    self.free |= 1 << self.cell(x, y)
        #: square bit -> (kind, amount) of the finding lying there
        self.finding_at = {self.cell(f.x, f.y): (f.kind, f.amount) for f in m.findings}
        self.findings = sum(1 << b for b in self.finding_at)

    def _layout_edges(self, m: Map) -> None:
        #: entrance edge -> index; door edge -> room index
        self.entrance_edge = {self.edge(e.x, e.y, e.side): i for i, e in enumerate(m.entrances)}
        self.door_edge = {self.edge(*self._front(r), OPPOSITE[r.door]): i
                          for i, r in enumerate(m.rooms)}
        self.entrances = sum(1 << e for e in self.entrance_edge)
        self.doors = sum(1 << e for e in self.door_edge)
        self.blocked_edges = 0      # edges of a free square facing the map edge or stone
        self.fresh = 0              # edges between two free squares
        self.edge_cells: dict[int, tuple[int, int]] = {}
        for y in range(self.h):
            for x in range(self.w):
                if not self.free >> self.cell(x, y) & 1:
                    continue
                for s, (dx, dy) in DELTA.items():
                    e = self.edge(x, y, s)
                    nx, ny = x + dx, y + dy
                    if self.inside(nx, ny) and self.free >> self.cell(nx, ny) & 1:
                        self.fresh |= 1 << e
                        self.edge_cells[e] = (self.cell(x, y), self.cell(nx, ny))
                    else:
                        self.edge_cells[e] = (self.cell(x, y), -1)
                        if not (self.entrances | self.doors) >> e & 1:
                            self.blocked_edges |= 1 << e

    def _front(self, room) -> tuple[int, int]:
        dx, dy = DELTA[room.door]
        return room.x + dx, room.y + dy

    def _layout_tiles(self) -> None:
        rows = table_rows()
        self.shape_ids = {code: i for i, code in enumerate(c for d in sorted(rows)
                                                           for c in rows[d])}
        room = data()["table"]["room"]
        #: (code, turn) -> TileMask, for all 8 turns of every shape
        self.masks: dict[tuple[str, int], TileMask] = {}
        for code in list(self.shape_ids) + [room]:
            sid = self.shape_ids.get(code, -1)
            made = {f.turn: TileMask(self, f, sid) for f in distinct_forms(code)}
            for f in forms(code):
                canon = next(t for t, tm in made.items()
                             if (tm.form.cells, tm.form.openings) == (f.cells, f.openings))
                self.masks[(code, f.turn)] = made[canon]
        #: die value -> side -> [(mask, ox, oy)]: orientations with an opening on that side
        self.by_side = {v: self._by_side([self.masks[(c, f.turn)] for c in codes
                                          for f in distinct_forms(c)])
                        for v, codes in rows.items()}
        self.room_by_side = self._by_side([self.masks[(room, f.turn)]
                                           for f in distinct_forms(room)])
        spec = data()["shovel"]
        self.shovels: dict[str, TileMask] = {}
        for n in range(spec["min_openings"], spec["max_openings"] + 1):
            for sides in combinations(SIDES, n):
                form = Form("shovel", 0, ((0, 0),), tuple((0, 0, s) for s in sides), 1, 1)
                self.shovels["".join(sides)] = TileMask(self, form, -1)
        self.shovel_by_side = self._by_side(list(self.shovels.values()))

    def _by_side(self, masks: list[TileMask]) -> dict[str, list]:
        out: dict[str, list] = {s: [] for s in SIDES}
        for tm in masks:
            for x, y, s in tm.form.openings:
                out[s].append((tm, x, y))
        return out

    def golem_bit(self, kind: str) -> int:
        """Bit of a colour in the golem/gem masks (``golem-red`` or ``gem-red``)."""
        return 1 << golem_colours().index(kind.split("-", 1)[1])


@lru_cache(maxsize=32)
def board_for(m: Map) -> Board:
    """The (cached) board of a map."""
    return Board(m)
