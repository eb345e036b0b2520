"""The rules data of ``seeds/realms.toml`` as one frozen dataclass, read once, for the engine's
hot paths (a dict lookup per rule fact would cost more than the rule itself)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.core.data import freeze
from generator.games.realms.model import data, golem_colours


@dataclass(frozen=True, slots=True)
class Rules:
    """What the engine, the bots and the sheet read of the rules data (seeds/realms.toml):
    the game's counts, the coin prices, the capacities of the sheet, the monsters' dice and
    rewards, the Mummy's multipliers and the Tile Table (rows, their shapes and grants, and the
    masks of its rows and columns in the marks' bit order: shape ``r * ncolumns + c``)."""

    rounds: int
    slots: int
    faces: int
    dice_rolled: int
    mummy_base: int
    coin_adjust: int
    coin_roll: int
    coin_buy: int
    cap_oozes: int
    cap_sarcophagi: int
    cap_golems: int
    cap_mimics: int
    cap_keys: int
    cap_coins: int
    item_uses: int
    mummy_rows: int
    marks_per_square: int
    max_alerts: int
    monster_die: Mapping[str, int]
    monster_coins: Mapping[str, int]
    die_monster: Mapping[int, str]
    multipliers: tuple[int, ...]
    #: the tools each monster may be fought with ("": none)
    tools: Mapping[str, tuple[str, ...]]
    colours: tuple[str, ...]
    start: Mapping[str, Any]
    items: tuple[str, ...]
    room: str
    room_dice: int
    column_keys: int
    ncolumns: int
    entrances: Any
    rows: Mapping[int, tuple[str, ...]]
    row_grants: tuple[int, ...]
    row_masks: tuple[int, ...]
    col_masks: tuple[int, ...]
    scoring: Mapping[str, Any]


def read_rules(d: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` of the rules data ``d`` (``seeds/realms.toml`` as checked)."""
    g, cap, table, coins = d["game"], d["capacity"], d["table"], d["coins"]
    monster_die = {k: v["die"] for k, v in d["monsters"].items()}
    ncols, nrows = len(table["columns"]), len(table["rows"])
    return Rules(
        rounds=g["rounds"], slots=g["slots"], faces=g["faces"], dice_rolled=g["dice_rolled"],
        mummy_base=g["mummy_base"],
        coin_adjust=coins["adjust"], coin_roll=coins["roll"], coin_buy=coins["buy"],
        cap_oozes=cap["oozes"], cap_sarcophagi=cap["sarcophagi"], cap_golems=cap["golems"],
        cap_mimics=cap["mimics"], cap_keys=cap["keys"], cap_coins=cap["coins"],
        item_uses=cap["item_uses"], mummy_rows=cap["mummy_rows"],
        marks_per_square=cap["marks_per_square"],
        max_alerts=cap["mummy_rows"] * cap["marks_per_square"],
        monster_die=freeze(monster_die),
        monster_coins=freeze({k: v["coins"] for k, v in d["monsters"].items()}),
        die_monster=freeze({v: k for k, v in monster_die.items()}),
        multipliers=tuple(d["mummy"]["multipliers"]),
        tools=freeze({"ooze": ("", "hammer"), "skeleton": ("",), "zombie": ("",),
                      "golem": ("",), "mimic": ("key", "skeleton-key"), "mummy": ("",)}),
        colours=golem_colours(), start=d["start"], items=tuple(d["map"]["items"]),
        room=table["room"], room_dice=table["room_dice"], column_keys=table["column_keys"],
        ncolumns=ncols, entrances=d["map"]["entrances"],
        rows=freeze({row["die"]: tuple(row["shapes"]) for row in table["rows"]}),
        row_grants=tuple(row["grants"] for row in table["rows"]),
        row_masks=tuple(((1 << ncols) - 1) << (r * ncols) for r in range(nrows)),
        col_masks=tuple(sum(1 << (r * ncols + c) for r in range(nrows)) for c in range(ncols)),
        scoring=d["scoring"],
    )


#: the rules data, read when the engine is first imported
RULES = read_rules(data())
