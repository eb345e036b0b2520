"""Hidden Realms moves: small frozen dataclasses, and their JSON form in game records.

A die is named by its value: the move uses the first unused die of that value in the round row
(two dice of one value are interchangeable). ``pay`` for the Wand and the Shovel is 0 to spend a
use of the collected item, or a die value to spend that die instead.

JSON (one object per move, key ``do`` first):
  {"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8, "y": 0}
  {"do": "room", "dice": [3, 4], "x": 2, "y": 5}
  {"do": "defeat", "target": "mimic", "tool": "key"}      targets: ooze skeleton zombie
        golem-<colour> mimic mummy; tools: "" hammer (ooze) key / skeleton-key (mimic)
  {"do": "open", "tool": "key"}                            open a sarcophagus
  {"do": "coin", "die": 4, "delta": 1}                     +1 or -1 on a die
  {"do": "roll"}   {"do": "buy", "value": 2}               extra dice for coins
  {"do": "wand", "x": 3, "y": 4, "side": "N", "wall": "add", "pay": 0}   or "erase"
  {"do": "shovel", "x": 3, "y": 4, "open": "NE", "pay": 2}
  {"do": "end"}                                            end of round
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core.errors import InputError
from generator.core.inputs import is_whole
from generator.core.records import Key, Kind, MoveCodec, integer, mapped, one_of, text


@dataclass(frozen=True, slots=True)
class Place:
    """Place the Tile Table shape ``shape`` of row ``die``, turned ``turn`` (0-7: turns 4-7 are
    mirrored), with its bounding box's top-left square at (x, y)."""

    die: int
    shape: str
    turn: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PlaceRoom:
    """Place the 3x3 room with two dice of any values."""

    dice: tuple[int, int]
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Defeat:
    """Use a die on a monster (or hit the Mummy), with a tool where one applies."""

    target: str
    tool: str = ""


@dataclass(frozen=True, slots=True)
class Open:
    """Open a sarcophagus with a key (``key`` or ``skeleton-key``); frees its zombie."""

    tool: str = "key"


@dataclass(frozen=True, slots=True)
class Coin:
    """Spend a coin to change a die by +1 or -1 (6 + 1 = 1, 1 - 1 = 6)."""

    die: int
    delta: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Spend coins to roll an extra die."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Spend coins for an extra die of a chosen value."""

    value: int


@dataclass(frozen=True, slots=True)
class Wand:
    """Add or erase one wall; the edge is (x, y, side) with side N or W (canonical)."""

    x: int
    y: int
    side: str
    add: bool
    pay: int = 0


@dataclass(frozen=True, slots=True)
class Shovel:
    """A one-square room on (x, y) whose openings are the sides in ``open`` (e.g. "NE")."""

    x: int
    y: int
    open: str
    pay: int = 0


@dataclass(frozen=True, slots=True)
class End:
    """End the round (every die of the row used)."""


Move = Place | PlaceRoom | Defeat | Open | Coin | Roll | Buy | Wand | Shovel | End


def canonical_edge(x: int, y: int, side: str) -> tuple[int, int, str]:
    """The same edge named by the square below it (N) or right of it (W)."""
    if side == "S":
        return x, y + 1, "N"
    if side == "E":
        return x + 1, y, "W"
    return x, y, side


def _dice(value: Any, place: str, ctx: Any = None) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(map(is_whole, value))):
        raise InputError(f"{place}: expected two die values, e.g. [3, 4]")
    return value[0], value[1]


def _wand(x: int, y: int, side: str, add: bool, pay: int = 0) -> Wand:
    return Wand(*canonical_edge(x, y, side), add, pay)


_INTS = {name: Key(name, integer) for name in ("die", "turn", "x", "y", "delta", "value")}
_PAY = Key("pay", integer, optional=True)
_X, _Y = _INTS["x"], _INTS["y"]

#: the move objects (see the module doc)
CODEC = MoveCodec("Hidden Realms", (
    Kind("place", Place, (_INTS["die"], Key("shape", text), _INTS["turn"], _X, _Y)),
    Kind("room", PlaceRoom, (Key("dice", _dice, lambda dice, ctx: list(dice)), _X, _Y)),
    Kind("defeat", Defeat, (Key("target", text), Key("tool", text, optional=True))),
    Kind("open", Open, (Key("tool", text, optional=True),)),
    Kind("coin", Coin, (_INTS["die"], _INTS["delta"])),
    Kind("roll", move=Roll()),
    Kind("buy", Buy, (_INTS["value"],)),
    Kind("wand", _wand, (_X, _Y, Key("side", one_of("N", "E", "S", "W")),
                         mapped("wall", {"add": True, "erase": False}, "add"), _PAY),
         type=Wand),
    Kind("shovel", Shovel, (_X, _Y, Key("open", text), _PAY)),
    Kind("end", move=End()),
))


def move_to_json(move: Move) -> dict[str, Any]:
    """The JSON object of a move (see the module doc)."""
    return CODEC.to_json(move)


def move_from_json(obj: Any, place: str) -> Move:
    """A move from its JSON object; a malformed one is an InputError naming ``place``."""
    return CODEC.from_json(obj, place)
