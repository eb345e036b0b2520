"""The Tanis engine: a two-player game on a dig, with tile identities dealt face down.

Geometry is kept in half units (the path step) by :mod:`rules_board`: every footprint is a bit
mask. A tile is *completely visible* when no tile still in the dig on a higher level overlaps its
footprint; tiles slid onto half positions are masks like any other, so half overlaps count. Tile
*slots* are numbered through the dig's layers in order (layer 1 = surface = slots 0-9 for a
standard dig); a slot's identity (type and number) is a code of :mod:`model`. Messages name a
tile as the sheet numbers it (``layer 2 tile 4``).

A turn is one or more *steps*; the same player makes every step of a turn:

* ``Take(t)``            take a visible tile; ends the turn.
* ``Explore(t, dx, dy)`` Explorer card: slide visible tile ``t`` to its next stop in one
                         direction ((dx, dy) in units, one of them zero; stops in
                         :mod:`rules_slide`). Then, step by step, either ``Explore`` the same tile
                         on to its next stop the same way, or ``Take`` any visible tile.
* ``Excavate(t)``        Excavator card: remove visible tile ``t`` from the game, then ``Take``.
* ``Expert()``           Expert card, declared first: then ``Take`` twice, the second tile of
                         another type (if none is visible the turn ends after one tile).

Multi-step turns let a player (and a bot) see what each stop of a slide or an excavation
uncovered before choosing what to do next, as at the table. The game ends when the dig is empty.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.errors import InputError, RuleError
from generator.games.tanis import rules_board, rules_slide
from generator.games.tanis.model import CARDS, Dig, all_codes, data, facts, tile_name, types

# The engine's codes (steps of a turn, where a tile is, card indices) live with the geometry
# in rules_board, so the invariant checks can read them without importing the engine.
from generator.games.tanis.rules_board import (
    DIRECTIONS,
    EXCAVATED,
    EXCAVATOR,
    EXPERT,
    EXPERT1,
    EXPERT2,
    EXPLORER,
    IN_DIG,
    OVER,
    PHASES,
    SLIDE,
    START,
    TAKE,
    Board,
    half_units,
)
from generator.games.tanis.rules_scoring import mask_points, winner


@dataclass(frozen=True, slots=True)
class Take:
    """Take visible tile ``tile`` (a slot number)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Explore:
    """Explorer: slide visible tile ``tile`` by ``dx`` or ``dy`` units (one of them zero) to its
    next stop that way."""

    tile: int
    dx: float
    dy: float


@dataclass(frozen=True, slots=True)
class Excavate:
    """Excavator: remove visible tile ``tile`` from the game (a take must follow)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Expert:
    """Expert: declared at the start of the turn; two takes of different types follow."""


Move = Take | Explore | Excavate | Expert
EXPERT_MOVE = Expert()
# Moves are interned so legal_moves() builds lists of existing objects, never new dataclasses.
TAKES = tuple(Take(i) for i in range(256))
_EXCAVATES = tuple(Excavate(i) for i in range(256))


@functools.cache
def _explore(tile: int, hx: int, hy: int, step: float) -> Explore:
    """The one Explore move of a tile by (hx, hy) half steps (interned, as the others)."""
    return Explore(tile, hx * step, hy * step)


def clear_caches() -> None:
    """Forgets every memo of the engine, so that a computation starts from nothing."""
    _explore.cache_clear()
    rules_board.clear_caches()


class State:
    """A Tanis game in progress (see the module doc for moves and steps)."""

    __slots__ = (
        "board",
        "cards",
        "codes",
        "expert_type",
        "first",
        "gone",
        "held",
        "left",
        "mask",
        "occ",
        "phase",
        "player",
        "pos",
        "seen",
        "slide",
        "turn",
        "used",
        "visible",
        "where",
    )

    def __init__(self, dig: Dig, codes: Sequence[int], first: int = 0,
                 board: Board | None = None):
        self.board = board or Board(dig)
        b = self.board
        if len(codes) != b.tiles:
            raise InputError(f"{len(codes)} tile identities for {b.tiles} tiles in the dig")
        self.codes = tuple(codes)
        players, cards = facts().players, data()["cards"]
        if not 0 <= first < players:
            raise InputError(f"first player {first}: use 0 to {players - 1}")
        self.first = self.player = first
        self.phase = START
        self.pos = list(b.start)
        self.mask = [b.mask(t, x, y) for t, (x, y) in enumerate(self.pos)]
        self.where = [IN_DIG] * b.tiles
        self.occ = [0] * b.levels
        for t, m in enumerate(self.mask):
            self.occ[b.level[t]] |= m
        self.held = [[0] * len(types()) for _ in range(players)]
        # Per type, the numbers out of play (taken by anyone or excavated): public knowledge.
        self.gone = [0] * len(types())
        self.cards = [[cards[c] for c in CARDS] for _ in range(players)]
        self.used = [[0] * len(CARDS) for _ in range(players)]
        self.left = b.tiles
        self.turn = 0
        self.seen = 0
        self.expert_type = -1
        self.slide: tuple[int, int, int] | None = None   # (tile, dx, dy) while sliding
        self.visible: list[int] = []
        self._refresh()

    # ---- protocol ---------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.player

    def is_over(self) -> bool:
        return self.left == 0

    def scores(self) -> list[int]:
        """Each player's points so far (final once the game is over)."""
        table = mask_points()
        return [sum(table[m] for m in held) for held in self.held]

    def winner(self) -> int:
        """Index of the winning player (most points; a tie goes to the player who did not start)."""
        return winner(self.scores(), self.first)

    def legal_moves(self) -> list[Move]:
        """Every legal step for the current player (empty once the game is over)."""
        phase = self.phase
        if phase == START:
            vis = self.visible
            moves: list[Move] = [TAKES[t] for t in vis]
            cards = self.cards[self.player]
            if cards[EXPLORER]:
                moves += self.slides()
            if cards[EXCAVATOR] and self.left >= self.board.excavator_min:
                moves += [_EXCAVATES[t] for t in vis]
            if cards[EXPERT] and self.left >= self.board.expert_min:
                moves.append(EXPERT_MOVE)
            return moves
        if phase == EXPERT2:
            per = self.board.per
            return [TAKES[t] for t in self.visible if self.codes[t] // per != self.expert_type]
        if phase == OVER:
            return []
        moves = [TAKES[t] for t in self.visible]
        if phase == SLIDE:
            moves += self._next_slide()
        return moves

    def apply(self, move: Move) -> None:
        """Plays one step; an illegal step raises :class:`RuleError` and changes nothing."""
        if type(move) is Take:
            self._take(move.tile)
        elif type(move) is Explore:
            self._explore(move)
        elif type(move) is Excavate:
            self._excavate(move.tile)
        elif type(move) is Expert:
            self._card_check(EXPERT, self.board.expert_min)
            self._spend(EXPERT)
            self.phase = EXPERT1
        else:
            raise RuleError(f"not a Tanis move: {move!r}")

    # ---- queries ----------------------------------------------------------------------------

    def code(self, tile: int) -> int:
        """The identity of slot ``tile`` (the referee's view: face-down tiles included)."""
        return self.codes[tile]

    def known(self, tile: int) -> int | None:
        """The identity of ``tile`` if a player could know it (ever completely visible), else None."""
        return self.codes[tile] if self.seen >> tile & 1 else None

    def describe(self, tile: int) -> str:
        """``'layer 2 tile 4 (at (1.5, 0))'`` for messages: the tile as the sheet numbers it."""
        b = self.board
        x, y = self.pos[tile]
        return (f"layer {b.level[tile] + 1} tile {b.number[tile]} (at ({x * b.step:g}, "
                f"{y * b.step:g}))")

    def cards_left(self, player: int) -> dict[str, int]:
        return dict(zip(CARDS, self.cards[player]))

    def cards_used(self, player: int) -> dict[str, int]:
        return dict(zip(CARDS, self.used[player]))

    def collected(self, player: int) -> list[int]:
        """Codes of the tiles ``player`` has taken, sorted."""
        return sorted(self.codes[t] for t, w in enumerate(self.where) if w == player)

    def excavated(self) -> list[int]:
        return sorted(self.codes[t] for t, w in enumerate(self.where) if w == EXCAVATED)

    def slides(self) -> list[Explore]:
        """Every legal first step of an Explorer slide: each visible tile that can move, to its
        next stop in each direction."""
        b = self.board
        out: list[Explore] = []
        free_of: dict[int, int] = {}
        cols, rows, step, occ = b.cols, b.rows, b.step, self.occ
        for t in self.visible:                 # in level order
            depth = b.level[t]
            free = free_of.get(depth)
            if free is None:
                cover = 0
                for d in range(depth):
                    cover |= occ[d]
                support = occ[depth + 1] if depth + 1 < b.levels else b.full
                free = free_of[depth] = b.full & ~occ[depth] & support & ~cover
            if not free:
                continue  # tight or unsupported level: nothing on it can move
            allowed = free | self.mask[t]
            table = b.shape[t]
            x0, y0 = self.pos[t]
            w, h = b.size[t]
            for dx, dy in DIRECTIONS:
                x, y = x0 + dx, y0 + dy
                if not (0 <= x <= cols - w and 0 <= y <= rows - h) or \
                        table[y * cols + x] & ~allowed:
                    continue                  # blocked at once: no stop that way
                found = rules_slide.stops(self, t, dx, dy, 1, allowed)
                if found:
                    out.append(_explore(t, found[0][0] - x0, found[0][1] - y0, step))
        return out

    def _next_slide(self) -> list[Explore]:
        """The step on to the next stop of the tile being slid, if it has one."""
        assert self.slide is not None       # the phase is SLIDE
        t, dx, dy = self.slide
        found = rules_slide.stops(self, t, dx, dy, 1)
        if not found:
            return []
        x0, y0 = self.pos[t]
        return [_explore(t, found[0][0] - x0, found[0][1] - y0, self.board.step)]

    def stops_ahead(self, tile: int, dx: int, dy: int,
                    room: int | None = None) -> list[tuple[int, int]]:
        """Every stop of ``tile`` in unit direction (dx, dy) from where it is, in half units
        (geometry only: what a player can see without moving it). ``room`` is
        :meth:`slide_room` when the caller has it."""
        return rules_slide.stops(self, tile, dx, dy, 0, room)

    def slide_room(self, tile: int) -> int:
        """The mask of places ``tile`` may pass on a slide (its own footprint included)."""
        return rules_slide.room(self, tile)

    # ---- steps ------------------------------------------------------------------------------

    def _check_tile(self, tile: int, verb: str) -> None:
        if not isinstance(tile, int) or not 0 <= tile < self.board.tiles:
            raise RuleError(f"cannot {verb} tile {tile!r}: the dig has tiles 0 to "
                            f"{self.board.tiles - 1}")
        if self.where[tile] != IN_DIG:
            raise RuleError(f"cannot {verb} {self.describe(tile)}: it is no longer in the dig")
        if tile not in self.visible:
            raise RuleError(f"cannot {verb} {self.describe(tile)}: it is not completely visible "
                            "(a tile above overlaps it)")

    def _card_check(self, card: int, min_tiles: int) -> None:
        name = CARDS[card]
        if self.phase != START:
            raise RuleError(f"cannot play the {name} now: the turn must first finish with a take "
                            f"(step: {PHASES[self.phase]})")
        if not self.cards[self.player][card]:
            raise RuleError(f"player {self.player + 1} has no {name} card left")
        if self.left < min_tiles:
            raise RuleError(f"cannot play the {name} with {self.left} tile(s) left in the dig")

    def _spend(self, card: int) -> None:
        self.cards[self.player][card] -= 1
        self.used[self.player][card] += 1

    def _take(self, tile: int) -> None:
        if self.phase == OVER:
            raise RuleError("the game is over: the dig is empty")
        self._check_tile(tile, "take")
        per = self.board.per
        code = self.codes[tile]
        if self.phase == EXPERT2 and code // per == self.expert_type:
            raise RuleError(f"cannot take {tile_name(code)} as the Expert's second tile: the first "
                            "was of the same type")
        self._remove(tile, self.player)
        self.held[self.player][code // per] |= 1 << (code % per)
        if self.phase == EXPERT1 and self.left:
            self.expert_type = code // per
            if any(self.codes[t] // per != code // per for t in self.visible):
                self.phase = EXPERT2
                return
        self._end_turn()

    def _excavate(self, tile: int) -> None:
        self._card_check(EXCAVATOR, self.board.excavator_min)
        self._check_tile(tile, "excavate")
        self._spend(EXCAVATOR)
        self._remove(tile, EXCAVATED)
        self.phase = TAKE

    def _explore(self, move: Explore) -> None:
        if self.phase == SLIDE:
            assert self.slide is not None
            t, sx, sy = self.slide
            if move.tile != t:
                raise RuleError(f"cannot slide {self.describe(move.tile)}: this Explorer slides "
                                f"{self.describe(t)} (go on with it, or take a tile)")
        else:
            self._card_check(EXPLORER, 1)
            self._check_tile(move.tile, "slide")
        hx, hy = self._slide_steps(move)
        t = move.tile
        direction = ((hx > 0) - (hx < 0), (hy > 0) - (hy < 0))
        if self.phase == SLIDE and direction != (sx, sy):
            raise RuleError(f"cannot turn {self.describe(t)} round: a slide goes in one straight "
                            "line")
        x, y = self.pos[t]
        nxt = rules_slide.stops(self, t, direction[0], direction[1], 1)
        if not nxt or nxt[0] != (x + hx, y + hy):
            raise rules_slide.refuse(self, t, hx, hy)
        depth = self.board.level[t]
        self.occ[depth] &= ~self.mask[t]
        self.pos[t] = (x + hx, y + hy)
        self.mask[t] = self.board.mask(t, x + hx, y + hy)
        self.occ[depth] |= self.mask[t]
        if self.phase == START:
            self._spend(EXPLORER)
        self.phase = SLIDE
        self.slide = (t, direction[0], direction[1])
        self._refresh()

    def _slide_steps(self, move: Explore) -> tuple[int, int]:
        """The slide in half units; diagonal, empty or off-grid slides are refused."""
        if move.dx and move.dy:
            raise RuleError(f"cannot slide {self.describe(move.tile)} diagonally: move it along "
                            "one direction only (dx or dy zero)")
        if not move.dx and not move.dy:
            raise RuleError("a slide must move the tile (dx or dy not zero)")
        step = self.board.step
        try:
            return half_units(move.dx, step, "dx"), half_units(move.dy, step, "dy")
        except InputError:
            raise RuleError(f"cannot stop {self.describe(move.tile)} after ({move.dx:g}, "
                            f"{move.dy:g}): a slide ends aligned on a whole or half unit") from None

    def _remove(self, tile: int, to: int) -> None:
        self.where[tile] = to
        code = self.codes[tile]
        self.gone[code // self.board.per] |= 1 << (code % self.board.per)
        self.occ[self.board.level[tile]] &= ~self.mask[tile]
        self.left -= 1
        self._refresh()

    def _end_turn(self) -> None:
        self.turn += 1
        self.expert_type = -1
        self.slide = None
        if self.left == 0:
            self.phase = OVER
            return
        self.phase = START
        self.player = (self.player + 1) % len(self.held)

    def _refresh(self) -> None:
        """Recomputes the completely visible tiles (top level down, stopping under a full cover)."""
        b, where, mask = self.board, self.where, self.mask
        vis = []
        cover = 0
        seen = self.seen
        for depth in range(b.levels):
            for t in b.by_level[depth]:
                if where[t] == IN_DIG and not mask[t] & cover:
                    vis.append(t)
                    seen |= 1 << t
            cover |= self.occ[depth]
            if cover == b.full:
                break
        self.visible = vis
        self.seen = seen

    # ---- copies and checks ------------------------------------------------------------------

    def copy(self) -> State:
        """An independent copy sharing the immutable board and identities."""
        other = State.__new__(State)
        for name in ("board", "codes", "first", "player", "phase", "left", "turn", "seen",
                     "expert_type", "slide"):
            setattr(other, name, getattr(self, name))
        for name in ("pos", "mask", "where", "occ", "visible", "gone"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("held", "cards", "used"):
            setattr(other, name, [list(row) for row in getattr(self, name)])
        return other

    def check_invariants(self) -> list[str]:
        """Every broken invariant as a sentence (empty when the state is consistent)."""
        from generator.games.tanis.rules_invariants import invariants

        return invariants(self)


def deal(rng: random.Random, tiles: int) -> list[int]:
    """Tile identities for ``tiles`` slots, shuffled face down (all 40 codes for a full dig)."""
    codes = all_codes()
    if tiles > len(codes):
        raise InputError(f"a dig of {tiles} tiles needs more than the {len(codes)} tiles of the game")
    rng.shuffle(codes)
    return codes[:tiles]


def start_state(dig: Dig, rng: random.Random, first: int = 0, board: Board | None = None) -> State:
    """A fresh game on ``dig`` with identities dealt by ``rng``; player ``first`` begins."""
    return State(dig, deal(rng, sum(len(layer) for layer in dig.layers)), first, board)


def new_state(rng: random.Random, style: str = "random", first: int = 0,
              players: int = 2) -> State:
    """A fresh 2-player game on a generated dig (``style``) with seeded identities."""
    from generator.games.tanis.generate import generate_dig

    if players != facts().players:
        raise InputError(f"Tanis is played by {facts().players} players, not {players}")
    return start_state(generate_dig(rng, style), rng, first)
