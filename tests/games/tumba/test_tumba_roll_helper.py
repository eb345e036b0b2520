"""`tombgen tumba roll` says what the engine will do: an empty House of the Dead skips the turn,
the advanced one-die re-roll is offered (with the faces that rescue an unusable roll), the
incinerations are listed after each way to place and, apart, before placing; the board's Maat's
Rest and Osiris lines; the same in French. Positions worked by hand from the rulebook."""

from __future__ import annotations

import json

from generator.cli import main

STANDARD = {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1, "10": 1,
            "11": "passage", "12": "passage"}


def roll(runner, tmp_path, *args, board=None):
    if board is not None:
        path = tmp_path / "board.json"
        path.write_text(json.dumps({"format": "tombgen/tumba.board", "version": 1,
                                    "players": 2, "lines": STANDARD, **board}))
        args = (*args, "--board", str(path))
    result = runner.invoke(main, ["tumba", "roll", *map(str, args)])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_empty_house_skips_the_turn(runner, tmp_path):
    # Player 1: 11 in the tomb, mummies on lines 9 and 5 (both full of theirs), none at home.
    out = roll(runner, tmp_path, 1, 2, 3, board={
        "mummies": {"9": [1], "5": [1, 1]}, "tomb": [11, 0], "house": [0, 14]})
    assert "No mummy in the House of the Dead: no mummy to place, the turn is skipped." in out
    assert "roll all three" not in out and "ways to place" not in out
    assert "Incinerations" not in out
    assert ("Unless Maat's Rest is due (a line full of your mummies since your last turn: "
            "lines 5, 9): take it first") in out


def test_the_advanced_re_roll_rescues_an_unusable_roll(runner, tmp_path):
    # One mummy at home, line 4 full of one's own: 1-1-2 can only make line 4 and nobody else
    # is on the board. A re-rolled 1 that shows 2-6 gives a total of 5-9, a line with room.
    layout = dict(STANDARD, **{"11": 2, "12": "passage", "4": 2})
    out = roll(runner, tmp_path, 1, 1, 2, board={
        "mode": "advanced", "lines": layout, "mummies": {"4": [1, 1]}, "tomb": [11, 0],
        "house": [1, 14]})
    assert ("No way to place mummies with this roll: re-roll one die (below) or roll all three "
            "again; throwing all three again keeps the one-die re-roll.") in out
    assert "re-roll a 1: 5 of 6 faces give a roll you can use (2, 3, 4, 5, 6)" in out
    assert "re-roll a 2: 5 of 6 faces give a roll you can use (1, 3, 4, 5, 6)" in out


def test_the_standard_rules_have_no_re_roll(runner, tmp_path):
    out = roll(runner, tmp_path, 1, 1, 2, board={"mummies": {"4": [1, 1, 1]}, "tomb": [10, 0],
                                                 "house": [1, 14]})
    assert "No way to place mummies with this roll: roll all three dice again." in out
    assert "re-roll" not in out.lower()


def test_incinerations_after_each_way_to_place(runner, tmp_path):
    # Player 2 alone on line 1, beside the tomb. Placing twice on line 1 (1, 1 and 4) pushes
    # player 1's first mummy next to it: a jump into the tomb; no other way opens one.
    out = roll(runner, tmp_path, 1, 1, 4, board={"mummies": {"1": [2, 0, 0]}})
    lines = out.splitlines()
    first = lines.index("  1 | 1 | 4    → lines 1, 1, 4")
    assert lines[first + 1:first + 3] == [
        "      then, incinerations:",
        "        from line 1 chamber 2: over line 1 chamber 1 into the tomb"]
    assert lines.count("      then, no incineration") == 3
    assert "Incinerations before you place: none on the board as it stands." in out


def test_the_board_names_its_maat_and_osiris_lines(runner, tmp_path):
    out = roll(runner, tmp_path, 2, 3, 5)
    assert ("This board: Maat's Rest on lines 5–10 (1 or 2 chambers); the Osiris Maneuver on "
            "lines 1–4 (3 chambers).") in out
    advanced = dict(STANDARD, **{"4": 2, "11": "passage", "12": 1})
    out = roll(runner, tmp_path, 2, 3, 5, board={"mode": "advanced", "lines": advanced})
    assert ("This board: Maat's Rest on lines 4–10, 12 (1 or 2 chambers); the Osiris Maneuver "
            "on lines 1–3 (3 chambers).") in out


def test_the_helper_in_french(runner, tmp_path):
    out = roll(runner, tmp_path, 6, 6, 3, "--lang", "fr")
    assert "Lancer 6 6 3 sur un plateau standard vide, règles standard." in out
    assert "3 | 6+6      → lignes 3 et 12 (passage)" in out
    assert "Double d’Anubis [pas maintenant]\u00a0: aucune momie adverse dans une chambre" in out
    assert ("Ce plateau\u00a0: Repos de Maât sur les lignes 5 à 10 (1 ou 2 chambres)\u00a0; "
            "Manœuvre d’Osiris sur les lignes 1 à 4 (3 chambres).") in out


def test_the_json_says_it_too(runner, tmp_path):
    result = runner.invoke(main, ["tumba", "roll", "1", "2", "3", "--json"])
    doc = json.loads(result.output)
    assert doc["skipped"] is False and doc["rescues"] is None
    assert doc["maat_lines"] == [5, 6, 7, 8, 9, 10] and doc["osiris_lines"] == [1, 2, 3, 4]
    assert len(doc["after"]) == len(doc["options"]) == 5
