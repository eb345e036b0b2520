"""Seeded dig generators.

``classic`` alternates the two patterns of the rules data (starting with a random one).
``random`` is uniform over every valid stack: all domino tilings of the box are enumerated once,
the number of valid continuations from each tiling is counted, and each layer is drawn with
weights equal to the stacks it leads to — so each of the valid 4-layer digs is equally likely.
"""

from __future__ import annotations

import functools
import random

from generator.core.errors import InputError
from generator.games.tanis.model import Dig, Layer, Tile, data

STYLES = ("classic", "random")


@functools.lru_cache(maxsize=None)
def tilings(width: int, height: int) -> tuple[Layer, ...]:
    """Every domino tiling of a width x height box, each a sorted tuple of tiles."""
    grid = [[False] * width for _ in range(height)]
    found: list[Layer] = []

    def first_free():
        for y in range(height):
            for x in range(width):
                if not grid[y][x]:
                    return x, y
        return None

    def rec(tiles: list[Tile]) -> None:
        free = first_free()
        if free is None:
            found.append(tuple(sorted(tiles)))
            return
        x, y = free
        for w, h in ((2, 1), (1, 2)):
            if x + w <= width and y + h <= height and all(
                    not grid[y + dy][x + dx] for dx in range(w) for dy in range(h)):
                for dx in range(w):
                    for dy in range(h):
                        grid[y + dy][x + dx] = True
                rec(tiles + [Tile(float(x), float(y), float(w), float(h))])
                for dx in range(w):
                    for dy in range(h):
                        grid[y + dy][x + dx] = False

    rec([])
    return tuple(found)


@functools.lru_cache(maxsize=None)
def _compatible(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each tiling, the indices of tilings that may lie right below it (no shared tile).

    Each distinct tile footprint gets one bit, so "shares a tile" is a single AND.
    """
    all_t = tilings(width, height)
    bit: dict[Tile, int] = {}
    masks = []
    for tiling in all_t:
        mask = 0
        for tile in tiling:
            mask |= 1 << bit.setdefault(tile, len(bit))
        masks.append(mask)
    return tuple(tuple(j for j, b in enumerate(masks) if not a & b) for a in masks)


@functools.lru_cache(maxsize=None)
def _completions(width: int, height: int, layers: int) -> tuple[tuple[int, ...], ...]:
    """``counts[k][i]``: valid stacks of k+1 layers whose top layer is tiling i."""
    comp = _compatible(width, height)
    counts = [tuple(1 for _ in comp)]
    for _ in range(layers - 1):
        prev = counts[-1]
        counts.append(tuple(sum(prev[j] for j in comp[i]) for i in range(len(comp))))
    return tuple(counts)


def _weighted(rng: random.Random, choices: list[int], weights: list[int]) -> int:
    """One choice with integer weights, drawn exactly (no float rounding)."""
    pick = rng.randrange(sum(weights))
    for choice, weight in zip(choices, weights):
        if pick < weight:
            return choice
        pick -= weight
    raise AssertionError("unreachable")


def random_layers(rng: random.Random, width: int, height: int, layers: int) -> tuple[Layer, ...]:
    """A uniformly random valid stack of ``layers`` tilings (surface first)."""
    all_t = tilings(width, height)
    comp = _compatible(width, height)
    counts = _completions(width, height, layers)
    indices = list(range(len(all_t)))
    current = _weighted(rng, indices, list(counts[layers - 1]))
    stack = [current]
    for depth in range(1, layers):
        options = list(comp[current])
        current = _weighted(rng, options, [counts[layers - 1 - depth][j] for j in options])
        stack.append(current)
    return tuple(all_t[i] for i in stack)


def classic_layers(rng: random.Random, layers: int) -> tuple[Layer, ...]:
    """The two classic patterns alternating, the first one drawn by the seed."""
    patterns = [tuple(sorted(Tile(*map(float, t)) for t in p)) for p in data()["classic"]["patterns"]]
    start = rng.randrange(len(patterns))
    return tuple(patterns[(start + k) % len(patterns)] for k in range(layers))


def generate_dig(rng: random.Random, style: str = "random") -> Dig:
    """A dig in the given style ('classic' or 'random')."""
    box = data()["box"]
    if style == "classic":
        layers = classic_layers(rng, box["layers"])
    elif style == "random":
        layers = random_layers(rng, box["width"], box["height"], box["layers"])
    else:
        raise InputError(f"--style {style}: unknown style; choose one of {', '.join(STYLES)}")
    return Dig((box["width"], box["height"]), layers, style)
