"""Tutankhamen types: the rules data, tile codes and ids, variant switches, and the trail item.

Tiles have a code (``horus-blue``, ``gold``, ``pharaoh``, ``king-tut``) for JSON and an int id
for the engine: sets are ``kind_index * colours + colour_index`` (0..14), then the specials.
A :class:`Trail` is one layout: the 69 tile codes in trail order, the cell of each, the pyramid.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from generator.core.data import MapOf, Optional, load_seed
from generator.core.errors import InputError

_VARIANT = {
    "name": str, "start_coins": MapOf(int), "wild_counts": bool,
    "wild_needs_tie": bool, "king_needs_tile": bool, "king_on_trail": bool, "king_coin": int,
    "max_tied_first": int, "end_all_at_end": bool,
    "gold_coin": int, "gold_may_decline": bool, "half": str,
    "names": MapOf(str), "pictures": MapOf(str),
    "names_in": Optional(MapOf(MapOf(str))), "genders": Optional(MapOf(MapOf(str))),
    "plurals": Optional(MapOf(MapOf(str))),
}
SCHEMA = {
    "kind": [{"code": str, "value": int, "tiles": int}],
    "colours": {"codes": [str], "borders": [str]},
    "specials": {"gold": int, "pharaoh": int, "king_tut": int},
    "trail": {"length": int, "table": [int], "tile_mm": float, "shapes": [str],
              "max_side": int, "min_players": int, "max_players": int},
    "variant": MapOf(_VARIANT),
}

GOLD, PHARAOH, KING = "gold", "pharaoh", "king-tut"
TRAIL_FIELDS = ("variant", "players", "table", "tiles", "path", "pyramid")


def data():
    """``seeds/tut.toml``, checked and frozen."""
    return load_seed("tut.toml", SCHEMA)


@dataclass(frozen=True)
class Facts:
    """The facts of ``seeds/tut.toml`` that several modules read, as one frozen value: the
    trail, the wild tiles, the set colours and the players (both variants alike; a variant's
    own switches are its :class:`Rules`)."""

    trail_length: int             # tiles on the trail
    pharaohs: int                 # wild (pharaoh) tiles
    colours: tuple[str, ...]      # the set colours' codes
    max_players: int
    table: tuple[int, int]        # the default table, in cells
    max_side: int                 # the largest table side that prints to scale


@functools.cache
def facts() -> Facts:
    """:class:`Facts` of the data (read once)."""
    d = data()
    trail = d["trail"]
    w, h = trail["table"]
    return Facts(trail["length"], d["specials"]["pharaoh"], tuple(d["colours"]["codes"]),
                 trail["max_players"], (w, h), trail["max_side"])


@dataclass(frozen=True)
class Catalog:
    """Every tile fact the engine and the sheet need, as flat tuples indexed by tile id."""

    codes: tuple[str, ...]          # id -> code; sets first, then gold, pharaoh, king-tut
    sets: int                       # number of sets (ids 0..sets-1)
    value: tuple[int, ...]          # set id -> value
    size: tuple[int, ...]           # set id -> tiles in the set
    kind: tuple[int, ...]           # set id -> kind index
    colour: tuple[int, ...]         # set id -> colour index
    gold: int
    pharaoh: int
    king: int
    trail_counts: tuple[tuple[str, int], ...]   # (code, how many on the trail)

    def id_of(self, code: str) -> int:
        return self.codes.index(code)


@functools.cache
def catalog() -> Catalog:
    """The tile catalogue built from the rules data (once)."""
    d = data()
    colours = d["colours"]["codes"]
    codes, value, size, kind, colour = [], [], [], [], []
    for k, spec in enumerate(d["kind"]):
        for c, name in enumerate(colours):
            codes.append(f"{spec['code']}-{name}")
            value.append(spec["value"])
            size.append(spec["tiles"])
            kind.append(k)
            colour.append(c)
    sets = len(codes)
    codes += [GOLD, PHARAOH, KING]
    counts = tuple((codes[s], size[s]) for s in range(sets)) + (
        (GOLD, d["specials"]["gold"]), (PHARAOH, d["specials"]["pharaoh"]))
    return Catalog(tuple(codes), sets, tuple(value), tuple(size), tuple(kind), tuple(colour),
                   sets, sets + 1, sets + 2, counts)


def trail_tiles() -> list[str]:
    """The multiset of trail tile codes (69), in catalogue order."""
    return [code for code, n in catalog().trail_counts for _ in range(n)]


def kind_of(code: str) -> str:
    """The code naming what a tile shows: 'horus-blue' → 'horus'; specials are their own."""
    return code if code in (GOLD, PHARAOH, KING) else code.partition("-")[0]


def colour_of(code: str) -> str | None:
    """'horus-blue' → 'blue'; specials have no colour."""
    return None if code in (GOLD, PHARAOH, KING) else code.partition("-")[2]


def _edition_table(variant: str, key: str, *extra: str, lang: str = "") -> dict[str, str]:
    """``[variant.<v>.<key>]`` (names or pictures; with ``lang``, the table of that language
    under it), checked to cover every kind and special."""
    table = data()["variant"][variant].get(key, {})
    where = f"variant.{variant}.{key}"
    if lang:
        table, where = table.get(lang), f"{where}.{lang}"
        if table is None:
            raise InputError(f"seeds/tut.toml [{where}]: missing; the {variant} edition's "
                             f"pieces need names in {lang!r} for a sheet printed in it")
    needed = [*extra, *(k["code"] for k in data()["kind"]), GOLD, PHARAOH, KING]
    missing = [code for code in needed if code not in table]
    if missing:
        raise InputError(f"seeds/tut.toml [{where}]: no entry for "
                         f"{', '.join(missing)}; give one for each of {', '.join(needed)}")
    return dict(table)


def names(variant: str, lang: str | None = None) -> dict[str, str]:
    """What the edition of ``variant`` calls each kind and special ('mask' → 'Chaise' in fr),
    and the game itself ('game'). With ``lang`` other than the edition's own (the variant's
    code), the same pieces named in that language (``[variant.<v>.names_in.<lang>]``)."""
    if lang is None or lang == variant:
        return _edition_table(variant, "names", "game")
    return _edition_table(variant, "names_in", "game", lang=lang)


def set_choices() -> dict[str, Any]:
    """What a set referee offers, per variant: each kind of set as (value, name, tiles), the
    wild tile's and King Tut's names (in English), and the players (fewest, most)."""
    trail = data()["trail"]
    out: dict[str, Any] = {"players": [trail["min_players"], trail["max_players"]]}
    for variant in VARIANTS:
        named = names(variant, "en")
        out[variant] = {"game": named["game"], "wild": named["pharaoh"], "king": named["king-tut"],
                        "sets": [[k["value"], named[k["code"]], k["tiles"]]
                                 for k in data()["kind"]]}
    return out


def plural(variant: str, lang: str, code: str) -> str:
    """A piece of ``names(variant, lang)`` named as several tiles ("Masques de pharaon (3
    dalles)"): ``[variant.<v>.plurals.<lang>]``, or its name where the plural is the same."""
    table = data()["variant"][variant].get("plurals", {}).get(lang, {})
    return table.get(code) or names(variant, lang)[code]


def gender(variant: str, lang: str, kind: str) -> str:
    """The grammatical gender ("m" or "f") of a set name of ``names(variant, lang)``, for
    colour words that agree with it (``[variant.<v>.genders.<lang>]``; "m" in a language
    without a table)."""
    table = data()["variant"][variant].get("genders", {}).get(lang)
    if table is None:
        return "m"
    value = table.get(kind)
    if value not in ("m", "f"):
        raise InputError(f"seeds/tut.toml [variant.{variant}.genders.{lang}]: give {kind} "
                         "the gender \"m\" or \"f\"")
    return value


def pictures(variant: str) -> dict[str, str]:
    """The pictogram each kind and special shows in the edition ('mask' → 'chair' in fr)."""
    return _edition_table(variant, "pictures")


@dataclass(frozen=True)
class Rules:
    """One variant's switches (see seeds/tut.toml), plus its start coins by player count."""

    variant: str
    name: str
    pharaoh: str                    # the edition's name of the wild tiles
    king: str                       # ... and of the pyramid tile
    start_coins: dict = field(hash=False)   # hashable all the same: caches key on rules
    wild_counts: bool
    wild_needs_tie: bool
    king_needs_tile: bool
    king_on_trail: bool
    king_coin: int
    max_tied_first: int
    end_all_at_end: bool
    gold_coin: int
    gold_may_decline: bool
    half_up: bool                   # half of an odd value rounded up (else down)


VARIANTS = ("en", "fr")
#: How half of an odd set value is rounded (``half`` in seeds/tut.toml).
HALF = ("down", "up")


@functools.cache
def rules(variant: str) -> Rules:
    """The switches of variant ``en`` or ``fr``; unknown → InputError."""
    table = data()["variant"]
    if variant not in table:
        raise InputError(f"--variant {variant}: unknown variant; choose one of "
                         f"{', '.join(sorted(table))}")
    v = table[variant]
    if v["half"] not in HALF:
        raise InputError(f"seeds/tut.toml [variant.{variant}] half: {v['half']!r}; use "
                         + " or ".join(f'"{h}"' for h in HALF))
    edition = names(variant)
    return Rules(variant, v["name"], edition[PHARAOH], edition[KING],
                 {int(k): n for k, n in v["start_coins"].items()}, v["wild_counts"],
                 v["wild_needs_tie"], v["king_needs_tile"], v["king_on_trail"], v["king_coin"],
                 v["max_tied_first"], v["end_all_at_end"], v["gold_coin"],
                 v["gold_may_decline"], v["half"] == "up")


def start_coins(variant: str, players: int) -> int:
    """Coins (or track value) each player starts with; bad player count → InputError."""
    table = rules(variant).start_coins
    if players not in table:
        raise InputError(f"--players {players}: Tutankhamen is for "
                         f"{min(table)} to {max(table)} players")
    return table[players]


# ---- the trail item --------------------------------------------------------------------------

Cell = tuple[int, int]


@dataclass(frozen=True)
class Trail:
    """A trail layout: tile codes and cells in trail order from the start, and the pyramid.

    ``spread``/``no_specials_before`` are the constraints it was asked to meet (validated);
    ``balance`` is the optional seat balance of simulated games (``--rating-games``).
    """

    variant: str
    players: int
    table: Cell
    tiles: tuple[str, ...]
    path: tuple[Cell, ...]
    pyramid: Cell
    shape: str = ""
    spread: bool = False
    no_specials_before: int = 0
    balance: dict | None = None


def trail_to_fields(trail: Trail) -> dict[str, Any]:
    """The JSON item fields (ARCHITECTURE.md), plus ``balance`` when games were simulated."""
    fields: dict[str, Any] = {
        "variant": trail.variant, "players": trail.players, "table": list(trail.table),
        "tiles": list(trail.tiles), "path": [list(c) for c in trail.path],
        "pyramid": list(trail.pyramid),
    }
    if trail.balance is not None:
        fields["balance"] = trail.balance
    return fields


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _cell(v: Any, place: str) -> Cell:
    if not isinstance(v, list) or len(v) != 2 or not all(_int(x) for x in v):
        raise InputError(f"{place}: expected a cell [x, y] of two integers")
    return (v[0], v[1])


def trail_from_fields(doc: dict[str, Any], source: str = "<trail>") -> Trail:
    """A :class:`Trail` from JSON fields; wrong shapes or types → InputError naming the place."""
    missing = [k for k in TRAIL_FIELDS if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)} (a tut trail has "
                         f"{', '.join(TRAIL_FIELDS)})")
    if not isinstance(doc["variant"], str):
        raise InputError(f"{source} [variant]: expected \"en\" or \"fr\"")
    if not _int(doc["players"]):
        raise InputError(f"{source} [players]: expected an integer")
    table = _cell(doc["table"], f"{source} [table]")
    tiles = doc["tiles"]
    if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
        raise InputError(f"{source} [tiles]: expected a list of tile codes (strings)")
    path = doc["path"]
    if not isinstance(path, list):
        raise InputError(f"{source} [path]: expected a list of cells [x, y]")
    cells = tuple(_cell(c, f"{source} [path[{i}]]") for i, c in enumerate(path))
    pyramid = _cell(doc["pyramid"], f"{source} [pyramid]")
    given = doc.get("options")
    options: dict[str, Any] = given if isinstance(given, dict) else {}
    spread = options.get("spread", False)
    early = options.get("no_specials_before", 0)
    if not isinstance(spread, bool) or not _int(early):
        raise InputError(f"{source} [options]: spread must be true/false and "
                         "no_specials_before an integer")
    balance = doc.get("balance") if isinstance(doc.get("balance"), dict) else None
    return Trail(doc["variant"], doc["players"], table, tuple(tiles), cells, pyramid,
                 str(options.get("shape", "")), spread, early, balance)

