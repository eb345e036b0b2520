"""Game records: a game written as JSON (map, dice, moves) and replayed move by move.

    {"format": "tombgen/realms.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "map": "map-1",                      a shipped map's name, or a map object (JSON map fields),
                                          or a list of those, one per player (the beginner
                                          handicap: an advanced map and Map 1)
     "players": 1, "start": "normal",     start: normal | easy | kids
     "dice": {"seed": 7},                 or {"rolls": [[5, 5], ...], "extra": [[4, 2], ...]}
     "moves": [{"do": "place", ...}, ...],   see rules_moves; "player" (1-based) is optional
     "result": {...}}                     written by simulate; ignored when replaying

Replaying stops at the first illegal move and says which and why.
"""

from __future__ import annotations

from typing import Any

from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.records import Replay, record_report, replay_moves
from generator.core.report import Report
from generator.games.realms.model import Map, map_from_fields, map_to_fields
from generator.games.realms.rules import ListedDice, SeededDice, State
from generator.games.realms.rules_moves import move_from_json, move_to_json

RECORD_KEYS = ("map", "players", "start", "dice", "moves")


def map_ref(name_or_path: str, m: Map) -> Any:
    """How a record names its map: the shipped name, or the whole map for a file."""
    from generator.games.realms.mapfile import builtin_maps

    return name_or_path if name_or_path in builtin_maps() else map_to_fields(m)


def record_doc(state: State, ref: Any, seed: int | None) -> dict[str, Any]:
    """The record of a game (finished or not), with its result so far."""
    many = state.players > 1
    moves = []
    for player, move in state.history:
        obj = move_to_json(move)
        if many:
            obj["player"] = player + 1
        moves.append(obj)
    fields = {"map": ref, "players": state.players, "start": state.start,
              "dice": state.dice.to_json(), "moves": moves}
    result = {"scores": [int(v) for v in state.scores()], "over": state.is_over()}
    return envelope("realms", "record", seed, fields, {"result": result})


def _record_map(ref: Any, source: str) -> Map | list[Map]:
    """The map of a record, or its list of maps (one per player)."""
    if isinstance(ref, list):
        return [document_map(r, f"{source} [map[{i}]]") for i, r in enumerate(ref)]
    return document_map(ref, f"{source} [map]")


def document_map(ref: Any, place: str) -> Map:
    """The map a document names at ``place``: a shipped map's name, or a map object
    (validated)."""
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.rules_map import validate_map

    if isinstance(ref, str):
        return load_map(ref)
    if not isinstance(ref, dict):
        raise InputError(f"{place}: expected a map name, a map object, or a list of them (one "
                         "per player)")
    m = map_from_fields(ref, place)
    report = validate_map(m)
    if not report.ok:
        raise RuleError(f"{place}: the map is not valid\n{report.text()}", report)
    return m


def _dice(doc: dict, players: int, source: str):
    dice = doc["dice"]
    if isinstance(dice, dict) and set(dice) == {"seed"} and isinstance(dice["seed"], int):
        return SeededDice(dice["seed"], players)
    if isinstance(dice, dict) and "rolls" in dice and set(dice) <= {"rolls", "extra"}:
        rolls, extra = dice["rolls"], dice.get("extra", [])
        ok = isinstance(rolls, list) and all(isinstance(r, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in r) for r in rolls)
        ok = ok and isinstance(extra, list) and all(isinstance(r, list) for r in extra)
        if ok:
            return ListedDice(rolls, extra, players)
    raise InputError(f"{source} [dice]: expected {{\"seed\": N}} or "
                     "{\"rolls\": [[a, b], ...], \"extra\": [[...], ...]}")


def replay(doc: Any, source: str) -> Replay:
    """Replays a record; malformed records raise InputError (exit 2)."""
    from generator.core.envelope import check_envelope

    check_envelope(doc, source, "tombgen/realms.record")
    missing = [k for k in RECORD_KEYS if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)}")
    players = doc["players"]
    if not is_whole(players) or players < 1:
        raise InputError(f"{source} [players]: expected a whole number of at least 1")
    if not isinstance(doc["moves"], list):
        raise InputError(f"{source} [moves]: expected a list of moves")
    moves = [move_from_json(obj, f"{source} [moves[{i}]]") for i, obj in enumerate(doc["moves"])]
    state = State(_record_map(doc["map"], source), _dice(doc, players, source), players,
                  str(doc["start"]))
    return replay_moves(state, moves, doc["moves"], source, lambda s: s.current_player(),
                        lambda s: f"round {s.round}", move_to_json)


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: every move must be legal."""
    return record_report(replay(doc, source), source)
