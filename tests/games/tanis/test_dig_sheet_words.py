"""The dig sheet says what is assumed as an assumption, that the tile numbers are no laying
order, and tells the four layers apart in black and white (two greys, then the same two greys
hatched one way each)."""

from __future__ import annotations

from generator.draw.scene import Line, Rect, Text, walk
from generator.produce import build


def page_texts(page) -> str:
    return " ".join(item.text for item, _, _ in walk(page) if isinstance(item, Text))


def layer_looks(page) -> dict[int, tuple[str, str]]:
    """Per laid layer: (the fill of its tiles, the slope of its hatching or '')."""
    looks: dict[int, tuple[str, str]] = {}
    for item, _, names in walk(page):
        layer = next((n for n in names if n.startswith("layer-")), None)
        if layer is None:
            continue
        n = int(layer.split("-")[1])
        fill, slope = looks.get(n, ("", ""))
        if isinstance(item, Rect) and item.radius == 1.2:
            fill = item.style.fill
        if isinstance(item, Line):
            slope = "/" if (item.x2 - item.x1) * (item.y2 - item.y1) < 0 else "\\"
        looks[n] = (fill, slope)
    return looks


def test_every_layer_looks_different_in_black_and_white():
    (built,) = build("tanis", "dig", 7, mono=True)
    looks = layer_looks(built.pages[0])
    assert sorted(looks) == [1, 2, 3, 4]
    assert len(set(looks.values())) == 4, looks
    assert looks[1][1] == looks[2][1] == "" and looks[3][1] == "/" and looks[4][1] == "\\"


def test_in_colour_the_fills_tell_them_apart_without_hatching():
    (built,) = build("tanis", "dig", 7)
    looks = layer_looks(built.pages[0])
    assert len({fill for fill, _ in looks.values()}) == 4
    assert {slope for _, slope in looks.values()} == {""}


def test_the_geometry_is_printed_as_an_assumption():
    for lang, words in (("en", (("Assumed: each layer fills the box as a 5 × 4 grid of tile "
                                 "widths, every tile 1 × 2"), "lay each layer's tiles in any order")),
                        ("fr", (("Hypothèse\u00a0: chaque couche remplit la boîte en une grille "
                                 "de 5 × 4"), "dans l’ordre que vous voulez"))):
        (built,) = build("tanis", "dig", 7, lang=lang)
        text = page_texts(built.pages[0])
        for phrase in words:
            assert phrase in text, (lang, phrase)


def test_the_french_pad_is_a_feuille_de_marque():
    (built,) = build("tanis", "dig", 7, lang="fr")
    assert "Tanis — feuille de marque" in page_texts(built.pages[1])
