"""Tutan Tumba claims: the engine's side of the examples in ``templates/claims/tumba.toml``.

An example is a position, actions and what to look at, in the engine's notation:

``players`` (2), ``mode`` (standard), ``lines`` (the layout: a line's chambers or "passage", as in
a setup's ``lines``; the standard board when absent), ``board`` (line → its chambers read from
the tomb outward: a letter A-F for a player's mummy, '.' an empty chamber: ``".A."``),
``tomb`` / ``house`` (letter → count; the house defaults to what is not in the tomb or on the
board), ``player`` (who is to move, "A"), ``phase`` ("start"; "attack" to begin with the
incinerations), ``faces`` (what the next rolled dice show, in order: one-die re-rolls, rolls the
engine makes itself), ``play`` (actions, one a string: ``roll 2 3 5``, ``place 2 8``,
``golden``, ``golden-remove B``, ``golden-remove B 5.1``, ``anubis``, ``strike 5.1``,
``osiris 1``, ``maat 9``, ``pass``, ``reroll 3``, ``jump 1.2 over 1.1``, ``seth``,
``seth-move 6 outer 10``, ``wrath up``, ``wrath down crossed``; ``!`` in front: the action must
be refused, and the position stays).

What ``expect`` may ask (:func:`observe`): ``board`` (the lines it names), ``tomb``, ``house``,
``current`` (whose turn), ``phase``, ``winner``, ``options`` (the placements of ``dice`` for the
player to move), ``powers`` (code → usable, of ``dice``), ``legal`` / ``illegal`` (actions
offered or refused now), ``refused`` (the actions marked ``!`` that the engine did refuse),
``chains`` (the incinerations open now, ``"1.2 over 1.1 > tomb"``), ``maat_lines`` /
``osiris_lines`` (the board's lines for those powers), ``sizes`` (chambers per line, "P" a
passage), ``helper`` (which lines of the roll helper it says for ``dice``: keys of
``tumba.roll``), ``rerolls_left``, ``dice`` (the dice in front of the player).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from generator.core.claims import check_fields, offered, play_actions
from generator.core.errors import InputError
from generator.games.tumba import rules_why
from generator.games.tumba.model import facts, parse_lines, standard_layout
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    SETH,
    Anubis,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Place,
    Reroll,
    Roll,
    SethMove,
    Strike,
    Wrath,
)
from generator.games.tumba.rules import State
from generator.games.tumba.rules_board import EMPTY, JUMPS

LETTERS = "ABCDEF"
FIELDS = {"players", "mode", "lines", "board", "tomb", "house", "player", "phase", "faces",
          "play", "dice", "card", "turn", "target", "start", "setup", "deal"}


class _Faces(random.Random):
    """A stand-in for the state's random source: each throw shows the next listed face."""

    def __init__(self, faces, fallback):
        super().__init__(0)
        self.faces, self.fallback = list(faces), fallback

    def random(self) -> float:
        if self.faces:
            return (self.faces.pop(0) - 1 + 0.5) / facts().faces
        return self.fallback.random()


def player(letter: str) -> int:
    if letter not in LETTERS:
        raise InputError(f"claims: {letter!r} is not a player (A-F)")
    return LETTERS.index(letter)


def _chamber(text: str) -> tuple[int, int]:
    line, _, depth = text.partition(".")
    return int(line), int(depth)


def position(ex: Mapping[str, Any]) -> State:
    """The state an example starts from."""
    check_fields(ex, FIELDS)
    layout = (parse_lines(dict(ex["lines"]), "claims") if "lines" in ex else standard_layout())
    players = ex.get("players", 2)
    state = State(players, layout, ex.get("mode", "standard"), ex.get("target"), seed=1,
                  begin=False)
    for line, text in ex.get("board", {}).items():
        n = int(line)
        if len(text) != state.board.sizes[n]:
            raise InputError(f"claims: line {n} has {state.board.sizes[n]} chambers, "
                             f"the example gives {text!r}")
        state.board.cells[n] = [EMPTY if ch == "." else player(ch) for ch in text]
    state.tomb = [ex.get("tomb", {}).get(LETTERS[q], 0) for q in range(players)]
    on_board = state.board.counts(players)
    total = facts().mummies
    state.house = [ex.get("house", {}).get(LETTERS[q], total - state.tomb[q] - on_board[q])
                   for q in range(players)]
    state.current = player(ex.get("player", "A"))
    state.turn = ex.get("turn", 1)
    state.rng = _Faces(ex.get("faces", ()), state.rng)
    if ex.get("phase") == "attack":
        state.enter_attack()
    elif ex.get("start"):
        state.enter_start()           # the turn begins: a roll, or a skip with an empty House
    elif ex.get("phase", "start") != "start":
        raise InputError(f"claims: phase {ex['phase']!r}: start or attack")
    return state


def move_of(state: State, action: str):
    """The engine move an action string stands for."""
    word, *rest = action.split()
    if word == "roll":
        if not rest:
            return Roll()
        a, b, c = (int(d) for d in rest)
        return Roll((a, b, c))
    if word == "place":
        return Place(tuple(sorted(int(n) for n in rest)))
    simple = {"golden": GOLDEN, "pass": PASS, "seth": SETH}
    if word in simple:
        return simple[word]
    if word == "golden-remove":
        q = player(rest[0])
        return GoldenRemove(q, *_chamber(rest[1])) if len(rest) > 1 else GoldenRemove(q)
    if word == "anubis":
        pair = next((v for v in state.dice if list(state.dice).count(v) >= 2), 0)
        return Anubis(pair)
    if word == "strike":
        return Strike(*_chamber(rest[0]))
    if word == "osiris":
        return Osiris(int(rest[0]))
    if word == "maat":
        return Maat(int(rest[0]))
    if word == "reroll":
        return Reroll(int(rest[0]))
    if word == "seth-move":
        return SethMove(int(rest[0]), rest[1], int(rest[2]))
    if word == "wrath":
        return Wrath(1 if rest[0] == "up" else -1, "crossed" in rest)
    if word == "jump":
        return _jump(_chamber(rest[0]), _chamber(rest[2]))
    raise InputError(f"claims: unknown action {action!r}")


def _jump(start: tuple[int, int], over: tuple[int, int]) -> Jump:
    line, depth = start
    for dx, dy, over_l, over_d, _, _ in JUMPS[(line, depth)]:
        if (over_l, over_d) == over:
            return Jump(line, depth, dx, dy)
    return Jump(line, depth, 9, 9)      # no such jump: the engine refuses it


def _refuses(state: State, move) -> bool:
    """Whether the engine refuses ``move`` now: what ``State.apply`` checks before it plays,
    with the engine's own reason (which must be one)."""
    moves = state.legal_moves()
    if move in moves or state.forced_roll(move, moves):
        return False
    return bool(rules_why.reason(state, move))


def play(state: State, actions) -> list[str]:
    """Plays the actions; returns those marked ``!`` that the engine refused."""
    return play_actions(state, actions, move_of, _refuses)


def line_text(state: State, n: int) -> str:
    return "".join("." if c == EMPTY else LETTERS[c] for c in state.board.cells[n])


def chain_text(chain) -> str:
    steps = " ".join(f"over {o[0]}.{o[1]} > {t if isinstance(t, str) else f'{t[0]}.{t[1]}'}"
                     for o, t in chain.jumps)
    return f"{chain.start[0]}.{chain.start[1]} {steps}" + (" backwards" if chain.backwards else "")


def observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's outcome of an example, for every key of ``expect``."""
    from generator.games.tumba.rules_roll import board_power_lines, incinerations, read_roll

    if "setup" in ex or "deal" in ex:
        return _setup_observe(ex, expect)
    state = position(ex)
    refused = play(state, ex.get("play", ()))
    out: dict[str, Any] = {}
    letters = LETTERS[:state.players]
    dice = tuple(ex["dice"]) if "dice" in ex else state.dice
    for key in expect:
        if key == "board":
            out[key] = {n: line_text(state, int(n)) for n in expect["board"]}
        elif key in ("tomb", "house"):
            values = getattr(state, key)
            out[key] = {q: values[letters.index(q)] for q in expect[key]}
        elif key == "current":
            out[key] = LETTERS[state.current]
        elif key == "phase":
            out[key] = state.phase
        elif key == "winner":
            out[key] = LETTERS[state.winner] if state.winner >= 0 else ""
        elif key == "options":
            out[key] = [list(o) for o in state.placement_options(dice)]
        elif key == "powers":
            out[key] = {p.code: p.usable for p in read_roll(state, dice).powers}
        elif key in ("legal", "illegal"):
            out[key] = offered(expect[key], state.legal_moves(), state, move_of, _refuses,
                               key == "legal")
        elif key == "refused":
            out[key] = refused
        elif key == "chains":
            out[key] = sorted(chain_text(c) for c in incinerations(state, state.toth))
        elif key in ("maat_lines", "osiris_lines"):
            out[key] = list(board_power_lines(state)[0 if key == "maat_lines" else 1])
        elif key == "sizes":
            out[key] = {n: "P" if state.board.passage[int(n)] else state.board.sizes[int(n)]
                        for n in expect["sizes"]}
        elif key == "helper":
            out[key] = [k for k in expect[key] if k in helper_keys(state, dice)]
        elif key == "rerolls_left":
            out[key] = state.rules["die_rerolls"] - state.rerolls_used
        elif key == "dice":
            out[key] = sorted(state.dice)
        elif key == "chambers":
            out[key] = sum(state.board.sizes)
        elif key == "line_range":
            sizes = [state.board.sizes[n] for n in range(1, len(state.board.sizes))
                     if not state.board.passage[n]]
            out[key] = [min(sizes), max(sizes)]
        else:
            raise InputError(f"claims: tumba examples cannot expect {key!r}")
    return out


def _setup_observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """Setup examples: ``setup`` (mode, players, lines) judged by the setup's validator, or
    ``deal`` (a number of players) dealt as the advanced preparation deals."""
    from generator.games.tumba.generate import deal
    from generator.games.tumba.model import Setup
    from generator.games.tumba.rules_setup import validate_setup

    out: dict[str, Any] = {}
    for key in expect:
        if key == "setup_problems":
            s = ex["setup"]
            setup = Setup(s["mode"], s["players"], parse_lines(dict(s["lines"]), "claims"))
            out[key] = sorted({v[0] for v in validate_setup(setup).violations})
        elif key == "deal":
            out[key] = deal(ex["deal"])
        else:
            raise InputError(f"claims: tumba setup examples cannot expect {key!r}")
    return out


def helper_keys(state: State, dice) -> set[str]:
    """The catalogue keys (under ``tumba.roll``) of the lines the roll helper prints for the
    player to move at this position and ``dice``."""
    from generator.games.tumba.cli_text import roll_lines
    from generator.games.tumba.model_board import BoardDoc
    from generator.games.tumba.rules_roll import read_roll

    doc = BoardDoc(state.mode, state.players, state.current, state.board.layout(),
                   tuple(tuple(state.board.cells[n]) for n in range(1, len(state.board.cells))),
                   tuple(state.tomb), tuple(state.house))
    said = roll_lines(read_roll(state, tuple(dice)), doc, state.mode, True)
    return {s.key for s in said} | {f"power.{p.code}.{p.reason}"
                                   for p in read_roll(state, tuple(dice)).powers}


def card_rows(examples) -> list[tuple[str, str, str]]:
    """(line before, mummy placed, line after) of placing examples, computed by the engine:
    what the player aid shows. A refused placement gives '' after."""
    rows = []
    for ex in examples:
        state = position(ex.fields)
        (n, _), = ex.fields["board"].items()
        before = line_text(state, int(n))
        mover = LETTERS[state.current]
        refused = play(state, ex.fields["play"])
        rows.append((before, mover, "" if refused else line_text(state, int(n))))
    return rows


