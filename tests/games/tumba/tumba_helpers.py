"""Helpers for the Tutan Tumba tests: build an engine position from a compact description.

``cells`` maps a line number to a string read from the tomb outward (depth 1 first): a digit is
a 0-based player, '.' an empty chamber; its length must match the line's chambers.
"""

from __future__ import annotations

from generator.games.tumba.model import data
from generator.games.tumba.rules import State


def position(players=2, mode="standard", layout=None, cells=None, tomb=None, current=0,
             dice=None, seed=1, target=None) -> State:
    """A state at a hand-made position; with ``dice`` it waits in the use phase."""
    state = State(players, layout, mode, target, seed=seed, begin=False)
    for line, text in (cells or {}).items():
        assert len(text) == state.board.sizes[line], f"line {line} has {state.board.sizes[line]}"
        state.board.cells[line] = [-1 if ch == "." else int(ch) for ch in text]
    state.tomb = list(tomb or [0] * players)
    on_board = state.board.counts(players)
    total = data()["components"]["mummies"]
    state.house = [total - t - b for t, b in zip(state.tomb, on_board)]
    state.current = current
    state.turn = 1
    if dice:
        state.roll(tuple(dice))
    return state


def line(state: State, n: int) -> str:
    """A line in the same compact notation."""
    return "".join("." if c == -1 else str(c) for c in state.board.cells[n])


def attack(state: State) -> State:
    """Moves a hand-made position straight to the incineration phase."""
    state.enter_attack()
    return state
