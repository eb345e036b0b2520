"""What a move would make a sheet worth, without playing it on a copy.

The quick player values every candidate move by the planner's estimate of the sheet after it
(:meth:`~generator.games.realms.bots.eval.Evaluator.value`). Playing a candidate on a copy of
the sheet and valuing the copy is exact but slow. A move's effect is a few mask operations and
counts — the squares, walls and openings a tile draws, the rooms and findings it reaches, the
Tile Table mark and its reward, a fight's reward and the Mummy's '!', the die, key, coin or item
use that pays — so :class:`Prospect` reads the sheet once per decision, works out those changes
and values the result with the evaluator's own terms, in the same order: the number is the very
number ``value`` gives the played copy (a test compares them move by move). Candidates come from
the engine's own generators and the quick player's checks, which only list legal moves; what
they cannot know (an item use with no use left) is refused here as the engine would refuse it.
"""

from __future__ import annotations

import functools

from generator.games.realms.bots.eval import Context, Evaluator, reach_masks
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.scoring import mummy_points


class Prospect:
    """One sheet's numbers, read once per decision, and the value of a move played on them."""

    def __init__(self, s, ev: Evaluator, ctx: Context):
        b = s.board
        self.s, self.ev, self.ctx, self.b = s, ev, ctx, b
        self.unused = len(s.unused())
        self.carry = len(s.carry)
        self.slots_full = len(s.slots) >= RULES.slots
        items = s.items
        #: uses left of the wand and the shovel, of the hammer and of the skeleton key
        self.tools = items.get("wand", 0) + items.get("shovel", 0)
        self.hammer = items.get("hammer", 0)
        self.skeleton = items.get("skeleton-key", 0)
        # what a fight changes (a tile, a square or a wall leaves these alone)
        self.oozes_def, self.skel_def, self.zombies_def = s.oozes_def, s.skel_def, s.zombies_def
        self.golems_def, self.mimics_def, self.sarc_open = s.golems_def, s.mimics_def, s.sarc_open
        self.keys_used, self.coins, self.coins_spent = s.keys_used, s.coins, s.coins_spent
        self.alerts, self.hits = s.alerts, tuple(s.hits)
        sc = RULES.scoring
        self.entrance_table = sc["entrances"]
        self.top_entrances = len(self.entrance_table) - 1
        self.item_points, self.leftover, self.penalty = (sc["magic_item"], sc["leftover"],
                                                          sc["penalty"])
        self.rounds_left = RULES.rounds - s.round
        self.last = s.round >= RULES.rounds
        self.per_die = RULES.slots - 1           # a round's unused dice: part of a round
        self.row_masks = RULES.row_masks
        self.mark, self.close_rounds, self.close_cost = (ev.t.mark, ev.t.close_rounds,
                                                         ev.t.close_cost)
        self.gem_of, self.golem_bits = _colours(b)
        #: the best value found so far by the caller: a move surely below it is not valued
        #: (None: every move is)
        self.floor: float | None = None
        self._derive()

    def _derive(self) -> None:
        """The numbers every value needs that only a fight changes."""
        sc = RULES.scoring
        sd = self.skel_def.bit_count()
        gd = self.golems_def.bit_count()
        od, zd = self.oozes_def, self.zombies_def
        zt, gt = sc["zombies"], sc["golems"]
        #: the scoring lines of defeats and hits (a tile, a square or a wall cannot change
        #: them), as rules.scoring.score_lines counts them
        self.fixed = (od * sd + zt[min(zd, len(zt) - 1)] + gt[min(gd, len(gt) - 1)]
                      + sc["mimic"] * self.mimics_def + sum(mummy_points(list(self.hits))))
        self.sd, self.gd = sd, gd
        # leftovers: defeated oozes' skeletons, opened sarcophagi's zombies
        self.left_fixed = (od - sd) + (self.sarc_open - zd)
        # the parts of the Counts a tile, a square or a wall cannot change
        self.head = (od,)
        self.mid = (sd, od - sd, zd, self.sarc_open - zd)
        self.tail = (self.alerts, len(self.hits))

    # ------------------------------------------------------------------ moves
    def stay(self) -> float:
        """The value of the sheet as it is."""
        s = self.s
        return self._value(s.covered, s.frontier, s.walls, s.cov_edges, s.sarc, s.gems,
                           s.oozes, s.mimics, s.keys, self.coins, s.golems, len(s.items),
                           self.unused, self.carry, s.marks, s.started, self.tools,
                           self.hammer, self.skeleton)

    def tile(self, tm, sh: int, sid: int = -1, pay: int = 1, item: str = "") -> float | None:
        """The value after laying mask ``tm`` at shift ``sh``: a Tile Table shape (``sid``, its
        mark) paid with a die, or a Shovel square paid with a die (``pay`` > 0) or a use of
        ``item`` (``pay`` 0; None when it has no use left)."""
        s, b = self.s, self.b
        items = s.items
        tools, hammer, skeleton = self.tools, self.hammer, self.skeleton
        if pay == 0:
            if items.get(item, 0) <= 0:
                return None
            tools -= 1
        cells, opens, edges = tm.cells << sh, tm.opens << sh, tm.edges << sh
        covered = s.covered | cells
        frontier = (s.frontier & ~edges) | (opens & s.fresh)
        walls = s.walls | (tm.walls << sh) | (opens & b.blocked_edges)
        cov_edges = s.cov_edges | edges
        sarc, gems = s.sarc, s.gems
        oozes, mimics, keys, coins, golems = s.oozes, s.mimics, s.keys, self.coins, s.golems
        nitems = len(items)
        reached = opens & b.doors
        if reached:
            done = s.rooms_done
            while reached:
                low = reached & -reached
                reached ^= low
                index = b.door_edge[low.bit_length() - 1]
                if done >> index & 1:
                    continue
                done |= 1 << index
                gem = self.gem_of[index]
                if gem:
                    gems |= gem
                else:
                    sarc = min(sarc + 1, RULES.cap_sarcophagi)
        hit = cells & s.findings_left
        if hit:
            at = b.finding_at
            new: tuple = ()
            while hit:
                low = hit & -hit
                hit ^= low
                kind, amount = at[low.bit_length() - 1]
                if kind == "ooze":
                    oozes = min(oozes + 1, RULES.cap_oozes)
                elif kind == "mimic":
                    mimics = min(mimics + 1, RULES.cap_mimics)
                elif kind == "key":
                    keys = min(keys + 1, RULES.cap_keys)
                elif kind == "coins":
                    coins = min(coins + amount, RULES.cap_coins)
                elif kind in self.golem_bits:
                    golems |= self.golem_bits[kind]
                elif kind not in items and kind not in new:
                    new += (kind,)
                    nitems += 1
                    if kind == "wand" or kind == "shovel":
                        tools += RULES.item_uses
                    elif kind == "hammer":
                        hammer = RULES.item_uses
                    elif kind == "skeleton-key":
                        skeleton = RULES.item_uses
        unused, carry, marks = self.unused, self.carry, s.marks
        if pay:
            unused -= 1
        if sid >= 0 and not marks >> sid & 1:
            marks |= 1 << sid
            for r, mask in enumerate(RULES.row_masks):
                if marks & mask == mask and not s.rows_done >> r & 1:
                    if self.slots_full:
                        carry += 1
                    else:
                        unused += 1
            for c, mask in enumerate(RULES.col_masks):
                if marks & mask == mask and not s.cols_done >> c & 1:
                    keys = min(keys + RULES.column_keys, RULES.cap_keys)
        return self._value(covered, frontier, walls, cov_edges, sarc, gems, oozes, mimics,
                           keys, coins, golems, nitems, unused, carry, marks, True, tools,
                           hammer, skeleton, not opens & s.fresh and s.started)

    def wall(self, e: int, add: bool, pay: int) -> float | None:
        """The value after the Wand adds (``add``) or erases the wall on edge ``e`` (checked by
        the caller's generator), paid with a die (``pay`` > 0) or a wand use (None when none is
        left)."""
        s, b = self.s, self.b
        tools = self.tools
        if pay == 0:
            if s.items.get("wand", 0) <= 0:
                return None
            tools -= 1
        bit = 1 << e
        frontier, walls, sarc, gems = s.frontier, s.walls, s.sarc, s.gems
        if add:
            walls |= bit
            frontier &= ~bit
        else:
            walls &= ~bit
            a, c = b.edge_cells[e]
            if c < 0:
                index = b.door_edge.get(e)
                if index is not None and not s.rooms_done >> index & 1:
                    gem = self.gem_of[index]
                    if gem:
                        gems |= gem
                    else:
                        sarc = min(sarc + 1, RULES.cap_sarcophagi)
            elif not (s.covered >> a & 1 and s.covered >> c & 1):
                frontier |= bit
        return self._value(s.covered, frontier, walls, s.cov_edges, sarc, gems, s.oozes,
                           s.mimics, s.keys, self.coins, s.golems, len(s.items),
                           self.unused - (pay > 0), self.carry, s.marks, s.started, tools,
                           self.hammer, self.skeleton, add)

    def fight(self, target: str, tool: str = "", paid: int = 0, bought: bool = False) -> float:
        """The value after a die defeats ``target`` (``tool``: the hammer on an ooze, a key or
        the skeleton key on a mimic), checked by the caller; ``paid`` coins were spent first
        to change that die or, ``bought``, to buy it."""
        p = self._copy()
        p.coins_spent += paid
        p.unused -= not bought
        kind = "golem" if target.startswith("golem-") else target
        if kind == "mummy":
            p.hits += (self.s.round,)
        else:
            if kind == "ooze":
                if tool == "hammer":
                    p.hammer -= 1
                    p.skel_def |= 1 << p.oozes_def
                p.oozes_def += 1
            elif kind == "skeleton":
                free = next(i for i in range(p.oozes_def) if not p.skel_def >> i & 1)
                p.skel_def |= 1 << free
            elif kind == "zombie":
                p.zombies_def += 1
            elif kind == "golem":
                p.golems_def |= self.golem_bits[target]
            else:
                p._use_key(tool)
                p.mimics_def += 1
            p._reward(kind)
            if tool == "hammer":
                p._reward("skeleton")
        p._derive()
        return p.stay()

    def open(self, tool: str) -> float:
        """The value after a key (or the skeleton key) opens a circled sarcophagus."""
        p = self._copy()
        p._use_key(tool)
        p.sarc_open += 1
        p._derive()
        return p.stay()

    def _copy(self) -> Prospect:
        p = object.__new__(Prospect)
        p.__dict__ = self.__dict__.copy()
        return p

    def _use_key(self, tool: str) -> None:
        if tool == "key":
            self.keys_used += 1
        else:
            self.skeleton -= 1

    def _reward(self, kind: str) -> None:
        self.coins = min(self.coins + RULES.monster_coins[kind], RULES.cap_coins)
        self.alerts = min(self.alerts + 1, RULES.max_alerts)

    # ------------------------------------------------------------------ the estimate
    def _value(self, covered, frontier, walls, cov_edges, sarc, gems, oozes, mimics, keys,
               coins, golems, nitems, unused, carry, marks, started, tools, hammer,
               skeleton, bounded: bool = False) -> float | None:
        """:meth:`Evaluator.value` of the sheet with these numbers (``tools``: wand and shovel
        uses left, ``hammer`` and ``skeleton`` the hammer's and the skeleton key's). With
        ``bounded`` (the move's squares and openings reach no target sooner than the sheet's)
        and a ``floor`` set, None when the value surely lies below the floor."""
        b, ev = self.b, self.ev
        gdef = self.golems_def
        keys_left = keys - self.keys_used
        nfront = frontier.bit_count()
        open_ = ~cov_edges
        connected = (b.entrances & cov_edges & ~walls).bit_count()
        od, sarc_open, md = self.oozes_def, self.sarc_open, self.mimics_def
        now = (self.fixed + self.item_points * nitems
               + self.leftover * (oozes - od + self.left_fixed + sarc - sarc_open
                                  + (golems & ~gdef).bit_count() + (gems & ~gdef).bit_count()
                                  + mimics - md + keys_left)
               + self.entrance_table[min(connected, self.top_entrances)]
               - self.penalty * (nfront + (b.entrances & open_).bit_count()
                                 + (b.doors & open_).bit_count()))
        if self.last and not unused:
            return float(now)
        t = self.rounds_left + unused / self.per_die
        counts = (self.head + (oozes - od,) + self.mid + (sarc - sarc_open, self.gd,
                  (golems & gems & ~gdef).bit_count(), md, mimics - md, keys_left + skeleton,
                  hammer) + self.tail)
        rnd = self.s.round
        memo = self.ctx.memo
        key = (counts, t, rnd)
        fut = memo.get(key)
        if fut is None:
            fut = memo[key] = ev.future(counts, t, rnd)
        # Evaluator.value's terms, in its order (coin, die, marks_of and openings_of inlined)
        value = now + fut
        value += ev.coin(t) * min(coins - self.coins_spent, 8 * t)
        value += ev.die(t) * (unused + carry)
        if t < 1:
            value += 0.0
        else:
            half = 0
            for mask in self.row_masks:
                if (marks & mask).bit_count() == 1:
                    half += 1
            value += self.mark * half
        if t <= 0:
            closing = 0.0
        else:
            late = 1.0 - (t - 1) / self.close_rounds
            late = max(late, 0.0)
            closing = self.penalty * nfront - self.close_cost * late * max(0, nfront - tools)
        if bounded and self.floor is not None:
            # a move that opens nothing new and maps no square more reaches no target sooner
            # than the sheet as it is: if even that reach cannot lift it above the best move
            # so far, it is not the move (the margin covers rounding)
            if value + (self.parent_reach() + closing) < self.floor - 1e-9 * (1 + abs(self.floor)):
                return None
        key = (covered, frontier, walls)
        reach = memo.get(key)
        if reach is None:
            reach = memo[key] = reach_masks(b, covered, frontier, walls, started, self.ctx)
        value += reach + closing
        return value

    def parent_reach(self) -> float:
        """The reach of the sheet as it is (see :meth:`_value`)."""
        s = self.s
        key = (s.covered, s.frontier, s.walls)
        memo = self.ctx.memo
        reach = memo.get(key)
        if reach is None:
            reach = memo[key] = reach_masks(self.b, s.covered, s.frontier, s.walls, s.started,
                                            self.ctx)
        return reach


@functools.lru_cache(maxsize=64)
def _colours(b) -> tuple[tuple[int, ...], dict[str, int]]:
    """Board ``b``'s golem/gem bits: each room's (0 for a sarcophagus), and each golem kind's
    (kept for the last boards)."""
    rooms = tuple(0 if r.content == "sarcophagus" else b.golem_bit(r.content)
                  for r in b.map.rooms)
    return rooms, {f"golem-{c}": b.golem_bit(f"golem-{c}") for c in RULES.colours}
