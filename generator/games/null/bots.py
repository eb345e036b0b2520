"""The null game's players: ``random`` (any legal take), ``greedy`` (the most it may take) and
``perfect``, which wins whenever it can.

With at most ``m`` counters a turn, a row of a multiple of ``m + 1`` counters is lost for the
player to move: whatever they take (1 to ``m``), the other takes the rest of ``m + 1`` and
leaves a multiple again, down to none. So the perfect player takes what leaves a multiple of
``m + 1``, and when the row already is one (it cannot win against perfect play) takes one
counter, the longest game, hoping for a slip.
"""

from __future__ import annotations

import random

from generator.core.play import RandomBot
from generator.games.null.rules import Move, State, Take


class GreedyBot:
    """Takes as many counters as the rules let it."""

    name = "greedy"

    def choose(self, state: State, rng: random.Random) -> Move:
        return max(state.legal_moves(), key=lambda move: move.count)


class PerfectBot:
    """Leaves the other player a multiple of (the most a turn takes + 1) whenever it can."""

    name = "perfect"

    def choose(self, state: State, rng: random.Random) -> Move:
        return Take(state.left % (state.most + 1) or 1)


#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "perfect": PerfectBot, "random": RandomBot}
DEFAULT_PLAYER = "perfect"
