"""Tutan Tumba bots: a random bot that picks the kind of move first, and a greedy one that plays
for the tomb, advanced moves included.

``random``: at each decision it picks a kind of move uniformly (place, a power, incinerate,
pass...), then a move of that kind. The optional advanced moves — Seth's Trick instead of
rolling, the one-die re-roll, Tutan's Wrath — are one more kind only with the probability
``advanced`` of ``seeds/tumba.toml`` [bots.random]; otherwise, being legal at almost every
decision of the advanced mode, they would fill half its turns (Seth's Trick is legal whenever a
line has two chambers).

``greedy`` scores every legal move with a quick look at what it does (no search), in one unit:
a mummy entering the tomb. An entry now is taken unless another move gains more (a secret
passage, the Osiris Maneuver, Maat's Rest, an incineration into the tomb, and the Golden Triple
with its removal and second roll); then taking mummies away from the leader, incinerating, and
placing mummies where they fill a line of its own or stand high. The advanced moves are weighed
the same way (:mod:`bots_advanced`): a one-die re-roll by the mean value of the best use of the
six results; Seth's Trick only when a relocation opens an entry worth more than the roll it
gives up; Tutan's Wrath by what the shifted board gives it against the others; Toth's Inversion
by the backward incinerations it opens. Ties are broken with the game's random generator, so
games stay reproducible.
"""

from __future__ import annotations

import random

from generator.games.tumba import bots_advanced as adv
from generator.games.tumba.bots_advanced import TOMB, jump_value
from generator.games.tumba.model import data
from generator.games.tumba.moves import (
    Anubis,
    Golden,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Pass,
    Place,
    Reroll,
    Roll,
    Seth,
    SethMove,
    Strike,
    Wrath,
)


class GreedyBot:
    """Picks the move with the best immediate value (see module doc)."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        look = adv.Look(state)
        best, best_score = [], float("-inf")
        for move in moves:
            score = self.score(state, move, look)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def score(self, state, move, look=None) -> float:
        """How much the bot likes ``move`` in ``state`` (higher is better)."""
        look = look or adv.Look(state)
        kind = type(move)
        if kind is Place:
            value = look.place_value(move.lines)
            return value + look.sequence_bonus(move) if state.mode == "advanced" else value
        if kind is Jump:
            return jump_value(state, move.line, move.depth, move.dx, move.dy)
        if kind in (Maat, Osiris):
            return TOMB
        if kind is Golden:
            return look.golden_value()
        if kind is Anubis:
            return look.anubis_value(state.dice)
        if kind is Strike:
            return look.strike_value(state.anubis_third, move.line, move.depth)
        if kind is GoldenRemove:
            return look.golden_remove_value(move)
        if kind is Reroll:
            return look.reroll_value(move.value)
        if kind is Roll:
            # At the start of a turn rolling is the plain choice (Seth's Trick scores above it
            # only when it gains); otherwise it is a throw of the three dice to come.
            return 1.0 if state.phase == "start" else look.roll_expectation()
        if kind is Seth:
            return look.seth_value()
        if kind is SethMove:
            return look.seth_move_value(move)
        if kind is Wrath:
            return look.wrath_value(move)
        if kind is Pass:
            return 1.0
        return 0.0


class RandomKindBot:
    """Uniform over kinds of move, then over the moves of the kind (see the module doc)."""

    name = "random"

    def __init__(self) -> None:
        self.advanced = data()["bots"]["random"]["advanced"]

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        kinds: dict[str, list] = {}
        for move in moves:
            kinds.setdefault(_KIND.get(type(move), "other"), []).append(move)
        optional = kinds.pop("advanced", None)
        if optional and (not kinds or rng.random() < self.advanced):
            group = optional
        else:
            names = sorted(kinds)
            group = kinds[names[rng.randrange(len(names))]]
        return group[rng.randrange(len(group))]


# The optional advanced moves share one kind; the rest are grouped by what they do.
_KIND = {Seth: "advanced", Reroll: "advanced", Wrath: "advanced", Roll: "roll", Pass: "pass",
         Maat: "maat", Place: "place", Golden: "golden", Anubis: "anubis", Osiris: "osiris",
         Jump: "incinerate", GoldenRemove: "remove", Strike: "remove", SethMove: "relocate"}

#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "random": RandomKindBot}
DEFAULT_PLAYER = "greedy"
