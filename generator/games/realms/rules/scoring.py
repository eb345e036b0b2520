"""Final scoring: end-of-game tallies -> one line per scoring rule -> total; tie-breaks;
achievements. The tallies come from a finished sheet or from a JSON file (``realms score``).

Tallies (exactly these keys): oozes, skeletons, zombies, golems, mimics (numbers defeated),
mummy_hits (the round of each hit), magic_items, leftovers (circled but unused things),
connected_entrances, remaining_openings, open_entrances, open_rooms; and, optional, the two
keys the Treasure Hunter achievement needs (:mod:`generator.games.realms.rules.holdings`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.report import Report
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.holdings import (
    OPTIONAL_KEYS,
    Holdings,
    judge,
    sheet_extras,
    tally_limits,
)

TALLY_KEYS = ("oozes", "skeletons", "zombies", "golems", "mimics", "mummy_hits", "magic_items",
              "leftovers", "connected_entrances", "remaining_openings", "open_entrances",
              "open_rooms")

#: scoring line code -> what it counts (the words printed by ``realms score``)
LINES = {
    "oozes-skeletons": "defeated oozes x defeated skeletons",
    "zombies": "defeated zombies",
    "golems": "defeated golems",
    "mimics": "defeated mimics",
    "mummy": "hits on the Mummy",
    "magic-items": "magic items collected",
    "leftovers": "circled but unused monsters, sarcophagi, gems, keys",
    "entrances": "connected entrances",
    "remaining-openings": "remaining openings",
    "open-entrances": "open entrances",
    "open-rooms": "open rooms",
}
NEGATIVE = ("remaining-openings", "open-entrances", "open-rooms")


def mummy_points(rounds: list[int]) -> list[int]:
    """Points of each hit, in the order they were made: (21 - round) x 1,1,2,2,3,3."""
    return [(RULES.mummy_base - r) * RULES.multipliers[i] for i, r in enumerate(sorted(rounds))]


def _table(values, n: int) -> int:
    return values[min(n, len(values) - 1)]


def score_lines(t: dict[str, Any]) -> dict[str, int]:
    """One number per scoring rule, from tallies."""
    sc = RULES.scoring
    return {
        "oozes-skeletons": t["oozes"] * t["skeletons"],
        "zombies": _table(sc["zombies"], t["zombies"]),
        "golems": _table(sc["golems"], t["golems"]),
        "mimics": sc["mimic"] * t["mimics"],
        "mummy": sum(mummy_points(t["mummy_hits"])),
        "magic-items": sc["magic_item"] * t["magic_items"],
        "leftovers": sc["leftover"] * t["leftovers"],
        "entrances": _table(sc["entrances"], t["connected_entrances"]),
        "remaining-openings": -sc["penalty"] * t["remaining_openings"],
        "open-entrances": -sc["penalty"] * t["open_entrances"],
        "open-rooms": -sc["penalty"] * t["open_rooms"],
    }


def negative_points(lines: dict[str, int]) -> int:
    return -sum(lines[k] for k in NEGATIVE)


def tie_key(lines: dict[str, int]) -> tuple[int, int, int]:
    """Sort key, best first when sorted descending: total, fewest negatives, most Mummy."""
    return sum(lines.values()), -negative_points(lines), lines["mummy"]


def ranking(all_lines: list[dict[str, int]]) -> list[int]:
    """Place of each player (1 = won); players still tied after the rulebook's tie-breaks
    (fewest negative points, then most Mummy points) share the place."""
    keys = [tie_key(lines) for lines in all_lines]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def check_tallies(doc: Any, source: str, holds: Holdings | None = None,
                  what: str = "the sheet", start: str | None = None) -> dict[str, Any]:
    """Checks a tallies object: missing, unknown or negative keys -> InputError (exit 2);
    numbers no sheet can show (``holds``: what the map holds, default the sheet's circles;
    ``what`` names it; ``start``: the game's start, None for any) -> RuleError (exit 1) naming
    every such key."""
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with keys {', '.join(TALLY_KEYS)}")
    missing = [k for k in TALLY_KEYS if k not in doc]
    unknown = [k for k in doc if k not in TALLY_KEYS and k not in OPTIONAL_KEYS]
    problems = ([f"missing key(s) {', '.join(missing)}"] if missing else []) + \
               ([f"unknown key(s) {', '.join(unknown)}"] if unknown else [])
    for key in (*TALLY_KEYS, *OPTIONAL_KEYS):
        if key not in doc:
            continue
        values = doc[key] if key == "mummy_hits" else [doc[key]]
        if key == "mummy_hits" and not isinstance(values, list):
            problems.append("mummy_hits: expected a list of round numbers")
            continue
        for v in values:
            if not is_whole(v):
                problems.append(f"{key}: expected whole numbers, got {v!r}")
            elif v < 0:
                problems.append(f"{key}: {v} is negative")
    if problems:
        raise InputError(f"{source}: " + "; ".join(problems)
                         + f". A score file has exactly the keys {', '.join(TALLY_KEYS)} "
                         f"(and, optional, {', '.join(OPTIONAL_KEYS)})")
    bad = tally_limits(doc, holds or Holdings.capacity(), what, start)
    if bad:
        raise RuleError(f"{source}: no sheet can show " + "; ".join(bad))
    return doc


def tally_achievements(t: dict[str, Any], holds: Holdings) -> list[str]:
    """The achievements earned by checked tallies on a map holding ``holds``."""
    lines = score_lines(t)
    return judge(t, holds, sum(lines.values()), negative_points(lines))


def score_fields(doc: Any, source: str, map_name: str | None = None,
                 start: str | None = None) -> dict[str, Any]:
    """What ``realms score`` reports: the lines and the total; with a map, also the
    achievements earned on it (codes). ``start``: the game's start (None: any)."""
    holds = what = None
    if map_name is not None:
        from generator.games.realms.mapfile import load_map

        holds, what = holdings(load_map(map_name)), f"map {map_name}"
    tallies = check_tallies(doc, source, holds, what or "the sheet", start)
    lines = score_lines(tallies)
    fields: dict[str, Any] = {"lines": lines, "total": sum(lines.values())}
    if holds is not None:
        fields["achievements"] = tally_achievements(tallies, holds)
    return fields


def sheet_tallies(sheet) -> dict[str, Any]:
    """The end-of-game tallies of a sheet (also fine mid-game: the score so far)."""
    b = sheet.board
    skeletons = sheet.skel_def.bit_count()
    golems = sheet.golems_def.bit_count()
    leftovers = ((sheet.oozes - sheet.oozes_def) + (sheet.oozes_def - skeletons)
                 + (sheet.sarc - sheet.sarc_open) + (sheet.sarc_open - sheet.zombies_def)
                 + (sheet.golems & ~sheet.golems_def).bit_count()
                 + (sheet.gems & ~sheet.golems_def).bit_count()
                 + (sheet.mimics - sheet.mimics_def) + sheet.keys_left)
    # counted by masks: the bots read these tallies after every move they try
    open_, connected = _door_masks(sheet)
    return {
        "oozes": sheet.oozes_def, "skeletons": skeletons, "zombies": sheet.zombies_def,
        "golems": golems, "mimics": sheet.mimics_def, "mummy_hits": list(sheet.hits),
        "magic_items": len(sheet.items), "leftovers": leftovers,
        "connected_entrances": (b.entrances & connected).bit_count(),
        "remaining_openings": sheet.frontier.bit_count(),
        "open_entrances": (b.entrances & open_).bit_count(),
        "open_rooms": (b.doors & open_).bit_count(),
    }


def _door_masks(sheet) -> tuple[int, int]:
    """The edges still open (no tile there) and those connected (a tile, no wall); an
    entrance or room door is closed when it is neither."""
    return ~sheet.cov_edges, sheet.cov_edges & ~sheet.walls


def _door_state(sheet, e: int) -> str:
    """An entrance or room door: open, closed or connected (see :func:`_door_masks`)."""
    open_, connected = _door_masks(sheet)
    bit = 1 << e
    return "open" if open_ & bit else "connected" if connected & bit else "closed"


def door_states(sheet) -> tuple[list[str], list[str]]:
    """States of the map's entrances and of its rooms, in map order."""
    b = sheet.board
    return ([_door_state(sheet, e) for e in b.entrance_edge],
            [_door_state(sheet, e) for e in b.door_edge])


def achievements(sheet, lines: dict[str, int]) -> list[str]:
    """The rulebook's achievements this sheet earned, judged against what its map holds."""
    tallies = {**sheet_tallies(sheet), **sheet_extras(sheet)}
    return judge(tallies, holdings(sheet.board.map), sum(lines.values()),
                 negative_points(lines))


@lru_cache(maxsize=32)
def holdings(m) -> Holdings:
    """What map ``m`` holds (computed once per map)."""
    return Holdings.of_map(m)


def validate_score_document(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` of a ``tombgen/realms.score`` (what ``realms score --json`` wrote):
    every scoring line, in order, each with its sign (the last three lose points), the total
    their sum, known achievements at most once each."""
    from generator.games.realms.rules.holdings import ACHIEVEMENTS

    report = Report(source)
    lines, total = doc.get("lines"), doc.get("total")
    if not isinstance(lines, dict) or list(lines) != list(LINES):
        report.add("score-lines", "lines must hold " + ", ".join(LINES) + ", in that order",
                   "lines")
        return report
    for key, value in lines.items():
        if not is_whole(value):
            report.add("score-number", f"{value!r} is not a whole number", f"lines.{key}")
        elif (value > 0) if key in NEGATIVE else (value < 0):
            report.add("score-sign", f"{value} has the wrong sign: this line "
                       + ("only loses" if key in NEGATIVE else "never loses") + " points",
                       f"lines.{key}")
    if report.ok and total != sum(lines.values()):
        report.add("score-total", f"total {total!r} is not the sum of the lines "
                   f"({sum(lines.values())})", "total")
    earned = doc.get("achievements", [])
    if not isinstance(earned, list) or len(set(map(str, earned))) != len(earned) \
            or any(not isinstance(code, str) or code not in ACHIEVEMENTS for code in earned):
        report.add("achievement", "achievements must list known codes ("
                   + ", ".join(ACHIEVEMENTS) + "), each at most once", "achievements")
    return report
