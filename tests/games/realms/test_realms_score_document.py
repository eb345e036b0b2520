"""`tombgen validate` of a Hidden Realms score document (what `realms score --json` writes):
every scoring line in the rulebook's order, the last three (openings left, open entrances, open
rooms) never above 0 and the others never below, the total their sum, achievements known and
listed once; every problem named word for word.
"""

import pytest

from generator.games.realms.rules.scoring import validate_score_document

ORDER = ("oozes-skeletons, zombies, golems, mimics, mummy, magic-items, leftovers, entrances, "
         "remaining-openings, open-entrances, open-rooms")
ACHIEVEMENTS = "master-of-the-undead, magical-warden, treasure-hunter, the-mapmaker, mummy-slayer"


def lines(**changes):
    """The scoring lines of the rulebook-style sheet of test_realms_scoring (total 106)."""
    base = {"oozes-skeletons": 8, "zombies": 30, "golems": 5, "mimics": 8, "mummy": 11,
            "magic-items": 20, "leftovers": 3, "entrances": 30, "remaining-openings": -6,
            "open-entrances": 0, "open-rooms": -3}
    return {**base, **{k.replace("_", "-"): v for k, v in changes.items()}}


def problems(doc) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_score_document(doc, "s.json").violations]


def test_a_true_document():
    report = validate_score_document({"lines": lines(), "total": 106}, "s.json")
    assert report.ok and report.text() == "s.json: valid"
    assert problems({"lines": lines(), "total": 106,
                     "achievements": ["the-mapmaker", "mummy-slayer"]}) == []


def test_zero_is_allowed_on_every_line():
    zero = {k: 0 for k in lines()}
    assert problems({"lines": zero, "total": 0, "achievements": []}) == []


def test_a_wrong_total_names_the_sum():
    assert problems({"lines": lines(), "total": 105}) == [
        ("score-total", "total 105 is not the sum of the lines (106)", "total")]
    assert problems({"lines": lines(), "total": "106"}) == [
        ("score-total", "total '106' is not the sum of the lines (106)", "total")]


@pytest.mark.parametrize("key, value", [("remaining-openings", 3), ("open-entrances", 1),
                                        ("open-rooms", 6)])
def test_the_penalties_only_lose_points(key, value):
    assert problems({"lines": lines(**{key: value}), "total": 0}) == [
        ("score-sign", f"{value} has the wrong sign: this line only loses points",
         f"lines.{key}")]


@pytest.mark.parametrize("key", ["oozes-skeletons", "mummy", "leftovers", "entrances"])
def test_the_other_lines_never_lose_points(key):
    assert problems({"lines": lines(**{key: -1}), "total": 0}) == [
        ("score-sign", "-1 has the wrong sign: this line never loses points", f"lines.{key}")]


@pytest.mark.parametrize("value", [2.5, "8", True, None])
def test_each_line_is_a_whole_number(value):
    assert problems({"lines": lines(zombies=value), "total": 106}) == [
        ("score-number", f"{value!r} is not a whole number", "lines.zombies")]


def test_every_bad_line_at_once_and_no_total_check_then():
    doc = {"lines": lines(golems=-5, mimics="8", open_rooms=3), "total": 1}
    assert problems(doc) == [
        ("score-sign", "-5 has the wrong sign: this line never loses points", "lines.golems"),
        ("score-number", "'8' is not a whole number", "lines.mimics"),
        ("score-sign", "3 has the wrong sign: this line only loses points", "lines.open-rooms")]


@pytest.mark.parametrize("doc_lines", [
    None, [], {k: v for k, v in lines().items() if k != "mummy"},
    {**lines(), "bonus": 0}, dict(reversed(list(lines().items()))),
])
def test_the_lines_must_be_the_rulebooks_in_order(doc_lines):
    assert problems({"lines": doc_lines, "total": 0, "achievements": "x"}) == [
        ("score-lines", f"lines must hold {ORDER}, in that order", "lines")]


@pytest.mark.parametrize("earned", ["the-mapmaker", ["the-mapmaker", "the-mapmaker"],
                                    ["dragon-slayer"], [None], [["the-mapmaker"]]])
def test_achievements_known_and_once(earned):
    # [["the-mapmaker"]] once ended in a traceback (a list is no dictionary key)
    assert problems({"lines": lines(), "total": 106, "achievements": earned}) == [
        ("achievement", f"achievements must list known codes ({ACHIEVEMENTS}), each at most "
         "once", "achievements")]
