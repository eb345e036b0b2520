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


def test_derive_seed_known_value():
    import hashlib

    expected = int.from_bytes(hashlib.sha256(b"tombgen:7:3").digest()[:8], "big") % (2**31 - 1)
    assert derive_seed(7, 3) == expected


def test_fresh_seed_in_range():
    assert 0 <= fresh_seed() < 1_000_000
