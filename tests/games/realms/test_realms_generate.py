"""The map generator: generated maps always validate, are deterministic and distinct, respect
the size asked for, and impossible requests say which constraint failed after how many
attempts (the rating itself: test_realms_rating.py)."""

import re
from collections import Counter

import pytest

from generator.core.errors import InputError, RuleError
from generator.core.rng import make_rng
from generator.games.realms import generate as gen
from generator.games.realms.mapfile import load_map, parse_map_text, write_map_text
from generator.games.realms.model import data
from generator.games.realms.products import make_map
from generator.games.realms.rules.map import validate_map


@pytest.mark.parametrize("level", gen.LEVELS)
def test_two_hundred_maps_per_difficulty_all_validate(level):
    spec = data()["map"]
    for seed in range(200):
        m, attempts = gen.generate_map(make_rng(seed), level=level)
        report = validate_map(m)
        assert report.ok, (level, seed, report.text())
        assert spec["min_size"] <= min(m.size) <= max(m.size) <= spec["max_size"]
        assert attempts >= 1 and m.difficulty == "unrated"


def test_same_seed_same_map_and_round_trip_through_the_file():
    a, _ = gen.generate_map(make_rng(42), (13, 15), "standard")
    b, _ = gen.generate_map(make_rng(42), (13, 15), "standard")
    assert a == b and a.size == (13, 15)
    again = parse_map_text(write_map_text(a), "x.toml").map
    assert again == a


def test_maps_of_a_run_are_distinct():
    grids = Counter()
    for seed in range(150):
        m, _ = gen.generate_map(make_rng(seed))
        grids[(m.size, m.entrances, m.stone, m.rooms, m.findings)] += 1
    assert max(grids.values()) == 1


def test_entrances_rooms_and_pairs():
    for seed in range(40):
        m, _ = gen.generate_map(make_rng(seed))
        assert len(m.entrances) == 4
        assert not any(e.x in (0, m.size[0] - 1) and e.y in (0, m.size[1] - 1)
                       for e in m.entrances), "no entrance on a corner square"
        golems = {f.kind[6:] for f in m.findings if f.kind.startswith("golem-")}
        gems = {r.content[4:] for r in m.rooms if r.content.startswith("gem-")}
        assert golems == gems
        fronts = [(r.x + {"E": 1, "W": -1}.get(r.door, 0), r.y + {"S": 1, "N": -1}.get(r.door, 0))
                  for r in m.rooms]
        assert len(set(fronts)) == len(fronts), "each door faces its own square"


@pytest.mark.parametrize("size, message", [((10, 10), "size-range"), ((12, 17), "size-range"),
                                           ((8, 14), "size-range")])
def test_impossible_size_names_the_constraint(size, message):
    with pytest.raises(RuleError) as err:
        gen.generate_map(make_rng(1), size)
    assert message in err.value.message and "0 attempts" in err.value.message


def test_failing_constraint_is_counted_over_attempts(monkeypatch):
    def no_rooms(*args):
        raise gen.LayoutFailed("rooms", "no stone square has a free square before its door")

    monkeypatch.setattr(gen, "place_rooms", no_rooms)
    with pytest.raises(RuleError) as err:
        gen.generate_map(make_rng(1), (12, 12), "easy")
    attempts = data()["generate"]["attempts"]
    found = re.search(r"constraint (\S+) failed in (\d+) of (\d+) attempts", err.value.message)
    assert found.group(1) == "rooms" and int(found.group(3)) == attempts
    assert attempts / 2 < int(found.group(2)) <= attempts       # the most common failure


@pytest.mark.parametrize("value, size", [(None, None), ("14", (14, 14)), (13, (13, 13)),
                                         ("16x12", (16, 12)), ("12 X 15", (12, 15))])
def test_parse_size(value, size):
    assert gen.parse_size(value) == size


@pytest.mark.parametrize("value", ["abc", "12x", "x12", "1x2x3", "-3"])
def test_parse_size_rejects(value):
    with pytest.raises(InputError):
        gen.parse_size(value)


def test_a_plain_request_lays_out_another_map_for_a_hopeless_one(monkeypatch):
    """Without --difficulty, a map given up by its search is replaced, up to [generate]
    plain_attempts maps (8); the last is rated in full and kept, labelled or not."""
    from generator.games.realms import rating
    from generator.games.realms.rating import Rating

    calls = []

    def rate(m, games, seed, wanted=None, player=None, search=False):
        calls.append(search)
        label = "standard" if len(calls) == 3 else "borderline"
        return Rating(label, 120.0, (105.0, 130.0), 90.0, 150.0, 120.0, 20, seed, "quick")

    monkeypatch.setattr(rating, "rate", rate)
    assert data()["generate"]["plain_attempts"] == 8
    made = make_map(make_rng(3), "12", None, 160)
    assert made.rating.label == "standard" and made.rated == 3 and calls == [True] * 3
    calls.clear()
    monkeypatch.setattr(rating, "rate", lambda *a, **k: (calls.append(k["search"]), Rating(
        "borderline", 120.0, (105.0, 130.0), 90.0, 150.0, 120.0, 160, 1, "quick"))[1])
    made = make_map(make_rng(3), "12", None, 160)
    assert made.rating.label == "borderline" and calls == [True] * 7 + [False]


def test_unreachable_difficulty_says_how_many_maps_were_rated(monkeypatch):
    from generator.games.realms import rating
    from generator.games.realms.rating import Rating

    def always_easy(m, games, seed, wanted=None, player=None, search=False):
        return Rating("easy", 200.0, (190.0, 210.0), 150.0, 250.0, 200.0, games, seed, "quick")

    monkeypatch.setattr(rating, "rate", always_easy)
    with pytest.raises(RuleError) as err:
        make_map(make_rng(3), "12", "hard", 20)
    tries = data()["generate"]["rating_attempts"]
    assert f"constraint difficulty failed after {tries} attempts" in err.value.message
    assert "12 x 12 hard map" in err.value.message
