"""The greedy Tanis bot as it was before slides became steps: a slow reference for the tests.

Its decisions are the old ones: a take is worth its gain plus ``deny`` times the opponent's, cards
are played by the same thresholds, and the Explorer is judged by copying the state and playing
each possible slide to the end. The only change: a slide is now a sequence of stops, so the
reference picks its destination in advance (as it always did) and walks there stop by stop
without looking at what the stops on the way uncover; then it takes the best tile.
"""

from __future__ import annotations

import random

from generator.games.tanis.model import data
from generator.games.tanis.rules import (
    EXCAVATOR,
    EXPERT,
    EXPERT_MOVE,
    EXPLORER,
    IN_DIG,
    SLIDE,
    START,
    Excavate,
    Explore,
    Move,
    State,
    Take,
)
from generator.games.tanis.rules_scoring import mask_points


class ReferenceGreedyBot:
    """Takes the tile worth most to itself and to the opponent; plays cards when they pay."""

    name = "greedy-reference"

    def __init__(self) -> None:
        self.w = data()["bots"]["greedy"]
        self.table = mask_points()
        self._gone: list[int] = []
        self._target: tuple[int, int, int] | None = None   # (tile, x, y) a slide walks to

    def choose(self, state: State, rng: random.Random) -> Move:
        self._gone = _gone(state)
        if state.phase == SLIDE:
            step = self._walk(state)
            if step is not None:
                return step
        moves = state.legal_moves()
        if state.phase != START:
            return self._best_take(state, moves, rng)
        ranked = self._ranked_takes(state, [m for m in moves if type(m) is Take], rng)
        cards = state.cards[state.player]
        spend = state.left <= self.w["endgame_tiles_per_card"] * sum(cards)
        if cards[EXPERT] and EXPERT_MOVE in moves and self._expert_pays(state, ranked, spend):
            return EXPERT_MOVE
        order = (EXCAVATOR, EXPLORER) if spend else (EXPLORER, EXCAVATOR)
        for card in order:
            if not cards[card]:
                continue
            if card == EXPLORER:
                pick = self._best_slide(state, [m for m in moves if type(m) is Explore], ranked,
                                        spend)
            else:
                pick = self._excavation(state, [m for m in moves if type(m) is Excavate], ranked,
                                        spend)
            if pick is not None:
                return pick
        return ranked[0][1]

    # ---- the slide, walked stop by stop -------------------------------------------------------

    def _walk(self, state: State) -> Explore | None:
        """The next step toward the chosen destination, or None once there (or without one)."""
        if self._target is None:
            return None
        t, x, y = self._target
        if state.pos[t] == (x, y):
            self._target = None
            return None
        return next(m for m in state.legal_moves() if type(m) is Explore)

    def _destinations(self, state: State, first: Explore) -> list[tuple[State, int, int]]:
        """Every place the slide starting with ``first`` can end: (state there, x, y)."""
        out = []
        after = state.copy()
        after.apply(first)
        while True:
            out.append((after, *after.pos[first.tile]))
            more = [m for m in after.legal_moves() if type(m) is Explore]
            if not more:
                return out
            after = after.copy()
            after.apply(more[0])

    # ---- values (unchanged) -------------------------------------------------------------------

    def gain(self, state: State, player: int, code: int) -> float:
        per = state.board.per
        kind, bit = code // per, 1 << (code % per)
        held = state.held[player][kind]
        points = self.table[held | bit] - self.table[held]
        gone = self._gone[kind]
        grow = any(0 <= n < per and (held >> n & 1 or not gone >> n & 1)
                   for n in (code % per - 1, code % per + 1))
        return points + (self.w["growth"] if grow else 0.0)

    def value(self, state: State, code: int) -> float:
        me = state.player
        other = (me + 1) % len(state.held)
        return self.gain(state, me, code) + self.w["deny"] * self.gain(state, other, code)

    def _ranked_takes(self, state, takes, rng):
        scored = [(self.value(state, state.code(m.tile)), rng.random(), m) for m in takes]
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [(v, m) for v, _, m in scored]

    def _best_take(self, state, moves, rng):
        return self._ranked_takes(state, [m for m in moves if type(m) is Take], rng)[0][1]

    def _expert_pays(self, state, ranked, spend):
        if not ranked:
            return False
        per = state.board.per
        first_type = state.code(ranked[0][1].tile) // per
        second = [v for v, m in ranked[1:] if state.code(m.tile) // per != first_type]
        return bool(second) and (spend or second[0] >= self.w["expert_second"])

    def _best_slide(self, state, slides, ranked, spend):
        """The slide (to any of its stops) uncovering most unseen tiles without losing the best
        known take; judged on copies played to the end, as before."""
        if not slides:
            return None
        best_now = ranked[0][0] if ranked else 0.0
        best = None
        for first in slides:
            for after, x, y in self._destinations(state, first):
                revealed = sum(1 for t in after.visible if not state.seen >> t & 1)
                known = [self.value(state, state.code(t)) for t in after.visible
                         if state.seen >> t & 1]
                worth = revealed + (max(known, default=0.0) - best_now)
                if best is None or worth > best[0]:
                    best = (worth, first, (first.tile, x, y))
        if not (spend or best[0] >= self.w["explore_value"]):
            return None
        self._target = best[2]
        return best[1]

    def _excavation(self, state, digs, ranked, spend):
        if not digs or len(ranked) < 2:
            return None
        other = (state.player + 1) % len(state.held)
        plain = ranked[0][0]
        best = None
        for move in digs:
            then = next(v for v, m in ranked if m.tile != move.tile)
            worth = then + self.w["deny"] * self.gain(state, other, state.code(move.tile)) - plain
            if best is None or worth > best[0]:
                best = (worth, move)
        return best[1] if spend or best[0] >= self.w["excavate_deny"] else None


def _gone(state: State) -> list[int]:
    per = state.board.per
    masks = [0] * len(state.held[0])
    for t, where in enumerate(state.where):
        if where != IN_DIG:
            masks[state.codes[t] // per] |= 1 << (state.codes[t] % per)
    return masks

