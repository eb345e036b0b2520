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


def move_to_json(move: Move) -> dict[str, Any]:
    """The JSON object of a move (see the module doc)."""
    if isinstance(move, Place):
        return {"do": "place", "die": move.die, "shape": move.shape, "turn": move.turn,
                "x": move.x, "y": move.y}
    if isinstance(move, PlaceRoom):
        return {"do": "room", "dice": list(move.dice), "x": move.x, "y": move.y}
    if isinstance(move, Defeat):
        return {"do": "defeat", "target": move.target, "tool": move.tool}
    if isinstance(move, Open):
        return {"do": "open", "tool": move.tool}
    if isinstance(move, Coin):
        return {"do": "coin", "die": move.die, "delta": move.delta}
    if isinstance(move, Roll):
        return {"do": "roll"}
    if isinstance(move, Buy):
        return {"do": "buy", "value": move.value}
    if isinstance(move, Wand):
        return {"do": "wand", "x": move.x, "y": move.y, "side": move.side,
                "wall": "add" if move.add else "erase", "pay": move.pay}
    if isinstance(move, Shovel):
        return {"do": "shovel", "x": move.x, "y": move.y, "open": move.open, "pay": move.pay}
    return {"do": "end"}


_KEYS = {"place": ("die", "shape", "turn", "x", "y"), "room": ("dice", "x", "y"),
         "defeat": ("target",), "open": (), "coin": ("die", "delta"), "roll": (),
         "buy": ("value",), "wand": ("x", "y", "side", "wall"), "shovel": ("x", "y", "open"),
         "end": ()}
_OPTIONAL = {"defeat": ("tool",), "open": ("tool",), "wand": ("pay",), "shovel": ("pay",)}


def _need_int(obj: dict, key: str, place: str) -> int:
    value = obj[key]
    if not is_whole(value):
        raise InputError(f"{place} [{key}]: expected an integer, got {value!r}")
    return value


def move_from_json(obj: Any, place: str) -> Move:
    """A move from its JSON object; a malformed one is an InputError naming ``place``."""
    if not isinstance(obj, dict) or not isinstance(obj.get("do"), str) \
            or obj["do"] not in _KEYS:
        raise InputError(f"{place}: expected an object with \"do\" one of "
                         + ", ".join(_KEYS))
    kind = obj["do"]
    allowed = {"do", "player", *_KEYS[kind], *_OPTIONAL.get(kind, ())}
    missing = [k for k in _KEYS[kind] if k not in obj]
    unknown = [k for k in obj if k not in allowed]
    if missing or unknown:
        raise InputError(f"{place}: a {kind!r} move has keys {', '.join(_KEYS[kind]) or 'none'}"
                         + (f"; missing {', '.join(missing)}" if missing else "")
                         + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    ints = {k: _need_int(obj, k, place) for k in ("die", "turn", "x", "y", "delta", "value", "pay")
            if k in obj}
    if kind == "place":
        return Place(ints["die"], str(obj["shape"]), ints["turn"], ints["x"], ints["y"])
    if kind == "room":
        dice = obj["dice"]
        if not (isinstance(dice, list) and len(dice) == 2
                and all(isinstance(d, int) and not isinstance(d, bool) for d in dice)):
            raise InputError(f"{place} [dice]: expected two die values")
        return PlaceRoom((dice[0], dice[1]), ints["x"], ints["y"])
    if kind == "defeat":
        return Defeat(str(obj["target"]), str(obj.get("tool", "")))
    if kind == "open":
        return Open(str(obj.get("tool", "key")))
    if kind == "coin":
        return Coin(ints["die"], ints["delta"])
    if kind == "roll":
        return Roll()
    if kind == "buy":
        return Buy(ints["value"])
    if kind == "wand":
        if obj["wall"] not in ("add", "erase") or obj["side"] not in ("N", "E", "S", "W"):
            raise InputError(f"{place}: wall is \"add\" or \"erase\", side one of N E S W")
        x, y, side = canonical_edge(ints["x"], ints["y"], obj["side"])
        return Wand(x, y, side, obj["wall"] == "add", ints.get("pay", 0))
    if kind == "shovel":
        return Shovel(ints["x"], ints["y"], str(obj["open"]), ints.get("pay", 0))
    return End()
