"""Seeded randomness: the only way library code gets random numbers.

``make_rng(seed)`` gives a private ``random.Random``; item ``i`` of a ``--count`` run gets
``derive_seed(seed, i)``. Item 0 keeps the seed itself, so the first item of a batch is the same
as a single run with that seed. Derivation is a hash, stable across Python versions and platforms.
"""

from __future__ import annotations

import os
import random

SEED_MAX = 2**31 - 1


def make_rng(seed: int) -> random.Random:
    """Returns a fresh generator seeded with ``seed`` (an int ≥ 0)."""
    return random.Random(int(seed))


def derive_seed(seed: int, index: int) -> int:
    """Seed of item ``index`` (0-based) of a run started with ``seed``; index 0 → seed itself."""
    if index == 0:
        return int(seed)
    import hashlib  # only batches need it; keeps single-item cold starts lean

    digest = hashlib.sha256(f"tombgen:{int(seed)}:{int(index)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_MAX


def fresh_seed() -> int:
    """A new seed from the OS for when the user gives none (the CLI always prints it)."""
    return int.from_bytes(os.urandom(4), "big") % 1_000_000
