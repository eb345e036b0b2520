"""The greedy Tutankhamen policy the careful greedy bot replaced, kept as a reference.

It is the plain version of the old bot (it made the same decision at every step as the fast
old one): a tile's worth from majorities and coins, a win or block bonus on a set's last tile,
and no look-ahead. ``test_bots.py`` checks that the new bot beats it and that it still plays
legal games; ``benchmarks/tut_greedy.py --bot reference`` measures how often it throws a game
(the new bot's figures are measured the same way). Do not "improve" this file.
"""

from __future__ import annotations

import random

from generator.games.tut.rules import (
    DECLINE,
    END,
    GOLD,
    GOLD_ID,
    MOVE,
    PASS,
    PHARAOH_ID,
    VALUE,
    WILD,
    Buy,
    S,
    State,
)
from generator.games.tut.rules_scoring import counts_and_ties, payments

WIN = 1000.0          # taking a tile that makes me pay my last coin
BLOCK = 400.0         # taking a set's last tile that would let a rival pay their last coin
NOISE = 0.6           # random spread of a move's worth, in coins
SKIP = 0.3            # share of a skipped tile's value counted as lost
PHARAOH_VALUE = {True: 1.6, False: 0.7}   # English wild tile / French tie-breaking mask
KING_VALUE = {True: 2.2, False: 1.6}


def _order(state: State) -> list[int]:
    pos, turn, n = state.pos, state.turn, state.n
    return sorted(range(n), key=lambda q: (-pos[q], (q - turn) % n))


def exact_pay(state: State, s: int, held: list[int], order: list[int]) -> list[int]:
    """What each player pays if set ``s`` is scored now with these holdings (no wild tiles)."""
    n = state.n
    counts, ties = counts_and_ties(state.r, held, [0] * n, -1)
    out = [0] * n
    for p, amount in payments(VALUE[s], counts, ties, order, state.r):
        out[p] = amount
    return out


def expected_pay(mine: int, best_other: int, remaining: int, value: int) -> float:
    """A rough share of ``value`` a holder of ``mine`` tiles will pay when the set is scored."""
    if mine <= 0:
        return 0.0
    lead = mine - best_other
    if lead > remaining:
        return float(value)
    chance = min(1.0, max(0.0, 0.5 + lead / (2.0 * (remaining + 1))))
    return value * (chance + (1.0 - chance) * 0.25)


class GreedyBot:
    """Takes the tile worth most now, minus what it gives up by moving past others.

    ``noise`` (in coins) is added at random to each option's worth, so games on one fixed trail
    still differ (a seat balance from identical games would mean nothing).
    """

    name = "greedy"

    def __init__(self, noise: float = NOISE):
        self.noise = noise

    def choose(self, state: State, rng: random.Random):
        phase = state.phase
        if phase == MOVE:
            return self._move(state, rng)
        if phase == GOLD:
            return self._buy(state)
        if phase == WILD:
            return self._wild(state)
        raise ValueError("the game is over")

    # ---- moving -------------------------------------------------------------------------------

    def set_gains(self, state: State, p: int) -> list[float]:
        """How much taking one more tile of each set is worth to ``p`` now."""
        gains = [0.0] * S
        order = None
        hold, coins, left, n = state.hold, state.coins, state.left, state.n
        for s in range(S):
            if not left[s]:
                continue
            held = [hold[q][s] for q in range(n)]
            value = VALUE[s]
            if left[s] == 1:
                order = order or _order(state)
                gains[s] = self._last_tile(state, p, s, held, order, coins)
                continue
            best = max((held[q] for q in range(n) if q != p), default=0)
            rest = left[s] - 1
            gains[s] = (expected_pay(held[p] + 1, best, rest, value)
                        - expected_pay(held[p], best, rest, value))
            rival = max((held[q] for q in range(n) if q != p), default=0)
            if rival and rival + 1 > held[p]:     # denying a rival's majority is worth a little
                gains[s] += 0.15 * value
        return gains

    def _last_tile(self, state, p, s, held, order, coins) -> float:
        """Exact value of taking a set's last tile, with win and block bonuses."""
        took = held[:]
        took[p] += 1
        mine = exact_pay(state, s, took, order)
        left_alone = exact_pay(state, s, held, order)
        gain = float(mine[p] - left_alone[p])
        if mine[p] >= coins[p] > 0:
            gain += WIN
        for q in range(state.n):
            if q == p:
                continue
            theirs = held[:]
            theirs[q] += 1
            if exact_pay(state, s, theirs, order)[q] >= coins[q] and mine[q] < coins[q]:
                gain += BLOCK
                break
        return gain

    def _move(self, state: State, rng: random.Random):
        p = state.actor
        moves = state.legal_moves()
        gains = self.set_gains(state, p)
        english = state.r.wild_counts
        best, best_score, lost = None, float("-inf"), 0.0
        for move in moves:
            to = move.to
            if to == END and not state.r.king_on_trail:
                value = KING_VALUE[english] if state.king_free else -0.5
            else:
                t = state.tiles[to]
                if t < S:
                    value = gains[t]
                elif t == PHARAOH_ID:
                    value = PHARAOH_VALUE[english]
                elif t == GOLD_ID:
                    value = self._gold_value(state, p)
                else:
                    value = KING_VALUE[english] + state.r.king_coin
                    if state.coins[p] <= state.r.king_coin:
                        value += WIN
            score = value - SKIP * lost + rng.random() * self.noise
            if score > best_score:
                best, best_score = move, score
            lost += max(value, 0.0) if value < WIN / 2 else 0.0
        return best

    # ---- gold and wild tiles --------------------------------------------------------------------

    def _gold_value(self, state: State, p: int) -> float:
        hold = state.hold
        mine = hold[p]
        if not any(mine[s] and any(hold[q][s] for q in range(state.n) if q != p)
                   for s in range(S)):
            return 0.2
        return 1.5

    def _buy(self, state: State):
        p = state.actor
        options = state.buy_options(p)
        best, best_score = (DECLINE if DECLINE in options else options[0]), 0.0
        for move in options:
            if move.seller < 0:
                continue
            score = self._buy_score(state, p, move)
            if score > best_score:
                best, best_score = move, score
        return best

    def _buy_score(self, state: State, p: int, move: Buy) -> float:
        s, q = move.set, move.seller
        n = state.n
        held = [state.hold[x][s] for x in range(n)]
        rest = state.left[s]
        others = max((held[x] for x in range(n) if x not in (p, q)), default=0)
        before = expected_pay(held[p], max(held[q], others), rest, VALUE[s])
        after = expected_pay(held[p] + 1, max(held[q] - 1, others), rest, VALUE[s])
        seller_coin = state.r.gold_coin
        penalty = seller_coin * (1.0 if state.coins[q] > seller_coin else WIN)
        return after - before - 0.5 * penalty

    def _wild(self, state: State):
        p = state.actor
        s = state.scoring
        n = state.n
        order = _order(state)
        held = [state.hold[q][s] for q in range(n)]
        best, best_pay = PASS, self._pay_with(state, s, held, order, p, PASS)
        for move in state.wild_options(p):
            used = move.pharaohs + move.king
            pay = self._pay_with(state, s, held, order, p, move)
            if pay > best_pay or (pay == best_pay and used < best.pharaohs + best.king):
                best, best_pay = move, pay
        return best

    def _pay_with(self, state: State, s: int, held: list[int], order: list[int], p: int,
                  move) -> int:
        wild = state.decl_w[:]
        wild[p] += move.pharaohs
        king = p if move.king else state.decl_k
        counts, ties = counts_and_ties(state.r, held, wild, king)
        for q, amount in payments(VALUE[s], counts, ties, order, state.r):
            if q == p:
                return amount
        return 0
