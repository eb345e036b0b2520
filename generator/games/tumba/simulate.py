"""Many bot games of Tutan Tumba, summarised: who wins from which seat, how long games last,
how the mummies got into the tomb, and what the players chose to do.

Game ``i`` uses the seed derived from (seed, i), so any single game can be replayed. Games still
running after ``max_turns`` turns are counted as capped; games where every player is stuck
(nobody has a mummy left to play) as blocked. Both are reported with their game numbers and
have no winner; the length (in turns) is that of the finished games. ``actions`` counts the
moves played by kind (placements, each power and each advanced move). With a record folder every
game is written as a record (``tumba-record-<seed>[-<options>]-<n>.json``, :mod:`records`). With an executor
the games run in chunks on workers, with the same result and records. The document is
``tombgen/tumba.simulation`` (:mod:`generator.core.simulation`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from generator.core import simulation as sim
from generator.core.errors import InputError
from generator.core.play import make_bot, run_games
from generator.core.report import Report
from generator.core.rng import make_rng
from generator.games.tumba.bots import BOTS
from generator.games.tumba.model import MODES, Setup, check_target, data, facts, standard_layout
from generator.games.tumba.rules import ACTION_KINDS, ENTRY_KINDS, State

MAX_TURNS = 3000
OWN_KEYS = ("mode", "target", "max_turns", "board", "finished", "capped", "blocked", "entries",
            "entry_share", "actions")
UNIT = "turns"


def play_game(players: int, seed: int, mode: str, layout=None, target: int | None = None,
              bots=("random",), max_turns: int = MAX_TURNS, record: bool = False) -> State:
    """Plays one game to its end (or the turn cap); returns the final state (with its
    ``history`` of moves when ``record``)."""
    from generator.games.tumba.generate import advanced_setup

    rng = make_rng(seed)
    if layout is None:
        layout = advanced_setup(rng, players).lines if mode == "advanced" else standard_layout()
    state = State(players, layout, mode, target, seed=rng.getrandbits(32))
    if record:
        state.history = []
    names = list(bots)
    seats = [make_bot(BOTS, names[i % len(names)]) for i in range(players)]
    while state.phase != "over" and state.turn <= max_turns:
        state.apply(seats[state.current].choose(state, rng))
    return state


def _check(players: int, games: int, mode: str, target: int | None, bots) -> None:
    comp = data()["components"]
    if not comp["min_players"] <= players <= comp["max_players"]:
        raise InputError(f"--players {players}: the game is for {comp['min_players']}-"
                         f"{comp['max_players']} players")
    if games < 1:
        raise InputError(f"--games {games}: play at least one game")
    if mode not in MODES:
        raise InputError(f"--mode {mode}: choose standard or advanced")
    check_target(target, mode)
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        raise InputError(f"--player {','.join(bots)}: choose from {', '.join(BOTS)}")


class Outcome(NamedTuple):
    """What a run keeps of one game (small: it may come back from a worker)."""

    winner: int
    turn: int
    blocked: bool
    entries: dict[str, int]
    tomb: list[int]
    actions: dict[str, int]
    record: str | None = None


def play_outcome(players: int, mode: str, layout, target: int | None, bots, max_turns: int,
                 record: bool, seed: int) -> Outcome:
    """:func:`play_game`, reduced to its :class:`Outcome` (and its record as JSON text)."""
    state = play_game(players, seed, mode, layout, target, bots, max_turns, record)
    text = None
    if record:
        from generator.core.envelope import dumps
        from generator.games.tumba.records import record_doc

        text = dumps(record_doc(state, seed))
    return Outcome(state.winner, state.turn, bool(state.blocked), dict(state.entries),
                   list(state.tomb), dict(state.actions), text)


def simulate(players: int, games: int, seed: int, mode: str = "standard",
             setup: Setup | None = None, target: int | None = None, bots=("greedy",),
             max_turns: int = MAX_TURNS,
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None, board: str | None = None,
             records: Any = None, differs: str = "") -> dict[str, Any]:
    """Plays ``games`` games and returns the simulation document (``tombgen/tumba.simulation``).

    ``bots`` names the bot of each seat (repeated round the table if shorter); ``board`` says
    where the setup came from (a file name) for the document; ``progress(iterable, length,
    label)`` may wrap the games (a progress bar); ``executor`` plays them in chunks on workers
    (:func:`generator.core.play.run_games`), with the same result; ``records`` (a
    :class:`generator.core.records.RecordFolder`) gets one record per game, named with
    ``differs`` (the options that differ from their defaults).
    """
    _check(players, games, mode, target, bots)
    if setup is not None and (setup.mode, setup.players) != (mode, players):
        raise InputError(f"the setup is {setup.mode} for {setup.players} players, the options "
                         f"ask for {mode} with {players} players; leave out --mode and "
                         "--players to play the setup as it is")
    seats = [list(bots)[i % len(bots)] for i in range(players)]
    layout = setup.lines if setup else None
    play_fn = partial(play_outcome, players, mode, layout, target, tuple(seats), max_turns,
                      records is not None)
    outcomes = run_games(play_fn, games, seed, executor, progress=progress)
    entries = dict.fromkeys(ENTRY_KINDS, 0)
    actions = dict.fromkeys(ACTION_KINDS, 0)
    for outcome in outcomes:
        for kind, n in outcome.entries.items():
            entries[kind] += n
        for kind, n in outcome.actions.items():
            actions[kind] += n
    if records is not None:
        records.stage(seed, [o.record for o in outcomes], differs)
    finished = [o for o in outcomes if o.winner >= 0]
    own = {
        "mode": mode,
        "target": target or facts().target,
        "max_turns": max_turns,
        "board": board or ("fresh Pharaoh's Wrath setup per game" if mode == "advanced"
                           else "standard layout"),
        "finished": sim.rate(len(finished), games),
        "capped": [i + 1 for i, o in enumerate(outcomes) if o.winner < 0 and not o.blocked],
        "blocked": [i + 1 for i, o in enumerate(outcomes) if o.winner < 0 and o.blocked],
        "entries": entries,
        "entry_share": sim.shares(entries),
        "actions": actions,
    }
    seat_entries = [sim.seat(p, name, games, sum(1 for o in outcomes if o.winner == p),
                             [o.tomb[p] for o in outcomes]) for p, name in enumerate(seats)]
    return sim.document("tumba", seed, games, seats, seat_entries,
                        [o.turn for o in finished], UNIT, own)


def describe(doc: dict[str, Any]) -> list[str]:
    """What ``tumba simulate`` prints after the common lines (a seat's score is its mummies in
    the tomb at the end; length counts finished games)."""
    out = [(f"{doc['games']} games, {len(doc['players'])} players, {doc['mode']} rules, target "
            f"{doc['target']}, board: {doc['board']}; a seat's score is its mummies in the tomb")]
    out.append(f"finished: {doc['finished']['count']:g} ({doc['finished']['rate']:.1%}); capped "
               f"at {doc['max_turns']} turns: {len(doc['capped'])}"
               + (f" (games {_list(doc['capped'])})" if doc["capped"] else "")
               + f"; blocked: {len(doc['blocked'])}"
               + (f" (games {_list(doc['blocked'])})" if doc["blocked"] else ""))
    out.append("into the tomb: " + ", ".join(
        f"{k} {v['rate'] * 100:.1f}%" for k, v in doc["entry_share"].items()))
    out.append("moves played: " + ", ".join(f"{k} {n}" for k, n in doc["actions"].items()))
    return out


def _list(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:10]))
    return shown + (f" and {len(numbers) - 10} more" if len(numbers) > 10 else "")


def validate_simulation(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` for a ``tombgen/tumba.simulation`` document."""
    return sim.check_simulation(doc, source, OWN_KEYS, UNIT)
