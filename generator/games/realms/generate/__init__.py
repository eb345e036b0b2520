"""Seeded Hidden Realms map generator: entrances, stone, rooms and findings, validated.

A map is laid out in steps, each drawing from the ``random.Random`` it is given (never the global
one): four entrances spread along the outer wall; stone in varied shapes spread over the map, with
rooms cut into it (:mod:`generator.games.realms.generate.stone`); then the findings, placed with
intent (:mod:`generator.games.realms.generate.findings`). How much of everything a map gets is
steered by a *level* of ``seeds/realms.toml`` ``[generate.levels]``, always within the hand-made
maps' ranges; the difficulty *label* a map carries comes from rating it by simulated play
(:mod:`generator.games.realms.rating`), never from the level it was made with.

A layout that fails a constraint (stone that does not fit, rooms bunched in one corner, too many
findings for the free squares...) is tried again, up to ``[generate] attempts`` times; a request
that still cannot be met is a :class:`RuleError` naming the constraint that failed and the number
of attempts (exit 1).

The generator is this package; this module lays a map out. Its modules: :mod:`.stone` (stone
and rooms), :mod:`.findings` (what lies on the map) and :mod:`.stats` (a map's features as a
designer sees them, which predict its par).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from generator.core.errors import InputError, RuleError
from generator.core.rng import derive_seed, make_rng
from generator.games.realms.generate.findings import place_findings
from generator.games.realms.generate.stats import SHAPES, blocks, shape_of
from generator.games.realms.generate.stone import (
    LayoutFailed,
    place_rooms,
    place_stone,
    room_contents,
)
from generator.games.realms.model import LEVELS, Entrance, Map, data
from generator.games.realms.rules.map import validate_map

__all__ = ["LEVELS", "LayoutFailed", "check_request", "generate_map", "parse_size", "run_name"]


@dataclass(frozen=True)
class Counts:
    """What one map holds and how it is laid out (drawn from a level's ranges): see
    ``[generate.levels]`` of seeds/realms.toml."""

    stone: int
    oozes: int
    mimics: int
    golems: int
    sarcophagi: int
    keys: int
    coins: int
    items: int
    near: float
    tucked: float = 0.75
    golem_gem: float = 0.3
    entrance_gap: float = 0.14


#: the counts drawn as whole numbers, and the layout choices drawn as fractions
WHOLE = ("oozes", "mimics", "golems", "sarcophagi", "keys", "coins", "items")
SHARES = ("near", "tucked", "golem_gem", "entrance_gap")


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


def level_ranges(level: str | None) -> dict:
    """A level's ranges (``[generate.levels]``); None: every level's together (each range from
    the lowest to the highest end of the levels')."""
    levels = data()["generate"]["levels"]
    if level is not None:
        return levels[level]
    return {k: [min(lv[k][0] for lv in levels.values()), max(lv[k][1] for lv in levels.values())]
            for k in levels[LEVELS[0]]}


def draw_counts(rng, level: str | None, size: tuple[int, int]) -> Counts:
    """The counts of one map of ``level`` (None: of any level; stone as a number of squares)."""
    gen = data()["generate"]
    lv = level_ranges(level)
    w, h = size
    picked = {k: rng.randint(*lv[k]) for k in WHOLE}
    shares = {k: rng.uniform(*lv[k]) for k in SHARES}
    track = math.floor(data()["map"]["coin_track"] * data()["capacity"]["coins"])
    picked["coins"] = min(picked["coins"], track)
    picked["keys"] = min(picked["keys"], data()["capacity"]["keys"] - 2)
    lo, hi = gen["stone"]          # the stone may come out one square over its target
    stone = min(max(round(rng.uniform(*lv["stone"]) * w * h), math.ceil(lo * w * h)),
                math.floor(hi * w * h) - 1)
    return Counts(stone, **picked, **shares)


def generate_map(rng, size: tuple[int, int] | None = None, level: str | None = None,
                 name: str | None = None, aim: bool = False) -> tuple[Map, int]:
    """A valid map steered by ``level`` (a random level when None) and the layouts it took.
    With ``aim``, generated toward the level: up to ``[generate] candidates`` valid maps are
    laid out and the one whose predicted par (:func:`predict_par`) lies nearest the level's
    aim for the map's size is kept (the first within ``aim_within`` of it is kept at once)."""
    check_request(size, level)
    spec = data()["map"]
    level = level or LEVELS[rng.randrange(len(LEVELS))]
    if size is None:
        lo, hi = spec["min_size"], spec["max_size"]
        size = (rng.randint(lo, hi), rng.randint(lo, hi))
    title = name or map_name(rng)
    if not aim:
        return _first_valid(rng, size, level, title)
    gen = data()["generate"]
    target = aim_par(level, size)
    within = gen["aim_within"] * target
    best: tuple[float, Map] | None = None
    layouts = 0
    for _ in range(gen["candidates"]):
        m, n = _first_valid(rng, size, level, title)
        layouts += n
        miss = abs(predict_par(m) - target)
        if best is None or miss < best[0]:
            best = (miss, m)
        if miss <= within:
            break
    assert best is not None
    return best[1], layouts


def _first_valid(rng, size: tuple[int, int], level: str, title: str) -> tuple[Map, int]:
    """The first valid layout of ``level`` and the attempts it took (RuleError naming the
    constraint that failed most when none is found)."""
    failures: Counter = Counter()
    details: dict[str, str] = {}
    attempts = data()["generate"]["attempts"]
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


def predict_par(m: Map) -> float:
    """The par a rating would give ``m``, predicted from its features: the least-squares fit
    of ``[generate.predict]`` (benchmarks/realms_predict.py fits it and says how close it
    comes)."""
    from generator.games.realms.generate.stats import features

    fit = data()["generate"]["predict"]
    return fit["intercept"] + sum(fit[k] * v for k, v in features(m).items())


def aim_par(level: str, size: tuple[int, int]) -> float:
    """Where a map of ``level`` and ``size`` is aimed: the level's ``aim`` x the reference par
    of the size (inside the level's band, away from its edges)."""
    from generator.games.realms.rating import reference_par

    return data()["generate"]["levels"][level]["aim"] * reference_par(size)


def map_name(rng) -> str:
    """A name like "The Sunken Vault" (drawn from the word lists of the data)."""
    gen = data()["generate"]
    return f"The {rng.choice(gen['adjectives'])} {rng.choice(gen['nouns'])}"


#: the stream of a run's seed that orders its map names (far past any item's index)
NAME_STREAM = 2**40


@lru_cache(maxsize=64)
def _run_names(seed: int) -> tuple[str, ...]:
    from generator.games.realms.mapfile import builtin_maps, load_map

    gen = data()["generate"]
    shipped = {load_map(n).name for n in builtin_maps()}
    names = [name for a in gen["adjectives"] for n in gen["nouns"]
             if (name := f"The {a} {n}") not in shipped]
    make_rng(derive_seed(seed, NAME_STREAM)).shuffle(names)
    return tuple(names)


def run_name(seed: int, index: int) -> str:
    """The name of map ``index`` of a run of ``seed``: every name of the word lists once (but a
    shipped map's), in an order drawn from the seed, so the maps of a run (``--count``) never
    share a name; past the last one, the names come round again with a number ("The Sunken
    Vault II")."""
    names = _run_names(int(seed))
    turn, k = divmod(index, len(names))
    return names[k] + (f" {roman(turn + 1)}" if turn else "")


def roman(n: int) -> str:
    """``n`` (1-3999) in Roman numerals."""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def lay_out(rng, size: tuple[int, int], counts: Counts, name: str) -> Map:
    """One attempt: entrances, stone, rooms, findings (raises LayoutFailed)."""
    w, h = size
    entrances = place_entrances(rng, w, h, counts.entrance_gap)
    contents = room_contents(rng, counts.sarcophagi, counts.golems)
    stone = place_stone(rng, w, h, max(counts.stone, len(contents)), len(contents))
    rooms = place_rooms(rng, w, h, stone, contents, {(e.x, e.y) for e in entrances})
    check_stone(stone, size)
    blocked = set(stone)
    stone -= {(r.x, r.y) for r in rooms}
    findings = place_findings(rng, size, blocked, entrances, rooms, counts)
    description = (f"A generated {w} x {h} tomb: {len(blocked)} stone squares, "
                   f"{len(rooms)} rooms, {len(findings)} findings.")
    return Map.build(size, entrances, stone, rooms, findings, name, "unrated", description)


def check_stone(stone: set, size: tuple[int, int]) -> None:
    """The stone's share of the map and the variety of its shapes ([generate] stone, variety)."""
    gen = data()["generate"]
    lo, hi = gen["stone"]
    share = len(stone) / (size[0] * size[1])
    if not lo <= share <= hi:
        raise LayoutFailed("stone-share", f"stone covers {share:.0%} of the map; "
                           f"{lo:.0%} to {hi:.0%} wanted")
    kinds = {shape_of(b) for b in blocks(stone)} & set(SHAPES)
    if len(kinds) < gen["variety"]:
        raise LayoutFailed("stone-variety", f"the stone takes {len(kinds)} shape(s) "
                           f"({', '.join(sorted(kinds))}); at least {gen['variety']} wanted")


# ------------------------------------------------------------------------------------ entrances

def _perimeter(w: int, h: int) -> list[tuple[int, int, str]]:
    """Every outer edge once, clockwise from the top-left: (x, y, side facing out)."""
    top = [(x, 0, "N") for x in range(w)]
    right = [(w - 1, y, "E") for y in range(h)]
    bottom = [(x, h - 1, "S") for x in reversed(range(w))]
    left = [(0, y, "W") for y in reversed(range(h))]
    return top + right + bottom + left


def place_entrances(rng, w: int, h: int, share: float) -> list[Entrance]:
    """The entrances, at least ``share`` of the wall apart, never on a corner square (a corner
    square has two outer sides, which reads badly on paper)."""
    edges = [e for e in _perimeter(w, h) if not (e[0] in (0, w - 1) and e[1] in (0, h - 1))]
    need = data()["map"]["entrances"]
    gap = max(1, int(share * len(edges)))
    for _ in range(200):
        picks = sorted(rng.sample(range(len(edges)), need))
        spaced = [(b - a) % len(edges) for a, b in zip(picks, picks[1:] + picks[:1])]
        if min(spaced) >= gap or need == 1:
            return [Entrance(edges[i][1], edges[i][0], edges[i][2]) for i in picks]
    raise LayoutFailed("entrance-spacing", f"no {need} entrances {gap} squares apart")
