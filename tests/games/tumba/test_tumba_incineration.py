"""Incineration geometry on both sides of the tomb: straight, parallel and diagonal jumps, jumps
into the tomb and onto a passage, chains with turns, and what is never allowed."""

import pytest
from games.tumba.tumba_helpers import attack, line, position

from generator.core.errors import RuleError
from generator.games.tumba.moves import PASS, Jump
from generator.games.tumba.rules_board import JUMPS, side_of
from generator.games.tumba.rules_why import reason

# A jump straight into the tomb on the right side (line 2), so the attack phase is open while
# another jump is tested.
OPEN = {2: "10."}


def test_straight_toward_the_tomb_on_the_left():
    state = attack(position(cells={1: ".10"}))
    state.apply(Jump(1, 3, -1, 0))
    assert line(state, 1) == "0.." and state.house[1] == 14


def test_straight_into_the_tomb_on_the_right():
    state = attack(position(cells=dict(OPEN)))
    state.apply(Jump(2, 2, -1, 0))
    assert line(state, 2) == "..." and state.tomb[0] == 1
    assert state.entries["incineration"] == 1 and state.current == 1     # the chain ends there


def test_diagonal_jump_on_the_left():
    state = attack(position(cells={1: "..0", 3: ".1."}))
    state.apply(Jump(1, 3, -1, 1))
    assert line(state, 5) == "0." and line(state, 3) == "..." and line(state, 1) == "..."


def test_diagonal_jump_into_the_tomb_on_the_right():
    state = attack(position(cells={4: ".0.", 6: "1."}))
    state.apply(Jump(4, 2, -1, 1))
    assert state.tomb[0] == 1 and line(state, 6) == ".."


def test_parallel_jumps_up_and_down():
    state = attack(position(cells={2: "0..", 4: "1..", 6: ".."}))
    state.apply(Jump(2, 1, 0, 1))
    assert line(state, 6) == "0."
    state = attack(position(cells={2: "...", 4: "1..", 6: "0."}))
    state.apply(Jump(6, 1, 0, -1))
    assert line(state, 2) == "0.."


def test_ammits_attack_lands_on_the_passage_and_enters_the_tomb():
    state = attack(position(cells={7: "0.", 9: "1"}))
    state.apply(Jump(7, 1, 0, 1))
    assert state.tomb[0] == 1 and state.entries["ammit"] == 1 and line(state, 9) == "."


def test_never_away_from_the_tomb():
    state = attack(position(cells={1: "01.", **OPEN}))
    assert all(m.dx != 1 for m in state.legal_moves() if m is not PASS)
    with pytest.raises(RuleError, match="away from the tomb"):
        state.apply(Jump(1, 1, 1, 0))
    state = attack(position(cells={1: "0..", 3: ".1.", **OPEN}))
    with pytest.raises(RuleError, match="away from the tomb"):
        state.apply(Jump(1, 1, 1, 1))


def test_the_landing_chamber_must_exist_and_be_empty():
    state = attack(position(cells={1: "110", **OPEN}))
    assert "landing" in reason(state, Jump(1, 3, -1, 0))
    state = attack(position(cells={5: ".0", 7: ".1", **OPEN}))       # line 9 has one chamber
    with pytest.raises(RuleError, match="missing or occupied"):
        state.apply(Jump(5, 2, 0, 1))


def test_own_mummies_are_never_incinerated():
    state = attack(position(cells={1: ".00", **OPEN}))
    with pytest.raises(RuleError, match="your own"):
        state.apply(Jump(1, 3, -1, 0))


def test_jumps_never_cross_the_tomb():
    for (n, _), jumps in JUMPS.items():
        for _, _, over, _, land, land_depth in jumps:
            assert side_of(over) == side_of(n)
            assert land_depth == 0 or side_of(land) == side_of(n)
    state = position(cells={1: "0..", 2: "1.."})
    assert state.board.jumps(0, 1, 1, backwards=True) == []


def test_a_chain_may_turn_and_only_one_mummy_attacks():
    state = attack(position(cells={1: ".10", 3: "1..", **OPEN}))
    state.apply(Jump(1, 3, -1, 0))                 # toward the tomb, lands on line 1 depth 1
    assert state.attacker == (1, 1)
    assert state.legal_moves() == [Jump(1, 1, 0, 1), PASS]
    with pytest.raises(RuleError, match="only one mummy"):
        state.apply(Jump(2, 2, -1, 0))
    state.apply(Jump(1, 1, 0, 1))                  # then up, parallel to the tomb
    assert line(state, 5) == "0." and state.house[1] == 14 - 1     # two came back, one left
    assert state.current == 1                      # nothing more to jump: the turn ends


def test_pass_ends_the_attack():
    state = attack(position(cells=dict(OPEN)))
    state.apply(PASS)
    assert state.current == 1 and line(state, 2) == "10."


def test_no_attack_phase_without_a_jump():
    state = attack(position(cells={1: "0.."}))
    assert state.current == 1
