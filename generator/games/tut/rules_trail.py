"""What makes a trail layout valid; ``validate_trail`` reports every violation with its code:

  ``variant``           not a known variant (en, fr)
  ``players``           a player count the variant has no start coins for (2-6)
  ``table-size``        a table with a side below 1 or too few cells for 69 tiles and the pyramid
  ``tile-count``        not exactly 69 tiles
  ``tile-code``         a code that is no trail tile (King Tut stands on the pyramid)
  ``tile-multiset``     a tile code present more or fewer times than the game has it
  ``path-length``       not one cell per tile
  ``off-table``         a cell outside the table
  ``path-gap``          two consecutive cells that are not side by side
  ``path-repeat``       a cell used twice
  ``pyramid-off-table`` the pyramid outside the table
  ``pyramid-on-path``   the pyramid on a tile's cell
  ``pyramid-gap``       the pyramid not right beyond the last tile
  ``path-touch``        two tiles side by side that are not consecutive along the trail: real
                        tiles carry no numbers, so players follow the trail by what touches what
  ``pyramid-touch``     the pyramid side by side with a tile other than the last one
  ``spread``            two tiles of one set side by side (when the trail was asked to spread)
  ``specials-early``    a Bag of Gold or Pharaoh within the first K tiles (when K was asked)
"""

from __future__ import annotations

from collections import Counter

from generator.core.report import Report
from generator.games.tut.model import GOLD, PHARAOH, Trail, catalog, data, facts


def _adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _check_setup(trail: Trail, report: Report) -> None:
    table = data()["variant"]
    if trail.variant not in table:
        report.add("variant", f"{trail.variant!r} is not a variant; use en or fr", "variant")
    elif str(trail.players) not in table[trail.variant]["start_coins"]:
        counts = sorted(int(k) for k in table[trail.variant]["start_coins"])
        report.add("players", f"{trail.players} players: the game is for {counts[0]} to "
                   f"{counts[-1]}", "players")
    w, h = trail.table
    need = facts().trail_length + 1
    if w < 1 or h < 1 or w * h < need:
        report.add("table-size", f"a {w} x {h} table cannot hold {need} cells", "table")


def _check_tiles(trail: Trail, report: Report) -> None:
    length = facts().trail_length
    if len(trail.tiles) != length:
        report.add("tile-count", f"has {len(trail.tiles)} tiles, a trail has {length}", "tiles")
    expected = dict(catalog().trail_counts)
    for i, code in enumerate(trail.tiles):
        if code not in expected:
            hint = " (it stands on the pyramid)" if code == catalog().codes[catalog().king] else ""
            report.add("tile-code", f"{code!r} is not a trail tile{hint}", f"tiles[{i}]")
    have = Counter(trail.tiles)
    for code, n in expected.items():
        if have[code] != n:
            report.add("tile-multiset", f"{code} appears {have[code]} times, the game has {n}",
                       "tiles")


def _check_path(trail: Trail, report: Report) -> None:
    w, h = trail.table
    path = trail.path
    if len(path) != len(trail.tiles):
        report.add("path-length", f"{len(path)} cells for {len(trail.tiles)} tiles; "
                   "give one cell per tile", "path")
    seen: dict[tuple[int, int], int] = {}
    for i, cell in enumerate(path):
        where = f"path[{i}] {list(cell)}"
        if not (0 <= cell[0] < w and 0 <= cell[1] < h):
            report.add("off-table", f"outside the {w} x {h} table", where)
        if i and not _adjacent(path[i - 1], cell):
            report.add("path-gap", f"not next to tile {i} at {list(path[i - 1])}", where)
        if cell in seen:
            report.add("path-repeat", f"already used by tile {seen[cell] + 1}", where)
        else:
            seen[cell] = i
    pyramid = trail.pyramid
    where = f"pyramid {list(pyramid)}"
    if not (0 <= pyramid[0] < w and 0 <= pyramid[1] < h):
        report.add("pyramid-off-table", f"outside the {w} x {h} table", where)
    if pyramid in seen:
        report.add("pyramid-on-path", f"on the cell of tile {seen[pyramid] + 1}", where)
    if path and not _adjacent(path[-1], pyramid):
        report.add("pyramid-gap", f"not right beyond the last tile at {list(path[-1])}", where)


def touching_pairs(cells) -> list[tuple[int, int]]:
    """Every pair (i, j), i < j, of cells side by side (edge to edge) that are not consecutive."""
    index = {c: i for i, c in enumerate(cells)}
    pairs = set()
    for i, (x, y) in enumerate(cells):
        for c in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            j = index.get(c)
            if j is not None and abs(i - j) > 1:
                pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)


def followable_length(cells) -> int:
    """How many leading cells form a trail that can be followed by touch alone: no cell repeats
    and each touches only the cells right before and after it (an induced path)."""
    index: dict = {}
    for i, (x, y) in enumerate(cells):
        if (x, y) in index:
            return i
        for c in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            j = index.get(c)
            if j is not None and j != i - 1:
                return i
        index[(x, y)] = i
    return len(cells)


def _check_touching(trail: Trail, report: Report) -> None:
    last = len(trail.path)
    for i, j in touching_pairs((*trail.path, trail.pyramid)):
        if j == last:
            report.add("pyramid-touch", f"the pyramid touches tile {i + 1}; it may touch only "
                       f"the last tile ({last}), or players cannot tell where the trail ends",
                       f"pyramid {list(trail.pyramid)}")
        else:
            report.add("path-touch", f"tiles {i + 1} and {j + 1} touch edge to edge but are not "
                       "consecutive: players follow the trail by what touches what",
                       f"path[{i}] {list(trail.path[i])}")


def _check_constraints(trail: Trail, report: Report) -> None:
    specials = (GOLD, PHARAOH)
    if trail.spread:
        index = {c: i for i, c in enumerate(trail.path)}
        for i, (x, y) in enumerate(trail.path):
            for c in ((x + 1, y), (x, y + 1)):
                j = index.get(c)
                if (j is not None and i < len(trail.tiles) and j < len(trail.tiles)
                        and trail.tiles[i] == trail.tiles[j] and trail.tiles[i] not in specials):
                    report.add("spread", f"tiles {i + 1} and {j + 1} are both {trail.tiles[i]} "
                               "and side by side", f"path[{i}]")
    for i, code in enumerate(trail.tiles[:trail.no_specials_before]):
        if code in specials:
            report.add("specials-early", f"{code} is tile {i + 1}; no special tile may come "
                       f"before tile {trail.no_specials_before + 1}", f"tiles[{i}]")


def validate_trail(trail: Trail) -> Report:
    """Every violation of a trail layout (see the module doc for the codes)."""
    report = Report("tut trail")
    _check_setup(trail, report)
    _check_tiles(trail, report)
    _check_path(trail, report)
    _check_touching(trail, report)
    _check_constraints(trail, report)
    return report
