"""The map validator: every check of GAMES.md §1 "A valid map", all violations at once.

Codes (stable, used by tests and JSON reports):
  ``size-range``          a side outside the allowed range
  ``difficulty``          difficulty not one of the known ones
  ``name-length``, ``description-length``          a name empty or too long, a description
                          too long ([map] name_length, description_length)
  ``name-characters``, ``description-characters``  a character the sheet cannot print, or a
                          line break ([map] text_encoding)
  ``entrance-count``      not exactly the number of entrances the sheet has
  ``entrance-off-border`` an entrance not on the outer wall (or its side not facing out)
  ``entrance-blocked``    an entrance into a stone or room square
  ``entrance-duplicate``  the same entrance twice
  ``out-of-grid``         a square outside the map
  ``overlap``             a square listed as stone and as a room
  ``two-findings``        two findings (or rooms) on one square
  ``finding-on-stone``    a grid finding on a stone or room square
  ``finding-kind``        an unknown finding kind
  ``room-content``        a room holding something rooms cannot hold
  ``coin-amount``         a coin pile outside 1..max_coin_pile
  ``room-door-missing``   a room without a valid door side
  ``room-door-blocked``   a door facing stone, another room or the map edge
  ``too-many``            more of a kind than the Monster Log / Backpack can hold
  ``coin-track``          the map's coins fill more than [map] coin_track of the coin track
  ``golem-without-gem``, ``gem-without-golem``   unpaired colours
  ``unreachable``         free squares (or entrances) cut off from the entrances
  ``no-first-tile``       a die value whose shapes fit at no entrance: a first round with that
                          die would have no legal move (the Shovel never starts a map)
Problems found by the map file parser (``unknown-symbol``, ``grid-shape``) come on top.
"""

from __future__ import annotations

from collections import Counter

from generator.core.report import Report
from generator.games.realms.rules.holdings import map_key_room
from generator.games.realms.model import (
    DELTA,
    Map,
    data,
    distinct_forms,
    finding_kinds,
    golem_colours,
    map_from_fields,
    regions,
    room_kinds,
    table_rows,
)


class _Places:
    """Where to point a message: the map file's line:col when known, else the square."""

    def __init__(self, places: dict | None):
        self.places = places or {}

    def cell(self, x: int, y: int) -> str:
        return self.places.get(("cell", x, y), f"square ({x}, {y})")

    def entrance(self, e) -> str:
        return self.places.get(("entrance", e.x, e.y, e.side),
                               f"entrance ({e.x}, {e.y}) {e.side}")


def validate_map(m: Map, places: dict | None = None) -> Report:
    """Every violation of a map (see the module doc for the codes)."""
    report = Report(m.name or "realms map")
    where = _Places(places)
    spec = data()["map"]
    w, h = m.size
    if not (spec["min_size"] <= w <= spec["max_size"] and spec["min_size"] <= h <= spec["max_size"]):
        report.add("size-range", f"the map is {w} x {h}; each side must be {spec['min_size']} to "
                   f"{spec['max_size']} squares", where.places.get("size", "size"))
    if m.difficulty not in spec["difficulties"]:
        report.add("difficulty", f"difficulty {m.difficulty!r}; choose one of "
                   + ", ".join(spec["difficulties"]), "difficulty")
    _check_text(m, report)
    blocked = _check_squares(m, where, report)
    _check_entrances(m, blocked, where, report)
    _check_rooms(m, blocked, where, report)
    _check_counts(m, report)
    _check_pairs(m, where, report)
    _check_reach(m, blocked, where, report)
    _check_first_tile(m, blocked, report)
    return report


def _check_text(m: Map, report: Report) -> None:
    """Name and description: length, one line, characters the sheet's fonts can draw."""
    spec = data()["map"]
    for key, value, low, high in (("name", m.name, 1, spec["name_length"]),
                                  ("description", m.description, 0,
                                   spec["description_length"])):
        if not low <= len(value) <= high:
            report.add(f"{key}-length", f"the {key} has {len(value)} characters; write "
                       f"{low} to {high}", key)
        bad = sorted({c for c in value if not _printable(c)})
        if bad:
            shown = ", ".join(repr(c) for c in bad[:5])
            report.add(f"{key}-characters", f"the {key} has characters the sheet cannot print "
                       f"({shown}); use letters, digits and punctuation on one line", key)


def _printable(c: str) -> bool:
    try:
        c.encode(data()["map"]["text_encoding"])
    except UnicodeEncodeError:
        return False
    return c.isprintable()


def _inside(m: Map, x: int, y: int) -> bool:
    return 0 <= x < m.size[0] and 0 <= y < m.size[1]


def _check_squares(m: Map, where: _Places, report: Report) -> set:
    """Out-of-grid squares, overlaps, kinds and coin amounts; returns the blocked squares."""
    stone = set()
    for x, y in m.stone:
        if not _inside(m, x, y):
            report.add("out-of-grid", "stone outside the map", where.cell(x, y))
        stone.add((x, y))
    rooms = Counter((r.x, r.y) for r in m.rooms)
    kinds, contents = set(finding_kinds()), set(room_kinds())
    for r in m.rooms:
        if not _inside(m, r.x, r.y):
            report.add("out-of-grid", "room outside the map", where.cell(r.x, r.y))
        if (r.x, r.y) in stone:
            report.add("overlap", "a square cannot be plain stone and a room", where.cell(r.x, r.y))
        if r.content not in contents:
            report.add("room-content", f"a room cannot hold {r.content!r}; rooms hold "
                       + ", ".join(sorted(contents)), where.cell(r.x, r.y))
    for (x, y), n in rooms.items():
        if n > 1:
            report.add("two-findings", f"{n} rooms on one square", where.cell(x, y))
    found = Counter((f.x, f.y) for f in m.findings)
    max_pile = data()["map"]["max_coin_pile"]
    for f in m.findings:
        place = where.cell(f.x, f.y)
        if not _inside(m, f.x, f.y):
            report.add("out-of-grid", f"{f.kind} outside the map", place)
        elif (f.x, f.y) in stone or (f.x, f.y) in rooms:
            report.add("finding-on-stone", f"{f.kind} lies on stone; findings lie on free "
                       "squares (rooms hold their own content)", place)
        if f.kind not in kinds:
            hint = " (that is a room content)" if f.kind in contents else ""
            report.add("finding-kind", f"unknown finding {f.kind!r}{hint}", place)
        elif f.kind == "coins" and not 1 <= f.amount <= max_pile:
            report.add("coin-amount", f"a coin pile holds 1 to {max_pile} coins, not "
                       f"{f.amount}", place)
    for (x, y), n in found.items():
        if n > 1:
            report.add("two-findings", f"{n} findings on one square; one per square",
                       where.cell(x, y))
    return stone | set(rooms)


def _border_side(m: Map, x: int, y: int, side: str) -> bool:
    w, h = m.size
    return {"N": y == 0, "S": y == h - 1, "W": x == 0, "E": x == w - 1}.get(side, False)


def _check_entrances(m: Map, blocked: set, where: _Places, report: Report) -> None:
    count = data()["map"]["entrances"]
    if len(m.entrances) != count:
        report.add("entrance-count", f"the map has {len(m.entrances)} entrance(s); it needs "
                   f"exactly {count}", "entrances")
    seen = Counter((e.x, e.y, e.side) for e in m.entrances)
    for e in m.entrances:
        place = where.entrance(e)
        if not _inside(m, e.x, e.y) or not _border_side(m, e.x, e.y, e.side):
            report.add("entrance-off-border", f"entrance at ({e.x}, {e.y}) side {e.side!r} is "
                       "not on the outer wall; its square must touch the border on that side",
                       place)
        elif (e.x, e.y) in blocked:
            report.add("entrance-blocked", "the entrance leads into stone; it must open onto a "
                       "free square", place)
    for key, n in seen.items():
        if n > 1:
            report.add("entrance-duplicate", f"the same entrance is listed {n} times",
                       f"entrance ({key[0]}, {key[1]}) {key[2]}")


def _check_rooms(m: Map, blocked: set, where: _Places, report: Report) -> None:
    for r in m.rooms:
        place = where.cell(r.x, r.y)
        if r.door not in DELTA:
            report.add("room-door-missing", "the room has no door; end its token with the "
                       "door side (^ > v <)", place)
            continue
        dx, dy = DELTA[r.door]
        front = (r.x + dx, r.y + dy)
        if not _inside(m, *front) or front in blocked:
            report.add("room-door-blocked", f"the door ({r.door}) faces "
                       + ("the map edge" if not _inside(m, *front) else "stone")
                       + "; a door must face a free square", place)


def _check_counts(m: Map, report: Report) -> None:
    cap, spec = data()["capacity"], data()["map"]
    kinds = Counter(f.kind for f in m.findings)
    contents = Counter(r.content for r in m.rooms)
    key_room = map_key_room()
    coins = sum(f.amount for f in m.findings if f.kind == "coins")
    limits = [("ooze", kinds["ooze"], cap["oozes"]), ("mimic", kinds["mimic"], cap["mimics"]),
              ("sarcophagus", contents["sarcophagus"], cap["sarcophagi"]),
              ("key", kinds["key"], key_room), ("coins", coins, cap["coins"])]
    limits += [(k, kinds[k], 1) for k in spec["items"]]
    limits += [(f"golem-{c}", kinds[f"golem-{c}"], 1) for c in golem_colours()]
    limits += [(f"gem-{c}", contents[f"gem-{c}"], 1) for c in golem_colours()]
    for kind, n, limit in limits:
        if n > limit:
            report.add("too-many", f"{n} x {kind}; the sheet has room for {limit}", kind)
    track = int(spec["coin_track"] * cap["coins"])
    if cap["coins"] >= coins > track:
        report.add("coin-track", f"{coins} coins lie on the map; at most {track} (of the "
                   f"{cap['coins']} coin circles), so that monster rewards still count", "coins")


def _check_pairs(m: Map, where: _Places, report: Report) -> None:
    golems = {f.kind[6:]: f for f in m.findings if f.kind.startswith("golem-")}
    gems = {r.content[4:]: r for r in m.rooms if r.content.startswith("gem-")}
    for colour, f in golems.items():
        if colour not in gems:
            report.add("golem-without-gem", f"the {colour} golem has no {colour} gem in a room; "
                       "it could never be defeated", where.cell(f.x, f.y))
    for colour, r in gems.items():
        if colour not in golems:
            report.add("gem-without-golem", f"the {colour} gem has no {colour} golem",
                       where.cell(r.x, r.y))


def _check_reach(m: Map, blocked: set, where: _Places, report: Report) -> None:
    """Every free square (so every finding and door) reachable from every entrance."""
    w, h = m.size
    if not (0 < w <= 64 and 0 < h <= 64):
        return
    free = {(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked}
    parts = regions(free)
    starts = [(e.x, e.y) for e in m.entrances if (e.x, e.y) in free]
    if len(parts) <= 1:
        return
    main = max(parts, key=lambda p: (sum(s in p for s in starts), len(p)))
    for part in parts:
        if part is main:
            continue
        x, y = min(part, key=lambda c: (c[1], c[0]))
        report.add("unreachable", f"{len(part)} free square(s) starting at ({x}, {y}) cannot be "
                   "reached from the entrances; open a way through the stone",
                   where.cell(x, y))


def validate_map_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a JSON map (format tombgen/realms.map)."""
    report = validate_map(map_from_fields(doc, source))
    report.subject = source
    return report





def _check_first_tile(m: Map, blocked: set, report: Report) -> None:
    """Every die value can place its first tile at some entrance (see ``no-first-tile``)."""
    w, h = m.size
    for value, codes in sorted(table_rows().items()):
        if not any(_starts(m, e, code, blocked) for e in m.entrances for code in codes):
            report.add("no-first-tile", f"no shape of the {value} row ({', '.join(codes)}) fits "
                       "at any entrance; free the squares inside an entrance", "entrances")


def _starts(m: Map, e, code: str, blocked: set) -> bool:
    """Can shape ``code`` be the first tile, one of its openings on entrance ``e``?"""
    for form in distinct_forms(code):
        for ox, oy, side in form.openings:
            if side != e.side:
                continue
            x0, y0 = e.x - ox, e.y - oy
            cells = [(x0 + x, y0 + y) for x, y in form.cells]
            if all(_inside(m, *c) and c not in blocked for c in cells):
                return True
    return False
