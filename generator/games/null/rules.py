"""The null game's engine, and what makes a row valid.

One kind of move, ``Take(count)``: the player to move takes ``count`` counters from the row, 1 to
``[play] take`` of seeds/null.toml and never more than are left. The player who takes the last
counter wins (one point; everyone else none) and the game is over. Players move in turn from
the row's ``first``.

``validate_row`` reports every violation of a row, each with its code:
  ``counter-count``   a row with fewer or more counters than ``[row]`` allows
  ``first-player``    a first player who is not at the table
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.report import Report
from generator.games.null.model import Row, data


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``count`` counters from the row."""

    count: int


Move = Take


def counters(n: int) -> str:
    """``'1 counter'``, ``'3 counters'``: how messages count them."""
    return f"{n} counter" if n == 1 else f"{n} counters"


class State:
    """A null game in progress: the counters left, whose turn it is, what each player took."""

    __slots__ = ("left", "most", "player", "row", "taken", "turn", "winner")

    def __init__(self, row: Row):
        players = data()["play"]["players"]
        if row.counters < 1:
            raise InputError(f"a row of {row.counters} counters: a game needs at least one")
        if not 0 <= row.first < players:
            raise InputError(f"first player {row.first}: use 0 to {players - 1}")
        self.row = row
        self.most = data()["play"]["take"]
        self.left = row.counters
        self.player = row.first
        self.turn = 0
        self.taken = [0] * players
        self.winner: int | None = None

    # ---- protocol ---------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.player

    def is_over(self) -> bool:
        return self.left == 0

    def scores(self) -> list[int]:
        """One point for the player who took the last counter (none for anyone before)."""
        return [int(p == self.winner) for p in range(len(self.taken))]

    def legal_moves(self) -> list[Move]:
        """Every legal take for the player to move (none once the row is empty)."""
        return [Take(n) for n in range(1, min(self.most, self.left) + 1)]

    def apply(self, move: Move) -> None:
        """Plays one take; an illegal one raises :class:`RuleError` and changes nothing."""
        if type(move) is not Take:
            raise RuleError(f"not a move of the null game: {move!r}")
        n = move.count
        if self.is_over():
            raise RuleError("the game is over: the row is empty")
        if type(n) is not int:
            raise RuleError(f"cannot take {n!r} counters: a turn takes a whole number of them")
        if n < 1:
            raise RuleError(f"cannot take {n} counters: a turn takes at least 1")
        if n > self.most:
            raise RuleError(f"cannot take {counters(n)}: a turn takes at most {self.most}")
        if n > self.left:
            raise RuleError(f"cannot take {counters(n)}: only {counters(self.left)} "
                            f"{'is' if self.left == 1 else 'are'} left in the row")
        self.left -= n
        self.taken[self.player] += n
        self.turn += 1
        if self.left == 0:
            self.winner = self.player
        else:
            self.player = (self.player + 1) % len(self.taken)

    # ---- copies and checks ------------------------------------------------------------------

    def copy(self) -> State:
        """An independent copy (the row is shared: it never changes)."""
        other = State.__new__(State)
        for name in ("row", "most", "left", "player", "turn", "winner"):
            setattr(other, name, getattr(self, name))
        other.taken = list(self.taken)
        return other

    def check_invariants(self) -> list[str]:
        """Every broken invariant as a sentence (empty when the state is consistent)."""
        out = []
        if not 0 <= self.left <= self.row.counters:
            out.append(f"{self.left} counters left of a row of {self.row.counters}")
        if sum(self.taken) + self.left != self.row.counters:
            out.append(f"taken {self.taken} and {self.left} left do not make the row's "
                       f"{self.row.counters}")
        if not 0 <= self.player < len(self.taken):
            out.append(f"player {self.player} is not at the table")
        if (self.winner is not None) != self.is_over():
            out.append(f"winner {self.winner} with {self.left} counters left")
        if self.turn > self.row.counters:
            out.append(f"{self.turn} turns on a row of {self.row.counters}: every turn takes at least one")
        return out


def validate_row(row: Row) -> Report:
    """Every violation of a row (see the module doc for the codes)."""
    d = data()
    fewest, most = d["row"]["fewest"], d["row"]["most"]
    players = d["play"]["players"]
    report = Report("null row")
    if not fewest <= row.counters <= most:
        report.add("counter-count", f"has {row.counters} counters; a row has {fewest} to {most}",
                   "counters")
    if not 0 <= row.first < players:
        report.add("first-player", f"player {row.first + 1} cannot start: the players are 1 to "
                   f"{players}", "first")
    return report


def new_state(rng: random.Random, **options: Any) -> State:
    """A fresh game on a row generated from ``rng`` (``options``: the row product's)."""
    from generator.games.null.generate import generate_row

    return State(generate_row(rng, **options))
