"""Hidden Realms players and the table that names them.

``BOTS`` maps a name to a function making a player: ``random`` (any legal move), ``greedy``
(below), ``planner`` (:mod:`generator.games.realms.bots.plan`, the strong player that searches
each round) and ``quick`` (:mod:`generator.games.realms.bots.quick`, the planner's judgement one
move at a time). ``DEFAULT_PLAYER`` plays ``realms simulate``; ``RATING_PLAYER`` plays the games
that rate maps (:mod:`generator.games.realms.rating`): the fastest player that ranks maps the
way the planner does (benchmarks/realms_rating.py measures the agreement; the greedy player
does not).

The greedy player values every use of every unused die in "points it will probably be worth at the end"
and takes the best: tiles (findings covered, rooms and entrances connected, Tile Table rewards,
openings gained or closed, nearness to what is still to find), fights (coins, the Mummy's '!',
the scoring tables), hits on the Mummy, and near the end closing openings with the wand's
any-die action. It buys or rolls extra dice when coins are worth less than a die's best use, and
spends leftover wand uses on openings in the last round. Candidates are scored with a few mask
operations on the live sheet; nothing is copied or undone.

The players are this package; this module names them. Its modules: :mod:`.plan` (the planner),
:mod:`.quick` (the planner's judgement a move at a time), :mod:`.eval` (what a sheet is worth)
and :mod:`.delta` (what a move would make it worth, without playing it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.core.play import RandomBot
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.legal import fits, shovel_sides, wand_edges
from generator.games.realms.rules.moves import (
    Buy,
    Coin,
    Defeat,
    End,
    Open,
    Place,
    PlaceRoom,
    Roll,
    Shovel,
    Wand,
)

__all__ = ["BOTS", "DEFAULT_PLAYER", "RATING_PLAYER", "GreedyBot", "RandomBot"]


@dataclass(frozen=True)
class Weights:
    """Tuning of the bot (not game facts): values in expected end-of-game points."""

    ooze: float = 4.0
    mimic: float = 3.0
    key: float = 4.0
    golem: float = 3.0
    item: float = 8.0
    sarcophagus: float = 6.0
    gem: float = 3.0
    pair_bonus: float = 3.0        # golem or gem whose partner is already circled
    coin: float = 0.8              # a coin, early in the game
    new_shape: float = 1.5
    row_reward: float = 4.0
    column_reward: float = 4.0
    entrance: float = 3.0
    open_early: float = 0.3        # each opening past the last of `stuck`, early on
    stuck: tuple = (-10.0, -4.0, 0.0, 1.5, 2.5)   # worth of having 0, 1, 2... openings, early
    near: float = 1.5              # each new opening leading toward something to find
    square: float = 0.15           # each square mapped
    late_rounds: int = 5           # from here openings start to look like penalties
    near_steps: int = 2
    shovel_cost: float = 1.0       # a die spent on one square instead of a tile
    item_use: float = 2.5          # what one use of the wand or shovel must gain at least


class GreedyBot:
    """Greedy one-move-ahead bot with hand-tuned values (see the module doc)."""

    name = "greedy"

    def __init__(self, weights: Weights | None = None):
        self.w = weights or Weights()
        self._near_cache: dict = {}

    def choose(self, state, rng):
        s = state.sheets[state.current_player()]
        if s.sarc > s.sarc_open:
            if s.keys_left > 0:
                return Open("key")
            if s.items.get("skeleton-key", 0) > 0:
                return Open("skeleton-key")
        values = sorted(set(s.unused()))
        late = self._late(s)
        free = self._free_items(s, late)
        if free is not None:
            return free
        if not values:
            return self._out_of_dice(s)
        best_score, best_move = -1e9, None
        for v in values:
            score, move = self.best_use(s, v, late)
            if score > best_score:
                best_score, best_move = score, move
        coin_move = self._coin_fix(s, values, best_score, late)
        if coin_move is not None:
            return coin_move
        room = self._room(s, late, best_score)
        if room is None and best_move is None:
            # nothing the values know of (walled in, no frontier): any legal use of a die
            return next(m for m in state.legal_moves() if not isinstance(m, (Coin, Roll, Buy)))
        return room if room is not None else best_move

    # -- values
    def _late(self, s) -> float:
        """0 early, rising to 1 in the last round: how much openings look like penalties."""
        left = RULES.rounds - s.round
        return max(0.0, (self.w.late_rounds - left) / self.w.late_rounds)

    def _coin_value(self, late: float) -> float:
        return self.w.coin * (1 - late)

    def _alert_value(self, s) -> float:
        if s.alerts >= RULES.max_alerts:
            return 0.0
        square = s.alerts // RULES.marks_per_square
        left = RULES.mummy_base - s.round - 2
        return max(0.0, 0.5 * left * RULES.multipliers[min(square, 5)] / RULES.marks_per_square)

    def fight_value(self, s, v: int, late: float) -> tuple[float, object]:
        """Best fight a die of value ``v`` can make now, as (value, move)."""
        monster = RULES.die_monster.get(v)
        coin, alert = self._coin_value(late), self._alert_value(s)
        sc = RULES.scoring
        if monster == "mummy":
            if len(s.hits) < min(RULES.mummy_rows, s.alerts // RULES.marks_per_square):
                return (RULES.mummy_base - s.round) * RULES.multipliers[len(s.hits)], \
                    Defeat("mummy")
            return -1e9, None
        gain = coin * (RULES.monster_coins.get(monster, 0) if monster else 0) + alert
        if monster == "ooze" and s.oozes > s.oozes_def:
            hammer = s.items.get("hammer", 0) > 0
            value = gain + s.skel_def.bit_count() + 1.5 + (s.oozes_def + 1 + gain if hammer else 0)
            return value, Defeat("ooze", "hammer" if hammer else "")
        if monster == "skeleton" and s.skel_def.bit_count() < s.oozes_def:
            return gain + s.oozes_def - 1, Defeat("skeleton")
        if monster == "zombie" and s.zombies_def < s.sarc_open:
            n = s.zombies_def
            return gain + sc["zombies"][n + 1] - sc["zombies"][n] - 1, Defeat("zombie")
        if monster == "golem":
            ready = s.golems & s.gems & ~s.golems_def
            if ready:
                n = s.golems_def.bit_count()
                colour = RULES.colours[(ready & -ready).bit_length() - 1]
                return gain + sc["golems"][n + 1] - sc["golems"][n] - 2, Defeat(f"golem-{colour}")
        if monster == "mimic" and s.mimics > s.mimics_def:
            tool = "key" if s.keys_left > 0 else (
                "skeleton-key" if s.items.get("skeleton-key", 0) > 0 else "")
            if tool:
                spare = 0 if s.sarc > s.sarc_open else 1   # keys not needed by sarcophagi
                return gain + sc["mimic"] - 2 + spare, Defeat("mimic", tool)
        return -1e9, None

    def best_use(self, s, v: int, late: float) -> tuple[float, object]:
        """The best use of one die of value ``v``: a tile, a fight, the shovel's square or the
        wand's wall (both any-die actions)."""
        best, move = self.fight_value(s, v, late)
        score, tile = self.best_tile(s, s.board.by_side[v], late)
        if score > best:
            best, move = score, Place(v, tile[0].code, tile[0].turn, tile[1], tile[2])
        score, square = self.best_tile(s, s.board.shovel_by_side, late, bare=True)
        if score - self.w.shovel_cost > best:
            best, move = score - self.w.shovel_cost, _shovel_move(square, v)
        wand = self.wand_use(s, v, late, stuck=tile is None and square is None)
        if wand is not None and wand[0] > best:
            best, move = wand
        return best, move

    def best_tile(self, s, by_side, late: float, bare: bool = False):
        """(score, (mask, x, y)) of the best tile among ``by_side`` orientations."""
        w, b = self.w, s.board
        near, roomy = self._near(s), self._roomy(s)
        worth = self._openings_worth(late)
        frontier, fresh, left = s.frontier, s.fresh, s.findings_left
        base = worth(frontier.bit_count(), (frontier & roomy).bit_count())
        best, pick = -1e9, None
        for tm, x, y, sh in fits(s, by_side, bare):
            opens = tm.opens << sh
            edges = tm.edges << sh
            new = opens & fresh
            after = (frontier & ~edges) | new
            score = (w.square * tm.ncells + worth(after.bit_count(), (after & roomy).bit_count())
                     - base + w.near * (new & near).bit_count())
            hit = (tm.cells << sh) & left
            if hit:
                score += self._findings_value(s, hit, late)
            if edges & (b.entrances | b.doors):
                score += self._doors_value(s, opens, (tm.walls << sh), late)
            if tm.shape_id >= 0 and not s.marks >> tm.shape_id & 1:
                score += self._table_value(s, tm.shape_id)
            if score > best:
                best, pick = score, (tm, x, y)
        return best, pick

    def _openings_worth(self, late: float):
        """What the remaining openings are worth: early, too few with room behind them means
        being stuck soon; late, each one is a penalty to come."""
        stuck, extra = self.w.stuck, self.w.open_early
        pen = RULES.scoring["penalty"]

        def worth(n: int, good: int) -> float:
            head = stuck[good] if good < len(stuck) else stuck[-1] + extra * (good - len(stuck) + 1)
            return head * (1 - late) - pen * n * late
        return worth

    def _roomy(self, s) -> int:
        """Edges facing uncovered free squares that still have two or more unexplored sides:
        openings there lead somewhere a tile can go."""
        key = ("roomy", id(s), s.version)
        found = self._near_cache.get(key)
        if found is None:
            b, f = s.board, s.fresh
            a, c = f & b.free, (f >> b.S) & b.free                 # N, S sides of each square
            d, e = (f >> b.HB) & b.free, (f >> (b.HB + 1)) & b.free  # W, E sides
            cells = (a & c) | (a & d) | (a & e) | (c & d) | (c & e) | (d & e)
            cells &= ~s.covered
            found = cells | (cells << b.S) | (cells << b.HB) | (cells << (b.HB + 1))
            self._near_cache[key] = found
        return found

    def _findings_value(self, s, hit: int, late: float) -> float:
        w, at, total = self.w, s.board.finding_at, 0.0
        while hit:
            low = hit & -hit
            kind, amount = at[low.bit_length() - 1]
            hit ^= low
            if kind == "coins":
                total += amount * self._coin_value(late) + 0.2
            elif kind.startswith("golem-"):
                total += w.golem + (w.pair_bonus if s.gems & s.board.golem_bit(kind) else 0)
            else:
                total += getattr(w, kind, w.item) if kind in ("ooze", "mimic", "key") else w.item
        return total

    def _doors_value(self, s, opens: int, walls: int, late: float) -> float:
        b, w, pen, total = s.board, self.w, RULES.scoring["penalty"], 0.0
        for e, i in b.door_edge.items():
            if s.cov_edges >> e & 1:
                continue
            content = b.map.rooms[i].content
            value = w.sarcophagus if content == "sarcophagus" else w.gem + (
                w.pair_bonus if s.golems & b.golem_bit(content) else 0)
            if opens >> e & 1:
                total += value + pen
            elif walls >> e & 1:
                total += pen * late - value * (1 - late)
        connected = sum(1 for e in b.entrance_edge
                        if s.cov_edges >> e & 1 and not s.walls >> e & 1)
        table = RULES.scoring["entrances"]
        for e in b.entrance_edge:
            if s.cov_edges >> e & 1:
                continue
            if opens >> e & 1:
                total += table[min(connected + 1, 4)] - table[connected] + pen + w.entrance
                connected += 1
            elif walls >> e & 1:
                total += pen * late
        return total

    def _table_value(self, s, sid: int) -> float:
        w, marks = self.w, s.marks | (1 << sid)
        value = w.new_shape
        row = RULES.row_masks[sid // RULES.ncolumns]
        col = RULES.col_masks[sid % RULES.ncolumns]
        if marks & row == row:
            value += w.row_reward
        if marks & col == col:
            value += w.column_reward
        return value

    def _near(self, s) -> int:
        """Edges of squares within a few steps of something still to find."""
        key = (id(s.board), s.findings_left, s.rooms_done)
        found = self._near_cache.get(key)
        if found is None:
            if len(self._near_cache) > 256:
                self._near_cache.clear()
            halos = _halos(s.board, self.w.near_steps)
            found = 0
            for cell, halo in halos[0].items():
                if s.findings_left >> cell & 1:
                    found |= halo
            for i, halo in halos[1].items():
                if not s.rooms_done >> i & 1:
                    found |= halo
            self._near_cache[key] = found
        return found

    def wand_use(self, s, pay: int, late: float, stuck: bool = False):
        """The wand's best wall: close an opening (late), erase a wall to open a way toward
        room (when ``stuck``: no tile fits), or a harmless wall (every die must be used)."""
        b = s.board
        n, roomy = s.frontier.bit_count(), self._roomy(s)
        good = (s.frontier & roomy).bit_count()
        worth = self._openings_worth(late)
        options = []
        if s.frontier:
            dull = s.frontier & ~roomy or s.frontier
            e = (dull & -dull).bit_length() - 1
            options.append((worth(n - 1, good - (roomy >> e & 1)) - worth(n, good) - 0.1, e, True))
        if stuck and late < 0.5:
            near = self._near(s)
            gain = worth(n + 1, good + 1) - worth(n, good) - 0.2
            for e in wand_edges(s, s.walls & s.cov_edges & roomy & ~b.blocked_edges)[1]:
                a, c = b.edge_cells[e]
                if c >= 0 and not (s.covered >> a & 1 and s.covered >> c & 1):
                    options.append((gain + self.w.near * (near >> e & 1), e, False))
        if not options:
            harmless = s.cov_edges & ~s.walls & ~s.cut_walls() & ~(b.entrances | b.doors | s.frontier)
            if harmless:
                options.append((-5.0, (harmless & -harmless).bit_length() - 1, True))
        if not options:
            return None
        score, e, flag = max(options)
        x, y, side = b.edge_name(e)
        return score, Wand(x, y, side, flag, pay)

    # -- coins, extra dice, the 3x3 room
    def _coin_fix(self, s, values, best: float, late: float):
        """Spend coins to turn a die into a fight worth more than its best use."""
        if s.balance < RULES.coin_adjust:
            return None
        for target in range(1, RULES.faces + 1):
            gain, _ = self.fight_value(s, target, late)
            if gain < 0:
                continue
            for v in values:
                up = (target - v) % RULES.faces
                down = (v - target) % RULES.faces
                steps = min(up, down)
                if 0 < steps <= s.balance and steps <= 2:
                    if gain - steps * (self._coin_value(late) + 0.5) > best + 1:
                        return Coin(v, 1 if up <= down else -1)
        return None

    def _free_items(self, s, late: float):
        """Item uses cost no die: the shovel's square when it is worth it, the wand's wall
        when it closes an opening in the end or opens a way when stuck."""
        if s.items.get("shovel", 0) > 0:
            score, square = self.best_tile(s, s.board.shovel_by_side, late, bare=True)
            if square is not None and score > self.w.item_use:
                return _shovel_move(square, 0)
        if s.items.get("wand", 0) > 0:
            wand = self.wand_use(s, 0, late, stuck=not s.frontier & self._roomy(s))
            if wand is not None and wand[0] > self.w.item_use:
                return wand[1]
        return None

    def _out_of_dice(self, s):
        late = self._late(s)
        if s.free_slots():
            if s.balance >= RULES.coin_buy:
                value, v = max((self.best_use(s, v, late)[0], v)
                               for v in range(1, RULES.faces + 1))
                if value > RULES.coin_buy * self._coin_value(late) + 1:
                    return Buy(v)
            elif s.balance >= RULES.coin_roll and late > 0.5:
                return Roll()
        return End()

    def _room(self, s, late: float, best: float):
        dice = s.unused()
        if len(dice) < RULES.room_dice:
            return None
        score, pick = self.best_tile(s, s.board.room_by_side, late)
        low = sorted(dice)[:2]
        if pick is None or score < best + 2 * max(1.0, best * 0.5):
            return None
        return PlaceRoom((low[0], low[1]), pick[1], pick[2])


def _shovel_move(square, pay: int) -> Shovel:
    tm, x, y = square
    return Shovel(x, y, shovel_sides(tm), pay)


_HALOS: dict = {}


def _halos(board, steps: int):
    """Per finding square and per room door: edges of the free squares within ``steps``."""
    key = (id(board), steps)
    if key not in _HALOS:
        finds = {cell: _halo(board, cell, steps) for cell in board.finding_at}
        rooms = {}
        for e, i in board.door_edge.items():
            rooms[i] = _halo(board, board.edge_cells[e][0], steps)
        _HALOS[key] = (finds, rooms)
    return _HALOS[key]


def _halo(board, start: int, steps: int) -> int:
    seen, todo, mask = {start}, deque([(start, 0)]), 0
    while todo:
        cell, d = todo.popleft()
        x, y = board.xy(cell)
        for s in "NESW":
            mask |= 1 << board.edge(x, y, s)
        if d == steps:
            continue
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            n = board.cell(nx, ny)
            if board.inside(nx, ny) and board.free >> n & 1 and n not in seen:
                seen.add(n)
                todo.append((n, d + 1))
    return mask


def _planner():
    from generator.games.realms.bots.plan import PlannerBot

    return PlannerBot()


def _quick():
    from generator.games.realms.bots.quick import QuickBot

    return QuickBot()


#: The players ``--player`` names (the same names for the same kind of bot in every game; a
#: function making a fresh player: modules beyond this one load on first use), the one that
#: plays when none is named, and the one that rates maps.
BOTS: dict[str, Callable[[], Any]] = {"random": RandomBot, "greedy": GreedyBot,
                                     "planner": _planner, "quick": _quick}
DEFAULT_PLAYER = "planner"
RATING_PLAYER = "quick"
