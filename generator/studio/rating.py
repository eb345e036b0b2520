"""The one place the page reaches the Hidden Realms map rating.

A rating plays bot games on a map and summarises their scores. The page shows how many games
are played so far, so the games are played in chunks (``[rating] chunk`` of seeds/studio.toml),
game ``i`` always with the dice of ``derive_seed(seed, i)``: the result is the one a single
call gives. Everything the page needs from the rating is in :func:`rate_map`; another rating
(a stronger bot, a sequential rating) is switched to here and nowhere else.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.games.realms import rating as engine


def rate_map(m, games: int, seed: int, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """Plays ``games`` bot games on map ``m`` (dice from ``seed``) and returns the ``rating``
    object of the map documents (label, par, spread, … and the fingerprint of these squares)."""
    from generator.studio.settings import settings

    chunk = settings()["rating"]["chunk"]
    scores: list[float] = []
    progress(0, games)
    while len(scores) < games:
        scores += engine.play_scores(m, min(chunk, games - len(scores)), seed, len(scores))
        progress(len(scores), games)
    return _fields(m, engine.rating_of(scores, seed))


def stored_rating(name: str, m) -> dict[str, Any] | None:
    """The rating stored for a shipped map (None when it has none), as :func:`rate_map` gives."""
    found = engine.shipped_rating(name)
    return None if found is None else _fields(m, found)


def _fields(m, rating) -> dict[str, Any]:
    """A rating as the map documents write it: tied to these squares by their fingerprint."""
    from generator.games.realms.products import fingerprint

    return {**rating.to_fields(), "fingerprint": fingerprint(m)}
