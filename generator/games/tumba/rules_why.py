"""Why a Tutan Tumba move is refused, and the engine's invariants.

Kept apart from the engine so the hot path stays small: :func:`reason` runs only when a move is
refused, :func:`invariants` only when a test or the conformance check asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.games.tumba.moves import (
    Anubis,
    Golden,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Place,
    Reroll,
    Roll,
    Seth,
    SethMove,
    Strike,
    Wrath,
)
from generator.games.tumba.rules_board import EMPTY, JUMPS, LINES, MAX_DEPTH
from generator.games.tumba.rules_roll import candidate_options, pair_of

_ADVANCED = {Reroll: ("die_rerolls", "the one-die re-roll"), Seth: ("seth_trick", "Seth's Trick"),
             SethMove: ("seth_trick", "Seth's Trick"), Wrath: ("tutan_wrath", "Tutan's Wrath")}

_PHASES = {
    "start": "the turn starts: roll the dice (or take Maat's Rest / Seth's Trick when offered)",
    "use": "the dice {dice} must be used: a placement option or a power",
    "golden": "the Golden Triple's removal is chosen now (or Pass)",
    "second-roll": "the Golden Triple's second roll is offered now: roll again, or Pass",
    "anubis": "the Anubis Double's target is chosen now: an enemy mummy in a chamber",
    "osiris": "the Osiris Maneuver is offered now (or Pass)",
    "wrath": "Tutan's Wrath is offered now (or Pass)",
    "seth": "Seth's Trick's relocation is chosen now",
    "attack": "only incinerations (or Pass to end the turn) are left this turn",
    "over": "the game is over",
}

_MOVE_PHASE = {Roll: "start", Maat: "start", Seth: "start", Place: "use", Golden: "use",
               Anubis: "use", Reroll: "use", GoldenRemove: "golden", Strike: "anubis",
               Osiris: "osiris", Wrath: "wrath", SethMove: "seth", Jump: "attack"}


def reason(state, move) -> str:
    """A one-line explanation of why ``move`` is not legal in ``state``."""
    kind = type(move)
    if kind in _ADVANCED and not state.rules[_ADVANCED[kind][0]]:
        return (f"{_ADVANCED[kind][1]} belongs to the advanced mode (Pharaoh's Wrath); this game "
                "uses the standard rules")
    if state.phase == "over":
        return "the game is over"
    wanted = _MOVE_PHASE.get(kind)
    if wanted and wanted != state.phase:
        return f"{move} is not possible now: " + _PHASES[state.phase].format(dice=state.dice)
    special = _REASONS.get(kind)
    text = special(state, move) if special else ""
    return text or f"{move} is not a legal move now: " + _PHASES[state.phase].format(dice=state.dice)


def _place(state, move: Place) -> str:
    dice = state.dice
    if tuple(sorted(move.lines)) not in candidate_options(tuple(sorted(dice))):
        return (f"the dice {dice} cannot be split into groups summing to lines {list(move.lines)}"
                " (every die is used, each group's sum names a line 1-12)")
    house = state.house[state.current]
    if len(move.lines) > house:
        return f"this needs {len(move.lines)} mummies and only {house} are left in the house"
    for n in sorted(set(move.lines)):
        need, free = move.lines.count(n), state.board.free(n)
        if free < need:
            return (f"line {n} is full: no mummy may enter it (pushing one into the tomb is not "
                    "allowed)" if free == 0 else f"line {n} has room for {free} mummy, not {need}")
    return ""


def _golden(state, move: Golden) -> str:
    if len(set(state.dice)) != 1:
        return f"the Golden Triple needs three equal dice, not {state.dice}"
    uses = state.powers["golden_triple_uses"]
    if state.golden_used >= uses:
        return f"the Golden Triple was already used {uses} times this turn: no third roll"
    return "the Golden Triple needs a mummy in the house"


def _anubis(state, move: Anubis) -> str:
    pair = pair_of(state.dice)
    if pair is None or pair[0] != move.pair:
        return f"the Anubis Double needs two dice showing {move.pair}; the roll is {state.dice}"
    if not state.board.free(pair[1]) and not state.anubis_targets(pair[1]):
        return (f"line {pair[1]} (the third die) is full and holds no enemy mummy to remove, so "
                "the third die cannot be placed and the Anubis Double cannot be used")
    return "the Anubis Double needs an enemy mummy in a chamber and a mummy in your house"


def _jump(state, move: Jump) -> str:
    p, board = state.current, state.board
    cells = board.cells[move.line] if 1 <= move.line <= LINES else []
    if not 1 <= move.depth <= len(cells) or cells[move.depth - 1] != p:
        return f"there is no mummy of yours in line {move.line}, chamber {move.depth}"
    if state.attacker and state.attacker != (move.line, move.depth):
        return "only one mummy may incinerate per turn"
    if move.dx == 1 and not state.toth:
        return ("an incineration never leads away from the tomb (only Toth's Inversion allows "
                "it, in the advanced mode)")
    jump = [j for j in JUMPS[(move.line, move.depth)] if j[:2] == (move.dx, move.dy)]
    if not jump:
        return "that jump leaves the board"
    _, _, over_l, over_d, land_l, land_d = jump[0]
    over = board.cells[over_l]
    if over_d > len(over) or over[over_d - 1] == EMPTY:
        return "there is no mummy to jump over in that direction"
    if over[over_d - 1] == p:
        return "you cannot incinerate your own mummy"
    return f"the landing chamber (line {land_l}, chamber {land_d}) is missing or occupied"


def _maat(state, move: Maat) -> str:
    return (f"line {move.line} has not been full of your mummies for a whole round (Maat's Rest "
            "needs a line of 1-2 chambers completed before your previous turn ended)")


def _strike(state, move: Strike) -> str:
    third = state.anubis_third
    if not state.board.free(third) and (move.line, move.depth) in state.board.enemies(
            state.current):
        return (f"line {third} (the third die) is full: the Anubis Double must remove an enemy "
                "mummy from that line, so that the third die's mummy can enter it")
    return "the Anubis Double removes an enemy mummy from a chamber (never from the tomb)"


def _reroll(state, move: Reroll) -> str:
    if state.rerolls_used >= state.rules["die_rerolls"]:
        return "the one-die re-roll was already used this turn (one a turn)"
    return f"no die shows {move.value}: the dice are {state.dice}"


_REASONS: dict[type, Callable[[Any, Any], str]] = {
    Place: _place, Golden: _golden, Anubis: _anubis, Jump: _jump, Maat: _maat, Strike: _strike,
    Reroll: _reroll}


def invariants(state) -> list[str]:
    """Every broken invariant of ``state`` (counts, piece sizes, the winner)."""
    out = []
    board = state.board
    on_board = board.counts(state.players)
    for q in range(state.players):
        total = state.tomb[q] + state.house[q] + on_board[q]
        if total != state.mummies or min(state.tomb[q], state.house[q]) < 0:
            out.append(f"player {q + 1}: tomb {state.tomb[q]} + house {state.house[q]} + board "
                       f"{on_board[q]} != {state.mummies}")
    chambers = 0
    for n in range(1, LINES + 1):
        size = board.sizes[n]
        chambers += size
        if len(board.cells[n]) != size or not 0 <= size <= MAX_DEPTH:
            out.append(f"line {n}: {len(board.cells[n])} cells for {size} chambers")
        if board.passage[n] and size:
            out.append(f"line {n}: a passage shares its line")
    if chambers != state.chambers:
        out.append(f"{chambers} chambers on the board, the game started with {state.chambers}")
    if state.winner >= 0 and state.tomb[state.winner] < state.target:
        out.append("a winner below the target")
    if state.phase != "over" and max(state.tomb) >= state.target:
        out.append("a player reached the target but the game goes on")
    if state.phase != "over" and not state.legal_moves():
        out.append(f"no legal move in phase {state.phase}")
    return out

