"""The setup sheet names the lines of Maat's Rest and the Osiris Maneuver of its own board: the
engine goes by a line's length, so a Pharaoh's Wrath board has them wherever its 1- or
2-chamber and 3-chamber lines stand."""

from __future__ import annotations

import pytest

from generator.core.i18n import catalogue
from generator.draw.scene import Text, walk
from generator.games.tumba.model import Line, standard_layout
from generator.games.tumba.render import power_lines_text
from generator.games.tumba.rules import State
from generator.games.tumba.rules_roll import board_power_lines
from generator.produce import build


def words(lang="en"):
    return catalogue(lang).words("tumba.setup")


def test_the_standard_board():
    assert power_lines_text(standard_layout(), words()) == (
        "On this board, Maat's Rest: lines 5 to 10 (1 or 2 chambers); the Osiris Maneuver: "
        "lines 1 to 4 (3 chambers).".replace(" to ", "–"))
    assert power_lines_text(standard_layout(), words("fr")) == (
        "Sur ce plateau, Repos de Maât\u00a0: lignes 5 à 10 (1 ou 2 chambres)\u00a0; Manœuvre "
        "d’Osiris\u00a0: lignes 1 à 4 (3 chambres).")


def test_an_advanced_board_lists_its_own_lines():
    # by hand: lines of 1-2 chambers are 2, 5, 7 and 9-11; of 3 chambers 1, 3 and 4, 6
    sizes = [3, 2, 3, 3, 1, 3, 2, 0, 1, 2, 1, 1]
    layout = tuple(Line(n, i == 7) for i, n in enumerate(sizes))
    text = power_lines_text(layout, words(), advanced=True)
    assert text == ("On this board, Maat's Rest: lines 2, 5, 7, 9–12 (1 or 2 chambers); the "
                    "Osiris Maneuver: lines 1, 3, 4, 6 (3 chambers). Seth's Trick and Tutan's "
                    "Wrath change lines' lengths, and so these lines.")
    maat, osiris = board_power_lines(State(3, layout, "advanced", begin=False))
    assert maat == (2, 5, 7, 9, 10, 11, 12) and osiris == (1, 3, 4, 6)


@pytest.mark.parametrize("seed", [3, 9])
def test_the_sheet_prints_them(seed):
    (built,) = build("tumba", "setup", seed, options={"mode": "advanced", "players": 4})
    text = " ".join(i.text for i, _, _ in walk(built.pages[0]) if isinstance(i, Text))
    maat, osiris = board_power_lines(State(4, built.item.lines, "advanced", begin=False))
    assert "On this board, Maat's Rest: " in text
    assert all(str(n) in text for n in maat + osiris)
