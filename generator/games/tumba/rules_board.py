"""The Tutan Tumba board: geometry, placing with pushes, incineration jumps, moving chambers.

Geometry (GAMES.md §4, seeds/tumba.toml [geometry]): the tomb is a vertical column; odd lines
are on its left, even lines on its right, row 1 (lines 1|2) at the base up to row 6 (11|12). A
chamber is (line, depth) with depth 1 touching the tomb; a passage piece fills depth 1 of its line.
On one side a chamber's neighbours are the 8 around it at (depth ± 1, row ± 1); depth 0 is the
tomb itself, which spans every row. Lists are indexed by line number (index 0 unused) and a
line's cells by depth - 1; a cell holds a 0-based player or -1 when empty.
"""

from __future__ import annotations

from generator.games.tumba.model import Layout, Line, data

EMPTY = -1
TOMB = 0


def _geometry() -> tuple[int, int, int]:
    geo = data()["geometry"]
    return geo["lines"], geo["rows"], geo["max_depth"]


LINES, ROWS, MAX_DEPTH = _geometry()


def row_of(line: int) -> int:
    """The row (1 = base) of a line."""
    return (line + 1) // 2


def side_of(line: int) -> int:
    """0 for the left side (odd lines), 1 for the right side (even lines)."""
    return (line + 1) % 2


def line_at(side: int, row: int) -> int:
    return 2 * row - 1 + side


def _jump_table() -> dict[tuple[int, int], tuple[tuple[int, int, int, int, int, int], ...]]:
    """Per chamber position, every straight jump inside the grid:
    (dx, dy, over_line, over_depth, land_line, land_depth); land_depth 0 = the tomb."""
    table = {}
    for line in range(1, LINES + 1):
        side, row = side_of(line), row_of(line)
        for depth in range(1, MAX_DEPTH + 1):
            out = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx == dy == 0:
                        continue
                    over_d, over_r = depth + dx, row + dy
                    land_d, land_r = depth + 2 * dx, row + 2 * dy
                    if not (1 <= over_d <= MAX_DEPTH and 1 <= over_r <= ROWS):
                        continue
                    if not (0 <= land_d <= MAX_DEPTH and 1 <= land_r <= ROWS):
                        continue
                    land_line = TOMB if land_d == 0 else line_at(side, land_r)
                    out.append((dx, dy, line_at(side, over_r), over_d, land_line, land_d))
            table[(line, depth)] = tuple(out)
    return table


JUMPS = _jump_table()


class Board:
    """The pieces beside the tomb and the mummies in the chambers (mutable, cheap to copy)."""

    __slots__ = ("cells", "passage", "sizes")

    def __init__(self, sizes: list[int], passage: list[bool], cells: list[list[int]]):
        self.sizes = sizes
        self.passage = passage
        self.cells = cells

    @classmethod
    def from_layout(cls, layout: Layout) -> Board:
        """An empty board with the pieces of ``layout`` (line 1 first)."""
        sizes = [0] + [line.chambers for line in layout]
        passage = [False] + [line.passage for line in layout]
        return cls(sizes, passage, [[]] + [[EMPTY] * n for n in sizes[1:]])

    def copy(self) -> Board:
        return Board(self.sizes[:], self.passage[:], [c[:] for c in self.cells])

    def layout(self) -> Layout:
        return tuple(Line(self.sizes[n], self.passage[n]) for n in range(1, LINES + 1))

    # ---- placing ------------------------------------------------------------------------------

    def free(self, line: int) -> int:
        """Empty chambers on ``line`` (a passage takes any number of mummies)."""
        if self.passage[line]:
            return 99
        return self.cells[line].count(EMPTY)

    def place(self, line: int, player: int) -> bool:
        """Places a mummy at the entrance (outermost chamber), pushing occupants toward the tomb.

        Returns True when the line is a passage (the mummy goes straight into the tomb). The
        caller has checked the line is not full; only the run of mummies from the entrance to the
        first empty chamber moves, so nobody is ever pushed into the tomb.
        """
        if self.passage[line]:
            return True
        cells = self.cells[line]
        last = len(cells) - 1
        gap = last
        while cells[gap] != EMPTY:
            gap -= 1
        for i in range(gap, last):
            cells[i] = cells[i + 1]
        cells[last] = player
        return False

    def full_owner(self, line: int) -> int:
        """The player holding every chamber of ``line``, or -1."""
        cells = self.cells[line]
        if not cells:
            return EMPTY
        first = cells[0]
        return first if cells.count(first) == len(cells) else EMPTY

    def remove(self, line: int, depth: int) -> int:
        """Empties a chamber; returns who was there."""
        owner = self.cells[line][depth - 1]
        self.cells[line][depth - 1] = EMPTY
        return owner

    def clear(self, line: int) -> list[int]:
        """Empties a whole line; returns the mummies that were on it (outermost last)."""
        cells = self.cells[line]
        out = [c for c in cells if c != EMPTY]
        cells[:] = [EMPTY] * len(cells)
        return out

    def occupied(self, player: int) -> list[tuple[int, int]]:
        """The chambers holding ``player``'s mummies, line by line."""
        out = []
        for n in range(1, LINES + 1):
            cells = self.cells[n]
            if player in cells:
                out += [(n, d + 1) for d, c in enumerate(cells) if c == player]
        return out

    def enemies(self, player: int) -> list[tuple[int, int]]:
        """The chambers holding anyone else's mummies."""
        return [(n, d + 1) for n in range(1, LINES + 1)
                for d, c in enumerate(self.cells[n]) if c != EMPTY and c != player]

    def counts(self, players: int) -> list[int]:
        """Mummies on the board per player."""
        out = [0] * players
        for n in range(1, LINES + 1):
            for c in self.cells[n]:
                if c != EMPTY:
                    out[c] += 1
        return out

    # ---- incineration -------------------------------------------------------------------------

    def jumps(self, player: int, line: int, depth: int, backwards: bool) -> list[tuple[int, ...]]:
        """The jumps of the mummy in (line, depth): (dx, dy, over_line, over_depth, land_line,
        land_depth) with land_line 0 for the tomb. Never away from the tomb unless ``backwards``."""
        cells, sizes, passage = self.cells, self.sizes, self.passage
        out: list[tuple[int, ...]] = []
        for jump in JUMPS[(line, depth)]:
            dx, _, over_l, over_d, land_l, land_d = jump
            if dx == 1 and not backwards:
                continue
            over = cells[over_l]
            if over_d > len(over) or over[over_d - 1] in (EMPTY, player):
                continue
            # The landing is the tomb, a passage (Ammit's Attack) or an empty chamber.
            if (land_d == 0 or (land_d == 1 and passage[land_l])
                    or (land_d <= sizes[land_l] and cells[land_l][land_d - 1] == EMPTY)):
                out.append(jump)
        return out

    def lands_in_tomb(self, land_line: int, land_depth: int) -> str:
        """'tomb' for a landing on the tomb, 'passage' on a passage (Ammit's Attack), else ''."""
        if land_depth == 0:
            return "tomb"
        if land_depth == 1 and self.passage[land_line]:
            return "passage"
        return ""

    # ---- moving chambers (advanced) -----------------------------------------------------------

    def seth_ends(self, max_per_line: int) -> tuple[list[int], list[int]]:
        """Seth's Trick: lines that can give a chamber (keeping one) and lines that can take one
        (staying within ``max_per_line``); passages never move and never take chambers."""
        sizes, passage = self.sizes, self.passage
        sources = [n for n in range(1, LINES + 1) if not passage[n] and sizes[n] >= 2]
        targets = [n for n in range(1, LINES + 1) if not passage[n] and sizes[n] < max_per_line]
        return sources, targets

    def seth(self, source: int, end: str, target: int) -> None:
        """Moves one chamber piece (with its mummy) to the opposite end of a line (another, or
        its own)."""
        piece = self.cells[source].pop(0 if end == "tomb" else -1)
        self.sizes[source] -= 1
        if end == "tomb":
            self.cells[target].append(piece)
        else:
            self.cells[target].insert(0, piece)
        self.sizes[target] += 1

    def shift(self, rows: int, crossed: bool, move_passages: bool = False) -> list[int]:
        """Tutan's Wrath: the board moves ``rows`` (+1 up / -1 down) against the chambers.

        When the board moves up, each line's number comes to stand beside the chambers of the
        line above it: on each side, every line takes the chambers of the next line up that is
        not a passage (down: the next line down); the passages keep their lines (they are not Burial Chambers), so a passage
        stays where the setup put it. The chambers left beyond the last number are loose and go to
        the line left empty, on the same side or ``crossed`` to the other. With ``move_passages``
        (the other reading, seeds/tumba.toml) the passages move like chambers. Returns ``old``,
        where ``old[new_line]`` is the line whose pieces now stand at ``new_line``.
        """
        old = list(range(LINES + 1))
        moving = [[line_at(side, r) for r in range(1, ROWS + 1)
                   if move_passages or not self.passage[line_at(side, r)]] for side in (0, 1)]
        for side, lines in enumerate(moving):
            source = moving[1 - side] if crossed else lines
            loose = source[0] if rows > 0 else source[-1]    # left below / above the numbers
            for i, new in enumerate(lines):
                src = i + rows
                old[new] = lines[src] if 0 <= src < len(lines) else loose
        self.sizes = [0] + [self.sizes[old[n]] for n in range(1, LINES + 1)]
        self.passage = [False] + [self.passage[old[n]] for n in range(1, LINES + 1)]
        self.cells = [[]] + [self.cells[old[n]] for n in range(1, LINES + 1)]
        return old
