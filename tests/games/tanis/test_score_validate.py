"""`tombgen validate` of a Tanis score document (what `tanis score --json` writes): the tiles its
groups list are scored again and every field must agree, each problem named word for word.

The document is written by hand: player 1 holds snakes 1-2 (a group of 2: 2 points), player 2
ankhs 4-6 (a group of 3: 4 points); player 1 started, player 2 wins on points.
"""

import copy

import pytest

from generator.games.tanis.rules_scoring import validate_score_output

GOOD = {
    "format": "tombgen/tanis.score", "version": 1,
    "players": [
        {"groups": [{"type": "snake", "numbers": [1, 2], "points": 2}], "total": 2},
        {"groups": [{"type": "ankh", "numbers": [4, 5, 6], "points": 4}], "total": 4},
    ],
    "winner": 2, "tie": False, "first": 1, "decided_by": "points",
}


def problems(doc) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_score_output(doc, "s.json").violations]


def changed(**fields):
    doc = copy.deepcopy(GOOD)
    doc.update(fields)
    return doc


def test_a_true_document_has_no_problem():
    report = validate_score_output(copy.deepcopy(GOOD), "s.json")
    assert report.ok and report.violations == [] and report.text() == "s.json: valid"


def test_a_wrong_winner_and_total_are_each_named():
    doc = changed(winner=1)
    doc["players"][1]["total"] = 5
    assert problems(doc) == [
        ("score-mismatch", "players is [{'groups': [{'type': 'snake', 'numbers': [1, 2], "
         "'points': 2}], 'total': 2}, {'groups': [{'type': 'ankh', 'numbers': [4, 5, 6], "
         "'points': 4}], 'total': 5}]; scoring the listed tiles gives [{'groups': [{'type': "
         "'snake', 'numbers': [1, 2], 'points': 2}], 'total': 2}, {'groups': [{'type': 'ankh', "
         "'numbers': [4, 5, 6], 'points': 4}], 'total': 4}]", "players"),
        ("score-mismatch", "winner is 1; scoring the listed tiles gives 2", "winner"),
    ]


@pytest.mark.parametrize("field, value, given", [
    ("tie", True, "True"), ("decided_by", "tie-second", "'tie-second'"),
])
def test_a_tie_claimed_where_there_is_none(field, value, given):
    scored = {"tie": "False", "decided_by": "'points'"}[field]
    assert problems(changed(**{field: value})) == [
        ("score-mismatch", f"{field} is {given}; scoring the listed tiles gives {scored}", field)]


def test_first_is_checked_as_the_referee_reads_it():
    # first 2: the document is scored with player 2 starting, which changes nothing on points
    assert problems(changed(first=2)) == []
    missing = changed()
    del missing["first"]
    assert problems(missing) == [
        ("score-tiles", "s.json [first]: expected the player who took the first turn, 1 or 2",
         "players")]
    assert problems(changed(first=3)) == [
        ("score-tiles", "s.json [first]: 3 is not a player; players are numbered as printed, "
         "1 to 2", "players")]


def test_a_group_with_wrong_points_is_a_mismatch_of_the_players():
    doc = changed()
    doc["players"][0]["groups"][0]["points"] = 4
    assert [c for c, _, _ in problems(doc)] == ["score-mismatch"]
    assert problems(doc)[0][2] == "players"


@pytest.mark.parametrize("players", [None, "x", [1, 2], [{"total": 2}, {"groups": []}],
                                     [{"groups": "snake"}]])
def test_players_must_be_a_list_of_groups(players):
    assert problems(changed(players=players)) == [
        ("score-players", 'players must be a list of {"groups", "total"}', "players")]


@pytest.mark.parametrize("group", [
    "snake", {"numbers": [1, 2]}, {"type": 3, "numbers": [1]}, {"type": "snake", "numbers": 1},
])
def test_each_group_needs_a_type_and_numbers(group):
    doc = changed()
    doc["players"][1]["groups"] = [group]
    assert problems(doc) == [
        ("score-group", 'a group is {"type", "numbers", "points"}', "players[1].groups")]


def test_tiles_no_game_can_hold_are_named():
    doc = changed()
    doc["players"][1]["groups"][0]["numbers"] = [1, 2]        # snake 1 and 2 are player 1's
    doc["players"][1]["groups"][0]["type"] = "snake"
    assert problems(doc) == [
        ("score-tiles", "s.json [players[1].snake]: snake 1 is also held by player 1 "
         "(players[0]); a tile belongs to one player", "players")]


def test_three_players_are_refused():
    doc = changed()
    doc["players"].append({"groups": [], "total": 0})
    assert problems(doc) == [
        ("score-tiles", "s.json [players]: Tanis has 2 players, the file lists 3", "players")]
