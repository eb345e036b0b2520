"""What each Tutan Tumba move does to the state, and where the turn goes next.

A mixin of :class:`generator.games.tumba.rules.State`: one ``_do_<move>`` handler per move
type (``HANDLERS`` maps the type to it) and the short flows between phases. Handlers run only
after ``State.apply`` has checked the move is legal.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from generator.games.tumba.model import data
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
from generator.games.tumba.rules_board import EMPTY, JUMPS, LINES, Board
from generator.games.tumba.rules_roll import pair_of, sequence_power

START, USE, GOLDEN_PHASE, ANUBIS_PHASE, OSIRIS_PHASE = "start", "use", "golden", "anubis", "osiris"
SECOND_ROLL = "second-roll"
WRATH_PHASE, SETH_PHASE, ATTACK, OVER = "wrath", "seth", "attack", "over"
ENTRY_KINDS = ("passage", "golden-triple", "maat", "osiris", "incineration", "ammit")
#: What players chose to do, counted by kind (``State.actions``): every move a player decides
#: except rolling, passing and the second half of a two-step move (the Golden Triple's removal,
#: the Anubis Double's target, Seth's relocation). ``toth`` counts incinerations backwards.
ACTION_KINDS = ("place", "golden-triple", "anubis", "maat", "osiris", "incineration", "toth",
                "reroll", "seth", "wrath")
ACTION_OF = {Place: "place", Golden: "golden-triple", Anubis: "anubis", Maat: "maat",
             Osiris: "osiris", Jump: "incineration", Reroll: "reroll", Seth: "seth",
             Wrath: "wrath"}

@functools.cache
def _pair(dice: tuple[int, ...]) -> tuple[int, int] | None:
    """pair_of, by the unsorted roll."""
    return pair_of(dice)


@functools.cache
def _sequence(dice: tuple[int, ...], mode: str) -> str:
    """sequence_power, by the roll and the mode."""
    return sequence_power(dice, data()["modes"][mode])


class Actions:
    """The move handlers and phase flows of the engine state (see module doc)."""

    # What the handlers read and write of the state: set by State.__init__ / _reset_turn
    # (annotations only, so that a type checker sees them; nothing is set here).
    board: Board
    players: int
    mode: str
    faces: int
    rng: random.Random
    current: int
    phase: str
    dice: tuple[int, ...]
    house: list[int]
    tomb: list[int]
    since_owner: list[int]
    since_turn: list[int]
    forced_rerolls: int
    golden_used: int
    rerolls_used: int
    toth: bool
    wrath_ready: bool
    anubis_third: int
    attacker: tuple[int, int] | None
    osiris_lines: list[int]
    _moves: list | None
    _layout_cache: dict | None
    _powers: dict
    _readings: dict

    if TYPE_CHECKING:   # State's methods the handlers call
        def legal_moves(self) -> list: ...
        def roll(self, dice: tuple[int, ...] | None = None) -> None: ...
        def _start(self) -> None: ...
        def _end_turn(self) -> None: ...
        def _entered(self, kind: str, count: int = 1) -> bool: ...
        def _golden_removals(self) -> list: ...
        def _osiris_lines(self, board: Board, touched: Iterable[int]) -> list[int]: ...

    # ---- flow after placing -------------------------------------------------------------------

    def _after_placement(self, touched: Iterable[int]) -> None:
        self.osiris_lines = self._osiris_lines(self.board, touched)
        if self.osiris_lines:
            self.phase = OSIRIS_PHASE
        elif self.wrath_ready:
            self.phase = WRATH_PHASE
        else:
            self._to_attack()

    def _to_attack(self) -> None:
        self.phase = ATTACK
        self._moves = None
        if not self.legal_moves():
            self._end_turn()

    # ---- handlers -----------------------------------------------------------------------------

    def _do_roll(self, move: Roll) -> None:
        if self.phase == USE:
            # An unusable roll thrown again instead of spending the one-die re-roll on it. The
            # re-roll is kept: the rulebook forces the throw and never says it costs the re-roll.
            self.forced_rerolls += 1
        self.roll(move.dice)

    def _do_pass(self, move: Pass) -> None:
        if self.phase == GOLDEN_PHASE:
            self._after_golden()
        elif self.phase == SECOND_ROLL:
            self._to_attack()          # the Golden Triple's second roll declined
        elif self.phase == OSIRIS_PHASE:
            self._after_placement(())      # no line left to offer: on to Tutan's Wrath or attack
        elif self.phase == WRATH_PHASE:
            self._to_attack()
        else:                          # start (empty house) or attack: the turn ends
            self._end_turn()

    def _do_maat(self, move: Maat) -> None:
        gone = self.board.clear(move.line)   # empty now: the end-of-turn snapshot notes it
        self.house[self.current] += len(gone) - 1
        if not self._entered("maat"):
            self._start()

    def _do_place(self, move: Place) -> None:
        p, board = self.current, self.board
        for n in move.lines:
            self.house[p] -= 1
            if board.place(n, p) and self._entered("passage"):
                return
        seq = _sequence(self.dice, self.mode)
        self.toth = seq == "toth-inversion"
        self.wrath_ready = seq == "tutan-wrath" and move.lines == tuple(data()["sequences"]["wrath"])
        self._after_placement(set(move.lines))

    def _do_golden(self, move: Golden) -> None:
        self.golden_used += 1
        self.house[self.current] -= 1
        if self._entered("golden-triple"):
            return
        if self._golden_removals():
            self.phase = GOLDEN_PHASE
        else:
            self._after_golden()

    def _do_golden_remove(self, move: GoldenRemove) -> None:
        if move.line == 0:
            self.tomb[move.player] -= 1
        else:
            self.board.remove(move.line, move.depth)
        self.house[move.player] += 1
        self._after_golden()

    def _after_golden(self) -> None:
        """The Golden Triple's second roll is offered ("may then roll again"), never a third,
        and not to a player with no mummy left to place."""
        if self.golden_used < self._powers["golden_triple_uses"] and self.house[self.current]:
            self.phase = SECOND_ROLL
            self._moves = None
        else:
            self._to_attack()

    def _do_anubis(self, move: Anubis) -> None:
        pair = _pair(self.dice)
        assert pair is not None        # Anubis is offered only on a roll with a pair
        self.anubis_third = pair[1]
        self.phase = ANUBIS_PHASE

    def _do_strike(self, move: Strike) -> None:
        p, board, third = self.current, self.board, self.anubis_third
        self.house[board.remove(move.line, move.depth)] += 1
        self.house[p] -= 1
        if board.place(third, p) and self._entered("passage"):
            return
        self._after_placement({third})

    def _do_osiris(self, move: Osiris) -> None:
        gone = self.board.clear(move.line)
        self.house[self.current] += len(gone) - 1
        self.osiris_lines = [n for n in self.osiris_lines if n != move.line]
        if self._entered("osiris"):
            return
        self._after_placement(self.osiris_lines)

    def _do_reroll(self, move: Reroll) -> None:
        dice = list(self.dice)
        dice[dice.index(move.value)] = int(self.rng.random() * self.faces) + 1
        self.rerolls_used += 1
        self.roll(tuple(dice))

    def _do_seth(self, move: Seth) -> None:
        self.phase = SETH_PHASE

    def _do_seth_move(self, move: SethMove) -> None:
        self.board.seth(move.source, move.end, move.target)
        self._layout_cache = None
        for n in (move.source, move.target):
            self.since_owner[n] = EMPTY
        self._to_attack()

    def _do_wrath(self, move: Wrath) -> None:
        old = self.board.shift(move.shift, move.crossed, self._readings["wrath_moves_passage"])
        self._layout_cache = None
        self.since_owner = [EMPTY] + [self.since_owner[old[n]] for n in range(1, LINES + 1)]
        self.since_turn = [0] + [self.since_turn[old[n]] for n in range(1, LINES + 1)]
        self._to_attack()

    def _do_jump(self, move: Jump) -> None:
        p, board = self.current, self.board
        jump = next(j for j in JUMPS[(move.line, move.depth)] if j[:2] == (move.dx, move.dy))
        _, _, over_l, over_d, land_l, land_d = jump
        self.house[board.remove(over_l, over_d)] += 1
        board.remove(move.line, move.depth)
        where = board.lands_in_tomb(land_l, land_d)
        if where:
            if not self._entered("incineration" if where == "tomb" else "ammit"):
                self._end_turn()
            return
        board.cells[land_l][land_d - 1] = p
        self.attacker = (land_l, land_d)
        self._to_attack()


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Roll: Actions._do_roll, Pass: Actions._do_pass, Maat: Actions._do_maat,
    Place: Actions._do_place, Golden: Actions._do_golden,
    GoldenRemove: Actions._do_golden_remove, Anubis: Actions._do_anubis,
    Strike: Actions._do_strike, Osiris: Actions._do_osiris, Reroll: Actions._do_reroll,
    Seth: Actions._do_seth, SethMove: Actions._do_seth_move, Wrath: Actions._do_wrath,
    Jump: Actions._do_jump,
}
