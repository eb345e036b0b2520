"""Tutan Tumba bots: a random bot that picks the kind of move first, and a greedy one that plays
for the tomb, advanced moves included.

``random``: at each decision it picks a kind of move uniformly (place, a power, incinerate,
pass...), then a move of that kind. The optional advanced moves — Seth's Trick instead of
rolling, the one-die re-roll, Tutan's Wrath — are one more kind only with the probability
``advanced`` of ``seeds/tumba.toml`` [bots.random]; otherwise, being legal at almost every
decision of the advanced mode, they would fill half its turns (Seth's Trick is legal whenever a
line has two chambers).

``greedy`` scores every legal move with a quick look at what it does (no search): entering the
tomb beats everything, then taking mummies away from the leader, then incinerating, then placing
mummies where they complete a line of its own or stand close to the tomb. The advanced moves are
weighed the same way (:mod:`bots_advanced`): a one-die re-roll by the mean value of the best use
of the six results; Seth's Trick by what the relocation opens to incineration against what a
roll is worth on average; Tutan's Wrath by what the shifted board gives it against the others;
Toth's Inversion by the backward incinerations it opens. Ties are broken with the game's random
generator, so games stay reproducible.
"""

from __future__ import annotations

import random

from generator.games.tumba import bots_advanced as adv
from generator.games.tumba.model import data
from generator.games.tumba.moves import (
    Anubis, Golden, GoldenRemove, Jump, Maat, Osiris, Pass, Place, Reroll, Roll, Seth, SethMove,
    Strike, Wrath,
)
from generator.games.tumba.rules_board import JUMPS, row_of

TOMB = adv.TOMB


class GreedyBot:
    """Picks the move with the best immediate value (see module doc)."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        look = adv.Look(state, self)
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
        look = look or adv.Look(state, self)
        kind = type(move)
        if kind in (Maat, Osiris, Golden):
            return TOMB
        if kind is Place:
            return look.place_value(move.lines) + look.sequence_bonus(move)
        if kind is Anubis:
            return 25.0 + look.best_target()
        if kind is Strike:
            return _target_value(state, move.line, move.depth)
        if kind is GoldenRemove:
            return 50.0 + (20.0 if move.line == 0 else -move.depth)
        if kind is Jump:
            return jump_value(state, move.line, move.depth, move.dx, move.dy)
        if kind is Reroll:
            return look.reroll_value(move.value)
        if kind is Roll:
            return look.roll_value()
        if kind is Seth:
            return look.seth_value()
        if kind is SethMove:
            return look.seth_move_value(move)
        if kind is Wrath:
            return look.wrath_value(move)
        if kind is Pass:
            return look.pass_value()
        return 0.0


def place_value(state, lines) -> float:
    """What placing one mummy on each of ``lines`` is worth (passages: half a tomb entry)."""
    return sum(_line_value(state, n, lines.count(n)) for n in lines)


def _line_value(state, line: int, count: int) -> float:
    board, p = state.board, state.current
    if board.passage[line]:
        return TOMB / 2
    cells = board.cells[line]
    mine = sum(1 for c in cells if c == p) + count
    value = 5.0 + row_of(line)               # higher rows are shorter, nearer the passages
    if mine >= len(cells):
        value += 30.0                        # completes a line: Osiris now or Maat later
    return value


def _target_value(state, line: int, depth: int) -> float:
    """An enemy near the tomb, of a player who leads, is the best to remove."""
    owner = state.board.cells[line][depth - 1]
    return 10.0 - depth + 2.0 * state.tomb[owner]


def _best_target(state) -> float:
    return max((_target_value(state, n, d) for n, d in state.board.enemies(state.current)),
               default=0.0)


def jump_value(state, line: int, depth: int, dx: int, dy: int, board=None) -> float:
    """An incineration: a tomb entry when it lands in the tomb or a passage, else 40 less the
    landing depth (nearer the tomb is better)."""
    board = board or state.board
    jump = next(j for j in JUMPS[(line, depth)] if j[:2] == (dx, dy))
    land_line, land_depth = jump[4], jump[5]
    if board.lands_in_tomb(land_line, land_depth):
        return TOMB
    return 40.0 - land_depth


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

BOTS = {"random": RandomKindBot, "greedy": GreedyBot}


def make_bots(names, players: int) -> list:
    """One bot per seat; ``names`` repeat round the table (e.g. ["greedy", "random"])."""
    return [BOTS[names[i % len(names)]]() for i in range(players)]
