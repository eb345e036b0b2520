"""Reading a roll on hand-made positions: every power with its exact reading (usable or not and
why), the Anubis Double's third die for low and high pairs, the incineration chains a roll reading
lists (forward, and backwards under Toth's Inversion) and the JSON of a reading.

Expected values are the rulebook's (seed 001, "Special Actions of the Priest", "Advanced Turn
Moves") worked by hand on each position; notes are the texts ``tumba roll`` prints."""

import pytest
from games.tumba.tumba_helpers import position

from generator.games.tumba.model import Line, data
from generator.games.tumba.rules_roll import (
    Chain,
    Power,
    option_groups,
    pair_of,
    read_roll,
    sequence_power,
)

# An advanced layout (22 chambers, one passage on line 12) with three chambers on lines 1-5, so
# that a chain can go back (depth 1 -> 3), forward and back again on the left side.
DEEP = (Line(3), Line(3), Line(3), Line(3), Line(3), Line(2), Line(1), Line(1), Line(1),
        Line(1), Line(1), Line(0, True))


def powers(reading) -> dict[str, Power]:
    return {p.code: p for p in reading.powers}


# ---- which die is the third one --------------------------------------------------------------

@pytest.mark.parametrize("dice, pair", [
    ((2, 2, 3), (2, 3)),        # the rulebook's example: the double 2, the third die 3
    ((4, 5, 5), (5, 4)),        # a high pair: the third die is the low one
    ((5, 4, 5), (5, 4)),        # in any order
    ((6, 6, 3), (6, 3)),        # the rulebook's 6-6-3: line 3 takes the third mummy
    ((1, 1, 1), (1, 1)),        # a triple holds a pair too (seeds/tumba.toml anubis_on_triple)
    ((1, 2, 3), None),
    ((6, 4, 5), None),
])
def test_the_pair_and_the_third_die(dice, pair):
    assert pair_of(dice) == pair


def test_a_high_pair_sends_the_third_mummy_to_the_low_die_line():
    state = position(cells={5: ".1"})          # an enemy on line 5
    assert powers(read_roll(state, (4, 5, 5)))["anubis-double"] == Power(
        "anubis-double", True, (5, 5), (4,),
        "remove any enemy mummy from a chamber, then place one of yours on line 4")


def test_a_high_pair_is_void_when_the_low_die_line_is_full_of_ones_own():
    # line 4 full of the roller's own: even removing the enemy of line 6 makes no room there
    state = position(cells={4: "000", 6: ".1"})
    assert powers(read_roll(state, (4, 5, 5)))["anubis-double"] == Power(
        "anubis-double", False, (5, 5), (4,), "line 4 cannot take the third die's mummy, even "
        "after the removal: the power is void", "full")


def test_a_full_low_die_line_holding_an_enemy_takes_the_mummy_after_the_removal():
    state = position(cells={4: "101", 6: ".."})
    assert powers(read_roll(state, (4, 5, 5)))["anubis-double"] == Power(
        "anubis-double", True, (5, 5), (4,),
        "line 4 is full: remove an enemy mummy from it, then place one of yours there")


def test_a_triple_offers_the_anubis_double_as_well():
    state = position(cells={9: "1"})
    assert powers(read_roll(state, (4, 4, 4)))["anubis-double"] == Power(
        "anubis-double", True, (4, 4), (4,),
        "remove any enemy mummy from a chamber, then place one of yours on line 4")


# ---- the Anubis Double's conditions ----------------------------------------------------------

def test_anubis_with_one_free_chamber_on_the_third_line_is_usable():
    state = position(cells={3: ".11"})         # line 3: one chamber left
    assert powers(read_roll(state, (2, 2, 3)))["anubis-double"].usable


def test_anubis_needs_an_enemy_not_just_any_mummy():
    state = position(cells={1: "000", 7: "00"})   # only the roller's own
    assert powers(read_roll(state, (2, 2, 3)))["anubis-double"] == Power(
        "anubis-double", False, (2, 2), (3,), "no enemy mummy in a chamber", "enemy")


def test_anubis_needs_a_mummy_in_the_house():
    state = position(cells={7: "11"})
    state.house[0] = 0
    assert powers(read_roll(state, (2, 2, 3)))["anubis-double"] == Power(
        "anubis-double", False, (2, 2), (3,), "no mummy left in the house", "house")


# ---- the Golden Triple -----------------------------------------------------------------------

GOLDEN_NOTE = ("one mummy straight into the tomb, you may take one back from the leading "
               "opponent, then you may roll again (twice at most)")


def test_golden_triple_usable_once_and_twice_but_not_a_third_time():
    assert data()["powers"]["golden_triple_uses"] == 2        # the rulebook: no third roll
    state = position()
    assert powers(read_roll(state, (3, 3, 3)))["golden-triple"] == Power(
        "golden-triple", True, (3, 3, 3), (), GOLDEN_NOTE)
    state.golden_used = 1
    assert powers(read_roll(state, (3, 3, 3)))["golden-triple"].usable
    state.golden_used = 2
    assert powers(read_roll(state, (3, 3, 3)))["golden-triple"] == Power(
        "golden-triple", False, (3, 3, 3), (), "already used 2 times this turn", "used")


def test_golden_triple_needs_a_mummy_in_the_house():
    state = position(cells={1: "000"})
    state.house[0] = 0
    assert powers(read_roll(state, (3, 3, 3)))["golden-triple"] == Power(
        "golden-triple", False, (3, 3, 3), (), "no mummy left in the house", "house")


def test_with_one_mummy_in_the_house_the_golden_triple_is_usable():
    state = position()
    state.house[0] = 1
    assert powers(read_roll(state, (3, 3, 3)))["golden-triple"].usable


# ---- passages, Osiris, sequences -------------------------------------------------------------

def test_secret_passage_and_osiris_readings():
    state = position(cells={1: "00."})
    reading = read_roll(state, (1, 5, 6))
    assert reading.options == ((1, 5, 6), (1, 11), (5, 7), (6, 6), (12,))
    assert reading.passages == (11, 12)
    assert powers(reading) == {
        "secret-passage": Power("secret-passage", True, (), (11, 12),
                                "a mummy sent to a passage enters the tomb at once"),
        "osiris-maneuver": Power("osiris-maneuver", True, (), (1,),
                                 "completes a 3-chamber line of yours: its last mummy may enter "
                                 "the tomb"),
    }


def test_a_passage_on_line_1_is_listed_too():
    layout = (Line(0, True),) + DEEP[1:11] + (Line(3),)
    state = position(layout=layout)
    assert read_roll(state, (2, 3, 4)).passages == (1,)


def test_sequences_name_their_power_only_for_their_dice():
    advanced, standard = data()["modes"]["advanced"], data()["modes"]["standard"]
    assert sequence_power((3, 1, 2), advanced) == "toth-inversion"
    assert sequence_power((5, 3, 4), advanced) == "toth-inversion"
    assert sequence_power((6, 5, 4), advanced) == "tutan-wrath"
    assert sequence_power((1, 2, 4), advanced) == ""
    assert sequence_power((1, 2, 3), standard) == ""
    assert sequence_power((4, 5, 6), standard) == ""


def test_toth_inversion_reading_with_and_without_a_placement():
    state = position(mode="advanced", layout=DEEP)
    assert powers(read_roll(state, (3, 1, 2)))["toth-inversion"] == Power(
        "toth-inversion", True, (1, 2, 3), (),
        "after placing, incinerate backwards too (away from the tomb)")
    state = position(mode="advanced", layout=DEEP, cells={1: "111", 2: "111", 3: "111"})
    reading = read_roll(state, (1, 2, 3))
    assert reading.options == ((6,),)                # 1+2+3: only line 6 has room
    state = position(mode="advanced", layout=DEEP,
                     cells={1: "111", 2: "111", 3: "111", 4: "111", 5: "111", 6: "11"})
    assert powers(read_roll(state, (1, 2, 3)))["toth-inversion"] == Power(
        "toth-inversion", False, (1, 2, 3), (), "no legal placement, so no inversion", "place")


def test_tutan_wrath_needs_lines_4_5_and_6():
    state = position(mode="advanced", layout=DEEP)
    assert powers(read_roll(state, (6, 4, 5)))["tutan-wrath"] == Power(
        "tutan-wrath", True, (4, 5, 6), (4, 5, 6),
        "after placing on lines 4, 5 and 6, shift the board one row up or down")
    state = position(mode="advanced", layout=DEEP, cells={5: "111"})
    assert powers(read_roll(state, (4, 5, 6)))["tutan-wrath"] == Power(
        "tutan-wrath", False, (4, 5, 6), (4, 5, 6), "lines 4, 5 and 6 cannot all take a mummy",
        "place")


# ---- how the dice of an option are grouped ---------------------------------------------------

def test_option_groups_sort_groups_by_their_sum():
    assert option_groups((1, 5, 3)) == {(1, 3, 5): "1 | 3 | 5", (3, 6): "3 | 1+5",
                                        (4, 5): "1+3 | 5", (1, 8): "1 | 5+3", (9,): "1+5+3"}


def test_option_groups_leave_out_sums_past_line_12():
    assert option_groups((6, 6, 6)) == {(6, 6, 6): "6 | 6 | 6", (6, 12): "6 | 6+6"}


# ---- incineration chains in a reading --------------------------------------------------------

def test_two_jumps_into_the_tomb_from_one_chamber_are_both_listed():
    # The roller (player 0) on line 5 depth 2; enemies on line 3 depth 1 and line 5 depth 1: a diagonal and a
    # straight jump, each into the tomb.
    state = position(cells={5: "10", 3: "1.."})
    reading = read_roll(state, (1, 2, 4))
    assert reading.incinerations == (Chain((5, 2), (((3, 1), "tomb"),)),
                                     Chain((5, 2), (((5, 1), "tomb"),)))


def test_a_chain_turns_and_never_jumps_its_own_mummies():
    # From line 3 depth 3 over line 3 depth 2 to depth 1; then parallel over line 5 depth 1 to
    # line 7 depth 1. An own mummy on line 9 must not be jumped onto the passage of line 11.
    state = position(cells={3: ".10", 5: "1.", 7: "..", 9: "0"})
    reading = read_roll(state, (1, 2, 4))
    assert reading.incinerations == (
        Chain((3, 3), (((3, 2), (3, 1)), ((5, 1), (7, 1)))),)
    assert reading.to_json()["incinerations"] == [
        {"from": [3, 3], "backwards": False,
         "jumps": [{"over": [3, 2], "to": [3, 1]}, {"over": [5, 1], "to": [7, 1]}]}]


def test_ammits_attack_ends_a_chain_on_the_passage():
    state = position(cells={7: "0.", 9: "1"})
    assert read_roll(state, (1, 2, 4)).to_json()["incinerations"] == [
        {"from": [7, 1], "backwards": False, "jumps": [{"over": [9, 1], "to": "passage"}]}]


def test_backward_jumps_only_under_a_usable_toth_inversion():
    # The roller on line 1 depth 1 with an enemy behind it (depth 2) and room at depth 3.
    cells = {1: "01."}
    golden = read_roll(position(cells=cells), (5, 5, 5))
    assert powers(golden)["golden-triple"].usable and golden.incinerations == ()
    plain = read_roll(position(mode="advanced", layout=DEEP, cells=cells),
                      (2, 4, 6))
    assert plain.incinerations == ()
    toth = read_roll(position(mode="advanced", layout=DEEP, cells=cells),
                     (1, 2, 3))
    assert toth.incinerations == (Chain((1, 1), (((1, 2), (1, 3)),), True),)


def test_toth_adds_backward_chains_to_the_forward_ones():
    # A forward jump into the tomb (line 2) and a backward one (line 1) for the roller.
    state = position(mode="advanced", layout=DEEP, cells={1: "01.", 2: "10."})
    assert read_roll(state, (1, 2, 3)).to_json()["incinerations"] == [
        {"from": [2, 2], "backwards": False, "jumps": [{"over": [2, 1], "to": "tomb"}]},
        {"from": [1, 1], "backwards": True, "jumps": [{"over": [1, 2], "to": [1, 3]}]},
    ]


def test_a_backward_chain_may_go_back_forward_and_back_again():
    # Back over line 1 depth 2 to depth 3, forward diagonally over line 3 depth 2 to line 5
    # depth 1, back again over line 5 depth 2 to depth 3: one chain, marked backwards.
    state = position(mode="advanced", layout=DEEP, cells={1: "01.", 3: ".1.", 5: ".1."})
    assert read_roll(state, (1, 2, 3)).incinerations == (
        Chain((1, 1), (((1, 2), (1, 3)), ((3, 2), (5, 1)), ((5, 2), (5, 3))), True),
        Chain((1, 1), (((3, 2), (5, 3)), ((5, 2), (5, 1))), True))


def test_a_forward_jump_after_a_backward_one_keeps_the_chain_backwards():
    # Back from line 1 depth 1 to depth 3, then forward diagonally over line 3 depth 2 into
    # line 5 depth 1; or at once back diagonally over line 3 depth 2 to line 5 depth 3.
    state = position(mode="advanced", layout=DEEP, cells={1: "01.", 3: ".1."})
    assert read_roll(state, (1, 2, 3)).to_json()["incinerations"] == [
        {"from": [1, 1], "backwards": True,
         "jumps": [{"over": [1, 2], "to": [1, 3]}, {"over": [3, 2], "to": [5, 1]}]},
        {"from": [1, 1], "backwards": True, "jumps": [{"over": [3, 2], "to": [5, 3]}]}]


# ---- the JSON of a reading -------------------------------------------------------------------

def test_reading_json_has_every_key_of_the_roll_document():
    state = position(cells={5: ".1"})
    assert read_roll(state, (2, 2, 3)).to_json() == {
        "dice": [2, 2, 3],
        "options": [[2, 2, 3], [2, 5], [3, 4], [7]],
        "powers": [{"power": "anubis-double", "usable": True, "dice": [2, 2], "lines": [3],
                    "note": "remove any enemy mummy from a chamber, then place one of yours on "
                            "line 3", "reason": "ok"}],
        "incinerations": [],
        # worked by hand, one list per option: 2, 2, 3 and 3, 4 put a mummy on line 3 depth 3,
        # which jumps the enemy on line 5 depth 2 diagonally to line 7 depth 1; 2, 5 pushes the
        # enemy to line 5 depth 1 and the roller's mummy behind it jumps into the tomb; 7 enters
        # line 7 depth 2, which jumps down over line 5 depth 2 to line 3 depth 2
        "after": [[{"from": [3, 3], "backwards": False, "jumps": [{"over": [5, 2], "to": [7, 1]}]}],
                  [{"from": [5, 2], "backwards": False, "jumps": [{"over": [5, 1], "to": "tomb"}]}],
                  [{"from": [3, 3], "backwards": False, "jumps": [{"over": [5, 2], "to": [7, 1]}]}],
                  [{"from": [7, 2], "backwards": False, "jumps": [{"over": [5, 2], "to": [3, 2]}]}]],
        "skipped": False, "rescues": None,
        "maat_lines": [5, 6, 7, 8, 9, 10], "osiris_lines": [1, 2, 3, 4],
    }


def test_a_backward_chain_may_end_on_the_passage():
    # Back from line 8 depth 1 to depth 3, then forward diagonally over line 10 depth 2 onto the
    # passage of line 12 (Ammit's Attack): the chain went back once, so it is a backward chain.
    layout = tuple(Line(n) for n in (3, 3, 3, 3, 1, 1, 1, 3, 1, 2, 1)) + (Line(0, True),)
    state = position(mode="advanced", layout=layout, cells={8: "01.", 10: ".1"})
    assert read_roll(state, (1, 2, 3)).incinerations == (
        Chain((8, 1), (((8, 2), (8, 3)), ((10, 2), "passage")), True),)


def test_with_the_triple_switch_off_a_triple_is_no_pair(monkeypatch):
    from dataclasses import replace

    from generator.games.tumba import rules_roll
    from generator.games.tumba.model import facts

    off = replace(facts(), anubis_on_triple=False)
    monkeypatch.setattr(rules_roll, "facts", lambda: off)
    assert pair_of((3, 3, 3)) is None
    assert pair_of((3, 5, 3)) == (3, 5)
