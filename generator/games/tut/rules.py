"""The Tutankhamen engine, English and French rules, 2–6 players.

Trail indices 0..68 hold the tiles in order from the start; index 69 (``END``) is the pyramid.
Tokens start at -1. A turn: move forward to a tile still on the trail and collect it (French
rules: or move to the end; the first to get there takes Toutankhamon). English rules: King Tut
lies at ``END`` and is collected like a tile (its taker pays 1 coin and stands on the ledge).
Then every tile all tokens have passed is removed, lowest index first. A set whose last tile left
the trail is scored: the collected tile's set first, then removed sets in trail order.

Decisions are moves: ``Move(to)`` (a turn), ``Buy(seller, set)`` (Bag of Gold, right after
collecting it; ``DECLINE`` keeps nothing) and ``Wild(pharaohs, king)`` (adding Pharaoh tiles /
masks and King Tut / Toutankhamon while a set is scored; ``Wild(0, False)`` passes). The players who
can add something decide in turn from the mover; after an addition every other one decides
again, until each has passed since the last addition (both rule texts).

The state is lean on purpose (plain lists, shared move objects): random games must run at
thousands per second. Coins are what a player still has to pay (French: the score track).
``packed[s]`` repeats the holdings of set s in one int (``BITS`` bits per seat, seat 0 lowest),
kept up to date with ``hold`` so bots can key lookups by one small int instead of a tuple.
``rounds`` counts rounds begun (a round: every player who can still move moves once).
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.errors import InputError, RuleError
from generator.games.tut.model import Rules, catalog, data, facts, rules, start_coins
from generator.games.tut.rules_scoring import counts_and_ties, payments, wild_problem

MOVE, GOLD, WILD, OVER = 0, 1, 2, 3
BITS = 4                                      # a set has at most 8 tiles: 4 bits per seat
PHASES = ("move", "gold", "wild", "over")
CAT = catalog()
S = CAT.sets
TRAIL = facts().trail_length
END = TRAIL                                   # the pyramid: one step beyond the last tile
VALUE, SIZE = CAT.value, CAT.size
GOLD_ID, PHARAOH_ID, KING_ID = CAT.gold, CAT.pharaoh, CAT.king


@dataclass(frozen=True, slots=True)
class Move:
    """Move the token to trail index ``to`` (``END`` = the pyramid) and collect what lies there."""

    to: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Bag of Gold: take one tile of set ``set`` from player ``seller`` (-1, -1 = decline)."""

    seller: int
    set: int


@dataclass(frozen=True, slots=True)
class Wild:
    """While a set is scored: add ``pharaohs`` Pharaoh tiles (French: masks) and King Tut."""

    pharaohs: int
    king: bool


MOVES = tuple(Move(i) for i in range(END + 1))
BUYS = tuple(tuple(Buy(q, s) for s in range(S)) for q in range(facts().max_players))
DECLINE = Buy(-1, -1)
PASS = Wild(0, False)
WILDS = {(a, k): Wild(a, k) for a in range(facts().pharaohs + 1) for k in (False, True)}


class State:
    """One game in progress; see the module doc. Attributes are read freely by bots and tests."""

    __slots__ = ("actor", "coins", "decl_k", "decl_w", "ended", "fate", "history", "hold", "king",
                 "king_free", "left", "log", "n", "order", "out", "packed", "paid", "phase",
                 "pos", "present", "ptr", "queue", "r", "rounds", "scoring", "settled", "spent",
                 "start", "tiles", "trail", "turn", "turns", "wild", "winners")

    def __init__(self, tiles: Sequence[int], players: int, variant: str = "en"):
        r = rules(variant)
        if len(tiles) != TRAIL:
            raise InputError(f"a trail has {TRAIL} tiles, got {len(tiles)}")
        self.r: Rules = r
        self.n = players
        self.start = start_coins(variant, players)
        self.tiles = list(tiles) + [KING_ID]
        self.present = [True] * TRAIL + [r.king_on_trail]
        self.trail = list(range(TRAIL + (1 if r.king_on_trail else 0)))
        self.left = list(SIZE)
        self.out = [0] * S                     # tiles of each set gone for good
        self.fate = [0] * (END + 1)            # 0 on the trail, 1 collected, 2 removed
        self.pos = [-1] * players
        self.coins = [self.start] * players
        self.paid = [0] * players
        self.hold = [[0] * S for _ in range(players)]
        self.packed = [0] * S                  # hold[p][s] << (BITS * p), summed over p
        self.wild = [0] * players
        self.spent = 0                         # Pharaoh tiles used or removed from the trail
        self.king = -1                         # who holds King Tut
        self.king_free = not r.king_on_trail   # French: Toutankhamon still on the pyramid
        self.phase, self.turn, self.actor = MOVE, 0, 0
        self.queue: list[int] = []
        self.turns = 0
        self.rounds = 1
        self.winners: list[int] = []
        self.ended = ""
        self.scoring = -1
        self.decl_w = [0] * players
        self.decl_k = -1
        self.order: list[int] = []
        self.ptr = 0
        self.settled = 0                       # bit p: player p decided since the last addition
        self.log: list | None = None
        self.history: list | None = None       # a list of (player, move) to keep a record

    @classmethod
    def from_codes(cls, codes: Sequence[str], players: int, variant: str = "en") -> State:
        """A fresh game on a trail given as tile codes (e.g. a trail JSON's ``tiles``)."""
        try:
            ids = [CAT.id_of(c) for c in codes]
        except ValueError:
            bad = next(c for c in codes if c not in CAT.codes)
            raise InputError(f"unknown tile code {bad!r}") from None
        return cls(ids, players, variant)

    # ---- the protocol -------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.actor

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """1 for the winner (a shared win is split), 0 otherwise; all 0 while the game runs."""
        out = [0.0] * self.n
        for p in self.winners:
            out[p] = 1.0 / len(self.winners)
        return out

    def legal_moves(self) -> list:
        phase = self.phase
        if phase == MOVE:
            p = self.actor
            trail = self.trail
            moves = list(map(MOVES.__getitem__, trail[bisect_right(trail, self.pos[p]):]))
            if not self.r.king_on_trail:
                moves.append(MOVES[END])
            return moves
        if phase == GOLD:
            return self.buy_options(self.actor)
        if phase == WILD:
            return self.wild_options(self.actor)
        return []

    def apply(self, move) -> None:
        """Plays ``move`` for the current player; an illegal move raises RuleError (why) and
        changes nothing."""
        phase, actor = self.phase, self.actor
        if phase == MOVE and type(move) is Move:
            self._move(move.to)
        elif phase == GOLD and type(move) is Buy:
            self._buy(move)
        elif phase == WILD and type(move) is Wild:
            self._declare(move)
        else:
            raise RuleError(f"{_shown(move)} is not a {PHASES[phase]} decision; the game waits "
                            f"for player {self.actor + 1} to {WAITING[phase]}")
        if self.history is not None:
            self.history.append((actor, move))

    # ---- a turn ---------------------------------------------------------------------------

    def _move(self, to: int) -> None:
        p = self.actor
        if to <= self.pos[p]:
            raise RuleError(f"player {p + 1} is at {self.pos[p] + 1}: tokens only move forward")
        r = self.r
        if to == END and not r.king_on_trail:
            self.turns += 1
            self.pos[p] = END
            if self.king_free:
                self.king_free = False
                self.king = p
                if self._pay(p, r.king_coin):
                    return
            self._remove()
            return
        if not 0 <= to <= END or not self.present[to]:
            raise RuleError(f"no tile at trail position {to + 1}: it was collected or removed")
        self.turns += 1
        self.pos[p] = to
        self.present[to] = False
        self.trail.remove(to)
        self.fate[to] = 1
        t = self.tiles[to]
        if t < S:
            self.hold[p][t] += 1
            self.packed[t] += 1 << (BITS * p)
            self.left[t] -= 1
            if not self.left[t]:
                self.queue.append(t)
        elif t == PHARAOH_ID:
            self.wild[p] += 1
        elif t == GOLD_ID:
            if self.buy_options(p):
                self.phase = GOLD
                return
        else:                                   # King Tut: its taker pays at once
            self.king = p
            if self._pay(p, r.king_coin):
                return
        self._remove()

    def buy_options(self, p: int) -> list:
        """Bag of Gold purchases open to ``p``: a tile of a set ``p`` already holds."""
        hold = self.hold
        mine = hold[p]
        opts = [BUYS[q][s] for s in range(S) if mine[s]
                for q in range(self.n) if q != p and hold[q][s]]
        if opts and self.r.gold_may_decline:
            opts.append(DECLINE)
        return opts

    def _buy(self, move: Buy) -> None:
        p = self.actor
        if move not in self.buy_options(p):
            raise RuleError(self._why_not_buy(p, move))
        if move.seller >= 0:
            self.hold[move.seller][move.set] -= 1
            self.hold[p][move.set] += 1
            self.packed[move.set] += (1 << (BITS * p)) - (1 << (BITS * move.seller))
            if self._pay(move.seller, self.r.gold_coin):
                return
        self._remove()

    def _why_not_buy(self, p: int, move: Buy) -> str:
        if move == DECLINE:
            return (f"player {p + 1} cannot leave the Bag of Gold unused: a purchase is "
                    f"possible and these rules ({self.r.name}) make it buy")
        what = CAT.codes[move.set] if 0 <= move.set < len(CAT.codes) else f"set {move.set}"
        return (f"player {p + 1} cannot buy one {what} tile from player {move.seller + 1}: the "
                "Bag of Gold buys a tile of a set its buyer already holds, from another player "
                "who holds one (never a Pharaoh or King Tut)")

    def _remove(self) -> None:
        """Removes every tile all tokens have passed (lowest index first), then scores."""
        low = min(self.pos)
        trail = self.trail
        while trail and trail[0] < low:
            i = trail.pop(0)
            self.present[i] = False
            self.fate[i] = 2
            t = self.tiles[i]
            if t < S:
                self.out[t] += 1
                self.left[t] -= 1
                if not self.left[t]:
                    self.queue.append(t)
            elif t == PHARAOH_ID:
                self.spent += 1
        self._run_queue()

    def _run_queue(self) -> None:
        queue = self.queue
        while queue:
            s = queue[0]
            if self._open_scoring(s):
                return
            queue.pop(0)
            if self._settle(s):
                return
        self._end_turn()

    def _end_turn(self) -> None:
        r = self.r
        if r.end_all_at_end:
            if all(x == END for x in self.pos):
                self._finish("all-at-end")
                return
        elif not self.trail:
            self._finish("trail-empty")
            return
        n, turn, pos = self.n, self.turn, self.pos
        # who can still move (inlined can_move): a token short of the pyramid (French) or
        # behind the last tile still on the trail (English)
        reach = END if not r.king_on_trail else self.trail[-1] if self.trail else -2
        for k in range(1, n + 1):
            q = (turn + k) % n
            if pos[q] < reach:
                if turn + k >= n:               # back to the first seat: a new round
                    self.rounds += 1
                self.turn = self.actor = q
                self.phase = MOVE
                return
        self._finish("trail-empty")

    def can_move(self, p: int) -> bool:
        """Whether ``p`` still has somewhere to go (a player who cannot still scores and pays)."""
        if not self.r.king_on_trail:
            return self.pos[p] < END
        return bool(self.trail) and self.trail[-1] > self.pos[p]

    # ---- scoring ------------------------------------------------------------------------------

    def _can_declare(self, p: int, s: int) -> bool:
        """Whether ``p`` holds a wild tile it may ever add to set ``s`` (a Pharaoh needs a tile
        of the set; King Tut too unless the rules let it count for any set)."""
        held = self.hold[p][s] > 0
        return (self.wild[p] > 0 and held) or (self.king == p and (
            held or not self.r.king_needs_tile))

    def _open_scoring(self, s: int) -> bool:
        """Starts the wild-tile decisions for set ``s``; False when nobody can add anything."""
        n = self.n
        order = [(self.turn + k) % n for k in range(n)]
        order = [p for p in order if self._can_declare(p, s)]
        if not order:
            return False
        self.scoring = s
        self.order = order
        self.ptr = -1
        self.settled = 0
        self.phase = WILD
        return self._next_declarer()

    def _next_declarer(self) -> bool:
        """Moves to the next player, in turn order after the last one asked, who has not
        decided since the last addition and has a real choice; False when the decisions are
        over. A player with nothing to add now is passed over, not counted as decided: an
        addition may give them a choice (a tie Toutankhamon makes, broken with a mask)."""
        order = self.order
        k = len(order)
        for step in range(1, k + 1):
            i = (self.ptr + step) % k
            p = order[i]
            if not self.settled >> p & 1 and len(self.wild_options(p)) > 1:
                self.ptr = i
                self.actor = p
                return True
        return False

    def wild_options(self, p: int, s: int | None = None) -> list:
        """The ``Wild`` moves open to ``p`` while set ``s`` is scored (``PASS`` first)."""
        s = self.scoring if s is None else s
        r = self.r
        kings = (False, True) if self.king == p else (False,)
        opts = [PASS]
        for k in kings:
            for a in range(self.wild[p] + 1):
                if (a or k) and not wild_problem(r, p, self._held(s), a, k,
                                                 p if k else self.decl_k):
                    opts.append(WILDS[a, k])
        return opts

    def _held(self, s: int) -> list[int]:
        return [self.hold[q][s] for q in range(self.n)]

    def _declare(self, move: Wild) -> None:
        p = self.actor
        if move not in self.wild_options(p):
            raise RuleError(f"player {p + 1} cannot add {move.pharaohs} {self.r.pharaoh} tile(s)"
                            f"{' and ' + self.r.king if move.king else ''} to this set: "
                            f"{self._why_not(p, move)}")
        if move.pharaohs or move.king:
            self.decl_w[p] += move.pharaohs
            self.wild[p] -= move.pharaohs
            self.spent += move.pharaohs
            if move.king:
                self.decl_k = p
                self.king = -1
            self.settled = 1 << p          # the holdings changed: everyone else decides again
        else:
            self.settled |= 1 << p
        if self._next_declarer():
            return
        s = self.queue.pop(0)
        self.phase = MOVE
        self.actor = self.turn
        if not self._settle(s):
            self._run_queue()

    def _why_not(self, p: int, move: Wild) -> str:
        """Why a wild move not offered is refused: tiles not held, or the rule that forbids it
        (every move the player holds the tiles for and no rule forbids is offered)."""
        if move.pharaohs > self.wild[p] or (move.king and self.king != p):
            return "they do not hold those tiles"
        return wild_problem(self.r, p, self._held(self.scoring), move.pharaohs, move.king,
                            p if move.king else self.decl_k)

    def _settle(self, s: int) -> bool:
        """Scores set ``s`` and discards it; True when a payment ended the game."""
        n = self.n
        held = self._held(s)
        counts, ties = counts_and_ties(self.r, held, self.decl_w, self.decl_k)
        pos, turn = self.pos, self.turn
        order = sorted(range(n), key=lambda q: (-pos[q], (q - turn) % n))
        over = False
        for p, amount in payments(VALUE[s], counts, ties, order, self.r):
            if self._pay(p, amount):
                over = True
                break
        for q in range(n):
            self.hold[q][s] = 0
        self.packed[s] = 0
        self.out[s] += sum(held)
        self.decl_w = [0] * n
        self.decl_k = -1
        self.scoring = -1
        if self.log is not None:
            self.log.append(("score", s, held))
        return over

    def _pay(self, p: int, amount: int) -> bool:
        """``p`` pays ``amount`` (at most what is left); True when that ends the game."""
        amount = min(amount, self.coins[p])
        self.coins[p] -= amount
        self.paid[p] += amount
        if self.coins[p] == 0 and amount:
            self._finish("coins-out")          # p, alone at 0, is the one with fewest left
            return True
        return False

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.ended = reason
        low = min(self.coins)                  # fewest coins left to pay wins (shared on a tie)
        self.winners = [p for p in range(self.n) if self.coins[p] == low]

    # ---- copies -------------------------------------------------------------------------------

    def copy(self) -> State:
        """An independent copy (for look-ahead): lists copied, rules and tiles shared; the
        copy keeps no log. Written out attribute by attribute: bots copy often."""
        o = State.__new__(State)
        o.actor, o.decl_k, o.ended, o.king = self.actor, self.decl_k, self.ended, self.king
        o.king_free, o.n, o.phase, o.ptr = self.king_free, self.n, self.phase, self.ptr
        o.r, o.rounds, o.scoring, o.settled = self.r, self.rounds, self.scoring, self.settled
        o.spent, o.start, o.tiles, o.turn = self.spent, self.start, self.tiles, self.turn
        o.turns, o.log, o.history = self.turns, None, None
        o.coins, o.decl_w, o.fate = self.coins[:], self.decl_w[:], self.fate[:]
        o.left, o.order, o.out = self.left[:], self.order[:], self.out[:]
        o.packed, o.paid, o.pos = self.packed[:], self.paid[:], self.pos[:]
        o.present, o.queue, o.trail = self.present[:], self.queue[:], self.trail[:]
        o.wild, o.winners = self.wild[:], self.winners[:]
        o.hold = [row[:] for row in self.hold]
        return o

    # ---- checks -------------------------------------------------------------------------------

    def check_invariants(self) -> list[str]:
        """Every broken invariant (coins conserved, each tile collected or removed once...)."""
        bad = []
        for p in range(self.n):
            if self.coins[p] < 0 or self.coins[p] + self.paid[p] != self.start:
                bad.append(f"player {p + 1}: coins {self.coins[p]} + paid {self.paid[p]} "
                           f"!= dealt {self.start}")
        if self.trail != [i for i in range(END + 1) if self.present[i]]:
            bad.append("trail list and present flags disagree")
        for i in range(END + 1):
            if self.present[i] != (self.fate[i] == 0) and (i < END or self.r.king_on_trail):
                bad.append(f"tile {i + 1}: present={self.present[i]} but fate={self.fate[i]}")
        for s in range(S):
            total = self.left[s] + sum(h[s] for h in self.hold) + self.out[s]
            if total != SIZE[s] or self.left[s] < 0:
                bad.append(f"set {CAT.codes[s]}: {total} tiles accounted for, not {SIZE[s]}")
            if self.packed[s] != sum(h[s] << (BITS * p) for p, h in enumerate(self.hold)):
                bad.append(f"set {CAT.codes[s]}: packed holdings disagree with hold")
        pharaohs = sum(1 for i in self.trail if self.tiles[i] == PHARAOH_ID)
        if pharaohs + sum(self.wild) + self.spent != facts().pharaohs:
            bad.append("Pharaoh tiles not conserved")
        if any(not -1 <= x <= END for x in self.pos):
            bad.append(f"token off the trail: {self.pos}")
        if self.phase == OVER and not self.winners:
            bad.append("game over without a winner")
        return bad


def _shown(move) -> str:
    """What kind of decision a move is, in words (messages never show Python's reprs)."""
    return _KINDS.get(type(move), f"a {type(move).__name__}")


_KINDS = {Move: "a move along the trail", Buy: "a Bag of Gold decision",
          Wild: "a wild-tile decision"}
#: What the game waits for in each phase, in words.
WAITING = {MOVE: "move", GOLD: "use or decline the Bag of Gold",
           WILD: "add wild tiles or pass", OVER: "(game over)"}


@functools.cache
def _base_ids() -> tuple[int, ...]:
    """The 69 trail tiles' ids in catalogue order (shuffled by :func:`new_state`)."""
    return tuple(CAT.id_of(code) for code, n in CAT.trail_counts for _ in range(n))


def new_state(rng: random.Random, players: int | None = None, variant: str | None = None,
              tiles: Sequence[str] | None = None) -> State:
    """A fresh game for conformance play: a seeded random trail (or ``tiles``), 2–6 players."""
    t = data()["trail"]
    if players is None:
        players = rng.randint(t["min_players"], t["max_players"])
    if variant is None:
        variant = rng.choice(sorted(data()["variant"]))
    if tiles is not None:
        return State.from_codes(tiles, players, variant)
    ids = list(_base_ids())
    rng.shuffle(ids)
    return State(ids, players, variant)
