"""`tombgen validate` of a Tutankhamen score-set document (what `tut score-set --json` writes):
payments [player, coins], each player at most once, coins a set's value or half of one; every
problem named word for word.

The sets are worth 1, 2, 4, 6 and 8 (both rulebooks), so a payment is 1, 2, 3, 4, 6 or 8
(half of 1 is nothing and is never listed).
"""

import pytest

from generator.games.tut.rules_scoring import validate_score_set_document

AMOUNTS = "1, 2, 3, 4, 6, 8"


def problems(doc) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_score_set_document(doc, "s.json").violations]


@pytest.mark.parametrize("payments", [[], [["A", 8], ["B", 4]], [["A", 3], ["B", 3], ["C", 3]],
                                      [["A", 1]], [["A", 6]], [["A", 2]]])
def test_true_payments(payments):
    report = validate_score_set_document({"payments": payments}, "s.json")
    assert report.ok and report.text().startswith("s.json")


@pytest.mark.parametrize("coins", [0, 5, 7, 9, 16, -2, 4.0, True, "4", None])
def test_an_amount_no_set_pays(coins):
    assert problems({"payments": [["A", 8], ["B", coins]]}) == [
        ("payment-amount", f"{coins!r} coins: a payment is a set's value or half of one "
         f"({AMOUNTS})", "payments[1]")]


def test_a_player_pays_once_a_set():
    assert problems({"payments": [["A", 4], ["B", 4], ["A", 4]]}) == [
        ("payments-twice", "A pays twice for one set", "payments[2]")]


@pytest.mark.parametrize("pay", [["A"], ["A", 4, 1], [4, "A"], "A4", {"A": 4}])
def test_each_payment_is_a_player_and_coins(pay):
    assert problems({"payments": [["B", 2], pay]}) == [
        ("payments", "each payment is [player, coins]", "payments[1]")]


@pytest.mark.parametrize("doc", [{}, {"payments": None}, {"payments": {"A": 4}}])
def test_payments_must_be_a_list(doc):
    assert problems(doc) == [("payments", "payments must be a list of [player, coins]",
                              "payments")]


def test_every_problem_at_once():
    doc = {"payments": [["A", 5], "B", ["A", 8], ["C", 0]]}
    assert problems(doc) == [
        ("payment-amount", f"5 coins: a payment is a set's value or half of one ({AMOUNTS})",
         "payments[0]"),
        ("payments", "each payment is [player, coins]", "payments[1]"),
        ("payments-twice", "A pays twice for one set", "payments[2]"),
        ("payment-amount", f"0 coins: a payment is a set's value or half of one ({AMOUNTS})",
         "payments[3]"),
    ]
