"""Stone and rooms of a generated map: shapes from ``[generate.shapes]`` spread over the map's
four quarters, then rooms cut into them, spread out as well.

Every shape is used in all its turns and mirrors. Shapes never touch each other, not even at a
corner, and keep ``border`` squares from the outer wall, so the free squares stay one region and
the one-square gaps between shapes become corridors. Each new shape goes to the quarter with the
least stone so far, and a shape of a kind the map does not have yet is drawn more often, so the
stone takes several shapes (bars, L, T, C...). Rooms are stone squares with a door onto a free
square; each next room goes to the block with the fewest rooms, and among those to the square
farthest from the rooms already placed.

A layout that cannot meet a constraint raises :class:`LayoutFailed` (tried again by the caller).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from generator.games.realms.generate_stats import blocks, shape_of
from generator.games.realms.model import DELTA, Room, data, golem_colours, orient

Cell = tuple[int, int]
NEW_SHAPE = 3.0          # how much more often a shape the map lacks is drawn


class LayoutFailed(Exception):
    """One attempt broke a constraint; ``code`` names it (counted across attempts)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


@cache
def stone_shapes() -> tuple[tuple[str, float, tuple[tuple[Cell, ...], ...]], ...]:
    """(shape kind, weight, distinct orientations) of every ``[generate.shapes]`` entry."""
    out = []
    for spec in data()["generate"]["shapes"].values():
        forms = {orient("stone", spec["cells"], (), t).cells for t in range(8)}
        out.append((shape_of(set(spec["cells"])), spec["weight"], tuple(sorted(forms))))
    return tuple(out)


@cache
def fillers() -> tuple[tuple[Cell, ...], ...]:
    """Orientations of the small shapes that fill the last stone squares, biggest first."""
    out = []
    for cells in data()["generate"]["fillers"]:
        out += sorted({orient("stone", cells, (), t).cells for t in range(8)})
    return tuple(sorted(out, key=len, reverse=True))


def _quarter(c: Cell, w: int, h: int) -> int:
    return (2 * c[0] >= w) + 2 * (2 * c[1] >= h)


def place_stone(rng, w: int, h: int, target: int) -> set[Cell]:
    """About ``target`` stone squares (never more than one over) in spread, varied shapes."""
    ring = data()["generate"]["border"]
    stone: set[Cell] = set()
    halo: set[Cell] = set()
    per_quarter = [0, 0, 0, 0]
    kinds: Counter = Counter()
    for _ in range(300):
        left = target - len(stone)
        if left <= 0:
            break
        forms = _choose_forms(rng, kinds, left)
        q = min(range(4), key=lambda k: (per_quarter[k], rng.random()))
        cells = _fit(rng, forms, q, w, h, ring, halo)
        if cells is None:
            continue
        stone |= cells
        halo |= {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        per_quarter[q] += len(cells)
        kinds[shape_of(cells)] += 1
    if len(stone) < target:
        raise LayoutFailed("stone", f"only {len(stone)} of {target} stone squares fit")
    return stone


def _choose_forms(rng, kinds: Counter, left: int) -> tuple[tuple[Cell, ...], ...]:
    """The orientations of the next shape: one no bigger than the squares left (plus one),
    favouring kinds the map has not got yet; fillers when nothing else fits."""
    pool = [(kind, weight * (NEW_SHAPE if not kinds[kind] else 1.0), forms)
            for kind, weight, forms in stone_shapes() if len(forms[0]) <= left + 1]
    if not pool:
        return tuple(f for f in fillers() if len(f) <= left + 1)
    r = rng.random() * sum(weight for _, weight, _ in pool)
    for _, weight, forms in pool:
        r -= weight
        if r <= 0:
            return forms
    return pool[-1][2]


def _fit(rng, forms, q: int, w: int, h: int, ring: int, halo: set) -> set[Cell] | None:
    """One orientation of the shape at a spot of quarter ``q`` clear of other shapes."""
    if not forms:
        return None
    for _ in range(30):
        form = forms[rng.randrange(len(forms))]
        fw = max(x for x, _ in form) + 1
        fh = max(y for _, y in form) + 1
        if fw > w - 2 * ring or fh > h - 2 * ring:
            continue
        x0 = rng.randint(ring, w - ring - fw)
        y0 = rng.randint(ring, h - ring - fh)
        cells = {(x0 + x, y0 + y) for x, y in form}
        centre = (x0 + fw // 2, y0 + fh // 2)
        if _quarter(centre, w, h) == q and not cells & halo:
            return cells
    return None


# ------------------------------------------------------------------------------------ rooms

def room_contents(rng, sarcophagi: int, golems: int) -> list[str]:
    """The rooms' contents: sarcophagi, then one gem per golem colour drawn."""
    colours = list(golem_colours())
    rng.shuffle(colours)
    gems = sorted(colours[:golems], key=golem_colours().index)
    return ["sarcophagus"] * sarcophagi + [f"gem-{c}" for c in gems]


def place_rooms(rng, w: int, h: int, stone: set, contents: list[str],
                avoid: set[Cell] = frozenset()) -> list[Room]:
    """A room per content, cut into stone squares, each door facing its own free square (never
    one of ``avoid``, e.g. the entrance squares); spread over blocks and over the map."""
    candidates = []
    for x, y in sorted(stone):
        for side, (dx, dy) in DELTA.items():
            front = (x + dx, y + dy)
            if 0 <= front[0] < w and 0 <= front[1] < h and front not in stone | avoid:
                candidates.append((x, y, side, front))
    rng.shuffle(candidates)
    block_of = {c: i for i, part in enumerate(blocks(stone)) for c in part}
    used_cells, used_fronts, rooms = set(), set(), []
    per_block: Counter = Counter()
    for content in contents:
        best = None
        for x, y, side, front in candidates:
            if (x, y) in used_cells or front in used_fronts:
                continue
            far = min((abs(x - r.x) + abs(y - r.y) for r in rooms), default=0)
            key = (per_block[block_of[(x, y)]], -far)
            if best is None or key < best[0]:
                best = (key, x, y, side, front)
        if best is None:
            raise LayoutFailed("rooms", f"only {len(rooms)} of {len(contents)} rooms found a "
                               "stone square with a free square before its door")
        _, x, y, side, front = best
        used_cells.add((x, y))
        used_fronts.add(front)
        per_block[block_of[(x, y)]] += 1
        rooms.append(Room(y, x, side, content))
    _check_spread(rooms, w, h)
    return rooms


def _check_spread(rooms: list[Room], w: int, h: int) -> None:
    need = min(data()["generate"]["room_quarters"], len(rooms))
    quarters = {_quarter((r.x, r.y), w, h) for r in rooms}
    if len(quarters) < need:
        raise LayoutFailed("room-spread", f"rooms lie in {len(quarters)} quarter(s) of the "
                           f"map; at least {need} wanted")
