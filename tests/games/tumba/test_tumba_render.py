"""The setup sheet: one page, print rules on both papers and themes, what it shows."""

import pytest

from generator.draw.checks import named_groups, print_problems
from generator.draw.paper import make_sheet
from generator.draw.scene import Rect, Text, walk
from generator.produce import build, render_files


def texts(page) -> list[str]:
    return [item.text for item, _, _ in walk(page) if isinstance(item, Text)]


@pytest.mark.parametrize("mode", ["standard", "advanced"])
@pytest.mark.parametrize("paper, mono", [("a4", False), ("a4", True), ("letter", False),
                                         ("letter", True)])
def test_one_page_within_print_rules(mode, paper, mono):
    sheet = make_sheet(paper, mono)
    for seed in range(4):
        players = 2 + seed
        built = build("tumba", "setup", seed, paper=paper, mono=mono,
                      options={"mode": mode, "players": players})[0]
        assert len(built.pages) == 1
        assert print_problems(built.pages[0], sheet) == [], (seed, players)


def test_every_player_count_fits_the_advanced_sheet():
    for players in range(2, 7):
        for seed in (10, 20):
            built = build("tumba", "setup", seed, paper="letter",
                          options={"mode": "advanced", "players": players})[0]
            assert print_problems(built.pages[0], make_sheet("letter")) == []


def test_standard_sheet_shows_the_board_and_checklist():
    page = build("tumba", "setup", 1, options={"mode": "standard", "players": 4})[0].pages[0]
    assert {"board", "lines", "steps"} <= named_groups(page)
    words = texts(page)
    assert [w for w in words if w in {str(n) for n in range(1, 13)}]
    assert words.count("passage") >= 4            # two pieces and two table cells
    assert "TOMB" in words


def test_advanced_sheet_shows_the_placing_order():
    built = build("tumba", "setup", 5, options={"mode": "advanced", "players": 3})[0]
    page = built.pages[0]
    assert {"board", "lines", "placing"} <= named_groups(page)
    words = texts(page)
    for step in (s for s in built.item.log if s.action == "place"):
        assert f"#{step.chamber}" in words
        assert f"P{step.player + 1} on line {step.line}" in words
    assert words.count("passage") >= 2
    # every chamber on the board carries its number and placer
    chamber_rects = [item for item, _, names in walk(page)
                     if isinstance(item, Rect) and "board" in names and item.w == item.h]
    assert len(chamber_rects) >= 22


def test_board_chambers_are_drawn_to_one_scale():
    page = build("tumba", "setup", 1, options={"mode": "standard", "players": 4})[0].pages[0]
    sizes = {round(item.w, 3) for item, _, names in walk(page)
             if isinstance(item, Rect) and "board" in names and item.radius}
    assert len(sizes) == 1                        # chambers and passages: one size


def test_same_seed_same_bytes_advanced():
    opts = {"mode": "advanced", "players": 5}
    first = render_files(build("tumba", "setup", 42, options=opts), ("svg", "pdf", "json"))
    again = render_files(build("tumba", "setup", 42, options=opts), ("svg", "pdf", "json"))
    assert first == again


def test_the_standard_sheet_says_the_layout_is_fixed_and_prints_no_seed():
    page = build("tumba", "setup", 31, options={"mode": "standard", "players": 4})[0].pages[0]
    words = texts(page)
    assert "standard · 4 players · fixed layout" in words
    body = [w for w in words if not w.startswith("tumba setup ·")]      # the footer aside
    assert not any("31" in w for w in body)
    assert "Goal: 8 mummies in the tomb." in words                      # 10 is advanced only
    footer = [w for w in words if w.startswith("tumba setup ·")]
    assert footer and "seed 31" in footer[0]                            # still reproducible


def test_the_advanced_sheet_keeps_the_checklist_and_names_the_first_player():
    page = build("tumba", "setup", 5, options={"mode": "advanced", "players": 3})[0].pages[0]
    assert {"placing", "steps"} <= named_groups(page)
    words = texts(page)
    assert "Setting up" in words
    assert "Choose player 1 (P1): the first player." in words
    assert "Player 1 starts; turns go clockwise." in words
    assert "Goal: 8 mummies in the tomb (10 by agreement)." in words
    assert "advanced · 3 players · seed 5" in words
