"""Dice sources: where the shared round rolls and each player's private coin dice come from.

A seeded source draws the shared rolls from one stream and each player's extra dice from a
stream of their own, so what one player does never changes another's dice, and the same seed
replays the same game. A listed source plays back rolls written in a game record.
"""

from __future__ import annotations

from generator.core.errors import RuleError
from generator.core.rng import derive_seed, make_rng
from generator.games.realms.rules.constants import RULES


class SeededDice:
    """Dice from a seed: shared stream = derive_seed(seed, 0), player p's = (seed, p + 1)."""

    def __init__(self, seed: int, players: int = 1):
        self.seed = int(seed)
        self._shared = make_rng(derive_seed(self.seed, 0))
        self._private = [make_rng(derive_seed(self.seed, p + 1)) for p in range(players)]

    def round_roll(self, number: int) -> tuple[int, ...]:
        """The shared dice of the next round (rounds are rolled in order)."""
        return tuple(self._shared.randint(1, RULES.faces) for _ in range(RULES.dice_rolled))

    def extra(self, player: int) -> int:
        """One die rolled with coins by ``player``."""
        return self._private[player].randint(1, RULES.faces)

    def to_json(self) -> dict:
        return {"seed": self.seed}


class ListedDice:
    """Dice written out: ``rolls`` one list per round, ``extra`` one list per player."""

    def __init__(self, rolls, extra=None, players: int = 1):
        self.rolls = [tuple(r) for r in rolls]
        self.extra_rolls = [list(e) for e in (extra or [[] for _ in range(players)])]
        while len(self.extra_rolls) < players:
            self.extra_rolls.append([])
        self._round = 0
        self._next = [0] * len(self.extra_rolls)

    def round_roll(self, number: int) -> tuple[int, ...]:
        if self._round >= len(self.rolls):
            raise RuleError(f"the dice list has no roll for round {self._round + 1}")
        self._round += 1
        return self.rolls[self._round - 1]

    def extra(self, player: int) -> int:
        i = self._next[player]
        if i >= len(self.extra_rolls[player]):
            raise RuleError(f"the dice list has no more extra rolls for player {player + 1}")
        self._next[player] += 1
        return self.extra_rolls[player][i]

    def to_json(self) -> dict:
        return {"rolls": [list(r) for r in self.rolls], "extra": self.extra_rolls}
