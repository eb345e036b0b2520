"""What a map holds, what a finished sheet can show, and the rulebook's five achievements.

The same checks serve a played sheet and hand-written tallies (``realms score``): a tally is
refused when no sheet could show it — more than the Monster Log or the Backpack prints, or, with
a map, more than that map holds — and achievements ("gain all rewards from ...") are judged
against what the map holds: on a map with five oozes, five oozes and five skeletons are "all".

Tallies are the keys of :mod:`generator.games.realms.rules.scoring`, plus two optional ones that
only the Treasure Hunter needs: ``keys_found`` (keys collected on the map's squares, not the
Tile Table's or a start's) and ``skeleton_key`` (1 when the Skeleton Key was collected).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.realms.model import Map, data
from generator.games.realms.rules.constants import RULES

OPTIONAL_KEYS = ("keys_found", "skeleton_key")
#: achievement code -> what it asks, besides the achievement score (the rulebook's five)
ACHIEVEMENTS = {
    "master-of-the-undead": "every ooze, skeleton and zombie of the map defeated",
    "magical-warden": "every golem of the map defeated and every magic item collected",
    "treasure-hunter": "every mimic defeated, every key of the map and the Skeleton Key collected",
    "the-mapmaker": "no negative points",
    "mummy-slayer": "six hits on the Mummy",
}


@dataclass(frozen=True)
class Holdings:
    """How many of each thing a map holds (or, for no map, the most a sheet prints)."""

    oozes: int
    sarcophagi: int
    golems: int
    mimics: int
    keys: int                      # keys lying on the map's squares
    items: tuple[str, ...]         # magic items on the map
    rooms: int
    passages: int                  # edges between two free squares (openings face one)

    @staticmethod
    def of_map(m: Map) -> Holdings:
        kinds = [f.kind for f in m.findings]
        w, h = m.size
        blocked = set(m.stone) | {(r.x, r.y) for r in m.rooms}
        free = {(x, y) for x in range(w) for y in range(h)} - blocked
        passages = sum((x + 1, y) in free for x, y in free) + sum((x, y + 1) in free
                                                                  for x, y in free)
        return Holdings(kinds.count("ooze"), sum(r.content == "sarcophagus" for r in m.rooms),
                        sum(k.startswith("golem-") for k in kinds), kinds.count("mimic"),
                        kinds.count("key"), tuple(k for k in RULES.items if k in kinds),
                        len(m.rooms), passages)

    @staticmethod
    def capacity() -> Holdings:
        """The Monster Log's and Backpack's circles: what any map could hold at most."""
        spec = data()["map"]
        side = spec["max_size"]
        return Holdings(RULES.cap_oozes, RULES.cap_sarcophagi, RULES.cap_golems,
                        RULES.cap_mimics, map_key_room(), RULES.items,
                        RULES.cap_sarcophagi + RULES.cap_golems, 2 * side * (side - 1))


def map_key_room() -> int:
    """Key circles left for keys found on a map: the Tile Table's column keys need theirs."""
    return RULES.cap_keys - RULES.ncolumns * RULES.column_keys


def max_openings() -> int:
    """The most remaining openings any game can leave: the widest tile at the first entrance
    (all its openings but the entrance's), every later die adding that tile's openings but the
    two that join it to the map, and each Wand use opening one more."""
    widest = max(len(t["openings"]) for t in data()["tiles"].values())
    dice = RULES.rounds * RULES.slots
    return (widest - 1) + (dice - 1) * (widest - 2) + RULES.item_uses


def tally_limits(t: dict, holds: Holdings, what: str, start: str | None = None) -> list[str]:
    """Every tally no sheet could show on ``what`` ("the sheet" or a map), naming its key;
    ``start`` is the game's start (None: any, so the most keys a start gives)."""
    defeats = t["oozes"] + t["skeletons"] + t["zombies"] + t["golems"] + t["mimics"]
    squares = min(RULES.mummy_rows, min(defeats, RULES.max_alerts) // RULES.marks_per_square)
    start_keys = (max(p["keys"] for p in RULES.start.values()) if start is None
                  else RULES.start[start]["keys"])
    keys = min(RULES.cap_keys, holds.keys + RULES.ncolumns * RULES.column_keys + start_keys)
    leftovers = ((holds.oozes - t["oozes"]) + (t["oozes"] - t["skeletons"])
                 + (holds.sarcophagi - t["zombies"]) + 2 * (holds.golems - t["golems"])
                 + (holds.mimics - t["mimics"]) + keys)
    limits = [("oozes", holds.oozes, "oozes"), ("skeletons", t["oozes"], "defeated oozes"),
              ("zombies", holds.sarcophagi, "sarcophagi"), ("golems", holds.golems, "golems"),
              ("mimics", holds.mimics, "mimics"), ("magic_items", len(holds.items), "magic items"),
              ("leftovers", max(leftovers, 0), "circled things left unused"),
              ("open_rooms", holds.rooms, "rooms"),
              ("remaining_openings", min(max_openings(), holds.passages), "openings"),
              ("keys_found", holds.keys, "keys on the squares"),
              ("skeleton_key", int("skeleton-key" in holds.items), "Skeleton Key")]
    bad = [f"{key} = {t[key]} ({what} has room for {top} {noun})"
           for key, top, noun in limits if key in t and t[key] > top]
    hits = t["mummy_hits"]
    if len(hits) > squares:
        bad.append(f"mummy_hits: {len(hits)} hits, but {defeats} defeats unlock only {squares} "
                   f"square(s) ({RULES.marks_per_square} '!' a square, {RULES.mummy_rows} "
                   "squares)")
    bad += [f"mummy_hits: a hit in round {r} (rounds are 1 to {RULES.rounds})"
            for r in hits if not 1 <= r <= RULES.rounds]
    bad += [f"mummy_hits: {hits.count(r)} hits in round {r} (a round has {RULES.slots} dice)"
            for r in sorted(set(hits)) if hits.count(r) > RULES.slots]
    bad += _early_hits(hits, holds)
    if t["connected_entrances"] + t["open_entrances"] > RULES.entrances:
        bad.append(f"connected_entrances + open_entrances = "
                   f"{t['connected_entrances'] + t['open_entrances']} (a map has "
                   f"{RULES.entrances} entrances)")
    return bad + _key_uses(t, holds, what, keys, start_keys, start)


def _early_hits(hits: list, holds: Holdings) -> list[str]:
    """Hits made before enough monsters could be defeated to unlock their squares: by the end
    of round r a player has used at most ``slots`` dice a round, the first of them on the first
    tile (nothing is found before it) and one on each hit; a die defeats one monster, or two
    with the Hammer of Shattering (each of its uses, if the map holds it)."""
    rounds = sorted(r for r in hits if 1 <= r <= RULES.rounds)
    hammer = RULES.item_uses if "hammer" in holds.items else 0
    out = []
    for k, r in enumerate(rounds, 1):
        need = k * RULES.marks_per_square
        most = max(0, RULES.slots * r - 1 - k) + hammer
        if need > most:
            out.append(f"mummy_hits: hit {k} in round {r} needs {need} defeats before it, but "
                       f"by then at most {most} monsters can be defeated ({RULES.slots} dice a "
                       "round, less the first tile and the hits"
                       + (f", and {hammer} uses of the Hammer of Shattering" if hammer else "")
                       + ")")
            break
    return out


def _key_uses(t: dict, holds: Holdings, what: str, keys: int, start_keys: int,
              start: str | None) -> list[str]:
    """Each defeated zombie's sarcophagus and each defeated mimic took a key (or a use of the
    Skeleton Key): no more than the map's keys, the Tile Table's column keys, the start's and
    the Skeleton Key's uses together."""
    uses = t["zombies"] + t["mimics"]
    skeleton = RULES.item_uses if "skeleton-key" in holds.items else 0
    if uses <= keys + skeleton:
        return []
    if holds == Holdings.capacity():
        why = (f"the sheet has room for {keys} keys and {skeleton} uses of the Skeleton Key")
    else:
        columns = RULES.ncolumns * RULES.column_keys
        parts = [f"{holds.keys} on its squares", f"{columns} for the Tile Table's columns"]
        if start_keys:
            parts.append(f"{start_keys} from the {start or 'kids'} start")
        if skeleton:
            parts.append(f"{skeleton} uses of the Skeleton Key")
        if keys < holds.keys + columns + start_keys:
            parts.append(f"but only {keys} key circles")
        why = f"{what} gives at most {keys + skeleton}: " + ", ".join(parts)
        more = max(p["keys"] for p in RULES.start.values())
        if start is not None and start_keys < more:
            name = next(n for n, p in RULES.start.items() if p["keys"] == more)
            why += f"; a {name} start gives {more - start_keys} more (--start {name})"
    return [f"zombies + mimics = {uses} key uses ({why})"]


def judge(t: dict, holds: Holdings, total: int, negative: int) -> list[str]:
    """The achievements earned by tallies ``t`` (final score ``total``, ``negative`` points
    lost) on a map holding ``holds``: codes in the rulebook's order. Treasure Hunter needs the
    optional ``keys_found`` and ``skeleton_key`` tallies."""
    if total < RULES.scoring["achievement"]:
        return []
    keys_ok = t.get("keys_found", -1) >= holds.keys
    skeleton_ok = "skeleton-key" not in holds.items or t.get("skeleton_key", 0) >= 1
    earned = {
        "master-of-the-undead": (t["oozes"] == t["skeletons"] == holds.oozes
                                 and t["zombies"] == holds.sarcophagi),
        "magical-warden": t["golems"] == holds.golems and t["magic_items"] == len(holds.items),
        "treasure-hunter": t["mimics"] == holds.mimics and keys_ok and skeleton_ok,
        "the-mapmaker": negative == 0,
        "mummy-slayer": len(t["mummy_hits"]) == RULES.mummy_rows,
    }
    return [code for code in ACHIEVEMENTS if earned[code]]


def sheet_extras(sheet) -> dict[str, int]:
    """The optional tallies of a played sheet: keys found on the map, the Skeleton Key."""
    b = sheet.board
    found = sum(1 for bit, (kind, _) in b.finding_at.items()
                if kind == "key" and sheet.covered >> bit & 1)
    return {"keys_found": found, "skeleton_key": int("skeleton-key" in sheet.items)}


def achievement_name(code: str) -> str:
    """The rulebook's name of an achievement ("The Mapmaker")."""
    return data()["names"]["achievements"][code]
