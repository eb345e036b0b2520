"""What the game sheet and the aid tell a Hidden Realms player: the five achievements as a
checklist (sheet) and a section (aid), the magic items' limits, what happens past the last coin
circle (an assumption, said so), and × and − as the French sheet and the aids write them."""

from __future__ import annotations

import pytest

from generator.aids.build import build_content
from generator.draw.content import block_texts
from generator.draw.scene import Rect, Text, walk
from generator.produce import build

NAMES = {"en": ["Master of the Undead", "Magical Warden", "Treasure Hunter", "The Mapmaker",
                "Mummy Slayer"],
         "fr": ["Maître des morts-vivants", "Gardien magique", "Chasseur de trésors",
                "Le Cartographe", "Fléau de la Momie"]}


def area(page, name):
    return [(item, m) for item, m, names in walk(page) if name in names]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_has_the_achievements_checklist(lang, paper):
    (built,) = build("realms", "sheet", 7, paper=paper, lang=lang)
    tiles = area(built.pages[0], "area-C")
    texts = " ".join(i.text for i, _ in tiles if isinstance(i, Text))
    for name in NAMES[lang]:
        assert name in texts, name
    assert ("a final score of 180 or more" if lang == "en" else "un score final de 180") in texts
    ticks = [i for i, _ in tiles if isinstance(i, Rect) and abs(i.w - 3.2) < 1e-9
             and i.style.stroke is not None and i.style.fill is None]  # tick boxes: outlines
    assert len(ticks) == 5


def test_the_sheet_reminds_the_item_limits_and_the_coin_circles():
    (built,) = build("realms", "sheet", 7)
    texts = " ".join(i.text for i, _, _ in walk(built.pages[0]) if isinstance(i, Text))
    for words in ("Add a wall on a square of your map, or erase", "one not next to an opening",
                  "on a wall-free square", "With the 1 on the next circled ooze",
                  "Coins past the 50th circle are lost (assumed)", "Oozes × skeletons",
                  "3 × 3 room", "−3 each"):
        assert words in texts, words
    assert " x " not in texts and "-3" not in texts


def test_the_aid_has_the_achievements_and_the_item_limits():
    aid = build_content("realms", "en", "en")
    text = " ".join(t for s in aid.sections for b in s.blocks for t in block_texts(b))
    assert "Master of the Undead: every ooze, skeleton and zombie of your map defeated;" in text
    assert "Mummy Slayer: the Mummy hit six times." in text
    assert "add a wall on a square of your map, or erase one not next to an opening" in text
    assert "a 1 on the next circled ooze (left to right) also defeats its skeleton" in text
    assert "on a square that has no wall yet" in text
    fr = build_content("realms", "fr", "en")
    cells = [t for s in fr.sections for b in s.blocks for t in block_texts(b)]
    assert "−3" in cells and not any(c.endswith("chacun") for c in cells)
