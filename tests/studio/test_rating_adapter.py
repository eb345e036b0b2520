"""The page's rating adapter: the rating's own numbers, with progress after each batch of games,
and the rating module left as it was found."""

from __future__ import annotations

from generator.games.realms import rating as engine
from generator.games.realms.mapfile import load_map
from generator.studio import rating as adapter


def test_the_page_gives_the_ratings_numbers_and_progress():
    m = load_map("map-3")
    seen: list[tuple[int, int]] = []
    made = adapter.counted(m, 23, 5, lambda done, total: seen.append((done, total)))
    assert made == engine.rate(m, 23, 5)
    assert seen[-1] == (made.games, 23) and all(total == 23 for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert engine.play_scores.__name__ == "play_scores" and engine.play_scores.__module__ == \
        engine.__name__


def test_progress_comes_after_each_batch():
    """Batches of 20, then doubling (``[rating] first`` of seeds/realms.toml), up to the most
    games asked for; the small steps of a long rating are reported as they end."""
    seen: list[int] = []
    fields = adapter.rate_map(load_map("map-1"), 25, 2, lambda done, total: seen.append(done))
    assert seen[0] == 0 and seen[1] == 20 and seen[-1] == fields["games"] <= 25
    assert len(fields["fingerprint"]) == 12
