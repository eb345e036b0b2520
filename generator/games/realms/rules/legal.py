"""Legal move generation for one sheet.

Tile candidates are not found by scanning the grid: a new tile must line one of its openings up
with a remaining opening (or, for the first tile, an entrance), so for each such *source* (the
uncovered square in front of it and the side it is entered from) only the orientations with an
opening on that side are tried, at the one anchor that lines them up. Each candidate is then two
mask tests (squares free, no wall along a wall).
"""

from __future__ import annotations

from functools import lru_cache

from generator.games.realms.rules.board import TileMask
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.moves import (
    Buy,
    Coin,
    Defeat,
    End,
    Open,
    Place,
    PlaceRoom,
    Roll,
    Shovel,
    Wand,
)
from generator.games.realms.rules.sheet import Sheet, erase_blocked


def sources(sheet: Sheet) -> list[tuple[int, int, str]]:
    """(x, y, side): uncovered squares a new tile may enter, and the side it enters them by."""
    if sheet.sources_memo[0] == sheet.version:
        return sheet.sources_memo[1]
    b = sheet.board
    out = []
    if not sheet.started:
        out = [(e.x, e.y, e.side) for e in b.map.entrances]
    else:
        front, covered, S, HB = sheet.frontier, sheet.covered, b.S, b.HB
        while front:
            low = front & -front
            e = low.bit_length() - 1
            front ^= low
            if e < HB:          # top edge of square (x, y): the square above or this one
                x, y = e % S, e // S
                if covered >> (e - S) & 1 if y > 0 else False:
                    out.append((x, y, "N"))
                else:
                    out.append((x, y - 1, "S"))
            else:
                k = e - HB
                x, y = k % S, k // S
                if x > 0 and covered >> (y * S + x - 1) & 1:
                    out.append((x, y, "W"))
                else:
                    out.append((x - 1, y, "E"))
    sheet.sources_memo = (sheet.version, out)
    return out


def fits(sheet: Sheet, by_side: dict, bare: bool = False) -> list[tuple[TileMask, int, int, int]]:
    """Every legal (tile mask, x, y, shift) among the orientations in ``by_side``; ``bare``
    asks for the Shovel's square: no wall on any edge of it, and only on a started map (it
    extends a map, it never starts one)."""
    if bare and not sheet.started:
        return []
    b = sheet.board
    W, H, S = b.w, b.h, b.S
    occupied, walls = sheet.occupied, sheet.walls
    out, seen = [], set()
    for ux, uy, side in sources(sheet):
        for tm, ox, oy in by_side[side]:
            ax, ay = ux - ox, uy - oy
            if ax < 0 or ay < 0 or ax + tm.w > W or ay + tm.h > H:
                continue
            sh = ay * S + ax
            if (tm.cells << sh) & occupied or ((tm.edges if bare else tm.walls) << sh) & walls:
                continue
            key = (id(tm), sh)
            if key not in seen:
                seen.add(key)
                out.append((tm, ax, ay, sh))
    return out


def shovel_fits(sheet: Sheet) -> list[tuple[TileMask, int, int, int]]:
    """Every legal one-square room: a square without walls, an opening lined up with a
    remaining opening of the map."""
    return fits(sheet, sheet.board.shovel_by_side, bare=True)


def clear_caches() -> None:
    """Forgets the memo of the shovel squares' sides."""
    _sides.cache_clear()


def shovel_sides(tm: TileMask) -> str:
    """The openings of a one-square room's mask as a Shovel move names them ("NE")."""
    return _sides(tm.form.openings)


@lru_cache(maxsize=None)
def _sides(openings: tuple) -> str:
    return "".join(side for _, _, side in openings)


def wand_edges(sheet: Sheet, erasable: int | None = None) -> tuple[list[int], list[int]]:
    """(edges where a wall may be added, walls that may be erased). A wall is added only where
    every square of the map keeps a path back to the starting entrance. With ``erasable`` (a
    mask of candidate walls) only the walls among them that may be erased are listed."""
    b = sheet.board
    add, erase = [], []
    room = sheet.cov_edges & ~sheet.walls & ~sheet.cut_walls() if erasable is None else 0
    while room:
        low = room & -room
        add.append(low.bit_length() - 1)
        room ^= low
    walls = sheet.walls & sheet.cov_edges & ~b.blocked_edges
    if erasable is not None:
        walls &= erasable
    openings = sheet.openings
    while walls:
        low = walls & -walls
        e = low.bit_length() - 1
        walls ^= low
        if not erase_blocked(b, openings, e):
            erase.append(e)
    return add, erase


def _pays(sheet: Sheet, item: str, values: list[int]) -> list[int]:
    return ([0] if sheet.items.get(item, 0) > 0 else []) + values


def legal_moves(sheet: Sheet) -> list:
    """Every legal move of this sheet for its current dice, in a fixed order."""
    values = sorted(set(sheet.unused()))
    moves: list = []
    for v in values:
        moves += [Place(v, tm.code, tm.turn, x, y)
                  for tm, x, y, _ in fits(sheet, sheet.board.by_side[v])]
    moves += _room_moves(sheet)
    moves += _fight_moves(sheet, values)
    if sheet.balance >= RULES.coin_adjust:
        moves += [Coin(v, d) for v in values for d in (1, -1)]
    if sheet.free_slots():
        if sheet.balance >= RULES.coin_roll:
            moves.append(Roll())
        if sheet.balance >= RULES.coin_buy:
            moves += [Buy(v) for v in range(1, RULES.faces + 1)]
    moves += _tool_moves(sheet, values)
    if not values:
        moves.append(End())
    return moves


def _room_moves(sheet: Sheet) -> list:
    dice = sheet.unused()
    pairs = sorted({(min(a, b), max(a, b)) for i, a in enumerate(dice) for b in dice[i + 1:]})
    if not pairs:
        return []
    spots = fits(sheet, sheet.board.room_by_side)
    return [PlaceRoom(p, x, y) for p in pairs for _, x, y, _ in spots]


def _fight_moves(sheet: Sheet, values: list[int]) -> list:
    out: list = []
    die = RULES.monster_die
    if die["ooze"] in values and sheet.oozes > sheet.oozes_def:
        out.append(Defeat("ooze"))
        if sheet.items.get("hammer", 0) > 0:
            out.append(Defeat("ooze", "hammer"))
    if die["skeleton"] in values and sheet.skel_def.bit_count() < sheet.oozes_def:
        out.append(Defeat("skeleton"))
    if die["zombie"] in values and sheet.zombies_def < sheet.sarc_open:
        out.append(Defeat("zombie"))
    if die["golem"] in values:
        ready = sheet.golems & sheet.gems & ~sheet.golems_def
        out += [Defeat(f"golem-{c}") for i, c in enumerate(RULES.colours) if ready >> i & 1]
    keys = [t for t, ok in (("key", sheet.keys_left > 0),
                            ("skeleton-key", sheet.items.get("skeleton-key", 0) > 0)) if ok]
    if die["mimic"] in values and sheet.mimics > sheet.mimics_def:
        out += [Defeat("mimic", t) for t in keys]
    if (die["mummy"] in values and len(sheet.hits) < RULES.mummy_rows
            and len(sheet.hits) < sheet.alerts // RULES.marks_per_square):
        out.append(Defeat("mummy"))
    if sheet.sarc > sheet.sarc_open:
        out += [Open(t) for t in keys]
    return out


def _tool_moves(sheet: Sheet, values: list[int]) -> list:
    b = sheet.board
    out: list = []
    pays = _pays(sheet, "shovel", values)
    if pays:
        for tm, x, y, _ in shovel_fits(sheet):
            sides = shovel_sides(tm)
            out += [Shovel(x, y, sides, p) for p in pays]
    pays = _pays(sheet, "wand", values)
    if pays:
        add, erase = wand_edges(sheet)
        for edges, flag in ((add, True), (erase, False)):
            for e in edges:
                x, y, side = b.edge_name(e)
                out += [Wand(x, y, side, flag, p) for p in pays]
    return out
