"""Game records, the part every game shares: replaying the listed moves on a state, stopping at
the first illegal one with its place and rule, and the ``tombgen validate`` report of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.errors import RuleError
from generator.core.report import Report


@dataclass
class Replay:
    """A replayed game: the state reached, and the first illegal move if there was one."""

    state: Any
    applied: int
    error: str | None = None


def replay_moves(state: Any, moves: Sequence[Any], listed: Sequence[dict], source: str,
                 seat: Callable[[Any], int], when: Callable[[Any], str],
                 to_json: Callable[[Any], Any]) -> Replay:
    """Applies ``moves`` (read from ``listed``, the record's move objects) to ``state``. A move
    naming its ``player`` must be that seat's (``seat(state)``, 0-based); ``when(state)`` says
    where in the game a refused move was (``"round 3"``, ``"turn 12"``)."""
    for i, move in enumerate(moves):
        player = listed[i].get("player")
        try:
            if player is not None and player != seat(state) + 1:
                raise RuleError(f"it is player {seat(state) + 1}'s turn, not player {player}'s")
            state.apply(move)
        except RuleError as exc:
            where = f"move {i + 1} ({when(state)}, player {seat(state) + 1})"
            return Replay(state, i, f"{source}: {where} {to_json(move)}: {exc.message}")
    return Replay(state, len(moves))


def record_report(result: Replay, source: str) -> Report:
    """``tombgen validate`` of a replayed record: every move must be legal."""
    report = Report(source)
    if result.error:
        report.add("illegal-move", result.error, f"moves[{result.applied}]")
    return report
