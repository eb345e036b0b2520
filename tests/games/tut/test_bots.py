"""The fast greedy bot makes exactly the decisions of the plain greedy policy it replaced."""

import pytest
from games.tut.greedy_reference import GreedyBot as ReferenceBot

from generator.core.rng import make_rng
from generator.games.tut.bots import GreedyBot
from generator.games.tut.rules import new_state


def lockstep(state, rng):
    """Plays a whole game; at every decision both bots choose from the same random state.
    Returns how many decisions were compared."""
    fast, slow = GreedyBot(), ReferenceBot()
    steps = 0
    while not state.is_over():
        before = rng.getstate()
        want = slow.choose(state, rng)
        after = rng.getstate()
        rng.setstate(before)
        got = fast.choose(state, rng)
        assert got == want, f"decision {steps}: fast {got}, reference {want}"
        assert rng.getstate() == after, f"decision {steps}: random draws differ"
        state.apply(got)
        steps += 1
    return steps


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_fast_greedy_decides_like_the_reference(variant):
    decisions = 0
    for seed in range(60):
        rng = make_rng(seed)
        state = new_state(rng, players=2 + seed % 5, variant=variant)
        decisions += lockstep(state, rng)
        assert state.check_invariants() == []
    assert decisions > 60 * 20          # whole games, not a few moves each


def test_fast_greedy_decides_like_the_reference_in_close_endgames():
    # few coins left: last tiles, wins and blocks decide most moves
    decisions = 0
    for seed in range(40):
        rng = make_rng(1000 + seed)
        state = new_state(rng, players=2 + seed % 5, variant="en" if seed % 2 else "fr")
        state.coins = [3 + (seed + p) % 4 for p in range(state.n)]
        state.paid = [state.start - c for c in state.coins]
        decisions += lockstep(state, rng)
    assert decisions > 40 * 5
