"""Hidden Realms types: the rules data, tile shapes and their orientations, the map model and
its JSON form.

A map is a grid of ``size`` = (w, h) squares, x to the right and y downward from the top-left.
Stone squares are blocked; a room is a stone square with one door (a side facing a free square)
and one content; entrances are one cell-edge wide gaps in the outer wall, given as the border
square and the side that faces out. Findings lie on free squares. Room squares are listed only in
``rooms``, never also in ``stone``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from generator.core.data import MapOf, load_seed
from generator.core.errors import InputError
from generator.core.inputs import is_whole

SIDES = "NESW"
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

_MONSTER = {"die": int, "coins": int}
_START = {"coins": int, "keys": int}
SCHEMA = {
    "game": {"rounds": int, "dice_rolled": int, "slots": int, "faces": int, "mummy_base": int},
    "coins": {"adjust": int, "roll": int, "buy": int},
    "capacity": {"oozes": int, "sarcophagi": int, "golems": int, "mimics": int,
                 "mummy_rows": int, "marks_per_square": int, "keys": int, "coins": int,
                 "item_uses": int},
    "monsters": {k: _MONSTER for k in ("ooze", "skeleton", "zombie", "golem", "mimic", "mummy")},
    "mummy": {"multipliers": [int]},
    "scoring": {"zombies": [int], "golems": [int], "mimic": int, "magic_item": int,
                "leftover": int, "entrances": [int], "penalty": int, "achievement": int},
    "start": MapOf(_START),
    "table": {"columns": [str], "column_keys": int,
              "rows": [{"die": int, "shapes": [str], "grants": int}],
              "room": str, "room_dice": int},
    "tiles": MapOf({"name": str, "cells": [[int]], "openings": [list]}),
    "shovel": {"min_openings": int, "max_openings": int},
    "map": {"min_size": int, "max_size": int, "entrances": int, "max_coin_pile": int,
            "beginner": str, "name_length": int, "description_length": int,
            "text_encoding": str, "coin_track": float,
            "difficulties": [str], "golem_colours": [str], "golem_marks": [str], "items": [str],
            "grid_kinds": [str], "room_kinds": [str], "basic": MapOf(int)},
    "legend": {"free": str, "stone": str, "corner": str, "wall_across": str, "wall_down": str,
               "entrance": str, "coins": str, "doors": MapOf(str), "grid": MapOf(str),
               "rooms": MapOf(str)},
    "names": {"achievements": MapOf(str),
              "translated": MapOf({"maps": MapOf(str), "nouns": [[str]], "adjectives": [[str]]})},
    "sheet": {"max_players": int},
    "generate": {"attempts": int, "rating_attempts": int, "plain_attempts": int,
                 "sheet_games": int,
                 "difficulty_games": int,
                 "max_fill": float, "border": int, "stone": [float],
                 "room_quarters": int, "variety": int, "trail": float, "fillers": [[[int]]], "adjectives": [str], "nouns": [str],
                 "candidates": int, "aim_within": float, "predict": MapOf(float),
                 "shapes": MapOf({"cells": [[int]], "weight": float}),
                 "levels": MapOf({"stone": [float], "oozes": [int], "mimics": [int],
                                  "golems": [int], "sarcophagi": [int], "keys": [int],
                                  "coins": [int], "items": [int], "near": [float],
                                  "tucked": [float], "golem_gem": [float],
                                  "entrance_gap": [float], "aim": float})},
    "rating": {"reference": str, "hard": float, "easy": float, "size_scale": float,
               "first": int, "games": int,
               "rate_games": int, "seed": int, "shipped_games": int,
               "shipped": MapOf({"player": str, "games": int, "seed": int, "par": float,
                                 "interval": [float], "p10": float, "p90": float,
                                 "mean": float})},
}

MAP_FIELDS = ("size", "entrances", "stone", "rooms", "findings")
#: difficulty labels a rating gives (and levels the generator is steered by), easiest first
LEVELS = ("easy", "standard", "hard")


def data():
    """``seeds/realms.toml``, checked and frozen (loaded once)."""
    return load_seed("realms.toml", SCHEMA)


# ------------------------------------------------------------------------------------ shapes

@dataclass(frozen=True)
class Form:
    """One orientation of a shape, moved so its top-left bounding corner is (0, 0)."""

    code: str
    turn: int
    cells: tuple[tuple[int, int], ...]
    openings: tuple[tuple[int, int, str], ...]
    width: int
    height: int


def _turn_point(x: int, y: int, side: str, turn: int) -> tuple[int, int, str]:
    """Turn ``turn`` = mirror (turn >= 4: x -> -x) then (turn % 4) quarter turns clockwise."""
    if turn >= 4:
        x, side = -x, {"E": "W", "W": "E"}.get(side, side)
    for _ in range(turn % 4):
        # clockwise with y downward: east goes south, north goes east
        x, y, side = -y, x, SIDES[(SIDES.index(side) + 1) % 4]
    return x, y, side


def orient(code: str, cells, openings, turn: int) -> Form:
    """The shape turned by ``turn`` (0-7), normalised to the origin, cells and openings sorted."""
    moved = [_turn_point(x, y, "N", turn)[:2] for x, y in cells]
    ops = [_turn_point(x, y, s, turn) for x, y, s in openings]
    dx, dy = min(x for x, _ in moved), min(y for _, y in moved)
    cells_n = tuple(sorted(((x - dx, y - dy) for x, y in moved), key=lambda c: (c[1], c[0])))
    ops_n = tuple(sorted(((x - dx, y - dy, s) for x, y, s in ops),
                         key=lambda o: (o[1], o[0], SIDES.index(o[2]))))
    return Form(code, turn, cells_n, ops_n, max(x for x, _ in cells_n) + 1,
                max(y for _, y in cells_n) + 1)


@cache
def forms(code: str) -> tuple[Form, ...]:
    """Every orientation of a tile shape (turns 0-7, duplicates included, index = turn)."""
    tile = data()["tiles"][code]
    return tuple(orient(code, tile["cells"], tile["openings"], t) for t in range(8))


@cache
def distinct_forms(code: str) -> tuple[Form, ...]:
    """The distinct orientations of a shape, each under its lowest turn number."""
    seen: dict[tuple, Form] = {}
    for f in forms(code):
        seen.setdefault((f.cells, f.openings), f)
    return tuple(seen.values())


def regions(cells) -> list[set[tuple[int, int]]]:
    """``cells`` grouped into regions joined side to side, each region listed from its first
    square in reading order (top row first)."""
    left = set(cells)
    out = []
    for start in sorted(left, key=lambda c: (c[1], c[0])):
        if start not in left:
            continue
        part, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in DELTA.values():
                n = (x + dx, y + dy)
                if n in left and n not in part:
                    part.add(n)
                    todo.append(n)
        left -= part
        out.append(part)
    return out


def table_rows() -> dict[int, tuple[str, ...]]:
    """Die value -> the shape codes of that Tile Table row."""
    return {row["die"]: tuple(row["shapes"]) for row in data()["table"]["rows"]}


def golem_colours() -> tuple[str, ...]:
    return tuple(data()["map"]["golem_colours"])


def finding_kinds() -> tuple[str, ...]:
    """Every kind a grid finding may have (golems per colour)."""
    out = []
    for kind in data()["map"]["grid_kinds"]:
        out += [f"golem-{c}" for c in golem_colours()] if kind == "golem" else [kind]
    return tuple(out)


def room_kinds() -> tuple[str, ...]:
    """Every content a room may hold (gems per colour)."""
    out = []
    for kind in data()["map"]["room_kinds"]:
        out += [f"gem-{c}" for c in golem_colours()] if kind == "gem" else [kind]
    return tuple(out)


# ------------------------------------------------------------------------------------ the map

@dataclass(frozen=True, order=True)
class Entrance:
    """A gap in the outer wall: border square (x, y) and the side that faces out."""

    y: int
    x: int
    side: str


@dataclass(frozen=True, order=True)
class Room:
    """A stone square with one door (side facing a free square) and its content."""

    y: int
    x: int
    door: str
    content: str


@dataclass(frozen=True, order=True)
class Finding:
    """Something lying on a free square; ``amount`` counts coins (0 for other kinds)."""

    y: int
    x: int
    kind: str
    amount: int = 0


@dataclass(frozen=True)
class Map:
    """A Hidden Realms map. Lists are kept sorted (row by row) so equal maps compare equal."""

    size: tuple[int, int]
    entrances: tuple[Entrance, ...]
    stone: tuple[tuple[int, int], ...]
    rooms: tuple[Room, ...]
    findings: tuple[Finding, ...]
    name: str = ""
    difficulty: str = ""
    description: str = ""

    @staticmethod
    def build(size, entrances, stone, rooms, findings, name="", difficulty="",
              description="") -> Map:
        """A map with its lists put in canonical order (by row, then column)."""
        cells = sorted(((int(x), int(y)) for x, y in stone), key=lambda c: (c[1], c[0]))
        return Map((int(size[0]), int(size[1])), tuple(sorted(entrances)), tuple(cells),
                   tuple(sorted(rooms)), tuple(sorted(findings)), name, difficulty, description)


def map_to_fields(m: Map) -> dict[str, Any]:
    """The JSON item fields of a map (ARCHITECTURE.md), plus name, difficulty, description."""
    findings = []
    for f in m.findings:
        item = {"x": f.x, "y": f.y, "kind": f.kind}
        if f.kind == "coins":
            item["amount"] = f.amount
        findings.append(item)
    return {
        "name": m.name, "difficulty": m.difficulty, "description": m.description,
        "size": list(m.size),
        "entrances": [{"x": e.x, "y": e.y, "side": e.side} for e in m.entrances],
        "stone": [[x, y] for x, y in m.stone],
        "rooms": [{"x": r.x, "y": r.y, "door": r.door, "content": r.content} for r in m.rooms],
        "findings": findings,
    }


def _int(value: Any, place: str) -> int:
    if not is_whole(value):
        raise InputError(f"{place}: expected an integer, got {value!r}")
    return value


def _obj(value: Any, keys: tuple[str, ...], place: str, optional=()) -> dict:
    if not isinstance(value, dict):
        raise InputError(f"{place}: expected an object with keys {', '.join(keys)}")
    unknown = [k for k in value if k not in keys and k not in optional]
    missing = [k for k in keys if k not in value]
    if unknown or missing:
        raise InputError(f"{place}: expected keys {', '.join(keys)}"
                         + (f" (unknown: {', '.join(unknown)})" if unknown else "")
                         + (f" (missing: {', '.join(missing)})" if missing else ""))
    return value


def _str(value: Any, place: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(f"{place}: expected a text, got {value!r}")
    return value


def _list(doc: dict, key: str, source: str) -> list:
    value = doc[key]
    if not isinstance(value, list):
        raise InputError(f"{source} [{key}]: expected a list")
    return value


def map_from_fields(doc: dict[str, Any], source: str = "<map>") -> Map:
    """A :class:`Map` from JSON fields. Wrong types -> InputError naming the key (exit 2);
    rule problems (unknown kinds, squares off the grid...) are left for the validator."""
    missing = [k for k in MAP_FIELDS if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)}; a realms map has "
                         + ", ".join(MAP_FIELDS))
    size = doc["size"]
    if not isinstance(size, list) or len(size) != 2:
        raise InputError(f"{source} [size]: expected [width, height]")
    size = (_int(size[0], f"{source} [size]"), _int(size[1], f"{source} [size]"))
    entrances, stone, rooms, findings = [], [], [], []
    for i, e in enumerate(_list(doc, "entrances", source)):
        place = f"{source} [entrances[{i}]]"
        e = _obj(e, ("x", "y", "side"), place)
        entrances.append(Entrance(_int(e["y"], place), _int(e["x"], place), _str(e["side"], place)))
    for i, c in enumerate(_list(doc, "stone", source)):
        place = f"{source} [stone[{i}]]"
        if not isinstance(c, list) or len(c) != 2:
            raise InputError(f"{place}: expected [x, y]")
        stone.append((_int(c[0], place), _int(c[1], place)))
    for i, r in enumerate(_list(doc, "rooms", source)):
        place = f"{source} [rooms[{i}]]"
        r = _obj(r, ("x", "y", "content"), place, optional=("door",))
        rooms.append(Room(_int(r["y"], place), _int(r["x"], place), _str(r.get("door"), place),
                          _str(r["content"], place)))
    for i, f in enumerate(_list(doc, "findings", source)):
        place = f"{source} [findings[{i}]]"
        f = _obj(f, ("x", "y", "kind"), place, optional=("amount",))
        amount = _int(f["amount"], place) if "amount" in f else 0
        findings.append(Finding(_int(f["y"], place), _int(f["x"], place), _str(f["kind"], place),
                                amount))
    return Map.build(size, entrances, stone, rooms, findings,
                     _str(doc.get("name"), f"{source} [name]"),
                     _str(doc.get("difficulty"), f"{source} [difficulty]"),
                     _str(doc.get("description"), f"{source} [description]"))


def fingerprint(m: Map) -> str:
    """A short hash of a map's squares (not its name): a rating belongs to one layout."""
    import hashlib
    import json

    fields = map_to_fields(m)
    body = {k: fields[k] for k in MAP_FIELDS}
    return hashlib.sha1(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]
