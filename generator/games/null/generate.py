"""Seeded rows of the null game: how many counters (within ``[row]`` of seeds/null.toml, unless
``counters`` says) and who starts, both drawn from the ``random.Random`` passed in."""

from __future__ import annotations

import random

from generator.core.errors import InputError
from generator.games.null.model import Row, data


def generate_row(rng: random.Random, counters: int | None = None) -> Row:
    """A row of ``counters`` counters (None: drawn from ``rng``), its first player drawn."""
    d = data()
    fewest, most = d["row"]["fewest"], d["row"]["most"]
    if counters is None:
        counters = rng.randint(fewest, most)
    elif not fewest <= counters <= most:
        raise InputError(f"--counters {counters}: a row has {fewest} to {most} counters")
    return Row(counters, rng.randrange(d["play"]["players"]))
