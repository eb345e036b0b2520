"""Tanis bots: ``random`` (uniform over legal steps) and ``greedy`` (group growth and denial).

Bots see what players see: identities of tiles that have been completely visible, every tile
taken or excavated, and the cards left. The greedy bot never looks under a tile before a slide
or an excavation uncovers it — it values a slide by how many unseen tiles it would uncover
(geometry is public), then chooses its take after the slide, like a player at the table.

Greedy values a take of tile ``c`` for player ``p`` as ``points(p with c) - points(p)`` plus
``growth`` when a neighbouring number of the same type is still in play or already ``p``'s,
and a candidate is worth that value for itself plus ``deny`` times the value for the opponent.
Weights live in ``seeds/tanis.toml`` [bots.greedy].
"""

from __future__ import annotations

import random

from generator.core.errors import InputError
from generator.core.play import RandomBot
from generator.games.tanis.model import data
from generator.games.tanis.rules_play import (
    EXCAVATOR, EXPERT, EXPERT_MOVE, EXPLORER, IN_DIG, START, Excavate, Explore, Move, State, Take,
)
from generator.games.tanis.rules_scoring import mask_points


class GreedyBot:
    """Takes the tile worth most to itself and to the opponent; plays cards when they pay."""

    name = "greedy"

    def __init__(self) -> None:
        self.w = data()["bots"]["greedy"]
        self.table = mask_points()
        self._gone: list[int] = []

    def choose(self, state: State, rng: random.Random) -> Move:
        self._gone = _gone(state)
        moves = state.legal_moves()
        if state.phase != START:
            return self._best_take(state, moves, rng)
        ranked = self._ranked_takes(state, [m for m in moves if type(m) is Take], rng)
        cards = state.cards[state.player]
        spend = state.left <= self.w["endgame_tiles_per_card"] * sum(cards)
        if cards[EXPERT] and EXPERT_MOVE in moves and self._expert_pays(state, ranked, spend):
            return EXPERT_MOVE
        # Late in the game the Excavator goes first: it needs two tiles, a slide needs only one.
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

    # ---- values -----------------------------------------------------------------------------

    def gain(self, state: State, player: int, code: int) -> float:
        """What tile ``code`` adds to ``player``: points now plus a bonus for room to grow."""
        per = state.board.per
        kind, bit = code // per, 1 << (code % per)
        held = state.held[player][kind]
        points = self.table[held | bit] - self.table[held]
        gone = self._gone[kind]
        grow = any(0 <= n < per and (held >> n & 1 or not gone >> n & 1)
                   for n in (code % per - 1, code % per + 1))
        return points + (self.w["growth"] if grow else 0.0)

    def value(self, state: State, code: int) -> float:
        """A take's worth for the player to move: own gain plus denial of the opponent's."""
        me = state.player
        other = (me + 1) % len(state.held)
        return self.gain(state, me, code) + self.w["deny"] * self.gain(state, other, code)

    def _ranked_takes(self, state: State, takes: list[Take],
                      rng: random.Random) -> list[tuple[float, Take]]:
        """Takes with their values, best first (equal values in random order)."""
        scored = [(self.value(state, state.code(m.tile)), rng.random(), m) for m in takes]
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [(v, m) for v, _, m in scored]

    def _best_take(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        return self._ranked_takes(state, [m for m in moves if type(m) is Take], rng)[0][1]

    # ---- cards ------------------------------------------------------------------------------

    def _expert_pays(self, state: State, ranked: list[tuple[float, Take]], spend: bool) -> bool:
        """Declare when the best take of a second type is worth enough (or cards must go)."""
        if not ranked:
            return False
        per = state.board.per
        first_type = state.code(ranked[0][1].tile) // per
        second = [v for v, m in ranked[1:] if state.code(m.tile) // per != first_type]
        return bool(second) and (spend or second[0] >= self.w["expert_second"])

    def _best_slide(self, state: State, slides: list[Explore], ranked: list[tuple[float, Take]],
                    spend: bool) -> Explore | None:
        """The slide uncovering most unseen tiles without losing the best known take."""
        if not slides:
            return None
        best_now = ranked[0][0] if ranked else 0.0
        best: tuple[float, Explore] | None = None
        for move in slides:
            after = state.copy()
            after.apply(move)
            revealed = sum(1 for t in after.visible if not state.seen >> t & 1)
            known = [self.value(state, state.code(t)) for t in after.visible if state.seen >> t & 1]
            worth = revealed + (max(known, default=0.0) - best_now)
            if best is None or worth > best[0]:
                best = (worth, move)
        assert best is not None
        return best[1] if spend or best[0] >= self.w["explore_value"] else None

    def _excavation(self, state: State, digs: list[Excavate], ranked: list[tuple[float, Take]],
                    spend: bool) -> Excavate | None:
        """Remove the tile whose removal (denial, then the best other take) beats a plain take.

        Excavating ``x`` then taking ``y`` is worth ``value(y) + deny * gain(opponent, x)``;
        the card is played when that beats the best plain take by ``excavate_deny``.
        """
        if not digs or len(ranked) < 2:
            return None
        other = (state.player + 1) % len(state.held)
        plain = ranked[0][0]
        best: tuple[float, Excavate] | None = None
        for move in digs:
            then = next(v for v, m in ranked if m.tile != move.tile)
            worth = then + self.w["deny"] * self.gain(state, other, state.code(move.tile)) - plain
            if best is None or worth > best[0]:
                best = (worth, move)
        assert best is not None
        return best[1] if spend or best[0] >= self.w["excavate_deny"] else None

def _gone(state: State) -> list[int]:
    """Per type, the bit mask of numbers no longer in play (taken by anyone or excavated)."""
    per = state.board.per
    masks = [0] * len(state.held[0])
    for t, where in enumerate(state.where):
        if where != IN_DIG:
            masks[state.codes[t] // per] |= 1 << (state.codes[t] % per)
    return masks


#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "random": RandomBot}
DEFAULT_PLAYER = "greedy"


def make_bot(name: str):
    """A bot by name (``random`` or ``greedy``); an unknown name is an InputError."""
    try:
        return BOTS[name]()
    except KeyError:
        raise InputError(f"--player {name}: unknown bot; choose one of "
                         f"{', '.join(sorted(BOTS))}") from None
