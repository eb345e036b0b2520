"""What a map looks like to a designer: the grid's geometry (walks, dead ends, nooks, corridors)
and the measures the generator is held to (coins, keys, stone share, the shapes of the stone
blocks, where rooms and findings lie). The generator places findings with the geometry; the
benchmark and the tests measure generated maps against the hand-made ones with the measures.

Terms: a *dead end* is a free square with one free neighbour; a *nook* a free square with two
free neighbours at a right angle (a corner); a *corridor* square one with exactly two free
neighbours facing each other (a passage between stone or the outer wall); a *hideout* a dead end
or a nook against stone (the map's four corners are nooks every map has, so they do not count).
A *block* is a group of stone squares (rooms included) joined side to side; its *shape* is read
from the squares of its bounding box it leaves out (see :func:`shape_of`).
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from generator.games.realms.model import DELTA, Map, regions

Cell = tuple[int, int]


class Grid:
    """The free squares of a map layout and walks over them (side to side)."""

    def __init__(self, size: tuple[int, int], blocked: set[Cell]):
        w, h = size
        self.size = size
        self.free = {(x, y) for y in range(h) for x in range(w)} - set(blocked)
        free = self.free
        self._near = {c: [n for n in ((c[0] + dx, c[1] + dy) for dx, dy in DELTA.values())
                          if n in free] for c in free}

    def neighbours(self, c: Cell) -> list[Cell]:
        near = self._near.get(c)
        if near is None:            # a square that is not free: its free neighbours
            return [(c[0] + dx, c[1] + dy) for dx, dy in DELTA.values()
                    if (c[0] + dx, c[1] + dy) in self.free]
        return near

    def distances(self, starts) -> dict[Cell, int]:
        """Steps from the nearest of ``starts`` to every free square it reaches."""
        dist = {s: 0 for s in starts if s in self.free}
        todo = deque(dist)
        near = self._near
        while todo:
            c = todo.popleft()
            d = dist[c] + 1
            for n in near[c]:
                if n not in dist:
                    dist[n] = d
                    todo.append(n)
        return dist

    def path(self, a: Cell, b: Cell) -> list[Cell]:
        """A shortest walk from ``a`` to ``b`` (both included); [] when there is none."""
        back = {a: a}
        todo = deque([a])
        while todo and b not in back:
            c = todo.popleft()
            for n in self.neighbours(c):
                if n not in back:
                    back[n] = c
                    todo.append(n)
        if b not in back:
            return []
        out = [b]
        while out[-1] != a:
            out.append(back[out[-1]])
        return out[::-1]

    def longest(self) -> int:
        """The longest shortest walk between two free squares (two sweeps: exact on trees,
        close on grids)."""
        if not self.free:
            return 0
        first = self.distances([min(self.free)])
        far = max(first, key=lambda c: (first[c], c))
        return max(self.distances([far]).values())

    def kind(self, c: Cell) -> str:
        """"dead-end", "nook", "corridor" or "open" (see the module doc)."""
        near = self.neighbours(c)
        if len(near) == 1:
            return "dead-end"
        if len(near) == 2:
            (ax, ay), (bx, by) = near
            return "corridor" if ax == bx or ay == by else "nook"
        return "open"


    def hideout(self, c: Cell) -> bool:
        """A dead end, or a nook against stone (the map's own corners do not count: every map
        has those four)."""
        kind = self.kind(c)
        if kind == "dead-end":
            return True
        w, h = self.size
        outer = sum(not (0 <= x < w and 0 <= y < h)
                    for x, y in ((c[0] + dx, c[1] + dy) for dx, dy in DELTA.values()))
        return kind == "nook" and outer < 2


def grid_of(m: Map) -> Grid:
    return Grid(m.size, set(m.stone) | {(r.x, r.y) for r in m.rooms})


def blocks(stone: set[Cell]) -> list[set[Cell]]:
    """The stone squares grouped into blocks (joined side to side), in reading order."""
    return regions(stone)


def shape_of(cells: set[Cell]) -> str:
    """A block's shape: "single", "domino", "bar" (one square wide, 3+ long), "block" (a full
    rectangle), or from the parts of its bounding box it leaves out: one at a corner "L", one in
    the middle of a side "C", two at the corners of one side "T", two at opposite corners "S",
    four corners "plus"; anything else "other"."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    w, h = x1 - x0 + 1, y1 - y0 + 1
    if len(cells) == w * h:
        if min(w, h) > 1:
            return "block"
        return {1: "single", 2: "domino"}.get(max(w, h), "bar")
    holes = blocks({(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - cells)
    corners = []
    for hole in holes:
        hx, hy = {x for x, _ in hole}, {y for _, y in hole}
        if len(hole) != len(hx) * len(hy):
            return "other"                      # a hole that is not a rectangle
        on_x = [edge for edge, v in (("W", x0), ("E", x1)) if v in hx]
        on_y = [edge for edge, v in (("N", y0), ("S", y1)) if v in hy]
        if len(on_x) + len(on_y) == 0 or (len(on_x) == 2 or len(on_y) == 2):
            return "other"                      # inside the block, or cutting across it
        corners.append((on_x[0] if on_x else "", on_y[0] if on_y else ""))
    full = [c for c in corners if c[0] and c[1]]
    if len(holes) == 1:
        return "L" if full else "C"
    if len(holes) == 2 and len(full) == 2:
        (ax, ay), (bx, by) = full
        return "T" if ax == bx or ay == by else "S"
    if len(holes) == 4 and len(full) == 4:
        return "plus"
    return "other"


#: shapes that count for variety (singles and dominoes are fillers)
SHAPES = ("bar", "L", "T", "C", "S", "plus", "block", "other")


@dataclass(frozen=True)
class MapStats:
    """The measures of one map (see the module doc)."""

    area: int
    coins: int
    keys: int
    stone_share: float
    shapes: tuple[str, ...]         # the shape of every block
    dead_ends: int
    corridor_share: float           # corridor squares / free squares
    room_quarters: int              # quarters of the map holding a room
    tucked: float                   # share of keys and mimics in a hideout
    golem_gem: float                # mean walk golem -> its gem's door, / the longest walk

    @property
    def variety(self) -> int:
        """How many different shapes (fillers aside) the stone takes."""
        return len(set(self.shapes) & set(SHAPES))


def measure(m: Map) -> MapStats:
    """The measures of map ``m``."""
    w, h = m.size
    grid = grid_of(m)
    stone = set(m.stone) | {(r.x, r.y) for r in m.rooms}
    kinds = {c: grid.kind(c) for c in grid.free}
    tucked = [grid.hideout((f.x, f.y)) for f in m.findings if f.kind in ("key", "mimic")]
    quarters = {(2 * r.x >= w, 2 * r.y >= h) for r in m.rooms}
    return MapStats(
        w * h, sum(f.amount for f in m.findings if f.kind == "coins"),
        sum(f.kind == "key" for f in m.findings), round(len(stone) / (w * h), 4),
        tuple(shape_of(b) for b in blocks(stone)),
        sum(k == "dead-end" for k in kinds.values()),
        round(sum(k == "corridor" for k in kinds.values()) / max(len(kinds), 1), 4),
        len(quarters),
        round(sum(tucked) / max(len(tucked), 1), 4),
        golem_gem_spread(m, grid))


def golem_gem_spread(m: Map, grid: Grid) -> float:
    """Mean walk from each golem to the square before its gem's door, as a share of the
    longest walk on the map (0 when the map has no golem)."""
    fronts = {r.content[4:]: door_front(r) for r in m.rooms if r.content.startswith("gem-")}
    longest = grid.longest() or 1
    walks = []
    for f in m.findings:
        colour = f.kind[6:] if f.kind.startswith("golem-") else None
        if colour in fronts:
            walks.append(grid.distances([fronts[colour]]).get((f.x, f.y), 0))
    return round(sum(walks) / len(walks) / longest, 4) if walks else 0.0


def door_front(room) -> Cell:
    """The free square a room's door faces."""
    dx, dy = DELTA[room.door]
    return room.x + dx, room.y + dy


def shape_counts(stats: list[MapStats]) -> Counter:
    """How many blocks of each shape a list of maps has."""
    return Counter(s for st in stats for s in st.shapes)


def enclosed(m: Map) -> list[bool]:
    """For each room: does it lie inside the stone, every side but its door against stone,
    another room or the outer wall (the rulebook's "small rooms inside the blocks of stone")?"""
    w, h = m.size
    blocked = set(m.stone) | {(r.x, r.y) for r in m.rooms}
    return [all(not (0 <= r.x + dx < w and 0 <= r.y + dy < h) or (r.x + dx, r.y + dy) in blocked
                for side, (dx, dy) in DELTA.items() if side != r.door)
            for r in m.rooms]


#: what :func:`features` measures, in order (the names of ``[generate.predict]``)
FEATURES = ("longest", "corridor", "tucked", "oozes", "mimics")


def features(m: Map) -> dict[str, float]:
    """What the rating's par is predicted from (:data:`FEATURES`; benchmarks/realms_predict.py
    picked them among others by how well they predict a map left out of the fit): the map's
    longest walk, its share of corridor squares, the share of its keys and mimics tucked
    away, its oozes and its mimics."""
    st = measure(m)
    kinds = [f.kind for f in m.findings]
    return {
        "longest": float(grid_of(m).longest()),
        "corridor": st.corridor_share,
        "tucked": st.tucked,
        "oozes": float(kinds.count("ooze")),
        "mimics": float(kinds.count("mimic")),
    }
