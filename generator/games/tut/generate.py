"""Seeded trail layouts: a path of cells on the table and a shuffle of the 69 tiles along it.

Shapes (each returns ``length + 1`` cells: one per tile, then the pyramid's cell):
  ``serpentine``  straight runs back and forth, a free row (or column) between runs when it fits;
  ``spiral``      a rectangular spiral winding inward to the pyramid, rings apart when they fit;
  ``meander``     a seeded self-avoiding walk that prefers straight runs and avoids touching
                  itself; a flood fill keeps enough free cells ahead so it never traps itself.
Every choice (size, spacing, start corner, direction, offset) is drawn from the seed, so one
seed gives one layout. Tiles: a uniform shuffle, with specials kept out of the first K tiles
(``no_specials_before``) and, with ``spread``, swaps until no two tiles of one set touch.
"""

from __future__ import annotations

import functools
import random
import re

from generator.core.errors import BuildError, InputError
from generator.games.tut.model import (
    GOLD,
    PHARAOH,
    Cell,
    Trail,
    data,
    rules,
    start_coins,
    trail_tiles,
)

SHAPES = ("serpentine", "spiral", "meander")
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def parse_table(value: str | tuple | list | None) -> tuple[int, int]:
    """'16x10' (or [16, 10]) → (16, 10); None → the default table; malformed → InputError."""
    if value is None:
        w, h = data()["trail"]["table"]
        return (w, h)
    if isinstance(value, (tuple, list)) and len(value) == 2:
        w, h = value
    else:
        match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", str(value))
        if not match:
            raise InputError(f"--table {value}: expected WIDTHxHEIGHT in cells, e.g. 16x10")
        w, h = int(match.group(1)), int(match.group(2))
    need = data()["trail"]["length"] + 1
    side = data()["trail"]["max_side"]
    if not (1 <= w <= side and 1 <= h <= side) or w * h < need:
        raise InputError(f"--table {w}x{h}: needs room for {need} cells (69 tiles and the "
                         f"pyramid) and at most {side} cells a side; try 16x10")
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

def _snake(run: int, gap: int, count: int) -> list[Cell]:
    """Runs of ``run`` cells along x, ``gap`` rows apart, joined at alternating ends."""
    cells: list[Cell] = []
    y = 0
    while len(cells) < count:
        xs = range(run) if (y // gap) % 2 == 0 else range(run - 1, -1, -1)
        cells += [(x, y) for x in xs]
        end = cells[-1][0]
        cells += [(end, y + k) for k in range(1, gap)]
        y += gap
    return cells[:count]


@functools.cache
def _serpentine_options(w: int, h: int, count: int) -> tuple[tuple[bool, int, int], ...]:
    """(transposed, run, gap) combinations that fit; spaced runs preferred when any fits."""
    found: dict[int, list] = {1: [], 2: []}
    for transposed in (False, True):
        along, across = (h, w) if transposed else (w, h)
        for gap in (2, 1):
            for run in range(3, along + 1):
                cells = _snake(run, gap, count)
                if max(y for _, y in cells) < across:
                    found[gap].append((transposed, run, gap))
    return tuple(found[2] or found[1])


def serpentine(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """A back-and-forth path of ``count`` cells on a w x h table."""
    options = _serpentine_options(w, h, count)
    if not options:
        raise InputError(f"--table {w}x{h}: too small for a serpentine of {count} cells")
    transposed, run, gap = rng.choice(options)
    cells = _snake(run, gap, count)
    if transposed:
        cells = [(y, x) for x, y in cells]
    return _place(cells, w, h, rng)


# ---- spiral --------------------------------------------------------------------------------------

def _spiral(a: int, b: int, gap: int) -> list[Cell]:
    """The whole inward spiral of an a x b rectangle, rings ``gap`` apart, from (0, 0)."""
    left, top, right, bottom = 0, 0, a - 1, b - 1
    x = y = 0
    cells = [(0, 0)]
    d = 0
    while True:
        n = (right - x, bottom - y, x - left, y - top)[d]
        if n <= 0:
            return cells
        dx, dy = STEPS[d]
        for _ in range(n):
            x, y = x + dx, y + dy
            cells.append((x, y))
        if d == 0:
            top += gap
        elif d == 1:
            right -= gap
        elif d == 2:
            bottom -= gap
        else:
            left += gap
        d = (d + 1) % 4


@functools.cache
def _spiral_options(w: int, h: int, count: int) -> tuple[tuple[int, int, int], ...]:
    found: dict[int, list] = {1: [], 2: []}
    for gap in (2, 1):
        for a in range(3, w + 1):
            for b in range(3, h + 1):
                if len(_spiral(a, b, gap)) >= count:
                    found[gap].append((a, b, gap))
    return tuple(found[2] or found[1])


def spiral(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """An inward spiral of ``count`` cells ending near its middle (where the pyramid stands)."""
    options = _spiral_options(w, h, count)
    if not options:
        raise InputError(f"--table {w}x{h}: too small for a spiral of {count} cells")
    a, b, gap = rng.choice(options)
    return _place(_spiral(a, b, gap)[:count], w, h, rng)


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


def meander(rng: random.Random, w: int, h: int, count: int) -> list[Cell]:
    """A seeded self-avoiding walk of ``count`` cells on the table."""
    for _ in range(40):
        path = _walk(rng, w, h, count, budget=count * 40)
        if path:
            return path
    raise InputError(f"--table {w}x{h}: no meander of {count} cells found; use a larger "
                     "--table or another --shape")


SHAPE_FUNCTIONS = {"serpentine": serpentine, "spiral": spiral, "meander": meander}


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
    if shape not in SHAPE_FUNCTIONS:
        raise InputError(f"--shape {shape}: unknown shape; choose one of {', '.join(SHAPES)}")
    if rating_games < 0:
        raise InputError(f"--rating-games {rating_games}: must be 0 or more games")
    w, h = parse_table(table)
    length = data()["trail"]["length"]
    cells = SHAPE_FUNCTIONS[shape](rng, w, h, length + 1)
    tiles = lay_tiles(rng, cells, spread, no_specials_before)
    balance = None
    if rating_games:
        from generator.games.tut.simulate import seat_balance

        balance = seat_balance(tiles, players, variant, rating_games, rng.randrange(2**31))
    return Trail(variant, players, (w, h), tuple(tiles), tuple(cells[:length]), cells[length],
                 shape, spread, no_specials_before, balance)
