"""Findings of a generated map, placed with intent (the shares are ``[generate]`` data):

- each golem at least ``golem_gem`` of the map's longest walk away from its gem's door, so
  defeating it means crossing the map;
- keys and mimics tucked into hideouts (dead ends, nooks against stone) with chance
  ``tucked``: reaching them takes a tile that fits the corner;
- ``trail`` of the coin piles along a walk between two entrances, a reason to join them;
- the rest drawn with weight exp(near x closeness to the entrances).

No finding goes on an entrance square or the square before a door, and no two findings lie
side by side while other squares remain.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.games.realms.generate.stats import Grid, door_front
from generator.games.realms.generate.stone import LayoutFailed
from generator.games.realms.model import Entrance, Finding, Room, data

Cell = tuple[int, int]


@dataclass
class Spots:
    """What the placing steps share: the grid, the squares open to findings, their weights,
    the squares taken so far and those next to one (``crowded``, taken ones included)."""

    grid: Grid
    free: list[Cell]
    weight: dict[Cell, float]
    taken: set[Cell]
    crowded: set[Cell] = field(default_factory=set)

    def lonely(self, c: Cell) -> bool:
        return c not in self.crowded

    def pick(self, rng, pool: list[Cell] | None = None) -> Cell:
        """A weighted square of ``pool`` (default: every open square) away from other findings,
        next to one only when nothing else is left (LayoutFailed when the map is full)."""
        pool = self.free if pool is None else pool
        lonely = [c for c in pool if self.lonely(c)]
        choice = lonely or [c for c in pool if c not in self.taken]
        if not choice:
            if pool is not self.free:
                return self.pick(rng)
            raise LayoutFailed("findings", "no free square left for a finding")
        total = sum(self.weight[c] for c in choice)
        r = rng.random() * total
        for c in choice:
            r -= self.weight[c]
            if r <= 0:
                return self.take(c)
        return self.take(choice[-1])

    def take(self, c: Cell) -> Cell:
        self.taken.add(c)
        self.crowded.add(c)
        self.crowded.update(_around(c))
        return c


def _around(c: Cell) -> list[Cell]:
    return [(c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1)]


def place_findings(rng, size: tuple[int, int], blocked: set, entrances: list[Entrance],
                   rooms: list[Room], counts) -> list[Finding]:
    """The findings of ``counts`` on the free squares (see the module doc)."""
    gen = data()["generate"]
    grid = Grid(size, blocked)
    starts = [(e.x, e.y) for e in entrances]
    reserved = set(starts) | {door_front(r) for r in rooms}
    dist = grid.distances(starts)
    far = max(dist.values()) or 1
    free = sorted(c for c in grid.free if c not in reserved)
    kinds = _kinds(rng, counts, rooms)
    if len(kinds) + len(rooms) > gen["max_fill"] * len(grid.free):
        raise LayoutFailed("findings", f"{len(kinds)} findings and {len(rooms)} rooms need more "
                           f"than {gen['max_fill']:.0%} of the {len(grid.free)} free squares")
    weight = {c: math.exp(counts.near * (1 - dist[c] / far)) for c in free}
    spots = Spots(grid, free, weight, set())
    out = _golems(rng, spots, rooms, kinds, counts.golem_gem)
    out += _tucked(rng, spots, kinds, counts.tucked)
    out += _trail(rng, spots, starts, kinds)
    for kind, amount in kinds:
        c = spots.pick(rng)
        out.append(Finding(c[1], c[0], kind, amount))
    return out


def _kinds(rng, counts, rooms: list[Room]) -> list[tuple[str, int]]:
    """The findings to place as (kind, coins): items, one golem per gem, monsters, keys, coin
    piles (piles of 1 to max_coin_pile)."""
    spec = data()["map"]
    items = list(spec["items"])
    rng.shuffle(items)
    out = [(k, 0) for k in items[:counts.items]]
    out += [(f"golem-{r.content[4:]}", 0) for r in rooms if r.content.startswith("gem-")]
    out += [("ooze", 0)] * counts.oozes + [("mimic", 0)] * counts.mimics
    out += [("key", 0)] * counts.keys
    left = counts.coins
    while left > 0:
        pile = min(left, rng.randint(1, spec["max_coin_pile"]))
        out.append(("coins", pile))
        left -= pile
    return out


def _golems(rng, spots: Spots, rooms: list[Room], kinds: list, share: float) -> list[Finding]:
    """Each golem far from its gem's door: at least ``share`` of the longest walk."""
    longest = spots.grid.longest()
    out = []
    for r in rooms:
        if not r.content.startswith("gem-"):
            continue
        kind = f"golem-{r.content[4:]}"
        kinds.remove((kind, 0))
        walk = spots.grid.distances([door_front(r)])
        pool = [c for c in spots.free if walk.get(c, 0) >= share * longest]
        if not pool:
            raise LayoutFailed("golem-gem", f"no square {share:.0%} of the longest walk from "
                               f"the {r.content[4:]} gem's door")
        c = spots.pick(rng, pool)
        out.append(Finding(c[1], c[0], kind, 0))
    return out


def _tucked(rng, spots: Spots, kinds: list, chance: float) -> list[Finding]:
    """Keys and mimics, each with ``chance``, into a hideout: a dead end first, else a nook
    against stone."""
    grid = spots.grid
    hideouts = sorted((grid.kind(c) != "dead-end", c) for c in spots.free if grid.hideout(c))
    out = []
    for kind in ("key", "mimic"):
        while (kind, 0) in kinds:
            kinds.remove((kind, 0))
            pool = [(r, c) for r, c in hideouts if spots.lonely(c)]
            if pool and rng.random() < chance:
                best = [c for r, c in pool if r == pool[0][0]]
                c = spots.take(rng.choice(best))
            else:
                c = spots.pick(rng)
            out.append(Finding(c[1], c[0], kind, 0))
    return out


def _trail(rng, spots: Spots, starts: list[Cell], kinds: list) -> list[Finding]:
    """``trail`` of the coin piles spaced along a shortest walk between two entrances."""
    piles = [k for k in kinds if k[0] == "coins"]
    n = round(data()["generate"]["trail"] * len(piles))
    if n == 0 or len(starts) < 2:
        return []
    a, b = rng.sample(starts, 2)
    walk = [c for c in spots.grid.path(a, b)[2:-2] if c in spots.weight]
    out = []
    for k in range(n):
        part = walk[(k * len(walk)) // n:((k + 1) * len(walk)) // n]
        spot = ([c for c in part if spots.lonely(c)]
                or [c for c in part if c not in spots.taken])
        if not spot:
            continue
        c = spots.take(spot[len(spot) // 2])
        kinds.remove(piles[k])
        out.append(Finding(c[1], c[0], "coins", piles[k][1]))
    return out
