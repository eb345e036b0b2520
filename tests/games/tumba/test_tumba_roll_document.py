"""`tombgen validate` of a Tutan Tumba roll document (what `tumba roll --json` writes): three dice
of 1-6, every option a way to group those dice into lines (each group's sum a line, 12 lines at
most), known powers; every problem named word for word.

Worked by hand: 1-2-3 can be played as lines 1, 2, 3; 1 and 5 (2 + 3); 2 and 4 (1 + 3); 3 and 3
(1 + 2) or 6 (all three). 5-5-6 can be 5, 5, 6; 5 and 11; 6 and 10 (16 is past line 12).
"""

import pytest

from generator.games.tumba.rules_roll import validate_roll_document

POWERS = ("golden-triple, anubis-double, secret-passage, osiris-maneuver, toth-inversion, "
          "tutan-wrath")


def problems(doc) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_roll_document(doc, "r.json").violations]


def test_every_way_to_group_1_2_3_is_accepted():
    doc = {"dice": [1, 2, 3], "options": [[1, 2, 3], [1, 5], [2, 4], [3, 3], [6]],
           "powers": [{"power": "secret-passage"}]}
    report = validate_roll_document(doc, "r.json")
    assert report.ok and report.text().startswith("r.json")


def test_no_options_and_no_powers_are_a_roll_nothing_can_use():
    assert problems({"dice": [5, 5, 6], "options": []}) == []


@pytest.mark.parametrize("option", [[16], [5, 5], [11, 5], [1, 5], [5, 5, 6, 0], [5.0, 11],
                                    [True, 11], "5 11", 11])
def test_an_option_that_is_not_a_grouping_of_the_dice(option):
    assert problems({"dice": [5, 5, 6], "options": [[5, 11], option]}) == [
        ("roll-option", f"{option!r} is not a way to group the dice [5, 5, 6]", "options[1]")]


def test_every_wrong_option_is_listed_with_its_place():
    doc = {"dice": [1, 2, 3], "options": [[6], [2, 2], [3, 3], [7]]}
    assert problems(doc) == [
        ("roll-option", "[2, 2] is not a way to group the dice [1, 2, 3]", "options[1]"),
        ("roll-option", "[7] is not a way to group the dice [1, 2, 3]", "options[3]")]


@pytest.mark.parametrize("dice", [None, [1, 2], [1, 2, 3, 4], [0, 2, 3], [1, 2, 7], [1, 2, "3"],
                                  [1, True, 3], [1, 2, 3.0], "123"])
def test_three_dice_of_one_to_six(dice):
    assert problems({"dice": dice, "options": [[6]], "powers": "x"}) == [
        ("roll-dice", "dice must be three whole numbers 1-6", "dice")]


def test_the_faces_at_both_ends_are_dice():
    assert problems({"dice": [1, 1, 6], "options": [[1, 1, 6], [2, 6], [1, 7], [8]]}) == []


@pytest.mark.parametrize("options", [None, "[[6]]", {"0": [6]}])
def test_options_must_be_a_list(options):
    doc = {"dice": [1, 2, 3], "options": options}
    if options is None:
        del doc["options"]
    assert problems(doc) == [("roll-options", "options must be a list of line lists", "options")]


@pytest.mark.parametrize("powers", ["anubis-double", [{"power": "seth"}], ["golden-triple"],
                                    [{"power": "golden-triple"}, {"name": "osiris-maneuver"}]])
def test_powers_must_be_known(powers):
    assert problems({"dice": [1, 2, 3], "options": [[6]], "powers": powers}) == [
        ("roll-power", f"powers must be objects naming one of {POWERS}", "powers")]


def test_options_and_powers_are_both_reported():
    assert problems({"dice": [2, 2, 2], "options": [[2, 2, 3]], "powers": [{}]}) == [
        ("roll-option", "[2, 2, 3] is not a way to group the dice [2, 2, 2]", "options[0]"),
        ("roll-power", f"powers must be objects naming one of {POWERS}", "powers")]
