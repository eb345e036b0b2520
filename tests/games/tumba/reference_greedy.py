"""The greedy Tutan Tumba bot as it was before it was fixed, kept as a reference: the fixed bot
must beat it (benchmarks/tumba_greedy.py measures how often; tests check the fixes against it).

Its known faults, as found: a line's completion bonus counted once per mummy placed there, a
secret passage valued at half a tomb entry (so on an empty board it skips an immediate entry on
11 of the 20 non-triple rolls that offer one, and plays 1-1-1 as an Osiris line instead of the
Golden Triple), and Seth's Trick played when it does not gain. Frozen: do not improve it.
"""

from __future__ import annotations

import itertools
import random

from generator.games.tumba.moves import (
    Anubis,
    Golden,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Pass,
    Place,
    Reroll,
    Roll,
    Seth,
    SethMove,
    Strike,
    Wrath,
)
from generator.games.tumba.rules_board import EMPTY, JUMPS, LINES, row_of
from generator.games.tumba.rules_roll import roll_sequence as sequence_of


class OldGreedyBot:
    """Picks the move with the best immediate value (see module doc)."""

    name = "old-greedy"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        look = Look(state, self)
        best, best_score = [], float("-inf")
        for move in moves:
            score = self.score(state, move, look)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    def score(self, state, move, look=None) -> float:
        """How much the bot likes ``move`` in ``state`` (higher is better)."""
        look = look or Look(state, self)
        kind = type(move)
        if kind in (Maat, Osiris, Golden):
            return TOMB
        if kind is Place:
            return look.place_value(move.lines) + look.sequence_bonus(move)
        if kind is Anubis:
            return 25.0 + look.best_target()
        if kind is Strike:
            return _target_value(state, move.line, move.depth)
        if kind is GoldenRemove:
            return 50.0 + (20.0 if move.line == 0 else -move.depth)
        if kind is Jump:
            return jump_value(state, move.line, move.depth, move.dx, move.dy)
        if kind is Reroll:
            return look.reroll_value(move.value)
        if kind is Roll:
            return look.roll_value()
        if kind is Seth:
            return look.seth_value()
        if kind is SethMove:
            return look.seth_move_value(move)
        if kind is Wrath:
            return look.wrath_value(move)
        if kind is Pass:
            return look.pass_value()
        return 0.0



TOMB = 100.0
FULL_LINE = 30.0      # a line full of one's own mummies: Osiris now or Maat's Rest later


# ---- the values of plain moves --------------------------------------------------------------

def place_value(state, lines) -> float:
    """What placing one mummy on each of ``lines`` is worth (passages: half a tomb entry)."""
    return sum(_line_value(state, n, lines.count(n)) for n in lines)


def _line_value(state, line: int, count: int) -> float:
    board, p = state.board, state.current
    if board.passage[line]:
        return TOMB / 2
    cells = board.cells[line]
    mine = sum(1 for c in cells if c == p) + count
    value = 5.0 + row_of(line)               # higher rows are shorter, nearer the passages
    if mine >= len(cells):
        value += 30.0                        # completes a line: Osiris now or Maat later
    return value


def _target_value(state, line: int, depth: int) -> float:
    """An enemy near the tomb, of a player who leads, is the best to remove."""
    owner = state.board.cells[line][depth - 1]
    return 10.0 - depth + 2.0 * state.tomb[owner]


def best_target(state) -> float:
    return max((_target_value(state, n, d) for n, d in state.board.enemies(state.current)),
               default=0.0)


def jump_value(state, line: int, depth: int, dx: int, dy: int, board=None) -> float:
    """An incineration: a tomb entry when it lands in the tomb or a passage, else 40 less the
    landing depth (nearer the tomb is better)."""
    board = board or state.board
    jump = next(j for j in JUMPS[(line, depth)] if j[:2] == (dx, dy))
    land_line, land_depth = jump[4], jump[5]
    if board.lands_in_tomb(land_line, land_depth):
        return TOMB
    return 40.0 - land_depth


def _roll_weights() -> tuple[tuple[tuple[int, int, int], int], ...]:
    """The 56 distinct throws (sorted) with how many of the 216 ordered throws give each;
    those that can reach a passage line (11 or 12) or are triples first, as they tend to be
    worth most (so :meth:`Look.roll_beats` can stop early)."""
    counts: dict[tuple[int, int, int], int] = {}
    for dice in itertools.product(range(1, 7), repeat=3):
        key = tuple(sorted(dice))
        counts[key] = counts.get(key, 0) + 1

    def rich(dice) -> bool:
        a, b, c = dice
        return a == c or bool({a + b, a + c, b + c, a + b + c} & {11, 12})

    return tuple(sorted(counts.items(), key=lambda item: (not rich(item[0]), -item[1])))


ROLLS = _roll_weights()


class Look:
    """What one decision of the greedy bot needs to know, computed once and only if asked."""

    def __init__(self, state, bot):
        self.state, self.bot = state, bot
        # The relocations judged when choosing Seth's Trick serve again to pick one.
        key = (id(state), state.turn, state.current,
               tuple(tuple(cells) for cells in state.board.cells))
        cached = getattr(bot, "_seth_cache", None)
        self._attack_now: float | None = None
        self._roll: float | None = None
        self._seth: dict | None = cached[1] if cached and cached[0] == key else None
        self._key = key
        self._lines: dict[tuple[int, int], float] | None = None
        self._target: float | None = None

    # ---- incinerations and the position -----------------------------------------------------

    def attack(self, board, backwards: bool | None = None) -> float:
        """The best first incineration of the player to move on ``board`` (0 when none)."""
        state, p = self.state, self.state.current
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
            _add_line(totals, board, n, 1)
        return self._lead(totals)

    def _lead(self, totals: list[float]) -> float:
        me = self.state.current
        return totals[me] - max(t for q, t in enumerate(totals) if q != me)

    # ---- dice ---------------------------------------------------------------------------------

    def best_use(self, dice) -> float | None:
        """The best score of the ways to use ``dice`` now (None when they cannot be used)."""
        state = self.state
        dice = tuple(dice)
        special = sequence_of(dice, state.mode)
        best = None
        for move in state.use_moves(dice):
            kind = type(move)
            if kind is Place:
                value = self.place_value(move.lines)
                if special:
                    value += self._sequence(dice, move.lines)
            elif kind is Golden:
                value = TOMB
            elif kind is Anubis:
                value = 25.0 + self.best_target()
            else:
                continue
            best = value if best is None or value > best else best
        return best

    def place_value(self, lines) -> float:
        """:func:`place_value`, with each line's value worked out once per decision."""
        table = self._lines
        if table is None:
            table = self._lines = {}
        total = 0.0
        for n in lines:
            key = (n, lines.count(n))
            value = table.get(key)
            if value is None:
                value = table[key] = _line_value(self.state, *key)
            total += value
        return total

    def best_target(self) -> float:
        if self._target is None:
            self._target = best_target(self.state)
        return self._target

    def roll_expectation(self) -> float:
        """The mean best use of a throw of three dice (unusable throws are thrown again)."""
        if self._roll is None:
            total = weight = 0
            for dice, count in ROLLS:
                value = self.best_use(dice)
                if value is not None:
                    total += count * value
                    weight += count
            self._roll = total / weight if weight else 0.0
        return self._roll

    def roll_value(self) -> float:
        """Rolling: at the start of a turn (against Seth's Trick), or all three dice again."""
        if self.state.phase == "start":
            return 1.0                  # Seth's Trick scores above this only when it beats it
        return self.attack_now() + self.roll_expectation()

    def roll_beats(self, value: float) -> bool:
        """Whether a roll is worth more than ``value`` on average; stops adding throws as soon
        as the throws seen so far settle it (the others are worth at least 0)."""
        if self._roll is not None:
            return self._roll > value
        total = seen = 0.0
        usable = 0
        for dice, count in ROLLS:
            best = self.best_use(dice)
            seen += count
            if best is not None:
                total += count * best
                usable += count
            if total / 216 > value:     # a lower bound of the mean already beats it
                return True
        self._roll = total / usable if usable else 0.0
        return self._roll > value

    def reroll_value(self, value: int) -> float:
        """The mean, over the six results, of the best use after re-rolling a die ``value``."""
        dice = list(self.state.dice)
        dice.remove(value)
        total = 0.0
        for face in range(1, self.state.faces + 1):
            best = self.best_use((*dice, face))
            total += best if best is not None else self.roll_expectation()
        return total / self.state.faces

    def sequence_bonus(self, move: Place) -> float:
        return self._sequence(self.state.dice, move.lines)

    def _sequence(self, dice, lines) -> float:
        """What Toth's Inversion or Tutan's Wrath adds to placing ``lines`` with ``dice``."""
        state = self.state
        code = sequence_of(tuple(dice), state.mode)
        if not code:
            return 0.0
        board = state.board.copy()
        for n in lines:
            board.place(n, state.current)
        if code == "toth-inversion":
            return max(0.0, self.attack(board, True) - self.attack(board, False))
        if tuple(lines) != tuple(sorted(dice)):
            return 0.0                         # Tutan's Wrath needs the 4-5-6 placement
        return max(0.0, max(self._shifted(board, w) for w in _WRATHS) - self._unshifted(board))

    # ---- Seth's Trick and Tutan's Wrath -------------------------------------------------------

    def _relocations(self) -> dict:
        """Every Seth's Trick relocation with its gain (attack and standing) over not moving.

        Only the two lines involved change, so the standing is updated from them alone."""
        if self._seth is None:
            state = self.state
            now = state.board
            players = state.players
            shares: dict = {}

            def share(n: int, cells: list[int]) -> list[float]:
                key = (n, tuple(cells))
                found = shares.get(key)
                if found is None:
                    found = shares[key] = [0.0] * players
                    _share(found, cells, n, 1)
                return found

            totals = [0.0] * players
            for n in range(1, LINES + 1):
                for q, v in enumerate(share(n, now.cells[n])):
                    totals[q] += v
            attack = self.attack_now()
            base = attack + self._lead(totals)
            near = _near(now.occupied(state.current))
            gains = {}
            for move in state.seth_moves():
                src, dst = now.cells[move.source], now.cells[move.target]
                tomb_end = move.end == "tomb"
                piece = src[0] if tomb_end else src[-1]
                parts = (share(move.source, src), share(move.target, dst),
                         share(move.source, src[1:] if tomb_end else src[:-1]),
                         share(move.target, dst + [piece] if tomb_end else [piece] + dst))
                after = [t - a - b + c + d for t, a, b, c, d in zip(totals, *parts)]
                # Incinerations change only near the player's mummies (same side, 2 rows).
                if move.source in near or move.target in near:
                    board = now.copy()
                    board.seth(move.source, move.end, move.target)
                    gain = self.attack(board)
                else:
                    gain = attack
                gains[move] = gain + self._lead(after) - base
            self._seth = gains
            self.bot._seth_cache = (self._key, gains)
        return self._seth

    def seth_gain(self) -> float:
        if not self.state.rules["seth_trick"]:
            return 0.0
        gains = self._relocations()
        return max(gains.values()) if gains else 0.0

    def seth_value(self) -> float:
        """Seth's Trick: 2 (above rolling's 1) when the best relocation's gain beats what a
        roll is worth on average, else 0."""
        gain = self.seth_gain()
        return 2.0 if gain > 0 and not self.roll_beats(gain) else 0.0

    def seth_move_value(self, move: SethMove) -> float:
        return self._relocations().get(move, float("-inf"))

    def _shifted(self, board, move: Wrath) -> float:
        state = self.state
        moved = board.copy()
        moved.shift(move.shift, move.crossed, state.readings["wrath_moves_passage"])
        return self.attack(moved) + self.standing(moved)

    def _unshifted(self, board) -> float:
        return self.attack(board) + self.standing(board)

    def wrath_value(self, move: Wrath) -> float:
        return 1.0 + self._shifted(self.state.board, move) - self._unshifted(self.state.board)

    def pass_value(self) -> float:
        return 1.0


def _near(chambers) -> set[int]:
    """Lines on the same side within two rows of the given chambers (where a jump can reach)."""
    out = set()
    for n, _ in chambers:
        for dr in (-4, -2, 0, 2, 4):
            if 1 <= n + dr <= LINES:
                out.add(n + dr)
    return out


def _add_line(totals: list[float], board, n: int, sign: int) -> None:
    """Adds (sign 1) or takes away (-1) line ``n``'s share of each player's standing."""
    _share(totals, board.cells[n], n, sign)


def _share(totals: list[float], cells: list[int], n: int, sign: int) -> None:
    if not cells:
        return
    value = sign * (5.0 + row_of(n))
    for c in cells:
        if c != EMPTY:
            totals[c] += value
    first = cells[0]
    if first != EMPTY and cells.count(first) == len(cells):
        totals[first] += sign * FULL_LINE


_WRATHS = tuple(Wrath(shift, crossed) for shift in (1, -1) for crossed in (False, True))
