"""Tutankhamen bots: the random baseline and a greedy player that plays like a careful one.

The greedy bot values each tile it could take from what it knows: who holds how many tiles of
each set (majorities), how many tiles of the set are still on the trail, and every player's coins
left. Taking a tile that completes a set is valued exactly (the real payments, in the order they
are paid); other tiles by an estimate of the share of the set it will end up paying for. Moving
far costs the tiles skipped. It takes a set's last tile to win, or to stop a rival who could
reach it from winning with it; it adds wild tiles only when they change what it pays, and buys
with a Bag of Gold where that helps most (or lets it go).

Before it decides, it checks whether the game can end soon (:func:`bots_ahead.danger`); when it
can, it plays each choice out on copies of the state (:mod:`bots_ahead`): a choice that wins at
once is taken, and one that hands a rival the win (in this turn, or to the next player on their
move) is never made while another is not.

It plays many games a second for the simulations: the worth of a tile of a set not about to
close comes from a table built once (:data:`GAIN`), what a closing set costs each player from
caches keyed by the engine's packed holdings, and the choice along the trail stops as soon as no
later option can win. The tests keep the greedy policy it replaced (without the look-ahead) as a
reference.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from functools import partial

from generator.core.play import RandomBot
from generator.games.tut.bots_ahead import EVEN, WON, chances, danger, verdicts
from generator.games.tut.model import Rules
from generator.games.tut.rules import (
    BITS,
    DECLINE,
    END,
    GOLD,
    MOVE,
    MOVES,
    VALUE,
    WILD,
    Buy,
    State,
)
from generator.games.tut.rules_scoring import counts_and_ties, payments

__all__ = ["BOTS", "DEFAULT_PLAYER", "GreedyBot", "RandomBot"]

WIN = 1000.0          # taking a tile that makes me pay my last coin
BLOCK = 400.0         # taking a set's last tile that would let a rival pay their last coin
NOISE = 0.6           # random spread of a move's worth, in coins
SKIP = 0.3            # share of a skipped tile's value counted as lost
PHARAOH_VALUE = {True: 1.6, False: 0.7}   # English wild tile / French tie-breaking mask
KING_VALUE = {True: 2.2, False: 1.6}


def _order(state: State) -> list[int]:
    """Players by token, furthest along first (ties: turn order from the mover)."""
    pos, turn, n = state.pos, state.turn, state.n
    return sorted(range(n), key=lambda q: (-pos[q], (q - turn) % n))


def expected_pay(mine: int, best_other: int, remaining: int, value: int) -> float:
    """A rough share of ``value`` a holder of ``mine`` tiles will pay when the set is scored."""
    if mine <= 0:
        return 0.0
    lead = mine - best_other
    if lead > remaining:
        return float(value)
    chance = min(1.0, max(0.0, 0.5 + lead / (2.0 * (remaining + 1))))
    return value * (chance + (1.0 - chance) * 0.25)


def _gain_table() -> list[float]:
    """What one more tile of a set not about to close is worth, for every (value, mine, best
    other holding, tiles left after this one): the expected share of the set's value it adds,
    plus a little for denying a rival's majority. Indexed by :func:`_gain_index`."""
    table = [0.0] * (9 * 9 * 9 * 9)
    for value in range(9):
        for mine in range(9):
            for best in range(9):
                for rest in range(9):
                    gain = (expected_pay(mine + 1, best, rest, value)
                            - expected_pay(mine, best, rest, value))
                    if best and best + 1 > mine:      # denying a rival's majority
                        gain += 0.15 * value
                    table[_gain_index(value, mine, best, rest)] = gain
    return table


def _gain_index(value: int, mine: int, best: int, rest: int) -> int:
    return value * 729 + mine * 81 + best * 9 + rest


GAIN = _gain_table()
SETS = range(len(VALUE))


class _PerHolding(dict):
    """A set's holdings packed in one int (``State.packed``) → ``fact(p, holdings by seat)``
    for seat ``p``, computed once per holdings."""

    def __init__(self, fact, p: int, n: int):
        super().__init__()
        self.fact, self.p, self.n = fact, p, n

    def __missing__(self, packed: int):
        held = tuple((packed >> (BITS * q)) & ((1 << BITS) - 1) for q in range(self.n))
        self[packed] = got = self.fact(self.p, held)
        return got


def _lead(p: int, held: tuple[int, ...]) -> int:
    """``mine * 81 + best other * 9``: the middle of a :data:`GAIN` index for seat ``p``."""
    return held[p] * 81 + max(held[:p] + held[p + 1:]) * 9


def _can_buy(p: int, held: tuple[int, ...]) -> bool:
    """Whether ``p`` could buy a tile of this set with a Bag of Gold (holds one, so does another)."""
    return bool(held[p]) and sum(held) > held[p]


class _Memo:
    """Facts the greedy bot looks up instead of recomputing, for one rule text and table size:
    what each player pays for a set by holdings (who pays how much does not depend on the
    token order, only who pays first), what closing a set means to each seat, its lead in each
    set and whether it can buy in it."""

    def __init__(self, r: Rules, n: int):
        self.r = r
        self.amounts: dict = {}
        self.leads = [_PerHolding(_lead, p, n) for p in range(n)]
        self.buys = [_PerHolding(_can_buy, p, n) for p in range(n)]
        self.closing = [[_PerHolding(partial(self.closes, value), p, n) for p in range(n)]
                        for value in range(max(VALUE) + 1)]

    def pays(self, value: int, held: tuple[int, ...]) -> tuple[int, ...]:
        """What each player pays if a set of ``value`` is scored now (no wild tiles)."""
        got = self.amounts.get((value, held))
        if got is None:
            n = len(held)
            counts, ties = counts_and_ties(self.r, held, [0] * n, -1)
            out = [0] * n
            for p, amount in payments(value, counts, ties, range(n), self.r):
                out[p] = amount
            got = self.amounts[(value, held)] = tuple(out)
        return got

    def closes(self, value: int, p: int, held: tuple[int, ...]):
        """Taking the last tile of a set of ``value``, for ``p``: the change in what ``p`` pays;
        the most anyone could pay by it (coins above that rule out a win or a block); what
        everyone pays if ``p`` takes it; for each other seat q what q would pay by taking it."""
        mine = self.pays(value, _bumped(held, p))
        base = float(mine[p] - self.pays(value, held)[p])
        threats = tuple((q, self.pays(value, _bumped(held, q))[q])
                        for q in range(len(held)) if q != p)
        reach = max(mine[p], *(t for _, t in threats))
        return base, reach, mine, threats


def _memo(state: State) -> _Memo:
    return _memo_for(state.r, state.n)


@functools.cache
def _memo_for(r: Rules, n: int) -> _Memo:
    """The facts for one rule text and table size, made once (cleared by the tests)."""
    return _Memo(r, n)


def _bumped(held: tuple[int, ...], q: int) -> tuple[int, ...]:
    return held[:q] + (held[q] + 1,) + held[q + 1:]


class GreedyBot:
    """Takes the tile worth most now, minus what it gives up by moving past others, unless
    looking ahead says a choice wins at once or hands the win to a rival.

    ``noise`` (in coins) is added at random to each option's worth, so games on one fixed trail
    still differ (a seat balance from identical games would mean nothing). Written for speed:
    set worths come from a lookup table or cached payments, the options are read straight from
    the engine's trail, and the look-ahead runs only when the game can end soon.
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
        memo = _memo(state)
        lead, closing = memo.leads[p], memo.closing
        low = min(state.coins)

        def last(s: int, value: int, packed: int) -> float:
            """Exact value of taking a set's last tile, with win and block bonuses."""
            gain, reach, _, _ = closing[value][p][packed]
            if reach < low:                     # nobody can pay out with this set
                return gain
            return gain + _closing_bonus(state, p, s)

        return [GAIN[value * 729 + lead[packed] + left - 1] if left > 1     # _gain_index
                else last(s, value, packed) if left else 0.0
                for s, value, left, packed in zip(SETS, VALUE, state.left, state.packed)]

    def _values(self, state: State, p: int) -> list[float]:
        """Worth of the tile at each id (sets, then gold, Pharaoh, King Tut) to ``p`` now."""
        english = state.r.wild_counts
        values = self.set_gains(state, p)
        king = KING_VALUE[english] + state.r.king_coin
        if state.coins[p] <= state.r.king_coin:
            king += WIN
        values += [self._gold_value(state, p), PHARAOH_VALUE[english], king]
        return values

    def _move(self, state: State, rng: random.Random):
        p = state.actor
        trail = state.trail
        targets = trail[bisect_right(trail, state.pos[p]):]
        worths = list(map(self._values(state, p).__getitem__,
                          map(state.tiles.__getitem__, targets)))
        if not state.r.king_on_trail:           # French: the pyramid at the end
            targets.append(END)
            worths.append(KING_VALUE[state.r.wild_counts] if state.king_free else -0.5)
        moves = [MOVES[t] for t in targets]
        memo: dict = {}
        wins = chances(state)                   # the only moves that may win at once
        if wins:
            found = verdicts(state, wins, memo)
            if WON in found:
                return max((m for m, v in zip(wins, found) if v == WON),
                           key=lambda m: worths[moves.index(m)])
        pick = self._pick(worths, rng)
        if danger(state) and verdicts(state, [moves[pick]], memo)[0] < EVEN:
            found = verdicts(state, moves, memo)
            best = max(found)
            if found[pick] < best:              # another move does not hand the game away
                worths = [w if v == best else float("-inf") for w, v in zip(worths, found)]
                pick = self._pick(worths, rng)
        return moves[pick]

    def _pick(self, worths: list[float], rng: random.Random) -> int:
        """The option with the best score = worth - SKIP * (worth of the tiles skipped to get
        there) + noise, one draw per option in trail order; the first best wins.

        Skipped worth only grows along the trail, so once even the best worth with the most
        noise cannot beat the best score so far, no later option can: the loop stops there and
        the random draws of the options left are consumed in one call (a draw takes two 32-bit
        words of the generator; ``getrandbits(64 * k)`` takes 2k), so the generator ends where
        one draw per option leaves it.
        """
        noise, draw = self.noise, rng.random
        top = max(worths)
        best, best_score, lost = 0, float("-inf"), 0.0
        for i, value in enumerate(worths):
            if top - SKIP * lost + noise <= best_score:
                rng.getrandbits(64 * (len(worths) - i))
                break
            score = value - SKIP * lost + draw() * noise
            if score > best_score:
                best, best_score = i, score
            if 0.0 < value < WIN / 2:           # a skipped tile's worth counts as lost
                lost += value
        return best

    # ---- gold and wild tiles --------------------------------------------------------------------

    @staticmethod
    def _gold_value(state: State, p: int) -> float:
        """A Bag of Gold is worth more when there is something to buy with it."""
        return 1.5 if any(map(_memo(state).buys[p].__getitem__, state.packed)) else 0.2

    def _buy(self, state: State):
        p = state.actor
        options = state.buy_options(p)
        scores = [self._buy_score(state, p, move) if move.seller >= 0 else 0.0
                  for move in options]
        if danger(state):
            won = _careful(verdicts(state, options), scores)
            if won is not None:
                return options[won]
        best, best_score = (options.index(DECLINE) if DECLINE in options else 0), 0.0
        for i, score in enumerate(scores):
            if options[i].seller >= 0 and score > best_score:
                best, best_score = i, score
        return options[best]

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
        options = state.wild_options(p)
        pays = [self._pay_with(state, s, held, order, p, move) for move in options]
        # a payment this turn can end the game (the sets waiting to be scored), or the game
        # can end soon after: what is paid now decides who has fewest coins
        if min(state.coins) <= sum(VALUE[x] for x in state.queue) or danger(state):
            used = [-(m.pharaohs + m.king) * 1e-3 for m in options]
            won = _careful(verdicts(state, options), [a + b for a, b in zip(pays, used)])
            if won is not None:
                return options[won]
        best, best_pay = 0, pays[0]
        for i, move in enumerate(options):
            used = move.pharaohs + move.king
            chosen = options[best]
            if pays[i] > best_pay or (pays[i] == best_pay
                                      and used < chosen.pharaohs + chosen.king):
                best, best_pay = i, pays[i]
        return options[best]

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


def _careful(found: list[int], worths: list[float]) -> int | None:
    """What the look-ahead decides among options with these verdicts: the worthiest option
    that wins at once; else, when some option hands a rival the win and another does not, the
    worthiest of those that do not (None: the look-ahead rules nothing out, choose as usual)."""
    best = max(found)
    if best == WON or min(found) < best:
        keep = [i for i, v in enumerate(found) if v == best]
        return max(keep, key=worths.__getitem__)
    return None


def _closing_bonus(state: State, p: int, s: int) -> float:
    """For ``p`` taking the last tile of set ``s``: WIN when that makes ``p`` pay its last coin
    before anyone else does (coins are paid in the order the set is scored: the tied by token,
    furthest first, with ``p``'s token on the tile), -WIN when it makes a rival do so, BLOCK
    when a rival who can still reach the tile would pay out first by taking it."""
    t = next(i for i in state.trail if state.tiles[i] == s)
    first = _first_out(state, s, p, t)
    if first == p:
        return WIN
    if first >= 0:
        return -WIN
    for q in range(state.n):
        if q != p and state.pos[q] < t and state.can_move(q) and _first_out(state, s, q, t) == q:
            return BLOCK
    return 0.0


def _first_out(state: State, s: int, taker: int, t: int) -> int:
    """Who pays their last coin first if ``taker`` takes set ``s``'s last tile at trail index
    ``t`` and the set is scored at once with no wild tile added (-1: nobody)."""
    n = state.n
    held = [state.hold[q][s] + (q == taker) for q in range(n)]
    pos = state.pos[:]
    pos[taker] = t
    order = sorted(range(n), key=lambda q: (-pos[q], (q - taker) % n))
    counts, ties = counts_and_ties(state.r, held, [0] * n, -1)
    for q, amount in payments(VALUE[s], counts, ties, order, state.r):
        if amount >= state.coins[q]:
            return q
    return -1


#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "random": RandomBot}
DEFAULT_PLAYER = "greedy"
