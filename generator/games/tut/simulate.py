"""Many bot games in a row: win rate by seat, coins left, game length, how games ended.

Game ``i`` of a run with seed ``s`` plays with its own generator ``derive_seed(s, i)``, so a run
is reproducible and any single game can be replayed. Without a fixed trail every game lays a
fresh random one. A shared win (equal fewest coins at the end) counts 1/k for each of the k
winners, so win rates add up to 1. With an executor the games run in chunks on workers, with
the same result.

The document is ``tombgen/tut.simulation`` (:mod:`generator.core.simulation`): a seat's score is
the coins it has left at the end (fewer is better), the length is counted in rounds (as the
engine counts them), and the game's own keys are ``variant``, ``trail`` (``random``
or the file played), ``ended`` (how games ended, with rates) and ``shared_wins``. With a
record folder every game is also written as a record (:mod:`generator.games.tut.records`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

from generator.core import simulation as sim
from generator.core.play import make_bot, play, run_games
from generator.core.report import Report
from generator.core.rng import make_rng
from generator.games.tut.bots import BOTS
from generator.games.tut.rules import State, new_state

ENDINGS = ("coins-out", "trail-empty", "all-at-end")
OWN_KEYS = ("variant", "trail", "ended", "shared_wins")
UNIT = "rounds"


def play_one(players: int, variant: str, bot: str | Sequence[str], seed: int,
             tiles: Sequence[str] | None = None, record: bool = False) -> State:
    """One whole game; ``bot`` names the bot of every seat, or of each seat in turn (with
    ``record``, the state keeps the ``history`` of its moves)."""
    bots = [bot] * players if isinstance(bot, str) else list(bot)
    rng = make_rng(seed)
    state = new_state(rng, players=players, variant=variant, tiles=tiles)
    if record:
        state.history = []
    result = play(state, [make_bot(BOTS, name) for name in bots], rng)
    if result.capped:   # pragma: no cover - the engine always ends; guard against regressions
        raise RuntimeError(f"game with seed {seed} did not end")
    return state


class Outcome(NamedTuple):
    """What a run keeps of one finished game (small: it may come back from a worker)."""

    scores: list[float]
    turns: int
    ended: str
    winners: int
    coins: list[int]
    rounds: int
    record: str | None = None


def play_outcome(players: int, variant: str, bot: str | tuple[str, ...],
                 tiles: tuple[str, ...] | None, record: bool, seed: int) -> Outcome:
    """:func:`play_one`, reduced to its :class:`Outcome` (and its record as JSON text)."""
    state = play_one(players, variant, bot, seed, tiles, record)
    text = None
    if record:
        from generator.core.envelope import dumps
        from generator.games.tut.model import catalog
        from generator.games.tut.records import record_doc

        codes = catalog().codes
        text = dumps(record_doc(state, seed, [codes[t] for t in state.tiles[:-1]]))
    return Outcome(list(state.scores()), state.turns, state.ended, len(state.winners),
                   list(state.coins), state.rounds, text)


def play_games(players: Sequence[str], games: int, variant: str, tiles: Sequence[str] | None,
               seed: int, *, progress: Callable[[Any, int, str], Any] | None = None,
               executor: Any = None, record: bool = False) -> list[Outcome]:
    """The outcomes of ``games`` games with ``players[p]`` in seat p (a fixed trail: ``tiles``)."""
    fixed = tuple(tiles) if tiles is not None else None
    play_fn = partial(play_outcome, len(players), variant, tuple(players), fixed, record)
    return run_games(play_fn, games, seed, executor, progress=progress)


def simulate(players: Sequence[str], games: int, variant: str = "en",
             tiles: Sequence[str] | None = None, seed: int = 0, trail: str = "random", *,
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None, records: Any = None, differs: str = "") -> dict[str, Any]:
    """Plays ``games`` games and returns the simulation document (see the module doc).

    ``trail`` names where the tiles come from (``random``, or the file) for the document;
    ``progress(iterable, length, label)`` may wrap the games (a progress bar); ``executor``
    plays them in chunks on workers (:func:`generator.core.play.run_games`): same result.
    ``records`` (a :class:`generator.core.records.RecordFolder`) gets every game's record,
    named with ``differs`` (the options that differ from their defaults).
    """
    outcomes = play_games(players, games, variant, tiles, seed, progress=progress,
                          executor=executor, record=records is not None)
    if records is not None:
        records.stage(seed, [o.record for o in outcomes], differs)
    seats = [sim.seat(p, name, games, sum(o.scores[p] for o in outcomes),
                      [o.coins[p] for o in outcomes]) for p, name in enumerate(players)]
    ended = {name: sum(1 for o in outcomes if o.ended == name) for name in ENDINGS}
    own = {"variant": variant, "trail": trail,
           "ended": {name: sim.rate(n, games) for name, n in ended.items()},
           "shared_wins": sim.rate(sum(1 for o in outcomes if o.winners > 1), games)}
    return sim.document("tut", seed, games, players, seats,
                        [o.rounds for o in outcomes], UNIT, own)


def describe(doc: dict[str, Any]) -> list[str]:
    """Plain lines for the terminal after the common ones: rules, trail, endings."""
    ends = ", ".join(f"{k} {v['count']:g} ({v['rate']:.1%})" for k, v in doc["ended"].items()
                     if v["count"])
    shared = doc["shared_wins"]
    first = (f"{doc['games']} games, {len(doc['players'])} players, {doc['variant']} rules, "
             f"trail: {doc['trail']}; a seat's score is the coins it has left")
    second = f"how games ended: {ends}; shared wins {shared['count']:g} ({shared['rate']:.1%})"
    return [first, second]


def trail_for_simulation(path: str | None):
    """The trail a file holds (checked: read_item), or None for a fresh trail each game."""
    if path is None:
        return None
    from generator.validate import read_item

    return read_item(path, "tut", "trail")


def validate_simulation(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` for a ``tombgen/tut.simulation`` document."""
    return sim.check_simulation(doc, source, OWN_KEYS, UNIT)
