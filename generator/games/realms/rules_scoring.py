"""Final scoring: end-of-game tallies -> one line per scoring rule -> total; tie-breaks;
achievements. The tallies come from a finished sheet or from a JSON file (``realms score``).

Tallies (exactly these keys): oozes, skeletons, zombies, golems, mimics (numbers defeated),
mummy_hits (the round of each hit), magic_items, leftovers (circled but unused things),
connected_entrances, remaining_openings, open_entrances, open_rooms.
"""

from __future__ import annotations

from typing import Any

from generator.core.errors import InputError, RuleError
from generator.games.realms.rules_data import RULES

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


def check_tallies(doc: Any, source: str) -> dict[str, Any]:
    """Checks a tallies object: missing, unknown or negative keys -> InputError (exit 2);
    numbers the sheet cannot hold -> RuleError (exit 1)."""
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with keys {', '.join(TALLY_KEYS)}")
    missing = [k for k in TALLY_KEYS if k not in doc]
    unknown = [k for k in doc if k not in TALLY_KEYS]
    problems = ([f"missing key(s) {', '.join(missing)}"] if missing else []) + \
               ([f"unknown key(s) {', '.join(unknown)}"] if unknown else [])
    for key in TALLY_KEYS:
        if key not in doc:
            continue
        values = doc[key] if key == "mummy_hits" else [doc[key]]
        if key == "mummy_hits" and not isinstance(values, list):
            problems.append("mummy_hits: expected a list of round numbers")
            continue
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int):
                problems.append(f"{key}: expected whole numbers, got {v!r}")
            elif v < 0:
                problems.append(f"{key}: {v} is negative")
    if problems:
        raise InputError(f"{source}: " + "; ".join(problems)
                         + f". A score file has exactly the keys {', '.join(TALLY_KEYS)}")
    _check_limits(doc, source)
    return doc


def _check_limits(t: dict, source: str) -> None:
    limits = {"oozes": RULES.cap_oozes, "skeletons": t["oozes"], "zombies": RULES.cap_sarcophagi,
              "golems": RULES.cap_golems, "mimics": RULES.cap_mimics,
              "magic_items": len(RULES.items)}
    bad = [f"{k} = {t[k]} (at most {n})" for k, n in limits.items() if t[k] > n]
    if len(t["mummy_hits"]) > RULES.mummy_rows:
        bad.append(f"{len(t['mummy_hits'])} Mummy hits (at most {RULES.mummy_rows})")
    bad += [f"mummy hit in round {r} (rounds are 1 to {RULES.rounds})"
            for r in t["mummy_hits"] if not 1 <= r <= RULES.rounds]
    if t["connected_entrances"] + t["open_entrances"] > RULES.entrances:
        bad.append(f"connected_entrances + open_entrances is more than the {RULES.entrances} "
                   "entrances")
    if bad:
        raise RuleError(f"{source}: a sheet cannot show " + "; ".join(bad))


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
    states = [_door_state(sheet, e) for e in b.entrance_edge]
    rooms = [_door_state(sheet, e) for e in b.door_edge]
    return {
        "oozes": sheet.oozes_def, "skeletons": skeletons, "zombies": sheet.zombies_def,
        "golems": golems, "mimics": sheet.mimics_def, "mummy_hits": list(sheet.hits),
        "magic_items": len(sheet.items), "leftovers": leftovers,
        "connected_entrances": states.count("connected"),
        "remaining_openings": sheet.frontier.bit_count(),
        "open_entrances": states.count("open"), "open_rooms": rooms.count("open"),
    }


def _door_state(sheet, e: int) -> str:
    """An entrance or room door: open (no tile there), closed (wall) or connected."""
    bit = 1 << e
    if not sheet.cov_edges & bit:
        return "open"
    return "closed" if sheet.walls & bit else "connected"


def door_states(sheet) -> tuple[list[str], list[str]]:
    """States of the map's entrances and of its rooms, in map order."""
    b = sheet.board
    return ([_door_state(sheet, e) for e in b.entrance_edge],
            [_door_state(sheet, e) for e in b.door_edge])


def achievements(sheet, lines: dict[str, int]) -> list[str]:
    """The rulebook's achievements this sheet earned (each needs the achievement score)."""
    if sum(lines.values()) < RULES.scoring["achievement"]:
        return []
    m = sheet.board.map
    kinds = [f.kind for f in m.findings]
    out = []
    if (sheet.oozes_def == sheet.skel_def.bit_count() == RULES.cap_oozes
            and sheet.zombies_def == RULES.cap_sarcophagi):
        out.append("master-of-the-undead")
    if sheet.golems_def.bit_count() == RULES.cap_golems and len(sheet.items) == len(RULES.items):
        out.append("magical-warden")
    if (sheet.mimics_def == RULES.cap_mimics and "skeleton-key" in sheet.items
            and sheet.keys >= kinds.count("key") + RULES.column_keys * RULES.ncolumns):
        out.append("treasure-hunter")
    if negative_points(lines) == 0:
        out.append("the-mapmaker")
    if len(sheet.hits) == RULES.mummy_rows:
        out.append("mummy-slayer")
    return out
