"""Advanced moves (Pharaoh's Wrath): only in the advanced mode, each with its effect."""

import pytest
from games.tumba.tumba_helpers import attack, line, position

from generator.core.errors import RuleError
from generator.games.tumba.moves import PASS, ROLL, SETH, Jump, Place, Reroll, SethMove, Wrath
from generator.games.tumba.rules_board import Board


def test_advanced_moves_are_refused_in_the_standard_mode():
    state = position(dice=(1, 2, 6))
    assert not any(isinstance(m, Reroll) for m in state.legal_moves())
    for move in (Reroll(6), SETH, SethMove(6, "outer", 10), Wrath(1)):
        with pytest.raises(RuleError, match="advanced mode"):
            state.apply(move)


def test_one_die_reroll_once_per_turn():
    state = position(mode="advanced", dice=(1, 2, 6))
    assert Reroll(6) in state.legal_moves()
    state.apply(Reroll(6))
    assert state.rerolls_used == 1 and state.dice[:2] == (1, 2)
    assert not any(isinstance(m, Reroll) for m in state.legal_moves())
    with pytest.raises(RuleError):
        state.apply(Reroll(state.dice[0]))


def test_seth_trick_instead_of_rolling():
    state = position(mode="advanced", cells={6: ".0"})
    state.enter_start()
    assert state.legal_moves() == [ROLL, SETH]
    state.apply(SETH)
    # The rulebook's example: the entrance chamber of line 6 goes to the tomb end of line 10.
    state.apply(SethMove(6, "outer", 10))
    assert state.board.sizes[6] == 1 and state.board.sizes[10] == 2
    assert line(state, 10) == "0." and line(state, 6) == "."
    assert state.dice == ()                          # the roll was sacrificed
    assert state.check_invariants() == []


def test_seth_trick_keeps_one_to_three_chambers_a_line():
    state = position(mode="advanced")
    state.enter_start()
    state.apply(SETH)
    moves = state.legal_moves()
    assert SethMove(9, "tomb", 1) not in moves       # line 9 would be left empty
    assert SethMove(5, "tomb", 1) not in moves       # line 1 would get a fourth chamber
    assert SethMove(5, "tomb", 11) not in moves      # a passage line takes no chamber
    assert SethMove(5, "tomb", 9) in moves
    with pytest.raises(RuleError):
        state.apply(SethMove(9, "tomb", 1))


def test_seth_trick_from_the_tomb_end_goes_to_the_outer_end():
    board = Board.from_layout(position().board.layout())
    board.cells[1] = [1, -1, 0]
    board.seth(1, "tomb", 9)
    assert board.cells[1] == [-1, 0] and board.cells[9] == [-1, 1]


def test_toth_inversion_allows_backward_incineration():
    state = position(mode="advanced", cells={1: "01.", 7: "1."}, dice=(3, 4, 5))
    state.apply(Place((12,)))                        # placed normally: the inversion holds
    assert state.toth and Jump(1, 1, 1, 0) in state.legal_moves()
    state.apply(Jump(1, 1, 1, 0))                    # away from the tomb
    assert line(state, 1) == "..0" and state.house[1] == 13


def test_no_backward_incineration_without_the_sequence():
    state = position(mode="advanced", cells={1: "01.", 2: "10."}, dice=(2, 4, 5))
    state.apply(Place((11,)))
    assert not state.toth
    assert Jump(1, 1, 1, 0) not in state.legal_moves()


def test_tutan_wrath_shifts_the_chambers_one_row_and_the_passages_stay():
    state = position(mode="advanced", cells={1: "1.."}, dice=(4, 5, 6))
    state.apply(Place((4, 5, 6)))
    assert state.phase == "wrath"
    assert state.legal_moves() == [Wrath(1, False), Wrath(1, True), Wrath(-1, False),
                                   Wrath(-1, True), PASS]
    state.apply(Wrath(1, False))                     # the board moves up one row
    sizes = state.board.sizes[1:]
    # Each number now stands beside the chambers of the line above it (passages skipped);
    # lines 1 and 2's chambers, left below the numbers, go to the lines left empty, 9 and 10.
    assert sizes == [3, 3, 2, 2, 2, 2, 1, 1, 3, 3, 0, 0]
    assert state.board.passage[11] and state.board.passage[12]
    assert line(state, 9) == "1.."                   # old line 1 went to the empty line 9
    assert line(state, 2) == "..0"                   # old line 4, with the new mummy
    assert state.check_invariants() == []


def test_tutan_wrath_down_and_crossed():
    state = position(mode="advanced", dice=(4, 5, 6))
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(-1, True))
    assert state.board.sizes[1:] == [1, 1, 3, 3, 3, 3, 2, 2, 2, 2, 0, 0]
    assert state.board.passage[11] and state.board.passage[12]
    assert line(state, 6) == "..0"                  # old line 4 (new mummy) came up one row
    assert state.check_invariants() == []


@pytest.mark.parametrize("shift", [1, -1])
@pytest.mark.parametrize("crossed", [False, True])
def test_after_either_shift_the_passage_is_still_on_its_line(shift, crossed):
    import random

    from generator.games.tumba.generate import advanced_setup

    for seed in range(40):
        setup = advanced_setup(random.Random(seed), 4)
        before = [n for n, piece in enumerate(setup.lines, start=1) if piece.passage]
        state = position(players=4, mode="advanced", layout=setup.lines, dice=(4, 5, 6))
        state.apply(Place((4, 5, 6)))
        state.apply(Wrath(shift, crossed))
        after = [n for n in range(1, 13) if state.board.passage[n]]
        assert after == before and 7 <= after[0] <= 12
        sizes = [state.board.sizes[n] for n in range(1, 13) if n != after[0]]
        assert all(1 <= s <= 3 for s in sizes) and sum(sizes) == 22
        assert state.check_invariants() == []


def test_the_other_reading_moves_the_passages_with_the_chambers(monkeypatch):
    from generator.games.tumba.model import data

    powers = dict(data()["readings"], wrath_moves_passage=True)
    state = position(mode="advanced", dice=(4, 5, 6))
    monkeypatch.setattr(state, "readings", powers)
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(1, False))
    assert state.board.sizes[1:] == [3, 3, 2, 2, 2, 2, 1, 1, 0, 0, 3, 3]
    assert state.board.passage[9] and state.board.passage[10]


def test_tutan_wrath_needs_the_4_5_6_placement():
    state = position(mode="advanced", dice=(4, 5, 6))
    state.apply(Place((4, 11)))
    assert state.phase != "wrath"
    with pytest.raises(RuleError):
        state.apply(Wrath(1))


def test_advanced_setup_games_play_on_one_passage():
    import random

    from generator.games.tumba.generate import advanced_setup

    setup = advanced_setup(random.Random(5), 3)
    state = position(players=3, mode="advanced", layout=setup.lines, dice=(1, 2, 4))
    passages = [n for n in range(1, 13) if state.board.passage[n]]
    assert len(passages) == 1 and 7 <= passages[0] <= 12
    assert attack(state) is state


def test_a_roll_with_given_dice_stands_for_the_roll():
    from generator.games.tumba.moves import Roll

    state = position(mode="advanced")
    state.enter_start()
    state.apply(Roll((2, 3, 5)))
    assert state.dice == (2, 3, 5) and state.phase == "use"
    with pytest.raises(RuleError):
        state.apply(Roll((2, 3, 5)))             # rolling is over for this turn
