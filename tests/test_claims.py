"""Claims: every rule a card, a sheet or a helper states is a catalogue key with examples from
the rulebook (``templates/claims/<game>.toml``), and every example holds against the engine.

The examples run here one by one: an example the engine is known to get wrong (an engine
correction still to land) is marked in the data with its reason and expected to fail strictly,
so it turns this suite red the day the engine agrees. The coverage test fails for a rule text
that has no claim, a claim that has no example, and a claim naming a text no catalogue has;
the English and the French text of a rule share its key, so they share its claim.
"""

from __future__ import annotations

import importlib

import pytest

from generator.core.claims import (
    check_example,
    coverage_problems,
    load_claims,
    parse_claims,
)
from generator.core.errors import InputError
from generator.core.i18n import Catalogue
from generator.registry import GAME_PACKAGES, TEMPLATE_PACKAGES

#: The games, and the template a new game copies (its texts have claims the same way).
GAMES = GAME_PACKAGES + TEMPLATE_PACKAGES


def observer(game: str):
    return importlib.import_module(f"generator.games.{game}.claims").observe


def _cases():
    for game in GAMES:
        claims = load_claims(game)
        for ex in claims.examples():
            marks = [pytest.mark.xfail(strict=True, reason=ex.xfail)] if ex.xfail else []
            yield pytest.param(game, ex, id=ex.label(game, claims), marks=marks)


@pytest.mark.parametrize("game, example", list(_cases()))
def test_every_example_holds_against_the_engine(game, example):
    assert check_example(example, observer(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_text_has_a_claim_with_an_example(game):
    en, fr = Catalogue("en"), Catalogue("fr")
    keys = en.keys()
    assert keys == fr.keys()
    assert coverage_problems(load_claims(game), keys) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_claims_texts_exist_in_both_languages(game):
    en, fr = Catalogue("en"), Catalogue("fr")
    for claim in load_claims(game).claims:
        for key in claim.keys:
            assert en.has(key) and fr.has(key), key


def test_the_xfails_are_the_known_engine_differences():
    """Only the French tie order (the rulebook's reading differs from the engine's, reported)
    is allowed to fail; it says why."""
    found = {(g, e.label(g, load_claims(g))): e.xfail for g in GAMES
             for e in load_claims(g).examples() if e.xfail}
    assert len(found) == 1
    assert all("engine" in why for why in found.values())


# ---- the mechanism can fail ------------------------------------------------------------------

def _doc(**claim):
    return {"texts": {"tables": ["tumba.aid"], "not_rules": [
                {"keys": ["tumba.aid.*.title"], "why": "headings"}]},
            "claim": [claim]}


def test_a_text_without_a_claim_is_reported(tmp_path):
    claims = parse_claims("tumba", _doc(keys=["tumba.aid.place.enter"], rule="r",
                                        example=[{"what": "w", "expect": {"tomb": {"A": 0}}}]),
                          tmp_path / "tumba.toml")
    keys = {"tumba.aid.place.enter", "tumba.aid.place.full", "tumba.aid.turn.title",
            "tumba.setup.title"}
    assert coverage_problems(claims, keys) == [
        ("tumba.aid.place.full: states a rule? give it a claim with an example in tumba.toml, "
         "or list it under [texts] not_rules with why")]


def test_a_claim_without_an_example_or_with_an_unknown_key_is_reported(tmp_path):
    claims = parse_claims("tumba", _doc(keys=["tumba.aid.place.gone"], rule="r"),
                          tmp_path / "tumba.toml")
    assert coverage_problems(claims, {"tumba.aid.turn.title"}) == [
        "claim tumba.aid.place.gone: no example",
        "claim tumba.aid.place.gone: names 'tumba.aid.place.gone', which no catalogue has"]


def test_an_example_without_an_outcome_is_refused(tmp_path):
    with pytest.raises(InputError, match=r"example 1\]: an example needs an expect table"):
        parse_claims("tumba", _doc(keys=["tumba.aid.place.enter"], rule="r",
                                   example=[{"what": "w"}]), tmp_path / "tumba.toml")


def _example(game, key, index=0):
    return load_claims(game).claim_of(key).examples[index]


def test_a_wrong_push_fails_the_tumba_claim(monkeypatch):
    """A bug planted in the engine: every mummy of the line moves one chamber toward the tomb
    (what the card used to say), so `.A.` + B would give `A.B`."""
    from generator.games.tumba.rules_board import Board

    def each_moves(self, line, player):
        if self.passage[line]:
            return True
        cells = self.cells[line]
        for i in range(1, len(cells)):
            if cells[i] >= 0 and cells[i - 1] < 0:
                cells[i - 1], cells[i] = cells[i], -1
        cells[-1] = player
        return False

    example = _example("tumba", "tumba.aid.place.enter")        # .A. + B -> .AB
    assert check_example(example, observer("tumba")) == []
    monkeypatch.setattr(Board, "place", each_moves)
    assert check_example(example, observer("tumba")) == [
        "board: the engine gives {'1': 'A.B'}, the rulebook {'1': '.AB'}"]


def test_a_wrong_half_fails_the_tut_claim(monkeypatch):
    import generator.games.tut.rules_scoring as scoring

    example = _example("tut", "tut.aid.en.alone")               # Anubis 3/2/1 -> 6, 3
    real = scoring.payments
    monkeypatch.setattr(scoring, "payments", lambda value, *a: real(value + 2, *a))
    assert check_example(example, observer("tut")) != []


def test_a_wrong_group_table_fails_the_tanis_claim(monkeypatch):
    import generator.games.tanis.rules_scoring as scoring

    example = _example("tanis", "tanis.aid.scoring.example")    # the rulebook's 20
    monkeypatch.setattr(scoring, "group_points", lambda size: size)
    assert check_example(example, observer("tanis")) != []


def test_a_wrong_multiplier_fails_the_realms_claim(monkeypatch):
    import generator.games.realms.rules.scoring as scoring

    example = _example("realms", "realms.aid.mummy.example")    # 13 + 10 + 16 + 6 = 45
    monkeypatch.setattr(scoring, "mummy_points", lambda rounds: [21 - r for r in rounds])
    assert check_example(example, observer("realms")) != []


# ---- worked examples on the cards are the engine's --------------------------------------------

def test_the_tumba_card_shows_the_engines_pushes():
    """The card's table is the placing claim's card examples as the engine plays them, and
    they come out as the rulebook says."""
    from generator.core.i18n import catalogue
    from generator.games.tumba.aid import push_rows

    rows = push_rows(catalogue("en"))
    assert rows == (("· A ·", "B", "· A B"), ("· A B", "A", "A B A"), ("A · B", "C", "A B C"),
                    ("B A B", "A", "refused: the line is full"))
    assert push_rows(catalogue("fr"))[3][2] == "refusé\u00a0: la ligne est pleine"
