"""Game records: a game written as JSON (map, dice, moves) and replayed move by move.

    {"format": "tombgen/realms.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "map": "map-1",                      a shipped map's name, or a map object (JSON map fields),
                                          or a list of those, one per player (the beginner
                                          handicap: an advanced map and Map 1)
     "players": 1, "start": "normal",     start: normal | easy | kids
     "dice": {"seed": 7},                 or {"rolls": [[5, 5], ...], "extra": [[4, 2], ...]}
     "moves": [{"do": "place", ...}, ...],   see rules.moves; "player" (1-based) is optional
     "result": {...}}                     written by simulate; ignored when replaying

``format`` and ``version`` may be left out of a record written by hand. Every count is bounded
before anything is built (players 1 to ``[sheet] max_players``, one map per player, a roll per
round, the moves): a record beyond one is refused at once (exit 2). Replaying stops at the
first illegal move and says which and why.
"""

from __future__ import annotations

from typing import Any

from generator.core import records as rec
from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.limits import input_limit
from generator.core.report import Report
from generator.games.realms.model import Map, map_from_fields, map_to_fields
from generator.games.realms.rules import ListedDice, SeededDice, State
from generator.games.realms.rules.moves import move_from_json, move_to_json

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
        obj = move_to_json(move)  # type: ignore[arg-type]  # the history holds only moves
        if many:
            obj["player"] = player + 1
        moves.append(obj)
    fields = {"map": ref, "players": state.players, "start": state.start,
              "dice": state.dice.to_json(), "moves": moves}
    result = {"scores": [int(v) for v in state.scores()], "over": state.is_over()}
    return envelope("realms", "record", seed, fields, {"result": result})


def _record_map(ref: Any, source: str, players: int) -> Map | list[Map]:
    """The map of a record, or its list of maps (one per player)."""
    if isinstance(ref, list):
        maps = rec.sized_list(ref, f"{source} [map]", players, players, "maps (one per player)")
        return [document_map(r, f"{source} [map[{i}]]") for i, r in enumerate(maps)]
    return document_map(ref, f"{source} [map]")


def document_map(ref: Any, place: str) -> Map:
    """The map a document names at ``place``: a shipped map's name, or a map object
    (validated)."""
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.rules.map import validate_map

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
    from generator.games.realms.rules.constants import RULES

    dice = doc["dice"]
    place = f"{source} [dice]"
    if isinstance(dice, dict) and set(dice) == {"seed"}:
        return SeededDice(rec.whole_in(dice["seed"], f"{place} [seed]", 0, 2 ** 63, "a seed"),
                          players)
    if isinstance(dice, dict) and "rolls" in dice and set(dice) <= {"rolls", "extra"}:
        rolls = rec.sized_list(dice["rolls"], f"{place} [rolls]", 0, RULES.rounds,
                           "rolls (one per round)")
        for i, roll in enumerate(rolls):
            _die_list(roll, f"{place} [rolls[{i}]]", RULES.dice_rolled, RULES.dice_rolled)
        extra = rec.sized_list(dice.get("extra", []), f"{place} [extra]", 0, players,
                           "lists of extra dice (one per player)")
        for i, dice_of in enumerate(extra):
            _die_list(dice_of, f"{place} [extra[{i}]]", 0, input_limit("record_moves"))
        return ListedDice(rolls, extra, players)
    raise InputError(f"{place}: expected {{\"seed\": N}} or "
                     "{\"rolls\": [[a, b], ...], \"extra\": [[...], ...]}")


def _die_list(value: Any, place: str, low: int, high: int) -> list:
    from generator.games.realms.rules.constants import RULES

    dice = rec.sized_list(value, place, low, high, "dice")
    if not all(is_whole(d) and 1 <= d <= RULES.faces for d in dice):
        raise InputError(f"{place}: expected dice, each a whole number from 1 to {RULES.faces}")
    return dice


def replay(doc: Any, source: str, step: bool = False) -> rec.Replay:
    """Replays a record; malformed records raise InputError (exit 2)."""
    from generator.games.realms.model import data
    from generator.games.realms.rules.constants import RULES

    rec.record_fields(doc, source, "realms", RECORD_KEYS)
    players = rec.whole_in(doc["players"], f"{source} [players]", 1, data()["sheet"]["max_players"],
                       "a number of players")
    if doc["start"] not in RULES.start:
        raise InputError(f"{source} [start]: expected one of {', '.join(RULES.start)}")
    listed = rec.move_list(doc, source)
    for i, obj in enumerate(listed):
        rec.player_of(obj, f"{source} [moves[{i}]]", players)
    dice = _dice(doc, players, source)
    moves = [move_from_json(obj, f"{source} [moves[{i}]]") for i, obj in enumerate(listed)]
    state = State(_record_map(doc["map"], source, players), dice, players, doc["start"])
    return rec.replay_moves(state, moves, listed, source, lambda s: s.current_player(),
                        lambda s: f"round {s.round}", move_to_json, status if step else None)


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: every move must be legal."""
    return rec.record_report(replay(doc, source), source)


# ---- text ---------------------------------------------------------------------------------------

def status(state: State) -> str:
    """One line after a move: each player's score so far and the round."""
    scores = ", ".join(f"P{p + 1} {int(v)}" for p, v in enumerate(state.scores()))
    if state.is_over():
        return f"score {scores}; game over"
    return f"score {scores}; round {state.round}, player {state.current_player() + 1} to play"


def position_text(state: State) -> str:
    """Every player's sheet as text (map, dice, tile table, backpack, score lines)."""
    from generator.games.realms.sheet_text import sheet_text

    out = []
    for p, sheet in enumerate(state.sheets):
        if state.players > 1:
            out.append(f"player {p + 1}:")
        out.append(sheet_text(sheet, final=state.is_over()))
    return "\n".join(out)


def result_text(state: State) -> str:
    if not state.is_over():
        return f"(the record stops in round {state.round}; the game is not finished)"
    scores = [int(v) for v in state.scores()]
    if state.players == 1:
        return f"final score: {scores[0]}"
    places = ", ".join(f"player {p + 1}: {place}" for p, place in enumerate(state.places()))
    return f"scores: {', '.join(map(str, scores))}; places: {places}"
