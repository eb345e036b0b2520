"""What a Hidden Realms sheet is worth, in expected final points: the planner's evaluation.

    value = the score if the game ended now
          + what the circled things will still bring (fights, their coins, Mummy hits),
            net of the dice those fights take                          (:meth:`Evaluator.future`)
          + what is still on the map, discounted by its distance from the dungeon's openings
            and by the rounds left                                     (:meth:`Evaluator.reach`)
          + coins, dice in hand or carried, half-done Tile Table rows
          + the openings' true cost: early they are the way forward, late each one costs a die
            (or an item use) to close or 3 points at the end.

At the end of round 20 every future term is zero and the value *is* the final score, so the
planner's search always ranks finished games by the rulebook's own scoring.

Distances come from a breadth-first search done with bit masks: from the squares in front of
the remaining openings, layer by layer over the unmapped free squares (a few integer shifts per
layer). What each target is worth (a finding, a room's door square, an entrance) is worked out
once per decision by :meth:`Evaluator.context` as the change of :meth:`Evaluator.future` when
that thing is circled, so keys are worth more when mimics wait, a golem more when its gem is in,
and a monster less when the rounds left cannot fit its fight.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import NamedTuple

from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.scoring import score_lines, sheet_tallies


@dataclass(frozen=True)
class Tuning:
    """The planner's tuning (choices of this bot, not game facts), in points and rounds."""

    die_early: float = 5.0         # what a die is worth to the map early on
    die_late: float = 1.5          # ... and in the last rounds
    die_rounds: float = 8.0        # rounds left from which a die is worth die_early
    coin: float = 1.2              # a coin with rounds left to spend it
    coin_rounds: float = 3.0       # rounds left below which coins lose value
    fight_rate: float = 1.6        # fights per round the future can fit
    reach: float = 1.5             # distance discount: exp(-d / (reach + reach_round * t))
    reach_round: float = 0.5
    reach_cap: float = 7.0
    horizon: int = 16              # squares beyond which nothing counts
    close_cost: float = 2.5        # an opening still there near the end
    close_rounds: float = 5.0      # rounds left from which openings cost nothing
    pair: float = 0.1              # share of a golem/gem pair credited to one half
    mark: float = 1.5              # a shape marked in a Tile Table row not yet complete
    hit_delay: float = 0.5         # rounds until the next Mummy hit
    hit_gap: float = 2.0           # rounds between later Mummy hits
    item_use: float = 1.0          # a hammer or skeleton-key use beyond what is needed


class Counts(NamedTuple):
    """What the projection of :meth:`Evaluator.future` needs from a sheet."""

    oozes_def: int
    oozes: int                     # circled, not defeated
    skel_def: int
    skels: int                     # freed, not defeated
    zombies_def: int
    zombies: int                   # freed, not defeated
    sarcs: int                     # circled, not opened
    golems_def: int
    golems: int                    # ready: golem and gem circled
    mimics_def: int
    mimics: int
    keys: int                      # keys left plus skeleton-key uses
    hammer: int
    alerts: int
    hits: int

    @classmethod
    def of(cls, s) -> Counts:
        sd = s.skel_def.bit_count()
        return cls(s.oozes_def, s.oozes - s.oozes_def, sd, s.oozes_def - sd, s.zombies_def,
                   s.sarc_open - s.zombies_def, s.sarc - s.sarc_open,
                   s.golems_def.bit_count(), (s.golems & s.gems & ~s.golems_def).bit_count(),
                   s.mimics_def, s.mimics - s.mimics_def,
                   s.keys_left + s.items.get("skeleton-key", 0), s.items.get("hammer", 0),
                   s.alerts, len(s.hits))


def _table(values, x: float) -> float:
    """A scoring table read at a fractional count (linear in between)."""
    top = len(values) - 1
    if x >= top:
        return float(values[top])
    i = int(x)
    return values[i] + (values[i + 1] - values[i]) * (x - i)


#: remembered :meth:`Evaluator.future` values, per tuning (shared by the games of a process)
_FUTURES: dict[Tuning, dict] = {}
FUTURES = 200_000                  # entries kept before the memory is cleared


class Context:
    """Per decision: the round, the time left and what each target square is worth."""

    __slots__ = ("discount", "memo", "round", "targets", "weight")

    def __init__(self, rnd: int, discount: list[float], weight: dict[int, float]):
        self.round, self.discount, self.weight = rnd, discount, weight
        self.memo: dict = {}
        targets = 0
        for c, w in weight.items():
            if w > 0:
                targets |= 1 << c
        self.targets = targets


class Evaluator:
    """Values sheets for the planner (see the module doc)."""

    def __init__(self, tuning: Tuning | None = None):
        self.t = k = tuning or Tuning()
        # the tuning and the scoring as plain attributes: the estimate reads them at every move
        self._die_late, self._die_span = k.die_late, k.die_early - k.die_late
        self._die_rounds, self._coin, self._coin_rounds = k.die_rounds, k.coin, k.coin_rounds
        self._fight_rate, self._item_use = k.fight_rate, k.item_use
        sc = RULES.scoring
        self._scoring = (sc["zombies"], sc["golems"], sc["mimic"], sc["leftover"],
                         tuple(RULES.monster_coins[m]
                               for m in ("ooze", "skeleton", "zombie", "golem", "mimic")))
        self._futures = _FUTURES.setdefault(self.t, {})
        self._discounts: dict[float, list[float]] = {}
        self._per_t: dict[float, tuple[float, float, float]] = {}
        self._worth: dict[tuple, tuple[float, ...]] = {}

    # -------------------------------------------------------------- time
    def left(self, s, unused: int | None = None) -> float:
        """Rounds left after this one, plus the unused dice of this round as part of one
        (``unused``: their number, when the caller has counted them)."""
        if unused is None:
            unused = len(s.unused())
        return RULES.rounds - s.round + unused / (RULES.slots - 1)

    def die(self, t: float) -> float:
        """What a die is worth with ``t`` rounds left."""
        x = t / self._die_rounds
        return self._die_late + self._die_span * min(1.0, x)

    def coin(self, t: float) -> float:
        x = t / self._coin_rounds
        return self._coin * min(1.0, x)

    def _times(self, t: float) -> tuple[float, float, float]:
        """die(t), coin(t - 1) and min(1, t / 4) (remembered per t)."""
        got = self._per_t.get(t)
        if got is None:
            got = self._per_t[t] = (self.die(t), self.coin(t - 1), min(1.0, t / 4))
        return got

    # -------------------------------------------------------------- circled things
    def future(self, c: Counts, t: float, rnd: int) -> float:
        """Points still to come from what is circled: fights (score, leftovers lost, coins
        gained), Mummy hits, minus the dice they take; capped by the fights ``t`` rounds fit.
        ``c`` may also be the plain tuple of a :class:`Counts`. (A pure function of its
        arguments and the tuning: remembered.)"""
        key = (c, t, rnd)
        got = self._futures.get(key)
        if got is None:
            if len(self._futures) > FUTURES:
                self._futures.clear()
            got = self._futures[key] = self._future(c, t, rnd)
        return got

    def _future(self, c, t: float, rnd: int) -> float:
        if t <= 0:
            return 0.0
        (oozes_def, oozes, skel_def, skels, zombies_def, zombies, sarcs, golems_def, golems,
         _mimics_def, mimics, keys, hammer, alerts, hits) = c
        zt, gt, mimic, leftover, mc = self._scoring
        ks = min(sarcs, keys)
        km = min(mimics, keys - ks)
        za = zombies + ks
        defeats = 2 * oozes + skels + za + golems + km
        dice = defeats - min(hammer, oozes)
        q = min(1.0, self._fight_rate * t / dice) if dice else 1.0
        od, sd = oozes_def + q * oozes, skel_def + q * (skels + oozes)
        zd, gd = zombies_def + q * za, golems_def + q * golems
        gain = (od * sd - oozes_def * skel_def
                + _table(zt, zd) - zt[min(4, zombies_def)]
                + _table(gt, gd) - gt[min(4, golems_def)]
                + mimic * q * km)
        lost = q * (skels + oozes + za + 2 * golems + 2 * km + ks)
        coins = q * (mc[0] * oozes + mc[1] * (skels + oozes) + mc[2] * za
                     + mc[3] * golems + mc[4] * km)
        spare = max(0, keys - ks - km)
        spare_hammer = max(0, hammer - oozes)
        die, coin, soon = self._times(t)
        return (gain - leftover * lost + coins * coin - die * q * dice
                + self.mummy(alerts + q * defeats, hits, t, rnd)
                + self._item_use * min(spare + spare_hammer, 6) * soon)

    def mummy(self, alerts: float, hits: int, t: float, rnd: int) -> float:
        """Expected points of the Mummy hits still to make with ``alerts`` marks."""
        squares = min(float(RULES.mummy_rows), alerts / RULES.marks_per_square) - hits
        total = 0.0
        for worth in self._worths(hits, t, rnd):
            if squares <= 0:
                break
            total += min(1.0, squares) * worth
            squares -= 1
        return total

    def _worths(self, hits: int, t: float, rnd: int) -> tuple[float, ...]:
        """What each next Mummy hit is worth, net of its die, while it is worth anything and
        fits the rounds left (remembered per hits, t and round)."""
        key = (hits, t, rnd)
        got = self._worth.get(key)
        if got is None:
            out = []
            die = self.die(t)
            delay, gap = self.t.hit_delay, self.t.hit_gap
            j = 0
            while hits + j < RULES.mummy_rows:
                when = rnd + delay + j * gap
                if when > RULES.rounds:
                    break
                worth = (RULES.mummy_base - when) * RULES.multipliers[hits + j] - die
                if worth <= 0:
                    break
                out.append(worth)
                j += 1
            got = self._worth[key] = tuple(out)
        return got

    # -------------------------------------------------------------- the whole sheet
    def value(self, s, ctx: Context) -> float:
        """The sheet's worth in expected final points (see the module doc)."""
        lines = score_lines(sheet_tallies(s))
        now = sum(lines.values())
        unused = len(s.unused())
        t = self.left(s, unused)
        if s.round >= RULES.rounds and not unused:
            return float(now)            # the last round is over: this is the final score
        die = self.die(t)
        key = (Counts.of(s), t, s.round)
        fut = ctx.memo.get(key)
        if fut is None:
            fut = ctx.memo[key] = self.future(*key)
        value = now + fut
        value += self.coin(t) * min(s.balance, 8 * t)
        value += die * (unused + len(s.carry))
        value += self.marks(s, t)
        key = (s.covered, s.frontier, s.walls)
        reach = ctx.memo.get(key)
        if reach is None:
            reach = ctx.memo[key] = self.reach(s, ctx)
        value += reach + self.openings(s, t)
        return value

    def marks(self, s, t: float) -> float:
        return self.marks_of(s.marks, t)

    def marks_of(self, marks: int, t: float) -> float:
        """Half-done Tile Table rows (one shape of two marked), worth a little while rounds
        are left to finish them."""
        if t < 1:
            return 0.0
        half = 0
        for mask in RULES.row_masks:
            if (marks & mask).bit_count() == 1:
                half += 1
        return self.t.mark * half

    def openings(self, s, t: float) -> float:
        """The remaining openings: the score counts 3 points each; what they will really cost
        is a die, an item use or the penalty near the end, and nothing early on."""
        return self.openings_of(s.frontier.bit_count(),
                                s.items.get("wand", 0) + s.items.get("shovel", 0), t)

    def openings_of(self, n: int, free: int, t: float) -> float:
        """:meth:`openings` of ``n`` remaining openings with ``free`` wand and shovel uses."""
        pen = RULES.scoring["penalty"]
        if t <= 0:
            return 0.0
        late = max(0.0, 1.0 - (t - 1) / self.t.close_rounds)
        return pen * n - self.t.close_cost * late * max(0, n - free)

    def reach(self, s, ctx: Context) -> float:
        """Targets still on the map, each worth its weight times exp(-distance / scale)."""
        return reach_masks(s.board, s.covered, s.frontier, s.walls, s.started, ctx)

    # -------------------------------------------------------------- per decision
    def context(self, s) -> Context:
        """What each target square is worth now, and the distance discount."""
        t = self.left(s)
        if t <= 0:
            return Context(s.round, [], {})
        scale = min(self.t.reach_cap, self.t.reach + self.t.reach_round * t)
        discount = self._discounts.get(scale)
        if discount is None:
            discount = self._discounts[scale] = [math.exp(-d / scale)
                                                 for d in range(self.t.horizon)]
        return Context(s.round, discount, self._weights(s, t))

    def _weights(self, s, t: float) -> dict[int, float]:
        b, c = s.board, tuple(Counts.of(s))
        rnd = s.round
        base = self.future(c, t, rnd)
        left = RULES.scoring["leftover"]

        def more(i: int) -> float:
            return self.future(c[:i] + (c[i] + 1,) + c[i + 1:], t, rnd) - base + left

        pen = RULES.scoring["penalty"]
        kind_value = {"ooze": more(_OOZES), "mimic": more(_MIMICS),
                      "key": more(_KEYS), "sarcophagus": more(_SARCS) + pen}
        ready = more(_GOLEMS) + left        # a pair brings two leftovers, or a defeat
        item = RULES.scoring["magic_item"] + self.t.item_use
        coin = self.coin(t)
        single = left + self.t.pair * ready
        gems = s.gems
        weight: dict[int, float] = {}
        left_ = s.findings_left
        for cell, kind, amount, gem in _finds(b):
            if not left_ >> cell & 1:
                continue
            if amount is not None:
                weight[cell] = 0.0 + coin * amount
            elif gem:
                weight[cell] = 0.0 + (ready if gems & gem else single)
            else:
                weight[cell] = 0.0 + kind_value.get(kind, item)

        def add(cell: int, w: float) -> None:
            weight[cell] = weight.get(cell, 0.0) + w

        cov = s.cov_edges
        for e, i in b.door_edge.items():
            if cov >> e & 1:
                continue
            content = b.map.rooms[i].content
            if content == "sarcophagus":
                w = kind_value["sarcophagus"]
            else:
                w = pen + (ready if s.golems & b.golem_bit(content) else single)
            add(b.edge_cells[e][0], w)
        if s.started:
            table = RULES.scoring["entrances"]
            open_ = [e for e in b.entrance_edge if not cov >> e & 1]
            if open_:
                connected = sum(1 for e in b.entrance_edge
                                if cov >> e & 1 and not s.walls >> e & 1)
                gain = (table[min(connected + len(open_), 4)] - table[min(connected, 4)]) / len(open_)
                for e in open_:
                    add(b.edge_cells[e][0], pen + gain)
        return weight


@functools.lru_cache(maxsize=64)
def _finds(b) -> tuple[tuple[int, str, int | None, int], ...]:
    """The findings of board ``b`` as (square bit, kind, coins (None: not coins), golem bit),
    in square order (kept for the last boards)."""
    rows = []
    for cell in sorted(b.finding_at):
        kind, amount = b.finding_at[cell]
        gem = b.golem_bit(kind) if kind.startswith("golem-") else 0
        rows.append((cell, kind, amount if kind == "coins" else None, gem))
    return tuple(rows)


#: where :meth:`Evaluator._weights` finds each count in a :class:`Counts`
_OOZES, _SARCS, _GOLEMS, _MIMICS, _KEYS = (Counts._fields.index(k) for k in
                                           ("oozes", "sarcs", "golems", "mimics", "keys"))


def reach_masks(b, covered: int, frontier: int, walls: int, started: bool,
                ctx: Context) -> float:
    """:meth:`Evaluator.reach` of a sheet on board ``b`` with these masks."""
    S, HB = b.S, b.HB
    avail = b.free & ~covered
    # hard_masks, inlined: this runs for every candidate move
    h = walls & ((1 << HB) - 1)
    v = walls >> HB
    n, so, we, ea = h & avail, (h >> S) & avail, v & avail, (v >> 1) & avail
    avail &= ~((n & (so | we | ea)) | (so & (we | ea)) | (we & ea))
    targets = ctx.targets & avail
    if not targets:
        return 0.0
    if started:
        fh, fv = frontier & ((1 << HB) - 1), frontier >> HB
        layer = (fh | (fh >> S) | fv | (fv >> 1)) & avail
    else:
        layer = sum(1 << b.cell(e.x, e.y) for e in b.map.entrances) & avail
    rest, total = avail & ~layer, 0.0
    weight = ctx.weight
    for p in ctx.discount:
        if not layer:
            break
        hit = layer & targets
        if hit:
            targets ^= hit
            w = 0.0
            while hit:
                low = hit & -hit
                w += weight[low.bit_length() - 1]
                hit ^= low
            total += p * w
            if not targets:
                break
        layer = ((layer << 1) | (layer >> 1) | (layer << S) | (layer >> S)) & rest
        rest ^= layer
    return total


def hard_squares(s, avail: int) -> int:
    """Unmapped squares with walls on two or more sides: a tile covering one needs an opening
    on each of those sides (placement rule 6), so they are all but lost."""
    return hard_masks(s.board, s.walls, avail)


def hard_masks(b, w: int, avail: int) -> int:
    """:func:`hard_squares` for walls ``w`` on board ``b``."""
    h = w & ((1 << b.HB) - 1)
    v = w >> b.HB
    n, so, we, ea = h & avail, (h >> b.S) & avail, v & avail, (v >> 1) & avail
    return (n & (so | we | ea)) | (so & (we | ea)) | (we & ea)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
