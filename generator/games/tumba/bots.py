"""Tutan Tumba bots: the shared random bot and a greedy one that plays for the tomb.

The greedy bot scores every legal move with a quick look at what it does (no search): entering
the tomb beats everything, then taking mummies away from the leader, then incinerating, then
placing mummies where they complete a line of its own or stand close to the tomb. Ties are broken
with the game's random generator, so games stay reproducible.
"""

from __future__ import annotations

import random

from generator.core.play import RandomBot
from generator.games.tumba.moves import (
    Anubis, Golden, GoldenRemove, Jump, Maat, Osiris, Pass, Place, Reroll, Roll, Seth, SethMove,
    Strike, Wrath,
)
from generator.games.tumba.rules_board import JUMPS, row_of

TOMB = 100.0


class GreedyBot:
    """Picks the move with the best immediate value (see module doc)."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        best, best_score = [], float("-inf")
        for move in moves:
            score = self.score(state, move)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def score(self, state, move) -> float:
        """How much the bot likes ``move`` in ``state`` (higher is better)."""
        kind = type(move)
        if kind in (Maat, Osiris, Golden):
            return TOMB
        if kind is Place:
            return sum(_line_value(state, n, move.lines.count(n)) for n in move.lines)
        if kind is Anubis:
            return 25.0 + _best_target(state)
        if kind is Strike:
            return _target_value(state, move.line, move.depth)
        if kind is GoldenRemove:
            return 50.0 + (20.0 if move.line == 0 else -move.depth)
        if kind is Jump:
            return _jump_value(state, move)
        if kind in (Roll, Pass):
            return 1.0
        if kind in (Seth, SethMove, Wrath, Reroll):
            return 0.0                       # never worth the risk for a one-ply bot
        return 0.0


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


def _jump_value(state, move: Jump) -> float:
    jump = next(j for j in JUMPS[(move.line, move.depth)] if j[:2] == (move.dx, move.dy))
    land_line, land_depth = jump[4], jump[5]
    if state.board.lands_in_tomb(land_line, land_depth):
        return TOMB
    return 40.0 - land_depth


#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "random": RandomBot}
DEFAULT_PLAYER = "greedy"


def make_bots(names, players: int) -> list:
    """One bot per seat; ``names`` repeat round the table (e.g. ["greedy", "random"])."""
    return [BOTS[names[i % len(names)]]() for i in range(players)]
