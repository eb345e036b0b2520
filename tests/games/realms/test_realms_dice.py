"""Where Hidden Realms' dice come from: a seed gives the same game forever (its streams pinned
here by hand from this version's rolls), every face can come up, and a listed source plays a
record's rolls back in order, refusing to invent one."""

import pytest

from generator.core.errors import RuleError
from generator.games.realms.rules.dice import ListedDice, SeededDice


def test_a_seed_gives_the_same_rolls_forever():
    dice = SeededDice(3, players=2)
    assert [dice.round_roll(1), dice.round_roll(2)] == [(2, 5), (5, 2)]
    assert [dice.extra(0), dice.extra(0), dice.extra(1)] == [2, 1, 3]
    assert dice.to_json() == {"seed": 3}


def test_one_players_extra_dice_never_change_anothers():
    a, b = SeededDice(3, players=2), SeededDice(3, players=2)
    for _ in range(5):
        a.extra(0)
    assert a.extra(1) == b.extra(1) and a.round_roll(1) == b.round_roll(1)


def test_every_face_comes_up():
    dice = SeededDice(11, players=1)
    shared = {f for n in range(200) for f in dice.round_roll(n)}
    extra = {dice.extra(0) for _ in range(200)}
    assert shared == extra == {1, 2, 3, 4, 5, 6}


def test_a_listed_source_plays_back_in_order_and_refuses_to_invent():
    dice = ListedDice([(1, 6), (3, 3)], [[4, 5]], players=2)
    assert dice.extra_rolls == [[4, 5], []]
    assert [dice.round_roll(1), dice.round_roll(2)] == [(1, 6), (3, 3)]
    assert [dice.extra(0), dice.extra(0)] == [4, 5]
    with pytest.raises(RuleError) as refused:
        dice.extra(0)
    assert refused.value.message == "the dice list has no more extra rolls for player 1"
    with pytest.raises(RuleError) as refused:
        dice.extra(1)
    assert refused.value.message == "the dice list has no more extra rolls for player 2"
    with pytest.raises(RuleError) as refused:
        dice.round_roll(3)
    assert refused.value.message == "the dice list has no roll for round 3"
    assert dice.to_json() == {"rolls": [[1, 6], [3, 3]], "extra": [[4, 5], []]}


def test_the_rules_data_read_once_is_read_only():
    """The engine's facts (20 rounds, 6 faces) cannot be changed behind the rules data's back."""
    from generator.games.realms.rules.constants import RULES

    assert (RULES.rounds, RULES.faces) == (20, 6)
    with pytest.raises(AttributeError, match="cannot assign to field 'rounds'"):
        RULES.rounds = 19  # type: ignore[misc]
    with pytest.raises(TypeError):
        RULES.monster_coins["ooze"] = 5  # type: ignore[index]
    with pytest.raises(AttributeError, match="no attribute 'turns'"):
        _ = RULES.turns
    assert RULES.rounds == 20
