"""Dig validation on a hand-made dig: each code with the exact problems the report lists, tiles
named as the sheet numbers them, and the engine's own refusal of a tile outside the box.

The dig is made by hand from two tilings of the 5 x 4 box (seeds/tanis.toml [box]):
  A  two columns of horizontal tiles (x 0 and 2) and two upright ones at x 4;
  C  the same moved one unit right: two upright tiles at x 0, horizontal ones at x 1 and 3.
No tile of A has the footprint of a tile of C, so A, C, A, C never stacks (the rulebook: no tile
directly on top of another). The sheet numbers a layer's tiles in reading order, top row first.
"""

import pytest

from generator.core.errors import InputError
from generator.games.tanis.model import Dig, Tile
from generator.games.tanis.rules_board import Board, half_units
from generator.games.tanis.rules_dig import validate_dig

A = (Tile(0, 0, 2, 1), Tile(2, 0, 2, 1), Tile(4, 0, 1, 2),            # sheet tiles 1, 2, 3
     Tile(0, 1, 2, 1), Tile(2, 1, 2, 1),                               # 4, 5
     Tile(0, 2, 2, 1), Tile(2, 2, 2, 1), Tile(4, 2, 1, 2),             # 6, 7, 8
     Tile(0, 3, 2, 1), Tile(2, 3, 2, 1))                               # 9, 10
C = (Tile(0, 0, 1, 2), Tile(1, 0, 2, 1), Tile(3, 0, 2, 1),
     Tile(1, 1, 2, 1), Tile(3, 1, 2, 1),
     Tile(0, 2, 1, 2), Tile(1, 2, 2, 1), Tile(3, 2, 2, 1),
     Tile(1, 3, 2, 1), Tile(3, 3, 2, 1))
DIG = Dig((5, 4), (A, C, A, C))


def with_tile(layer, number, tile):
    """``layer`` with its sheet tile ``number`` (1-10, the list order above) replaced."""
    return layer[:number - 1] + (tile,) + layer[number:]


def problems(layers, box=(5, 4)):
    return [tuple(v) for v in validate_dig(Dig(box, tuple(layers))).violations]


def test_the_hand_made_dig_is_valid():
    assert problems(DIG.layers) == []
    assert Board(DIG).tiles == 40


def test_a_box_of_another_size():
    assert problems(DIG.layers, box=(6, 4)) == [
        ("box-size", "box is 6 x 4, the dig box is 5 x 4", "box")]


def test_three_layers():
    assert problems((A, C, A)) == [("layer-count", "has 3 layers, needs exactly 4", "layers")]


def test_a_layer_missing_a_tile_leaves_eight_squares_open():
    assert problems((A, C[:-1], A, C)) == [
        ("tile-count", "has 9 tiles, needs exactly 10", "layer 2"),
        ("gap", "leaves 8 half-unit square(s) uncovered: (3, 3), (3.5, 3), (4, 3), (4.5, 3), "
                "(3, 3.5), (3.5, 3.5) and 2 more", "layer 2"),
    ]


def test_a_gap_of_six_squares_lists_them_all():
    # Tile 10 of C moved to x 4.5: outside the box, it covers only the two squares at x 4.5.
    layer = with_tile(C, 10, Tile(4.5, 3, 1, 2))
    assert problems((A, layer, A, C)) == [
        ("out-of-box", "reaches outside the 5 x 4 box", "layer 2 tile 10 at (4.5, 3)"),
        ("gap", "leaves 6 half-unit square(s) uncovered: (3, 3), (3.5, 3), (4, 3), (3, 3.5), "
                "(3.5, 3.5), (4, 3.5)", "layer 2"),
    ]


def test_a_gap_of_seven_squares_lists_six_and_one_more():
    layer = with_tile(C, 10, Tile(4.5, 3.5, 1, 2))
    assert problems((A, C, A, layer)) == [
        ("out-of-box", "reaches outside the 5 x 4 box", "layer 4 tile 10 at (4.5, 3.5)"),
        ("gap", "leaves 7 half-unit square(s) uncovered: (3, 3), (3.5, 3), (4, 3), (4.5, 3), "
                "(3, 3.5), (3.5, 3.5) and 1 more", "layer 4"),
    ]


def test_a_tile_of_the_wrong_size():
    layer = with_tile(A, 3, Tile(4, 0, 1, 1))
    assert problems((layer, C, A, C)) == [
        ("tile-size", "is 1 x 1, a tile is 1 x 2", "layer 1 tile 3 at (4, 0)"),
        ("gap", "leaves 4 half-unit square(s) uncovered: (4, 1), (4.5, 1), (4, 1.5), (4.5, 1.5)",
         "layer 1"),
    ]


def test_a_square_tile_of_two_by_two():
    layer = with_tile(C[:-1], 9, Tile(1, 3, 2, 2))
    found = problems((A, layer, A, C))
    assert found[:2] == [("tile-count", "has 9 tiles, needs exactly 10", "layer 2"),
                         ("tile-size", "is 2 x 2, a tile is 1 x 2", "layer 2 tile 9 at (1, 3)")]


def test_a_tile_a_quarter_unit_right_overlaps_its_neighbour():
    layer = with_tile(A, 4, Tile(0.25, 1, 2, 1))
    assert problems((layer, C, A, C)) == [
        ("off-grid", "coordinates must be multiples of 0.5", "layer 1 tile 4 at (0.25, 1)"),
        ("overlap", "overlaps tile 5", "layer 1 tile 4 at (0.25, 1)"),
        ("gap", "leaves 2 half-unit square(s) uncovered: (0, 1), (0, 1.5)", "layer 1"),
    ]


def test_a_tile_a_quarter_unit_left_sticks_out_of_the_box():
    # Its right edge (1.75) runs through the middle of the squares at x 1.5: they stay open.
    layer = with_tile(A, 4, Tile(-0.25, 1, 2, 1))
    assert problems((layer, C, A, C)) == [
        ("off-grid", "coordinates must be multiples of 0.5", "layer 1 tile 4 at (-0.25, 1)"),
        ("out-of-box", "reaches outside the 5 x 4 box", "layer 1 tile 4 at (-0.25, 1)"),
        ("gap", "leaves 2 half-unit square(s) uncovered: (1.5, 1), (1.5, 1.5)", "layer 1"),
    ]


def test_a_tile_a_quarter_unit_down_overlaps_the_tile_below_it():
    layer = with_tile(A, 3, Tile(4, 0.25, 1, 2))
    assert problems((A, C, layer, C)) == [
        ("off-grid", "coordinates must be multiples of 0.5", "layer 3 tile 3 at (4, 0.25)"),
        ("overlap", "overlaps tile 8", "layer 3 tile 3 at (4, 0.25)"),
        ("gap", "leaves 2 half-unit square(s) uncovered: (4, 0), (4.5, 0)", "layer 3"),
    ]


def test_a_tile_a_quarter_unit_up_sticks_out_of_the_top():
    # Its bottom edge (1.75) runs through the middle of the squares at y 1.5: they stay open.
    layer = with_tile(A, 3, Tile(4, -0.25, 1, 2))
    assert problems((layer, C, A, C)) == [
        ("off-grid", "coordinates must be multiples of 0.5", "layer 1 tile 1 at (4, -0.25)"),
        ("out-of-box", "reaches outside the 5 x 4 box", "layer 1 tile 1 at (4, -0.25)"),
        ("gap", "leaves 2 half-unit square(s) uncovered: (4, 1.5), (4.5, 1.5)", "layer 1"),
    ]


def test_a_tile_sticking_out_of_the_bottom_only():
    layer = with_tile(C, 9, Tile(1, 3.5, 2, 1))
    assert problems((A, layer, A, C)) == [
        ("out-of-box", "reaches outside the 5 x 4 box", "layer 2 tile 10 at (1, 3.5)"),
        ("gap", "leaves 4 half-unit square(s) uncovered: (1, 3), (1.5, 3), (2, 3), (2.5, 3)",
         "layer 2"),
    ]


def test_a_layer_laid_like_the_one_below_is_stacked_tile_by_tile():
    # Layers 2 and 3 are both C (layer 3 listed backwards): every tile of layer 2 lies exactly
    # on the tile of layer 3 with the same sheet number.
    corners = [(0, 0), (1, 0), (3, 0), (1, 1), (3, 1), (0, 2), (1, 2), (3, 2), (1, 3), (3, 3)]
    assert problems((A, C, C[::-1], A)) == [
        ("stacked", f"lies exactly on tile {n} of layer 3", f"layer 2 tile {n} at ({x}, {y})")
        for n, (x, y) in enumerate(corners, start=1)]


def test_every_problem_of_a_dig_at_once_and_the_report_text():
    report = validate_dig(Dig((6, 4), (A, C[:-1], C[:-1])))
    assert [v.code for v in report.violations] == ["box-size", "layer-count", "tile-count",
                                                   "gap", "tile-count", "gap"] + ["stacked"] * 9
    assert report.text().splitlines()[:3] == [
        "tanis dig: 15 problem(s)",
        "  - box: box is 6 x 4, the dig box is 5 x 4 [box-size]",
        "  - layers: has 3 layers, needs exactly 4 [layer-count]",
    ]


# ---- the engine's board refuses what it cannot hold ---------------------------------------------

def test_the_engine_refuses_a_tile_outside_the_box():
    with pytest.raises(InputError) as err:
        Board(Dig((5, 4), (A, C, A, with_tile(C, 10, Tile(4, 3, 2, 1)))))
    assert str(err.value) == "layer 4: tile at (4, 3) is not inside the box"


@pytest.mark.parametrize("tile", [Tile(-0.5, 3, 2, 1), Tile(3, -0.5, 2, 1), Tile(3, 3.5, 2, 1),
                                  Tile(3, 3, 0, 1), Tile(3, 3, 2, 0)])
def test_the_engine_refuses_a_tile_past_any_edge(tile):
    with pytest.raises(InputError, match="is not inside the box"):
        Board(Dig((5, 4), (with_tile(C, 10, tile), C, A, C)))


def test_the_engine_places_a_tile_touching_the_far_corner():
    board = Board(DIG)
    assert board.size[9] == (4, 2) and board.start[9] == (4, 6)        # A's tile 10, half units
    assert board.size[2] == (2, 4) and board.start[2] == (8, 0)        # A's tile 3
    assert (board.cols, board.rows, board.levels) == (10, 8, 4)


@pytest.mark.parametrize("value, step, units", [(2, 0.5, 4), (4.5, 0.5, 9), (0, 0.5, 0),
                                                (1.0000000001, 0.5, 2)])
def test_half_units(value, step, units):
    assert half_units(value, step, "x") == units


def test_half_units_refuse_a_value_between_steps():
    with pytest.raises(InputError) as err:
        half_units(1.25, 0.5, "tile x")
    assert str(err.value) == "tile x 1.25 is not a multiple of 0.5"


@pytest.mark.parametrize("box, tile, message", [
    ((5.25, 4), None, "box width 5.25 is not a multiple of 0.5"),
    ((5, 4.25), None, "box height 4.25 is not a multiple of 0.5"),
    ((5, 4), Tile(4, 3, 1.25, 1), "tile size 1.25 is not a multiple of 0.5"),
    ((5, 4), Tile(4, 3, 1, 0.75), "tile size 0.75 is not a multiple of 0.5"),
    ((5, 4), Tile(3.25, 3, 2, 1), "tile x 3.25 is not a multiple of 0.5"),
    ((5, 4), Tile(3, 2.75, 2, 1), "tile y 2.75 is not a multiple of 0.5"),
])
def test_the_engine_names_a_measure_off_the_half_unit_grid(box, tile, message):
    last = C if tile is None else with_tile(C, 10, tile)
    with pytest.raises(InputError) as err:
        Board(Dig(box, (A, C, A, last)))
    assert str(err.value) == message


def test_the_engine_names_a_floor_stop_off_the_grid(monkeypatch):
    import generator.games.tanis.rules_board as rules_board

    shipped = rules_board.data()
    play = {**shipped["play"], "floor_stop": 0.3}
    monkeypatch.setattr(rules_board, "data", lambda: {**shipped, "play": play})
    with pytest.raises(InputError) as err:
        Board(DIG)
    assert str(err.value) == "floor stop 0.3 is not a multiple of 0.5"


def test_the_engine_numbers_every_layer_as_the_sheet_does():
    board = Board(Dig((5, 4), (A, C[::-1], A, C)))
    assert board.number == [*range(1, 11), *range(10, 0, -1), *range(1, 11), *range(1, 11)]
    assert board.full == 2 ** 80 - 1                   # one bit per half-unit square
    assert board.by_level[1] == list(range(10, 20))


def test_footprint_masks_inside_the_box_and_none_outside():
    board = Board(DIG)                      # tile 0: A's first tile, 2 x 1 units = 4 x 2 cells
    two_rows = 0b1111 | 0b1111 << 10
    assert board.mask(0, 0, 0) == two_rows
    assert board.mask(0, 6, 6) == two_rows << 66        # touching the far corner
    for x, y in ((7, 0), (0, 7), (10, 0), (0, 8), (-1, 0), (0, -1), (12, 0), (0, 12)):
        assert board.mask(0, x, y) == -1, (x, y)


# ---- the registry's entry points --------------------------------------------------------------

def test_new_state_passes_its_options_to_the_engine():
    from generator.core.rng import make_rng
    from generator.games.tanis.rules import new_state

    state = new_state(make_rng(4), style="classic", first=1)
    assert state.first == 1 and state.board.levels == 4
    with pytest.raises(InputError, match="played by 2 players, not 3"):
        new_state(make_rng(4), players=3)


def test_read_dig_gives_the_dig_or_every_problem(tmp_path):
    from generator.core.envelope import dumps, envelope
    from generator.core.errors import RuleError
    from generator.games.tanis.model import dig_to_fields
    from generator.games.tanis.rules_dig import read_dig

    good = tmp_path / "good.json"
    good.write_text(dumps(envelope("tanis", "dig", 3, dig_to_fields(DIG))))
    assert read_dig(str(good)).layers == DIG.layers
    bad = tmp_path / "bad.json"
    bad.write_text(dumps(envelope("tanis", "dig", 3, dig_to_fields(Dig((5, 4), (A, C, C, A))))))
    with pytest.raises(RuleError) as err:
        read_dig(str(bad))
    assert err.value.report.codes == {"stacked"} and len(err.value.report.violations) == 10
    other = tmp_path / "trail.json"
    other.write_text(dumps(envelope("tut", "trail", 3, {})))
    with pytest.raises(InputError, match="is not a tanis dig"):
        read_dig(str(other))
