"""The dig sheet's page 2, the score pad: content, print rules, and the files written."""

import pytest
from pypdf import PdfReader

from generator.draw.checks import named_groups, print_problems
from generator.draw.paper import make_sheet
from generator.draw.scene import Rect, Text, walk
from generator.produce import build, produce


def pages(paper="a4", mono=False, seed=7):
    return build("tanis", "dig", seed, paper=paper, mono=mono)[0].pages


def texts(page) -> list[str]:
    return [item.text for item, _m, _n in walk(page) if isinstance(item, Text)]


def boxes_in(page, area: str, side: float = 6.0) -> int:
    """Square boxes of ``side`` mm inside named group ``area``."""
    return sum(1 for item, _m, names in walk(page)
               if isinstance(item, Rect) and area in names
               and abs(item.w - side) < 1e-6 and abs(item.h - side) < 1e-6)


def test_the_dig_sheet_has_two_pages_and_page_one_is_the_setup():
    first, second = pages()
    assert "Tanis — dig pattern" in texts(first)
    assert "Tanis — score pad" in texts(second)
    assert {"surface", "layer-1", "layer-4"} <= named_groups(first)


def test_score_pad_has_a_panel_per_player_with_four_numbered_columns():
    page = pages()[1]
    names = named_groups(page)
    assert {"player-1", "player-2", "group-scoring"} <= names
    for kind in ("snake", "ankh", "falcon", "scarab"):
        assert f"column-{kind}" in names
        assert boxes_in(page, f"column-{kind}") == 2 * 10   # ten tick boxes per player
    words = texts(page)
    for n in range(1, 11):
        assert words.count(str(n)) >= 8                      # 4 columns x 2 players


def test_score_pad_has_the_cards_to_cross_off():
    page = pages()[1]
    assert boxes_in(page, "cards") == 2 * (3 + 2 + 1)
    words = texts(page)
    for card in ("Explorer", "Excavator", "Expert"):
        assert words.count(card) == 2


def test_score_pad_shows_the_group_scoring_table_from_the_rules_data():
    page = pages()[1]
    table = [item.text for item, _m, names in walk(page)
             if isinstance(item, Text) and "group-scoring" in names]
    assert table[:2] == ["Group scoring", "Tiles in the group"]
    assert table[2:] == \
        ["1", "2", "3", "4", "5", "6 or more", "Points", "0", "2", "4", "7", "10", "14"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mono", [False, True])
def test_both_pages_keep_the_print_rules(paper, mono):
    sheet = make_sheet(paper, mono)
    for page in pages(paper, mono):
        assert print_problems(page, sheet) == []
    write_ins = [item for item, _m, names in walk(pages(paper, mono)[1])
                 if isinstance(item, Rect) and item.style.fill != sheet.theme("panel")
                 and item.h >= 4]
    assert all(min(r.w, r.h) >= 5 for r in write_ins if r.w < 30)


def test_mono_score_pad_uses_only_greys():
    page = pages(mono=True)[1]
    for item, _m, _n in walk(page):
        colours = [getattr(item, "fill", None)]
        if hasattr(item, "style"):
            colours += [item.style.stroke, item.style.fill]
        for colour in filter(None, colours):
            assert colour[1:3] == colour[3:5] == colour[5:7], colour


def test_files_one_svg_per_page_and_every_page_in_the_pdf(tmp_path):
    written = produce("tanis", "dig", 5, out=tmp_path, formats=("svg", "pdf"))
    names = sorted(w.path.name for w in written)
    assert names == ["tanis-dig-5-p2.svg", "tanis-dig-5.pdf", "tanis-dig-5.svg"]
    reader = PdfReader(str(tmp_path / "tanis-dig-5.pdf"))
    assert len(reader.pages) == 2
    assert "score pad" in reader.pages[1].extract_text()
    assert "seed 5" in reader.pages[1].extract_text()        # footer on page 2 as well


def test_count_two_gives_four_pdf_pages(tmp_path):
    produce("tanis", "dig", 5, count=2, out=tmp_path, formats=("svg", "pdf"))
    assert len(PdfReader(str(tmp_path / "tanis-dig-5-count-2.pdf")).pages) == 4
    assert len(list(tmp_path.glob("*-p2.svg"))) == 2


def test_same_seed_same_score_pad():
    assert pages(seed=3)[1].log() == pages(seed=3)[1].log()
