"""Helpers for the Tutankhamen tests: trails with chosen tiles up front, states built on them."""

from collections import Counter

import pytest

from generator.games.tut.model import GOLD, PHARAOH, catalog
from generator.games.tut.rules import State


def trail_with(prefix: list[str]) -> list[str]:
    """69 tile codes: ``prefix`` first, then the rest of the multiset, big sets first and the
    specials last (so filler tiles rarely complete a set by accident)."""
    left = Counter(dict(catalog().trail_counts))
    left.subtract(Counter(prefix))
    assert all(v >= 0 for v in left.values()), f"prefix uses too many tiles: {prefix}"
    order = [c for c, _ in reversed(catalog().trail_counts) if c not in (GOLD, PHARAOH)]
    order += [PHARAOH, GOLD]
    return list(prefix) + [c for c in order for _ in range(left[c])]


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test starts with the engine's and bots' caches empty: a cached answer from an
    earlier test never stands in for the code under test (mutation runs rely on it)."""
    from generator.games.tut import bots, model, rules

    for cached in (model.catalog, model.rules, rules._base_ids, bots._memo_for):
        cached.cache_clear()
    yield


@pytest.fixture
def make_state():
    """``make_state(prefix, players=2, variant='en', coins=None)``: a fresh game on a trail
    starting with ``prefix``; ``coins`` sets what each player still has to pay."""

    def make(prefix, players=2, variant="en", coins=None):
        state = State.from_codes(trail_with(prefix), players, variant)
        if coins is not None:
            state.coins = list(coins)
            state.paid = [state.start - c for c in coins]
        return state

    return make
