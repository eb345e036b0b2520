"""Tutankhamen greedy bot: how often it throws a game, measured with the engine alone.

Plain script, not a test: ``python benchmarks/tut_greedy.py [--games N] [--bot greedy|reference]
[--players 2,3,...] [--variants en,fr] [--seed S]`` (from the repository root with
``PYTHONPATH=.`` to measure a working copy).

Every seat plays the bot. At each of its decisions the script looks at every legal alternative
with the engine's own API (copies of the state, ``legal_moves`` and ``apply``), never with the
bot's reasoning:

- the rest of the turn is played out over every choice still to make in it (wild tiles, a Bag
  of Gold), the bot's own choices at its best and every other player's at the worst for it;
- a turn that ends with the game over is a win (the bot alone wins), a loss (a rival wins) or
  neither (a shared win); a turn that goes on is a loss when the next player to move, a rival,
  then has a move that wins at once whatever the others answer.

A decision **passes up a win** when some alternative wins at once and the one chosen does not;
it **hands a rival the win** when the one chosen is a loss and some alternative is not. The
script prints, per rule text and player count, the share of games in which some seat did either
(the goal: at most 2% each), with a 95% interval, and a few examples (seed, decision).

Decisions where no player can pay out in the turn nor the trail end are skipped (a bound on
what each player could still pay this turn proves it), which keeps the run to minutes.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from generator.core.rng import derive_seed, make_rng
from generator.games.tut.rules import END, MOVE, OVER, VALUE, S, new_state

WIN, NEITHER, LOSS = 2, 1, 0


def outcome(st, me: int) -> int:
    """A finished game from ``me``'s side."""
    if st.winners == [me]:
        return WIN
    return NEITHER if me in st.winners else LOSS


def key(st) -> tuple:
    """What the rest of a turn depends on (for the memo of one check)."""
    return (st.phase, st.actor, st.turn, st.scoring, st.decl_k, st.king, st.settled, st.ptr,
            tuple(st.decl_w), tuple(st.wild), tuple(st.queue), tuple(st.coins), tuple(st.pos),
            tuple(st.packed), tuple(st.trail), st.king_free)


def wins_at_once(st, q: int, memo: dict) -> bool:
    """Whether ``q``, deciding in the turn now being played, wins before the turn ends whatever
    the others choose."""
    if st.phase == OVER:
        return st.winners == [q]
    if st.phase == MOVE:
        return False
    k = ("w", q) + key(st)
    got = memo.get(k)
    if got is None:
        results = (wins_at_once(after(st, m), q, memo) for m in st.legal_moves())
        got = memo[k] = any(results) if st.actor == q else all(results)
    return got


def after(st, move):
    other = st.copy()
    other.apply(move)
    return other


def turn_value(st, me: int, memo: dict) -> int:
    """The rest of the turn being played, from ``me``'s side (see the module doc). A state
    waiting for a move is the next turn: the one being played is over."""
    if st.phase == OVER:
        return outcome(st, me)
    k = ("t", me) + key(st)
    got = memo.get(k)
    if got is not None:
        return got
    if st.phase == MOVE:
        q = st.actor
        got = NEITHER
        if q != me and may_end(st) and any(wins_at_once(after(st, m), q, memo)
                                            for m in eventful(st)):
            got = LOSS
    else:
        values = [turn_value(after(st, m), me, memo) for m in st.legal_moves()]
        got = max(values) if st.actor == me else min(values)
    memo[k] = got
    return got


def eventful(st) -> list:
    """The moves open to ``st.actor`` after which it might win at once: a bound on what it
    could pay in the turn (the sets scored in it that it holds a tile of, or could add
    Toutankhamon to, and King Tut's coin) reaches its coins, or the trail may run out. Any
    other move cannot win in the turn."""
    p = st.actor
    others = [st.pos[q] for q in range(st.n) if q != p]
    low = min(others) if others else END + 1
    coins, hold, tiles, left = st.coins[p], st.hold[p], st.tiles, st.left
    king_any = not st.r.king_needs_tile and (st.king == p or st.king_free)
    out = []
    for m in st.legal_moves():
        t = m.to
        cut = min(low, t)                       # tiles below it are removed after the move
        gone = [0] * S
        rest = 0
        for i in st.trail:
            if i < cut or i == t:
                if tiles[i] < S:
                    gone[tiles[i]] += 1
            else:
                rest += 1
        if rest == 0 or (st.r.end_all_at_end and t == END and low == END):
            out.append(m)                       # the game may end on the trail or the end
            continue
        bound = st.r.king_coin if t == END or tiles[t] == tiles[-1] else 0
        for s in range(S):
            if left[s] and gone[s] == left[s] and (hold[s] or king_any or (
                    t != END and tiles[t] == s)):
                bound += VALUE[s]
        if bound >= coins:
            out.append(m)
    return out


def may_end(st) -> bool:
    """False when the turn about to be played (a move by ``st.actor``) surely does not end the
    game: nobody can pay their last coin in it and the trail cannot run out."""
    if st.phase != MOVE:
        return True
    p, n = st.actor, st.n
    others = [st.pos[q] for q in range(n) if q != p]
    low = min(others) if others else END + 1
    if st.r.end_all_at_end:
        if all(x == END for x in others):
            return True
    elif sum(1 for i in st.trail if i >= low) <= 1:
        return True
    # sets that can be scored this turn: at most one of their tiles left at or beyond the
    # lowest other token (the one the mover may collect); the rest are removed behind it
    beyond = [0] * S
    for i in st.trail:
        t = st.tiles[i]
        if t < S and i >= low:
            beyond[t] += 1
    open_sets = [s for s in range(S) if st.left[s] and beyond[s] <= 1]
    king_any = not st.r.king_needs_tile
    for x in range(n):
        bound = st.r.gold_coin if any(st.hold[x]) else 0
        if x == p:
            bound += st.r.king_coin + max(VALUE)
        bound += sum(VALUE[s] for s in open_sets
                     if st.hold[x][s] or (king_any and st.king == x))
        if st.coins[x] <= bound:
            return True
    return False


def check_decision(st, me: int, chosen) -> tuple[bool, bool]:
    """(passed up a win, handed a rival the win) for ``me`` choosing ``chosen`` in ``st``."""
    if st.phase == MOVE and not may_end(st):
        return False, False
    memo: dict = {}
    values = {m: turn_value(after(st, m), me, memo) for m in st.legal_moves()}
    got = values[chosen]
    best = max(values.values())
    return (best == WIN and got != WIN), (got == LOSS and best > LOSS)


def make_bot(name: str):
    if name == "reference":
        sys.path.insert(0, "tests")
        from games.tut.greedy_reference import GreedyBot as Reference

        return Reference()
    from generator.core.play import make_bot as make
    from generator.games.tut.bots import BOTS

    return make(BOTS, name)


def play_checked(players: int, variant: str, bot: str, seed: int):
    """One game, every decision checked: (passed-up decisions, handed decisions)."""
    rng = make_rng(seed)
    st = new_state(rng, players=players, variant=variant)
    bots = [make_bot(bot) for _ in range(players)]
    passed, handed = [], []
    step = 0
    while not st.is_over():
        me = st.current_player()
        move = bots[me].choose(st, rng)
        missed, gave = check_decision(st, me, move)
        if missed:
            passed.append((step, me, move))
        if gave:
            handed.append((step, me, move))
        st.apply(move)
        step += 1
    return passed, handed


def interval(k: int, n: int) -> tuple[float, float]:
    """Wilson 95% interval of k in n."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--variants", default="en,fr")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    goal = 0.02
    worst = 0.0
    print(f"bot {args.bot}, {args.games} games per rule text and player count, seed {args.seed}")
    print("rules players  passed up a win          handed a rival the win   games/s")
    for variant in args.variants.split(","):
        for players in map(int, args.players.split(",")):
            start = time.process_time()
            missed = gave = 0
            examples = []
            for i in range(args.games):
                seed = derive_seed(args.seed, i + 1000 * players + (variant == "fr") * 100000)
                passed, handed = play_checked(players, variant, args.bot, seed)
                missed += bool(passed)
                gave += bool(handed)
                if (passed or handed) and len(examples) < 2:
                    examples.append((seed, passed[:1], handed[:1]))
            rate = args.games / max(time.process_time() - start, 1e-9)
            cells = []
            for k in (missed, gave):
                low, high = interval(k, args.games)
                cells.append(f"{k / args.games:6.1%} ({low:5.1%}-{high:5.1%})")
                worst = max(worst, k / args.games)
            print(f"{variant:<5} {players:>7}  {cells[0]:<24} {cells[1]:<24} {rate:7.1f}")
            for seed, passed, handed in examples:
                print(f"        e.g. seed {seed}: passed up {passed} handed {handed}")
    print(f"worst share {worst:.1%}; goal at most {goal:.0%}: "
          f"{'met' if worst <= goal else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
