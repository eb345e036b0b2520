"""Seeded Hidden Realms map generator: entrances, stone, rooms and findings, validated.

A map is laid out in steps, each drawing from the ``random.Random`` it is given (never the global
one): four entrances spread along the outer wall; stone blocks (rectangles that never touch each
other or the outer ring, so every free square stays reachable); rooms cut into the blocks with a
door facing a free square; then the findings on free squares, drawn toward or away from the
entrances. How much of everything a map gets is steered by a *level* of ``seeds/realms.toml``
``[generate.levels]``; the difficulty *label* a map carries comes from rating it by simulated play
(:mod:`generator.games.realms.rating`), never from the level it was made with.

A layout that fails a constraint (too few room sides, not enough free squares...) is tried again,
up to ``[generate] attempts`` times; a request that still cannot be met is a :class:`RuleError`
naming the constraint that failed and the number of attempts (exit 1).
"""

from __future__ import annotations

import math
from collections import Counter, deque
from dataclasses import dataclass

from generator.core.errors import InputError, RuleError
from generator.games.realms.model import (
    DELTA,
    LEVELS,
    Entrance,
    Finding,
    Map,
    Room,
    data,
    golem_colours,
)
from generator.games.realms.rules_map import validate_map


class LayoutFailed(Exception):
    """One attempt broke a constraint; ``code`` names it (counted across attempts)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


@dataclass(frozen=True)
class Counts:
    """What one map holds (drawn from a level's ranges)."""

    stone: int
    oozes: int
    mimics: int
    golems: int
    sarcophagi: int
    keys: int
    coins: int
    items: int
    near: float


def parse_size(value) -> tuple[int, int] | None:
    """``None``, ``14``, ``"14"`` or ``"16x12"`` -> (w, h) or None; malformed -> InputError."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    text = str(value).lower().replace(" ", "")
    parts = text.split("x")
    if len(parts) in (1, 2) and all(p.isdigit() for p in parts):
        w = int(parts[0])
        return w, int(parts[-1])
    raise InputError(f"--size {value}: give N (a square map) or WxH, e.g. 14 or 16x12")


def check_request(size: tuple[int, int] | None, level: str | None) -> None:
    """Refuses an impossible request before any attempt (exit 1 names the constraint)."""
    spec = data()["map"]
    if level is not None and level not in LEVELS:
        raise InputError(f"--difficulty {level}: choose one of {', '.join(LEVELS)}")
    if size is None:
        return
    lo, hi = spec["min_size"], spec["max_size"]
    w, h = size
    if not (lo <= w <= hi and lo <= h <= hi):
        raise RuleError(f"cannot make a {w} x {h} map: constraint size-range failed before the "
                        f"first attempt (0 attempts): each side must be {lo} to {hi} squares, so "
                        "that the findings and rooms fit and the map prints at 7 mm a square")


def draw_counts(rng, level: str, size: tuple[int, int]) -> Counts:
    """The counts of one map of ``level`` (stone as a number of squares)."""
    lv = data()["generate"]["levels"][level]
    w, h = size
    share = rng.uniform(*lv["stone"])

    def pick(key: str) -> int:
        lo, hi = lv[key]
        return rng.randint(lo, hi)

    coins = min(round(pick("coins") * w * h / data()["generate"]["area"]),
                data()["capacity"]["coins"])
    return Counts(round(share * w * h), pick("oozes"), pick("mimics"), pick("golems"),
                  pick("sarcophagi"), pick("keys"), coins, pick("items"), lv["near"])


def generate_map(rng, size: tuple[int, int] | None = None, level: str | None = None,
                 name: str | None = None) -> tuple[Map, int]:
    """A valid map steered by ``level`` (a random level when None) and the attempts it took."""
    check_request(size, level)
    spec = data()["map"]
    level = level or LEVELS[rng.randrange(len(LEVELS))]
    if size is None:
        size = (rng.randint(spec["min_size"], spec["max_size"]),
                rng.randint(spec["min_size"], spec["max_size"]))
    failures: Counter = Counter()
    details: dict[str, str] = {}
    attempts = data()["generate"]["attempts"]
    title = name or map_name(rng)
    for attempt in range(1, attempts + 1):
        counts = draw_counts(rng, level, size)
        try:
            m = lay_out(rng, size, counts, title)
        except LayoutFailed as exc:
            failures[exc.code] += 1
            details[exc.code] = exc.detail
            continue
        report = validate_map(m)
        if report.ok:
            return m, attempt
        for v in report.violations:
            failures[v.code] += 1
            details[v.code] = v.message
    code, n = failures.most_common(1)[0]
    raise RuleError(f"cannot make a {size[0]} x {size[1]} {level} map: constraint {code} failed "
                    f"in {n} of {attempts} attempts ({details[code]})")


def map_name(rng) -> str:
    """A name like "The Sunken Vault" (drawn from the word lists of the data)."""
    gen = data()["generate"]
    return f"The {rng.choice(gen['adjectives'])} {rng.choice(gen['nouns'])}"


def lay_out(rng, size: tuple[int, int], counts: Counts, name: str) -> Map:
    """One attempt: entrances, stone, rooms, findings (raises LayoutFailed)."""
    w, h = size
    entrances = place_entrances(rng, w, h)
    rooms_needed = counts.sarcophagi + counts.golems
    stone = place_stone(rng, w, h, max(counts.stone, rooms_needed))
    rooms = place_rooms(rng, w, h, stone, counts)
    stone -= {(r.x, r.y) for r in rooms}
    gems = [r.content.split("-", 1)[1] for r in rooms if r.content.startswith("gem-")]
    findings = place_findings(rng, w, h, stone | {(r.x, r.y) for r in rooms}, entrances, counts,
                              gems)
    description = (f"A generated {w} x {h} tomb: {len(stone) + len(rooms)} stone squares, "
                   f"{len(rooms)} rooms, {len(findings)} findings.")
    return Map.build(size, entrances, stone, rooms, findings, name, "unrated", description)


# ------------------------------------------------------------------------------------ entrances

def _perimeter(w: int, h: int) -> list[tuple[int, int, str]]:
    """Every outer edge once, clockwise from the top-left: (x, y, side facing out)."""
    top = [(x, 0, "N") for x in range(w)]
    right = [(w - 1, y, "E") for y in range(h)]
    bottom = [(x, h - 1, "S") for x in reversed(range(w))]
    left = [(0, y, "W") for y in reversed(range(h))]
    return top + right + bottom + left


def place_entrances(rng, w: int, h: int) -> list[Entrance]:
    """The entrances, at least ``entrance_gap`` of the wall apart, never on a corner square
    (a corner square has two outer sides, which reads badly on paper)."""
    edges = [e for e in _perimeter(w, h) if not (e[0] in (0, w - 1) and e[1] in (0, h - 1))]
    spec = data()
    need = spec["map"]["entrances"]
    gap = max(1, int(spec["generate"]["entrance_gap"] * len(edges)))
    for _ in range(200):
        picks = sorted(rng.sample(range(len(edges)), need))
        spaced = [(b - a) % len(edges) for a, b in zip(picks, picks[1:] + picks[:1])]
        if min(spaced) >= gap or need == 1:
            return [Entrance(edges[i][1], edges[i][0], edges[i][2]) for i in picks]
    raise LayoutFailed("entrance-spacing", f"no {need} entrances {gap} squares apart")


# ------------------------------------------------------------------------------------ stone

def place_stone(rng, w: int, h: int, target: int) -> set[tuple[int, int]]:
    """Rectangular blocks, inside the free ring, never touching each other (not even at a
    corner) so the free squares stay one connected region; stops at ``target`` squares."""
    gen = data()["generate"]
    ring = gen["border"]
    stone: set[tuple[int, int]] = set()
    halo: set[tuple[int, int]] = set()
    tries = 0
    while len(stone) < target and tries < 400:
        tries += 1
        bw, bh = rng.choice(gen["blocks"])
        if len(stone) + bw * bh > target + 2:
            bw, bh = 1, min(bh, 2)
        x0 = rng.randint(ring, w - ring - bw)
        y0 = rng.randint(ring, h - ring - bh)
        cells = {(x0 + i, y0 + j) for i in range(bw) for j in range(bh)}
        if cells & halo:
            continue
        stone |= cells
        halo |= {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    if len(stone) < target:
        raise LayoutFailed("stone", f"only {len(stone)} of {target} stone squares fit")
    return stone


def place_rooms(rng, w: int, h: int, stone: set, counts: Counts) -> list[Room]:
    """Rooms cut into stone squares, each door facing its own free square; rooms spread over
    the blocks (a block gets a second room only when every block has one)."""
    contents = ["sarcophagus"] * counts.sarcophagi
    contents += [f"gem-{c}" for c in _colours(rng, counts.golems)]
    candidates = []
    for x, y in sorted(stone):
        for side, (dx, dy) in DELTA.items():
            front = (x + dx, y + dy)
            if 0 <= front[0] < w and 0 <= front[1] < h and front not in stone:
                candidates.append((x, y, side, front))
    rng.shuffle(candidates)
    block_of = _blocks(stone)
    size = Counter(block_of.values())
    used_cells, used_fronts, rooms = set(), set(), []
    per_block: Counter = Counter()
    for content in contents:
        # the block with the fewest rooms so far; among those, the biggest (a room sunk in
        # stone reads better than a lone square)
        best = None
        for x, y, side, front in candidates:
            if (x, y) in used_cells or front in used_fronts:
                continue
            block = block_of[(x, y)]
            key = (per_block[block], -size[block])
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
    return rooms


def _colours(rng, n: int) -> list[str]:
    colours = list(golem_colours())
    rng.shuffle(colours)
    return sorted(colours[:n], key=golem_colours().index)


def _blocks(stone: set) -> dict[tuple[int, int], int]:
    """Stone square -> the index of its block (connected stone squares)."""
    block: dict[tuple[int, int], int] = {}
    for start in sorted(stone):
        if start in block:
            continue
        n = len(set(block.values()))
        todo = deque([start])
        block[start] = n
        while todo:
            x, y = todo.popleft()
            for dx, dy in DELTA.values():
                nxt = (x + dx, y + dy)
                if nxt in stone and nxt not in block:
                    block[nxt] = n
                    todo.append(nxt)
    return block


# ------------------------------------------------------------------------------------ findings

def _distances(w: int, h: int, blocked: set, starts: list) -> dict[tuple[int, int], int]:
    """Steps from the nearest entrance square to every free square."""
    dist = {s: 0 for s in starts}
    todo = deque(starts)
    while todo:
        x, y = todo.popleft()
        for dx, dy in DELTA.values():
            nxt = (x + dx, y + dy)
            if (0 <= nxt[0] < w and 0 <= nxt[1] < h and nxt not in blocked
                    and nxt not in dist):
                dist[nxt] = dist[(x, y)] + 1
                todo.append(nxt)
    return dist


def _kinds(rng, counts: Counts, golems: list[str]) -> list[tuple[str, int]]:
    """The findings to place as (kind, coins), items and golems (one per gem) first."""
    spec = data()["map"]
    items = list(spec["items"])
    rng.shuffle(items)
    out = [(k, 0) for k in items[:counts.items]]
    out += [(f"golem-{c}", 0) for c in golems]
    out += [("ooze", 0)] * counts.oozes + [("mimic", 0)] * counts.mimics
    out += [("key", 0)] * counts.keys
    left = counts.coins
    while left > 0:
        pile = min(left, rng.randint(1, spec["max_coin_pile"]))
        out.append(("coins", pile))
        left -= pile
    return out


def place_findings(rng, w: int, h: int, blocked: set, entrances: list[Entrance],
                   counts: Counts, golems: list[str]) -> list[Finding]:
    """Findings on free squares, one per square, no two side by side while room remains,
    drawn with weight exp(near * closeness to the entrances)."""
    starts = [(e.x, e.y) for e in entrances]
    dist = _distances(w, h, blocked, starts)
    far = max(dist.values()) or 1
    free = [c for c in sorted(dist) if c not in starts]
    kinds = _kinds(rng, counts, golems)
    limit = data()["generate"]["max_fill"] * len(dist)
    if len(kinds) > limit:
        raise LayoutFailed("findings", f"{len(kinds)} findings need more than "
                           f"{data()['generate']['max_fill']:.0%} of the {len(dist)} free squares")
    weight = {c: math.exp(counts.near * (1 - dist[c] / far)) for c in free}
    taken: set[tuple[int, int]] = set()
    out = []
    for kind, amount in kinds:
        cell = _pick(rng, free, weight, taken)
        taken.add(cell)
        out.append(Finding(cell[1], cell[0], kind, amount))
    return out


def _pick(rng, free: list, weight: dict, taken: set) -> tuple[int, int]:
    """A weighted free square away from other findings (next to one only if nothing else)."""
    def lonely(c):
        return c not in taken and all((c[0] + dx, c[1] + dy) not in taken
                                      for dx, dy in DELTA.values())

    pool = [c for c in free if lonely(c)] or [c for c in free if c not in taken]
    if not pool:
        raise LayoutFailed("findings", "no free square left for a finding")
    total = sum(weight[c] for c in pool)
    r = rng.random() * total
    for c in pool:
        r -= weight[c]
        if r <= 0:
            return c
    return pool[-1]
