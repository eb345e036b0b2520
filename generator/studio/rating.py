"""The one place the page reaches the Hidden Realms map rating.

A rating plays bot games on a map and summarises their scores; the page shows how many games
are played so far. Two ways of running one, the same numbers:

* :func:`chunked` plays the games in chunks (``[rating] chunk`` of seeds/studio.toml), game
  ``i`` always with the dice of ``derive_seed(seed, i)``, and summarises them with
  ``rating_of(scores, seed)``: the result of ``rate(m, games, seed)``, with progress after each
  chunk. It needs the rating's ``play_scores`` and ``rating_of(scores, seed)``.
* :func:`counted` calls the rating's own ``rate(m, games, seed)`` (which may stop early, like a
  sequential rating) and counts its games as they are played, for the progress. It needs only
  ``rate`` and that its games go through ``play_scores``.

:data:`RATE` picks one: switching the page to another rating with those functions (a stronger
bot, a sequential rating) is that one line.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.games.realms import rating as engine

Progress = Callable[[int, int], None]


def chunked(m, games: int, seed: int, progress: Progress):
    """``rate(m, games, seed)`` played chunk by chunk, with progress after each chunk."""
    from generator.studio.settings import settings

    chunk = settings()["rating"]["chunk"]
    scores: list[float] = []
    while len(scores) < games:
        scores += engine.play_scores(m, min(chunk, games - len(scores)), seed, len(scores))
        progress(len(scores), games)
    return engine.rating_of(scores, seed)


def counted(m, games: int, seed: int, progress: Progress):
    """The rating's own ``rate(m, games, seed)``, its games counted as they are played. (It
    runs in a job's own process, which does nothing else: the counting wrapper is put around
    ``play_scores`` for the call and taken off after.)"""
    inner = engine.play_scores
    played = [0]

    def play_scores(*args, **kwargs):
        scores = inner(*args, **kwargs)
        played[0] += len(scores)
        progress(min(played[0], games), games)
        return scores

    engine.play_scores = play_scores
    try:
        return engine.rate(m, games, seed)
    finally:
        engine.play_scores = inner


#: How the page rates a map (see the module doc).
RATE = chunked


def rate_map(m, games: int, seed: int, progress: Progress) -> dict[str, Any]:
    """Plays up to ``games`` bot games on map ``m`` (dice from ``seed``) and returns the
    ``rating`` object of the map documents (label, par, spread, … and the fingerprint of these
    squares)."""
    progress(0, games)
    return _fields(m, RATE(m, games, seed, progress))


def stored_rating(name: str, m) -> dict[str, Any] | None:
    """The rating stored for a shipped map (None when it has none), as :func:`rate_map` gives."""
    found = engine.shipped_rating(name)
    return None if found is None else _fields(m, found)


def _fields(m, rating) -> dict[str, Any]:
    """A rating as the map documents write it: tied to these squares by their fingerprint."""
    from generator.games.realms.products import fingerprint

    return {**rating.to_fields(), "fingerprint": fingerprint(m)}
