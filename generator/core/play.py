"""Playing whole games with bots, and summarising many games — shared by every engine.

Engines follow one protocol (ARCHITECTURE.md §3): a State with ``legal_moves()``,
``apply(move)``, ``is_over()``, ``scores()``, ``current_player()`` and ``check_invariants()``.
Bots have ``choose(state, rng) -> move``. Everything random takes an explicit ``random.Random``.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from typing import Any, Protocol, Sequence


class State(Protocol):  # pragma: no cover - a protocol
    def legal_moves(self) -> list[Any]: ...
    def apply(self, move: Any) -> None: ...
    def is_over(self) -> bool: ...
    def scores(self) -> list[float]: ...
    def current_player(self) -> int: ...
    def check_invariants(self) -> list[str]: ...


class Bot(Protocol):  # pragma: no cover - a protocol
    def choose(self, state: State, rng: random.Random) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves: the baseline every game has."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Any:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


@dataclass
class GameResult:
    """How one game ended: scores, moves played, and whether the move cap stopped it."""

    scores: list[float]
    moves: int
    capped: bool


def play(state: State, bots: Sequence[Bot], rng: random.Random, max_moves: int = 100_000,
         check: bool = False) -> GameResult:
    """Plays ``state`` to the end; bot ``i`` moves for player ``i``.

    With ``check`` the state's invariants are verified after every move (AssertionError names
    the first one broken); a game still running after ``max_moves`` is reported as capped.
    """
    moves = 0
    while not state.is_over():
        if moves >= max_moves:
            return GameResult(list(state.scores()), moves, True)
        bot = bots[state.current_player() % len(bots)]
        state.apply(bot.choose(state, rng))
        moves += 1
        if check:
            broken = state.check_invariants()
            if broken:
                raise AssertionError(f"after move {moves}: " + "; ".join(broken))
    return GameResult(list(state.scores()), moves, False)


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0–100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(values: Sequence[float]) -> dict[str, float]:
    """mean, median, p10, p90, min, max of a list of numbers (rounded to 2 decimals)."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    return {k: round(v, 2) for k, v in {
        "mean": statistics.fmean(values), "median": statistics.median(values),
        "p10": percentile(values, 10), "p90": percentile(values, 90),
        "min": min(values), "max": max(values)}.items()}
