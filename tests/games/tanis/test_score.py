"""Tanis scoring and the `tombgen tanis score` referee (rulebook example, tie rule, errors)."""

import json

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.core.errors import InputError, RuleError
from generator.games.tanis.rules_scoring import (
    group_points,
    groups,
    mask_points,
    score_document,
    score_players,
    winner,
)

# The rulebook's example, built as tiles: player 1 scores 2+4, 10, 0+0+0+0, 2+2 = 20;
# player 2 scores 0+2, 2+4, 2+0+2, 7+0 = 19. The four tiles nobody holds were excavated.
RULEBOOK = {
    "players": [
        {"snake": [1, 2, 4, 5, 6], "ankh": [3, 4, 5, 6, 7], "falcon": [3, 5, 8, 10],
         "scarab": [1, 2, 9, 10]},
        {"snake": [3, 9, 10], "ankh": [1, 2, 8, 9, 10], "falcon": [1, 2, 4, 6, 7],
         "scarab": [3, 4, 5, 6, 8]},
    ],
    "first": 1,
}


def test_rulebook_example_group_by_group():
    result = score_document(RULEBOOK, "example")
    p1, p2 = result["players"]
    assert [g["points"] for g in p1["groups"]] == [2, 4, 10, 0, 0, 0, 0, 2, 2]
    assert [g["points"] for g in p2["groups"]] == [0, 2, 2, 4, 2, 0, 2, 7, 0]
    assert (p1["total"], p2["total"]) == (20, 19)
    assert result["winner"] == 1 and result["first"] == 1       # players as printed
    assert result["tie"] is False and result["decided_by"] == "points"
    assert p1["groups"][0] == {"type": "snake", "numbers": [1, 2], "points": 2}


@pytest.mark.parametrize("size, points", [(0, 0), (1, 0), (2, 2), (3, 4), (4, 7), (5, 10),
                                          (6, 14), (7, 14), (10, 14)])
def test_group_table(size, points):
    assert group_points(size) == points


def test_groups_are_runs_of_consecutive_numbers():
    assert groups([5, 1, 2, 7, 8, 9]) == [[1, 2], [5], [7, 8, 9]]
    assert groups([]) == []


def test_mask_points_match_the_groups():
    table = mask_points()
    assert len(table) == 1024
    assert table[0b1111111111] == 14          # 1-10 in one group
    assert table[0b0000010011] == 2           # 1, 2 and 5
    assert table[0b0101010101] == 0


def test_tie_goes_to_the_player_who_did_not_start():
    assert winner([12, 12], first=0) == 1
    assert winner([12, 12], first=1) == 0
    assert winner([13, 12], first=1) == 0
    tied = score_players([{"snake": [1, 2]}, {"ankh": [4, 5]}], first=1)
    assert tied["winner"] == 0


@pytest.mark.parametrize("doc, message", [
    ({"players": [{"snake": [3, 3]}, {}]}, "snake 3 is listed twice"),
    ({"players": [{"ankh": [0]}, {}]}, r"0 is not a tile number"),
    ({"players": [{}, {"scarab": [11]}]}, r"players\[1\]\.scarab\]: 11"),
    ({"players": [{"falcon": [7]}, {"falcon": [7]}]}, "falcon 7 is also held by player 1"),
    ({"players": [{}]}, "2 players"),
    ({"players": [{}, {}], "first": 3}, "not a player"),
    ({"players": [{}, {}], "first": 0}, "numbered as printed, 1 to 2"),
])
def test_rule_breaking_collections_are_refused(doc, message):
    with pytest.raises(RuleError, match=message):
        score_document(doc, "f.json")


@pytest.mark.parametrize("doc, message", [
    ([], "JSON object"),
    ({"players": {}}, r"\[players\]"),
    ({"players": [{"snek": [1]}, {}]}, "unknown tile type"),
    ({"players": [{"snake": ["1"]}, {}]}, "whole numbers"),
    ({"players": [{"snake": [1.5]}, {}]}, "whole numbers"),
    ({"players": [{}, {}], "first": "me"}, r"\[first\]"),
    ({"players": [{}, {}], "winner": 0}, "unknown key"),
])
def test_malformed_input_is_an_input_error(doc, message):
    with pytest.raises(InputError, match=message):
        score_document(doc, "f.json")


def run(args, stdin=None):
    return CliRunner().invoke(main, ["tanis", "score", *args], input=stdin)


def test_cli_json_on_the_rulebook_example(tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(RULEBOOK))
    result = run([str(path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["format"] == "tombgen/tanis.score" and doc["version"] == 1
    assert [p["total"] for p in doc["players"]] == [20, 19] and doc["winner"] == 1
    assert {"type", "numbers", "points"} == set(doc["players"][1]["groups"][0])


@pytest.mark.parametrize("first, winner", [(1, 2), (2, 1)])
def test_a_tie_is_flagged_and_won_by_the_player_who_did_not_start(first, winner):
    doc = {"players": [{"snake": [1, 2]}, {"ankh": [4, 5]}], "first": first}   # 2 points each
    result = score_document(doc, "tie.json")
    assert result["tie"] is True and result["decided_by"] == "tie-second"
    assert result["winner"] == winner and result["first"] == first
    text = run(["-"], json.dumps(doc)).output
    assert f"tie: player {winner} wins (on a tie the player who did not take the first turn" \
        in text


def test_first_defaults_to_player_1():
    result = score_document({"players": [{"snake": [1, 2]}, {"ankh": [4, 5]}]}, "f.json")
    assert result["first"] == 1 and result["winner"] == 2


def test_cli_text_from_stdin():
    result = run(["-"], json.dumps(RULEBOOK))
    assert result.exit_code == 0
    assert "player 1 (took the first turn): 20 points" in result.output
    assert "winner: player 1" in result.output
    assert "ankh    3-7 -> 10" in result.output


@pytest.mark.parametrize("doc, code, words", [
    ({"players": [{"snake": [2, 2]}, {}]}, 1, "snake 2 is listed twice"),
    ({"players": [{"snake": [12]}, {}]}, 1, "12 is not a tile number"),
    ({"players": [{"ankh": [4]}, {"ankh": [4]}]}, 1, "ankh 4 is also held"),
    ({"players": [{"lizard": [4]}, {}]}, 2, "unknown tile type"),
])
def test_cli_exit_codes_name_the_problem(doc, code, words):
    result = run(["-"], json.dumps(doc))
    assert result.exit_code == code
    assert words in result.output and "Traceback" not in result.output


def test_cli_bad_json_and_missing_file():
    assert run(["-"], "{oops").exit_code == 2
    missing = run(["/no/such/file.json"])
    assert missing.exit_code == 2 and "not found" in missing.output


# ---- the tie rule as data, and the referee's messages word for word ----------------------------

def test_a_tie_of_two_goes_to_the_player_who_did_not_start():
    from generator.games.tanis.rules_scoring import tie_winner

    assert (tie_winner(0), tie_winner(1)) == (1, 0)
    tied = score_players([{"snake": [1, 2]}, {"ankh": [4, 5]}])       # player 0 started
    assert tied["winner"] == 1 and tied["tie"] is True


def with_tie_rule(monkeypatch, rule):
    from dataclasses import replace

    import generator.games.tanis.rules_scoring as scoring

    other = replace(scoring.facts(), tie_winner=rule)
    monkeypatch.setattr(scoring, "facts", lambda: other)


@pytest.mark.parametrize("first", [1, 2])
def test_the_other_reading_of_the_tie_rule_gives_the_tie_to_the_starter(monkeypatch, first):
    from generator.games.tanis.rules_scoring import tie_winner

    with_tie_rule(monkeypatch, "first")
    assert (tie_winner(0), tie_winner(1)) == (0, 1)
    doc = {"players": [{"snake": [1, 2]}, {"ankh": [4, 5]}], "first": first}
    result = score_document(doc, "tie.json")
    assert result["winner"] == first and result["decided_by"] == "tie-first"


def test_an_unknown_tie_rule_in_the_data_is_named():
    import generator.games.tanis.rules_scoring as scoring

    with pytest.MonkeyPatch.context() as mp:
        with_tie_rule(mp, "youngest")
        with pytest.raises(InputError) as err:
            scoring.tie_winner(0)
    assert str(err.value) == ("seeds/tanis.toml [play.tie_winner]: 'youngest'; use \"first\" or "
                              "\"second\"")


@pytest.mark.parametrize("doc, message", [
    ({"players": [{}, {}], "first": "me"},
     "f.json [first]: expected the player who took the first turn, 1 or 2"),
    ({"players": [{"snek": [1]}, {}]},
     "f.json [players[0]] [snek]: unknown tile type; use snake, ankh, falcon, scarab"),
    ({"players": [{}, ["snake"]]},
     "f.json [players[1]]: expected an object like {\"snake\": [1, 2], ...}"),
    ({"players": [{}, {"falcon": [1, "2"]}]},
     "f.json [players[1]] [falcon]: expected a list of whole numbers"),
    ({"players": {}}, "f.json [players]: expected a list with one object per player"),
    ({"players": [{}, {}], "won": 1}, "f.json [won]: unknown key; allowed: players, first"),
    ([], "f.json: expected a JSON object with \"players\" (and \"first\")"),
])
def test_input_errors_word_for_word(doc, message):
    with pytest.raises(InputError) as err:
        score_document(doc, "f.json")
    assert str(err.value) == message


@pytest.mark.parametrize("doc, message", [
    ({"players": [{"ankh": [11]}, {}]},
     "f.json [players[0].ankh]: 11 is not a tile number; numbers run 1 to 10"),
    ({"players": [{}, {"scarab": [4, 4]}]},
     "f.json [players[1].scarab]: scarab 4 is listed twice; each tile exists once"),
    ({"players": [{"falcon": [7]}, {"falcon": [7]}]},
     "f.json [players[1].falcon]: falcon 7 is also held by player 1 (players[0]); a tile "
     "belongs to one player"),
    ({"players": [{}, {}, {}]}, "f.json [players]: Tanis has 2 players, the file lists 3"),
    ({"players": [{}, {}], "first": 3},
     "f.json [first]: 3 is not a player; players are numbered as printed, 1 to 2"),
])
def test_rule_errors_word_for_word(doc, message):
    with pytest.raises(RuleError) as err:
        score_document(doc, "f.json")
    assert str(err.value) == message


@pytest.mark.parametrize("number", [1, 10])
def test_tiles_1_and_10_exist(number):
    assert score_document({"players": [{"snake": [number]}, {}]}, "f.json")["winner"] == 2


def test_the_rules_facts_read_once():
    """Two players; a group of 1 to 5 tiles scores 2, 4, 7, 10 or 14 (the rulebook's table);
    on equal points the player who did not start wins (seeds/tanis.toml's reading)."""
    from generator.games.tanis.model import Facts, facts

    assert facts() == Facts(players=2, group_points=(0, 2, 4, 7, 10, 14), tie_winner="second")
