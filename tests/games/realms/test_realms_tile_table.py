"""The Tile Table on the sheet: the first use of each shape is marked, a full row of it gives
its die once, a full column a key once (the rulebook's "Tile Table" bonuses; map-1, solo).

The shapes' places are the table of seeds/realms.toml: row ``d`` holds the two shapes of die
``d`` (I2 and L3 for a 1, ...); the left column holds I2, I3, T4, L4, X5, T5, the right one L3,
O4, S4, I4, V5, U5. Shape ids count along the rows: I2 is 0, L3 1, I3 2, and so on."""

import pytest
from games.realms.realms_helpers import game, give

from generator.games.realms.rules.moves import Place

LEFT = 0b010101010101     # I2, I3, T4, L4, X5, T5: ids 0, 2, 4, 6, 8, 10
RIGHT = 0b101010101010    # L3, O4, S4, I4, V5, U5: ids 1, 3, 5, 7, 9, 11


def placements(state, shape: str) -> list[Place]:
    give(state, 1, 1)
    return [m for m in state.legal_moves() if isinstance(m, Place) and m.shape == shape]


def two_tiles(shape: str, then: str, marks: int = 0):
    """A game on map-1 whose first tile is ``shape`` and whose second can be ``then`` (both
    with a 1, the first row's die), after the first; ``marks``: the table's marks set before."""
    for index in range(len(placements(game(), shape))):
        state = game()
        state.sheets[0].marks = marks               # test set-up
        state.apply(placements(state, shape)[index])
        if placements(state, then):
            return state
    raise AssertionError(f"no {then} after a first {shape}")


def play_next(state, shape: str):
    state.apply(placements(state, shape)[0])
    return state.sheets[0]


def test_the_first_shape_of_the_table_is_marked():
    sheet = two_tiles("I2", "I2").sheets[0]
    assert sheet.marks == 0b1 and sheet.rows_done == 0 and sheet.keys == 0


def test_a_row_marked_right_then_left_gives_its_die():
    state = two_tiles("L3", "I2")
    assert state.sheets[0].marks == 0b10
    sheet = play_next(state, "I2")
    assert sheet.marks == 0b11 and sheet.rows_done == 0b1
    assert 6 in sheet.slots                       # the first row of the table gives a 6


@pytest.mark.parametrize("column, last, then, done", [
    (LEFT, "I2", "L3", 0b01), (RIGHT, "L3", "I2", 0b10)])
def test_a_full_column_gives_one_key_once(column, last, then, done):
    last_id = {"I2": 0, "L3": 1}[last]
    state = two_tiles(last, then, column & ~(1 << last_id))  # the column's other five marked
    sheet = state.sheets[0]
    assert sheet.cols_done == done and sheet.keys == 1
    play_next(state, then)
    assert sheet.cols_done == done and sheet.keys == 1  # the other column is not full: no key
