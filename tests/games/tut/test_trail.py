"""Trail layouts: every shape valid and seeded, constraints kept, each broken trail caught."""

import dataclasses
from collections import Counter

import pytest

from generator.core.errors import InputError, RuleError
from generator.core.rng import make_rng
from generator.games.tut import generate
from generator.games.tut.generate import (
    SHAPE_FUNCTIONS,
    SHAPES,
    check_fits,
    fits,
    generate_trail,
    neighbours,
    parse_table,
)
from generator.games.tut.model import (
    GOLD,
    PHARAOH,
    catalog,
    trail_from_fields,
    trail_tiles,
    trail_to_fields,
)
from generator.games.tut.rules_trail import touching_pairs, validate_trail

CELLS = 70          # 69 tiles and the pyramid


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
@pytest.mark.parametrize("table", ["16x10", "10x16", "14x12", "30x30"])
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


# ---- trails players can follow: a tile touches only the tiles before and after it ----------------

def followable(cells, w, h):
    """No repeated cell, all on the table, consecutive cells side by side, nothing else touching
    (checked here from first principles, not with the code under test)."""
    assert len(set(cells)) == len(cells) and all(0 <= x < w and 0 <= y < h for x, y in cells)
    place = {c: i for i, c in enumerate(cells)}
    for i, (x, y) in enumerate(cells):
        near = [place[c] for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if c in place]
        assert sorted(near) == [j for j in (i - 1, i + 1) if 0 <= j < len(cells)], (i, near)
    return True


@pytest.mark.parametrize("shape", SHAPES)
def test_no_two_tiles_touch_unless_consecutive_every_shape_players_and_seed(shape):
    # The path does not depend on the player count; each count gets its own 300 seeds, and the
    # path generator is called exactly as generate_trail calls it (its first use of the seed).
    for players in range(2, 7):
        for seed in range(300):
            rng = make_rng(players * 1000 + seed)
            cells = SHAPE_FUNCTIONS[shape](rng, 16, 10, CELLS)
            assert len(cells) == CELLS and followable(cells, 16, 10), (players, seed)
    trail = make(6003, shape=shape, players=6)
    assert trail.path + (trail.pyramid,) == tuple(SHAPE_FUNCTIONS[shape](make_rng(6003), 16, 10,
                                                                         CELLS))


@pytest.mark.parametrize("shape", SHAPES)
def test_every_table_either_fits_a_followable_trail_or_is_refused(shape):
    for w in range(1, 31):
        for h in range(1, 31):
            if fits(shape, w, h, CELLS):
                assert followable(SHAPE_FUNCTIONS[shape](make_rng(w * 31 + h), w, h, CELLS), w, h)
            else:
                with pytest.raises(RuleError, match="smallest tables that fit"):
                    check_fits(shape, w, h, CELLS)


@pytest.mark.parametrize("shape, expected", [
    # a 12-wide serpentine: runs of 12 plus one bridge = 13 cells per two rows, so 70 cells need
    # rows 0..10; turned, runs of 9 plus a bridge = 10 cells per two columns: columns 0..13.
    ("serpentine", "12x11, 14x9"),
    ("spiral", "12x11, 14x9"),
    # meander: 36 nodes of the every-other-cell grid; 6 x 6 nodes need 11 x 11 cells, 8 x 5
    # nodes 15 x 9 (width 12 holds 6 nodes, height 9 holds 5: 30 < 36).
    ("meander", "12x11, 15x9"),
])
def test_a_table_too_small_names_the_smallest_tables_that_fit(shape, expected):
    with pytest.raises(RuleError, match=f"smallest tables that fit: {expected}") as info:
        make(1, shape=shape, table="12x9")
    assert "12x9" in str(info.value) and "touches only" in str(info.value)
    for table in expected.split(", "):
        trail = make(1, shape=shape, table=table)
        assert validate_trail(trail).ok
    w, h = (int(v) for v in expected.split(", ")[0].split("x"))
    assert not fits(shape, w, h - 1, CELLS)


def test_meander_fallback_walk_is_followable_too(monkeypatch):
    monkeypatch.setattr(generate, "_walk", lambda *args, **kw: None)
    cells = generate.meander(make_rng(3), 11, 11, CELLS)
    assert followable(cells, 11, 11)


@pytest.mark.parametrize("options, match", [
    ({"table": "31x10"}, "1 to 30 cells"),
    ({"table": "0x10"}, "1 to 30 cells"),
    ({"table": "big"}, "WIDTHxHEIGHT"),
    ({"shape": "circle"}, "unknown shape"),
    ({"players": 7}, "2 to 6 players"),
    ({"variant": "de"}, "unknown variant"),
    ({"rating_games": -1}, "0 or more"),
])
def test_bad_options_are_input_errors(options, match):
    with pytest.raises(InputError, match=match):
        make(1, **options)


@pytest.mark.parametrize("shape", SHAPES)
def test_tables_too_small_are_rule_errors(shape):
    for table in ("5x5", "2x30", "3x3"):
        with pytest.raises(RuleError, match=f"too small for a {shape}"):
            make(1, shape=shape, table=table)


def test_simulate_adds_a_seat_balance():
    trail = make(4, rating_games=12, players=3)
    b = trail.balance
    assert b["games"] == 12 and len(b["win_rate"]) == 3 and len(b["interval"]) == 3
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


def test_touching_tiles_that_are_not_consecutive_are_caught():
    good = make(5, shape="serpentine")
    assert touching_pairs(good.path + (good.pyramid,)) == []
    # rows side by side with no free row between them: every tile touches the row above
    tight = tuple((x if y % 2 == 0 else 15 - x, y) for y in range(5) for x in range(16))[:69]
    report = validate_trail(dataclasses.replace(good, path=tight, pyramid=(5, 4)))
    assert report.codes == {"path-touch", "pyramid-touch"}
    # tile 1 at (0, 0) sits on tile 32 at (0, 1)
    assert any("tiles 1 and 32 touch" in v.message for v in report.violations)


def test_pyramid_touching_another_tile_is_caught():
    # a followable snake (runs of 14, a free row between them) ending mid-run at (8, 8); a
    # pyramid in the free row above its last tile also touches tile 51 of the run on row 6.
    cells = tuple(generate._snake(14, 69))
    assert cells[-1] == (8, 8) and cells[50] == (8, 6)
    trail = dataclasses.replace(make(5, shape="serpentine"), path=cells, pyramid=(8, 9))
    assert codes(trail) == set()
    report = validate_trail(dataclasses.replace(trail, pyramid=(8, 7)))
    assert report.codes == {"pyramid-touch"}
    assert "touches tile 51" in report.text()


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


def test_the_facts_read_once_are_the_rulebooks():
    """A trail of 69 tiles (70 less King Tut on the pyramid), 3 pharaohs, 2 to 6 players (the
    rulebooks); the red/blue/green colour codes and the 16 x 10 default table, 30 cells a side
    at most, are this project's assumptions (seeds/tut.toml)."""
    from generator.games.tut.model import Facts, facts

    assert facts() == Facts(trail_length=69, pharaohs=3, colours=("red", "blue", "green"),
                            max_players=6, table=(16, 10), max_side=30)
