"""The roll helper's API: ``POST /api/tumba/roll`` answers the lines ``tombgen tumba roll``
prints for the same dice and board, names the board ``board.json`` in its command line and its
messages, and refuses what the command refuses."""

from __future__ import annotations

import json

from click.testing import CliRunner
from studio_support import cli_files, one

from generator.cli import main

STANDARD = {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1, "10": 1,
            "11": "passage", "12": "passage"}


def printed(tmp_path, *args: str, board: dict | None = None) -> str:
    """What ``tombgen tumba roll ARGS`` prints (``--board board.json`` holding ``board``)."""
    words = ["tumba", "roll", *args]
    if board is not None:
        path = tmp_path / "board.json"
        path.write_text(json.dumps(board))
        words += ["--board", str(path)]
    result = CliRunner().invoke(main, words)
    assert result.exit_code == 0, result.output
    return result.output.rstrip("\n").replace(str(tmp_path / "board.json"), "board.json")


def test_an_empty_standard_board_reads_as_the_command(client, tmp_path):
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6]})
    assert answer.status_code == 200
    body = answer.json()
    assert body["text"] == printed(tmp_path, "3", "5", "6")
    assert body["command"] == "tombgen tumba roll 3 5 6"
    # by hand (rulebook: 5+6 = 11, the secret passage's line on the standard board)
    assert "  3 | 5+6      → lines 3, 11 (passage)" in body["lines"]
    assert body["board"]["lines"] == STANDARD and body["board"]["sizes_known"] is True


def test_a_passage_line_and_french(client, tmp_path):
    answer = client.post("/api/tumba/roll", json={"dice": [1, 1, 2], "passage": 9, "lang": "fr"})
    assert answer.status_code == 200
    assert answer.json()["text"] == printed(tmp_path, "1", "1", "2", "--passage", "9",
                                            "--lang", "fr")
    assert answer.json()["command"] == "tombgen tumba roll 1 1 2 --passage 9 --lang fr"
    assert answer.json()["board"]["sizes_known"] is False


def test_mummies_on_a_board_give_its_incinerations(client, tmp_path):
    board = {"players": 3, "player": 2, "lines": STANDARD, "mummies": {"3": [2, 0, 0],
                                                                      "5": [1, 0]}}
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6], "board": board})
    assert answer.status_code == 200
    text = answer.json()["text"]
    assert text == printed(tmp_path, "3", "5", "6", board=board)
    assert answer.json()["command"] == "tombgen tumba roll 3 5 6 --board board.json"
    assert "Roll 3 5 6 on the given board (player 2 to move), standard rules." in text
    assert answer.json()["board"]["mummies"]["3"] == [2, 0, 0]


def test_a_setup_file_and_the_advanced_mode(client, tmp_path):
    made = cli_files(tmp_path, "tumba", "setup", "--mode", "advanced", "--seed", "3",
                     "--format", "json")
    setup = json.loads(one(made, "*.json"))
    answer = client.post("/api/tumba/roll", json={"dice": [2, 2, 3], "board": setup})
    assert answer.status_code == 200
    assert answer.json()["text"] == printed(tmp_path, "2", "2", "3", board=setup)
    assert answer.json()["board"]["mode"] == "advanced"
    assert answer.json()["board"]["lines"]["7"] == "passage"   # this setup's passage


def test_bad_requests_are_refused_in_the_commands_words(client):
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 9]})
    assert answer.status_code == 400 and answer.json()["problems"] == [
        "dice: give three dice, each 1-6"]
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6], "mode": "advanced"})
    assert answer.status_code == 400 and "--mode advanced needs the board" in \
        answer.json()["problems"][0]
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6], "passage": 3})
    assert answer.status_code == 400 and answer.json()["options"] == {"passage": "bad"}
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6],
                                                  "board": {"players": 2, "lines": {"1": 3}}})
    assert answer.status_code == 400
    assert answer.json()["problems"][0].startswith("board.json [lines]: needs exactly the keys")
    answer = client.post("/api/tumba/roll", content=b"{not json")
    assert answer.status_code == 400 and "the request" in answer.json()["problems"][0]


def test_a_board_the_game_cannot_reach_is_a_broken_rule(client):
    board = {"players": 2, "lines": STANDARD, "tomb": [1, 1], "house": [3, 13]}
    answer = client.post("/api/tumba/roll", json={"dice": [3, 5, 6], "board": board})
    assert answer.status_code == 422
    assert answer.json()["problems"][0].startswith("board.json is not a position of the game")
    assert answer.json()["report"]["violations"][0]["code"] == "mummy-count"


SCORE = {"players": [{"snake": [1, 2, 3], "ankh": [5]}, {"falcon": [7, 8], "scarab": [1, 2, 3]}],
         "first": 1}


def test_the_tanis_scorer_answers_as_the_command(client, tmp_path):
    (tmp_path / "score.json").write_text(json.dumps(SCORE))
    result = CliRunner().invoke(main, ["tanis", "score", str(tmp_path / "score.json")])
    assert result.exit_code == 0, result.output
    answer = client.post("/api/tanis/score", json=SCORE)
    assert answer.status_code == 200
    assert answer.json()["text"] == result.output.rstrip("\n")
    assert answer.json()["command"] == "tombgen tanis score score.json"
    # by hand (rulebook: a group of 3 scores 4, of 2 scores 2, a single tile 0)
    assert answer.json()["lines"][:3] == ["player 1 (took the first turn): 4 points",
                                          "  snake   1-3 -> 4", "  ankh    5 -> 0"]
    assert answer.json()["lines"][-1] == "winner: player 2"


def test_the_tanis_scorer_refuses_what_the_command_refuses(client):
    twice = {"players": [{"snake": [1]}, {"snake": [1]}], "first": 1}
    answer = client.post("/api/tanis/score", json=twice)
    assert answer.status_code in (400, 422) and "score.json" in answer.json()["problems"][0]
    answer = client.post("/api/tanis/score", json={"players": [{"lotus": [1]}, {}], "first": 1})
    assert answer.status_code == 400
    assert "unknown tile type" in answer.json()["problems"][0]


# ---- the Tutankhamen set referee and the Hidden Realms final score ----------------------------

# The French rulebook's example: two players with 3 chairs each, one plays two masks, the other
# one; the two masks win the set (8), the other advances half (4).
FRENCH_SET = {"variant": "fr", "value": 8, "holdings": {"A": 3, "B": 3},
              "wild": {"A": 1, "B": 2}, "order": ["A", "B"]}
# The Hidden Realms rulebook's scoring example (134 Fame points).
EXAMPLE = {"oozes": 3, "skeletons": 3, "zombies": 3, "golems": 3, "mimics": 6,
           "mummy_hits": [8, 11, 13, 18], "magic_items": 3, "leftovers": 5,
           "connected_entrances": 2, "remaining_openings": 0, "open_entrances": 2,
           "open_rooms": 1}


def test_the_set_referee_answers_as_the_command(client, tmp_path):
    (tmp_path / "score-set.json").write_text(json.dumps(FRENCH_SET))
    for lang in ("en", "fr"):
        result = CliRunner().invoke(main, ["tut", "score-set", str(tmp_path / "score-set.json"),
                                           "--lang", lang])
        assert result.exit_code == 0, result.output
        answer = client.post("/api/tut/score-set", json={"set": FRENCH_SET, "lang": lang})
        assert answer.status_code == 200
        assert answer.json()["text"] == result.output.rstrip("\n")
    assert answer.json()["command"] == "tombgen tut score-set score-set.json --lang fr"
    assert answer.json()["payments"] == [["B", 8], ["A", 4]]          # by hand, the rulebook's
    assert answer.json()["lines"] == ["B avance de 8 sur le tableau de marque",
                                      "A avance de 4 sur le tableau de marque"]


def test_the_set_referee_refuses_what_the_command_refuses(client):
    too_many = dict(FRENCH_SET, holdings={"A": 5, "B": 4})           # a set of 8 has 8 tiles
    answer = client.post("/api/tut/score-set", json={"set": too_many})
    assert answer.status_code == 422
    assert answer.json()["problems"] == ["score-set.json [holdings]: 9 tiles held, but a set of "
                                         "value 8 has only 8"]
    answer = client.post("/api/tut/score-set", json={"set": dict(FRENCH_SET, value=3)})
    assert answer.status_code == 400 and "[value]: 3 is not a set value" in \
        answer.json()["problems"][0]
    answer = client.post("/api/tut/score-set", json={"set": FRENCH_SET, "lang": "de"})
    assert answer.status_code == 400 and answer.json()["problems"] == ["lang=de: use one of en, fr"]


def test_the_set_referee_offers_the_rulebooks_sets(client):
    choices = client.get("/api/tut/score-set").json()
    assert choices["players"] == [2, 6]
    assert choices["en"]["sets"][1] == [2, "Cat", 2] and choices["en"]["wild"] == "Pharaoh"
    assert [v for v, _, _ in choices["fr"]["sets"]] == [1, 2, 4, 6, 8]


def test_the_final_score_answers_as_the_command(client, tmp_path):
    (tmp_path / "tallies.json").write_text(json.dumps(EXAMPLE))
    result = CliRunner().invoke(main, ["realms", "score", str(tmp_path / "tallies.json"),
                                       "--map", "map-1"])
    assert result.exit_code == 0, result.output
    answer = client.post("/api/realms/score", json={"tallies": EXAMPLE, "map": "map-1"})
    assert answer.status_code == 200
    assert answer.json()["text"] == result.output.rstrip("\n")
    assert answer.json()["command"] == "tombgen realms score tallies.json --map map-1"
    assert answer.json()["lines"][-2:] == ["  134  total", "achievements: none"]   # the rulebook's
    answer = client.post("/api/realms/score", json={"tallies": EXAMPLE, "start": "kids"})
    assert answer.json()["command"] == "tombgen realms score tallies.json --start kids"
    assert "achievements" not in answer.json()["text"]                # no map: none judged


def test_the_final_score_refuses_what_the_command_refuses(client):
    answer = client.post("/api/realms/score", json={"tallies": EXAMPLE, "map": "map-2"})
    assert answer.status_code == 422
    assert answer.json()["problems"] == ["tallies.json: no sheet can show mimics = 6 (map map-2 "
                                         "has room for 5 mimics)"]
    answer = client.post("/api/realms/score", json={"tallies": dict(EXAMPLE, oozes=-1)})
    assert answer.status_code == 400 and "oozes: -1 is negative" in answer.json()["problems"][0]
    # a shipped map only: the page never names a file of the server's
    answer = client.post("/api/realms/score", json={"tallies": EXAMPLE,
                                                    "map": "maps/realms/map-1.toml"})
    assert answer.status_code == 400
    assert answer.json()["problems"][0].startswith("map=maps/realms/map-1.toml: use one of map-1")
    choices = client.get("/api/realms/score").json()
    assert choices["maps"][:2] == ["map-1", "map-2"] and choices["starts"] == ["normal", "easy",
                                                                                "kids"]
