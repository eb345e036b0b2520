"""Tanis claims: the engine's side of the examples in ``templates/claims/tanis.toml``.

A tile is named as the sheet numbers it, ``"2.4"``: layer 2 (layer 1 is the surface), tile 4
(tiles of a layer count in reading order of the surface view). Three kinds of example:

- a game on a dig: ``dig`` ("classic": the two classic patterns, pattern 1 on the surface),
  ``tiles`` (tile → identity, ``"snake-7"``; the others get the remaining identities in order),
  ``play`` (steps, one a string: ``take 1.3``, ``excavate 1.3``, ``expert``, ``slide 1.3 right``
  (to the next stop that way: left, right, up, down); ``!`` in front: it must be refused);
  expect ``visible`` (the completely visible tiles), ``legal`` / ``illegal``, ``refused``,
  ``held`` (letter → {type: numbers}), ``excavated``, ``current``, ``phase``, ``left`` (tiles
  in the dig), ``pos`` (tile → [x, y] in tile widths), ``cards`` (letter → {card: left});
- a dig checked by the validator: ``layers`` (a list of layers of [x, y, w, h], layer 1 first),
  expect ``dig_problems`` (the codes of :func:`validate_dig`);
- players' tiles scored by the engine's scoring: ``score = {A = {snake = [1, 2, 3]}}`` and
  ``first`` (who took the first turn, "A"); expect ``totals``, ``groups`` (letter → points of
  each group), ``winner``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.core.claims import check_fields, offered, play_actions, refused_on_copy
from generator.core.errors import InputError
from generator.games.tanis.model import Dig, Tile, all_codes, data, tile_code, types

LETTERS = "AB"
FIELDS = {"dig", "tiles", "play", "layers", "score", "first"}
DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def classic_dig() -> Dig:
    from generator.games.tanis.generate import classic_from

    box = data()["box"]
    return Dig((box["width"], box["height"]), classic_from(0, box["layers"]), "classic")


def _slot(state, name: str) -> int:
    layer, _, number = name.partition(".")
    b = state.board
    for t in range(b.tiles):
        if b.level[t] == int(layer) - 1 and b.number[t] == int(number):
            return t
    raise InputError(f"claims: no tile {name!r} in the dig")


def _name(state, t: int) -> str:
    return f"{state.board.level[t] + 1}.{state.board.number[t]}"


def _code(text: str) -> int:
    kind, _, number = text.rpartition("-")
    return tile_code(kind, int(number))


def game(ex: Mapping[str, Any]):
    from generator.games.tanis.rules import State
    from generator.games.tanis.rules_board import Board

    dig = classic_dig()
    board = Board(dig)
    named: dict[int, int] = {}
    probe = State(dig, list(range(board.tiles)), board=board)
    for tile, ident in ex.get("tiles", {}).items():
        named[_slot(probe, tile)] = _code(ident)
    rest = [c for c in all_codes() if c not in named.values()]
    codes = [named[t] if t in named else rest.pop(0) for t in range(board.tiles)]
    return State(dig, codes, LETTERS.index(ex.get("first", "A")), board=board)


def move_of(state, action: str):
    from generator.games.tanis.rules import EXPERT_MOVE, Excavate, Explore, Take

    word, *rest = action.split()
    if word == "expert":
        return EXPERT_MOVE
    t = _slot(state, rest[0])
    if word == "take":
        return Take(t)
    if word == "excavate":
        return Excavate(t)
    if word == "slide":
        dx, dy = DIRECTIONS[rest[1]]
        for move in state.legal_moves():
            if isinstance(move, Explore) and move.tile == t and \
                    ((move.dx > 0) - (move.dx < 0), (move.dy > 0) - (move.dy < 0)) == (dx, dy):
                return move
        return Explore(t, dx * 0.5, dy * 0.5)    # no stop that way: the engine refuses it
    raise InputError(f"claims: unknown action {action!r}")


def _refuses(state, move) -> bool:
    return refused_on_copy(state, move, lambda s: s.copy())


def observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's outcome of an example, for every key of ``expect``."""
    check_fields(ex, FIELDS)
    if "layers" in ex:
        return _dig_problems(ex, expect)
    if "score" in ex:
        return _scores(ex, expect)
    state = game(ex)
    refused = play_actions(state, ex.get("play", ()), move_of, _refuses)
    return _view(state, expect, refused)


def _view(state, expect, refused) -> dict[str, Any]:
    from generator.games.tanis.model import CARDS, tile_name

    out: dict[str, Any] = {}
    per = state.board.per
    for key in expect:
        if key == "visible":
            out[key] = sorted(_name(state, t) for t in state.visible)
        elif key in ("legal", "illegal"):
            out[key] = offered(expect[key], state.legal_moves(), state, move_of, _refuses,
                               key == "legal")
        elif key == "refused":
            out[key] = refused
        elif key == "held":
            out[key] = {q: {kind: sorted(c % per + 1 for c in state.collected(LETTERS.index(q))
                                         if types()[c // per] == kind)
                            for kind in expect[key][q]} for q in expect[key]}
        elif key == "excavated":
            out[key] = [tile_name(c) for c in state.excavated()]
        elif key == "current":
            out[key] = LETTERS[state.player]
        elif key == "phase":
            from generator.games.tanis.rules_board import PHASES

            out[key] = PHASES[state.phase]
        elif key == "left":
            out[key] = state.left
        elif key == "pos":
            step = state.board.step
            out[key] = {n: [v * step for v in state.pos[_slot(state, n)]] for n in expect[key]}
        elif key == "cards":
            out[key] = {q: {c: state.cards[LETTERS.index(q)][CARDS.index(c)]
                            for c in expect[key][q]} for q in expect[key]}
        else:
            raise InputError(f"claims: tanis game examples cannot expect {key!r}")
    return out


def _dig_problems(ex, expect) -> dict[str, Any]:
    from generator.games.tanis.rules_dig import validate_dig

    box = data()["box"]
    layers = tuple(tuple(Tile(*map(float, t)) for t in layer) for layer in ex["layers"])
    report = validate_dig(Dig((box["width"], box["height"]), layers, "custom"))
    out: dict[str, Any] = {}
    for key in expect:
        if key != "dig_problems":
            raise InputError(f"claims: tanis dig examples cannot expect {key!r}")
        out[key] = sorted({v[0] for v in report.violations})
    return out


def _scores(ex, expect) -> dict[str, Any]:
    from generator.games.tanis.rules_scoring import score_players

    players = [{k: list(v) for k, v in ex["score"].get(q, {}).items()} for q in LETTERS]
    result = score_players(players, LETTERS.index(ex.get("first", "A")))
    out: dict[str, Any] = {}
    for key in expect:
        if key == "totals":
            out[key] = {q: result["players"][i]["total"] for i, q in enumerate(LETTERS)
                        if q in expect[key]}
        elif key == "groups":
            out[key] = {q: [g["points"] for g in result["players"][LETTERS.index(q)]["groups"]]
                        for q in expect[key]}
        elif key == "winner":
            out[key] = LETTERS[result["winner"]]
        else:
            raise InputError(f"claims: tanis score examples cannot expect {key!r}")
    return out
