"""Looking ahead for the greedy Tutankhamen bot: what the rest of a turn can bring.

A careful player, before moving, asks two questions of each move: can it win at once, and does it
hand the game to someone else (now, or to the next player on their move)? The bot asks them on
copies of the state with the engine's own rules, so the order coins are paid in, wild tiles
added in answer, removals behind the tokens and the end of the trail all count as at the table:

- the rest of the turn is played out over every choice still to make in it (wild tiles, a Bag
  of Gold): the bot's own at its best, every other player's at the worst for it;
- a turn that goes on is lost when the next player to move, a rival, then has a move that wins
  at once whatever the others answer.

:func:`danger` is a quick bound that rules the questions out (nobody can pay their last coin and
the trail cannot run out before the next player's turn is over); the bot looks ahead only when
it cannot.
"""

from __future__ import annotations

from bisect import bisect_left

from generator.games.tut.rules import END, MOVE, OVER, VALUE, S, State

#: What a move brings, worst first: a rival wins in this turn, the next player can then win at
#: once, nothing decided, the mover wins.
LOST, THREAT, EVEN, WON = 0, 1, 2, 3


def verdicts(state: State, moves: list, memo: dict | None = None) -> list[int]:
    """The verdict of each of ``moves`` for the player deciding in ``state`` (``memo``: what
    an earlier call on the same state found, to share)."""
    me = state.actor
    memo = {} if memo is None else memo
    return [_rest(_after(state, m), me, memo) for m in moves]


def _after(state: State, move) -> State:
    other = state.copy()
    other.apply(move)
    return other


def _key(st: State) -> tuple:
    """What the rest of a turn depends on (positions from the same turn share the rest)."""
    return (st.phase, st.actor, st.turn, st.scoring, st.decl_k, st.king, st.king_free,
            st.settled, st.ptr, tuple(st.decl_w), tuple(st.wild), tuple(st.queue),
            tuple(st.coins), tuple(st.pos), tuple(st.packed), tuple(st.left), len(st.trail))


def _rest(st: State, me: int, memo: dict) -> int:
    """The verdict of the turn being played from ``me``'s side."""
    phase = st.phase
    if phase == OVER:
        return WON if st.winners == [me] else EVEN if me in st.winners else LOST
    key = (me,) + _key(st)
    got = memo.get(key)
    if got is not None:
        return got
    if phase == MOVE:                      # the turn is over: can the next player win now?
        q = st.actor
        got = EVEN
        if q != me and any(_wins(_after(st, m), q, memo) for m in chances(st)):
            got = THREAT
    else:
        values = [_rest(_after(st, m), me, memo) for m in st.legal_moves()]
        got = max(values) if st.actor == me else min(values)
    memo[key] = got
    return got


def _wins(st: State, q: int, memo: dict) -> bool:
    """Whether ``q`` wins before the turn being played ends, whatever the others choose."""
    if st.phase == OVER:
        return st.winners == [q]
    if st.phase == MOVE:
        return False
    key = (-1 - q,) + _key(st)
    got = memo.get(key)
    if got is None:
        results = (_wins(_after(st, m), q, memo) for m in st.legal_moves())
        got = memo[key] = any(results) if st.actor == q else all(results)
    return got


def chances(st: State) -> list:
    """The moves after which the player to move might win at once: what it could pay in the
    turn (every set scored in it that it holds a tile of, or could add Toutankhamon to, and
    King Tut's coin) reaches its coins, or the trail may run out. No other move can win."""
    p, n, trail, tiles, r = st.actor, st.n, st.trail, st.tiles, st.r
    low = min((st.pos[q] for q in range(n) if q != p), default=END + 1)
    coins, hold, left = st.coins[p], st.hold[p], st.left
    king_any = not r.king_needs_tile and (st.king == p or st.king_free)
    counted = [bool(hold[s]) or king_any for s in range(S)]
    below = bisect_left(trail, low)             # tiles removed whatever the move
    ends = len(trail) - below <= 1 + (not r.king_on_trail) or (r.end_all_at_end and low == END)
    if not ends and coins > r.king_coin + max(VALUE) + sum(
            VALUE[s] for s in range(S) if left[s] and counted[s]):
        return []                               # not even every set it could count would do
    if not ends:
        # a set is scored in the turn only with no tile at or beyond ``low`` but the one taken
        ahead = [0] * S
        for k in range(below, len(trail)):
            x = tiles[trail[k]]
            if x < S:
                ahead[x] += 1
        whole = sum(VALUE[s] for s in range(S) if left[s] and counted[s] and not ahead[s])
        # the tile taken may complete one more set, held or not, on either side of ``low``
        one = max((VALUE[s] for s in range(S) if left[s] and ahead[s] <= 1), default=0)
        if coins > r.king_coin + whole + one:
            return []                           # no move can pay out: nothing to look at
    gone = [0] * S                              # tiles of each set removed behind the tokens
    done = 0                                    # value of the counted sets removed whole
    out = []
    i = 0                                       # trail[:i] lie below the removal cut
    for move in st.legal_moves():
        t = move.to
        cut = min(low, t)
        while i < len(trail) and trail[i] < cut:
            x = tiles[trail[i]]
            if x < S:
                gone[x] += 1
                if gone[x] == left[x] and counted[x]:
                    done += VALUE[x]
            i += 1
        rest = len(trail) - i - (t < END or r.king_on_trail)   # t itself is collected
        if rest <= 0 or (r.end_all_at_end and t == END and low == END):
            out.append(move)                    # the trail runs out, or every token is at the end
            continue
        mine = tiles[t]
        bound = done
        if mine >= S:
            bound += r.king_coin if mine == tiles[END] else 0
        elif gone[mine] + 1 == left[mine]:
            bound += VALUE[mine]
        if bound >= coins:
            out.append(move)
    return out


def danger(state: State) -> bool:
    """False when, surely, nobody pays their last coin and the game does not end before the
    player after the one deciding now has played: then no move can win at once or hand a win.

    Sets that may be scored by then have at most two tiles left at or beyond the lowest token of
    the players who do not move (the rest can be passed and removed); what a player may pay is
    at most the value of those it holds a tile of (or could add Toutankhamon to), one more set
    for each of the two movers, a Bag of Gold's coin per mover and King Tut's coin.
    """
    n, p = state.n, state.actor
    nxt = next_mover(state)
    still = [state.pos[q] for q in range(n) if q not in (p, nxt)]
    frontier = min(still) if still else END + 1
    r = state.r
    trail, tiles = state.trail, state.tiles
    first = bisect_left(trail, frontier)        # trail[first:] lie at or beyond the frontier
    if r.end_all_at_end:
        if all(x == END for x in still):
            return True
    elif len(trail) - first <= 2:
        return True
    ahead = [0] * S
    for k in range(first, len(trail)):
        t = tiles[trail[k]]
        if t < S:
            ahead[t] += 1
    open_sets = [s for s in range(S) if state.left[s] and ahead[s] <= 2]
    if not open_sets:
        return False
    king_any = not r.king_needs_tile
    top = max(VALUE[s] for s in open_sets)
    for x in range(n):
        hold = state.hold[x]
        king = king_any and (state.king == x or state.king_free)
        bound = 2 * r.gold_coin + r.king_coin
        bound += sum(VALUE[s] for s in open_sets if hold[s] or king)
        if x in (p, nxt):
            bound += top
        if state.coins[x] <= bound:
            return True
    return False


def next_mover(state: State) -> int:
    """Who moves after the player deciding now (itself when nobody else can move)."""
    n = state.n
    for k in range(1, n + 1):
        q = (state.turn + k) % n
        if state.can_move(q):
            return q
    return state.turn
