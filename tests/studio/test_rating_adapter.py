"""The page's rating adapter: both ways of running a rating give the rating's own numbers, with
progress up to the games played, and leave the rating module as they found it."""

from __future__ import annotations

import pytest

from generator.games.realms import rating as engine
from generator.games.realms.mapfile import load_map
from generator.studio import rating as adapter


@pytest.mark.parametrize("way", [adapter.chunked, adapter.counted])
def test_a_way_of_rating_gives_the_ratings_numbers_and_progress(way):
    m = load_map("map-3")
    seen: list[tuple[int, int]] = []
    made = way(m, 23, 5, lambda done, total: seen.append((done, total)))
    assert made == engine.rate(m, 23, 5)
    assert seen[-1] == (23, 23) and all(total == 23 for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert engine.play_scores.__name__ == "play_scores" and engine.play_scores.__module__ == \
        engine.__name__


def test_the_chunks_report_as_they_go(monkeypatch):
    monkeypatch.setattr(adapter, "RATE", adapter.chunked)
    seen: list[int] = []
    fields = adapter.rate_map(load_map("map-1"), 25, 2, lambda done, total: seen.append(done))
    assert seen == [0, 10, 20, 25]  # [rating] chunk = 10 in seeds/studio.toml
    assert fields["games"] == 25 and len(fields["fingerprint"]) == 12
