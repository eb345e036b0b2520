"""Stone and rooms of a generated map: shapes from ``[generate.shapes]`` spread over the map's
four quarters, then rooms cut into them, spread out as well.

Every shape is used in all its turns and mirrors. Shapes never touch each other, not even at a
corner, and keep ``border`` squares from the outer wall, so the free squares stay one region and
the one-square gaps between shapes become corridors. Each new shape goes to the quarter with the
least stone so far, and a shape of a kind the map does not have yet is drawn more often, so the
stone takes several shapes (bars, L, T, C...).

Rooms lie inside the blocks of stone, as the rulebook has them: every side of a room but its door
is stone, another room or the outer wall. Such a *room site* is a stone square with stone on
three sides (the middle of a T's bar, the long sides of a block) or a free square with stone on
three sides (the mouth of a U or a C), which becomes part of its block. Until the stone offers a
site for every room, only shapes with sites are drawn; each next room goes to the block with the
fewest rooms, and among those to the site farthest from the rooms already placed.

A layout that cannot meet a constraint raises :class:`LayoutFailed` (tried again by the caller).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from generator.games.realms.generate.stats import blocks, shape_of
from generator.games.realms.model import DELTA, Room, data, golem_colours, orient

Cell = tuple[int, int]
NEW_SHAPE = 3.0          # how much more often a shape the map lacks is drawn


class LayoutFailed(Exception):
    """One attempt broke a constraint; ``code`` names it (counted across attempts)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


@cache
def stone_shapes() -> tuple[tuple[str, float, tuple[tuple[Cell, ...], ...], int], ...]:
    """(shape kind, weight, distinct orientations, room sites) of every ``[generate.shapes]``
    entry."""
    out = []
    for spec in data()["generate"]["shapes"].values():
        forms = {orient("stone", spec["cells"], (), t).cells for t in range(8)}
        cells = set(spec["cells"])
        out.append((shape_of(cells), spec["weight"], tuple(sorted(forms)),
                    len(sites_of(cells, cells))))
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


def place_stone(rng, w: int, h: int, target: int, rooms: int = 0) -> set[Cell]:
    """About ``target`` stone squares (never more than one over) in spread, varied shapes,
    with a room site for each of ``rooms`` rooms."""
    ring = data()["generate"]["border"]
    stone: set[Cell] = set()
    halo: set[Cell] = set()
    per_quarter = [0, 0, 0, 0]
    kinds: Counter = Counter()
    sites = 0
    for _ in range(300):
        left = target - len(stone)
        if left <= 0 and sites >= rooms:
            break
        forms, found = _choose_forms(rng, kinds, max(left, 0), max(rooms - sites, 0))
        order = sorted(range(4), key=lambda k: (per_quarter[k], rng.random()))
        for q in order:                  # the quarter with the least stone that has room
            cells = _fit(rng, forms, q, w, h, ring, halo)
            if cells is not None:
                break
        else:
            continue
        stone |= cells
        halo |= {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        per_quarter[q] += len(cells)
        kinds[shape_of(cells)] += 1
        sites += found
    if len(stone) < target:
        raise LayoutFailed("stone", f"only {len(stone)} of {target} stone squares fit")
    if sites < rooms:
        raise LayoutFailed("room-sites", f"the stone has room sites for {sites} of {rooms} rooms")
    return stone


def _choose_forms(rng, kinds: Counter, left: int,
                  sites: int = 0) -> tuple[tuple[tuple[Cell, ...], ...], int]:
    """The orientations of the next shape and its room sites: one no bigger than the squares
    left (plus one), favouring kinds the map has not got yet. While ``sites`` room sites are
    still wanted, one with sites that leaves squares enough for the others at the densest
    shape's rate (the densest when none does); fillers when nothing else fits."""
    shapes = stone_shapes()
    if sites:
        rate = min(len(forms[0]) / found for _, _, forms, found in shapes if found)
        fit = [s for s in shapes if s[3] and
               len(s[2][0]) + rate * max(sites - s[3], 0) <= left + 1]
        eligible = fit or [min((s for s in shapes if s[3]), key=lambda s: len(s[2][0]) / s[3])]
    else:
        eligible = [s for s in shapes if len(s[2][0]) <= left + 1]
    new = NEW_SHAPE ** 2 if sites else NEW_SHAPE     # room blocks come first: vary them more
    pool = [(kind, weight * (new if not kinds[kind] else 1.0), forms, found)
            for kind, weight, forms, found in eligible]
    if not pool:
        return tuple(f for f in fillers() if len(f) <= left + 1), 0
    r = rng.random() * sum(weight for _, weight, _, _ in pool)
    for _, weight, forms, found in pool:
        r -= weight
        if r <= 0:
            return forms, found
    return pool[-1][2], pool[-1][3]


def _fit(rng, forms, q: int, w: int, h: int, ring: int, halo: set) -> set[Cell] | None:
    """One orientation of the shape at a spot of quarter ``q`` clear of other shapes, drawn
    among every such spot (None when there is none)."""
    spots = []
    for form in forms:
        fw = max(x for x, _ in form) + 1
        fh = max(y for _, y in form) + 1
        for y0 in range(ring, h - ring - fh + 1):
            for x0 in range(ring, w - ring - fw + 1):
                if _quarter((x0 + fw // 2, y0 + fh // 2), w, h) != q:
                    continue
                if not any((x0 + x, y0 + y) in halo for x, y in form):
                    spots.append((form, x0, y0))
    if not spots:
        return None
    form, x0, y0 = spots[rng.randrange(len(spots))]
    return {(x0 + x, y0 + y) for x, y in form}


# ------------------------------------------------------------------------------------ rooms

def room_contents(rng, sarcophagi: int, golems: int) -> list[str]:
    """The rooms' contents: sarcophagi, then one gem per golem colour drawn."""
    colours = list(golem_colours())
    rng.shuffle(colours)
    gems = sorted(colours[:golems], key=golem_colours().index)
    return ["sarcophagus"] * sarcophagi + [f"gem-{c}" for c in gems]


def sites_of(stone: set[Cell], blocked: set[Cell], free=None) -> list[tuple[Cell, str]]:
    """Room sites as (square, door side): a square of ``stone``, or of ``free`` (default: every
    square next to the stone that is not ``blocked``), with exactly one side not ``blocked``
    (stone, rooms): the door's. The outer wall is left to the caller (``free`` then holds only
    squares of the map)."""
    out = []
    if free is None:
        free = {(x + dx, y + dy) for x, y in stone for dx, dy in DELTA.values()} - blocked
    for x, y in sorted(stone | set(free), key=lambda c: (c[1], c[0])):
        open_ = [side for side, (dx, dy) in DELTA.items() if (x + dx, y + dy) not in blocked]
        if len(open_) == 1:
            out.append(((x, y), open_[0]))
    return out


def place_rooms(rng, w: int, h: int, stone: set, contents: list[str],
                avoid: set[Cell] = frozenset()) -> list[Room]:
    """A room per content at a room site (see the module doc), each door facing its own free
    square (never one of ``avoid``, e.g. the entrance squares); spread over blocks and over
    the map. A site in a free square joins the stone: ``stone`` gains it."""
    block_of = {c: i for i, part in enumerate(blocks(stone)) for c in part}
    rooms: list[Room] = []
    fronts: set[Cell] = set()
    per_block: Counter = Counter()
    inside = {(x, y) for x in range(w) for y in range(h)}
    outside = {(x + dx, y + dy) for x, y in inside for dx, dy in DELTA.values()} - inside
    for content in contents:
        taken = {(r.x, r.y) for r in rooms}
        blocked = stone | taken | outside
        free = ({(x + dx, y + dy) for x, y in stone for dx, dy in DELTA.values()}
                & inside) - blocked - avoid - fronts
        best = None
        for (x, y), side in sites_of(stone - taken, blocked, free):
            dx, dy = DELTA[side]
            front = (x + dx, y + dy)
            if front in fronts or front in avoid or front not in inside:
                continue
            block = block_of.get((x, y))
            if block is None:                    # a free square: the block it joins
                block = next(block_of[n] for n in ((x + a, y + b) for a, b in DELTA.values())
                             if n in block_of)
            far = min((abs(x - r.x) + abs(y - r.y) for r in rooms), default=0)
            key = (per_block[block], -far, rng.random())
            if best is None or key < best[0]:
                best = (key, x, y, side, front, block)
        if best is None:
            raise LayoutFailed("rooms", f"only {len(rooms)} of {len(contents)} rooms found a "
                               "site inside the stone with a free square before its door")
        _, x, y, side, front, block = best
        if (x, y) not in stone:
            stone.add((x, y))
            block_of[(x, y)] = block
        fronts.add(front)
        per_block[block] += 1
        rooms.append(Room(y, x, side, content))
    _check_spread(rooms, w, h)
    return rooms


def _check_spread(rooms: list[Room], w: int, h: int) -> None:
    need = min(data()["generate"]["room_quarters"], len(rooms))
    quarters = {_quarter((r.x, r.y), w, h) for r in rooms}
    if len(quarters) < need:
        raise LayoutFailed("room-spread", f"rooms lie in {len(quarters)} quarter(s) of the "
                           f"map; at least {need} wanted")
