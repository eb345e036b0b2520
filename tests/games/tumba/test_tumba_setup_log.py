"""Checking a setup and its Pharaoh's Wrath log: every code, each on a hand-made setup, with the
exact problems the report lists (all of them at once).

The reference log below is written by hand for 2 players, following the rulebook's advanced
preparation (seed 001): the 22 chambers are dealt one by one from the first player's left
(player 2, then player 1: 11 each); players place in turn from player 1, chambers 1-12 on lines
1-12, chambers 13-22 on lines 1-10; the last one (22, by player 2) is on line 10, a line of
7-12, so player 2 clears line 10 (chambers 10 and 22) for the passage and moves chamber 10 to
line 11 and chamber 22 to line 12. Players are 0-based in a Step, numbered from 1 in messages.
"""

from dataclasses import replace

import pytest

from generator.games.tumba.model import Line, Setup, Step, standard_layout
from generator.games.tumba.rules_setup import replay, validate_setup

DEALS = (Step("deal", 1, count=11), Step("deal", 0, count=11))
PLACES = tuple(Step("place", (c - 1) % 2, line=c if c <= 12 else c - 12, chamber=c)
               for c in range(1, 23))
PASSAGE = Step("passage", 1, line=10, count=2)
MOVES = (Step("move", 1, line=10, chamber=10, to=11), Step("move", 1, line=10, chamber=22, to=12))
LINES = (Line(2),) * 9 + (Line(0, True), Line(2), Line(2))


def hand_setup(deals=DEALS, places=PLACES, passage=(PASSAGE,), moves=MOVES, lines=LINES):
    return Setup("advanced", 2, tuple(lines), tuple(deals) + tuple(places) + tuple(passage)
                 + tuple(moves))


def problems(setup) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_setup(setup).violations]


def placed(changes: dict[int, dict]) -> tuple[Step, ...]:
    """The reference placements with some changed: {chamber: {field: value}}."""
    return tuple(replace(s, **changes.get(s.chamber, {})) for s in PLACES)


def test_the_hand_made_log_is_valid_and_replays_to_its_board():
    assert validate_setup(hand_setup()).violations == []
    built = replay(hand_setup())
    assert built.passage == 10
    assert built.stacks == {1: [1, 13], 2: [2, 14], 3: [3, 15], 4: [4, 16], 5: [5, 17],
                            6: [6, 18], 7: [7, 19], 8: [8, 20], 9: [9, 21], 10: [],
                            11: [11, 10], 12: [12, 22]}
    assert built.placed_by[1] == 0 and built.placed_by[2] == 1 and built.placed_by[22] == 1


def test_three_players_are_dealt_8_7_7_from_player_2():
    right = (Step("deal", 1, count=8), Step("deal", 2, count=7), Step("deal", 0, count=7))
    setup = replace(hand_setup(deals=right), players=3)
    assert "log-deal" not in validate_setup(setup).codes
    wrong = (Step("deal", 1, count=7), Step("deal", 2, count=8), Step("deal", 0, count=7))
    assert ("log-deal", "the deal should be one by one from player 2 (player 2: 8, player 3: 7, "
            "player 1: 7)", "log") in problems(replace(hand_setup(deals=wrong), players=3))


# ---- log-deal ----------------------------------------------------------------------------------

def test_a_deal_not_starting_left_of_the_first_player():
    setup = hand_setup(deals=(Step("deal", 0, count=11), Step("deal", 1, count=11)))
    assert problems(setup) == [
        ("log-deal", "the deal should be one by one from player 2 (player 2: 11, player 1: 11)",
         "log")]


def test_a_deal_of_the_wrong_size():
    setup = hand_setup(deals=(Step("deal", 1, count=12), Step("deal", 0, count=10)))
    assert [c for c, _, _ in problems(setup)] == ["log-deal"]


# ---- log-turn and log-place --------------------------------------------------------------------

def test_a_chamber_placed_out_of_turn():
    assert problems(hand_setup(places=placed({1: {"player": 1}}))) == [
        ("log-turn", "placed by player 2; it is player 1's turn", "log place #1")]


def test_a_chamber_misnumbered():
    assert problems(hand_setup(places=placed({5: {"chamber": 6}}))) == [
        ("log-place", "chamber number 6; chambers are numbered 1, 2, ... in placing order",
         "log place #5")]


@pytest.mark.parametrize("line", [13, 0])
def test_a_chamber_on_a_line_that_does_not_exist(line):
    assert problems(hand_setup(places=placed({12: {"line": line}}))) == [
        ("log-place", f"line {line} does not exist or already holds 3 chambers",
         "log place #12"),
        ("log-place", "placing ended with line(s) 12 empty; every line gets at least one "
                      "chamber", "log"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


def test_a_fourth_chamber_on_a_line():
    # Chambers 13 and 15 go to line 2 too: line 2 holds 2, 13, 14, and 15 finds it full.
    assert problems(hand_setup(places=placed({13: {"line": 2}, 15: {"line": 2}}))) == [
        ("log-place", "line 2 does not exist or already holds 3 chambers", "log place #15"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers", "line 1"),
        ("log-mismatch", "the log builds 3 chamber(s) here, the setup says 2 chambers", "line 2"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers", "line 3"),
    ]


def test_a_chamber_too_many_is_nobodys_turn():
    extra = Step("place", 0, line=12, chamber=23)
    assert problems(hand_setup(places=PLACES + (extra,))) == [
        ("log-turn", "placed by player 1; it is nobody (all are placed)'s turn",
         "log place #23"),
        ("log-place", "23 chambers placed; all 22 must be", "log"),
        ("log-passage", "the passage goes on line 10 by player 2; it must replace the last "
                        "chamber's line (12), by its placer (player 1)", "log"),
        ("log-mismatch", "the log builds 2 chamber(s) here, the setup says a passage", "line 10"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 11"),
    ]


def test_a_chamber_missing():
    assert problems(hand_setup(places=PLACES[:-1])) == [
        ("log-place", "21 chambers placed; all 22 must be", "log"),
        ("log-passage", "the passage goes on line 10 by player 2; it must replace the last "
                        "chamber's line (9), by its placer (player 1)", "log"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says a passage", "line 10"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 11"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


def test_a_log_without_placing():
    setup = hand_setup(places=(), moves=())
    assert problems(setup) == [
        ("log-place", "0 chambers placed; all 22 must be", "log"),
        ("log-place", "placing ended with line(s) 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 empty; "
                      "every line gets at least one chamber", "log"),
        ("log-passage", "1 passage step(s); exactly one follows the placing", "log"),
    ] + [("log-mismatch", "the log builds 0 chamber(s) here, the setup says 2 chambers",
          f"line {n}") for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)] + [
        ("log-mismatch", "the log builds 0 chamber(s) here, the setup says a passage",
         "line 10"),
        ("log-mismatch", "the log builds 0 chamber(s) here, the setup says 2 chambers",
         "line 11"),
        ("log-mismatch", "the log builds 0 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


# ---- log-last ----------------------------------------------------------------------------------

def test_the_last_chamber_outside_lines_7_to_12():
    # Chamber 22 on line 6 (then 6, 18, 22 there); player 2 puts the passage on line 6 and moves
    # the three chambers to lines 10, 11 and 12.
    moves = (Step("move", 1, line=6, chamber=6, to=10), Step("move", 1, line=6, chamber=18, to=11),
             Step("move", 1, line=6, chamber=22, to=12))
    lines = (Line(2),) * 5 + (Line(0, True),) + (Line(2),) * 6
    setup = hand_setup(places=placed({22: {"line": 6}}), passage=(replace(PASSAGE, line=6,
                                                                            count=3),),
                       moves=moves, lines=lines)
    assert problems(setup) == [
        ("passage-line", "the passage is on line 6; it must be on a line of 7-12", "line 6"),
        ("log-last", "the last chamber went to line 6; it must go to a line of 7-12", "log"),
    ]


def test_the_last_chamber_on_line_7_is_fine():
    moves = (Step("move", 1, line=7, chamber=7, to=10), Step("move", 1, line=7, chamber=19, to=11),
             Step("move", 1, line=7, chamber=22, to=12))
    lines = (Line(2),) * 6 + (Line(0, True),) + (Line(2),) * 5
    setup = hand_setup(places=placed({22: {"line": 7}}), passage=(replace(PASSAGE, line=7,
                                                                            count=3),),
                       moves=moves, lines=lines)
    assert problems(setup) == []


# ---- log-passage -------------------------------------------------------------------------------

def test_no_passage_step():
    assert problems(hand_setup(passage=(), moves=())) == [
        ("log-passage", "0 passage step(s); exactly one follows the placing", "log"),
        ("log-mismatch", "the log builds 2 chamber(s) here, the setup says a passage", "line 10"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 11"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


def test_two_passage_steps():
    assert next(c for c, _, _ in problems(hand_setup(passage=(PASSAGE, PASSAGE)))) == "log-passage"
    assert problems(hand_setup(passage=(PASSAGE, PASSAGE)))[0][1] == (
        "2 passage step(s); exactly one follows the placing")


def test_the_passage_placed_by_the_wrong_player():
    assert problems(hand_setup(passage=(replace(PASSAGE, player=0),)))[0] == (
        "log-passage", "the passage goes on line 10 by player 1; it must replace the last "
                       "chamber's line (10), by its placer (player 2)", "log")


def test_the_passage_on_another_line():
    found = problems(hand_setup(passage=(replace(PASSAGE, line=9),)))
    assert found[0] == ("log-passage", "the passage goes on line 9 by player 2; it must replace "
                        "the last chamber's line (10), by its placer (player 2)", "log")


def test_the_passage_counting_the_cleared_chambers_wrong():
    assert problems(hand_setup(passage=(replace(PASSAGE, count=1),))) == [
        ("log-passage", "says 1 chamber(s) cleared; line 10 held 2", "log")]


# ---- log-move ----------------------------------------------------------------------------------

MOVE_RULE = "only a cleared chamber moves, by the passage's player, to another line with room"


@pytest.mark.parametrize("change, text", [
    ({"chamber": 5}, "chamber 5 from line 10 to line 11 by player 2"),     # never cleared
    ({"player": 0}, "chamber 10 from line 10 to line 11 by player 1"),     # not the passage's
    ({"line": 9}, "chamber 10 from line 9 to line 11 by player 2"),        # not the cleared line
    ({"to": 10}, "chamber 10 from line 10 to line 10 by player 2"),        # onto the passage
    ({"to": 13}, "chamber 10 from line 10 to line 13 by player 2"),        # no such line
])
def test_a_wrong_move_of_a_cleared_chamber(change, text):
    moves = (replace(MOVES[0], **change), MOVES[1])
    assert problems(hand_setup(moves=moves)) == [
        ("log-move", f"{text}: {MOVE_RULE}", "log move #1"),
        ("log-move", "cleared chamber(s) 10 never moved to another line", "log"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 11"),
    ]


def test_a_move_onto_a_full_line():
    # Chamber 21 goes to line 11 instead of 9: line 11 holds 11, 21, then 10 -- full for 22.
    moves = (MOVES[0], replace(MOVES[1], to=11))
    setup = hand_setup(places=placed({21: {"line": 11}}), moves=moves)
    assert problems(setup) == [
        ("log-move", f"chamber 22 from line 10 to line 11 by player 2: {MOVE_RULE}",
         "log move #2"),
        ("log-move", "cleared chamber(s) 22 never moved to another line", "log"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers", "line 9"),
        ("log-mismatch", "the log builds 3 chamber(s) here, the setup says 2 chambers",
         "line 11"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


def test_a_move_onto_a_line_of_two_is_fine():
    moves = (MOVES[0], replace(MOVES[1], to=11))
    lines = LINES[:10] + (Line(3), Line(1))
    assert problems(hand_setup(moves=moves, lines=lines)) == []


def test_cleared_chambers_never_moved():
    assert problems(hand_setup(moves=())) == [
        ("log-move", "cleared chamber(s) 10, 22 never moved to another line", "log"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 11"),
        ("log-mismatch", "the log builds 1 chamber(s) here, the setup says 2 chambers",
         "line 12"),
    ]


# ---- log-mismatch and log-unexpected -----------------------------------------------------------

def test_a_board_the_log_does_not_build():
    lines = LINES[:9] + (Line(2), Line(0, True), Line(2))      # passage on 11 instead of 10
    assert problems(hand_setup(lines=lines)) == [
        ("log-mismatch", "the log builds 0 chamber(s) and the passage here, the setup says "
                         "2 chambers", "line 10"),
        ("log-mismatch", "the log builds 2 chamber(s) here, the setup says a passage", "line 11"),
    ]


def test_a_standard_setup_has_no_log():
    setup = Setup("standard", 2, standard_layout(), hand_setup().log)
    assert problems(setup) == [
        ("log-unexpected", "the standard layout is fixed and has no setup log", "log")]


def test_an_advanced_setup_without_a_log_is_checked_as_a_board():
    assert problems(replace(hand_setup(), log=())) == []


def test_the_log_of_a_one_player_setup_is_not_replayed():
    setup = replace(hand_setup(deals=DEALS[:1]), players=1)
    assert problems(setup) == [("players", "1 players; the game is for 2-6", "players")]


# ---- the board checks, every problem at once --------------------------------------------------

def test_players_from_2_to_6():
    for players in (2, 6):
        assert problems(Setup("standard", players, standard_layout())) == []
    assert problems(Setup("standard", 7, standard_layout())) == [
        ("players", "7 players; the game is for 2-6", "players")]


def test_an_unknown_mode():
    assert problems(Setup("wrath", 4, standard_layout())) == [
        ("mode", "mode 'wrath' is unknown; use standard or advanced", "mode")]


def test_a_changed_standard_layout_names_each_line():
    lines = list(standard_layout())
    lines[4], lines[8], lines[9], lines[10] = Line(3), Line(0), Line(1, True), Line(1)
    assert problems(Setup("standard", 3, tuple(lines))) == [
        ("passage-shared", "the passage shares its line with 1 chamber(s); it must be alone",
         "line 10"),
        ("standard-layout", "holds 3 chambers; the standard layout has 2 chambers", "line 5"),
        ("standard-layout", "holds nothing; the standard layout has 1 chamber", "line 9"),
        ("standard-layout", "holds 1 chamber and a passage; the standard layout has 1 chamber",
         "line 10"),
        ("standard-layout", "holds 1 chamber; the standard layout has a passage", "line 11"),
    ]


def test_a_board_breaking_every_advanced_rule():
    # Line 1: 4 chambers; line 2: none; passages on lines 3 and 9, the one on 9 with a chamber.
    lines = (Line(4), Line(0), Line(0, True), Line(3), Line(3), Line(3), Line(3), Line(3),
             Line(1, True), Line(1), Line(1), Line(1))
    assert problems(Setup("advanced", 4, lines)) == [
        ("line-over", "holds 4 chambers; a line holds at most 3", "line 1"),
        ("passage-shared", "the passage shares its line with 1 chamber(s); it must be alone",
         "line 9"),
        ("chamber-count", "23 chambers on the board; the game has exactly 22", "lines"),
        ("passage-count", "2 secret passages; the Pharaoh's Wrath uses exactly 1", "lines"),
        ("passage-line", "the passage is on line 3; it must be on a line of 7-12", "line 3"),
        ("line-empty", "holds no chamber; every line but the passage's holds 1-3", "line 2"),
    ]


@pytest.mark.parametrize("line", [7, 12])
def test_the_passage_on_line_7_or_12_is_fine(line):
    lines = [Line(2)] * 12
    lines[line - 1] = Line(0, True)
    assert problems(Setup("advanced", 4, tuple(lines))) == []


def test_an_advanced_board_without_a_passage():
    lines = (Line(2),) * 11 + (Line(0),)
    assert problems(Setup("advanced", 4, lines)) == [
        ("passage-count", "0 secret passages; the Pharaoh's Wrath uses exactly 1", "lines"),
        ("line-empty", "holds no chamber; every line but the passage's holds 1-3", "line 12"),
    ]


def test_the_report_reads_as_printed():
    setup = Setup("standard", 2, standard_layout(), hand_setup().log)
    assert validate_setup(setup).text() == (
        "tumba setup: 1 problem(s)\n"
        "  - log: the standard layout is fixed and has no setup log [log-unexpected]")


def test_replaying_a_broken_log_alone_still_builds_its_board():
    built = replay(hand_setup(moves=()))              # two problems, nobody to report them to
    assert built.passage == 10 and built.stacks[11] == [11] and built.stacks[10] == []


def test_the_log_of_six_players_the_most_the_game_has_is_still_replayed():
    # 22 chambers dealt one by one from player 2 to 6 players: 4, 4, 4, 4, 3, 3 (by hand)
    setup = replace(hand_setup(), players=6)
    assert problems(setup)[0] == (
        "log-deal", "the deal should be one by one from player 2 (player 2: 4, player 3: 4, "
        "player 4: 4, player 5: 4, player 6: 3, player 1: 3)", "log")
    assert ("log-turn", "placed by player 2; it is player 6's turn", "log place #6") in \
        problems(setup)
    # 7 players: the count is refused, and no deal is replayed for a count the game has not
    assert problems(replace(hand_setup(), players=7)) == [
        ("players", "7 players; the game is for 2-6", "players")]
