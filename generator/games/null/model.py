"""The null game's types: its data, the row of counters, and the row's JSON form.

The null game is the template a new game is copied from (docs/adding-a-game.md): a row of
counters; two players take turns taking 1 to ``[play] take`` counters; whoever takes the last
counter wins. A *row* is the item its sheet prints: how many counters, and who starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core.data import load_seed, resource
from generator.core.errors import InputError, shown
from generator.core.inputs import is_whole

SCHEMA = {
    "row": {"fewest": int, "most": int},
    "play": {"players": int, "take": int},
    "sheet": {"counter": float, "gap": float, "line": float},
    "aid": {"counters": int, "takes": [int]},
}

FIELDS = ("counters", "first")


def data():
    """``seeds/null.toml``, checked and frozen; numbers that make no game are an InputError
    naming the file, the key and what would do."""
    d = load_seed("null.toml", SCHEMA)
    row, play = d["row"], d["play"]
    if not 1 <= row["fewest"] <= row["most"]:
        raise InputError(f"{resource('seeds', 'null.toml')} [row]: fewest {row['fewest']} and "
                         f"most {row['most']} make no row; give 1 ≤ fewest ≤ most")
    if play["take"] < 1 or play["players"] < 2:
        raise InputError(f"{resource('seeds', 'null.toml')} [play]: take {play['take']} with "
                         f"{play['players']} players makes no game; give take ≥ 1, players ≥ 2")
    return d


@dataclass(frozen=True)
class Row:
    """A row of ``counters`` counters; player ``first`` (from 0) takes the first turn."""

    counters: int
    first: int = 0


def row_to_fields(row: Row) -> dict[str, Any]:
    """The JSON item fields: ``counters`` and ``first`` (the player who starts, from 1)."""
    return {"counters": row.counters, "first": row.first + 1}


def row_from_fields(doc: dict[str, Any], source: str = "<row>") -> Row:
    """A :class:`Row` from JSON fields; a missing key or a value that is not a whole number is
    an InputError naming the place (a number the rules refuse is the validator's business)."""
    for key in FIELDS:
        if key not in doc:
            raise InputError(f"{source}: missing key {key!r} (a null row has counters and first)")
        if not is_whole(doc[key]):
            raise InputError(f"{source} [{key}]: expected a whole number, got {shown(doc[key])}")
    return Row(doc["counters"], doc["first"] - 1)
