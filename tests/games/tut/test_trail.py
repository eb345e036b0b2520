"""Trail layouts: every shape valid and seeded, constraints kept, each broken trail caught."""

import dataclasses
from collections import Counter

import pytest

from generator.core.errors import InputError
from generator.core.rng import make_rng
from generator.games.tut.generate import SHAPES, generate_trail, neighbours, parse_table
from generator.games.tut.model import (
    GOLD,
    PHARAOH,
    catalog,
    trail_from_fields,
    trail_tiles,
    trail_to_fields,
)
from generator.games.tut.rules_trail import validate_trail


def make(seed=1, **options):
    return generate_trail(make_rng(seed), **options)


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_is_valid_over_many_seeds(shape):
    for seed in range(25):
        trail = make(seed, shape=shape, players=2 + seed % 5, variant="en" if seed % 2 else "fr")
        assert validate_trail(trail).ok, validate_trail(trail).text()
        assert Counter(trail.tiles) == Counter(trail_tiles()) and len(trail.path) == 69


@pytest.mark.parametrize("shape", SHAPES)
def test_same_seed_same_trail_other_seed_other_trail(shape):
    assert make(7, shape=shape) == make(7, shape=shape)
    assert make(7, shape=shape).tiles != make(8, shape=shape).tiles


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("table", ["16x10", "10x16", "12x9", "30x30"])
def test_shapes_fit_other_tables(shape, table):
    trail = make(3, shape=shape, table=table)
    assert validate_trail(trail).ok and trail.table == parse_table(table)


def test_spiral_ends_inside_and_serpentine_in_straight_runs():
    spiral = make(2, shape="spiral")
    xs = [x for x, _ in spiral.path]
    ys = [y for _, y in spiral.path]
    assert min(xs) < spiral.pyramid[0] < max(xs) and min(ys) < spiral.pyramid[1] < max(ys)
    snake = make(2, shape="serpentine")
    turns = sum(1 for a, b, c in zip(snake.path, snake.path[1:], snake.path[2:])
                if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
    assert turns <= 16


@pytest.mark.parametrize("shape", SHAPES)
def test_spread_keeps_sets_apart(shape):
    for seed in range(8):
        trail = make(seed, shape=shape, spread=True)
        near = neighbours(trail.path)
        for i, code in enumerate(trail.tiles):
            if code not in (GOLD, PHARAOH):
                assert all(trail.tiles[j] != code for j in near[i]), (seed, i)
        assert validate_trail(trail).ok


def test_no_specials_before_k():
    for k in (0, 10, 40, 63):
        trail = make(k, no_specials_before=k)
        assert not {GOLD, PHARAOH} & set(trail.tiles[:k])
        assert validate_trail(trail).ok
    with pytest.raises(InputError, match="must be 0 to 63"):
        make(1, no_specials_before=64)


@pytest.mark.parametrize("options, match", [
    ({"table": "5x5"}, "needs room"),
    ({"table": "31x10"}, "at most 30"),
    ({"table": "big"}, "WIDTHxHEIGHT"),
    ({"shape": "circle"}, "unknown shape"),
    ({"players": 7}, "2 to 6 players"),
    ({"variant": "de"}, "unknown variant"),
    ({"rating_games": -1}, "0 or more"),
])
def test_bad_options_are_input_errors(options, match):
    with pytest.raises(InputError, match=match):
        make(1, **options)


def test_tables_too_narrow_for_a_shape_are_refused():
    from generator.games.tut.generate import meander, serpentine, spiral

    for shape, name in ((spiral, "spiral"), (serpentine, "serpentine")):
        with pytest.raises(InputError, match=f"too small for a {name}"):
            shape(make_rng(1), 2, 30, 70)
    with pytest.raises(InputError, match="no meander"):
        meander(make_rng(1), 2, 30, 70)


def test_simulate_adds_a_seat_balance():
    trail = make(4, rating_games=12, players=3)
    b = trail.balance
    assert b["games"] == 12 and len(b["win_rate"]) == 3
    assert abs(sum(b["win_rate"]) - 1) < 0.01 and sum(b["ended"].values()) == 12
    assert trail_to_fields(trail)["balance"] == b


def test_json_round_trip():
    trail = make(9, shape="meander", spread=True, no_specials_before=5)
    fields = trail_to_fields(trail)
    assert list(fields)[:6] == ["variant", "players", "table", "tiles", "path", "pyramid"]
    options = {"shape": "meander", "spread": True, "no_specials_before": 5}
    back = trail_from_fields({**fields, "options": options}, "t")
    assert back == trail


# ---- the validator: one code per kind of broken trail --------------------------------------------

def broken(**changes):
    return dataclasses.replace(make(5, shape="serpentine", spread=True, no_specials_before=6),
                               **changes)


def swap(seq, i, j):
    seq = list(seq)
    seq[i], seq[j] = seq[j], seq[i]
    return tuple(seq)


def codes(trail):
    return validate_trail(trail).codes


def test_each_broken_trail_has_its_own_code():
    good = make(5, shape="serpentine", spread=True, no_specials_before=6)
    assert codes(good) == set()
    t, p = good.tiles, good.path
    assert codes(broken(variant="xx")) == {"variant"}
    assert codes(broken(players=1)) == {"players"}
    assert "table-size" in codes(broken(table=(8, 8)))
    assert "tile-count" in codes(broken(tiles=t[:-1], path=p[:-1]))
    assert "tile-code" in codes(broken(tiles=("king-tut",) + t[1:]))
    assert codes(broken(tiles=(t[1],) + t[1:])) >= {"tile-multiset"}
    assert "path-length" in codes(broken(path=p[:-1]))
    far = (p[-1][0] + 20, p[-1][1])
    assert "off-table" in codes(broken(path=p[:-1] + (far,)))
    assert "path-gap" in codes(broken(path=swap(p, 10, 20)))
    assert "path-repeat" in codes(broken(path=p[:5] + (p[3],) + p[6:]))
    assert codes(broken(pyramid=(-1, 0))) >= {"pyramid-off-table"}
    assert codes(broken(pyramid=p[30])) >= {"pyramid-on-path", "pyramid-gap"}
    assert codes(broken(pyramid=p[0])) >= {"pyramid-gap"}


def test_constraint_codes_only_when_asked():
    good = make(5, shape="serpentine")
    first_special = next(i for i, c in enumerate(good.tiles) if c in (GOLD, PHARAOH))
    late = dataclasses.replace(good, no_specials_before=first_special + 1)
    assert codes(late) == {"specials-early"}
    near = neighbours(good.path)
    clash = next((i for i, c in enumerate(good.tiles) if c not in (GOLD, PHARAOH)
                  and any(good.tiles[j] == c for j in near[i])), None)
    if clash is None:                     # make one: put a twin next to tile 1
        j = next(k for k, c in enumerate(good.tiles) if c == good.tiles[near[0][0]] and k != near[0][0])
        good = dataclasses.replace(good, tiles=swap(good.tiles, 0, j))
    assert codes(good) == set()
    assert codes(dataclasses.replace(good, spread=True)) == {"spread"}


def test_validator_reports_every_violation_not_only_the_first():
    good = make(5)
    bad = dataclasses.replace(good, players=9, path=good.path[:-1] + ((99, 99),),
                              pyramid=(-5, -5))
    report = validate_trail(bad)
    assert {"players", "off-table", "path-gap", "pyramid-off-table", "pyramid-gap"} <= report.codes
    assert len(report.violations) >= 5


@pytest.mark.parametrize("doc, match", [
    ({"variant": "en"}, "missing key"),
    ({"variant": "en", "players": 4, "table": [16], "tiles": [], "path": [], "pyramid": [0, 0]},
     "table"),
    ({"variant": "en", "players": "4", "table": [16, 10], "tiles": [], "path": [],
      "pyramid": [0, 0]}, "players"),
    ({"variant": "en", "players": 4, "table": [16, 10], "tiles": [1], "path": [],
      "pyramid": [0, 0]}, "tile codes"),
    ({"variant": "en", "players": 4, "table": [16, 10], "tiles": [], "path": [[0, "a"]],
      "pyramid": [0, 0]}, r"path\[0\]"),
])
def test_malformed_trail_json_is_an_input_error(doc, match):
    with pytest.raises(InputError, match=match):
        trail_from_fields(doc, "t.json")


def test_catalogue_matches_the_rulebook():
    cat = catalog()
    assert cat.sets == 15 and sum(cat.size) == 63
    assert sorted(set(cat.value)) == [1, 2, 4, 6, 8] and len(trail_tiles()) == 69
