"""Game records, the part every game shares.

A record (``tombgen/<game>.record``) is the setup of one game plus every decision made in it (and
the dice, where there are dice), in one JSON document per game; ``<game> simulate --record DIR``
writes them, ``<game> replay FILE`` plays them back on the engine and ``tombgen validate`` reads
them. What every game's reader shares lives here:

* the header: the envelope (a record written by hand may leave out ``format`` and ``version``),
  no key but the game's own, ``result`` (written by simulate, never read back) and the
  envelope's; every count bounded before any work is done, with its range in the message
  (:func:`whole_in`, :func:`move_list`): a malformed record is exit 2 at once;
* the replay: each move applied in turn, the first illegal one stopping it with its number,
  where in the game it came, the move and the engine's reason (:func:`replay_moves`);
* writing: the ``--record`` folder is checked before any game is played, and the records of a
  run are published together under names that carry every option that differs from its
  default (:class:`RecordFolder`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.envelope import ENVELOPE_KEYS, check_envelope
from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.limits import input_limit
from generator.core.report import Report

#: Keys every record may hold besides its game's own: the envelope and the result.
COMMON_KEYS = (*ENVELOPE_KEYS, "result")


@dataclass
class Replay:
    """A replayed game: the state reached, how many moves were applied, the first illegal move
    if there was one, and (when stepping) one line per move applied."""

    state: Any
    applied: int
    error: str | None = None
    steps: list[str] = field(default_factory=list)


def record_fields(doc: Any, source: str, game: str, keys: Sequence[str],
                  optional: Sequence[str] = ()) -> dict[str, Any]:
    """Checks a record's header: the envelope (optional in a hand-written record), every key of
    ``keys`` there, nothing unknown. Returns the document."""
    # written by hand: both left out; a record naming its format must give its version too
    check_envelope(doc, source, f"tombgen/{game}.record",
                   optional=isinstance(doc, dict) and "format" not in doc)
    allowed = (*COMMON_KEYS, *keys, *optional)
    unknown = [k for k in doc if k not in allowed]
    if unknown:
        raise InputError(f"{source} [{_cut(unknown[0])}]: unknown key; a {game} record has "
                         + ", ".join(k for k in (*keys, *optional)))
    missing = [k for k in keys if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)} (a {game} record has "
                         + ", ".join(k for k in (*keys, *optional)) + ")")
    return doc


def whole_in(value: Any, place: str, low: int, high: int, what: str = "") -> int:
    """``value`` as a whole number from ``low`` to ``high``; else an InputError naming the place
    and the range (checked before anything is built from it)."""
    if not is_whole(value) or not low <= value <= high:
        shown = _cut(json.dumps(value)) if not isinstance(value, str) else _cut(repr(value))
        raise InputError(f"{place}: {shown} is not {what or 'a whole number'} from {low} to "
                         f"{high}")
    return value


def move_list(doc: dict, source: str, key: str = "moves") -> list:
    """The record's list of moves, at most ``[input] record_moves`` long (seeds/limits.toml)."""
    moves = doc[key]
    if not isinstance(moves, list):
        raise InputError(f"{source} [{key}]: expected a list of moves")
    limit = input_limit("record_moves")
    if len(moves) > limit:
        raise InputError(f"{source} [{key}]: {len(moves):,} moves; a record holds 0 to "
                         f"{limit:,} (seeds/limits.toml [input] record_moves)")
    for i, move in enumerate(moves):
        if not isinstance(move, dict):
            raise InputError(f"{source} [{key}[{i}]]: expected a move object "
                             '{"do": ..., ...}')
    return moves


def sized_list(value: Any, place: str, low: int, high: int, what: str) -> list:
    """``value`` as a list of ``low`` to ``high`` items (checked before they are read)."""
    if not isinstance(value, list):
        raise InputError(f"{place}: expected a list of {what}")
    if not low <= len(value) <= high:
        raise InputError(f"{place}: {len(value):,} {what}; expected {low} to {high:,}")
    return value


def move_kind(obj: dict, place: str, fields: dict[str, set[str]]) -> str:
    """The kind (``do``) of a record's move object, checked against ``fields`` (kind → the keys
    it needs; ``do`` and ``player`` are always allowed): an unknown kind, an unknown key or a
    missing one is an InputError naming ``place``."""
    kind = obj.get("do")
    if not isinstance(kind, str) or kind not in fields:
        raise InputError(f"{place} [do]: expected one of {', '.join(fields)}")
    extra = sorted(set(obj) - fields[kind] - {"do", "player"})
    if extra:
        raise InputError(f"{place} [{_cut(extra[0])}]: unknown key; a {kind} move has "
                         + ", ".join(["do", "player", *sorted(fields[kind])]))
    missing = sorted(fields[kind] - set(obj))
    if missing:
        raise InputError(f"{place}: a {kind} move needs \"{missing[0]}\"")
    return kind


def player_of(obj: dict, place: str, players: int) -> int | None:
    """The optional ``player`` (from 1) a move names, checked against the table's size."""
    player = obj.get("player")
    if player is None:
        return None
    return whole_in(player, f"{place} [player]", 1, players, "a player number")


def replay_moves(state: Any, moves: Sequence[Any], listed: Sequence[dict], source: str,
                 seat: Callable[[Any], int], when: Callable[[Any], str],
                 to_json: Callable[[Any], Any], step: Callable[[Any], str] | None = None,
                 apply: Callable[[Any, Any], None] | None = None) -> Replay:
    """Applies ``moves`` (read from ``listed``, the record's move objects) to ``state``.

    A move naming its ``player`` must be that seat's (``seat(state)``, 0-based); ``when(state)``
    says where in the game a move comes (``"round 3"``, ``"turn 12"``). The first illegal move
    stops the replay: ``error`` names it (number from 1, where, who, the move) and the rule the
    engine gave. With ``step``, ``steps`` gets a line per move applied, ending with
    ``step(state)`` (what the move changed). ``apply(state, move)`` plays one move (default:
    ``state.apply``).
    """
    result = Replay(state, 0)
    play = apply or (lambda st, mv: st.apply(mv))
    for i, move in enumerate(moves):
        player = listed[i].get("player")
        where = f"move {i + 1} ({when(state)}, player {seat(state) + 1})"
        try:
            if player is not None and player != seat(state) + 1:
                raise RuleError(f"it is player {seat(state) + 1}'s turn, not player {player}'s")
            play(state, move)
        except RuleError as exc:
            result.applied = i
            result.error = f"{source}: {where} {json.dumps(to_json(move))}: {exc.message}"
            return result
        result.applied = i + 1
        if step is not None:
            result.steps.append(f"{where} {json.dumps(to_json(move))}: {step(state)}")
    return result


def record_report(result: Replay, source: str) -> Report:
    """``tombgen validate`` of a replayed record: every move must be legal."""
    report = Report(source)
    if result.error:
        report.add("illegal-move", result.error, f"moves[{result.applied}]")
    return report


def _cut(text: str, limit: int = 80) -> str:
    from generator.core.inputs import printable

    text = printable(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- writing the records of a run ---------------------------------------------------------------

class RecordFolder:
    """Where ``simulate --record DIR`` writes: checked when made (before any game is played);
    once every game is over :meth:`stage` writes the records under temporary names and checks
    every final name, :meth:`commit` publishes them all (after the simulation's own file), and
    :meth:`abort` leaves nothing behind, not even the folder if the run made it."""

    FLAG = "--record"

    def __init__(self, folder: str | Path, game: str, force: bool = False):
        from generator.core.output import check_dir

        self.folder, self.game, self.force = Path(folder), game, force
        self.count = 0
        self._staging: Any = None
        self._made = False
        check_dir(folder, flag=self.FLAG)

    def name(self, seed: int, number: int, differs: str = "") -> str:
        """``<game>-record-<seed>[-<what differs>]-<n>.json``."""
        from generator.core.output import file_name

        return file_name(self.game, "record", seed, "json", number, differs)

    def stage(self, seed: int, texts: Sequence[str], differs: str = "") -> None:
        """Writes record ``i`` of the run (from 1) under a temporary name for :meth:`name`;
        a final name holding other content (without ``--force``) is refused now, before any
        file of the run is published."""
        from generator.core.output import Staging, prepare_dir

        self._made = not self.folder.exists()
        folder = prepare_dir(self.folder, flag=self.FLAG)
        staging = Staging(folder, self.force)
        self._staging = staging
        try:
            for i, text in enumerate(texts):
                staging.add(self.name(seed, i + 1, differs), text)
            staging.check()
        except BaseException:
            self.abort()
            raise
        self.count = len(texts)

    def commit(self) -> int:
        """Publishes the staged records; returns how many there are."""
        if self._staging is not None:
            self._staging.commit()
            self._staging = None
        return self.count

    def abort(self) -> None:
        """Removes the staged records (and the folder, when the run made it and it is empty)."""
        if self._staging is not None:
            self._staging.abort()
            self._staging = None
        if self._made:
            try:
                self.folder.rmdir()
            except OSError:
                pass
            self._made = False
