"""Trail validation on a hand-made layout: each code with the exact problems the report lists.

The layout is a serpentine on the default 16 x 10 table with an empty row between runs, so only
consecutive tiles touch: row 0 left to right (tiles 1-16), down at x 15 (17), row 2 right to left
(18-33), down at x 0 (34), row 4 (35-50), down at x 15 (51), row 6 right to left (52-67), then
down the left edge (68, 69) to the pyramid at (0, 9). Tiles are dealt round the 17 codes of the
rulebook's 69 trail tiles, one of each code still left per round, so no two neighbours match.
"""

from collections import Counter
from dataclasses import replace

import pytest

from generator.games.tut.model import Trail, catalog
from generator.games.tut.rules_trail import followable_length, touching_pairs, validate_trail

PATH = (tuple((x, 0) for x in range(16)) + ((15, 1),) + tuple((x, 2) for x in range(15, -1, -1))
        + ((0, 3),) + tuple((x, 4) for x in range(16)) + ((15, 5),)
        + tuple((x, 6) for x in range(15, -1, -1)) + ((0, 7), (0, 8)))


def _dealt() -> tuple[str, ...]:
    left = Counter(dict(catalog().trail_counts))
    out: list[str] = []
    while any(left.values()):
        for code, _ in catalog().trail_counts:
            if left[code]:
                out.append(code)
                left[code] -= 1
    return tuple(out)


TILES = _dealt()
TRAIL = Trail("en", 4, (16, 10), TILES, PATH, (0, 9))


def problems(trail) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_trail(trail).violations]


def test_the_hand_made_trail_is_valid():
    assert len(PATH) == 69 and len(set(PATH)) == 69
    assert TILES[:6] == ("scarab-red", "scarab-blue", "scarab-green", "cat-red", "cat-blue",
                         "cat-green")
    assert TILES[15:17] == ("gold", "pharaoh")
    assert problems(TRAIL) == []
    assert problems(replace(TRAIL, variant="fr", players=2)) == []


# ---- variant, players, table ----------------------------------------------------------------

def test_an_unknown_variant():
    assert problems(replace(TRAIL, variant="de")) == [
        ("variant", "'de' is not a variant; use en or fr", "variant")]


@pytest.mark.parametrize("players", [1, 7])
def test_players_outside_2_to_6(players):
    assert problems(replace(TRAIL, players=players)) == [
        ("players", f"{players} players: the game is for 2 to 6", "players")]


@pytest.mark.parametrize("players", [2, 6])
def test_players_2_and_6(players):
    assert problems(replace(TRAIL, players=players)) == []


@pytest.mark.parametrize("table", [(0, 10), (16, 0), (6, 11)])
def test_a_table_too_small_for_70_cells(table):
    found = problems(replace(TRAIL, table=table))
    assert found[0] == ("table-size", f"a {table[0]} x {table[1]} table cannot hold 70 cells",
                        "table")


@pytest.mark.parametrize("table", [(7, 10), (1, 70), (70, 1)])
def test_a_table_of_exactly_70_cells_is_big_enough(table):
    assert "table-size" not in validate_trail(replace(TRAIL, table=table)).codes


# ---- the tiles --------------------------------------------------------------------------------

def test_a_tile_missing():
    assert problems(replace(TRAIL, tiles=TILES[:-1])) == [
        ("tile-count", "has 68 tiles, a trail has 69", "tiles"),
        ("tile-multiset", "mask-green appears 7 times, the game has 8", "tiles"),
        ("path-length", "69 cells for 68 tiles; give one cell per tile", "path"),
    ]


def test_king_tut_on_the_trail():
    tiles = TILES[:5] + ("king-tut",) + TILES[6:]
    assert problems(replace(TRAIL, tiles=tiles)) == [
        ("tile-code", "'king-tut' is not a trail tile (it stands on the pyramid)", "tiles[5]"),
        ("tile-multiset", "cat-green appears 1 times, the game has 2", "tiles"),
    ]


def test_a_code_that_is_no_tile():
    tiles = ("sphinx",) + TILES[1:]
    assert problems(replace(TRAIL, tiles=tiles)) == [
        ("tile-code", "'sphinx' is not a trail tile", "tiles[0]"),
        ("tile-multiset", "scarab-red appears 0 times, the game has 1", "tiles"),
    ]


def test_one_set_too_many_another_too_few():
    tiles = ("cat-red",) + TILES[1:]
    assert problems(replace(TRAIL, tiles=tiles)) == [
        ("tile-multiset", "scarab-red appears 0 times, the game has 1", "tiles"),
        ("tile-multiset", "cat-red appears 3 times, the game has 2", "tiles"),
    ]


# ---- the path ---------------------------------------------------------------------------------

def test_a_cell_off_the_side_of_the_path():
    # Tile 17 at (14, 1) instead of (15, 1): diagonal to tiles 16 and 18, touching 15 and 19.
    path = PATH[:16] + ((14, 1),) + PATH[17:]
    assert problems(replace(TRAIL, path=path)) == [
        ("path-gap", "not next to tile 16 at [15, 0]", "path[16] [14, 1]"),
        ("path-gap", "not next to tile 17 at [14, 1]", "path[17] [15, 2]"),
        ("path-touch", "tiles 15 and 17 touch edge to edge but are not consecutive: players "
                       "follow the trail by what touches what", "path[14] [14, 0]"),
        ("path-touch", "tiles 17 and 19 touch edge to edge but are not consecutive: players "
                       "follow the trail by what touches what", "path[16] [14, 1]"),
    ]


def test_a_cell_used_twice():
    # Tile 69 back on tile 67's cell (0, 6): it now also touches tile 66 at (1, 6).
    path = PATH[:-1] + ((0, 6),)
    assert problems(replace(TRAIL, path=path)) == [
        ("path-repeat", "already used by tile 67", "path[68] [0, 6]"),
        ("pyramid-gap", "not right beyond the last tile at [0, 6]", "pyramid [0, 9]"),
        ("path-touch", "tiles 66 and 69 touch edge to edge but are not consecutive: players "
                       "follow the trail by what touches what", "path[65] [1, 6]"),
    ]


def test_cells_off_the_table():
    found = problems(replace(TRAIL, table=(16, 8)))
    assert found == [
        ("off-table", "outside the 16 x 8 table", "path[68] [0, 8]"),
        ("pyramid-off-table", "outside the 16 x 8 table", "pyramid [0, 9]"),
    ]


def test_cells_off_the_right_edge():
    found = problems(replace(TRAIL, table=(15, 10)))
    assert [(c, w) for c, _, w in found] == [
        ("off-table", "path[15] [15, 0]"), ("off-table", "path[16] [15, 1]"),
        ("off-table", "path[17] [15, 2]"), ("off-table", "path[49] [15, 4]"),
        ("off-table", "path[50] [15, 5]"), ("off-table", "path[51] [15, 6]")]


def test_cells_at_negative_coordinates_are_off_the_table():
    path = tuple((x - 1, y) for x, y in PATH)
    found = problems(replace(TRAIL, path=path, pyramid=(-1, 9)))
    assert [w for c, _, w in found if c == "off-table"] == [
        "path[0] [-1, 0]", "path[32] [-1, 2]", "path[33] [-1, 3]", "path[34] [-1, 4]",
        "path[66] [-1, 6]", "path[67] [-1, 7]", "path[68] [-1, 8]"]
    assert ("pyramid-off-table", "outside the 16 x 10 table", "pyramid [-1, 9]") in found
    path = tuple((x, y - 1) for x, y in PATH)
    found = problems(replace(TRAIL, path=path, pyramid=(0, 8)))
    assert [w for c, _, w in found if c == "off-table"] == [
        f"path[{i}] [{i}, -1]" for i in range(16)]


def test_the_pyramid_on_the_last_tile():
    assert problems(replace(TRAIL, pyramid=(0, 8))) == [
        ("pyramid-on-path", "on the cell of tile 69", "pyramid [0, 8]"),
        ("pyramid-gap", "not right beyond the last tile at [0, 8]", "pyramid [0, 8]"),
        ("pyramid-touch", "the pyramid touches tile 68; it may touch only the last tile (69), "
                          "or players cannot tell where the trail ends", "pyramid [0, 8]"),
    ]


def test_the_pyramid_beside_two_other_tiles():
    assert problems(replace(TRAIL, pyramid=(1, 7))) == [
        ("pyramid-gap", "not right beyond the last tile at [0, 8]", "pyramid [1, 7]"),
        ("pyramid-touch", "the pyramid touches tile 66; it may touch only the last tile (69), "
                          "or players cannot tell where the trail ends", "pyramid [1, 7]"),
        ("pyramid-touch", "the pyramid touches tile 68; it may touch only the last tile (69), "
                          "or players cannot tell where the trail ends", "pyramid [1, 7]"),
    ]


def test_the_pyramid_beyond_the_last_tile_on_its_right():
    assert problems(replace(TRAIL, pyramid=(1, 8))) == []


@pytest.mark.parametrize("pyramid", [(16, 8), (0, 10), (-1, 8), (0, -1)])
def test_the_pyramid_just_off_each_edge_of_the_table(pyramid):
    assert ("pyramid-off-table", "outside the 16 x 10 table", f"pyramid {list(pyramid)}") in \
        problems(replace(TRAIL, pyramid=pyramid))


@pytest.mark.parametrize("pyramid", [(3, 0), (15, 9), (0, 0)])
def test_the_pyramid_on_the_edge_rows_and_columns_is_on_the_table(pyramid):
    assert "pyramid-off-table" not in validate_trail(replace(TRAIL, pyramid=pyramid)).codes


def test_a_cell_more_than_tiles_is_not_checked_for_spread():
    # A 70th cell at (14, 1), beside tiles 15 and 17: it holds no tile, so spread skips it.
    trail = replace(TRAIL, path=PATH + ((14, 1),), spread=True)
    codes = [c for c, _, _ in problems(trail)]
    assert codes[0] == "path-length" and "spread" not in codes


def test_the_report_reads_as_printed():
    assert validate_trail(replace(TRAIL, players=9)).text() == (
        "tut trail: 1 problem(s)\n  - players: 9 players: the game is for 2 to 6 [players]")


# ---- the constraints asked for ----------------------------------------------------------------

def test_spread_on_a_trail_with_no_set_side_by_side():
    assert problems(replace(TRAIL, spread=True)) == []


def test_spread_names_both_tiles_of_each_pair():
    # Swapping tile 5 (cat-blue) with tile 18 (cat-red) puts two red cats at tiles 4-5 and two
    # blue cats at tiles 18-19 (on row 2, read from tile 19 back to 18).
    tiles = list(TILES)
    assert (tiles[3], tiles[4], tiles[17], tiles[18]) == ("cat-red", "cat-blue", "cat-red",
                                                          "cat-blue")
    tiles[4], tiles[17] = tiles[17], tiles[4]
    trail = replace(TRAIL, tiles=tuple(tiles), spread=True)
    assert problems(trail) == [
        ("spread", "tiles 4 and 5 are both cat-red and side by side", "path[3]"),
        ("spread", "tiles 19 and 18 are both cat-blue and side by side", "path[18]"),
    ]
    assert problems(replace(trail, spread=False)) == []


def test_spread_lets_special_tiles_touch():
    tiles = list(TILES)
    i = tiles.index("gold", 16)
    tiles[16], tiles[i] = tiles[i], tiles[16]        # gold, gold at tiles 16-17
    assert tiles[15:17] == ["gold", "gold"]
    assert problems(replace(TRAIL, tiles=tuple(tiles), spread=True)) == []


def test_spread_checks_tiles_above_and_below_too():
    # Tiles 17 and 18 stand one above the other at x 15; make both red cats (the Pharaoh of
    # tile 17 takes tile 4's place).
    tiles = list(TILES)
    tiles[3], tiles[16] = tiles[16], tiles[3]
    assert tiles[16:18] == ["cat-red", "cat-red"]
    assert problems(replace(TRAIL, tiles=tuple(tiles), spread=True)) == [
        ("spread", "tiles 17 and 18 are both cat-red and side by side", "path[16]")]


@pytest.mark.parametrize("k, early", [(15, []), (16, [15]), (17, [15, 16])])
def test_no_specials_before_k(k, early):
    names = {15: "gold", 16: "pharaoh"}
    assert problems(replace(TRAIL, no_specials_before=k)) == [
        ("specials-early", f"{names[i]} is tile {i + 1}; no special tile may come before tile "
                           f"{k + 1}", f"tiles[{i}]") for i in early]


# ---- the geometry helpers the generator uses ----------------------------------------------------

def test_touching_pairs_of_a_square_loop_and_a_straight_line():
    assert touching_pairs([(0, 0), (1, 0), (1, 1), (0, 1)]) == [(0, 3)]
    assert touching_pairs([(0, 0), (1, 0), (2, 0), (3, 0)]) == []
    assert touching_pairs([(2, 2), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3)]) == [(0, 3), (0, 5)]


def test_followable_length_stops_at_the_first_touch_or_repeat():
    assert followable_length([(0, 0), (1, 0), (2, 0)]) == 3
    assert followable_length([(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)]) == 3
    assert followable_length([(0, 0), (1, 0), (0, 0)]) == 2
    assert followable_length([(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]) == 5
    assert followable_length([(5, 5), (4, 5), (4, 4), (5, 4)]) == 3
    # a new cell touching an earlier one on its right, left, below, above
    assert followable_length([(1, 0), (1, 1), (0, 1), (0, 0)]) == 3
    assert followable_length([(0, 0), (0, 1), (1, 1), (1, 0)]) == 3
    assert followable_length([(0, 1), (1, 1), (1, 0), (0, 0)]) == 3
    assert followable_length([(0, 0), (1, 0), (1, 1), (0, 1)]) == 3
