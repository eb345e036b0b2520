"""Seeded trail layouts: a path of cells on the table and a shuffle of the 69 tiles along it.

Real tiles carry no numbers, so players follow a trail by what touches what: every layout is
*followable* — a tile touches (edge to edge) only the tiles right before and after it, and the
pyramid only the last tile. Each shape keeps a free cell between neighbouring runs to get that:

  ``serpentine``  straight runs back and forth, a free row (or column) between runs;
  ``spiral``      a rectangular spiral winding inward to the pyramid, a free ring between rings;
  ``meander``     a seeded self-avoiding walk on a coarse grid of every other cell, each step
                  bridged by one cell, so runs never touch; a flood fill keeps enough free nodes
                  ahead so the walk never traps itself.
Every choice (size, start corner, direction, offset) is drawn from the seed, so one seed gives
one layout. A table too small for a shape is a RuleError naming the smallest tables that fit
(found by search over the same construction). Tiles: a uniform shuffle, with specials kept out
of the first K tiles (``no_specials_before``) and, with ``spread``, swaps until no two tiles of
one set touch.
"""

from __future__ import annotations

import functools
import itertools
import random
import re

from generator.core.errors import BuildError, InputError, RuleError
from generator.games.tut.model import (
    GOLD,
    PHARAOH,
    Cell,
    Trail,
    facts,
    rules,
    start_coins,
    trail_tiles,
)
from generator.games.tut.rules_trail import followable_length

SHAPES = ("serpentine", "spiral", "meander")
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
GAP = 2                 # runs two cells apart: one free cell between them


def parse_table(value: str | tuple | list | None, shape: str | None = None) -> tuple[int, int]:
    """'16x10' (or [16, 10]) → (16, 10); None → the default table; malformed → InputError.

    With ``shape``, a table too small for it is a RuleError (exit 1, :func:`check_fits`).
    """
    if value is None:
        w, h = facts().table
        return (w, h)
    if isinstance(value, (tuple, list)) and len(value) == 2:
        w, h = value
    else:
        match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", str(value))
        if not match:
            raise InputError(f"--table {value}: expected WIDTHxHEIGHT in cells, e.g. 16x10")
        w, h = int(match.group(1)), int(match.group(2))
    side = facts().max_side
    if not (1 <= w <= side and 1 <= h <= side):
        raise InputError(f"--table {w}x{h}: each side must be 1 to {side} cells (the largest "
                         "table that still prints to scale on one page); try 16x10")
    if shape is not None:
        check_fits(shape, w, h, facts().trail_length + 1)
    return (w, h)


def _place(cells: list[Cell], w: int, h: int, rng: random.Random) -> list[Cell]:
    """Flips the cells at random and shifts them to a random place on a w x h table."""
    if rng.random() < 0.5:
        mx = max(x for x, _ in cells)
        cells = [(mx - x, y) for x, y in cells]
    if rng.random() < 0.5:
        my = max(y for _, y in cells)
        cells = [(x, my - y) for x, y in cells]
    dx = rng.randint(0, w - 1 - max(x for x, _ in cells))
    dy = rng.randint(0, h - 1 - max(y for _, y in cells))
    return [(x + dx, y + dy) for x, y in cells]


# ---- serpentine ----------------------------------------------------------------------------------

def _snake(run: int, count: int) -> list[Cell]:
    """Runs of ``run`` cells along x, ``GAP`` rows apart, joined at alternating ends."""
    cells: list[Cell] = []
    y = 0
    while len(cells) < count:
        xs = range(run) if (y // GAP) % 2 == 0 else range(run - 1, -1, -1)
        cells += [(x, y) for x in xs]
        end = cells[-1][0]
        cells += [(end, y + k) for k in range(1, GAP)]
        y += GAP
    return cells[:count]


@functools.cache
def _serpentine_options(w: int, h: int, count: int) -> tuple[tuple[bool, int], ...]:
    """(transposed, run) combinations whose snake fits the table and can be followed."""
    found = []
    for transposed in (False, True):
        along, across = (h, w) if transposed else (w, h)
        for run in range(3, along + 1):
            cells = _snake(run, count)
            if max(y for _, y in cells) < across and followable_length(cells) >= count:
                found.append((transposed, run))
    return tuple(found)


def serpentine(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """A back-and-forth path of ``count`` cells on a w x h table."""
    transposed, run = rng.choice(_serpentine_options(w, h, count))
    cells = _snake(run, count)
    if transposed:
        cells = [(y, x) for x, y in cells]
    return _place(cells, w, h, rng)


# ---- spiral --------------------------------------------------------------------------------------

@functools.cache
def _spiral(a: int, b: int) -> tuple[Cell, ...]:
    """The inward spiral of an a x b rectangle, rings ``GAP`` apart, from (0, 0), cut where it
    would first touch itself (near the middle, where the rings run out of room)."""
    left, top, right, bottom = 0, 0, a - 1, b - 1
    x = y = 0
    cells = [(0, 0)]
    d = 0
    while True:
        n = (right - x, bottom - y, x - left, y - top)[d]
        if n <= 0:
            break
        dx, dy = STEPS[d]
        for _ in range(n):
            x, y = x + dx, y + dy
            cells.append((x, y))
        if d == 0:
            top += GAP
        elif d == 1:
            right -= GAP
        elif d == 2:
            bottom -= GAP
        else:
            left += GAP
        d = (d + 1) % 4
    return tuple(cells[:followable_length(cells)])


@functools.cache
def _spiral_options(w: int, h: int, count: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(3, w + 1) for b in range(3, h + 1)
                 if len(_spiral(a, b)) >= count)


def spiral(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """An inward spiral of ``count`` cells ending near its middle (where the pyramid stands)."""
    a, b = rng.choice(_spiral_options(w, h, count))
    return _place(list(_spiral(a, b)[:count]), w, h, rng)


# ---- meander -------------------------------------------------------------------------------------

def _reachable(start: Cell, taken: set[Cell], w: int, h: int, need: int) -> bool:
    """Whether at least ``need`` free cells connect to ``start`` (flood fill, stops early)."""
    seen = {start}
    stack = [start]
    while stack and len(seen) < need:
        x, y = stack.pop()
        for dx, dy in STEPS:
            c = (x + dx, y + dy)
            if 0 <= c[0] < w and 0 <= c[1] < h and c not in taken and c not in seen:
                seen.add(c)
                stack.append(c)
    return len(seen) >= need


def _candidates(rng, path, taken, w, h, heading) -> list[tuple[Cell, int]]:
    """Free neighbours of the path's head, ordered by a weighted draw (straight, untouching)."""
    x, y = path[-1]
    scored = []
    for d, (dx, dy) in enumerate(STEPS):
        c = (x + dx, y + dy)
        if not (0 <= c[0] < w and 0 <= c[1] < h) or c in taken:
            continue
        weight = 3.0 if d == heading else 1.0
        touching = sum((c[0] + ex, c[1] + ey) in taken for ex, ey in STEPS) - 1
        weight *= 0.15 ** touching
        scored.append((rng.random() ** (1.0 / weight), c, d))
    scored.sort(reverse=True)
    return [(c, d) for _, c, d in scored]


def _walk(rng: random.Random, w: int, h: int, count: int, budget: int) -> list[Cell] | None:
    """One attempt at a self-avoiding walk of ``count`` cells (None when the budget runs out)."""
    border = [(x, y) for x in range(w) for y in range(h) if x in (0, w - 1) or y in (0, h - 1)]
    start = rng.choice(border)
    path, taken = [start], {start}
    stack = [iter(_candidates(rng, path, taken, w, h, rng.randrange(4)))]
    while len(path) < count:
        budget -= 1
        if budget < 0 or not stack:
            return None
        for cell, d in stack[-1]:
            if _reachable(cell, taken, w, h, count - len(path)):
                path.append(cell)
                taken.add(cell)
                heading = d if rng.random() < 0.75 else -1
                stack.append(iter(_candidates(rng, path, taken, w, h, heading)))
                break
        else:
            stack.pop()
            taken.discard(path.pop())
    return path


def _boustrophedon(w: int, h: int, count: int) -> list[Cell]:
    """Row by row, back and forth: a walk that always exists when w * h >= count."""
    return [(x if y % 2 == 0 else w - 1 - x, y) for y in range(h) for x in range(w)][:count]


def _meander_grids(w: int, h: int, count: int) -> list[tuple[int, int]]:
    """Offsets (ox, oy) of the coarse grids of every other cell that hold enough nodes."""
    nodes = _nodes(count)
    return [(ox, oy) for ox in (0, 1) for oy in (0, 1)
            if _coarse(w, ox) * _coarse(h, oy) >= nodes]


def _nodes(count: int) -> int:
    """Coarse nodes a walk needs: k nodes make 2k - 1 cells."""
    return (count + 2) // 2


def _coarse(side: int, offset: int) -> int:
    return (side - offset + 1) // 2


def meander(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """A seeded wandering path of ``count`` cells: a self-avoiding walk on the coarse grid of
    every other cell, each step bridged by the cell between two nodes. Two nodes or bridges of
    the walk can then touch only where the walk goes from one to the next."""
    ox, oy = rng.choice(_meander_grids(w, h, count))
    cw, ch, k = _coarse(w, ox), _coarse(h, oy), _nodes(count)
    for _ in range(40):
        nodes = _walk(rng, cw, ch, k, budget=k * 40)
        if nodes:
            break
    else:                                   # never seen in practice; keeps the shape total
        nodes = _boustrophedon(cw, ch, k)
    cells = [(ox + 2 * nodes[0][0], oy + 2 * nodes[0][1])]
    for (x0, y0), (x1, y1) in itertools.pairwise(nodes):
        cells += [(ox + x0 + x1, oy + y0 + y1), (ox + 2 * x1, oy + 2 * y1)]
    return cells[:count]


SHAPE_FUNCTIONS = {"serpentine": serpentine, "spiral": spiral, "meander": meander}
HOW = {"serpentine": "a free row between its runs",
       "spiral": "a free ring between its rings",
       "meander": "a free cell between neighbouring runs"}


def fits(shape: str, w: int, h: int, count: int) -> bool:
    """Whether ``shape`` can lay a followable trail of ``count`` cells on a w x h table."""
    if shape == "serpentine":
        return bool(_serpentine_options(w, h, count))
    if shape == "spiral":
        return bool(_spiral_options(w, h, count))
    return bool(_meander_grids(w, h, count))


@functools.cache
def smallest_tables(shape: str, w: int, h: int, count: int) -> tuple[str, ...]:
    """The smallest tables that fit ``shape``, by search: with this width, with this height, and
    the smallest of all (fewest cells, then the squarest)."""
    side = facts().max_side
    found = []
    tall = next((y for y in range(1, side + 1) if fits(shape, w, y, count)), None)
    if tall is not None:
        found.append(f"{w}x{tall}")
    wide = next((x for x in range(1, side + 1) if fits(shape, x, h, count)), None)
    if wide is not None:
        found.append(f"{wide}x{h}")
    every = [(x * y, abs(x - y), x, y) for x in range(1, side + 1) for y in range(1, side + 1)
             if fits(shape, x, y, count)]
    _, _, x, y = min(every)
    found.append(f"{x}x{y}")
    return tuple(dict.fromkeys(found))


def check_fits(shape: str, w: int, h: int, count: int) -> None:
    """RuleError (exit 1) when ``shape`` cannot lay a followable trail on the table."""
    if shape not in SHAPE_FUNCTIONS:
        raise InputError(f"--shape {shape}: unknown shape; choose one of {', '.join(SHAPES)}")
    if fits(shape, w, h, count):
        return
    sizes = smallest_tables(shape, w, h, count)
    raise RuleError(f"--table {w}x{h}: too small for a {shape} of {count - 1} tiles and the "
                    f"pyramid that players can follow (each tile touches only the tiles before "
                    f"and after it, which needs {HOW[shape]}); smallest tables that fit: "
                    f"{', '.join(sizes)} (or another --shape)")


# ---- tiles ---------------------------------------------------------------------------------------

def neighbours(path: list[Cell] | tuple[Cell, ...]) -> list[list[int]]:
    """For each trail index, the indices of path cells next to it on the table."""
    index = {c: i for i, c in enumerate(path)}
    return [[index[(x + dx, y + dy)] for dx, dy in STEPS if (x + dx, y + dy) in index]
            for x, y in path]


def _spread(rng: random.Random, tiles: list[str], near: list[list[int]]) -> bool:
    """Swaps set tiles until no two of one set touch; False if it gives up."""
    specials = (GOLD, PHARAOH)
    movable = [i for i, t in enumerate(tiles) if t not in specials]

    def clash(i: int, code: str, skip: int = -1) -> bool:
        return any(j != skip and tiles[j] == code for j in near[i])

    for _ in range(4000):
        bad = [i for i in movable if clash(i, tiles[i])]
        if not bad:
            return True
        i = rng.choice(bad)
        good = [j for j in movable if tiles[j] != tiles[i] and not clash(j, tiles[i], i)
                and not clash(i, tiles[j], j)]
        j = rng.choice(good or movable)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return False


def lay_tiles(rng: random.Random, path: list[Cell], spread: bool = False,
              no_specials_before: int = 0) -> list[str]:
    """The 69 tile codes in trail order: specials after the first K, sets apart if asked."""
    pool = trail_tiles()
    specials = [t for t in pool if t in (GOLD, PHARAOH)]
    artifacts = [t for t in pool if t not in (GOLD, PHARAOH)]
    length = len(pool)
    if not 0 <= no_specials_before <= length - len(specials):
        raise InputError(f"--no-specials-before {no_specials_before}: must be 0 to "
                         f"{length - len(specials)} ({len(specials)} specials need room)")
    near = neighbours(path[:length])
    for _ in range(20):
        rng.shuffle(artifacts)
        spots = set(rng.sample(range(no_specials_before, length), len(specials)))
        rng.shuffle(specials)
        it_a, it_s = iter(artifacts), iter(specials)
        tiles = [next(it_s) if i in spots else next(it_a) for i in range(length)]
        if not spread or _spread(rng, tiles, near):
            return tiles
    raise BuildError("could not keep tiles of one set apart on this path; try another seed")


def generate_trail(rng: random.Random, players: int = 4, variant: str = "en",
                   shape: str = "serpentine", table=None, spread: bool = False,
                   no_specials_before: int = 0, rating_games: int = 0) -> Trail:
    """A trail layout; with ``rating_games`` > 0 it carries the seat balance of that many
    greedy bot games."""
    rules(variant)
    start_coins(variant, players)
    if rating_games < 0:
        raise InputError(f"--rating-games {rating_games}: must be 0 or more games")
    w, h = parse_table(table)
    length = facts().trail_length
    check_fits(shape, w, h, length + 1)
    cells = SHAPE_FUNCTIONS[shape](rng, w, h, length + 1)
    tiles = lay_tiles(rng, cells, spread, no_specials_before)
    balance = None
    if rating_games:
        from generator.games.tut.balance import seat_balance

        balance = seat_balance(tiles, players, variant, rating_games, rng.randrange(2**31))
    return Trail(variant, players, (w, h), tuple(tiles), tuple(cells[:length]), cells[length],
                 shape, spread, no_specials_before, balance)
