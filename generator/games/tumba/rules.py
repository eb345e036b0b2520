"""The Tutan Tumba engine: a State with legal_moves(), apply(), is_over(), scores().

A turn walks through phases; the state skips any phase with nothing to decide:

  start    Maat's Rest (a line of 1-2 chambers full of your mummies for a whole round), Seth's
           Trick (advanced, instead of rolling), or roll. A player with an empty house skips.
  use      the dice: a placement option, the Golden Triple, the Anubis Double, or (advanced) a
           one-die re-roll. A roll that cannot be used is thrown again at once — except in the
           advanced mode while the one-die re-roll is unspent: the rulebook's turn is "roll the
           three dice, pick a die to re-roll, then place", so the player may first try to rescue
           the roll with it, or throw all three again (the re-roll is still there afterwards: the
           rulebook never takes it away for a throw it forces).
  golden   the Golden Triple's removal (from the leading opponent's tomb, or from the board
           when no opponent has a mummy in the tomb);
  second-roll  then the Golden Triple's second roll, which the player may decline; never a third.
  anubis   the Anubis Double's target; then the third die's mummy is placed. The enemy goes
           first, so on a full third-die line the target must be an enemy of that line.
  osiris   the Osiris Maneuver on a 3-chamber line just completed.
  wrath    Tutan's Wrath after placing 4-5-6 (advanced).
  seth     Seth's Trick's relocation (advanced).
  attack   incinerations by one mummy, chained, never away from the tomb (backwards too after
           Toth's Inversion); Pass ends the turn.

Mummies removed from the board go back to their owner's house. The first player with ``target``
mummies in the tomb wins at once. Rolls use the state's own ``random.Random``, seeded at creation,
so a game replays exactly. Interpretations of unclear rules are listed in seeds/tumba.toml and
docs/tutan-tumba.md.

One class holds a game: its phases, what each move does (one ``_do_<move>`` method per move
type, found through ``HANDLERS``; a handler runs only after ``apply`` has checked the move is
legal) and the flows between phases. Records, claims and tests put a position in front of a
player through its public steps: ``begin_turn``, ``enter_start``, ``enter_attack``, ``roll``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.games.tumba import rules_why
from generator.games.tumba.model import Layout, check_target, data, facts, standard_layout
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
    SETH,
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
from generator.games.tumba.rules_roll import candidate_options, roll_pair, roll_sequence

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

# Memos of the hot path: the options of a roll in any order, and one move object per option
# or jump (the bots hand back the listed object, so State.apply can check it by identity).

@functools.cache
def roll_candidates(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """candidate_options for dice in any order."""
    return candidate_options(tuple(sorted(dice)))


@functools.cache
def _place(option: tuple[int, ...]) -> Place:
    return Place(option)


@functools.cache
def _anubis(pair: int) -> Anubis:
    return Anubis(pair)


def clear_caches() -> None:
    """Forgets every memo of the engine, so that a computation starts from nothing."""
    for memo in (roll_candidates, _place, _anubis, _jump, roll_pair, roll_sequence):
        memo.cache_clear()


# Every Seth's Trick relocation, made once: _SETH_TABLE[source][target] = (from the tomb end,
# from the outer end).
_SETH_TABLE = [[(SethMove(s, "tomb", t), SethMove(s, "outer", t)) for t in range(LINES + 1)]
               for s in range(LINES + 1)]


@functools.cache
def _jump(line: int, depth: int, dx: int, dy: int) -> Jump:
    return Jump(line, depth, dx, dy)


class State:
    """One game in progress. Players are 0-based; player 0 starts."""

    def __init__(self, players: int, layout: Layout | None = None, mode: str = "standard",
                 target: int | None = None, seed: int = 0, begin: bool = True):
        cfg = data()
        if mode not in cfg["modes"]:
            raise InputError(f"mode {mode!r}: choose standard or advanced")
        comp = cfg["components"]
        if not comp["min_players"] <= players <= comp["max_players"]:
            raise InputError(f"{players} players: Tutan Tumba is for "
                             f"{comp['min_players']}-{comp['max_players']} players")
        self.players, self.mode, self.rules = players, mode, cfg["modes"][mode]
        check_target(target, mode, "target")
        self.target = target or cfg["win"]["target"]
        self.mummies, self.faces = comp["mummies"], comp["faces"]
        self.powers = cfg["powers"]
        self.readings = cfg["readings"]
        self._max_per_line = cfg["advanced_setup"]["max_per_line"]
        self._maat_sizes = frozenset(cfg["powers"]["maat_sizes"])
        self.board = Board.from_layout(layout or standard_layout())
        self._layout_cache: dict | None = None     # facts of the pieces' layout (see _layout)
        self.chambers = sum(self.board.sizes)
        self.tomb = [0] * players
        self.house = [self.mummies] * players
        self.rng = random.Random(seed)
        self.dice_seed = seed                 # a record replays the throws from it
        self.start_layout = self.board.layout()
        self.current = 0
        self.turn = 0
        self.phase = START
        self.dice: tuple[int, ...] = ()
        self.winner = -1
        self.blocked = False
        self.skips = 0
        self.since_owner = [EMPTY] * (LINES + 1)
        self.since_turn = [0] * (LINES + 1)
        self.entries = dict.fromkeys(ENTRY_KINDS, 0)
        self.actions = dict.fromkeys(ACTION_KINDS, 0)
        self.forced_rerolls = 0
        self.history: list | None = None      # a list of (player, move) to keep a record
        self._moves: list | None = None
        self._reset_turn()
        if begin:
            self.begin_turn()

    # ---- the protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.current

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """Mummies in the tomb per player."""
        return [float(t) for t in self.tomb]

    def legal_moves(self) -> list:
        """Every move the current player may make now (never empty unless the game is over)."""
        if self._moves is None:
            self._moves = self._compute_moves()
        return self._moves

    def apply(self, move) -> None:
        """Plays ``move``; an illegal move raises RuleError with the reason."""
        moves = self.legal_moves()
        for legal in moves:           # bots hand back a listed object: identity is enough
            if legal is move:
                break
        else:
            if move not in moves and not self.forced_roll(move, moves):
                raise RuleError(rules_why.reason(self, move))
        self._moves = None
        if self.history is not None:
            self.history.append((self.current, move))
        kind = ACTION_OF.get(type(move))
        if kind:
            self.actions[kind] += 1
            if kind == "incineration" and move.dx == 1:
                self.actions["toth"] += 1
        HANDLERS[type(move)](self, move)

    def forced_roll(self, move, moves) -> bool:
        """A Roll with given dice (tests, replays) stands for the roll when rolling is legal."""
        dice = getattr(move, "dice", None) if type(move) is Roll else None
        if not dice:
            return False
        return ROLL in moves and len(dice) == 3 and all(
            isinstance(d, int) and 1 <= d <= self.faces for d in dice)

    # ---- per-turn state -----------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.golden_used = 0
        self.rerolls_used = 0
        self.toth = False
        self.attacker: tuple[int, int] | None = None
        self.osiris_lines: list[int] = []
        self.wrath_ready = False
        self.anubis_third = 0

    def begin_turn(self) -> None:
        """Starts turns until one needs a decision (players with an empty house skip)."""
        while True:
            self.turn += 1
            self._reset_turn()
            if self.house[self.current] or self.maat_lines():
                break
            self.skips += 1
            if self.skips >= self.players:
                self.blocked = True
                self.phase = OVER
                return
            self._snapshot()
            self.current = (self.current + 1) % self.players
        self.skips = 0
        self.enter_start()

    def enter_start(self) -> None:
        """The start phase, unless there is nothing to choose (then roll, or skip the turn)."""
        self.phase = START
        self._moves = None
        moves = self.legal_moves()
        if len(moves) == 1 and moves[0] is ROLL:
            self.roll()
        elif len(moves) == 1 and moves[0] is PASS:
            self._end_turn()       # an empty house: the turn is skipped

    def _end_turn(self) -> None:
        self._snapshot()
        self.current = (self.current + 1) % self.players
        self.begin_turn()

    def _snapshot(self) -> None:
        """Notes, after every turn, which short lines are full of one player and since when."""
        all_cells, since = self.board.cells, self.since_owner
        for n in self._layout()["maat"]:
            cells = all_cells[n]
            first = cells[0]
            owner = first if cells.count(first) == len(cells) else EMPTY
            if owner != since[n]:
                since[n] = owner
                self.since_turn[n] = self.turn

    def _entered(self, kind: str, count: int = 1) -> bool:
        """Mummies of the current player enter the tomb; True when that wins the game."""
        p = self.current
        self.tomb[p] += count
        self.entries[kind] += count
        if self.tomb[p] >= self.target:
            self.winner = p
            self.phase = OVER
            return True
        return False

    # ---- rolling ------------------------------------------------------------------------------

    def _throw(self) -> tuple[int, int, int]:
        r, faces = self.rng.random, self.faces
        return (int(r() * faces) + 1, int(r() * faces) + 1, int(r() * faces) + 1)

    def roll(self, dice: tuple[int, ...] | None = None) -> None:
        """Rolls (or takes ``dice``), re-rolling while nothing could use the roll.

        Public so tests and replays can put given dice in front of the player; the state then
        waits in the ``use`` phase.
        """
        dice = tuple(dice) if dice else self._throw()
        attempts = 0
        while not self.use_moves(dice):
            if self.rerolls_used < self.rules["die_rerolls"] and self._any_usable_roll():
                break                  # the player may rescue it with the one-die re-roll
            attempts += 1
            if attempts == self.powers["reroll_attempts"] and not self._any_usable_roll():
                self.dice = dice
                self.enter_attack()      # no roll at all could be used: the placing is lost
                return
            dice = self._throw()
        self.forced_rerolls += attempts
        self.dice = dice
        self.phase = USE
        self._moves = None

    def _any_usable_roll(self) -> bool:
        from generator.games.tumba.rules_roll import all_rolls

        return any(self.use_moves(d) for d in all_rolls())

    # ---- what can be done ---------------------------------------------------------------------

    def placement_options(self, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The legal options of ``dice`` for the current player (sorted line tuples, sorted)."""
        house = self.house[self.current]
        cells, passage = self.board.cells, self.board.passage
        out = []
        for option in roll_candidates(dice):
            if len(option) > house:
                continue
            need = prev = 0
            for n in option:          # sorted: a line named twice comes twice in a row
                need = need + 1 if n == prev else 1
                prev = n
                if not passage[n] and cells[n].count(EMPTY) < need:
                    break
            else:
                out.append(option)
        return out

    def use_moves(self, dice: tuple[int, ...]) -> list:
        """Placement options and usable powers of ``dice`` (the one-die re-roll aside)."""
        moves: list = [_place(o) for o in self.placement_options(dice)]
        p = self.current
        if not self.house[p]:
            return moves
        if dice[0] == dice[1] == dice[2] and self.golden_used < self.powers["golden_triple_uses"]:
            moves.append(GOLDEN)
        pair = roll_pair(dice)
        if pair and (self._enemy_on_board() if self.board.free(pair[1])
                     else self._enemy_on_line(pair[1])):
            moves.append(_anubis(pair[0]))
        return moves

    def _enemy_on_line(self, line: int) -> bool:
        p = self.current
        return any(c != EMPTY and c != p for c in self.board.cells[line])

    def anubis_targets(self, third: int) -> list[tuple[int, int]]:
        """The enemy mummies the Anubis Double may remove when its third die names line
        ``third``: any enemy in a chamber while that line has room; when it is full, only an
        enemy on it, whose removal makes the room the third die's mummy needs (the enemy is
        removed first, then the mummy placed: the rulebook's example)."""
        enemies = self.board.enemies(self.current)
        if self.board.free(third):
            return enemies
        return [(n, d) for n, d in enemies if n == third]

    def _enemy_on_board(self) -> bool:
        p, total = self.current, self.mummies
        return any(q != p and self.tomb[q] + self.house[q] < total for q in range(self.players))

    def maat_lines(self) -> list[int]:
        """Lines the current player may take Maat's Rest from now."""
        p, board = self.current, self.board
        due = self.turn - self.players
        return [n for n in self._layout()["maat"]
                if self.since_owner[n] == p and self.since_turn[n] <= due
                and board.full_owner(n) == p]

    def osiris_after(self, option: tuple[int, ...]) -> list[int]:
        """Lines that placing ``option`` would complete for the Osiris Maneuver (board untouched)."""
        board = self.board.copy()
        for n in option:
            board.place(n, self.current)
        return self._osiris_lines(board, option)

    def _osiris_lines(self, board: Board, touched) -> list[int]:
        sizes = self.powers["osiris_sizes"]
        return sorted({n for n in touched if not board.passage[n] and board.sizes[n] in sizes
                       and board.full_owner(n) == self.current})

    def _layout(self) -> dict:
        """What depends only on where the pieces stand (recomputed after Seth / Wrath): the
        Seth's Trick relocations (to another line, then along its own one when seeds/tumba.toml
        [readings] seth_own_line allows it) and the lines of Maat's Rest sizes."""
        if self._layout_cache is None:
            board = self.board
            sources, targets = board.seth_ends(self._max_per_line)
            own = self.readings["seth_own_line"]
            seth: list = []
            for src in sources:
                row = _SETH_TABLE[src]
                for dst in targets:
                    if dst != src:
                        seth += row[dst]
                if own:
                    seth += row[src]    # to the other end of its own line
            maat = [n for n in range(1, LINES + 1)
                    if not board.passage[n] and board.sizes[n] in self._maat_sizes]
            self._layout_cache = {"seth": seth, "maat": maat}
        return self._layout_cache

    def seth_moves(self) -> list:
        """Every Seth's Trick relocation the pieces allow now (whatever the phase)."""
        return list(self._layout()["seth"])

    def _seth_possible(self) -> bool:
        return self.rules["seth_trick"] and bool(self._layout()["seth"])

    def _attack_moves(self) -> list:
        p, board, back = self.current, self.board, self.toth
        sources = [self.attacker] if self.attacker else board.occupied(p)
        moves: list = [_jump(n, d, j[0], j[1])
                       for n, d in sources for j in board.jumps(p, n, d, back)]
        if moves:
            moves.append(PASS)
        return moves

    def golden_removals(self) -> list:
        p = self.current
        rivals = [q for q in range(self.players) if q != p]
        best = max(self.tomb[q] for q in rivals)
        if best > 0:
            return [GoldenRemove(q) for q in rivals if self.tomb[q] == best]
        counts = self.board.counts(self.players)
        best = max(counts[q] for q in rivals)
        if best == 0:
            return []
        return [GoldenRemove(q, n, d) for q in rivals if counts[q] == best
                for n, d in self.board.occupied(q)]

    def _compute_moves(self) -> list:
        phase = self.phase
        if phase == USE:
            moves: list = self.use_moves(self.dice)
            unusable = not moves
            if self.rerolls_used < self.rules["die_rerolls"]:
                moves += [Reroll(v) for v in sorted(set(self.dice))]
            if unusable:
                moves.append(ROLL)     # or throw all three again (the rule for an unusable roll)
            return moves
        if phase == ATTACK:
            return self._attack_moves()
        if phase == START:
            moves = [Maat(n) for n in self.maat_lines()]
            if not self.house[self.current]:
                return moves + [PASS]
            moves.append(ROLL)
            if self._seth_possible():
                moves.append(SETH)
            return moves
        if phase == GOLDEN_PHASE:
            return self.golden_removals() + [PASS]
        if phase == SECOND_ROLL:
            return [ROLL, PASS]
        if phase == ANUBIS_PHASE:
            return [Strike(n, d) for n, d in self.anubis_targets(self.anubis_third)]
        if phase == OSIRIS_PHASE:
            return [Osiris(n) for n in self.osiris_lines] + [PASS]
        if phase == WRATH_PHASE:
            return [Wrath(s, c) for s in (1, -1) for c in (False, True)] + [PASS]
        if phase == SETH_PHASE:
            return self.seth_moves()
        return []

    # ---- checks -------------------------------------------------------------------------------

    # ---- flow after placing -------------------------------------------------------------------

    def _after_placement(self, touched: Iterable[int]) -> None:
        self.osiris_lines = self._osiris_lines(self.board, touched)
        if self.osiris_lines:
            self.phase = OSIRIS_PHASE
        elif self.wrath_ready:
            self.phase = WRATH_PHASE
        else:
            self.enter_attack()

    def enter_attack(self) -> None:
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
            self.enter_attack()          # the Golden Triple's second roll declined
        elif self.phase == OSIRIS_PHASE:
            self._after_placement(())      # no line left to offer: on to Tutan's Wrath or attack
        elif self.phase == WRATH_PHASE:
            self.enter_attack()
        else:                          # start (empty house) or attack: the turn ends
            self._end_turn()

    def _do_maat(self, move: Maat) -> None:
        gone = self.board.clear(move.line)   # empty now: the end-of-turn snapshot notes it
        self.house[self.current] += len(gone) - 1
        if not self._entered("maat"):
            self.enter_start()

    def _do_place(self, move: Place) -> None:
        p, board = self.current, self.board
        for n in move.lines:
            self.house[p] -= 1
            if board.place(n, p) and self._entered("passage"):
                return
        seq = roll_sequence(self.dice, self.mode)
        self.toth = seq == "toth-inversion"
        self.wrath_ready = seq == "tutan-wrath" and move.lines == facts().wrath
        self._after_placement(set(move.lines))

    def _do_golden(self, move: Golden) -> None:
        self.golden_used += 1
        self.house[self.current] -= 1
        if self._entered("golden-triple"):
            return
        if self.golden_removals():
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
        if self.golden_used < self.powers["golden_triple_uses"] and self.house[self.current]:
            self.phase = SECOND_ROLL
            self._moves = None
        else:
            self.enter_attack()

    def _do_anubis(self, move: Anubis) -> None:
        pair = roll_pair(self.dice)
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
        self.enter_attack()

    def _do_wrath(self, move: Wrath) -> None:
        old = self.board.shift(move.shift, move.crossed, self.readings["wrath_moves_passage"])
        self._layout_cache = None
        self.since_owner = [EMPTY] + [self.since_owner[old[n]] for n in range(1, LINES + 1)]
        self.since_turn = [0] + [self.since_turn[old[n]] for n in range(1, LINES + 1)]
        self.enter_attack()

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
        self.enter_attack()

    def check_invariants(self) -> list[str]:
        """Every broken invariant (empty when the state is consistent)."""
        return rules_why.invariants(self)




HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Roll: State._do_roll, Pass: State._do_pass, Maat: State._do_maat,
    Place: State._do_place, Golden: State._do_golden,
    GoldenRemove: State._do_golden_remove, Anubis: State._do_anubis,
    Strike: State._do_strike, Osiris: State._do_osiris, Reroll: State._do_reroll,
    Seth: State._do_seth, SethMove: State._do_seth_move, Wrath: State._do_wrath,
    Jump: State._do_jump,
}


def new_state(rng: random.Random, players: int | None = None, mode: str | None = None,
              target: int | None = None, layout: Layout | None = None) -> State:
    """A fresh game for random play: 2-6 players and the mode drawn from ``rng`` unless given.

    An advanced game without a ``layout`` gets a fresh Pharaoh's Wrath setup from ``rng``.
    """
    players = players or rng.randint(facts().min_players,
                                     facts().max_players)
    mode = mode or rng.choice(("standard", "advanced"))
    if layout is None and mode == "advanced":
        from generator.games.tumba.generate import advanced_setup

        layout = advanced_setup(rng, players).lines
    return State(players, layout, mode, target, seed=rng.getrandbits(32))


def state_from_board(board, target: int | None = None, seed: int = 0) -> State:
    """An engine state at the position of a :class:`~generator.games.tumba.model_board.BoardDoc`,
    waiting for the roll of ``board.player`` (check the board with ``validate_board`` first)."""
    state = State(board.players, board.lines, board.mode, target, seed, begin=False)
    for n, cells in enumerate(board.mummies, start=1):
        state.board.cells[n] = list(cells)
    state.tomb = list(board.tomb)
    state.house = board.houses()
    state.current = board.player
    state.turn = 1
    return state


def roll_options(dice, board=None, mode: str | None = None):
    """The library function behind ``tumba roll``: every legal way to use ``dice``, the powers
    they trigger and the incinerations the board allows, for the player to move on ``board``
    (default: an empty standard board).

    ``mode`` overrides the board's mode (the advanced mode adds Toth's Inversion and Tutan's
    Wrath); the advanced mode needs a board with its single passage (:func:`roll_board`).
    Returns a :class:`~generator.games.tumba.rules_roll.RollReading`.
    """
    from generator.games.tumba.model_board import empty_board
    from generator.games.tumba.rules_roll import read_roll

    dice = tuple(dice)
    faces = facts().faces
    if len(dice) != facts().dice or not all(
            isinstance(d, int) and 1 <= d <= faces for d in dice):
        raise InputError(f"dice {' '.join(map(str, dice))}: give three dice, each 1-{faces}")
    if board is None:
        from generator.games.tumba.model_board import roll_board

        board = roll_board(None, mode)
    if board is None:
        board = empty_board(standard_layout(), mode or "standard")
    if mode and mode != board.mode:
        from dataclasses import replace

        board = replace(board, mode=mode)
    passages = sum(1 for line in board.lines if line.passage)
    wanted = data()["modes"][board.mode]["passages"]
    if passages != wanted:
        raise InputError(f"the {board.mode} rules use {wanted} secret passage"
                         f"{'s' if wanted != 1 else ''}; this board has {passages}")
    return read_roll(state_from_board(board), dice)
