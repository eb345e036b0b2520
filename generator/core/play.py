"""Playing whole games with bots, many at a time — shared by every engine (their summary is
:mod:`generator.core.simulation`).

Engines follow one protocol (ARCHITECTURE.md §3): a State with ``legal_moves()``,
``apply(move)``, ``is_over()``, ``scores()``, ``current_player()`` and ``check_invariants()``.
Bots have ``choose(state, rng) -> move``. Everything random takes an explicit ``random.Random``.

:func:`run_games` plays the games of a simulation, each from its derived seed, here or in
chunks on an executor of :mod:`generator.core.executor` (``--jobs``/``--dask``), with the same
results either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from generator.core.errors import InputError


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


def unknown_player(name: str, known: Iterable[str]) -> InputError:
    """The error for a ``--player`` name that is none of a game's players."""
    return InputError(f"--player {name}: unknown player; choose one of {', '.join(known)}")


def make_bot(bots: Mapping[str, Callable[[], Any]], name: str) -> Any:
    """A fresh player by name from a game's ``BOTS`` (name -> a function making one); an
    unknown name is an InputError naming the choices."""
    try:
        return bots[name]()
    except KeyError:
        raise unknown_player(name, bots) from None


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


#: Games per task when an executor spreads a run's games over workers.
CHUNK = 50


def play_seeds(task: tuple[Callable[[int], Any], tuple[int, ...]]) -> list[Any]:
    """One chunk of a run: ``play_fn`` on each game seed, in order (a picklable task)."""
    play_fn, seeds = task
    return [play_fn(seed) for seed in seeds]


def iter_games(play_fn: Callable[[int], Any], games: int, seed: int, executor: Any = None,
               chunk: int = CHUNK, first: int = 0) -> Iterator[Any]:
    """Per-game results of games ``first`` … ``first + games - 1`` of a run, in game order.

    Game ``i`` is ``play_fn(derive_seed(seed, i))``: its result depends on its own seed only,
    so the results are the same whether the games run here one by one (``executor`` None) or
    in chunks of ``chunk`` games on an executor of :mod:`generator.core.executor` (local
    processes or dask; ``play_fn`` must then be picklable: a module-level function, a
    ``functools.partial`` of one, or an instance of a module-level class). A game that raises
    stops the run with its exception.
    """
    from generator.core.rng import derive_seed

    seeds = [derive_seed(seed, i) for i in range(first, first + games)]
    if executor is None:
        for game_seed in seeds:
            yield play_fn(game_seed)
        return
    from generator.core.executor import map_ordered

    tasks = [(play_fn, tuple(seeds[k:k + chunk])) for k in range(0, len(seeds), chunk)]
    for _, results in map_ordered(executor, play_seeds, tasks):
        if isinstance(results, BaseException):
            raise results
        yield from results


def run_games(play_fn: Callable[[int], Any], games: int, seed: int, executor: Any = None,
              chunk: int = CHUNK, *, first: int = 0,
              progress: Callable[[Any, int, str], Any] | None = None) -> list[Any]:
    """:func:`iter_games` as a list; ``progress(iterable, length, label)`` (a context manager,
    as :func:`generator.clikit.progress`) may wrap the results as they come."""
    results = iter_games(play_fn, games, seed, executor, chunk, first)
    if progress is None:
        return list(results)
    with progress(results, games, "playing") as items:
        return list(items)
