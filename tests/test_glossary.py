"""What players read keeps to each edition's words (``templates/glossary/<game>.toml``) and to
French typography: the texts of every card, sheet and helper line, built in each language (and,
for Tutankhamen, for each rule text), never use a refused word and use every term of their
scope; French texts have a real minus sign, « de 7 à 12 » and no-break spaces where French
puts them; English texts a real minus and multiplication sign."""

from __future__ import annotations

import functools
import re

import pytest

from generator.core.glossary import Scope, glossary_problems, load_glossary
from generator.core.i18n import catalogue
from generator.draw.checks import walk
from generator.draw.content import REF, block_texts
from generator.draw.scene import Text
from generator.produce import build

#: The sheets each game prints, with options that change what they say.
SHEETS = {
    "tut": [("trail", {})],
    "tumba": [("setup", {"mode": "standard"}), ("setup", {"mode": "advanced", "players": 3})],
    "tanis": [("dig", {"style": "classic"}), ("dig", {"style": "random"})],
    "realms": [("sheet", {"start": "easy"}), ("map", {"rating_games": 0})],
}


def aid_texts(game: str, lang: str, variant: str) -> list[str]:
    from generator.aids.build import build_content

    cat = catalogue(lang)
    aid = build_content(game, lang, variant)
    out = [aid.title, aid.subtitle]
    for section in aid.sections:
        out.append(section.title)
        for block in section.blocks:
            out += block_texts(block)
    card = cat("common.ref.card", n=2)
    return [REF.sub(card, t) for t in out]


def sheet_texts(game: str, lang: str, variant: str, joined: bool) -> list[str]:
    """Every text of the game's sheets; ``joined``: one string a page, its texts in drawing
    order, so a sentence wrapped over lines reads whole."""
    out = []
    for kind, options in SHEETS[game]:
        if game == "tut":
            options = {**options, "variant": variant}
        for built in build(game, kind, 3, options=options, lang=lang):
            for page in built.pages:
                items = [item.text for item, _, _ in walk(page) if isinstance(item, Text)]
                out += [" ".join(items)] if joined else items
    return out


STANDARD = {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1, "10": 1,
            "11": "passage", "12": "passage"}


def helper_texts(game: str, lang: str, variant: str) -> list[str]:
    """The roll helper's lines (an empty board, a given board before and after placing, a
    skipped turn, an advanced roll) and the referee's."""
    if game == "tumba":
        from dataclasses import replace

        from generator.games.tumba.cli_text import roll_text
        from generator.games.tumba.model_board import board_from_json, roll_board
        from generator.games.tumba.rules import roll_options

        board = board_from_json({"players": 2, "lines": STANDARD, "tomb": [0, 1], "mummies": {
            "1": [0, 2, 1], "3": [2, 0, 0], "5": [1, 1], "7": [0, 1]}}, "test")
        skipped = replace(board, house=(0, 11), tomb=(10, 3))
        advanced = roll_board(None, "advanced", 9)
        out = [roll_text(roll_options(dice), lang=lang) for dice in ((2, 3, 5), (6, 6, 3))]
        out += [roll_text(roll_options(dice, b), b, lang=lang)
                for dice, b in (((1, 2, 3), board), ((2, 2, 3), board), ((1, 2, 3), skipped))]
        out.append(roll_text(roll_options((4, 5, 6), advanced), advanced, given=False,
                             lang=lang))
        return [line.strip() for text in out for line in text.split("\n")]
    if game == "tut":
        from generator.games.tut.cli import score_set_text

        return [score_set_text([("A", 8), ("B", 4)], variant, lang),
                score_set_text([], variant, lang)]
    return []


@functools.cache
def texts(game: str, lang: str, variant: str, joined: bool = True) -> tuple[str, ...]:
    return tuple(aid_texts(game, lang, variant) + sheet_texts(game, lang, variant, joined)
                 + helper_texts(game, lang, variant))


def _scopes():
    for game in ("tut", "tumba", "tanis", "realms"):
        for scope in load_glossary(game):
            yield pytest.param(game, scope, id=f"{game}-{scope.edition or 'all'}-{scope.lang}")


@pytest.mark.parametrize("game, scope", list(_scopes()))
def test_the_texts_keep_to_the_editions_words(game, scope: Scope):
    assert glossary_problems(scope, list(texts(game, scope.lang, scope.edition or "en"))) == []


def test_a_refused_word_and_a_missing_term_are_found():
    scope = Scope("fr", "fr", "", ("fleuve",), ("tuiles?",))
    assert glossary_problems(scope, ["Posez les 69 tuiles en un chemin"]) == [
        "refused 'tuiles?' in 'Posez les 69 tuiles en un chemin'", "'fleuve' is never used"]
    assert glossary_problems(scope, ["Posez les dalles en un fleuve"]) == []


def test_toutankhamon_is_the_tile_of_the_french_rules_never_the_game():
    fr = texts("tut", "fr", "fr")
    titles = [t for t in fr if "Tutanchamun" in t]
    assert titles and not any(re.search(r"Toutankhamon \(|Toutankhamon —", t) for t in fr)
    assert any("Toutankhamon" in t and "pyramide" in t for t in fr)   # the tile on the pyramid
    assert catalogue("fr")["common.game.tut"] != "Toutankhamon"


# ---- typography -------------------------------------------------------------------------------

def all_texts(lang: str) -> list[str]:
    out: list[str] = []
    for game in ("tut", "tumba", "tanis", "realms"):
        for variant in (("en", "fr") if game == "tut" else ("en",)):
            out += texts(game, lang, variant, joined=False)
    return out


MINUS = re.compile(r"(?:^|[\s(/])-\d")       # a hyphen used as a minus sign
RANGE = re.compile(r"\bde \d+\s*[–-]\s*\d+")  # « de 7–12 » is « de 7 à 12 » in French
SPACE_BEFORE = re.compile(r" [:;!?%»]")      # a breakable space where French wants a no-break
SPACE_AFTER = re.compile(r"« ")
TIMES = re.compile(r"\d x \d|(?<=\s)x\d")


def typography_problems(lang: str, lines: list[str]) -> list[str]:
    rules = [("hyphen for a minus", MINUS), ("letter x for ×", TIMES)]
    if lang == "fr":
        rules += [("a range with a dash", RANGE), ("breakable space before punctuation",
                                                   SPACE_BEFORE),
                  ("breakable space after «", SPACE_AFTER)]
    return [f"{name}: {line!r}" for line in lines for name, rule in rules if rule.search(line)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_typography_of_every_text(lang):
    assert typography_problems(lang, all_texts(lang)) == []


def test_the_typography_check_finds_each_fault():
    assert typography_present(["Ouvertures restantes -3 chacune", "une ligne de 7–12",
                               "Début du tour : lancez", "« voir »", "Oozes x skeletons 3 x 3"])


def typography_present(lines: list[str]) -> bool:
    found = typography_problems("fr", lines)
    return len(found) == 6 and sum(f.startswith("letter x") for f in found) == 1
