"""What must always hold in a Tanis game state; used by tests and random-play conformance.

Kept apart from the engine because it recomputes everything from scratch (slow on purpose): the
engine's incremental bookkeeping is checked against a plain re-derivation.
"""

from __future__ import annotations

from typing import Any

from generator.games.tanis.model import CARDS, data
from generator.games.tanis.rules_board import EXCAVATED, EXPLORER, IN_DIG, OVER, SLIDE

State = Any    # a rules.State (which imports this module to check itself)


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state`` as a sentence (empty when all hold)."""
    problems: list[str] = []
    problems += _accounting(state)
    problems += _geometry(state)
    problems += _visibility(state)
    problems += _cards(state)
    problems += _sliding(state)
    return problems


def _accounting(state: State) -> list[str]:
    """Each tile is in the dig, with one player, or excavated; holdings match the takes."""
    out = []
    players = len(state.held)
    places = {IN_DIG, EXCAVATED, *range(players)}
    bad = [t for t, w in enumerate(state.where) if w not in places]
    if bad:
        out.append(f"tiles {bad} are nowhere")
    in_dig = sum(1 for w in state.where if w == IN_DIG)
    if in_dig != state.left:
        out.append(f"{in_dig} tiles in the dig but the count says {state.left}")
    if len(set(state.codes)) != len(state.codes):
        out.append("two slots carry the same tile identity")
    per = state.board.per
    gone = [0] * len(state.gone)
    for t, w in enumerate(state.where):
        if w != IN_DIG:
            gone[state.codes[t] // per] |= 1 << (state.codes[t] % per)
    if gone != state.gone:
        out.append("the tiles out of play do not match the tiles taken or excavated")
    for p in range(players):
        held = [0] * len(state.held[p])
        for t, w in enumerate(state.where):
            if w == p:
                held[state.codes[t] // per] |= 1 << (state.codes[t] % per)
        if held != state.held[p]:
            out.append(f"player {p + 1}'s holdings do not match the tiles taken")
    if (state.left == 0) != (state.phase == OVER):
        out.append(f"dig has {state.left} tiles but the step is {state.phase}")
    return out


def _geometry(state: State) -> list[str]:
    """Tiles inside the box, no overlap on a level, every tile held up by the level below."""
    b = state.board
    out = []
    occ = [0] * b.levels
    for t in range(b.tiles):
        if state.where[t] != IN_DIG:
            continue
        x, y = state.pos[t]
        w, h = b.size[t]
        if not (0 <= x <= b.cols - w and 0 <= y <= b.rows - h):
            out.append(f"{state.describe(t)} is outside the box")
            continue
        m = b.mask(t, x, y)
        if m != state.mask[t]:
            out.append(f"{state.describe(t)}: footprint out of date")
        if occ[b.level[t]] & m:
            out.append(f"{state.describe(t)} overlaps another tile of its level")
        occ[b.level[t]] |= m
    if occ != state.occ:
        out.append("level occupancy out of date")
    for depth in range(b.levels - 1):
        if occ[depth] & ~occ[depth + 1]:
            out.append(f"a tile of layer {depth + 1} is not held up by layer {depth + 2}")
    return out


def _visibility(state: State) -> list[str]:
    """The visible list equals a re-derivation; every visible tile has been seen."""
    b = state.board
    expected = []
    for t in range(b.tiles):
        if state.where[t] != IN_DIG:
            continue
        above = [o for o in range(b.tiles) if state.where[o] == IN_DIG
                 and b.level[o] < b.level[t] and state.mask[o] & state.mask[t]]
        if not above:
            expected.append(t)
    out = []
    if sorted(state.visible) != expected:
        out.append(f"visible tiles {sorted(state.visible)} but should be {expected}")
    if any(not state.seen >> t & 1 for t in expected):
        out.append("a visible tile is not marked as seen")
    return out


def _cards(state: State) -> list[str]:
    """Cards left + cards used = the starting hand, per player and card."""
    start = data()["cards"]
    out = []
    for p, (left, used) in enumerate(zip(state.cards, state.used)):
        for i, name in enumerate(CARDS):
            if left[i] < 0 or left[i] + used[i] != start[name]:
                out.append(f"player {p + 1}: {left[i]} {name} left and {used[i]} used, "
                           f"starting hand has {start[name]}")
    return out


def _sliding(state: State) -> list[str]:
    """While an Explorer slide goes on, its tile is in the dig, visible, and a card was spent."""
    if state.phase != SLIDE:
        return [] if state.slide is None else ["a slide is noted outside the slide step"]
    if state.slide is None:
        return ["the slide step has no tile"]
    t = state.slide[0]
    out = []
    if state.where[t] != IN_DIG or t not in state.visible:
        out.append(f"the sliding {state.describe(t)} is not a visible tile of the dig")
    if not state.used[state.player][EXPLORER]:
        out.append("a slide goes on but no Explorer card was played")
    return out
