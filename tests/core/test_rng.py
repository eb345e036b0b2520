import pytest

from generator.core.rng import derive_seed, fresh_seed, make_rng


def test_same_seed_same_sequence():
    assert [make_rng(5).random() for _ in range(3)] == [make_rng(5).random() for _ in range(3)]


def test_make_rng_is_private():
    import random

    random.seed(1)
    before = random.random()
    random.seed(1)
    make_rng(99).random()
    assert random.random() == before


def test_derive_seed_item_zero_is_the_seed():
    assert derive_seed(1234, 0) == 1234


def test_derive_seed_distinct_and_stable():
    seeds = [derive_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    # stable across versions and platforms: a fixed value
    assert derive_seed(7, 1) == derive_seed(7, 1)
    assert derive_seed(7, 1) != derive_seed(8, 1)


@pytest.mark.parametrize("seed, index, derived", [
    (7, 3, 757171160), (7, 1, 172596650), (8, 1, 1350098558), (0, 1, 127486663),
    (1234, 2, 1270137761), (21, 5, 1294819563),
])
def test_derive_seed_known_value(seed, index, derived):
    # Pinned once, outside Python: the first 8 bytes of sha256("tombgen:<seed>:<index>") modulo
    # 2**31 - 1 (`printf tombgen:7:3 | sha256sum`, then bc). Items of a --count run keep these
    # seeds forever, so the same run remakes the same sheets on any version.
    assert derive_seed(seed, index) == derived


def test_fresh_seed_in_range():
    assert 0 <= fresh_seed() < 1_000_000
