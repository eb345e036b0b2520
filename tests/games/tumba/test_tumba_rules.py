"""The engine's rules, each with a legal and an illegal case."""

import pytest
from games.tumba.tumba_helpers import line, position

from generator.core.errors import InputError, RuleError
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
    Anubis,
    GoldenRemove,
    Maat,
    Osiris,
    Place,
    Roll,
    Strike,
)

# ---- placing, pushing, full lines ----------------------------------------------------------

def test_a_mummy_enters_at_the_outermost_chamber():
    state = position(dice=(2, 3, 5))
    state.apply(Place((10,)))
    assert line(state, 10) == "0"
    state = position(dice=(1, 2, 4))
    state.apply(Place((7,)))
    assert line(state, 7) == ".0"


def test_occupants_are_pushed_toward_the_tomb_in_a_chain():
    state = position(cells={1: ".11"}, dice=(1, 2, 4))
    state.apply(Place((1, 2, 4)))
    assert line(state, 1) == "110"


def test_only_the_run_from_the_entrance_moves():
    state = position(cells={1: "1.1"}, dice=(1, 2, 4))
    state.apply(Place((1, 2, 4)))
    assert line(state, 1) == "110"
    state = position(cells={1: "11."}, dice=(1, 2, 4))
    state.apply(Place((1, 2, 4)))
    assert line(state, 1) == "110"


def test_two_mummies_on_one_line_push_each_other():
    state = position(dice=(2, 3, 5))
    state.apply(Place((5, 5)))
    assert line(state, 5) == "00"
    assert state.house[0] == 12


def test_a_full_line_takes_no_mummy_and_nobody_is_pushed_into_the_tomb():
    state = position(cells={10: "1"}, dice=(2, 3, 5))
    assert Place((10,)) not in state.legal_moves()
    with pytest.raises(RuleError, match="line 10 is full"):
        state.apply(Place((10,)))
    assert line(state, 10) == "1" and state.tomb == [0, 0]


def test_a_group_must_be_a_sum_of_the_dice():
    state = position(dice=(2, 3, 5))
    with pytest.raises(RuleError, match="cannot be split"):
        state.apply(Place((4, 6)))


def test_the_secret_passage_enters_the_tomb():
    state = position(dice=(5, 6, 1))
    state.apply(Place((1, 11)))
    assert state.tomb[0] == 1 and state.entries["passage"] == 1
    assert state.house[0] == 12 and line(state, 1) == "..0"


def test_a_roll_nobody_can_use_is_rolled_again():
    # One mummy left and line 4 full of our own: 1-1-2 can only make line 4, and the
    # Anubis Double has no enemy to remove.
    state = position(cells={4: "000"}, tomb=[0, 0])
    state.house[0] = 1
    state.roll((1, 1, 2))
    assert state.forced_rerolls >= 1 and sorted(state.dice) != [1, 1, 2]
    assert state.phase == "use" and state.legal_moves()


def test_a_usable_roll_is_kept():
    state = position(tomb=[0, 0])
    state.roll((1, 1, 2))
    assert state.dice == (1, 1, 2) and state.forced_rerolls == 0


# ---- Golden Triple -------------------------------------------------------------------------

def test_golden_triple_enters_the_tomb_and_removes_from_the_tomb_leader():
    state = position(players=3, tomb=[0, 2, 3], dice=(3, 3, 3))
    state.apply(GOLDEN)
    assert state.tomb[0] == 1 and state.phase == "golden"
    assert state.legal_moves() == [GoldenRemove(2), PASS]
    with pytest.raises(RuleError):
        state.apply(GoldenRemove(1))              # not the leader
    state.apply(GoldenRemove(2))
    assert state.tomb[2] == 2 and state.house[2] == 12
    assert state.phase == "second-roll" and state.golden_used == 1
    assert state.legal_moves() == [ROLL, PASS]                  # the second roll, if wanted


def test_golden_triple_removes_from_the_board_leader_when_no_tomb_holds_a_mummy():
    state = position(players=3, cells={1: "1.2", 5: "22"}, dice=(3, 3, 3))
    state.apply(GOLDEN)
    removals = [m for m in state.legal_moves() if m is not PASS]
    assert removals == [GoldenRemove(2, 1, 3), GoldenRemove(2, 5, 1), GoldenRemove(2, 5, 2)]
    state.apply(GoldenRemove(2, 5, 1))
    assert line(state, 5) == ".2" and state.house[2] == 12


def test_golden_triple_needs_three_equal_dice():
    state = position(dice=(3, 3, 4))
    with pytest.raises(RuleError, match="three equal dice"):
        state.apply(GOLDEN)


def test_golden_triple_gives_a_second_roll_but_never_a_third():
    state = position(dice=(2, 2, 2))
    state.apply(GOLDEN)                  # nobody to remove: straight to the second roll
    assert state.golden_used == 1 and state.phase == "second-roll"
    state.apply(Roll((5, 5, 5)))         # the second roll is a triple again
    assert GOLDEN in state.legal_moves()
    state.apply(GOLDEN)
    assert state.tomb[0] == 2
    assert state.current == 1 and state.turn == 2     # no third roll: the turn is over
    back = position(dice=(2, 2, 2))
    back.golden_used = 2                 # as after two uses, a forced re-roll shows a triple
    back.roll((4, 4, 4))
    assert GOLDEN not in back.legal_moves()
    with pytest.raises(RuleError, match="already used 2 times"):
        back.apply(GOLDEN)


def test_declining_the_golden_triple_plays_the_dice_normally_without_a_new_roll():
    state = position(dice=(2, 2, 2))
    state.apply(Place((2, 4)))
    assert line(state, 2) == "..0" and line(state, 4) == "..0" and state.current == 1


# ---- Anubis Double -------------------------------------------------------------------------

def test_anubis_double_removes_an_enemy_and_places_on_the_third_die_line():
    state = position(cells={7: "1."}, dice=(2, 2, 3))
    state.apply(Anubis(2))
    assert state.legal_moves() == [Strike(7, 1)]
    state.apply(Strike(7, 1))
    assert line(state, 7) == ".." and state.house[1] == 14
    assert line(state, 3) == "..0" and state.house[0] == 13


def test_anubis_double_is_void_when_the_third_die_cannot_be_placed():
    state = position(cells={3: "000", 7: "1."}, dice=(2, 2, 3))
    assert Anubis(2) not in state.legal_moves()
    with pytest.raises(RuleError) as refused:
        state.apply(Anubis(2))
    assert str(refused.value) == ("line 3 (the third die) is full and holds no enemy mummy to "
                                  "remove, so the third die cannot be placed and the Anubis "
                                  "Double cannot be used")
    assert state.legal_moves() == [Place((2, 5)), Place((7,))]     # the dice, used normally


def test_anubis_double_never_takes_from_the_tomb():
    state = position(tomb=[0, 3], dice=(2, 2, 3))
    assert Anubis(2) not in state.legal_moves()      # no enemy in a chamber


# ---- Osiris Maneuver and Maat's Rest -------------------------------------------------------

def test_osiris_maneuver_on_a_completed_three_line():
    state = position(cells={1: "00."}, dice=(1, 3, 4))
    state.apply(Place((1, 3, 4)))
    assert state.phase == "osiris" and Osiris(1) in state.legal_moves()
    state.apply(Osiris(1))
    # 12 in the house, 3 placed, then 1 into the tomb and 2 back home.
    assert line(state, 1) == "..." and state.tomb[0] == 1 and state.house[0] == 11
    assert state.entries["osiris"] == 1


def test_no_osiris_on_a_mixed_line():
    state = position(cells={1: "01."}, dice=(1, 3, 4))
    state.apply(Place((1, 3, 4)))
    assert state.phase != "osiris"
    with pytest.raises(RuleError):
        state.apply(Osiris(1))


def test_no_osiris_on_a_short_line():
    state = position(cells={5: "0."}, dice=(2, 3, 5))
    state.apply(Place((2, 3, 5)))
    assert state.phase != "osiris"


def _play_round_after_filling_line_9():
    """Player 0 fills line 9, player 1 plays elsewhere; returns the state at player 0's turn."""
    state = position(dice=(3, 6, 2))
    state.apply(Place((2, 9)))
    assert line(state, 9) == "0" and state.current == 1
    state.roll((1, 1, 2))
    state.apply(Place((4,)))
    return state


def test_maat_rest_after_a_complete_round():
    state = _play_round_after_filling_line_9()
    assert state.current == 0 and state.phase == "start"
    assert state.legal_moves() == [Maat(9), ROLL]
    state.apply(Maat(9))
    assert line(state, 9) == "." and state.tomb[0] == 1 and state.entries["maat"] == 1
    assert state.phase == "use"                     # then the turn goes on with the roll


def test_maat_rest_not_before_a_complete_round():
    state = position(cells={9: "0"})
    state.begin_turn()                             # filled before the game: no round yet
    assert state.phase == "use"
    with pytest.raises(RuleError):
        state.apply(Maat(9))


def test_maat_rest_lost_when_the_line_is_broken():
    state = position(dice=(3, 6, 2))
    state.apply(Place((2, 9)))
    state.roll((5, 5, 4))                           # player 1: Anubis removes the mummy on 9
    state.apply(Anubis(5))
    state.apply(Strike(9, 1))
    assert state.current == 0 and Maat(9) not in state.legal_moves()


def test_maat_rest_on_a_two_chamber_line_sends_one_in_and_one_home():
    state = position(cells={5: "00"})
    state.since_owner[5], state.since_turn[5] = 0, -1    # full since a round ago
    state.enter_start()
    assert Maat(5) in state.legal_moves()
    state.apply(Maat(5))
    assert state.tomb[0] == 1 and state.house[0] == 13 and line(state, 5) == ".."


# ---- returning, winning, skipping ----------------------------------------------------------

def test_removed_mummies_return_to_their_owner():
    state = position(players=3, cells={9: "2"}, dice=(1, 1, 1))
    state.apply(Anubis(1))
    state.apply(Strike(9, 1))
    assert state.house[2] == 14 and state.check_invariants() == []


def test_eight_in_the_tomb_wins_at_once():
    state = position(tomb=[7, 0], dice=(5, 6, 1))
    state.apply(Place((1, 11)))
    assert state.is_over() and state.winner == 0 and state.scores() == [8.0, 0.0]
    assert state.legal_moves() == []
    with pytest.raises(RuleError, match="over"):
        state.apply(ROLL)


def test_ten_by_agreement_in_the_advanced_mode_only():
    state = position(mode="advanced", tomb=[8, 0], dice=(5, 6, 1), target=10)
    state.apply(Place((1, 11)))
    assert not state.is_over() and state.tomb[0] == 9
    with pytest.raises(InputError, match="10-mummy game belongs to the advanced mode"):
        position(tomb=[8, 0], target=10)


def test_a_player_without_mummies_skips_the_turn():
    cells = {1: "111", 2: "111", 3: "111", 4: "111", 5: "11"}      # 14 mummies of player 1
    state = position(cells=cells, dice=(2, 3, 5))
    state.apply(Place((10,)))
    assert state.house[1] == 0
    assert state.current == 0 and state.turn == 3                  # player 1 was skipped


def test_everybody_stuck_is_a_blocked_game():
    cells = {1: "000", 2: "000", 3: "000", 4: "000", 5: "00",
             6: "11", 7: "11", 8: "11", 9: "1", 10: "1"}
    state = position(cells=cells, tomb=[0, 6])
    assert state.house == [0, 0]
    state.begin_turn()
    assert state.is_over() and state.blocked and state.winner == -1


def test_invariants_hold_in_a_hand_made_position():
    assert position(cells={1: "01.", 10: "1"}).check_invariants() == []


def test_the_rules_facts_read_once_are_the_rulebooks():
    """22 chambers, 14 mummies a colour, 3 six-sided dice, 2 to 6 players, 12 lines of at most
    3 chambers, Tutan's Wrath on 4-5-6, 8 mummies in the tomb to win, the Golden Triple used
    twice at most (the rulebook); the Pharaoh's Wrath passage on lines 7-12 and Anubis using a
    triple's pair are this project's readings (seeds/tumba.toml)."""
    from generator.games.tumba.model import Facts, facts

    assert facts() == Facts(chambers=22, mummies=14, dice=3, faces=6, min_players=2,
                            max_players=6, lines=12, max_depth=3, max_per_line=3,
                            passage_lines=(7, 8, 9, 10, 11, 12), golden_triple_uses=2,
                            anubis_on_triple=True, wrath=(4, 5, 6), target=8)
