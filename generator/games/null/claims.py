"""The null game's claims: the engine's side of the examples in ``templates/claims/null.toml``.

An example is a game: ``counters`` (the row; default the fewest of ``[row]``), ``first`` (who
takes the first turn, "A" or "B"; default A) and ``play`` (takes, one a string: ``take 2``; a
``!`` in front: the engine must refuse it). It may expect ``left`` (counters in the row),
``current`` (whose turn), ``winner`` (a letter, or "" while the game goes on), ``legal`` /
``illegal`` (takes offered or refused now) and ``refused`` (the ``!`` takes the engine refused).
An example may instead give a ``row`` (its JSON fields) for the row validator; it expects
``row_problems``, the codes of :func:`generator.games.null.rules.validate_row`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.core.claims import check_fields, observed, play_actions, refused_on_copy
from generator.core.errors import InputError
from generator.games.null.model import Row, data, row_from_fields
from generator.games.null.rules import Move, State, Take, validate_row

LETTERS = "AB"
FIELDS = {"counters", "first", "play", "row"}


def game(ex: Mapping[str, Any]) -> State:
    """The example's game at its start."""
    return State(Row(ex.get("counters", data()["row"]["fewest"]),
                     LETTERS.index(ex.get("first", "A"))))


def move_of(state: State, action: str) -> Move:
    word, _, count = action.partition(" ")
    if word != "take" or not count.isdigit():
        raise InputError(f"claims: unknown action {action!r} (a null game action is 'take N')")
    return Take(int(count))


def _refuses(state: State, move: Move) -> bool:
    return refused_on_copy(state, move, lambda s: s.copy())


def observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's outcome of an example, for every key of ``expect``."""
    check_fields(ex, FIELDS)
    if "row" in ex:
        return _row_problems(ex, expect)
    state = game(ex)
    refused = play_actions(state, ex.get("play", ()), move_of, _refuses)
    values = {"left": lambda: state.left, "current": lambda: LETTERS[state.player],
              "winner": lambda: "" if state.winner is None else LETTERS[state.winner]}
    return observed(expect, values, "null game", state.legal_moves, state, move_of, _refuses,
                    refused)


def _row_problems(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    if set(expect) != {"row_problems"}:
        raise InputError("claims: null row examples expect row_problems alone")
    report = validate_row(row_from_fields(dict(ex["row"]), "claims"))
    return {"row_problems": sorted(report.codes)}
