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
        raise InputError(f"{place}: {_shown(value)} is not {what or 'a whole number'} from {low} to "
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


def move_kind(obj: dict, place: str, fields: dict[str, set[str]],
              optional: dict[str, set[str]] | None = None) -> str:
    """The kind (``do``) of a record's move object, checked against ``fields`` (kind → the keys
    it needs; ``do`` and ``player`` are always allowed, and ``optional``'s keys of that kind): an
    unknown kind, an unknown key or a missing one is an InputError naming ``place``."""
    kind = obj.get("do")
    if not isinstance(kind, str) or kind not in fields:
        raise InputError(f"{place} [do]: expected one of {', '.join(fields)}")
    may = (optional or {}).get(kind, set())
    extra = sorted(set(obj) - fields[kind] - may - {"do", "player"})
    if extra:
        raise InputError(f"{place} [{_cut(extra[0])}]: unknown key; a {kind} move has "
                         + ", ".join(["do", "player", *sorted(fields[kind] | may)]))
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


# ---- move objects: one table per game, read and written by one codec ---------------------------

#: reads a key's JSON value at ``place`` (with the codec's context: a game's state, or None)
Reader = Callable[[Any, str, Any], Any]
#: writes a move's attribute as the key's JSON value (with the same context)
Writer = Callable[[Any, Any], Any]


def _same(value: Any, ctx: Any = None) -> Any:
    return value


@dataclass(frozen=True)
class Key:
    """One key of a move object: ``name`` in the JSON, ``attr`` the move's attribute (the name
    when left empty); ``read`` turns the JSON value into the attribute (an InputError naming the
    place when it is malformed) and ``write`` the attribute into the JSON value; an ``optional``
    key may be left out (the move's default then)."""

    name: str
    read: Reader
    write: Writer = _same
    attr: str = ""
    optional: bool = False


@dataclass(frozen=True)
class Kind:
    """One kind of move object (its ``do``): ``make`` builds the move from its keys'
    attributes (the move's type, or a function when the move is built otherwise, then ``type``
    says which moves the kind writes); a kind that stands for one ``move`` has no keys."""

    do: str
    make: Callable[..., Any] | None = None
    keys: tuple[Key, ...] = ()
    type: type | None = None
    move: Any = None


class MoveCodec:
    """A game's move objects (``{"do": KIND, key: value, ...}``) both ways, from its table of
    kinds: :meth:`from_json` checks the kind and the keys (:func:`move_kind`), the player when
    the table's size is given (:func:`player_of`), and reads each key; :meth:`to_json` writes
    every key of the move's kind, in the table's order. Moves are hashable (frozen
    dataclasses): a kind standing for one move is found by the move itself."""

    def __init__(self, game: str, kinds: Sequence[Kind]):
        self.game = game
        self.kinds = {k.do: k for k in kinds}
        self.fields = {k.do: {key.name for key in k.keys if not key.optional} for k in kinds}
        self.optional = {k.do: {key.name for key in k.keys if key.optional} for k in kinds}
        self._single = {k.move: k for k in kinds if k.move is not None}
        self._typed = {k.type or k.make: k for k in kinds if k.move is None}

    def to_json(self, move: Any, ctx: Any = None) -> dict[str, Any]:
        """The move object of ``move``."""
        kind = self._single.get(move) or self._typed.get(type(move))
        if kind is None:
            raise TypeError(f"not a {self.game} move: {move!r}")
        obj: dict[str, Any] = {"do": kind.do}
        for key in kind.keys:
            obj[key.name] = key.write(getattr(move, key.attr or key.name), ctx)
        return obj

    def from_json(self, obj: Any, place: str, players: int | None = None,
                  ctx: Any = None) -> Any:
        """The move of a move object; a malformed one is an InputError naming ``place`` (a move
        the rules refuse is left to the engine, which says why)."""
        if not isinstance(obj, dict):
            raise InputError(f"{place}: expected a move object {{\"do\": ...}}")
        kind = self.kinds[move_kind(obj, place, self.fields, self.optional)]
        if players is not None:
            player_of(obj, place, players)
        if kind.move is not None:
            return kind.move
        assert kind.make is not None
        return kind.make(**{key.attr or key.name: key.read(obj[key.name],
                                                           f"{place} [{key.name}]", ctx)
                            for key in kind.keys if key.name in obj})


def integer(value: Any, place: str, ctx: Any = None) -> int:
    """A whole number (the engine judges its range)."""
    if not is_whole(value):
        raise InputError(f"{place}: expected a whole number, got {_shown(value)}")
    return value


def text(value: Any, place: str, ctx: Any = None) -> str:
    """A string."""
    if not isinstance(value, str):
        raise InputError(f"{place}: expected a string, got {_shown(value)}")
    return value


def boolean(value: Any, place: str, ctx: Any = None) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise InputError(f"{place}: expected true or false, got {_shown(value)}")
    return value


def one_of(*values: Any) -> Reader:
    """A reader of one of ``values`` (true and false are not 1 and 0)."""
    def read(value: Any, place: str, ctx: Any = None) -> Any:
        if isinstance(value, bool) or value not in values:
            raise InputError(f"{place}: expected one of {', '.join(map(str, values))}, got "
                             f"{_shown(value)}")
        return value
    return read


def from_one(name: str, attr: str = "", what: str = "a player number") -> Key:
    """A key counted from 1 in the JSON (a player, from 1) for an attribute counted from 0."""
    def read(value: Any, place: str, ctx: Any = None) -> int:
        if not is_whole(value) or value < 1:
            raise InputError(f"{place}: expected {what} from 1, got {_shown(value)}")
        return value - 1
    return Key(name, read, lambda value, ctx: value + 1, attr)


def mapped(name: str, table: dict[str, Any], attr: str = "") -> Key:
    """A key whose JSON value is one of ``table``'s names, for the attribute each stands for
    (written back by its name)."""
    read_name, names = one_of(*table), {v: k for k, v in table.items()}

    def read(value: Any, place: str, ctx: Any = None) -> Any:
        return table[read_name(value, place, ctx)]
    return Key(name, read, lambda value, ctx: names[value], attr)


def _shown(value: Any) -> str:
    return _cut(json.dumps(value)) if not isinstance(value, str) else _cut(repr(value))


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
