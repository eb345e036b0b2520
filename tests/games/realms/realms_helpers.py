"""Shared helpers for the Hidden Realms tests: games with chosen dice, tiles by their squares,
and a small test map."""

from __future__ import annotations

from generator.games.realms.mapfile import load_map
from generator.games.realms.model import Entrance, Finding, Map, Room, forms
from generator.games.realms.rules import ListedDice, State
from generator.games.realms.rules.moves import Place


def game(first=(5, 5), rolls=None, start="normal", m: Map | None = None) -> State:
    """A solo game on map-1 (or ``m``) whose round rolls are ``first`` then ``rolls``."""
    rest = rolls or [(1, 2)] * 19
    return State(m or load_map("map-1"), ListedDice([first, *rest], [[3, 3, 3, 3]]), 1, start)


def give(state: State, *values: int) -> None:
    """Sets the current round row to fresh dice ``values`` (test set-up only)."""
    sheet = state.sheets[0]
    sheet.slots, sheet.used = list(values), [False] * len(values)


def place(die: int, shape: str, cells) -> Place:
    """The Place move that covers exactly ``cells`` with ``shape`` (any turn that does)."""
    want = sorted(cells)
    for form in forms(shape):
        x0 = min(x for x, _ in want) - min(x for x, _ in form.cells)
        y0 = min(y for _, y in want) - min(y for _, y in form.cells)
        if sorted((x0 + x, y0 + y) for x, y in form.cells) == want:
            return Place(die, shape, form.turn, x0, y0)
    raise AssertionError(f"{shape} cannot cover {cells}")


def place_with(die: int, shape: str, cells, openings) -> Place:
    """Like ``place`` but also asks for these openings ((x, y, side) on the map)."""
    want = sorted(cells)
    for form in forms(shape):
        x0 = min(x for x, _ in want) - min(x for x, _ in form.cells)
        y0 = min(y for _, y in want) - min(y for _, y in form.cells)
        if (sorted((x0 + x, y0 + y) for x, y in form.cells) == want
                and set(openings) <= {(x0 + x, y0 + y, s) for x, y, s in form.openings}):
            return Place(die, shape, form.turn, x0, y0)
    raise AssertionError(f"{shape} cannot cover {cells} with openings {openings}")


def small_map() -> Map:
    """12 x 12, entrance at (0, 1) W; a sarcophagus room at (1, 0) and the red gem's room at
    (3, 0), both with doors to the south; the red golem at (2, 1), an ooze at (6, 1)."""
    return Map.build(
        (12, 12),
        [Entrance(1, 0, "W"), Entrance(0, 8, "N"), Entrance(5, 11, "E"), Entrance(11, 5, "S")],
        [(6, 6), (7, 6)],
        [Room(0, 1, "S", "sarcophagus"), Room(0, 3, "S", "gem-red")],
        [Finding(1, 2, "golem-red"), Finding(1, 6, "ooze"), Finding(3, 5, "coins", 2)],
        "Test map", "advanced", "for tests")


def edge(state: State, x: int, y: int, side: str) -> int:
    """The bit of an edge on the state's board."""
    return 1 << state.board.edge(x, y, side)
