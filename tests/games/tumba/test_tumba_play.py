"""Whole games: random play ends with every invariant kept, bots, the simulation summary."""

import pytest

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tumba.bots import GreedyBot
from generator.games.tumba.rules import new_state
from generator.games.tumba.simulate import play_game, simulate


@pytest.mark.parametrize("mode", ["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_invariants(mode, players):
    for seed in range(6):
        rng = make_rng(seed * 10 + players)
        state = new_state(rng, players=players, mode=mode)
        result = play(state, [RandomBot()] * players, rng, max_moves=20_000, check=True)
        assert not result.capped and state.is_over()
        assert state.winner >= 0 or state.blocked
        assert sum(state.entries.values()) >= state.target


def test_new_state_draws_players_and_mode():
    seen = set()
    for seed in range(40):
        state = new_state(make_rng(seed))
        assert 2 <= state.players <= 6 and state.mode in ("standard", "advanced")
        seen.add((state.players, state.mode))
    assert len(seen) > 6


def test_the_ten_mummy_target_ends_too():
    for seed in range(5):
        state = play_game(4, seed, "advanced", target=10, bots=("random",))
        assert state.winner >= 0 or state.blocked
        if state.winner >= 0:
            assert state.tomb[state.winner] == 10


def test_greedy_beats_random():
    wins = 0
    for seed in range(60):
        state = play_game(2, seed, "standard", bots=("greedy", "random"))
        wins += state.winner == 0
    assert wins >= 40


def test_greedy_only_picks_legal_moves():
    rng = make_rng(3)
    state = new_state(rng, players=3, mode="advanced")
    result = play(state, [GreedyBot()] * 3, rng, check=True)
    assert not result.capped


def test_simulation_is_reproducible_and_complete():
    first = simulate(3, 30, seed=7, mode="standard", bots=("random",))
    again = simulate(3, 30, seed=7, mode="standard", bots=("random",))
    assert first == again
    assert first["finished"]["count"] + len(first["capped"]) + len(first["blocked"]) == 30
    finished = first["finished"]["count"]
    assert abs(sum(s["win_rate"] for s in first["seats"]) - finished / 30) < 1e-3
    assert first["length"]["mean"] > 0 and first["length"]["unit"] == "turns"
    assert sum(first["entries"].values()) >= 30 * 8


def test_replaying_one_simulated_game():
    from generator.core.rng import derive_seed

    a = play_game(2, derive_seed(7, 3), "advanced")
    b = play_game(2, derive_seed(7, 3), "advanced")
    assert (a.turn, a.tomb, a.winner) == (b.turn, b.tomb, b.winner)
