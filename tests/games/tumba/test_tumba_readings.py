"""The rules the rulebook words so that a first reading got them wrong, and the readings of
seeds/tumba.toml [readings]: each with a legal and an illegal case, on the rulebook's own
examples where it gives one. Refusals are compared word for word."""

import pytest
from games.tumba.tumba_helpers import attack, line, position

from generator.core.errors import RuleError
from generator.games.tumba.model import data
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
    SETH,
    Anubis,
    GoldenRemove,
    Jump,
    Osiris,
    Place,
    Reroll,
    Roll,
    SethMove,
    Strike,
)

# Lines 1-4 full (two of each player's): 1-1-2 has no use at all for player 0 (no option fits,
# and the Anubis Double's third die, 2, has a line full of player 0's own mummies).
FULL = {1: "111", 2: "000", 3: "111", 4: "000"}


def refusal(state, move) -> str:
    with pytest.raises(RuleError) as refused:
        state.apply(move)
    return str(refused.value)


# ---- the one-die re-roll survives a forced re-throw -----------------------------------------

def test_an_unusable_roll_thrown_again_keeps_the_one_die_reroll():
    state = position(mode="advanced", cells=FULL, dice=(1, 1, 2))
    assert state.legal_moves() == [Reroll(1), Reroll(2), ROLL]
    state.apply(Roll((2, 3, 5)))           # thrown again whole: 2-3-5 can be used
    assert state.forced_rerolls == 1 and state.rerolls_used == 0
    assert state.legal_moves()[-3:] == [Reroll(2), Reroll(3), Reroll(5)]
    state.apply(Reroll(5))                 # the turn's one re-roll, still there
    assert state.rerolls_used == 1 and state.dice[:2] == (2, 3)


def test_the_reroll_is_still_only_one_a_turn():
    state = position(mode="advanced", cells=FULL, dice=(1, 1, 2))
    state.apply(Roll((2, 3, 5)))
    state.apply(Reroll(5))
    assert not any(isinstance(m, Reroll) for m in state.legal_moves())
    assert refusal(state, Reroll(state.dice[0])) == (
        "the one-die re-roll was already used this turn (one a turn)")


def test_a_reroll_names_a_die_of_the_roll():
    state = position(mode="advanced", dice=(2, 3, 5))
    assert refusal(state, Reroll(6)) == "no die shows 6: the dice are (2, 3, 5)"


# ---- the Anubis Double removes first, then places -------------------------------------------

def test_the_rulebook_example_removes_blue_then_places_on_line_3():
    # Red (player 0) rolls 2, 2 and 3; line 3 is full and holds a mummy of Blue (player 1):
    # removing it makes the room Red's mummy needs on line 3.
    state = position(cells={3: "010", 9: "1"}, dice=(2, 2, 3))
    assert Anubis(2) in state.legal_moves()
    state.apply(Anubis(2))
    assert state.legal_moves() == [Strike(3, 2)]      # only an enemy of the full line
    state.apply(Strike(3, 2))
    assert line(state, 3) == "000" and state.house == [11, 13]


def test_on_a_full_third_line_an_enemy_elsewhere_cannot_be_the_target():
    state = position(cells={3: "010", 9: "1"}, dice=(2, 2, 3))
    state.apply(Anubis(2))
    assert refusal(state, Strike(9, 1)) == (
        "line 3 (the third die) is full: the Anubis Double must remove an enemy mummy from that "
        "line, so that the third die's mummy can enter it")
    assert refusal(state, Strike(3, 1)) == (
        "the Anubis Double removes an enemy mummy from a chamber (never from the tomb)")


def test_a_full_third_line_of_ones_own_leaves_no_anubis_double():
    state = position(cells={3: "000", 9: "1"}, dice=(2, 2, 3))
    assert Anubis(2) not in state.legal_moves()
    assert refusal(state, Anubis(2)) == (
        "line 3 (the third die) is full and holds no enemy mummy to remove, so the third die "
        "cannot be placed and the Anubis Double cannot be used")


def test_with_room_on_the_third_line_any_enemy_may_go():
    state = position(cells={3: "1..", 9: "1"}, dice=(2, 2, 3))
    state.apply(Anubis(2))
    assert state.legal_moves() == [Strike(3, 1), Strike(9, 1)]
    state.apply(Strike(9, 1))
    assert line(state, 3) == "1.0" and line(state, 9) == "."


# ---- the Golden Triple's second roll is a choice -----------------------------------------------

def test_the_golden_triples_second_roll_may_be_declined():
    state = position(cells={2: ".10"}, dice=(4, 4, 4))
    state.apply(GOLDEN)                    # no mummy in any tomb: the removal is from the board
    assert state.legal_moves() == [GoldenRemove(1, 2, 2), PASS]
    state.apply(PASS)                      # no removal (the enemy is kept to incinerate)
    assert state.phase == "second-roll" and state.legal_moves() == [ROLL, PASS]
    state.apply(PASS)                      # no second roll: on to the incinerations
    assert state.dice == (4, 4, 4) and state.phase == "attack"
    assert state.legal_moves() == [Jump(2, 3, -1, 0), PASS]
    assert state.tomb == [1, 0] and state.house == [12, 13]


def test_the_golden_triples_second_roll_taken_is_played_normally():
    state = position(dice=(4, 4, 4))
    state.apply(GOLDEN)
    state.apply(Roll((2, 3, 5)))
    assert state.phase == "use" and Place((2, 3, 5)) in state.legal_moves()


def test_no_second_roll_is_offered_without_a_mummy_left():
    state = position(dice=(4, 4, 4))
    state.house[0] = 1                     # the triple's mummy is the last one
    state.apply(GOLDEN)
    assert state.house[0] == 0 and state.phase != "second-roll"
    assert state.current == 1              # nothing to incinerate: the turn is over


def test_the_second_roll_is_not_offered_before_the_removal():
    state = position(players=3, tomb=[0, 2, 1], dice=(4, 4, 4))
    state.apply(GOLDEN)
    assert state.phase == "golden"
    assert refusal(state, Roll((2, 3, 5))) == (
        "Roll(dice=(2, 3, 5)) is not possible now: the Golden Triple's removal is chosen now "
        "(or Pass)")


# ---- Seth's Trick along a chamber's own line (seeds/tumba.toml [readings]) -------------------

def test_seths_trick_may_turn_a_line_round_by_one_chamber():
    state = position(mode="advanced", cells={1: "0.1"})
    state.enter_start()
    state.apply(SETH)
    assert SethMove(1, "outer", 1) in state.legal_moves()
    state.apply(SethMove(1, "outer", 1))   # the entrance chamber goes next to the tomb
    assert line(state, 1) == "10." and state.board.sizes[1] == 3
    assert state.check_invariants() == []


def test_a_one_chamber_line_has_nothing_to_turn():
    state = position(mode="advanced")
    state.enter_start()
    state.apply(SETH)
    assert SethMove(9, "tomb", 9) not in state.legal_moves()
    assert SethMove(1, "tomb", 1) in state.legal_moves()
    with pytest.raises(RuleError):
        state.apply(SethMove(9, "tomb", 9))


def test_the_other_reading_keeps_seths_trick_to_other_lines(monkeypatch):
    state = position(mode="advanced")
    monkeypatch.setattr(state, "readings", dict(data()["readings"], seth_own_line=False))
    state.enter_start()
    state.apply(SETH)
    moves = state.legal_moves()
    assert SethMove(1, "outer", 1) not in moves and SethMove(1, "outer", 9) in moves
    assert all(m.source != m.target for m in moves)


def test_the_shipped_readings():
    assert data()["readings"] == {"seth_own_line": True, "wrath_moves_passage": False}


# ---- the Osiris Maneuver follows one's own placement only ------------------------------------

def test_a_line_completed_by_placing_offers_osiris():
    state = position(cells={1: "00."}, dice=(1, 3, 4))
    state.apply(Place((1, 3, 4)))
    assert state.legal_moves() == [Osiris(1), PASS]


def test_a_line_completed_by_an_incineration_landing_is_no_osiris():
    # Player 0's mummy on line 7 (depth 2) jumps parallel, down one row, over the enemy on line
    # 5 and lands on line 3, depth 2: line 3 is then full of player 0, but nobody placed there.
    state = attack(position(cells={7: ".0", 5: ".1", 3: "0.0"}))
    state.apply(Jump(7, 2, 0, -1))
    assert line(state, 3) == "000" and line(state, 5) == ".." and line(state, 7) == ".."
    assert state.phase != "osiris" and state.tomb == [0, 0]
    assert state.current == 1              # no further jump: the turn is over


def test_a_line_completed_by_seths_trick_is_no_osiris():
    state = position(mode="advanced", cells={1: "..0", 5: "00"})
    state.enter_start()
    state.apply(SETH)
    state.apply(SethMove(1, "outer", 5))         # the chamber with player 0's mummy, next to
    assert line(state, 5) == "000"               # the tomb on line 5: three of one player
    assert state.phase != "osiris" and not any(isinstance(m, Osiris)
                                               for m in state.legal_moves())
    assert state.tomb == [0, 0]
