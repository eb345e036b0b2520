"""Tanis engine: whole games with random and greedy bots end cleanly, every tile accounted for."""

import pytest

from generator.core.errors import InputError
from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tanis.bots import GreedyBot
from generator.games.tanis.generate import generate_dig
from generator.games.tanis.rules import EXCAVATED, IN_DIG, deal, start_state
from generator.registry import game, resolve


def accounted(state) -> None:
    """All 40 tiles are with a player or excavated, none left, each identity exactly once."""
    taken = state.collected(0) + state.collected(1)
    gone = state.excavated()
    assert len(taken) + len(gone) == 40
    assert sorted(taken + gone) == list(range(40))
    assert IN_DIG not in state.where
    assert state.where.count(EXCAVATED) == sum(state.used[p][1] for p in range(2))


@pytest.mark.parametrize("style", ["random", "classic"])
def test_random_games_always_end_with_all_40_tiles_accounted(style):
    for seed in range(150):
        rng = make_rng(seed)
        state = start_state(generate_dig(rng, style), rng)
        result = play(state, [RandomBot(), RandomBot()], rng, max_moves=200, check=seed < 40)
        assert not result.capped and state.is_over()
        accounted(state)
        assert state.scores() == result.scores


def test_greedy_games_keep_every_invariant():
    for seed in range(12):
        rng = make_rng(seed)
        state = start_state(generate_dig(rng, "random"), rng)
        play(state, [GreedyBot(), RandomBot()], rng, max_moves=200, check=True)
        accounted(state)


def test_cards_are_never_overused():
    for seed in range(100):
        rng = make_rng(seed)
        state = start_state(generate_dig(rng, "random"), rng)
        play(state, [RandomBot(), RandomBot()], rng)
        for p in range(2):
            used = state.cards_used(p)
            assert used["explorer"] <= 3 and used["excavator"] <= 2 and used["expert"] <= 1
            assert all(v >= 0 for v in state.cards_left(p).values())


def test_registry_engine_gives_a_fresh_two_player_state():
    new_state = resolve(game("tanis").engine)
    state = new_state(make_rng(4))
    assert state.current_player() == 0 and not state.is_over()
    assert len(state.visible) == 10 and state.check_invariants() == []
    assert sorted(state.codes) == list(range(40))
    with pytest.raises(InputError, match="2 players"):
        new_state(make_rng(4), players=3)


def test_same_seed_same_game():
    def run(seed):
        rng = make_rng(seed)
        state = start_state(generate_dig(rng, "random"), rng)
        play(state, [GreedyBot(), RandomBot()], rng)
        return state.scores(), state.collected(0), state.excavated()

    assert run(21) == run(21)
    assert run(21) != run(22)


def test_deal_is_a_seeded_shuffle_of_all_tiles():
    a, b = deal(make_rng(1), 40), deal(make_rng(1), 40)
    assert a == b and sorted(a) == list(range(40)) and a != list(range(40))


def test_copy_is_independent():
    rng = make_rng(3)
    state = start_state(generate_dig(rng, "random"), rng)
    twin = state.copy()
    twin.apply(twin.legal_moves()[0])
    assert len(state.visible) == 10 and state.left == 40 and twin.left == 39


def test_winner_and_tie_rule_in_the_engine():
    rng = make_rng(5)
    state = start_state(generate_dig(rng, "random"), rng, first=1)
    assert state.current_player() == 1
    # Nobody has anything: 0 to 0, so the player who did not start (player 0) wins.
    assert state.scores() == [0, 0] and state.winner() == 0
