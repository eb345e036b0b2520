"""A plain-text view of a sheet (``realms replay`` prints it): the map with its walls, then the
round row, Tile Table, Monster Log, Mummy table, backpack, score lines and, at the end of a game,
the achievements earned (judged against the map's own contents).

Map legend: ``---`` and ``|`` walls, ``~`` a remaining opening, ``E`` an open entrance,
``.`` an unmapped free square, ``###`` stone, finding tokens as in the map files; on mapped
squares a ``*`` after a token means collected; rooms show their token (content + door).
"""

from __future__ import annotations

from generator.games.realms.model import data
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.holdings import achievement_name
from generator.games.realms.rules.scoring import (
    LINES,
    achievements,
    door_states,
    score_lines,
    sheet_tallies,
)


def _cell(sheet, x: int, y: int, tokens: dict) -> str:
    b = sheet.board
    bit = b.cell(x, y)
    if (x, y) in tokens["rooms"]:
        return f"{tokens['rooms'][(x, y)]:<3}"
    if b.stone >> bit & 1:
        return "###"
    tok = tokens["finds"].get((x, y), "")
    if sheet.covered >> bit & 1:
        return f"{tok + '*' if tok else '':<3}"
    return f"{tok or ' .':<3}"


def _tokens(sheet) -> dict:
    leg = data()["legend"]
    m = sheet.board.map
    finds = {(f.x, f.y): (f"{leg['coins']}{f.amount}" if f.kind == "coins"
                          else leg["grid"].get(f.kind, "?")) for f in m.findings}
    rooms = {(r.x, r.y): leg["rooms"].get(r.content, "?") + leg["doors"].get(r.door, "")
             for r in m.rooms}
    return {"finds": finds, "rooms": rooms}


def _edge(sheet, e: int, horizontal: bool) -> str:
    """An edge: wall, remaining opening, open entrance, or nothing drawn."""
    bit, b = 1 << e, sheet.board
    wall, gap = ("---", "   ") if horizontal else ("|", " ")
    if sheet.walls & bit:
        return wall
    if sheet.frontier & bit:
        return " ~ " if horizontal else "~"
    if sheet.cov_edges & bit:
        return gap
    if b.entrances & bit:
        return " E " if horizontal else "E"
    if b.blocked_edges & bit or (e not in b.edge_cells and _outer(b, e, horizontal)):
        return wall
    return gap


def _outer(b, e: int, horizontal: bool) -> bool:
    """Is this edge on the outer wall of the map?"""
    if horizontal:
        return e // b.S in (0, b.h)
    return (e - b.HB) % b.S in (0, b.w)


def map_text(sheet) -> list[str]:
    """The map as lines of text with walls, openings and findings."""
    b, tokens, lines = sheet.board, _tokens(sheet), []
    for y in range(b.h + 1):
        lines.append("+" + "+".join(_edge(sheet, b.edge(x, y, "N") if y < b.h
                                          else b.edge(x, y - 1, "S"), True)
                                    for x in range(b.w)) + "+")
        if y == b.h:
            break
        row = ""
        for x in range(b.w):
            row += _edge(sheet, b.edge(x, y, "W"), False) + _cell(sheet, x, y, tokens)
        lines.append(row + _edge(sheet, b.edge(b.w - 1, y, "E"), False))
    return lines


def sheet_text(sheet, final: bool = True) -> str:
    """The whole sheet as text, map first, score lines last."""
    s = sheet
    out = map_text(s)
    dice = " ".join(f"{v}{'x' if u else ''}" for v, u in zip(s.slots, s.used))
    out.append(f"round {s.round} of {RULES.rounds}; dice [{dice}] (x = used)"
               + (f"; carried to next round: {s.carry}" if s.carry else ""))
    shapes = [c for d in sorted(RULES.rows) for c in RULES.rows[d]]
    marked = [c for i, c in enumerate(shapes) if s.marks >> i & 1]
    out.append(f"tile table: marked {' '.join(marked) or 'none'}; rows done "
               f"{s.rows_done.bit_count()}, columns done {s.cols_done.bit_count()}")
    golems = ", ".join(f"{c} {'golem' if s.golems >> i & 1 else '-'}/"
                       f"{'gem' if s.gems >> i & 1 else '-'}"
                       f"{' defeated' if s.golems_def >> i & 1 else ''}"
                       for i, c in enumerate(RULES.colours))
    out.append(f"monster log: oozes {s.oozes} found, {s.oozes_def} defeated; skeletons "
               f"{s.skel_def.bit_count()} defeated; sarcophagi {s.sarc} found, {s.sarc_open} "
               f"opened; zombies {s.zombies_def} defeated; mimics {s.mimics} found, "
               f"{s.mimics_def} defeated; golems: {golems}")
    hits = ", ".join(f"round {r} ({p})" for r, p in zip(s.hits, s.hit_points)) or "none"
    out.append(f"mummy: {s.alerts} '!' marked, {s.alerts // RULES.marks_per_square} square(s) "
               f"unlocked; hits: {hits}")
    items = ", ".join(f"{k} {v} use(s) left" for k, v in s.items.items()) or "none"
    out.append(f"backpack: keys {s.keys} ({s.keys_used} used); coins {s.coins} "
               f"({s.coins_spent} spent); items: {items}")
    ent, rooms = door_states(s)
    out.append("entrances: " + ", ".join(ent) + "; rooms: " + ", ".join(rooms))
    lines = score_lines(sheet_tallies(s))
    out.append("score" + ("" if final else " so far") + ":")
    out += [f"  {v:>5}  {LINES[k]}" for k, v in lines.items()]
    out.append(f"  {sum(lines.values()):>5}  total")
    if final:
        earned = [achievement_name(c) for c in achievements(s, lines)]
        out.append("achievements: " + (", ".join(earned) or "none"))
    return "\n".join(out)
