"""Scoring one set: the rulebook examples, methods A and B, halves, ties, wild tiles, the referee."""

import json

import pytest

from generator.cli import main
from generator.core.errors import InputError, RuleError
from generator.games.tut.rules_scoring import score_request


def req(variant="en", value=6, holdings=None, order=None, **extra):
    holdings = holdings or {}
    doc = {"variant": variant, "value": value, "holdings": holdings,
           "order": order or sorted(set(holdings) | set(extra.get("wild", {})))}
    doc.update(extra)
    return doc


# ---- the rulebook's three examples --------------------------------------------------------------

def test_rulebook_anubis_three_two_one():
    assert score_request(req(value=6, holdings={"A": 3, "B": 2, "C": 1}), "t") == [("A", 6), ("B", 3)]


def test_rulebook_masks_three_tied_each_pay_half():
    got = score_request(req(value=8, holdings={"A": 2, "B": 2, "C": 2, "D": 1}), "t")
    assert got == [("A", 4), ("B", 4), ("C", 4)]


def test_rulebook_cats_with_pharaoh_and_king_tut():
    doc = req(value=2, holdings={"A": 1, "B": 1}, wild={"A": 1, "B": 1}, king_tut="A")
    assert score_request(doc, "t") == [("A", 2), ("B", 1)]


# ---- methods, halves, ties, order ----------------------------------------------------------------

def test_method_a_tied_runners_up_pay_nothing():
    assert score_request(req(value=6, holdings={"A": 3, "B": 1, "C": 1}), "t") == [("A", 6)]


def test_method_b_two_tied_pay_half_nobody_else():
    got = score_request(req(value=4, holdings={"A": 2, "B": 2}, order=["B", "A"]), "t")
    assert got == [("B", 2), ("A", 2)]          # furthest token first


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_method_a_highest_pays_before_the_runner_up_whatever_the_tokens(variant):
    # B's token is further along, but the rulebook scores the single highest holder first.
    got = score_request(req(variant, value=6, holdings={"A": 4, "B": 2}, order=["B", "A"]), "t")
    assert got == [("A", 6), ("B", 3)]


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_method_b_tied_pay_furthest_token_first(variant):
    got = score_request(req(variant, value=8, holdings={"A": 3, "B": 3, "C": 1},
                            order=["C", "B", "A"]), "t")
    assert got == [("B", 4), ("A", 4)]


def test_english_pharaoh_makes_the_highest_holder_who_pays_first():
    # A Pharaoh lifts A from 2 to 3 tiles: A is now the single highest holder and pays first.
    got = score_request(req(value=4, holdings={"A": 2, "B": 2}, wild={"A": 1},
                            order=["B", "A"]), "t")
    assert got == [("A", 4), ("B", 2)]


def test_players_without_tiles_pay_nothing_and_are_left_out():
    got = score_request(req(value=4, holdings={"A": 1, "B": 0}, order=["A", "B"]), "t")
    assert got == [("A", 4)]


def test_half_of_one_rounds_down_to_nothing():
    # French: Toutankhamon lets a player with no scarab tie the scarab's holder: half of 1 is 0.
    doc = req("fr", value=1, holdings={"A": 1}, king_tut="B", order=["A", "B"])
    assert score_request(doc, "t") == []


# ---- variants side by side -----------------------------------------------------------------------

@pytest.mark.parametrize("variant, expected", [
    ("en", [("A", 4), ("B", 4), ("C", 4)]),
    ("fr", []),                                   # three tied for first do not advance
])
def test_three_tied_for_first(variant, expected):
    doc = req(variant, value=8, holdings={"A": 2, "B": 2, "C": 2, "D": 1})
    assert score_request(doc, "t") == expected


@pytest.mark.parametrize("variant, expected", [
    ("en", [("A", 6), ("B", 3)]),                 # a Pharaoh adds a tile: 3 beats 2
    ("fr", [("A", 6), ("B", 3)]),                 # a mask breaks the 2-2 tie
])
def test_wild_on_a_tie(variant, expected):
    doc = req(variant, value=6, holdings={"A": 2, "B": 2}, wild={"A": 1})
    assert score_request(doc, "t") == expected


@pytest.mark.parametrize("variant, expected", [
    ("en", [("A", 4), ("B", 2)]),                 # 2 + 1 Pharaoh = 3 beats 2... B second
    ("fr", None),                                 # masks only break ties: not tied, refused
])
def test_wild_without_a_tie(variant, expected):
    doc = req(variant, value=4, holdings={"A": 2, "B": 1}, wild={"A": 1})
    if expected is None:
        with pytest.raises(RuleError, match="only breaks a tie"):
            score_request(doc, "t")
    else:
        assert score_request(doc, "t") == expected


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_king_tut_without_a_tile_of_the_set(variant):
    doc = req(variant, value=4, holdings={"A": 3}, king_tut="B", order=["A", "B"])
    if variant == "en":
        with pytest.raises(RuleError, match="holds no tile of this set"):
            score_request(doc, "t")
    else:                                         # Toutankhamon counts for any set
        assert score_request(doc, "t") == [("A", 4), ("B", 2)]


def test_pharaoh_needs_a_tile_of_the_set_in_english():
    doc = req("en", value=4, holdings={"A": 3, "B": 0}, wild={"B": 1})
    with pytest.raises(RuleError, match=r"\[wild.B\].*holds no tile"):
        score_request(doc, "t")


def test_mask_needs_a_tile_in_french():
    doc = req("fr", value=4, holdings={"A": 1, "B": 0}, wild={"B": 1}, king_tut="B")
    with pytest.raises(RuleError, match="holds no tile"):
        score_request(doc, "t")


def test_more_tiles_than_the_set_has_is_a_rule_error():
    with pytest.raises(RuleError, match="has only 2"):
        score_request(req(value=2, holdings={"A": 2, "B": 1}), "t")


def test_more_pharaohs_than_exist_is_a_rule_error():
    doc = req(value=8, holdings={"A": 2, "B": 2}, wild={"A": 2, "B": 2})
    with pytest.raises(RuleError, match="only 3"):
        score_request(doc, "t")


@pytest.mark.parametrize("doc, match", [
    ([], "expected a JSON object"),
    ({"variant": "en", "value": 6, "holdings": {}}, "missing key 'order'"),
    (req(variant="de"), "not a variant"),
    (req(value=3), "not a set value"),
    (req(holdings={"A": -1}), "whole number"),
    (req(holdings={"A": 1}, order=["A", "A"]), "listed twice"),
    (req(holdings={"A": 1, "B": 1}, order=["A"]), r"\[holdings.B\]: B is not a player of order"),
    ({**req(holdings={"A": 1}), "colour": "red"}, "unknown key"),
    (req(holdings={"A": 1}, king_tut=3), "king_tut"),
])
def test_malformed_documents_are_input_errors(doc, match):
    with pytest.raises(InputError, match=match):
        score_request(doc, "t")


# ---- the command ---------------------------------------------------------------------------------

def test_score_set_command_json(runner, tmp_path):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(req(value=6, holdings={"A": 3, "B": 2, "C": 1})))
    result = runner.invoke(main, ["tut", "score-set", str(path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["payments"] == [["A", 6], ["B", 3]]
    assert doc["format"] == "tombgen/tut.score-set"


def test_score_set_command_text_from_stdin(runner):
    result = runner.invoke(main, ["tut", "score-set", "-"],
                           input=json.dumps(req(value=8, holdings={"A": 2, "B": 2, "C": 2},
                                                variant="fr")))
    assert result.exit_code == 0 and result.output.strip() == "nobody advances for this set"  # the French game has no coins


def test_score_set_forbidden_wild_exits_1(runner, tmp_path):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(req(value=4, holdings={"A": 3}, wild={"B": 1},
                                   order=["A", "B"])))
    result = runner.invoke(main, ["tut", "score-set", str(path)])
    assert result.exit_code == 1
    assert "holds no tile of this set" in result.output and "Traceback" not in result.output


def test_score_set_bad_json_exits_2(runner, tmp_path):
    path = tmp_path / "set.json"
    path.write_text("{not json")
    result = runner.invoke(main, ["tut", "score-set", str(path)])
    assert result.exit_code == 2 and "invalid JSON" in result.output
    assert runner.invoke(main, ["tut", "score-set", str(tmp_path / "none.json")]).exit_code == 2


# ---- each switch of seeds/tut.toml, flipped alone, changes what it says -------------------------

def _flipped(variant, **change):
    import dataclasses

    from generator.games.tut.model import rules

    return dataclasses.replace(rules(variant), **change)


def test_half_up_rounds_a_scarab_tie_up():
    from generator.games.tut.rules_scoring import payments

    # a French scarab tie (1 held against Toutankhamon): half of 1 is 0 rounded down, 1 up
    assert payments(1, [1, 1], [0, 0], [0, 1], _flipped("fr")) == []
    assert payments(1, [1, 1], [0, 0], [0, 1], _flipped("fr", half_up=True)) == [(0, 1), (1, 1)]
    assert payments(1, [1, 1], [1, 0], [0, 1], _flipped("fr", half_up=True)) == [(0, 1), (1, 1)]
    assert payments(1, [1, 1], [1, 0], [0, 1], _flipped("fr")) == [(0, 1)]


def test_wild_needs_tie_is_what_refuses_a_french_mask_without_a_tie():
    from generator.games.tut.rules_scoring import wild_problem

    fr = _flipped("fr")
    assert wild_problem(fr, 0, [2, 1], 1, False, -1) == (
        "is not tied with another player (2 tile(s)); a Masque de pharaon only breaks a tie "
        "between equal counts (French rules (Tutanchamun))")
    assert wild_problem(_flipped("fr", wild_needs_tie=False), 0, [2, 1], 1, False, -1) == ""
    assert wild_problem(_flipped("en", wild_needs_tie=True), 0, [2, 1], 1, False, -1) != ""
    # a tie counts Toutankhamon as a tile: 1 held + Toutankhamon against 2
    assert wild_problem(fr, 0, [1, 2], 1, False, 0) == ""
    assert wild_problem(fr, 0, [2, 1], 1, False, 1) == ""


def test_king_needs_tile_is_what_keeps_king_tut_off_a_set_not_held():
    from generator.games.tut.rules_scoring import counts_and_ties, wild_problem

    en, fr = _flipped("en"), _flipped("fr")
    assert wild_problem(en, 1, [3, 0], 0, True, 1).startswith("holds no tile of this set")
    assert wild_problem(_flipped("en", king_needs_tile=False), 1, [3, 0], 0, True, 1) == ""
    assert wild_problem(fr, 1, [3, 0], 0, True, 1) == ""
    assert wild_problem(_flipped("fr", king_needs_tile=True), 1, [3, 0], 0, True, 1) != ""
    assert counts_and_ties(fr, [3, 0], [0, 0], 1) == ([3, 1], [0, 0])
    assert counts_and_ties(_flipped("fr", king_needs_tile=True), [3, 0], [0, 0], 1) == (
        [3, 0], [0, 0])
    assert counts_and_ties(en, [3, 0], [0, 2], 1) == ([3, 0], [0, 0])
    assert counts_and_ties(_flipped("en", king_needs_tile=False), [3, 0], [0, 0], 1) == (
        [3, 1], [0, 0])


def test_wild_counts_adds_pharaohs_or_keeps_them_as_tie_breakers():
    from generator.games.tut.rules_scoring import counts_and_ties

    assert counts_and_ties(_flipped("en"), [2, 2], [1, 0], -1) == ([3, 2], [0, 0])
    assert counts_and_ties(_flipped("en", wild_counts=False), [2, 2], [1, 0], -1) == (
        [2, 2], [1, 0])
    assert counts_and_ties(_flipped("fr", wild_counts=True), [2, 2], [1, 0], -1) == (
        [3, 2], [0, 0])
