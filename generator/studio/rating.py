"""The one place the page reaches the Hidden Realms map rating.

A rating plays bot games on a map in batches and stops as soon as its label is clear
(``generator.games.realms.rating.rate``); the page shows how many games are played so far.
:func:`counted` runs that very rating and counts its games after every batch, so the page and
``tombgen realms rate`` give the same numbers.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.games.realms import rating as engine
Progress = Callable[[int, int], None]


def counted(m, games: int, seed: int, progress: Progress):
    """The rating's own ``rate(m, games, seed)``, its games counted after every batch."""
    return engine.rate(m, games, seed, progress=lambda r: progress(r.games, games))


def rate_map(m, games: int, seed: int, progress: Progress) -> dict[str, Any]:
    """Plays up to ``games`` bot games on map ``m`` (dice from ``seed``) and returns the
    ``rating`` object of the map documents (label, par, spread, … and the fingerprint of these
    squares)."""
    progress(0, games)
    return _fields(m, counted(m, games, seed, progress))


def stored_rating(name: str, m) -> dict[str, Any] | None:
    """The rating stored for a shipped map (None when it has none), as :func:`rate_map` gives."""
    found = engine.shipped_rating(name)
    return None if found is None else _fields(m, found)


def _fields(m, rating) -> dict[str, Any]:
    """A rating as the map documents write it: tied to these squares by their fingerprint."""
    from generator.games.realms.model import fingerprint

    return {**rating.to_fields(), "fingerprint": fingerprint(m)}
