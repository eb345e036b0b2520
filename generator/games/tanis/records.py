"""Tanis game records: the dig, the tiles in it and every step of one game, replayed on the engine.

    {"format": "tombgen/tanis.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "dig": {"box": [5, 4], "layers": [[{"x": 0, "y": 0, "w": 1, "h": 2}, ...], ...]},
                                            the dig, as a tanis dig JSON gives it (surface first)
     "tiles": {"1": ["snake-4", "ankh-10", ...], "2": [...], "3": [...], "4": [...]},
                                            what each tile is, layer by layer, in the sheet's
                                            numbering (tile 1, 2, ... of the layer)
     "first": 1,                            the player who takes the first turn (1 or 2)
     "moves": [{"player": 1, "do": "take", "tile": [1, 3]}, ...],
     "result": {"scores": [20, 19], "winner": 1, "over": true}}

A tile is named ``[layer, number]`` as the dig sheet numbers it. Moves (``player``, from 1, is
optional and checked):

    take      {"do": "take", "tile": [1, 3]}          take a completely visible tile
    explore   {"do": "explore", "tile": [1, 3], "dx": 1, "dy": 0}
                                                      Explorer: slide the tile by dx or dy units
                                                      (one of them 0; multiples of 0.5), to any
                                                      stop along that line; more explore moves
                                                      of the same tile go on the same way, then
                                                      a take ends the turn
    excavate  {"do": "excavate", "tile": [2, 4]}      Excavator: remove the tile, then take one
    expert    {"do": "expert"}                        Expert: two takes of different types follow

``format`` and ``version`` may be left out of a record written by hand. ``result`` is written by
``tanis simulate --record`` and never read back. Replaying stops at the first illegal move and
says which and why.
"""

from __future__ import annotations

from typing import Any

from generator.core import records as rec
from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.records import Key
from generator.core.report import Report
from generator.games.tanis.model import CARDS, all_codes, data, facts, tile_code, tile_name, types
from generator.games.tanis.rules import (
    EXPERT_MOVE,
    Excavate,
    Explore,
    State,
    Take,
)
from generator.games.tanis.rules_board import PHASES
from generator.games.tanis.rules_scoring import TIE_RULE

KEYS = ("dig", "tiles", "first", "moves")


# ---- tiles and moves ----------------------------------------------------------------------------

def tile_ref(state: State, slot: int) -> list[int]:
    """``[layer, number]`` of a slot, as the dig sheet numbers it."""
    b = state.board
    return [b.level[slot] + 1, b.number[slot]]


def slot_of(state: State, ref: Any, place: str) -> int:
    """The slot of ``[layer, number]``; malformed or no such tile → InputError."""
    b = state.board
    if not (isinstance(ref, list) and len(ref) == 2):
        raise InputError(f"{place}: expected a tile as [layer, number], e.g. [1, 3]")
    layer = rec.whole_in(ref[0], f"{place}[0]", 1, b.levels, "a layer")
    slots = b.by_level[layer - 1]
    number = rec.whole_in(ref[1], f"{place}[1]", 1, len(slots), f"a tile number of layer {layer}")
    return next(t for t in slots if b.number[t] == number)


def _shift(value: Any, place: str, state: State) -> float:
    box = state.board
    reach = max(box.cols, box.rows) * box.step
    if isinstance(value, bool) or not isinstance(value, (int, float)) or abs(value) > reach:
        raise InputError(f"{place}: expected a number of units from {-reach:g} to {reach:g}")
    return float(value)


def _num(v: float, ctx: Any = None) -> int | float:
    return int(v) if float(v).is_integer() else v


_TILE = Key("tile", lambda ref, place, state: slot_of(state, ref, place),
           lambda slot, state: tile_ref(state, slot))
#: the move objects (see the module doc); a reader's and a writer's context is the game's state
CODEC = rec.MoveCodec("Tanis", (
    rec.Kind("take", Take, (_TILE,)),
    rec.Kind("explore", Explore, (_TILE, Key("dx", _shift, _num), Key("dy", _shift, _num))),
    rec.Kind("excavate", Excavate, (_TILE,)),
    rec.Kind("expert", move=EXPERT_MOVE),
))


def move_to_json(state: State, move) -> dict[str, Any]:
    """A step as a record's move object."""
    return CODEC.to_json(move, state)


def move_from_json(state: State, obj: dict, place: str):
    """A step from a record's move object; a malformed one is an InputError naming ``place``."""
    return CODEC.from_json(obj, place, facts().players, state)


def play_step(state: State, move) -> None:
    """Plays one record move. An Explorer slide may name any stop along its line: the engine's
    stop-by-stop steps are played up to it (a slide that ends nowhere the tile can stop is
    refused with the engine's words for the whole slide)."""
    if type(move) is not Explore:
        state.apply(move)
        return
    try:
        state.apply(move)
        return
    except RuleError as refused:
        trial = state.copy()
        if not _slide_on(trial, move):
            raise refused from None
    _slide_on(state, move)


def _slide_on(state: State, move: Explore) -> bool:
    """Plays next-stop slides of ``move.tile`` the way of ``move`` until it has moved by
    ``move.dx``/``move.dy``; False (the state half slid) when no stop is exactly there."""
    left = (move.dx, move.dy)
    while True:
        step = next((m for m in state.legal_moves() if type(m) is Explore
                     and m.tile == move.tile and _same_way(m, left)), None)
        if step is None or abs(step.dx) > abs(left[0]) + 1e-9 or abs(step.dy) > abs(left[1]) + 1e-9:
            return False
        state.apply(step)
        left = (left[0] - step.dx, left[1] - step.dy)
        if abs(left[0]) < 1e-9 and abs(left[1]) < 1e-9:
            return True


def _same_way(m: Explore, left: tuple[float, float]) -> bool:
    return all((a > 0) == (b > 0) and (a < 0) == (b < 0) for a, b in zip((m.dx, m.dy), left))


# ---- the record ---------------------------------------------------------------------------------

def record_doc(state: State, dig_fields: dict, history: list, seed: int | None) -> dict:
    """The record of a finished game: the dig's fields, what each tile was, every step."""
    moves = []
    codes, first = state.codes, state.first
    trial = State(_dig_of(dig_fields), codes, first)
    for player, move in history:
        moves.append({"player": player + 1, **move_to_json(trial, move)})
        trial.apply(move)
    fields = {"dig": dig_fields, "tiles": deal_to_json(state), "first": first + 1,
              "moves": moves}
    return envelope("tanis", "record", seed, fields, {"result": result_fields(state)})


def result_fields(state: State) -> dict[str, Any]:
    over = state.is_over()
    return {"scores": state.scores(), "winner": state.winner() + 1 if over else None,
            "over": over}


def deal_to_json(state: State) -> dict[str, list[str]]:
    """What each tile is: per layer (from 1), the tiles in the sheet's numbering."""
    b = state.board
    out = {}
    for depth, slots in enumerate(b.by_level):
        ordered = sorted(slots, key=lambda t: b.number[t])
        out[str(depth + 1)] = [_code_text(state.codes[t]) for t in ordered]
    return out


def _code_text(code: int) -> str:
    return tile_name(code).replace(" ", "-")


def _dig_of(fields: dict):
    from generator.games.tanis.model import dig_from_fields

    return dig_from_fields(fields)


def _read_dig(value: Any, source: str):
    """The record's dig, bounded before it is built, then checked as a dig sheet is."""
    from generator.games.tanis.model import dig_from_fields
    from generator.games.tanis.rules_dig import validate_dig

    place = f"{source} [dig]"
    if not isinstance(value, dict):
        raise InputError(f"{place}: expected the dig's fields {{\"box\": ..., \"layers\": ...}}")
    unknown = sorted(set(value) - {"box", "layers", "options"})
    if unknown:
        raise InputError(f"{place} [{unknown[0]}]: unknown key; a dig has box and layers")
    box = data()["box"]
    layers = rec.sized_list(value.get("layers"), f"{place} [layers]", 1, box["layers"], "layers")
    for i, layer in enumerate(layers):
        rec.sized_list(layer, f"{place} [layers[{i}]]", 1, box["tiles_per_layer"], "tiles")
    dig = dig_from_fields(value, place)
    report = validate_dig(dig)
    if not report.ok:
        report.subject = place
        raise RuleError(f"{place}: not a valid dig\n{report.text()}", report)
    return dig


def _read_deal(value: Any, dig, source: str) -> list[int]:
    """Each slot's identity from the record's ``tiles`` (layer by layer, sheet numbering)."""
    from generator.games.tanis.model import sheet_numbers

    place = f"{source} [tiles]"
    if not isinstance(value, dict):
        raise InputError(f"{place}: expected {{\"1\": [tiles of layer 1 by number], ...}}")
    wanted = [str(d + 1) for d in range(len(dig.layers))]
    if sorted(value) != sorted(wanted):
        raise InputError(f"{place}: expected the layers {', '.join(wanted)} (one list each)")
    names = {_code_text(c): c for c in all_codes()}
    codes: list[int] = []
    seen: dict[int, str] = {}
    for depth, layer in enumerate(dig.layers):
        listed = rec.sized_list(value[str(depth + 1)], f"{place} [{depth + 1}]", len(layer),
                            len(layer), "tiles")
        number = sheet_numbers(layer)
        for i in range(len(layer)):
            name = listed[number[i] - 1]
            where = f"{place} [{depth + 1}][{number[i] - 1}]"
            if name not in names:
                raise InputError(f"{where}: expected a tile such as {_code_text(tile_code(types()[0], 4))}")
            code = names[name]
            if code in seen:
                raise RuleError(f"{where}: {name} is listed twice (also {seen[code]}); the game "
                                "has one tile of each")
            seen[code] = where
            codes.append(code)
    return codes


def start_state(doc: Any, source: str) -> State:
    """The game at the start of a record (its header checked)."""
    rec.record_fields(doc, source, "tanis", KEYS)
    dig = _read_dig(doc["dig"], source)
    codes = _read_deal(doc["tiles"], dig, source)
    first = rec.whole_in(doc["first"], f"{source} [first]", 1, facts().players,
                     "a player number")
    return State(dig, codes, first - 1)


def replay(doc: Any, source: str, step: bool = False) -> rec.Replay:
    """Replays a record; a malformed record raises InputError (exit 2), a dig or tiles breaking
    the game's rules RuleError (exit 1); an illegal move stops the replay with its reason."""
    state = start_state(doc, source)
    listed = rec.move_list(doc, source)
    moves = [move_from_json(state, obj, f"{source} [moves[{i}]]") for i, obj in enumerate(listed)]
    return rec.replay_moves(state, moves, listed, source, lambda s: s.player,
                        lambda s: f"turn {s.turn + 1}", lambda m: move_to_json(state, m),
                        status if step else None, play_step)


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: a valid dig, its tiles, every move legal."""
    return rec.record_report(replay(doc, source), source)


# ---- text ---------------------------------------------------------------------------------------

def status(state: State) -> str:
    scores = state.scores()
    points = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(scores))
    if state.is_over():
        return f"points {points}; game over"
    return (f"points {points}; {_tiles(state.left)} in the dig; player {state.player + 1}: "
            f"{PHASES[state.phase]}")


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def position_text(state: State) -> str:
    """Each player's tiles, points and cards left, and what is still in the dig."""
    lines = [f"Tanis, after {state.turn} turns; player {state.first + 1} took the first turn"]
    scores = state.scores()
    for p in range(len(state.held)):
        by_type: dict[str, list[int]] = {}
        for code in state.collected(p):
            kind, number = tile_name(code).split(" ")
            by_type.setdefault(kind, []).append(int(number))
        held = "; ".join(f"{k} {', '.join(map(str, v))}" for k, v in by_type.items())
        cards = ", ".join(f"{CARDS[i]} {n}" for i, n in enumerate(state.cards[p]))
        lines.append(f"  player {p + 1}: {scores[p]} points; tiles: {held or 'none'}; cards "
                     f"left: {cards}")
    refs = sorted(tile_ref(state, t) for t in state.visible)
    visible = ", ".join(f"layer {layer} tile {number}" for layer, number in refs)
    lines.append(f"  dig: {_tiles(state.left)} left" + (f"; visible: {visible}" if visible
                                                         else ""))
    gone = state.excavated()
    if gone:
        lines.append("  excavated: " + ", ".join(tile_name(c) for c in gone))
    return "\n".join(lines)


def result_text(state: State) -> str:
    if not state.is_over():
        return (f"(the record stops in turn {state.turn + 1}, player {state.player + 1} to "
                f"play; the game is not finished)")
    scores, win = state.scores(), state.winner()
    if len(set(scores)) == 1:
        rule = TIE_RULE[facts().tie_winner]
        return f"winner: player {win + 1} ({scores[win]} points each; {rule})"
    return f"winner: player {win + 1} ({scores[win]} points to {min(scores)})"
