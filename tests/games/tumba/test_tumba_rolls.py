"""Reading rolls: the option arithmetic, the rulebook's 2-3-5 example, powers per roll."""

import pytest
from games.tumba.tumba_helpers import position

from generator.games.tumba.model import standard_layout
from generator.games.tumba.model_board import empty_board
from generator.games.tumba.rules import roll_options
from generator.games.tumba.rules_roll import all_rolls, candidate_options, option_groups


def codes(reading):
    return {p.code: p for p in reading.powers}


def test_rulebook_example_2_3_5_has_exactly_five_options():
    reading = roll_options((2, 3, 5))
    assert reading.to_json()["options"] == [[2, 3, 5], [2, 8], [3, 7], [5, 5], [10]]
    assert reading.powers == ()


def test_dice_order_does_not_matter():
    assert roll_options((5, 2, 3)).options == roll_options((2, 3, 5)).options


def test_sums_above_twelve_name_no_line():
    assert candidate_options((6, 6, 6)) == ((6, 6, 6), (6, 12))
    assert all(max(o) <= 12 for d in all_rolls() for o in candidate_options(d))


def test_there_are_56_distinct_rolls():
    rolls = all_rolls()
    assert len(rolls) == 56 and len(set(rolls)) == 56


def test_option_groups_name_the_dice_of_each_group():
    groups = option_groups((2, 3, 5))
    assert groups[(2, 8)] == "2 | 3+5"
    assert groups[(10,)] == "2+3+5"


def test_a_line_too_short_for_the_option_is_refused():
    # 6 6 6: three mummies on line 6 need 3 chambers; line 6 has 2.
    assert roll_options((6, 6, 6)).options == ((6, 12),)


def test_options_need_enough_mummies_in_the_house():
    state = position(cells={1: "000", 2: "000", 3: "000", 4: "000", 5: "11"}, tomb=[0, 0])
    state.house[0] = 1
    assert state.placement_options((2, 3, 5)) == [(10,)]


def test_full_lines_remove_options():
    state = position(cells={2: "111", 8: "11"})
    assert state.placement_options((2, 3, 5)) == [(3, 7), (5, 5), (10,)]


def test_passage_lines_take_any_number():
    reading = roll_options((5, 6, 6))
    assert (11, 12) not in reading.options            # 5+6 and 6: lines 6, 11
    assert (6, 11) in reading.options
    assert codes(reading)["secret-passage"].lines == (11, 12)


def test_golden_triple_power_on_a_triple_only():
    assert "golden-triple" in codes(roll_options((4, 4, 4)))
    assert "golden-triple" not in codes(roll_options((4, 4, 3)))


def test_anubis_power_on_a_pair_needs_an_enemy():
    empty = codes(roll_options((2, 2, 3)))["anubis-double"]
    assert not empty.usable and empty.lines == (3,)
    board = empty_board(standard_layout(), players=2)
    cells = list(board.mummies)
    cells[4] = (1, -1)                                  # an enemy on line 5
    from dataclasses import replace

    ready = codes(roll_options((2, 2, 3), replace(board, mummies=tuple(cells))))["anubis-double"]
    assert ready.usable


def test_anubis_power_void_when_the_third_line_is_full_of_ones_own():
    # line 3 full of the roller's own mummies: no removal can make room there
    state = position(cells={3: "000", 5: "1."}, dice=(2, 2, 3))
    from generator.games.tumba.rules_roll import read_roll

    power = codes(read_roll(state, (2, 2, 3)))["anubis-double"]
    assert not power.usable and power.reason == "full" and "even after the removal" in power.note


def test_osiris_power_when_an_option_completes_a_three_line():
    state = position(cells={1: "00."})
    from generator.games.tumba.rules_roll import read_roll

    reading = read_roll(state, (1, 3, 4))
    assert codes(reading)["osiris-maneuver"].lines == (1,)


def test_sequences_are_powers_only_in_advanced_mode():
    from generator.games.tumba.model_board import roll_board

    advanced = roll_board(None, "advanced", 9)          # the single passage on line 9
    assert "toth-inversion" not in codes(roll_options((1, 2, 3)))
    for dice in ((1, 2, 3), (3, 4, 2), (5, 3, 4)):
        assert codes(roll_options(dice, advanced))["toth-inversion"].usable
    assert "tutan-wrath" not in codes(roll_options((4, 5, 6)))
    wrath = codes(roll_options((6, 4, 5), advanced))["tutan-wrath"]
    assert wrath.usable and wrath.lines == (4, 5, 6)
    assert "toth-inversion" not in codes(roll_options((2, 4, 6), advanced))


def test_the_advanced_rules_need_a_board_with_one_passage():
    from generator.core.errors import InputError

    with pytest.raises(InputError, match="needs the board"):
        roll_options((6, 6, 2), mode="advanced")
    with pytest.raises(InputError, match="use 1 secret passage; this board has 2"):
        roll_options((6, 6, 2), empty_board(standard_layout()), mode="advanced")


def test_every_roll_on_the_empty_board_has_an_option():
    for dice in all_rolls():
        assert roll_options(dice).options, dice


def test_board_json_round_trip_reads_the_same_roll():
    from generator.games.tumba.model_board import board_fields, board_from_json, validate_board
    from generator.games.tumba.rules import state_from_board
    from generator.games.tumba.rules_roll import read_roll

    state = position(players=3, cells={1: "0.2", 6: "11", 9: "2"}, tomb=[1, 0, 2], current=1)
    doc = board_fields(state)
    assert doc["player"] == 2 and doc["mummies"]["1"] == [1, 0, 3]
    board = board_from_json(doc, "b.json")
    assert validate_board(board).ok
    again = state_from_board(board)
    assert again.board.cells == state.board.cells and again.house == state.house
    assert read_roll(again, (2, 2, 5)) == read_roll(state, (2, 2, 5))
