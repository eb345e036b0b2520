"""Many bot games of the null game, summed up in the document every game writes.

Game ``i`` of a run with seed ``S`` is played on the row drawn from ``derive_seed(S, i)``
(counters and first player; ``counters`` may fix the length) by the seat's bots, which draw
from the same seed, so a run is reproducible. With an ``executor`` the games are played in
chunks by :func:`generator.core.play.run_games`, with the same results.

The document (``tombgen/null.simulation``, :mod:`generator.core.simulation`) holds per seat the
player, wins, win rate and score with their intervals; the length in turns; and the game's own
keys: the spread of the rows' ``counters`` and ``first_wins``, how often the player who took
the first turn won. With a record folder every game is also written as a game record
(:mod:`generator.games.null.records`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core import simulation as sim
from generator.core.errors import InputError
from generator.core.play import CHUNK, make_bot, run_games
from generator.core.report import Report
from generator.core.rng import make_rng
from generator.games.null.bots import BOTS, DEFAULT_PLAYER
from generator.games.null.generate import generate_row
from generator.games.null.model import Row, data
from generator.games.null.rules import State

OWN_KEYS = ("counters", "first_wins")
UNIT = "turns"


@dataclass
class GameRecord:
    """One finished game: its row, final scores, winner, turns (and its record, if asked)."""

    row: Row
    scores: list[int]
    winner: int
    turns: int
    record: str | None = None


def play_game(row: Row, seed: int, bots: Sequence[Any], record: bool = False) -> GameRecord:
    """Plays one game on ``row``, the bots drawing from ``seed`` (and, with ``record``, keeps
    its game record). Every take removes a counter at least, so the game ends."""
    rng = make_rng(seed)
    state = State(row)
    history = []
    while not state.is_over():
        player = state.player
        move = bots[player].choose(state, rng)
        state.apply(move)
        history.append((player, move))
    assert state.winner is not None     # the row is empty: someone took the last counter
    text = None
    if record:
        from generator.core.envelope import dumps
        from generator.games.null.records import record_doc

        text = dumps(record_doc(row, history, seed, state))
    return GameRecord(row, state.scores(), state.winner, state.turn, text)


@dataclass(frozen=True)
class NullGame:
    """Plays one game of a run from its seed (picklable: it holds only the settings)."""

    players: tuple[str, ...]
    counters: int | None = None
    record: bool = False

    def __call__(self, game_seed: int) -> GameRecord:
        row = generate_row(make_rng(game_seed), self.counters)
        return play_game(row, game_seed, [make_bot(BOTS, name) for name in self.players], self.record)


def simulate(games: int, seed: int, *, players: Sequence[str] = (DEFAULT_PLAYER,) * 2,
             counters: int | None = None,
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None, records: Any = None, differs: str = "") -> list[GameRecord]:
    """Plays ``games`` games, one player name per seat in ``players``.

    ``progress(iterable, length, label)`` may wrap the loop (as :func:`generator.clikit.progress`);
    ``executor`` spreads chunks of games over workers; ``records`` (a
    :class:`generator.core.records.RecordFolder`) gets every game's record, named with
    ``differs`` (the options that differ from their defaults).
    """
    if games < 1:
        raise InputError(f"--games {games}: play at least one game")
    seats = data()["play"]["players"]
    if len(players) != seats:
        raise InputError(f"--player given {len(players)} times; give it once (every seat) or "
                         f"{seats} times (one per seat)")
    sim.seat_players(players, seats, DEFAULT_PLAYER, BOTS)   # an unknown name: before any game
    if counters is not None:
        generate_row(make_rng(seed), counters)                # out of range: before any game
    results = run_games(NullGame(tuple(players), counters, records is not None), games, seed,
                        executor, CHUNK, progress=progress)
    if records is not None:
        records.stage(seed, [r.record for r in results], differs)
    return results


def simulation_document(records: Sequence[GameRecord], seed: int,
                        players: Sequence[str]) -> dict[str, Any]:
    """The JSON document of a run: envelope, seats, length and the game's own keys."""
    n = len(records)
    seats = [sim.seat(seat, bot, n, sum(1 for r in records if r.winner == seat),
                      [r.scores[seat] for r in records]) for seat, bot in enumerate(players)]
    own = {"counters": sim.spread([r.row.counters for r in records]),
           "first_wins": sim.rate(sum(1 for r in records if r.winner == r.row.first), n)}
    return sim.document("null", seed, n, players, seats, [r.turns for r in records], UNIT, own)


def describe(doc: dict[str, Any]) -> list[str]:
    """What ``null simulate`` prints after the common lines: the rows, who won from the start."""
    rows, first = doc["counters"], doc["first_wins"]
    return [f"counters in a row: mean {rows['mean']:g}, {rows['min']:g} to {rows['max']:g}",
            f"the player who took the first turn won {first['rate']:.1%} "
            f"[{first['interval'][0]:.1%}-{first['interval'][1]:.1%}]"]


def validate_simulation(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` for a ``tombgen/null.simulation`` document."""
    return sim.check_simulation(doc, source, OWN_KEYS, UNIT)
