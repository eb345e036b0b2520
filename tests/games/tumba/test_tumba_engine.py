"""Rule paths of the Tutan Tumba engine that whole games rarely reach, each pinned by hand:
two lines completed at once (Osiris), the Anubis Double's third die on a passage, Maat's Rest
after Tutan's Wrath, the order of turns and skips with three or more players, rolls nothing can
use, the refusals word for word, and check_invariants on broken states."""

import pytest
from games.tumba.tumba_helpers import attack, line, position

from generator.core.errors import InputError, RuleError
from generator.games.tumba.model import Line, data, standard_layout
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
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
from generator.games.tumba.rules import State, roll_options, state_from_board
from generator.games.tumba.rules_board import EMPTY


def refusal(state, move) -> str:
    with pytest.raises(RuleError) as refused:
        state.apply(move)
    return str(refused.value)


def layout(sizes, passages=()):
    return tuple(Line(n, i + 1 in passages) for i, n in enumerate(sizes))


# ---- the Osiris Maneuver: two lines at once --------------------------------------------------

def test_one_placement_completing_two_lines_offers_both_osiris():
    state = position(cells={1: "00.", 3: "00."}, dice=(1, 3, 6))
    state.apply(Place((1, 3, 6)))
    assert state.osiris_lines == [1, 3]
    assert state.legal_moves() == [Osiris(1), Osiris(3), PASS]
    state.apply(Osiris(3))
    assert state.legal_moves() == [Osiris(1), PASS] and state.tomb == [1, 0]
    state.apply(Osiris(1))
    assert state.tomb == [2, 0] and line(state, 1) == line(state, 3) == "..."
    # 4 on the board, 3 placed, then 2 go home from each line
    assert state.house == [11, 14] and state.entries["osiris"] == 2
    assert state.current == 1                     # nothing left to do: the turn is over


def test_passing_the_osiris_maneuver_keeps_the_line():
    state = position(cells={1: "00."}, dice=(1, 3, 4))
    state.apply(Place((1, 3, 4)))
    state.apply(PASS)
    assert line(state, 1) == "000" and state.tomb == [0, 0] and state.current == 1


def test_osiris_then_tutans_wrath():
    state = position(mode="advanced", cells={4: "00."}, dice=(4, 5, 6))
    state.apply(Place((4, 5, 6)))
    assert state.legal_moves() == [Osiris(4), PASS]
    state.apply(Osiris(4))
    assert state.phase == "wrath" and state.tomb == [1, 0]


def test_osiris_after_the_line_of_the_anubis_doubles_third_die():
    state = position(cells={3: "00.", 9: "1"}, dice=(2, 2, 3))
    state.apply(Anubis(2))
    state.apply(Strike(9, 1))
    assert state.legal_moves() == [Osiris(3), PASS]


def test_osiris_after_reports_the_lines_without_touching_the_board():
    state = position(cells={1: "0..", 3: "00."}, dice=(1, 1, 3))
    assert state.osiris_after((1, 1, 3)) == [1, 3]
    assert state.osiris_after((2, 3)) == [3] and state.osiris_after((5,)) == []
    assert line(state, 1) == "0.." and line(state, 3) == "00."


# ---- the Anubis Double's third die on a passage --------------------------------------------

def test_the_third_die_on_a_passage_enters_the_tomb():
    # A hand-made board with a passage on line 3: the third die's mummy enters at once.
    sizes = [3, 3, 0, 3, 2, 2, 2, 2, 1, 1, 0, 0]
    state = position(layout=layout(sizes, (3, 11, 12)), cells={9: "1"}, dice=(2, 2, 3))
    state.apply(Anubis(2))
    state.apply(Strike(9, 1))
    assert state.tomb == [1, 0] and state.entries["passage"] == 1 and state.house == [13, 14]
    assert state.current == 1


def test_the_third_die_on_a_passage_can_win():
    sizes = [3, 3, 0, 3, 2, 2, 2, 2, 1, 1, 0, 0]
    state = position(layout=layout(sizes, (3, 11, 12)), cells={9: "1"}, tomb=[7, 0],
                     dice=(2, 2, 3))
    state.apply(Anubis(2))
    state.apply(Strike(9, 1))
    assert state.is_over() and state.winner == 0


# ---- Maat's Rest after Tutan's Wrath ---------------------------------------------------------

def test_maat_rest_follows_its_line_when_tutans_wrath_moves_it():
    # Player 0 fills line 9 (one chamber), then Tutan's Wrath moves the chambers one row: line
    # 9's chamber now stands at line 7 and is still full of player 0 since that turn.
    state = position(mode="advanced", cells={9: "0"}, dice=(4, 5, 6))
    state.since_owner[9], state.since_turn[9] = 0, 0
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(1, False))
    sizes = state.board.sizes[1:]
    assert sizes == [3, 3, 2, 2, 2, 2, 1, 1, 3, 3, 0, 0]
    assert line(state, 7) == "0" and state.since_owner[7] == 0 and state.since_turn[7] == 0
    assert state.current == 1                      # nothing to incinerate: player 1 plays
    state.apply(Roll((2, 3, 5)))
    state.apply(Place((2, 3, 5)))
    if state.current == 1:                         # an incineration is open to player 1
        state.apply(PASS)
    assert state.current == 0 and state.phase == "start"
    assert Maat(7) in state.legal_moves() and Maat(9) not in state.legal_moves()
    state.apply(Maat(7))
    assert state.tomb == [1, 0] and line(state, 7) == "."


# ---- turns, skips and the order of decisions with more players -----------------------------

def test_turns_go_round_the_table_and_skip_an_empty_house():
    state = position(players=4, cells={1: "111", 2: "111", 3: "111", 4: "111", 5: "11"},
                     dice=(2, 3, 4))
    assert state.house == [14, 0, 14, 14]
    state.apply(Place((9,)))
    assert state.current == 2 and state.turn == 3 and state.skips == 0   # player 1 skipped
    assert state.phase == "use"                    # player 2's roll, thrown at once


def test_a_turn_of_maat_with_an_empty_house_is_not_skipped():
    state = position(players=3, cells={9: "1", 1: "111", 2: "111", 3: "111", 4: "111",
                                        5: "11"})
    state.house[1] = 0
    state.since_owner[9], state.since_turn[9] = 1, -5
    state.current = 0
    state._end_turn()
    assert state.current == 1 and state.legal_moves() == [Maat(9), PASS]


def test_the_golden_triple_removes_from_every_tied_tomb_leader():
    state = position(players=4, tomb=[0, 3, 1, 3], dice=(2, 2, 2))
    state.apply(GOLDEN)
    assert state.legal_moves() == [GoldenRemove(1), GoldenRemove(3), PASS]


def test_the_golden_triple_removes_nothing_when_no_rival_has_a_mummy_out():
    state = position(players=3, dice=(2, 2, 2))
    state.apply(GOLDEN)
    assert state.phase == "second-roll"


# ---- rolls -----------------------------------------------------------------------------------

def test_a_roll_no_throw_could_use_loses_the_placing():
    # No mummy in the house: no throw has a use (not even a triple), so after the data's
    # number of attempts the placing is given up and the turn goes on to the incinerations.
    state = position(cells={1: "000", 2: "000", 3: "000", 4: "000", 5: "00"})
    assert state.house[0] == 0
    state.roll((1, 2, 3))
    assert state.current == 1 and state.forced_rerolls == 0 and state.tomb == [0, 0]


def test_a_usable_roll_is_kept_in_the_use_phase():
    state = position()
    state.roll((2, 3, 5))
    assert (state.phase, state.dice, state.forced_rerolls) == ("use", (2, 3, 5), 0)


def test_a_given_roll_must_be_three_dice_of_the_game():
    state = position(mode="advanced")
    state.enter_start()
    for dice in ((2, 3), (2, 3, 7), (0, 3, 5), (2, 3, 5, 1), (2.0, 3, 5)):
        with pytest.raises(RuleError):
            state.apply(Roll(dice))
    state.apply(Roll((2, 3, 5)))
    assert state.dice == (2, 3, 5)


def test_placement_options_need_mummies_in_the_house():
    state = position(dice=(2, 3, 5))
    state.house[0] = 2
    assert state.placement_options((2, 3, 5)) == [(2, 8), (3, 7), (5, 5), (10,)]
    state.house[0] = 1
    assert state.placement_options((2, 3, 5)) == [(10,)]
    assert state.use_moves((2, 2, 2)) == [Place((6,)), GOLDEN]
    state.house[0] = 0
    assert state.use_moves((2, 2, 2)) == []


def test_two_mummies_on_a_line_need_two_free_chambers():
    state = position(cells={5: "1."})
    assert (5, 5) not in state.placement_options((2, 3, 5))
    state = position(cells={11: ""})
    assert (1, 11) in state.placement_options((1, 5, 6))


def test_an_enemy_on_the_board_is_one_not_all_in_house_or_tomb():
    state = position(tomb=[0, 14])
    assert not state._enemy_on_board()
    state = position(players=3, tomb=[0, 2, 0], cells={9: "2"})
    assert state._enemy_on_board()


# ---- the start of a turn ---------------------------------------------------------------------

def test_the_roll_is_thrown_at_once_when_it_is_the_only_choice():
    state = position()
    state.enter_start()
    assert state.phase == "use" and len(state.dice) == 3


def test_seths_trick_is_offered_at_the_start_of_an_advanced_turn():
    state = position(mode="advanced")
    state.enter_start()
    assert state.legal_moves() == [ROLL, SETH]


def test_maat_lines_wait_for_a_whole_round():
    state = position(players=3, cells={9: "0"})
    state.since_owner[9] = 0
    state.turn = 5
    state.since_turn[9] = 2
    assert state.maat_lines() == [9]               # full since turn 2, three players: due 2
    state.since_turn[9] = 3
    assert state.maat_lines() == []
    state.since_turn[9], state.since_owner[9] = 2, 1
    assert state.maat_lines() == []                # someone else's line


def test_the_snapshot_notes_who_holds_each_short_line_since_when():
    state = position(cells={9: "0", 10: "1", 5: "01"})
    state.turn = 4
    state._snapshot()
    assert state.since_owner[9] == 0 and state.since_owner[10] == 1 and state.since_turn[9] == 4
    assert state.since_owner[5] == EMPTY
    state.turn = 6
    state._snapshot()
    assert state.since_turn[9] == 4                # unchanged owner: the turn it began stays


# ---- refusals, word for word -----------------------------------------------------------------

def test_moves_of_another_phase_are_refused_with_the_phase():
    state = position(dice=(2, 3, 5))
    assert refusal(state, ROLL) == ("Roll(dice=None) is not possible now: the dice (2, 3, 5) "
                                    "must be used: a placement option or a power")
    assert refusal(state, Jump(1, 1, -1, 0)) == (
        "Jump(line=1, depth=1, dx=-1, dy=0) is not possible now: the dice (2, 3, 5) must be "
        "used: a placement option or a power")
    assert refusal(state, Strike(1, 1)) == (
        "Strike(line=1, depth=1) is not possible now: the dice (2, 3, 5) must be used: a "
        "placement option or a power")
    state.enter_start()
    state.phase = "start"
    state._moves = None
    assert refusal(state, Place((10,))).endswith(
        "the turn starts: roll the dice (or take Maat's Rest / Seth's Trick when offered)")


def test_refusals_of_placing():
    state = position(cells={10: "1", 5: "1."}, dice=(2, 3, 5))
    assert refusal(state, Place((4, 6))) == (
        "the dice (2, 3, 5) cannot be split into groups summing to lines [4, 6] (every die is "
        "used, each group's sum names a line 1-12)")
    assert refusal(state, Place((10,))) == (
        "line 10 is full: no mummy may enter it (pushing one into the tomb is not allowed)")
    assert refusal(state, Place((5, 5))) == "line 5 has room for 1 mummy, not 2"
    state.house[0] = 2
    state._moves = None
    assert refusal(state, Place((2, 3, 5))) == (
        "this needs 3 mummies and only 2 are left in the house")


def test_refusals_of_the_powers():
    state = position(dice=(2, 3, 5))
    assert refusal(state, GOLDEN) == "the Golden Triple needs three equal dice, not (2, 3, 5)"
    assert refusal(state, Anubis(2)) == (
        "the Anubis Double needs two dice showing 2; the roll is (2, 3, 5)")
    state = position(dice=(2, 2, 3))
    assert refusal(state, Anubis(2)) == (
        "the Anubis Double needs an enemy mummy in a chamber and a mummy in your house")
    assert refusal(state, Anubis(3)) == (
        "the Anubis Double needs two dice showing 3; the roll is (2, 2, 3)")
    state = position(dice=(2, 2, 2))
    state.house[0] = 0
    state._moves = None
    assert refusal(state, GOLDEN) == "the Golden Triple needs a mummy in the house"


def test_refusals_of_maat_and_the_advanced_moves():
    state = position()
    state.enter_start()
    state.phase, state._moves = "start", None
    assert refusal(state, Maat(9)) == (
        "line 9 has not been full of your mummies for a whole round (Maat's Rest needs a line of "
        "1-2 chambers completed before your previous turn ended)")
    for move, name in ((Reroll(2), "the one-die re-roll"), (SETH, "Seth's Trick"),
                       (SethMove(1, "tomb", 9), "Seth's Trick"), (Wrath(1), "Tutan's Wrath")):
        assert refusal(state, move) == (f"{name} belongs to the advanced mode (Pharaoh's Wrath); "
                                        "this game uses the standard rules")


def test_refusals_of_incinerating():
    state = attack(position(cells={1: "1.0", 2: "10.", 3: ".0.", 5: "00"}))
    assert refusal(state, Jump(1, 2, -1, 0)) == (
        "there is no mummy of yours in line 1, chamber 2")
    assert refusal(state, Jump(13, 1, -1, 0)) == (
        "there is no mummy of yours in line 13, chamber 1")
    assert refusal(state, Jump(1, 3, 1, 0)) == (
        "an incineration never leads away from the tomb (only Toth's Inversion allows it, in the "
        "advanced mode)")
    assert refusal(state, Jump(1, 3, 0, -1)) == "that jump leaves the board"
    assert refusal(state, Jump(3, 2, -1, 0)) == "there is no mummy to jump over in that direction"
    assert refusal(state, Jump(3, 2, 0, 1)) == "you cannot incinerate your own mummy"
    state = attack(position(cells={1: "110", 2: "10."}))
    assert refusal(state, Jump(1, 3, -1, 0)) == (
        "the landing chamber (line 1, chamber 1) is missing or occupied")


def test_only_one_mummy_incinerates_per_turn():
    state = attack(position(cells={1: ".10", 3: "1..", 2: ".10"}))
    state.apply(Jump(1, 3, -1, 0))                 # lands on line 1, depth 1: the attacker
    assert state.attacker == (1, 1)
    assert state.legal_moves() == [Jump(1, 1, 0, 1), PASS]
    assert refusal(state, Jump(2, 3, -1, 0)) == "only one mummy may incinerate per turn"


def test_the_game_over_refuses_everything():
    state = position(tomb=[7, 0], dice=(5, 6, 1))
    state.apply(Place((1, 11)))
    for move in (ROLL, Place((1, 11)), PASS, Jump(1, 3, -1, 0)):
        assert refusal(state, move) == "the game is over"
    assert refusal(state, Reroll(5)) == ("the one-die re-roll belongs to the advanced mode "
                                         "(Pharaoh's Wrath); this game uses the standard rules")


# ---- check_invariants on broken states -------------------------------------------------------

def test_check_invariants_names_every_broken_count():
    state = position(cells={1: "01."})
    assert state.check_invariants() == []
    state.house[0] -= 1
    assert state.check_invariants() == ["player 1: tomb 0 + house 12 + board 1 != 14"]
    state.house[0] = -1
    state.tomb[0] = 14
    assert state.check_invariants() == ["player 1: tomb 14 + house -1 + board 1 != 14",
                                        "a player reached the target but the game goes on"]


def test_check_invariants_names_broken_pieces_and_winner():
    state = position()
    state.board.cells[1].append(EMPTY)
    assert state.check_invariants() == ["line 1: 4 cells for 3 chambers"]
    state = position()
    state.board.sizes[2] = 4
    state.board.cells[2] = [EMPTY] * 4
    assert state.check_invariants() == ["line 2: 4 cells for 4 chambers",
                                        "23 chambers on the board, the game started with 22"]
    state = position()
    state.board.sizes[11] = 1
    state.board.cells[11] = [EMPTY]
    assert state.check_invariants() == ["line 11: a passage shares its line",
                                        "23 chambers on the board, the game started with 22"]
    state = position(tomb=[3, 0])
    state.winner = 0
    assert state.check_invariants() == ["a winner below the target"]
    state = position()
    state.phase = "attack"
    state._moves = None
    assert state.check_invariants() == ["no legal move in phase attack"]


# ---- making states ---------------------------------------------------------------------------

def test_a_state_refuses_an_unknown_mode_and_a_player_count_outside_2_6():
    with pytest.raises(InputError, match="mode 'quick': choose standard or advanced"):
        State(2, mode="quick")
    for players in (1, 7):
        with pytest.raises(InputError) as refused:
            State(players)
        assert str(refused.value) == f"{players} players: Tutan Tumba is for 2-6 players"
    assert State(6).players == 6 and State(2).house == [14, 14]


def test_a_state_from_a_board_document():
    from generator.games.tumba.model_board import board_from_json

    board = board_from_json({"players": 3, "player": 2, "lines": {
        str(n): ("passage" if n > 10 else size)
        for n, size in enumerate(data()["standard"]["lines"], start=1)},
        "mummies": {"1": [0, 2, 1]}, "tomb": [1, 0, 2]}, "test")
    state = state_from_board(board)
    assert state.current == 1 and state.tomb == [1, 0, 2] and line(state, 1) == ".10"
    assert state.house == [12, 13, 12] and state.phase == "start"


def test_roll_options_checks_the_dice_and_the_passages():
    with pytest.raises(InputError, match="give three dice, each 1-6"):
        roll_options((2, 3))
    with pytest.raises(InputError, match="give three dice, each 1-6"):
        roll_options((2, 3, 9))
    assert roll_options((2, 3, 5)).options == ((2, 3, 5), (2, 8), (3, 7), (5, 5), (10,))
    from generator.games.tumba.model_board import empty_board

    one = empty_board(layout([3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 0, 0], (12,)))
    with pytest.raises(InputError) as refused:
        roll_options((2, 3, 5), one)
    assert str(refused.value) == "the standard rules use 2 secret passages; this board has 1"
    assert standard_layout()[10] == Line(0, True)


def test_new_state_draws_players_and_mode_unless_given():
    from generator.core.rng import make_rng
    from generator.games.tumba.rules import new_state

    drawn = {(s.players, s.mode) for s in (new_state(make_rng(i)) for i in range(30))}
    assert {p for p, _ in drawn} <= set(range(2, 7)) and len({p for p, _ in drawn}) > 3
    assert {m for _, m in drawn} == {"standard", "advanced"}
    state = new_state(make_rng(1), players=5, mode="advanced", target=10)
    assert (state.players, state.mode, state.target) == (5, "advanced", 10)
    assert sum(1 for n in range(1, 13) if state.board.passage[n]) == 1
    assert new_state(make_rng(1), players=3, mode="standard").board.layout() == standard_layout()


def test_the_history_and_the_counts_of_what_players_chose():
    state = position(mode="advanced", cells={1: "01.", 7: "1."}, dice=(3, 4, 5))
    state.history = []
    state.apply(Place((12,)))
    state.apply(Jump(1, 1, 1, 0))                  # backwards, thanks to Toth's Inversion
    assert state.history == [(0, Place((12,))), (0, Jump(1, 1, 1, 0))]
    assert state.actions == {"place": 1, "golden-triple": 0, "anubis": 0, "maat": 0,
                             "osiris": 0, "incineration": 1, "toth": 1, "reroll": 0, "seth": 0,
                             "wrath": 0}
    assert state.entries["passage"] == 1 and state.scores() == [1.0, 0.0]
    assert state.current_player() == state.current == 1 and not state.is_over()


def test_a_forward_incineration_is_no_toth():
    state = attack(position(cells={1: ".10", 2: "10."}))
    state.apply(Jump(1, 3, -1, 0))
    assert state.actions["incineration"] == 1 and state.actions["toth"] == 0


# ---- the advanced moves' effects ----------------------------------------------------------------

def test_every_forced_throw_is_counted():
    full = {1: "111", 2: "000", 3: "111", 4: "000"}
    state = position(mode="advanced", cells=full, dice=(1, 1, 2))
    state.apply(Roll((1, 1, 2)))                   # thrown again: still no use
    assert state.phase == "use" and state.dice == (1, 1, 2)
    state.apply(Roll((2, 3, 5)))
    assert state.forced_rerolls == 2 and state.rerolls_used == 0


def test_a_rerolled_die_shows_1_to_6():
    seen = set()
    for seed in range(60):
        state = position(mode="advanced", dice=(1, 2, 6), seed=seed)
        state.apply(Reroll(6))
        assert state.dice[:2] == (1, 2)
        seen.add(state.dice[2])
    assert seen == {1, 2, 3, 4, 5, 6}


def test_two_rerolls_a_turn_when_the_data_says_so():
    state = position(mode="advanced", dice=(1, 2, 6))
    state.rules = dict(state.rules, die_rerolls=2)
    state._moves = None
    state.apply(Reroll(6))
    assert state.rerolls_used == 1 and any(type(m) is Reroll for m in state.legal_moves())
    state.apply(Reroll(state.dice[0]))
    assert state.rerolls_used == 2 and not any(type(m) is Reroll for m in state.legal_moves())


def test_seths_trick_from_the_tomb_end():
    state = position(mode="advanced", cells={1: "0.1"})
    state.enter_start()
    state.apply(SETH)
    state.apply(SethMove(1, "tomb", 9))            # the tomb-end chamber to line 9's outer end
    assert line(state, 1) == ".1" and line(state, 9) == ".0"
    assert state.since_owner[1] == state.since_owner[9] == EMPTY


def test_tutans_wrath_crossed_takes_the_loose_line_to_the_other_side():
    state = position(mode="advanced", cells={9: "1", 10: "0"}, dice=(4, 5, 6))
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(-1, True))                   # down: lines 9 and 10 come loose
    assert line(state, 1) == "0" and line(state, 2) == "1"     # each to the other side
    state = position(mode="advanced", cells={9: "1", 10: "0"}, dice=(4, 5, 6))
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(-1, False))
    assert line(state, 1) == "1" and line(state, 2) == "0"


def test_tutans_wrath_moves_the_round_counts_with_the_lines():
    state = position(mode="advanced", cells={9: "0", 10: "1"}, dice=(4, 5, 6))
    state.since_owner[9], state.since_turn[9] = 0, -3
    state.since_owner[10], state.since_turn[10] = 1, -2
    state.apply(Place((4, 5, 6)))
    state.apply(Wrath(1, False))                   # up: line 9's chamber now at line 7
    assert state.since_owner[7:11] == [0, 1, EMPTY, EMPTY]
    assert state.since_turn[7:11] == [-3, -2, 0, 0] and state.since_turn[0] == 0


# ---- a new game, and one made from a board ---------------------------------------------------

def test_a_new_game_starts_with_player_1s_first_roll():
    state = State(2)
    assert (state.current, state.turn, state.phase, state.blocked, state.winner) == (
        0, 1, "use", False, -1)                    # the roll is the only choice: thrown at once
    assert state.dice_seed == 0 and state.start_layout == standard_layout()
    assert State(3, seed=5).dice == State(3, seed=5).dice
    assert {State(2, seed=s).dice for s in range(12)} != {State(2, seed=0).dice}
    unbegun = State(2, seed=5, begin=False)
    assert (unbegun.turn, unbegun.phase, unbegun.dice) == (0, "start", ())
    with pytest.raises(InputError) as refused:
        State(2, target=10)
    assert str(refused.value) == ("target 10: the standard game is won with 8 mummies in the "
                                  "tomb; the 10-mummy game belongs to the advanced mode")


def test_a_state_from_a_board_keeps_its_layout_target_and_seed():
    from generator.core.rng import make_rng
    from generator.games.tumba.generate import advanced_setup
    from generator.games.tumba.model_board import empty_board

    setup = advanced_setup(make_rng(3), 2)
    state = state_from_board(empty_board(setup.lines, "advanced"), target=10, seed=7)
    assert state.board.layout() == setup.lines and state.target == 10 and state.dice_seed == 7
    assert state.turn == 1 and state.phase == "start"
    plain = state_from_board(empty_board(standard_layout()))
    assert plain.dice_seed == 0 and plain.target == 8


def test_new_state_seeds_its_dice_from_the_generator():
    from generator.core.rng import make_rng
    from generator.games.tumba.rules import new_state

    seeds = [new_state(make_rng(i), players=2, mode="standard").dice_seed for i in range(20)]
    assert all(0 <= s < 2 ** 32 for s in seeds) and len(set(seeds)) == 20
    again = new_state(make_rng(4), players=2, mode="standard")
    assert again.dice_seed == seeds[4] and again.dice == new_state(
        make_rng(4), players=2, mode="standard").dice


# ---- counting, throwing ----------------------------------------------------------------------

def test_the_counts_of_choices_add_up():
    state = position(mode="advanced", cells={1: "01.", 7: "1."}, dice=(3, 4, 5))
    state.actions["place"], state.actions["toth"] = 3, 2
    state.apply(Place((12,)))
    state.apply(Jump(1, 1, 1, 0))
    assert state.actions["place"] == 4 and state.actions["toth"] == 3
    assert state.actions["incineration"] == 1


def test_a_throw_shows_1_to_6_on_each_die():
    state = position()
    throws = [state._throw() for _ in range(400)]
    for i in range(3):
        assert {t[i] for t in throws} == {1, 2, 3, 4, 5, 6}


def test_given_dice_may_show_any_face():
    for dice in ((1, 6, 6), (6, 1, 1), (1, 1, 6)):
        state = position(mode="advanced")
        state.enter_start()
        state.apply(Roll(dice))
        assert state.dice == dice


def test_each_forced_throw_is_one_throw():
    state = position(mode="advanced", cells={1: "111", 2: "000", 3: "111", 4: "000"})
    state.rules = dict(state.rules, die_rerolls=0)
    throws = []
    real = state._throw

    def counted():
        throws.append(real())
        return throws[-1]

    state._throw = counted
    state.roll((1, 1, 2))                          # no use: thrown again until one has
    assert state.forced_rerolls == len(throws) >= 1 and state.dice == throws[-1]


def test_the_placing_is_given_up_after_the_datas_number_of_throws():
    state = position(cells={1: "000", 2: "000", 3: "000", 4: "000", 5: "00"})
    throws = []
    real = state._throw

    def counted():
        throws.append(real())
        return throws[-1]

    state._throw = counted
    state.roll((1, 2, 3))
    assert len(throws) == data()["powers"]["reroll_attempts"] == 500
    assert state.current == 1                      # the turn went on, and ended


def test_the_golden_triple_needs_all_three_dice_equal_in_any_order():
    for dice in ((3, 2, 2), (2, 3, 2), (2, 2, 3)):
        assert GOLDEN not in position(dice=dice).use_moves(dice)
    assert GOLDEN in position(dice=(2, 2, 2)).use_moves((2, 2, 2))


def test_the_golden_triple_takes_from_a_tomb_of_one():
    state = position(players=3, tomb=[0, 1, 0], cells={9: "2"}, dice=(2, 2, 2))
    state.apply(GOLDEN)
    assert state.legal_moves() == [GoldenRemove(1), PASS]


# ---- Maat's Rest: which lines ------------------------------------------------------------------

def test_maat_on_the_first_and_last_lines_of_an_advanced_board():
    sizes = [1, 3, 3, 3, 2, 2, 2, 2, 0, 2, 1, 2]
    state = position(mode="advanced", layout=layout(sizes, (9,)), cells={1: "0", 12: "00"})
    for n in (1, 12):
        state.since_owner[n], state.since_turn[n] = 0, -2
    state._layout_cache = None
    assert state.maat_lines() == [1, 12]


def test_no_maat_on_a_three_chamber_line():
    state = position(cells={1: "000"})
    state.since_owner[1], state.since_turn[1] = 0, -2
    assert state.maat_lines() == []


def test_taking_maat_with_an_empty_house_ends_the_turn_at_once():
    cells = {1: "111", 2: "111", 3: "111", 4: "111", 9: "1"}
    state = position(cells=cells)
    state.house[1] = 1
    state.house[1] -= 1
    state.tomb[1] = 1
    state.since_owner[9], state.since_turn[9] = 1, -5
    state.current = 0
    state._end_turn()
    assert state.current == 1 and state.legal_moves() == [Maat(9), PASS]
    state.apply(Maat(9))
    assert state.tomb[1] == 2 and state.current == 0          # nothing else to do: passed


def test_roll_options_words():
    with pytest.raises(InputError) as refused:
        roll_options((2, 3))
    assert str(refused.value) == "dice 2 3: give three dice, each 1-6"
