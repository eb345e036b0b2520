"""Null game records: the row and every take of one game, replayed on the engine.

    {"format": "tombgen/null.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "row": {"counters": 12, "first": 1},   the row, as a null row JSON gives it
     "moves": [{"player": 1, "do": "take", "count": 3}, ...],
     "result": {"scores": [0, 1], "winner": 2, "over": true}}

A move takes ``count`` counters; its ``player`` (from 1) is optional and checked. ``format``
and ``version`` may be left out of a record written by hand. ``result`` is written by ``null
simulate --record`` and never read back. Replaying stops at the first illegal move and says
which and why (the engine's words).
"""

from __future__ import annotations

from typing import Any

from generator.core import records as rec
from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.report import Report
from generator.games.null.model import Row, data, row_from_fields, row_to_fields
from generator.games.null.rules import Move, State, Take, counters, validate_row

KEYS = ("row", "moves")
#: the move objects (see the module doc)
CODEC = rec.MoveCodec("null", (
    rec.Kind("take", Take, (rec.Key("count", lambda count, place, ctx: rec.whole_in(
        count, place, 0, data()["row"]["most"], "a number of counters")),)),
))


def move_to_json(move: Move) -> dict[str, Any]:
    """A take as a record's move object."""
    return CODEC.to_json(move)


def move_from_json(obj: dict, place: str) -> Move:
    """A take from a record's move object; a malformed one is an InputError naming ``place``
    (a count the rules refuse is left to the engine, which says why)."""
    return CODEC.from_json(obj, place, data()["play"]["players"])


def record_doc(row: Row, history: list[tuple[int, Move]], seed: int | None,
               state: State) -> dict[str, Any]:
    """The record of a game on ``row``: every (player, move) of ``history``, and the result
    ``state`` reached."""
    moves = [{"player": player + 1, **move_to_json(move)} for player, move in history]
    return envelope("null", "record", seed, {"row": row_to_fields(row), "moves": moves},
                    {"result": result_fields(state)})


def result_fields(state: State) -> dict[str, Any]:
    return {"scores": state.scores(),
            "winner": None if state.winner is None else state.winner + 1,
            "over": state.is_over()}


def start_state(doc: Any, source: str) -> State:
    """The game at the start of a record (its header checked, its row valid)."""
    rec.record_fields(doc, source, "null", KEYS)
    place = f"{source} [row]"
    if not isinstance(doc["row"], dict):
        raise InputError(f"{place}: expected the row's fields {{\"counters\": ..., \"first\": ...}}")
    row = row_from_fields(doc["row"], place)
    report = validate_row(row)
    if not report.ok:
        report.subject = place
        raise RuleError(f"{place}: not a valid row\n{report.text()}", report)
    return State(row)


def replay(doc: Any, source: str, step: bool = False) -> rec.Replay:
    """Replays a record; a malformed record raises InputError (exit 2), a row breaking the rules
    RuleError (exit 1); an illegal move stops the replay with its reason."""
    state = start_state(doc, source)
    listed = rec.move_list(doc, source)
    moves = [move_from_json(obj, f"{source} [moves[{i}]]") for i, obj in enumerate(listed)]
    return rec.replay_moves(state, moves, listed, source, lambda s: s.player,
                            lambda s: f"turn {s.turn + 1}", move_to_json,
                            status if step else None)


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: a valid row, every move legal."""
    return rec.record_report(replay(doc, source), source)


# ---- text ---------------------------------------------------------------------------------------

def status(state: State) -> str:
    """What a move left: the counters in the row, and who plays next."""
    if state.is_over():
        return "the row is empty; game over"
    return f"{counters(state.left)} left; player {state.player + 1} to play"


def position_text(state: State) -> str:
    """What each player took and what is left of the row."""
    lines = [f"null game, after {state.turn} turns; player {state.row.first + 1} took the "
             "first turn"]
    lines += [f"  player {p + 1}: took {counters(n)}" for p, n in enumerate(state.taken)]
    lines.append(f"  row: {state.left} of {counters(state.row.counters)} left")
    return "\n".join(lines)


def result_text(state: State) -> str:
    if state.winner is None:
        return (f"(the record stops in turn {state.turn + 1}, player {state.player + 1} to "
                "play; the game is not finished)")
    return f"winner: player {state.winner + 1} (took the last counter)"
