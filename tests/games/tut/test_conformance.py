"""Random and greedy games: they always end, coins are conserved, every tile goes exactly once."""

import pytest

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tut.bots import GreedyBot
from generator.games.tut.rules import END, OVER, new_state


def finish_checks(state):
    """What must hold once a game is over."""
    assert state.phase == OVER and state.winners
    assert sum(state.coins) + sum(state.paid) == state.start * state.n
    if state.ended == "coins-out":
        assert len(state.winners) == 1 and state.coins[state.winners[0]] == 0
    else:                                   # ended naturally: every trail tile went once
        assert all(f in (1, 2) for f in state.fate[:END])
        assert state.fate[:END].count(1) + state.fate[:END].count(2) == END
        low = min(state.coins)
        assert state.winners == [p for p in range(state.n) if state.coins[p] == low]
    if state.ended == "all-at-end":
        assert all(p == END for p in state.pos)


@pytest.mark.parametrize("variant", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_invariants(variant, players):
    endings = set()
    for seed in range(40):
        rng = make_rng(seed * 10 + players)
        state = new_state(rng, players=players, variant=variant)
        result = play(state, [RandomBot()] * players, rng, check=True)
        assert not result.capped
        finish_checks(state)
        endings.add(state.ended)
    assert "coins-out" in endings


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_greedy_games_end_with_invariants(variant):
    for seed in range(6):
        rng = make_rng(seed)
        state = new_state(rng, players=2 + seed % 5, variant=variant)
        result = play(state, [GreedyBot()] * state.n, rng, check=True)
        assert not result.capped
        finish_checks(state)


def test_new_state_draws_players_and_variant_from_the_seed():
    seen = {(s.n, s.r.variant) for s in (new_state(make_rng(i)) for i in range(60))}
    assert {n for n, _ in seen} == {2, 3, 4, 5, 6} and {v for _, v in seen} == {"en", "fr"}
    a, b = new_state(make_rng(5)), new_state(make_rng(5))
    assert a.tiles == b.tiles and a.n == b.n


def test_greedy_beats_random():
    wins = 0.0
    for seed in range(40):
        rng = make_rng(seed)
        state = new_state(rng, players=4, variant="en" if seed % 2 else "fr")
        seat = seed % 4
        play(state, [GreedyBot() if p == seat else RandomBot() for p in range(4)], rng)
        wins += state.scores()[seat]
    assert wins / 40 > 0.6


def test_invariant_checker_catches_broken_states():
    state = new_state(make_rng(1), players=3, variant="en")
    state.coins[0] -= 1
    state.trail.pop()
    state.left[0] += 1
    broken = " ".join(state.check_invariants())
    assert "coins" in broken and "trail list" in broken and "accounted" in broken
