"""How the greedy Tutan Tumba bot values moves: a :class:`Look` is made for one decision and
works out, lazily and on copies of the board (the state itself never changes), what it needs.

Values are in one unit, a mummy entering the tomb (``TOMB``):

* a mummy placed on a line is worth a little (``5 +`` its row: higher rows are shorter and
  nearer the passages); one sent to a secret passage enters the tomb (``TOMB``); a placement that
  fills a 3-chamber line with one's own mummies is the Osiris Maneuver's entry, less the mummies
  already there (they go home); one that fills a 1-2 chamber line adds ``FULL_LINE`` once per
  line (Maat's Rest a round later);
* the Golden Triple: an entry, the removal it brings and the mean value of its second roll;
* the Anubis Double: the enemy removed plus the third die's mummy, placed after the removal;
* a roll (all three dice again, or the Golden Triple's second roll): the mean, over the 216
  throws of three dice, of the best use of the throw (unusable throws are thrown again, so they
  do not count); a one-die re-roll: the mean over the six results;
* Seth's Trick gives up the roll, so it is played only when a relocation opens an entry by
  incineration (into the tomb, or Ammit's Attack) that the board does not offer already, and that
  entry is worth more than a roll is on average;
* Tutan's Wrath: what the shifted board is worth to the player against the best opponent
  (mummies per row, own full lines) plus the incineration it opens, against not shifting;
* Toth's Inversion comes with placing a low sequence: the backward incinerations it opens are
  added to the placement's value.
"""

from __future__ import annotations

import functools
import itertools

from generator.games.tumba.model import facts
from generator.games.tumba.moves import Place, SethMove, Wrath
from generator.games.tumba.rules import roll_candidates
from generator.games.tumba.rules_board import EMPTY, JUMPS, LINES, MAX_DEPTH, row_of
from generator.games.tumba.rules_roll import roll_pair
from generator.games.tumba.rules_roll import roll_sequence as sequence_of

TOMB = 100.0
FULL_LINE = 60.0      # a 1-2 chamber line full of one's own mummies: Maat's Rest a round later,
#                       if nobody breaks it meanwhile (about 0.6 of an entry)
REMOVE = 20.0         # an enemy mummy sent home (the Anubis Double), before where it stood
GOLDEN_FROM_TOMB = 70.0   # the Golden Triple's removal from an opponent's tomb
GOLDEN_FROM_BOARD = 50.0  # ... from the board (plus what the mummy removed was worth there)


# ---- the values of plain moves --------------------------------------------------------------

def _mummy(line: int) -> float:
    """A mummy of one's own standing on ``line``."""
    return 5.0 + row_of(line)


def target_value(state, line: int, depth: int) -> float:
    """An enemy near the tomb, of a player who leads, is the best to remove."""
    owner = state.board.cells[line][depth - 1]
    return 10.0 - depth + 2.0 * state.tomb[owner]


def jump_value(state, line: int, depth: int, dx: int, dy: int, board=None) -> float:
    """An incineration: a tomb entry when it lands in the tomb or a passage, else 40 less the
    landing depth (nearer the tomb is better)."""
    board = board or state.board
    jump = next(j for j in JUMPS[(line, depth)] if j[:2] == (dx, dy))
    if board.lands_in_tomb(jump[4], jump[5]):
        return TOMB
    return 40.0 - jump[5]


@functools.cache
def _runs(option: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A sorted option as (line, mummies sent there) pairs, each line once."""
    return tuple((line, option.count(line)) for line in sorted(set(option)))


@functools.cache
def _use_plan(dice: tuple[int, ...]) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], bool, int]:
    """For sorted ``dice``: each candidate option as (mummies needed, its table slots
    ``4 * line + mummies``), whether the dice are a triple, and the Anubis Double's third die (0
    when there is no pair)."""
    options = tuple((len(o), tuple(4 * line + count for line, count in _runs(o)))
                    for o in roll_candidates(dice))
    pair = roll_pair(dice)
    return options, dice[0] == dice[2], pair[1] if pair else 0


def _roll_weights() -> tuple[tuple[tuple[int, int, int], int], ...]:
    """The 56 distinct throws (sorted) with how many of the 216 ordered throws give each."""
    faces = range(1, facts().faces + 1)
    counts: dict[tuple[int, int, int], int] = {}
    for a, b, c in itertools.product(faces, repeat=3):
        low, mid, high = sorted((a, b, c))
        counts[(low, mid, high)] = counts.get((low, mid, high), 0) + 1
    return tuple(sorted(counts.items()))


ROLLS = _roll_weights()
#: each throw with its weight and its use plan (see _use_plan), for the mean of a roll
_PLANS = tuple((dice, count, _use_plan(dice)) for dice, count in ROLLS)


def _entry_tables() -> tuple[dict, dict]:
    """The jumps that can end in the tomb (landing depth 0) or on a passage (landing depth 1 on
    a passage line), never away from the tomb: per mover chamber (over_line, over_depth,
    land_line, land_depth), and per jumped chamber (mover_line, mover_depth, land_line,
    land_depth)."""
    by_mover: dict = {}
    by_over: dict = {}
    for (line, depth), jumps in JUMPS.items():
        for dx, _, over_l, over_d, land_l, land_d in jumps:
            if dx == 1 or land_d > 1:
                continue
            by_mover.setdefault((line, depth), []).append((over_l, over_d, land_l, land_d))
            by_over.setdefault((over_l, over_d), []).append((line, depth, land_l, land_d))
    return by_mover, by_over


ENTRY_BY_MOVER, ENTRY_BY_OVER = _entry_tables()


@functools.cache
def _entries_with(passage: tuple[bool, ...]):
    """The entry jumps on a board whose passages are ``passage`` (by line): per line and depth
    index, the chambers a mover there may jump over into the tomb or onto a passage, and the
    chambers a mummy there may be jumped from."""
    def table(source):
        out = [[[] for _ in range(MAX_DEPTH)] for _ in range(LINES + 1)]
        for (line, depth), jumps in source.items():
            out[line][depth - 1] = [(a, b) for a, b, land_l, land_d in jumps
                                    if land_d == 0 or passage[land_l]]
        return out
    return table(ENTRY_BY_MOVER), table(ENTRY_BY_OVER)
_NOTHING = -1e9       # below every value a move can have


class Look:
    """What one decision of the greedy bot needs to know, computed once and only if asked."""

    def __init__(self, state):
        self.state = state
        self.p = state.current
        self._lines: dict[tuple[int, int], float] = {}
        self._uses: dict[tuple[int, ...], float | None] = {}
        self._attack_now: float | None = None
        self._roll: float | None = None
        self._entries: set | None = None
        self._partial = False
        self._slots: list[float | None] | None = None
        self._anubis: dict[int, float | None] = {}
        self._target: list[float | None] = []
        self._golden: float | None = None

    # ---- placing ------------------------------------------------------------------------------

    def line_value(self, line: int, count: int) -> float:
        """Placing ``count`` mummies on ``line`` (legal: the caller checked)."""
        key = (line, count)
        value = self._lines.get(key)
        if value is None:
            value = self._lines[key] = self._line_value(line, count)
        return value

    def _line_value(self, line: int, count: int) -> float:
        board = self.state.board
        if board.passage[line]:
            return count * TOMB
        cells = board.cells[line]
        return self._worth(line, len(cells), cells.count(self.p), count)

    def _worth(self, line: int, size: int, mine: int, count: int) -> float:
        """``count`` mummies placed on a line of ``size`` chambers holding ``mine`` already."""
        each = _mummy(line)
        if mine + count < size:
            return count * each
        powers = self.state.powers
        if size in powers["osiris_sizes"]:
            return TOMB - mine * each          # the Osiris Maneuver: the others go home
        if size in powers["maat_sizes"]:
            return count * each + FULL_LINE
        return count * each

    def place_value(self, lines) -> float:
        """Placing one mummy on each of ``lines`` (sorted), each line counted once."""
        return sum(self.line_value(line, count) for line, count in _runs(lines))

    # ---- what a roll is worth -----------------------------------------------------------------

    def best_use(self, dice) -> float | None:
        """The best value of the ways to use ``dice`` now, without the sequences' extras and
        the Golden Triple's second roll (None when the dice cannot be used). The same options
        and powers as the engine's ``use_moves``, valued without making the moves."""
        key = tuple(sorted(dice))
        if key in self._uses:
            return self._uses[key]
        state = self.state
        best: float | None = None
        house = state.house[self.p]
        if house:
            options, triple, third = _use_plan(key)
            table = self._table()
            for size, slots in options:
                if size > house:
                    continue
                value = 0.0
                for slot in slots:
                    part = table[slot]
                    if part is None:
                        break
                    value += part
                else:
                    if best is None or value > best:
                        best = value
            if triple and state.golden_used < state.powers["golden_triple_uses"]:
                value = TOMB + self.golden_removal()
                if best is None or value > best:
                    best = value
            if third:
                anubis = self.anubis_third_value(third)
                if anubis is not None and (best is None or anubis > best):
                    best = anubis
        self._uses[key] = best
        return best

    def _table(self) -> list[float | None]:
        """``line_value`` of every (line, mummies) at slot ``4 * line + mummies``; None where
        the line has no room for them."""
        if self._slots is None:
            board, p = self.state.board, self.p
            table: list[float | None] = [None] * (4 * (LINES + 1))
            for n in range(1, LINES + 1):
                if board.passage[n]:
                    table[4 * n + 1: 4 * n + 4] = [TOMB, 2 * TOMB, 3 * TOMB]
                    continue
                cells = board.cells[n]
                size, mine = len(cells), cells.count(p)
                for count in range(1, min(cells.count(EMPTY), 3) + 1):
                    table[4 * n + count] = self._worth(n, size, mine, count)
            self._slots = table
        return self._slots

    def roll_expectation(self) -> float:
        """The mean best use of a throw of three dice (unusable throws are thrown again): the
        loop of ``best_use`` over the 56 throws, each worked out once and kept."""
        if self._roll is None:
            state, uses = self.state, self._uses
            house = state.house[self.p]
            total = weight = 0.0
            if house:
                table = self._table()
                golden = (TOMB + self.golden_removal()
                          if state.golden_used < state.powers["golden_triple_uses"] else None)
                anubis = self.anubis_third_value
                for dice, count, (options, triple, third) in _PLANS:
                    best: float | None
                    if dice in uses:
                        best = uses[dice]
                    else:
                        best = None
                        for size, slots in options:
                            if size > house:
                                continue
                            value = 0.0
                            for slot in slots:
                                part = table[slot]
                                if part is None:
                                    break
                                value += part
                            else:
                                if best is None or value > best:
                                    best = value
                        if triple and golden is not None and (best is None or golden > best):
                            best = golden
                        if third:
                            extra = anubis(third)
                            if extra is not None and (best is None or extra > best):
                                best = extra
                        uses[dice] = best
                    if best is not None:
                        total += count * best
                        weight += count
            self._roll = total / weight if weight else 0.0
        return self._roll

    def reroll_value(self, value: int) -> float:
        """The mean, over the six results, of the best use after re-rolling a die ``value``."""
        dice = list(self.state.dice)
        dice.remove(value)
        faces = self.state.faces
        total = 0.0
        for face in range(1, faces + 1):
            best = self.best_use((*dice, face))
            total += best if best is not None else self.roll_expectation()
        return total / faces

    # ---- powers -------------------------------------------------------------------------------

    def golden_removal(self) -> float:
        """The best Golden Triple removal there would be (0 when there is none)."""
        if self._golden is None:
            self._golden = max((self.golden_remove_value(m)
                                for m in self.state.golden_removals()), default=0.0)
        return self._golden

    def golden_remove_value(self, move) -> float:
        if move.line == 0:
            return GOLDEN_FROM_TOMB
        return GOLDEN_FROM_BOARD + target_value(self.state, move.line, move.depth)

    def golden_value(self) -> float:
        """An entry now, the removal, and the second roll (none after the last use)."""
        state = self.state
        value = TOMB + self.golden_removal()
        if state.golden_used + 1 < state.powers["golden_triple_uses"]:
            value += self.roll_expectation()
        return value

    def anubis_value(self, dice) -> float:
        pair = roll_pair(tuple(dice))
        value = self.anubis_third_value(pair[1]) if pair else None
        return 0.0 if value is None else value

    def anubis_third_value(self, third: int) -> float | None:
        """The best Anubis Double whose third die names line ``third`` (None: none is legal).
        While that line has room and holds no enemy, removing an enemy leaves it as it is, so
        the best target anywhere is the best; else each target is judged with its line."""
        if third not in self._anubis:
            state = self.state
            board, p = state.board, self.p
            found: float | None = None
            if board.free(third) and (board.passage[third] or not any(
                    c != EMPTY and c != p for c in board.cells[third])):
                best = self._best_target()
                if best is not None:
                    found = REMOVE + best + self.line_value(third, 1)
            else:
                found = max((self.strike_value(third, n, d)
                             for n, d in state.anubis_targets(third)), default=None)
            self._anubis[third] = found
        return self._anubis[third]

    def _best_target(self) -> float | None:
        """The best enemy to remove anywhere (None when there is none)."""
        if not self._target:
            state = self.state
            self._target = [max((target_value(state, n, d)
                                 for n, d in state.board.enemies(self.p)), default=None)]
        return self._target[0]

    def strike_value(self, third: int, line: int, depth: int) -> float:
        """Removing the enemy in (line, depth), then placing on line ``third``."""
        state = self.state
        value = REMOVE + target_value(state, line, depth)
        if line != third or state.board.passage[third]:
            return value + self.line_value(third, 1)
        cells = state.board.cells[third]
        saved = cells[depth - 1]
        cells[depth - 1] = EMPTY            # judged with the enemy gone, then put back
        try:
            return value + self._line_value(third, 1)
        finally:
            cells[depth - 1] = saved

    # ---- incinerations and the position -------------------------------------------------------

    def attack(self, board, backwards: bool | None = None) -> float:
        """The best first incineration of the player to move on ``board`` (0 when none)."""
        state, p = self.state, self.p
        back = state.toth if backwards is None else backwards
        best = 0.0
        for n, d in board.occupied(p):
            for jump in board.jumps(p, n, d, back):
                best = max(best, jump_value(state, n, d, jump[0], jump[1], board))
        return best

    def attack_now(self) -> float:
        if self._attack_now is None:
            self._attack_now = self.attack(self.state.board)
        return self._attack_now

    def standing(self, board) -> float:
        """The player's mummies on ``board`` (higher rows and own full lines count more) less
        those of the best-placed opponent."""
        totals = [0.0] * self.state.players
        for n in range(1, LINES + 1):
            cells = board.cells[n]
            if not cells:
                continue
            value = _mummy(n)
            for c in cells:
                if c != EMPTY:
                    totals[c] += value
            first = cells[0]
            if first != EMPTY and cells.count(first) == len(cells):
                totals[first] += FULL_LINE
        me = self.p
        return totals[me] - max(t for q, t in enumerate(totals) if q != me)

    # ---- the sequences: Toth's Inversion and Tutan's Wrath -------------------------------------

    def sequence_bonus(self, move: Place) -> float:
        """What Toth's Inversion or Tutan's Wrath adds to placing ``move.lines`` with the dice."""
        state = self.state
        code = sequence_of(state.dice, state.mode)
        if not code:
            return 0.0
        board = state.board.copy()
        for n in move.lines:
            board.place(n, self.p)
        if code == "toth-inversion":
            return max(0.0, self.attack(board, True) - self.attack(board, False))
        if move.lines != tuple(sorted(state.dice)):
            return 0.0                         # Tutan's Wrath needs the 4-5-6 placement
        return max(0.0, max(self._shifted(board, w) for w in _WRATHS) - self._unshifted(board))

    def _shifted(self, board, move: Wrath) -> float:
        moved = board.copy()
        moved.shift(move.shift, move.crossed, self.state.readings["wrath_moves_passage"])
        return self.attack(moved) + self.standing(moved)

    def _unshifted(self, board) -> float:
        return self.attack(board) + self.standing(board)

    def wrath_value(self, move: Wrath) -> float:
        return 1.0 + self._shifted(self.state.board, move) - self._unshifted(self.state.board)

    # ---- Seth's Trick -------------------------------------------------------------------------

    def seth_entries(self, first: bool = False) -> set[SethMove]:
        """The relocations after which an incineration enters the tomb (into it, or onto a
        passage) where none does now. A new entry jump has its mover or the mummy it jumps on a
        line whose chambers changed depth or gained a mummy (a line that only loses its outer
        chamber, or gains an empty one at its outer end, makes no jump), so only those lines are
        looked at, and each such change once. The two lines of a relocation are looked at
        apart unless they are on one side within a row of each other, where one jump can join
        them. ``first``: stop at the first one found (enough to know there is one)."""
        if self._entries is None or (self._partial and not first):
            self._entries, self._partial = set(), first
            state, p = self.state, self.p
            cells = state.board.cells
            if self.attack_now() < TOMB and any(
                    c != EMPTY and c != p for row in cells for c in row):
                seen: dict[object, bool] = {}
                get, opens = seen.get, self._opens_entry
                key: object
                found: bool | None
                for move in state.seth_moves():
                    source, target = move.source, move.target
                    src = cells[source]
                    if source == target:
                        row = src[1:] + [src[0]] if move.end == "tomb" else [src[-1]] + src[:-1]
                        found = opens({source: tuple(row)})
                    elif move.end == "outer":          # the piece goes next to the tomb
                        arrived = (src[-1], *cells[target])
                        if (source - target) % 2 == 0 and abs(source - target) <= 2:
                            found = opens({source: tuple(src[:-1]), target: arrived})
                        else:
                            key = (target, src[-1])
                            found = get(key)
                            if found is None:
                                found = seen[key] = opens({target: arrived})
                    else:                              # the others on its line move down one
                        piece = src[0]
                        found = get(source)
                        if found is None:
                            found = seen[source] = opens({source: tuple(src[1:])})
                        if found or piece == EMPTY:
                            pass
                        elif (source - target) % 2 == 0 and abs(source - target) <= 2:
                            found = opens({source: tuple(src[1:]),
                                           target: (*cells[target], piece)})
                        else:
                            key = (target, piece, 0)
                            found = get(key)
                            if found is None:
                                found = seen[key] = opens({target: (*cells[target], piece)})
                    if found:
                        self._entries.add(move)
                        if first:
                            return self._entries
                self._partial = False
        return self._entries

    def _opens_entry(self, rows: dict[int, tuple[int, ...]]) -> bool:
        """Whether an entry jump has its mover or the mummy it jumps on one of ``rows`` (lines
        as a relocation leaves them; the others as they stand)."""
        board, p = self.state.board, self.p
        cells = board.cells
        by_mover, by_over = _entries_with(tuple(board.passage))
        for line, row in rows.items():
            for i, c in enumerate(row):
                if c == EMPTY:
                    continue
                if c == p:
                    for other_l, other_d in by_mover[line][i]:
                        other = rows.get(other_l)
                        if other is None:
                            other = cells[other_l]
                        if other_d <= len(other) and other[other_d - 1] != EMPTY \
                                and other[other_d - 1] != p:
                            return True
                else:
                    for other_l, other_d in by_over[line][i]:
                        other = rows.get(other_l)
                        if other is None:
                            other = cells[other_l]
                        if other_d <= len(other) and other[other_d - 1] == p:
                            return True
        return False

    def seth_value(self) -> float:
        """Seth's Trick: 2 (above rolling's 1) when a relocation opens an entry worth more than
        the roll given up, else 0."""
        if not self.seth_entries(first=True):
            return 0.0
        return 2.0 if self.roll_expectation() + self.attack_now() < TOMB else 0.0

    def seth_move_value(self, move: SethMove) -> float:
        """A relocation that opens an entry, the one leaving the better standing first; any
        other only when none does (when Seth's Trick was played without one to open)."""
        if move not in self.seth_entries():
            return _NOTHING
        board = self.state.board.copy()
        board.seth(move.source, move.end, move.target)
        return self.standing(board)


_WRATHS = tuple(Wrath(shift, crossed) for shift in (1, -1) for crossed in (False, True))
