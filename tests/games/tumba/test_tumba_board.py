"""The board's geometry and pieces, pinned by hand from GAMES.md §4 (odd lines left, even right,
row 1 = lines 1|2; depth 1 touches the tomb; a chamber's neighbours are the 8 around it on its
side): the jump table, placing with pushes, removing, the counts, incinerations' landings, and
moving pieces (Seth's Trick, Tutan's Wrath)."""

from generator.games.tumba import rules_board
from generator.games.tumba.model import Line, standard_layout
from generator.games.tumba.rules_board import (
    EMPTY,
    JUMPS,
    LINES,
    MAX_DEPTH,
    ROWS,
    TOMB,
    Board,
    line_at,
    row_of,
    side_of,
)


def board(cells=None, layout=None) -> Board:
    b = Board.from_layout(layout or standard_layout())
    for n, text in (cells or {}).items():
        b.cells[n] = [EMPTY if c == "." else int(c) for c in text]
    return b


def test_the_geometry():
    assert rules_board._geometry() == (12, 6, 3) == (LINES, ROWS, MAX_DEPTH)
    assert [row_of(n) for n in range(1, 13)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert [side_of(n) for n in range(1, 13)] == [0, 1] * 6
    assert [line_at(0, r) for r in range(1, 7)] == [1, 3, 5, 7, 9, 11]
    assert [line_at(1, r) for r in range(1, 7)] == [2, 4, 6, 8, 10, 12]
    assert TOMB == 0 and EMPTY == -1


def test_the_jump_table():
    table = rules_board._jump_table()
    assert table == JUMPS and len(table) == 36
    # (dx, dy, over line, over depth, landing line, landing depth); landing line 0 = the tomb
    assert table[(1, 1)] == ((0, 1, 3, 1, 5, 1), (1, 0, 1, 2, 1, 3), (1, 1, 3, 2, 5, 3))
    assert table[(4, 2)] == ((-1, 0, 4, 1, 0, 0), (-1, 1, 6, 1, 0, 0), (0, 1, 6, 2, 8, 2))
    assert table[(12, 3)] == ((-1, -1, 10, 2, 8, 1), (-1, 0, 12, 2, 12, 1),
                              (0, -1, 10, 3, 8, 3))
    assert table[(7, 2)] == ((-1, -1, 5, 1, 0, 0), (-1, 0, 7, 1, 0, 0), (-1, 1, 9, 1, 0, 0),
                             (0, -1, 5, 2, 3, 2), (0, 1, 9, 2, 11, 2))
    assert table[(9, 1)] == ((0, -1, 7, 1, 5, 1), (1, -1, 7, 2, 5, 3), (1, 0, 9, 2, 9, 3))


def test_free_chambers_and_passages():
    b = board({1: "0.1", 5: "00"})
    assert [b.free(n) for n in (1, 3, 5, 9)] == [1, 3, 0, 1]
    assert b.free(11) == 99 and b.free(12) == 99


def test_placing_pushes_the_run_from_the_entrance_to_the_first_gap():
    b = board({1: "0.1", 3: "...", 4: "1.."})
    assert b.place(1, 2) is False and b.cells[1] == [0, 1, 2]
    b.place(3, 0)
    b.place(3, 1)
    assert b.cells[3] == [-1, 0, 1]
    b.place(4, 0)
    assert b.cells[4] == [1, -1, 0]
    assert b.place(11, 0) is True and b.cells[11] == []


def test_owners_removals_and_counts():
    b = board({1: "000", 2: "01.", 5: "11", 9: "1"})
    assert [b.full_owner(n) for n in (1, 2, 5, 9, 10, 11)] == [0, EMPTY, 1, 1, EMPTY, EMPTY]
    assert b.remove(2, 2) == 1 and b.cells[2] == [0, -1, -1]
    assert b.remove(2, 3) == EMPTY
    assert b.clear(1) == [0, 0, 0] and b.cells[1] == [-1, -1, -1]
    b.cells[3] = [1, -1, 0]
    assert b.clear(3) == [1, 0]
    assert b.occupied(1) == [(5, 1), (5, 2), (9, 1)] and b.occupied(0) == [(2, 1)]
    assert b.enemies(0) == [(5, 1), (5, 2), (9, 1)] and b.enemies(1) == [(2, 1)]
    assert b.counts(3) == [1, 3, 0]


def test_jumps_never_backwards_unless_asked():
    # Player 0 at (1, 1): an enemy at (1, 2) with (1, 3) free behind it, another at (3, 2)
    # whose landing (5, 3) does not exist (line 5 has two chambers).
    b = board({1: "01.", 3: ".1."})
    assert b.jumps(0, 1, 1, False) == []
    assert b.jumps(0, 1, 1, True) == [(1, 0, 1, 2, 1, 3)]


def test_jumps_need_an_enemy_over_and_a_free_landing():
    b = board({1: "..0", 3: ".1.", 5: ".."})
    assert b.jumps(0, 1, 3, False) == [(-1, 1, 3, 2, 5, 1)]
    b.cells[5] = [1, -1]
    assert b.jumps(0, 1, 3, False) == []             # the landing is taken
    b = board({1: "..0", 3: ".0.", 5: ".."})
    assert b.jumps(0, 1, 3, False) == []             # one's own mummy
    b = board({7: "0.", 9: "1"})
    assert b.jumps(0, 7, 1, False) == [(0, 1, 9, 1, 11, 1)]   # onto the passage
    b = board({9: "0"})
    assert b.jumps(0, 9, 1, False) == []             # nothing in the passage to jump over
    short = tuple(Line(n, i > 9) for i, n in enumerate((3, 3, 3, 3, 1, 2, 2, 2, 1, 1, 0, 0)))
    b = board({3: ".0.", 5: "1", 7: ".."}, layout=short)
    # over (5, 1) into the tomb; over (5, 2) there is nothing: line 5 has one chamber
    assert b.jumps(0, 3, 2, False) == [(-1, 1, 5, 1, 0, 0)]


def test_landings_in_the_tomb_and_on_a_passage():
    b = board()
    assert b.lands_in_tomb(0, 0) == "tomb" and b.lands_in_tomb(11, 1) == "passage"
    assert b.lands_in_tomb(9, 1) == "" and b.lands_in_tomb(11, 2) == ""


def test_seths_ends_and_relocations():
    b = board(layout=tuple(Line(n, n == 0) for n in (3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 0)))
    sources, targets = b.seth_ends(3)
    assert sources == [1, 2, 3, 4, 5, 6, 7, 8]
    assert targets == [5, 6, 7, 8, 9, 10, 11]
    b.cells[1] = [0, -1, 1]
    b.seth(1, "tomb", 9)
    assert b.cells[1] == [-1, 1] and b.cells[9] == [-1, 0] and b.sizes[1] == 2
    b.seth(1, "outer", 10)
    assert b.cells[1] == [-1] and b.cells[10] == [1, -1] and b.sizes[10] == 2
    b.cells[5] = [0, 1]
    b.seth(5, "outer", 5)
    assert b.cells[5] == [1, 0] and b.sizes[5] == 2


def test_tutans_wrath_up_straight():
    b = board({1: "1.."})
    old = b.shift(1, False)
    assert old == [0, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 11, 12]
    assert b.sizes[1:] == [3, 3, 2, 2, 2, 2, 1, 1, 3, 3, 0, 0]
    assert b.passage[11] and b.passage[12] and b.cells[9] == [1, -1, -1]


def test_tutans_wrath_down_crossed():
    b = board()
    old = b.shift(-1, True)
    assert old == [0, 10, 9, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12]
    assert b.sizes[1:] == [1, 1, 3, 3, 3, 3, 2, 2, 2, 2, 0, 0]


def test_tutans_wrath_up_crossed_and_down_straight():
    b = board()
    assert b.shift(1, True) == [0, 3, 4, 5, 6, 7, 8, 9, 10, 2, 1, 11, 12]
    b = board()
    assert b.shift(-1, False) == [0, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12]


def test_tutans_wrath_around_a_passage_in_the_middle():
    sizes = (2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2)
    b = board(layout=tuple(Line(n, i == 8) for i, n in enumerate(sizes)))
    old = b.shift(1, False)
    assert old == [0, 3, 4, 5, 6, 7, 8, 11, 10, 9, 12, 1, 2]
    assert b.passage[9] and b.sizes[9] == 0


def test_tutans_wrath_moving_the_passages_too():
    b = board()
    assert b.shift(1, False, True) == [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2]
    assert b.passage[9] and b.passage[10] and not b.passage[11]


def test_a_copy_is_independent_and_a_layout_round_trips():
    b = board({1: "0.."})
    twin = b.copy()
    twin.cells[1][0] = 1
    twin.sizes[2] = 1
    twin.passage[3] = True
    assert b.cells[1] == [0, -1, -1] and b.sizes[2] == 3 and not b.passage[3]
    assert b.layout() == standard_layout()
