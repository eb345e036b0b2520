"""Tutan Tumba game records: a game written as JSON (board, dice seed, moves) and replayed move
by move.

    {"format": "tombgen/tumba.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "mode": "advanced", "players": 4, "target": 8,
     "lines": {"1": 2, ..., "9": "passage", ...},    the board at the start (as in a setup)
     "dice": {"seed": 123456789},                     every throw comes from this seed
     "moves": [{"player": 1, "do": "place", "lines": [2, 8]}, ...],
     "result": {"winner": 2, "tomb": [5, 8, 3, 4], "turns": 41, "over": true}}

Moves are the decisions players make; the dice are thrown by the game from ``dice.seed``, so
throws are not moves (``{"do": "roll"}`` is there only where rolling was a choice, as against
Seth's Trick). ``player`` (from 1) is optional and checked when given. Move objects:

    roll, pass, seth, golden                     {"do": NAME}
    place        {"do": "place", "lines": [2, 8]}
    maat, osiris {"do": "maat", "line": 9}
    golden-remove {"do": "golden-remove", "from": 2, "line": 0, "depth": 0}  (line 0: the tomb)
    anubis       {"do": "anubis", "pair": 6}
    strike       {"do": "strike", "line": 3, "depth": 2}
    reroll       {"do": "reroll", "die": 5}
    seth-move    {"do": "seth-move", "from": 6, "end": "outer", "to": 10}
    wrath        {"do": "wrath", "shift": 1, "crossed": false}
    jump         {"do": "jump", "line": 5, "depth": 2, "dx": -1, "dy": 0}

``result`` is written by ``tumba simulate --record`` and ignored when replaying. Replaying stops
at the first illegal move and says which and why.
"""

from __future__ import annotations

from typing import Any

from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.records import Replay, record_report, replay_moves
from generator.core.report import Report
from generator.games.tumba.model import MODES, check_target, lines_to_json, parse_lines
from generator.games.tumba.moves import (
    GOLDEN, PASS, ROLL, SETH, Anubis, GoldenRemove, Jump, Maat, Osiris, Place, Reroll, SethMove,
    Strike, Wrath,
)

FORMAT = "tombgen/tumba.record"
RECORD_KEYS = ("mode", "players", "lines", "dice", "moves")
_SIMPLE = {"roll": ROLL, "pass": PASS, "seth": SETH, "golden": GOLDEN}
# Per move kind: the move type and its fields as (JSON key, attribute, kind of value).
_FIELDS = {
    "place": (Place, (("lines", "lines", "lines"),)),
    "maat": (Maat, (("line", "line", int),)),
    "osiris": (Osiris, (("line", "line", int),)),
    "golden-remove": (GoldenRemove, (("from", "player", "player"), ("line", "line", int),
                                     ("depth", "depth", int))),
    "anubis": (Anubis, (("pair", "pair", int),)),
    "strike": (Strike, (("line", "line", int), ("depth", "depth", int))),
    "reroll": (Reroll, (("die", "value", int),)),
    "seth-move": (SethMove, (("from", "source", int), ("end", "end", ("tomb", "outer")),
                             ("to", "target", int))),
    "wrath": (Wrath, (("shift", "shift", (1, -1)), ("crossed", "crossed", bool))),
    "jump": (Jump, (("line", "line", int), ("depth", "depth", int), ("dx", "dx", (-1, 0, 1)),
                    ("dy", "dy", (-1, 0, 1)))),
}
_NAMES = {**{type(m): k for k, m in _SIMPLE.items()}, **{t: k for k, (t, _) in _FIELDS.items()}}


def move_to_json(move) -> dict[str, Any]:
    """A move as a record's move object (players counted from 1)."""
    name = _NAMES[type(move)]
    obj: dict[str, Any] = {"do": name}
    for key, attr, kind in _FIELDS.get(name, (None, ()))[1]:
        value = getattr(move, attr)
        obj[key] = (list(value) if kind == "lines" else value + 1 if kind == "player"
                    else value)
    return obj


def move_from_json(obj: Any, place: str):
    """A move from a record's move object; a malformed one is an InputError naming ``place``."""
    if not isinstance(obj, dict) or obj.get("do") not in (*_SIMPLE, *_FIELDS):
        raise InputError(f"{place}: expected an object with \"do\" one of "
                         + ", ".join((*_SIMPLE, *_FIELDS)))
    name = obj["do"]
    if name in _SIMPLE:
        _only(obj, {"do", "player"}, place)
        return _SIMPLE[name]
    kind_type, fields = _FIELDS[name]
    _only(obj, {"do", "player", *(key for key, _, _ in fields)}, place)
    values = {}
    for key, attr, kind in fields:
        if key not in obj:
            raise InputError(f"{place}: a {name} move needs \"{key}\"")
        values[attr] = _value(obj[key], kind, f"{place} [{key}]")
    return kind_type(**values)


def _only(obj: dict, allowed: set[str], place: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise InputError(f"{place}: unknown key(s) {', '.join(extra)}; a {obj['do']} move has "
                         + ", ".join(sorted(allowed)))


def _value(value: Any, kind, place: str):
    if kind == "lines":
        if (not isinstance(value, list) or not 1 <= len(value) <= 3
                or not all(is_whole(v) for v in value)):
            raise InputError(f"{place}: expected a list of 1 to 3 line numbers")
        return tuple(sorted(value))
    if kind == "player":
        if not is_whole(value) or value < 1:
            raise InputError(f"{place}: expected a player number from 1")
        return value - 1
    if isinstance(kind, tuple):
        if isinstance(value, bool) or value not in kind:
            raise InputError(f"{place}: expected one of {', '.join(map(str, kind))}")
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise InputError(f"{place}: expected true or false")
        return value
    if not is_whole(value):
        raise InputError(f"{place}: expected a whole number")
    return value


def record_doc(state, seed: int | None) -> dict[str, Any]:
    """The record of a game played with ``state.history`` switched on (a list)."""
    moves = []
    for player, move in state.history:
        obj = move_to_json(move)
        moves.append({"player": player + 1, **obj})
    fields = {"mode": state.mode, "players": state.players, "target": state.target,
              "lines": lines_to_json(state.start_layout), "dice": {"seed": state.dice_seed},
              "moves": moves}
    result = {"winner": state.winner + 1 if state.winner >= 0 else None,
              "tomb": list(state.tomb), "turns": state.turn, "over": state.is_over()}
    return envelope("tumba", "record", seed, fields, {"result": result})


def _check_header(doc: Any, source: str) -> tuple[str, int, int | None, int]:
    from generator.core.envelope import check_envelope

    check_envelope(doc, source, FORMAT)
    missing = [k for k in RECORD_KEYS if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)}")
    if doc["mode"] not in MODES:
        raise InputError(f"{source} [mode]: {doc['mode']!r}; use standard or advanced")
    players, target = doc["players"], doc.get("target")
    if not is_whole(players):
        raise InputError(f"{source} [players]: expected a whole number of players")
    if target is not None and not is_whole(target):
        raise InputError(f"{source} [target]: expected a whole number of mummies")
    try:
        check_target(target, doc["mode"], "target")
    except InputError as exc:
        raise InputError(f"{source} [target]: {exc.message}") from None
    dice = doc["dice"]
    if not (isinstance(dice, dict) and set(dice) == {"seed"} and is_whole(dice["seed"])
            and dice["seed"] >= 0):
        raise InputError(f"{source} [dice]: expected {{\"seed\": N}} with N a whole number ≥ 0")
    if not isinstance(doc["moves"], list):
        raise InputError(f"{source} [moves]: expected a list of moves")
    return doc["mode"], players, target, dice["seed"]


def replay(doc: Any, source: str) -> Replay:
    """Replays a record; a malformed record raises InputError (exit 2), a setup breaking a rule
    RuleError (exit 1); an illegal move stops the replay with its reason in ``error``."""
    from generator.games.tumba.model import Setup
    from generator.games.tumba.rules import State
    from generator.games.tumba.rules_setup import validate_setup

    mode, players, target, dice_seed = _check_header(doc, source)
    layout = parse_lines(doc["lines"], source)
    report = validate_setup(Setup(mode, players, layout))
    if not report.ok:
        report.subject = source
        raise RuleError(f"{source}: the board is not a {mode} setup\n{report.text()}", report)
    moves = [move_from_json(obj, f"{source} [moves[{i}]]") for i, obj in enumerate(doc["moves"])]
    state = State(players, layout, mode, target, seed=dice_seed)
    return replay_moves(state, moves, doc["moves"], source, lambda s: s.current,
                        lambda s: f"turn {s.turn}", move_to_json)


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: a valid board and every move legal."""
    return record_report(replay(doc, source), source)
