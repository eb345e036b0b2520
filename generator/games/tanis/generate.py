"""Seeded dig generators.

``classic`` alternates the two patterns of the rules data (starting with a random one): this
tool's own patterns, not the rulebook's. ``random`` is uniform over every valid stack: all domino
tilings of the box are enumerated once, the number of valid continuations from each tiling is
counted, and each layer is drawn with weights equal to the stacks it leads to — so each of the
valid 4-layer digs is equally likely.

Every dig of a style has a *rank* (0 to the number of digs of the style - 1), so a ``--count``
run can give N different digs (:func:`distinct_dig`): item ``i`` is drawn from its own seed as
usual, and if an earlier item of the run already is that dig, it is replaced by a uniformly drawn
dig that no earlier item is.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from generator.core.errors import InputError, RuleError
from generator.core.rng import derive_seed, make_rng
from generator.games.tanis.model import Dig, Layer, Tile, data

STYLES = ("classic", "random")


@functools.cache
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


@functools.cache
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


@functools.cache
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


def _random_stack(rng: random.Random, width: int, height: int, layers: int) -> list[int]:
    """Tiling indices of a uniformly random valid stack (surface first)."""
    comp = _compatible(width, height)
    counts = _completions(width, height, layers)
    current = _weighted(rng, list(range(len(comp))), list(counts[layers - 1]))
    stack = [current]
    for depth in range(1, layers):
        options = list(comp[current])
        current = _weighted(rng, options, [counts[layers - 1 - depth][j] for j in options])
        stack.append(current)
    return stack


def random_layers(rng: random.Random, width: int, height: int, layers: int) -> tuple[Layer, ...]:
    """A uniformly random valid stack of ``layers`` tilings (surface first)."""
    all_t = tilings(width, height)
    return tuple(all_t[i] for i in _random_stack(rng, width, height, layers))


def _stack_rank(stack: list[int], width: int, height: int, layers: int) -> int:
    """The rank of a stack among all valid stacks, in order of its tiling indices."""
    comp = _compatible(width, height)
    counts = _completions(width, height, layers)
    rank = 0
    options: Sequence[int] = range(len(comp))
    for depth, index in enumerate(stack):
        weights = counts[layers - 1 - depth]
        rank += sum(weights[j] for j in options if j < index)
        options = comp[index]
    return rank


def _stack_at(rank: int, width: int, height: int, layers: int) -> list[int]:
    """The stack of a given rank (inverse of :func:`_stack_rank`)."""
    comp = _compatible(width, height)
    counts = _completions(width, height, layers)
    stack: list[int] = []
    options: Sequence[int] = range(len(comp))
    for depth in range(layers):
        weights = counts[layers - 1 - depth]
        for j in options:
            if rank < weights[j]:
                break
            rank -= weights[j]
        stack.append(j)
        options = comp[j]
    return stack


def classic_layers(rng: random.Random, layers: int) -> tuple[Layer, ...]:
    """The two classic patterns alternating, the first one drawn by the seed."""
    return classic_from(rng.randrange(len(data()["classic"]["patterns"])), layers)


def classic_from(start: int, layers: int) -> tuple[Layer, ...]:
    """The classic patterns alternating from pattern ``start``, ``layers`` layers."""
    patterns = [tuple(sorted(Tile(*map(float, t)) for t in p)) for p in data()["classic"]["patterns"]]
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


def variety(style: str) -> int:
    """How many different digs ``style`` can give."""
    box = data()["box"]
    if style == "classic":
        return len(data()["classic"]["patterns"])
    if style == "random":
        return sum(_completions(box["width"], box["height"], box["layers"])[-1])
    raise InputError(f"--style {style}: unknown style; choose one of {', '.join(STYLES)}")


def _first_rank(rng: random.Random, style: str) -> int:
    """The rank of the dig :func:`generate_dig` draws from ``rng`` (same draws, same dig)."""
    box = data()["box"]
    if style == "classic":
        return rng.randrange(len(data()["classic"]["patterns"]))
    size = (box["width"], box["height"], box["layers"])
    return _stack_rank(_random_stack(rng, *size), *size)


def _dig_of_rank(rank: int, style: str) -> Dig:
    box = data()["box"]
    size = (box["width"], box["height"], box["layers"])
    if style == "classic":
        layers = classic_from(rank, box["layers"])
    else:
        all_t = tilings(box["width"], box["height"])
        layers = tuple(all_t[i] for i in _stack_at(rank, *size))
    return Dig((box["width"], box["height"]), layers, style)


_RUNS: dict[tuple[int, str], list[int]] = {}


def _run_ranks(seed: int, style: str, upto: int) -> list[int]:
    """The ranks of items 0..``upto`` of a run, all different (remembered per run)."""
    ranks = _RUNS.setdefault((seed, style), [])
    if len(_RUNS) > 64:                        # a long batch: forget the oldest runs
        _RUNS.pop(next(iter(_RUNS)))
    total = variety(style)
    taken = set(ranks)
    while len(ranks) <= upto:
        rng = make_rng(derive_seed(seed, len(ranks)))
        rank = _first_rank(rng, style)
        if rank in taken:                     # a repeat: any dig no earlier item is
            unused = [r for r in range(total) if r not in taken]
            rank = unused[rng.randrange(len(unused))]
        ranks.append(rank)
        taken.add(rank)
    return ranks


def distinct_dig(seed: int, index: int, count: int, style: str = "random") -> Dig:
    """Item ``index`` of a ``--count`` run of ``seed``: the dig :func:`generate_dig` draws from
    the item's seed, unless an earlier item of the run is that dig (then another one, drawn
    uniformly among the digs not yet used). More items than the style has digs → RuleError."""
    total = variety(style)
    if count > total:
        other = ", or --style random" if style != "random" else ""
        raise RuleError(f"--count {count}: the {style} style has only {total:,} different digs; "
                        f"ask for at most {total:,}{other}")
    return _dig_of_rank(_run_ranks(seed, style, index)[index], style)
