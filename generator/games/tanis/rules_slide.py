"""The Explorer's slide: where a sliding tile may come to rest, and what may stop it on the way.

The rulebook: the tile moves in a straight line, stays on its level, is supported by the tiles
below the whole way (never over a gap), pushes no other tile, and "must come to rest aligned with
the edges of the tiles below or at the halfway point of a tile"; the player may stop at any time.

Reading (``seeds/tanis.toml`` [play]): a place is a *stop* when the front or the back edge of the
sliding tile (the edges across the direction of motion) lies on an edge or on the halfway line of
a tile of the level right below that the sliding tile overlaps there. The deepest level lies on
the box floor, which has no tiles: there a tile stops every ``floor_stop`` units from the walls,
where the tiles of a tight layer lie. The Explorer moves a tile one stop at a time (see
:mod:`rules`), so a player sees what each stop uncovers before going on.

Everything here is in half units (the path step of :mod:`rules_board`); the functions read a
:class:`~generator.games.tanis.rules.State` and never change it.
"""

from __future__ import annotations

from typing import Any

from generator.core.errors import RuleError
from generator.games.tanis.rules_board import IN_DIG

State = Any    # a rules.State (not imported: rules imports this module)


def level_masks(state: State, t: int) -> tuple[int, int, int]:
    """(other tiles of ``t``'s level, the support below it, the cover of the levels above)."""
    b = state.board
    depth = b.level[t]
    others = state.occ[depth] & ~state.mask[t]
    support = state.occ[depth + 1] if depth + 1 < b.levels else b.full
    cover = 0
    for d in range(depth):
        cover |= state.occ[d]
    return others, support, cover


def blocked(state: State, t: int, x: int, y: int, masks: tuple[int, int, int]) -> str:
    """Why tile ``t`` cannot be at half-unit cell (x, y) on its way ('' when it can)."""
    b = state.board
    w, h = b.size[t]
    if not (0 <= x <= b.cols - w and 0 <= y <= b.rows - h):
        return "box"
    m = b.mask(t, x, y)
    others, support, cover = masks
    if m & others:
        return "push"
    if m & ~support:
        return "gap"
    if m & cover:
        return "cover"
    return ""


def is_stop(state: State, t: int, x: int, y: int, horizontal: bool, m: int = 0) -> bool:
    """True when tile ``t`` may come to rest at (x, y) after moving along that axis (``m``:
    its footprint there, when the caller has it)."""
    b = state.board
    depth = b.level[t]
    if depth + 1 >= b.levels:                       # on the box floor
        return (x if horizontal else y) % b.floor_stop == 0
    if not m:
        m = b.mask(t, x, y)
    axis = 0 if horizontal else 1
    # Doubled half units, so halfway lines of odd sizes stay whole numbers.
    low = 2 * (x if horizontal else y)
    high = low + 2 * b.size[t][axis]
    where, masks, pos, size = state.where, state.mask, state.pos, b.size
    for u in b.by_level[depth + 1]:
        if masks[u] & m and where[u] == IN_DIG:
            start, length = 2 * pos[u][axis], 2 * size[u][axis]
            for line in (start, start + length // 2, start + length):
                if line in (low, high):
                    return True
    return False


def room(state: State, t: int) -> int:
    """Where tile ``t`` may be on its way: free, held up by the level below, under no tile
    (as a mask, with ``t``'s own footprint)."""
    others, support, cover = level_masks(state, t)
    return (state.board.full & ~others & support & ~cover) | state.mask[t]


def stops(state: State, t: int, dx: int, dy: int, limit: int = 0,
          allowed: int | None = None) -> list[tuple[int, int]]:
    """The successive stops of tile ``t`` moving in unit direction (dx, dy) from where it is,
    until the path is blocked (at most ``limit`` of them when ``limit`` > 0). ``allowed`` is
    :func:`room` when the caller has it."""
    if allowed is None:
        allowed = room(state, t)
    b = state.board
    table, cols = b.shape[t], b.cols
    x, y = state.pos[t]
    w, h = b.size[t]
    horizontal = dx != 0
    out: list[tuple[int, int]] = []
    while True:
        x, y = x + dx, y + dy
        if not (0 <= x <= cols - w and 0 <= y <= b.rows - h):
            return out
        m = table[y * cols + x]
        if m & ~allowed:
            return out
        if is_stop(state, t, x, y, horizontal, m):
            out.append((x, y))
            if len(out) == limit:
                return out


_WHY = {
    "box": "it would leave the box",
    "push": "it would push {other}",
    "gap": "it would pass over a gap (the level below does not hold it up there)",
    "cover": "a tile above is in the way",
}


def refuse(state: State, t: int, hx: int, hy: int) -> RuleError:
    """The error for a slide of ``t`` by (hx, hy) half units that is not its next stop."""
    b = state.board
    x0, y0 = state.pos[t]
    dx, dy = (hx > 0) - (hx < 0), (hy > 0) - (hy < 0)
    masks = level_masks(state, t)
    name = state.describe(t)
    for k in range(1, abs(hx) + abs(hy) + 1):
        x, y = x0 + dx * k, y0 + dy * k
        why = blocked(state, t, x, y, masks)
        if why:
            other = ""
            if why == "push":
                m = b.mask(t, x, y)
                hit = next(o for o in b.by_level[b.level[t]] if o != t
                           and state.where[o] == IN_DIG and state.mask[o] & m)
                other = state.describe(hit)
            at = f"({x * b.step:g}, {y * b.step:g})"
            return RuleError(f"cannot slide {name} to {at}: " + _WHY[why].format(other=other))
    target = (x0 + hx, y0 + hy)
    at = f"({target[0] * b.step:g}, {target[1] * b.step:g})"
    nxt = stops(state, t, dx, dy, 1)
    if not is_stop(state, t, *target, hx != 0):
        return RuleError(f"cannot stop {name} at {at}: a slide comes to rest with an edge "
                         "aligned on an edge or the halfway point of a tile below")
    first = f"({nxt[0][0] * b.step:g}, {nxt[0][1] * b.step:g})" if nxt else "nowhere"
    return RuleError(f"cannot slide {name} straight to {at}: the Explorer moves a tile one stop "
                     f"at a time and its next stop that way is {first}")
