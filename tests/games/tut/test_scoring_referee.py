"""The set-scoring referee on cases worked by hand from the two rulebooks (seeds 000 and 004):
the French tie rules, masks breaking two ties at once, Toutankhamon with masks, the three
Pharaohs, and every refusal word for word."""

import pytest

from generator.core.errors import InputError, RuleError
from generator.games.tut.rules_scoring import score_request, set_values


def req(variant="en", value=6, holdings=None, order=None, **extra):
    holdings = holdings or {}
    doc = {"variant": variant, "value": value, "holdings": holdings,
           "order": order if order is not None else sorted(holdings)}
    doc.update(extra)
    return doc


def test_the_set_values_are_the_rulebooks():
    assert set_values() == (1, 2, 4, 6, 8)


# ---- the French text: "si deux joueurs sont égalité premier, chacun avance de la moitié de la
# valeur. En cas d'égalité deuxième ou de trois joueurs égalité premier, ces joueurs n'avancent
# pas." ------------------------------------------------------------------------------------------

def test_french_two_tied_for_first_each_pay_half_and_nobody_else_pays():
    doc = req("fr", value=8, holdings={"A": 3, "B": 3, "C": 2}, order=["C", "B", "A"])
    assert score_request(doc, "t") == [("B", 4), ("A", 4)]


def test_french_tied_second_pay_nothing():
    doc = req("fr", value=8, holdings={"A": 4, "B": 2, "C": 2})
    assert score_request(doc, "t") == [("A", 8)]


def test_french_three_tied_for_first_pay_nothing():
    doc = req("fr", value=6, holdings={"A": 2, "B": 2, "C": 2})
    assert score_request(doc, "t") == []


def test_english_three_tied_for_first_each_pay_half():
    doc = req("en", value=6, holdings={"A": 2, "B": 2, "C": 2}, order=["B", "C", "A"])
    assert score_request(doc, "t") == [("B", 3), ("C", 3), ("A", 3)]


def test_french_masks_break_both_ties_of_two_pairs():
    # A and B hold 3 chairs, C and D one each; A and D each play a mask. A is first, B (3 tiles)
    # second: D's mask only puts D ahead of C, never ahead of a player with more tiles.
    doc = req("fr", value=8, holdings={"A": 3, "B": 3, "C": 1, "D": 1}, wild={"A": 1, "D": 1})
    assert score_request(doc, "t") == [("A", 8), ("B", 4)]


def test_french_more_masks_beat_fewer():
    # The French example: two players with 3 chairs, one plays two masks, the other one.
    doc = req("fr", value=8, holdings={"A": 3, "B": 3}, wild={"A": 1, "B": 2})
    assert score_request(doc, "t") == [("B", 8), ("A", 4)]


def test_french_toutankhamon_makes_the_tie_a_mask_breaks():
    # A holds 2 + Toutankhamon = 3, B holds 3: tied, so A may play a mask and wins the set.
    doc = req("fr", value=6, holdings={"A": 2, "B": 3}, king_tut="A", wild={"A": 1})
    assert score_request(doc, "t") == [("A", 6), ("B", 3)]
    # ... and the other way round: B's Toutankhamon makes the tie A's mask breaks.
    doc = req("fr", value=6, holdings={"A": 3, "B": 2}, king_tut="B", wild={"A": 1})
    assert score_request(doc, "t") == [("A", 6), ("B", 3)]


def test_a_set_nobody_holds_costs_nobody_anything():
    assert score_request(req("en", value=4, holdings={}, order=[]), "t") == []
    assert score_request(req("fr", value=4, holdings={}, order=[]), "t") == []


def test_all_three_pharaohs_may_be_added():
    doc = req("en", value=8, holdings={"A": 2, "B": 2}, wild={"A": 2, "B": 1})
    assert score_request(doc, "t") == [("A", 8), ("B", 4)]


# ---- refusals, word for word -------------------------------------------------------------------

@pytest.mark.parametrize("doc, message", [
    (req("en", value=4, holdings={"A": 3}, king_tut="B", order=["A", "B"]),
     "t [king_tut]: B holds no tile of this set; a King Tut can only be added to a set its owner "
     "holds a tile of (English rules (Tutankhamen))"),
    (req("en", value=4, holdings={"A": 3}, king_tut="B", wild={"B": 1}, order=["A", "B"]),
     "t [wild.B]: B holds no tile of this set; a Pharaoh can only be added to a set its owner "
     "holds a tile of (English rules (Tutankhamen))"),
    (req("en", value=4, holdings={"A": 3}, wild={"B": 1}, order=["A", "B"]),
     "t [wild.B]: B holds no tile of this set; a Pharaoh can only be added to a set its owner "
     "holds a tile of (English rules (Tutankhamen))"),
    (req("fr", value=4, holdings={"A": 2, "B": 1}, wild={"A": 1}),
     "t [wild.A]: A is not tied with another player (2 tile(s)); a Masque de pharaon only "
     "breaks a tie between equal counts (French rules (Tutanchamun))"),
    (req("fr", value=4, holdings={"A": 2}, wild={"B": 1}, order=["A", "B"]),
     "t [wild.B]: B holds no tile of this set; a Masque de pharaon can only be added to a set "
     "its owner holds a tile of (French rules (Tutanchamun))"),
    (req("en", value=2, holdings={"A": 2, "B": 1}),
     "t [holdings]: 3 tiles held, but a set of value 2 has only 2"),
    (req("en", value=8, holdings={"A": 2, "B": 2}, wild={"A": 2, "B": 2}),
     "t [wild]: 4 Pharaoh tiles added, the game has only 3"),
])
def test_rule_errors_word_for_word(doc, message):
    with pytest.raises(RuleError) as err:
        score_request(doc, "t")
    assert str(err.value) == message


@pytest.mark.parametrize("doc, message", [
    ([], "t: expected a JSON object with keys variant, value, holdings, wild, king_tut, order"),
    ({**req(holdings={"A": 1}), "colour": "red"},
     "t [colour]: unknown key; allowed: variant, value, holdings, wild, king_tut, order"),
    ({"variant": "en", "value": 6, "order": []}, "t: missing key 'holdings'"),
    (req(variant="de"), "t [variant]: 'de' is not a variant; use \"en\" or \"fr\""),
    (req(value=3), "t [value]: 3 is not a set value; use one of 1, 2, 4, 6, 8"),
    (req(value=True), "t [value]: True is not a set value; use one of 1, 2, 4, 6, 8"),
    (req(holdings=["A"]), "t [holdings]: expected an object {player: tiles}"),
    (req(holdings={"A": True}), "t [holdings] [A]: expected a whole number ≥ 0 of tiles, got True"),
    (req(holdings={"A": "2"}), "t [holdings] [A]: expected a whole number ≥ 0 of tiles, got '2'"),
    (req(holdings={"A": 1}, wild={"A": -1}),
     "t [wild] [A]: expected a whole number ≥ 0 of wild tiles, got -1"),
    (req(holdings={"A": 1}, wild=[1]), "t [wild]: expected an object {player: wild tiles}"),
    (req(holdings={"A": 1}, king_tut=3), "t [king_tut]: expected a player name or null"),
    (req(holdings={"A": 1}, order="A"),
     "t [order]: expected a list of player names, furthest along first"),
    (req(holdings={"A": 1}, order=["A", 2]),
     "t [order]: expected a list of player names, furthest along first"),
    (req(holdings={"A": 1}, order=["A", "A"]), "t [order]: a player is listed twice"),
    (req(holdings={"A": 1, "C": 1, "B": 1}, order=["A"]),
     "t [holdings.C]: C is not a player of order (A); correct the name, or add C to order "
     "(every player by token position, furthest along first)"),
    (req(holdings={"A": 1}, wild={"C": 1}, order=["A"]),
     "t [wild.C]: C is not a player of order (A); correct the name, or add C to order "
     "(every player by token position, furthest along first)"),
    (req(holdings={"A": 1}, king_tut="K", order=["A"]),
     "t [king_tut]: K is not a player of order (A); correct the name, or add K to order "
     "(every player by token position, furthest along first)"),
])
def test_input_errors_word_for_word(doc, message):
    with pytest.raises(InputError) as err:
        score_request(doc, "t")
    assert str(err.value) == message
