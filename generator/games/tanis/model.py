"""Tanis types: the rules data, tiles and digs, and their JSON form.

A dig is four layers of ten 1 x 2 tiles in a 5 x 4 box (units = tile widths). ``layers[0]`` is
the surface after the flip; the layer at depth ``k`` was laid ``k``-th into the lid.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from generator.core.data import load_seed
from generator.core.errors import InputError

SCHEMA = {
    "components": {"types": [str], "lowest": int, "highest": int},
    "box": {"width": int, "height": int, "tile_long": int, "tile_short": int, "layers": int,
            "tiles_per_layer": int, "step": float, "flip": str},
    "cards": {"explorer": int, "excavator": int, "expert": int},
    "scoring": {"group_points": [int]},
    "classic": {"patterns": [[[int]]]},
    "play": {"players": int, "slide_step": float, "floor_stop": float, "expert_min_tiles": int,
             "excavator_min_tiles": int, "tie_winner": str},
    "bots": {"greedy": {"growth": float, "deny": float, "expert_second": float,
                        "excavate_deny": float, "explore_value": float,
                        "endgame_tiles_per_card": float}},
}

FIELDS = ("box", "layers")
CARDS = ("explorer", "excavator", "expert")


def data():
    """``seeds/tanis.toml``, checked and frozen."""
    return load_seed("tanis.toml", SCHEMA)


@dataclass(frozen=True, order=True)
class Tile:
    """A tile's footprint in units: top-left corner (x, y), width w, height h."""

    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Tile) -> bool:
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)

    def flipped(self, box: tuple[float, float], axis: str) -> Tile:
        """Where this tile lies in the lid when it shows here after the box is turned over
        (and vice versa): mirrored left-right for ``axis`` "x", top-bottom for "y"."""
        if axis == "x":
            return Tile(box[0] - self.x - self.w, self.y, self.w, self.h)
        return Tile(self.x, box[1] - self.y - self.h, self.w, self.h)


Layer = tuple[Tile, ...]


@dataclass(frozen=True)
class Dig:
    """A complete dig: box size and layers (surface first)."""

    box: tuple[int, int]
    layers: tuple[Layer, ...]
    style: str = ""


def _num(v: Any) -> float:
    return int(v) if float(v).is_integer() else float(v)


def dig_to_fields(dig: Dig) -> dict[str, Any]:
    """The JSON item fields: ``box`` and ``layers`` of ``{x, y, w, h}``."""
    return {
        "box": list(dig.box),
        "layers": [[{"x": _num(t.x), "y": _num(t.y), "w": _num(t.w), "h": _num(t.h)}
                    for t in layer] for layer in dig.layers],
    }


def dig_from_fields(doc: dict[str, Any], source: str = "<dig>") -> Dig:
    """A :class:`Dig` from JSON fields; wrong shapes or types → InputError naming the place."""
    for key in FIELDS:
        if key not in doc:
            raise InputError(f"{source}: missing key {key!r} (a tanis dig has box and layers)")
    box = doc["box"]
    if (not isinstance(box, list) or len(box) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in box)):
        raise InputError(f"{source} [box]: expected [width, height] as two integers")
    layers = doc["layers"]
    if not isinstance(layers, list):
        raise InputError(f"{source} [layers]: expected a list of layers")
    out = []
    for i, layer in enumerate(layers):
        if not isinstance(layer, list):
            raise InputError(f"{source} [layers[{i}]]: expected a list of tiles")
        tiles = []
        for j, tile in enumerate(layer):
            place = f"{source} [layers[{i}][{j}]]"
            if not isinstance(tile, dict) or set(tile) != {"x", "y", "w", "h"}:
                raise InputError(f"{place}: expected an object with exactly x, y, w, h")
            if not all(isinstance(tile[k], (int, float)) and not isinstance(tile[k], bool)
                       for k in "xywh"):
                raise InputError(f"{place}: x, y, w, h must be numbers")
            tiles.append(Tile(*(float(tile[k]) for k in "xywh")))
        out.append(tuple(tiles))
    return Dig((box[0], box[1]), tuple(out), str(doc.get("options", {}).get("style", ""))
               if isinstance(doc.get("options"), dict) else "")


#: How the box may be turned over (``[box] flip``): the axis, and what it means at the table.
FLIPS = {"x": "left-right, like the page of a book", "y": "top-bottom, tipped toward you"}


def flip_axis() -> str:
    """``[box] flip`` of the rules data, checked: "x" or "y" (anything else → InputError)."""
    value = data()["box"]["flip"]
    if value not in FLIPS:
        from generator.core.data import resource

        choices = "; ".join(f'"{k}" ({v})' for k, v in FLIPS.items())
        raise InputError(f"{resource('seeds', 'tanis.toml')} [box.flip]: {value!r} is not a way "
                         f"to turn the box over; choose {choices}")
    return value


def sheet_numbers(layer: Layer | list) -> list[int]:
    """The number the sheet prints on each tile of ``layer`` (in the layer's order): tiles are
    numbered 1, 2, ... in reading order of the surface view, top row first, left to right."""
    order = sorted(range(len(layer)), key=lambda i: (layer[i].y, layer[i].x))
    numbers_of = [0] * len(layer)
    for number, i in enumerate(order, start=1):
        numbers_of[i] = number
    return numbers_of


# ---- tile identities ----------------------------------------------------------------------------
# A tile's identity is a small int code: type index * 10 + (number - lowest). Codes keep the engine
# lean (lists of ints); names are for people and JSON.

@dataclass(frozen=True)
class Facts:
    """The rules facts of ``seeds/tanis.toml`` that several modules read, as one frozen value:
    the players, the points of a group by its size and who wins a tie."""

    players: int
    group_points: tuple[int, ...]   # points of a group of 0, 1, 2, ... tiles
    tie_winner: str                 # "second" or "first": the player who wins equal points


@functools.cache
def facts() -> Facts:
    """:class:`Facts` of the rules data (read once)."""
    d = data()
    return Facts(d["play"]["players"], tuple(d["scoring"]["group_points"]),
                 d["play"]["tie_winner"])


def types() -> tuple[str, ...]:
    """The four tile types, in the order of the rules data."""
    return tuple(data()["components"]["types"])


def numbers() -> range:
    """The numbers a tile can carry (1 to 10)."""
    comp = data()["components"]
    return range(comp["lowest"], comp["highest"] + 1)


def tile_code(type_name: str, number: int) -> int:
    """The code of the tile ``type_name`` ``number`` (ValueError if there is no such tile)."""
    nums = numbers()
    if type_name not in types() or number not in nums:
        raise ValueError(f"no tile {type_name} {number}")
    return types().index(type_name) * len(nums) + (number - nums.start)


def tile_name(code: int) -> str:
    """``'snake 7'`` for a tile code."""
    nums = numbers()
    return f"{types()[code // len(nums)]} {code % len(nums) + nums.start}"


def all_codes() -> list[int]:
    """Every tile code of the game (40)."""
    return list(range(len(types()) * len(numbers())))
