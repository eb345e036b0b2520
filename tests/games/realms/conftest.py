"""Every Hidden Realms test starts with the engine's memos empty (the boards of the maps, the
shovel squares' names), so that a value an earlier test computed never hides a
planted bug from this one, nor blames one on it."""

import pytest

from generator.games.realms.rules import clear_caches


@pytest.fixture(autouse=True)
def _fresh_memos():
    clear_caches()
    yield
