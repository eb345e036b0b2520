"""The quick player: the planner's judgement, one move at a time.

Where the planner searches every ordering of a round's dice, the quick player looks one move
ahead: each candidate move is played on a copy of the sheet and the copy valued by the
planner's :class:`~generator.games.realms.bots.eval.Evaluator`; the best is played. Candidates
come from the engine's own generators (tile fits, the shovel's squares, the wand's edges) and
are few: every tile of every die in hand, the fights the dice allow, the wand and the shovel
where they can help (paid with the die least needed), and coin changes or bought dice only when
they lead straight to a fight. Each candidate is applied by the engine to its copy, so an
illegal one is never chosen. Because it values the map, the fights and the Mummy exactly as the
planner does, it ranks maps like the planner at a fraction of the cost: it is the rating player
(benchmarks/realms_rating.py measures the agreement).
"""

from __future__ import annotations

import functools

from generator.core.errors import RuleError
from generator.games.realms.bots.delta import Prospect
from generator.games.realms.bots.eval import Evaluator, Tuning, hard_squares
from generator.games.realms.bots.plan import (
    DEAD_END_ROUNDS,
    clone,
    dead_ends,
    ways_out,
)
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.legal import fits, shovel_fits, shovel_sides, wand_edges
from generator.games.realms.rules.moves import Buy, Coin, Defeat, End, Open, Place, Shovel, Wand


class QuickBot:
    """One-move look-ahead on the planner's evaluation (see the module doc)."""

    name = "quick"

    def __init__(self, tuning: Tuning | None = None, close_rounds: int = 3,
                 played: bool = False):
        self.eval = Evaluator(tuning)
        self.close_rounds = close_rounds
        #: value every candidate by playing it on a copy of the sheet (the slow way, kept to
        #: show the Prospect's numbers are the played ones: the same moves, the same games)
        self.played = played
        self._ctx = None
        self._key: tuple | None = None

    def context(self, s):
        key = (id(s), s.round, s.findings_left, s.rooms_done, s.defeats, s.keys_used,
               s.sarc_open, len(s.hits), s.started)
        if key != self._key:
            self._key, self._ctx = key, self.eval.context(s)
        return self._ctx

    def choose(self, state, rng):
        s = state.sheets[state.current_player()]
        if self.played:
            return self._choose_played(state, s)
        options = self.options(s)
        if not options and not s.unused():
            return End()                        # nothing to weigh: the round is over
        ahead = Prospect(s, self.eval, self.context(s))
        best, pick = (ahead.stay(), _END) if not ahead.unused else (-1e18, None)
        if pick is not None:
            ahead.floor = best
        for entry in options:
            value = _value_of(ahead, entry)
            if value is not None and value > best:
                best, pick = value, entry
                ahead.floor = best
        if pick is None:                         # nothing found: any legal use of a die
            return next(m for m in state.legal_moves() if type(m) is not End)
        return _move(s.board, pick)

    def _choose_played(self, state, s):
        """:meth:`choose`, each candidate valued on a copy of the sheet it was played on."""
        ctx = self.context(s)
        best, pick = (self.eval.value(s, ctx), End()) if not s.unused() else (-1e18, None)
        for entry in self.options(s):
            move = _move(s.board, entry)
            value = self._try(s, move, ctx, entry[2] if entry[0] == PAIR else None)
            if value is not None and value > best:
                best, pick = value, move
        if pick is None:
            return next(m for m in state.legal_moves() if type(m) is not End)
        return pick

    def _try(self, s, mv, ctx, then=None):
        """The value after ``mv`` (and ``then`` on the die it makes), None when illegal: the
        move played by the engine on a copy of the sheet."""
        child = clone(s)
        try:
            child.apply(mv)
            if then is not None:
                child.apply(then)
        except RuleError:
            return None
        return self.eval.value(child, ctx)

    def weigh(self, s) -> list[tuple]:
        """Every candidate of :meth:`choose` with its value, worked out as ``choose`` does and
        by playing it on a copy of the sheet: (move, value, played value); None: refused."""
        ctx = self.context(s)
        ahead = Prospect(s, self.eval, ctx)
        out = []
        for entry in self.options(s):
            move = _move(s.board, entry)
            out.append((move, _value_of(ahead, entry),
                        self._try(s, move, ctx, entry[2] if entry[0] == PAIR else None)))
        return out

    # -------------------------------------------------------------- candidates
    def candidates(self, s) -> list:
        """The moves :meth:`choose` weighs (a coin move stands for itself and its fight)."""
        return [_move(s.board, entry) for entry in self.options(s)]

    def options(self, s) -> list[tuple]:
        """Every candidate as (how it is valued, and what that needs): (TILE, mask, shift,
        die, (x, y)), (SQUARE, mask, shift, pay, (x, y)), (WALL, edge, add, pay, None), (PAIR,
        the coin move, the fight after it, ...), (PLAY, a fight or an opening, ...): the move
        itself is made only for the one played (:func:`_move`)."""
        values = sorted(set(s.unused()))
        out: list = [(PLAY, Open(t), None, None, None) for t in _keys(s)] \
            if s.sarc > s.sarc_open else []
        tiles: dict[int, int] = {}
        by_side = s.board.by_side
        fights = _Fights(s)
        for v in values:
            found = [(TILE, tm, sh, v, (x, y)) for tm, x, y, sh in fits(s, by_side[v])]
            tiles[v] = len(found)
            out += found
            fight = fights[v]
            if fight is not None:
                out.append((PLAY, fight, None, None, None))
        pay = _least_needed(s, values, tiles, fights)
        out += self._tools(s, pay, stuck=bool(values) and not any(tiles.values()))
        return out + self._coin_moves(s, values, fights)

    def _tools(self, s, pays: list[int], stuck: bool) -> list:
        if not pays:
            return []
        b = s.board
        avail = b.free & ~s.covered
        good = avail & ~hard_squares(s, avail)
        out = []
        left = RULES.rounds - s.round
        late = left < self.close_rounds
        # the shovel's squares as plan.worth_a_square and _leads_on judge them, by masks:
        # every opening must face a door or an entrance, or a mapped or coverable square
        doors = b.doors | b.entrances
        ok = s.covered | good
        facing = {"N": ok << b.S, "S": ok >> b.S, "W": ok << 1, "E": ok >> 1}
        found = s.findings_left
        pay = pays[0]
        for tm, x, y, sh in shovel_fits(s):
            square = 1 << sh
            sides = _square_sides(b, tm)
            if not (stuck or found & square or (late and len(sides) == 1)
                    or (tm.opens << sh) & doors):
                continue
            for side, e0 in sides:
                if not ((e0 << sh) & doors or facing[side] & square):
                    break
            else:
                out.append((SQUARE, tm, sh, pay, (x, y)))
        closing = (s.frontier if late else
                   0 if left > DEAD_END_ROUNDS else dead_ends(s, avail & ~good))
        while closing:
            low = closing & -closing
            out.append((WALL, low.bit_length() - 1, True, pay, None))
            closing ^= low
        if stuck:
            # only walls that could open a way (a door, an entrance, a coverable square) are
            # worth the engine's erase check: ways_out keeps no other
            near = good | (good << b.S) | (good << b.HB) | (good << (b.HB + 1))
            for e in ways_out(s, wand_edges(s, s.walls & s.cov_edges & (doors | near))[1],
                              good):
                out.append((WALL, e, False, pays[-1], None))
        return out

    def _coin_moves(self, s, values: list[int], fights: dict) -> list:
        """A coin's +1/-1 or a bought die, only toward a fight it makes possible (judged
        together with that fight; the coin move is played). ``fights``: each die value's
        fight (:func:`_fight`)."""
        out = []
        if s.balance >= RULES.coin_adjust:
            for v in values:
                for delta in (1, -1):
                    u = (v - 1 + delta) % RULES.faces + 1
                    if u not in values and fights[u] is not None:
                        out.append((PAIR, Coin(v, delta), fights[u], None, None))
        if not values and s.free_slots() and s.balance >= RULES.coin_buy:
            for u in range(1, RULES.faces + 1):
                fight = fights[u]
                if fight is not None:
                    out.append((PAIR, Buy(u), fight, None, None))
        return out


@functools.lru_cache(maxsize=4096)
def _square_sides(b, tm) -> tuple[tuple[str, int], ...]:
    """A one-square room's openings: (side, the bit of its edge at anchor (0, 0)), kept for the
    last masks."""
    return tuple((side, 1 << b.edge(0, 0, side)) for _, _, side in tm.form.openings)


#: how :meth:`QuickBot.choose` values a candidate
TILE, SQUARE, WALL, PAIR, PLAY = range(5)


def _value_of(ahead, entry):
    """A candidate's value as the Prospect ``ahead`` works it out (None: refused)."""
    how, a, b, c, _ = entry
    if how == TILE:
        return ahead.tile(a, b, a.shape_id)
    if how == SQUARE:
        return ahead.tile(a, b, -1, c, "shovel")
    if how == WALL:
        return ahead.wall(a, b, c)
    return _fight_value(ahead, how, a, b)


def _fight_value(ahead: Prospect, how: int, mv, then) -> float:
    """The value of a fight, an opened sarcophagus, or a coin move and the fight after it."""
    if how == PAIR:
        bought = type(mv) is Buy
        return ahead.fight(then.target, then.tool,
                           RULES.coin_buy if bought else RULES.coin_adjust, bought)
    if type(mv) is Open:
        return ahead.open(mv.tool)
    return ahead.fight(mv.target, mv.tool)


_END = (PLAY, End(), None, None, None)


def _move(b, entry: tuple):
    """The move of a candidate (see :meth:`QuickBot.options`)."""
    how, a, b_, c, d = entry
    if how == TILE:
        return Place(c, a.code, a.turn, *d)
    if how == SQUARE:
        return Shovel(*d, shovel_sides(a), c)
    if how == WALL:
        return Wand(*b.edge_name(a), b_, c)
    return a


def _keys(s) -> list[str]:
    return [t for t, ok in (("key", s.keys_left > 0),
                            ("skeleton-key", s.items.get("skeleton-key", 0) > 0)) if ok]


def _least_needed(s, values: list[int], tiles: dict[int, int], fights: dict) -> list[int]:
    """How the wand and shovel may be paid: an item use (0) first if there is one (a move
    the item cannot pay is simply refused by the engine on the copy), then the die that beats
    no monster (``fights``: each value's) and places the fewest tiles."""
    pays = [0] if s.items.get("shovel", 0) or s.items.get("wand", 0) else []
    if values:
        pays.append(min(values, key=lambda v: (fights[v] is not None, tiles.get(v, 0), v)))
    return pays


class _Fights(dict):
    """Each die value's fight (:func:`_fight`), worked out when first asked for."""

    def __init__(self, s):
        super().__init__()
        self.s = s

    def __missing__(self, v: int):
        got = self[v] = _fight(self.s, v)
        return got


def _fight(s, v: int):
    """The fight a die of value ``v`` can make now, if any."""
    monster = RULES.die_monster.get(v)
    if monster == "mummy":
        ok = len(s.hits) < min(RULES.mummy_rows, s.alerts // RULES.marks_per_square)
        return Defeat("mummy") if ok else None
    if monster == "ooze" and s.oozes > s.oozes_def:
        return Defeat("ooze", "hammer" if s.items.get("hammer", 0) > 0 else "")
    if monster == "skeleton" and s.skel_def.bit_count() < s.oozes_def:
        return Defeat("skeleton")
    if monster == "zombie" and s.zombies_def < s.sarc_open:
        return Defeat("zombie")
    if monster == "golem":
        ready = s.golems & s.gems & ~s.golems_def
        if ready:
            return Defeat(f"golem-{RULES.colours[(ready & -ready).bit_length() - 1]}")
    if monster == "mimic" and s.mimics > s.mimics_def:
        keys = _keys(s)
        if keys:
            return Defeat("mimic", keys[0])
    return None
