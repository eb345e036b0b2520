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
