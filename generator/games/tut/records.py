"""Tutankhamen game records: the trail and every decision of one game, replayed on the engine.

    {"format": "tombgen/tut.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "variant": "en", "players": 3,                  en or fr; 2-6 players
     "tiles": ["horus-red", ..., "mask-blue"],       the 69 trail tiles from the start (as a
                                                      tut trail JSON lists them)
     "moves": [{"player": 1, "do": "move", "to": 5}, ...],
     "result": {"winners": [2], "ended": "coins-out", "coins": [3, 0, 5], "turns": 41,
                "over": true}}

Moves (``player``, from 1, is optional and checked):

    move     {"do": "move", "to": 5}            to the tile numbered 5 on the trail (1-69, as
                                                the sheet numbers them), or "pyramid" (King Tut,
                                                English; the end of the trail, French)
    buy      {"do": "buy", "from": 2, "set": "horus-red"}   a Bag of Gold buying (English) or
                                                taking (French) a tile of that set from player 2
    decline  {"do": "decline"}                  leave the Bag of Gold unused
    wild     {"do": "wild", "pharaohs": 1, "king": false}   while a set is scored: add Pharaoh
                                                tiles (French: masks) and King Tut
                                                (Toutankhamon)
    pass     {"do": "pass"}                     add nothing to the set being scored

``format`` and ``version`` may be left out of a record written by hand. ``result`` is written by
``tut simulate --record`` and never read back. Replaying stops at the first illegal move and says
which and why.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.core import records as rec
from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.records import Key
from generator.core.report import Report
from generator.games.tut.model import VARIANTS, catalog, data, facts, names, trail_tiles
from generator.games.tut.rules import (
    DECLINE,
    END,
    MOVES,
    PASS,
    WAITING,
    WILDS,
    Buy,
    Move,
    State,
    Wild,
)

KEYS = ("variant", "players", "tiles", "moves")
PYRAMID = "pyramid"


def _to(value: Any, place: str, players: Any = None) -> int:
    if value == PYRAMID:
        return END
    return rec.whole_in(value, place, 1, END, 'a trail tile number (or "pyramid")') - 1


def _seller(value: Any, place: str, players: Any) -> int:
    return rec.whole_in(value, place, 1, players, "a player number") - 1


def _set(value: Any, place: str, players: Any = None) -> int:
    codes = catalog().codes
    if value not in codes:
        raise InputError(f"{place}: expected a tile code such as horus-red "
                         f"(one of {', '.join(codes)})")
    return codes.index(value)


def _set_code(index: int, ctx: Any = None) -> Any:
    codes = catalog().codes
    return codes[index] if 0 <= index < len(codes) else index


def _pharaohs(value: Any, place: str, players: Any = None) -> int:
    return rec.whole_in(value, place, 0, facts().pharaohs, "a number of wild tiles")


#: the move objects (see the module doc); a reader's context is the number of players
CODEC = rec.MoveCodec("Tutankhamen", (
    rec.Kind("move", lambda to: MOVES[to], (Key("to", _to, lambda to, ctx: PYRAMID if to == END
                                             else to + 1),), type=Move),
    rec.Kind("buy", Buy, (Key("from", _seller, lambda seller, ctx: seller + 1, "seller"),
                          Key("set", _set, _set_code))),
    rec.Kind("decline", move=DECLINE),
    rec.Kind("wild", lambda pharaohs, king: WILDS[pharaohs, king],
             (Key("pharaohs", _pharaohs), Key("king", rec.boolean)), type=Wild),
    rec.Kind("pass", move=PASS),
))


def move_to_json(move) -> dict[str, Any]:
    """A move as a record's move object."""
    return CODEC.to_json(move)


def move_from_json(obj: dict, place: str, players: int):
    """A move from a record's move object; a malformed one is an InputError naming ``place``."""
    return CODEC.from_json(obj, place, players, players)


def record_doc(state: State, seed: int | None, tiles: list[str]) -> dict[str, Any]:
    """The record of a game played with ``state.history`` on (a list); ``tiles`` are the
    trail's codes."""
    moves = [{"player": player + 1, **move_to_json(move)} for player, move in state.history or ()]
    fields = {"variant": state.r.variant, "players": state.n, "tiles": list(tiles),
              "moves": moves}
    return envelope("tut", "record", seed, fields, {"result": result_fields(state)})


def result_fields(state: State) -> dict[str, Any]:
    return {"winners": [p + 1 for p in state.winners], "ended": state.ended or None,
            "coins": list(state.coins), "turns": state.turns, "over": state.is_over()}


def start_state(doc: Any, source: str) -> State:
    """The game at the start of a record (its header checked); malformed → InputError, a trail
    that is not the game's 69 tiles → RuleError."""
    rec.record_fields(doc, source, "tut", KEYS)
    variant = doc["variant"]
    if variant not in VARIANTS:
        raise InputError(f"{source} [variant]: expected one of {', '.join(VARIANTS)}")
    trail = data()["trail"]
    players = rec.whole_in(doc["players"], f"{source} [players]", trail["min_players"],
                       trail["max_players"], "a number of players")
    tiles = rec.sized_list(doc["tiles"], f"{source} [tiles]", trail["length"], trail["length"],
                       "tile codes")
    codes = catalog().codes
    for i, code in enumerate(tiles):
        if not isinstance(code, str) or code not in codes:
            raise InputError(f"{source} [tiles[{i}]]: expected a tile code such as horus-red")
    wrong = Counter(tiles)
    wrong.subtract(Counter(trail_tiles()))
    if any(wrong.values()):
        diff = ", ".join(f"{n:+d} {code}" for code, n in sorted(wrong.items()) if n)
        raise RuleError(f"{source} [tiles]: not the game's {trail['length']} trail tiles "
                        f"({diff})")
    return State.from_codes(tiles, players, variant)


def replay(doc: Any, source: str, step: bool = False) -> rec.Replay:
    """Replays a record; a malformed record raises InputError (exit 2), a trail that is not the
    game's RuleError (exit 1); an illegal move stops the replay with its reason in ``error``."""
    state = start_state(doc, source)
    listed = rec.move_list(doc, source)
    moves = [move_from_json(obj, f"{source} [moves[{i}]]", state.n)
             for i, obj in enumerate(listed)]
    return rec.replay_moves(state, moves, listed, source, lambda s: s.actor, _when, move_to_json,
                        status if step else None)


def _when(state: State) -> str:
    return f"turn {state.turns + (state.phase == 0)}"


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: the game's trail and every move legal."""
    return rec.record_report(replay(doc, source), source)


# ---- text ---------------------------------------------------------------------------------------

def status(state: State) -> str:
    """One line after a move: coins (French: track values) and who is to decide."""
    unit = "coins" if state.r.king_on_trail else "to go"
    coins = " ".join(f"P{p + 1} {c}" for p, c in enumerate(state.coins))
    if state.is_over():
        return f"{unit}: {coins}; game over"
    return f"{unit}: {coins}; player {state.actor + 1} to {WAITING[state.phase]}"


def position_text(state: State) -> str:
    """The position reached: each player's token, coins and tiles, and the trail left."""
    cat, edition = catalog(), names(state.r.variant)   # the engine's words for the pieces
    lines = [f"{state.r.name}, {state.n} players, after {state.turns} turns"]
    for p in range(state.n):
        where = ("not moved yet" if state.pos[p] < 0 else "at the pyramid"
                 if state.pos[p] == END else f"on {state.pos[p] + 1}")
        held = [f"{cat.codes[s]} {n}" for s, n in enumerate(state.hold[p]) if n]
        if state.wild[p]:
            held.append(f"{edition['pharaoh']} {state.wild[p]}")
        if state.king == p:
            held.append(edition["king-tut"])
        left = "coins" if state.r.king_on_trail else "to go"
        lines.append(f"  player {p + 1}: {state.coins[p]} {left}, token {where}; holds "
                     + (", ".join(held) or "nothing"))
    trail = [f"{i + 1} {cat.codes[state.tiles[i]]}" for i in state.trail if i < END]
    lines.append(f"  trail: {len(trail)} tiles left" + (": " + ", ".join(trail[:12]) +
                                                       (", …" if len(trail) > 12 else "")
                                                       if trail else ""))
    return "\n".join(lines)


def result_text(state: State) -> str:
    """Who won and how, or where the record stops."""
    if not state.is_over():
        return (f"(the record stops in turn {state.turns + 1}, player {state.actor + 1} to "
                f"{WAITING[state.phase]}; the game is not finished)")
    who = " and ".join(f"player {p + 1}" for p in state.winners)
    how = {"coins-out": "paid out first", "trail-empty": "fewest left when the trail ran out",
           "all-at-end": "fewest left when every token reached the end"}[state.ended]
    return f"winner: {who} ({how}, after {state.turns} turns)"
