"""The planner: a Hidden Realms player that plans each round over its dice.

At the start of a round (and again after anything it could not foresee: a die rolled with
coins) the planner searches the round: from the sheet as it is, every move the engine's
``legal_moves`` allows (less the wand and shovel moves that cannot help, see
:func:`useful`) is tried on a copy of the sheet and the copy valued by
:class:`~generator.games.realms.bots.eval.Evaluator`; the best ``beam`` partial rounds go on
to the next move, until every die is used. The best finished round is the plan, played move by
move while the sheet is what the plan expected. Dice bought with coins are part of the search
(their value is chosen); a rolled die is valued at its average and the round is searched again
once it is known.

Every move the planner plays comes from ``legal_moves`` and is applied by the engine, so a rule
change reaches the planner without a change here. Decisions use no randomness: the same dice
give the same game.
"""

from __future__ import annotations

import types
from dataclasses import dataclass

from generator.core.errors import RuleError
from generator.games.realms.bots.eval import Evaluator, Tuning, hard_squares
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.legal import legal_moves
from generator.games.realms.rules.moves import Defeat, End, Place, PlaceRoom, Roll, Shovel, Wand


@dataclass(frozen=True)
class Search:
    """How wide and deep the planner searches a round."""

    beam: int = 4                  # partial rounds kept after each move
    depth: int = 9                 # moves looked at in one round, at most
    close_rounds: int = 3          # rounds left from which the wand closes any opening


def clone(sheet):
    """An independent copy of a sheet that the search may play on: lists, dicts and sets are
    copied, handler tables (bound methods) answer for the copy, and rolling a die forbidden.
    Which attributes need copying is learnt once per sheet class from the first sheet."""
    cls = type(sheet)
    plan = _COPY_PLAN.get(cls)
    if plan is None:
        plan = _COPY_PLAN[cls] = _copy_plan(sheet)
    new = object.__new__(cls)
    d = sheet.__dict__.copy()
    for key, handlers in plan:
        d[key] = _Rebound(handlers, new) if handlers is not None else d[key].copy()
    d["roll_extra"] = _no_roll
    new.__dict__ = d
    return new


class _Rebound(dict):
    """A table of methods bound on demand to one copy (most copies call one or two)."""

    def __init__(self, functions: dict, owner):
        super().__init__(functions)
        self.owner = owner

    def get(self, key, default=None):
        f = dict.get(self, key)
        return default if f is None else types.MethodType(f, self.owner)

    def __getitem__(self, key):
        return types.MethodType(dict.__getitem__(self, key), self.owner)


_COPY_PLAN: dict[type, list[tuple[str, dict | None]]] = {}


def _copy_plan(sheet) -> list[tuple[str, dict | None]]:
    """Every list, set or dict of the sheet: (attribute, None) to copy it, or (attribute, its
    functions) for a table of the sheet's own bound methods."""
    plan: list[tuple[str, dict | None]] = []
    for key, value in sheet.__dict__.items():
        if isinstance(value, (list, set)):
            plan.append((key, None))
        elif isinstance(value, dict):
            first = next(iter(value.values()), None)
            bound = getattr(first, "__self__", None) is sheet
            plan.append((key, {k: f.__func__ for k, f in value.items()} if bound else None))
    return plan


def _no_roll():
    raise RuleError("a planned copy of a sheet cannot roll dice")


def _signature(s) -> tuple:
    """What tells two planned sheets apart (moves in another order often meet again)."""
    return (s.covered, s.walls, s.frontier, tuple(sorted(s.unused())), len(s.carry),
            s.coins_spent, s.keys_used, s.defeats, s.oozes_def, s.skel_def, s.sarc_open,
            s.golems_def, s.mimics_def, len(s.hits), tuple(sorted(s.items.items())), s.marks)


#: rounds left from which the wand closes dead ends (before, an opening costs nothing yet)
DEAD_END_ROUNDS = 6


def useful(s, moves: list, close_rounds: int) -> list:
    """The moves worth searching: every tile, fight, coin and room move; the wand where it
    closes a remaining opening (in the last ``close_rounds`` rounds, or a dead end's in the
    last ``DEAD_END_ROUNDS``, when openings start to cost) or, when no tile fits, opens one of
    the best walls of :func:`ways_out`; the shovel where it is worth a die
    (:func:`worth_a_square`) and none of its openings faces a dead end of its own. The wand and
    the shovel are paid with an item use or the die least needed. If that leaves no use for the
    dice, every legal move is kept."""
    out = []
    left = RULES.rounds - s.round
    late = left < close_rounds
    b = s.board
    avail = b.free & ~s.covered
    good = avail & ~hard_squares(s, avail)
    dead = 0 if late or left > DEAD_END_ROUNDS else dead_ends(s, avail & ~good)
    stuck = bool(s.unused()) and not any(type(m) in (Place, PlaceRoom) for m in moves)
    pays = _spare_dice(s, moves)
    ways = set(ways_out(s, {s.edge_of(m.x, m.y, m.side) for m in moves
                            if type(m) is Wand and not m.add}, good)) if stuck else set()
    for mv in moves:
        kind = type(mv)
        if kind is Wand:
            if mv.pay not in pays:
                continue
            e = s.edge_of(mv.x, mv.y, mv.side)
            if mv.add:
                if not (s.frontier >> e & 1 and (late or dead >> e & 1)):
                    continue
            elif e not in ways:
                continue
        elif kind is Shovel and (mv.pay not in pays
                                 or not worth_a_square(s, mv.x, mv.y, mv.open, late, stuck)
                                 or not _leads_on(s, mv.x, mv.y, mv.open, good)):
            continue
        out.append(mv)
    if s.unused() and not any(_uses_die(m) for m in out):
        return moves               # keep every way of using the dice
    return out


def _uses_die(mv) -> bool:
    kind = type(mv)
    if kind is Wand or kind is Shovel:
        return mv.pay != 0
    return kind in (Place, PlaceRoom, Defeat)


def _spare_dice(s, moves: list) -> set[int]:
    """What the wand and shovel may be paid with: an item use, and the die least needed — one
    that beats no monster and places the fewest tiles (dice of one value are alike)."""
    tiles: dict[int, int] = {}
    for m in moves:
        if type(m) is Place:
            tiles[m.die] = tiles.get(m.die, 0) + 1
    fights = {RULES.monster_die["golem" if m.target.startswith("golem-") else m.target]
              for m in moves if type(m) is Defeat}
    values = set(s.unused())
    if not values:
        return {0}
    return {0, min(values, key=lambda v: (v in fights, tiles.get(v, 0), v))}


def dead_ends(s, lost: int) -> int:
    """Remaining openings facing a ``lost`` square (one a tile can no longer cover)."""
    b = s.board
    f = s.frontier
    fh, fv = f & ((1 << b.HB) - 1), f >> b.HB
    h_dead = fh & (lost | (lost << b.S))       # the square below or above a top edge
    v_dead = fv & (lost | (lost << 1))         # the square right or left of a left edge
    return h_dead | (v_dead << b.HB)


#: walls the wand may try to erase when no tile fits (the nearest to something to find)
WAYS_OUT = 3


def ways_out(s, erasable, good: int) -> list[int]:
    """Among walls the wand may erase, the few worth trying when no tile fits: those opening a
    door or an entrance first, then those whose new opening faces a coverable square, nearest
    to a finding, an open room or an open entrance (distance in squares, by bit layers; ties
    by edge number)."""
    b = s.board
    doors = b.doors | b.entrances
    keep = [e for e in erasable if _opens_way(s, e, good)]
    out = sorted(e for e in keep if doors >> e & 1)
    if len(out) >= WAYS_OUT:
        return out[:WAYS_OUT]
    fronts = []
    for e in keep:
        if not doors >> e & 1:
            a, c = b.edge_cells[e]
            fronts.append((e, 1 << (c if s.covered >> a & 1 else a)))
    targets = s.findings_left & good
    for e in b.door_edge:
        if not s.cov_edges >> e & 1:
            targets |= 1 << b.edge_cells[e][0]
    for e in b.entrance_edge:
        if not s.cov_edges >> e & 1:
            targets |= 1 << b.edge_cells[e][0]
    seen = layer = targets & good
    for _ in range(8):                  # the walls whose front lies this far from a target
        if not fronts:
            break
        out += sorted(e for e, front in fronts if seen & front)
        if len(out) >= WAYS_OUT:
            return out[:WAYS_OUT]
        fronts = [(e, front) for e, front in fronts if not seen & front]
        layer = ((layer << 1) | (layer >> 1) | (layer << b.S) | (layer >> b.S)) & good & ~seen
        seen |= layer
    out += sorted(e for e, _ in fronts)
    return out[:WAYS_OUT]


def _opens_way(s, e: int, good: int) -> bool:
    """Would erasing wall ``e`` open a door, an entrance, or a way to a coverable square?"""
    b = s.board
    if (b.doors | b.entrances) >> e & 1:
        return True
    a, c = b.edge_cells[e]
    return c >= 0 and bool((good >> a | good >> c) & 1)


def worth_a_square(s, x: int, y: int, sides: str, late: bool, stuck: bool) -> bool:
    """Is a one-square room on (x, y) with openings ``sides`` worth a move? When it holds a
    finding, reaches a door or an entrance, closes an opening near the end (one opening), or
    nothing else fits; elsewhere a tile maps more for the same die and a lone square only walls
    its neighbours in."""
    b = s.board
    if stuck or s.findings_left >> b.cell(x, y) & 1:
        return True
    if late and len(sides) == 1:
        return True
    doors = b.doors | b.entrances
    return any(doors >> b.edge(x, y, side) & 1 for side in sides)


def _leads_on(s, x: int, y: int, sides: str, good: int) -> bool:
    """Does every opening of a shovel square face the dungeon, a door, an entrance or a
    coverable square?"""
    from generator.games.realms.model import DELTA

    b = s.board
    doors = b.doors | b.entrances
    for side in sides:
        if doors >> b.edge(x, y, side) & 1:
            continue
        dx, dy = DELTA[side]
        nx, ny = x + dx, y + dy
        if not b.inside(nx, ny):
            return False
        cell = b.cell(nx, ny)
        if not (s.covered >> cell & 1 or good >> cell & 1):
            return False
    return True


class PlannerBot:
    """Plans each round with a beam search over its moves (see the module doc)."""

    name = "planner"

    def __init__(self, tuning: Tuning | None = None, search: Search | None = None):
        self.eval = Evaluator(tuning)
        self.search = search or Search()
        self._plan: list = []
        self._sheet = 0
        self._expect: tuple | None = None

    def choose(self, state, rng):
        s = state.sheets[state.current_player()]
        if self._plan and self._sheet == id(s) and self._expect == _signature(s):
            move = self._plan.pop(0)
        else:
            self._plan, self._sheet = self.plan(s), id(s)
            move = self._plan.pop(0) if self._plan else End()
        if self._plan:
            probe = clone(s)
            if type(move) is Roll:
                self._plan, self._expect = [], None
            else:
                probe.apply(move)
                self._expect = _signature(probe)
        return move

    def plan(self, s) -> list:
        """The best sequence of moves for the rest of this round (ending when the dice are
        used; End itself is left out)."""
        ev, ctx = self.eval, self.eval.context(s)
        beam = [(0.0, [], s)]
        best_value, best_path = -1e18, []
        if not s.unused():
            best_value = ev.value(s, ctx)
        seen: set = set()
        for _ in range(self.search.depth):
            kids = []
            for _, path, node in beam:
                for mv in useful(node, legal_moves(node), self.search.close_rounds):
                    if type(mv) is End:
                        continue
                    if type(mv) is Roll:
                        value = self._roll_value(node, ctx)
                        if value > best_value:
                            best_value, best_path = value, path + [mv]
                        continue
                    child = clone(node)
                    try:
                        child.apply(mv)
                    except RuleError:
                        continue
                    sig = _signature(child)
                    if sig in seen:
                        continue
                    seen.add(sig)
                    value = ev.value(child, ctx)
                    if not child.unused() and value > best_value:
                        best_value, best_path = value, path + [mv]
                    kids.append((value, path + [mv], child))
            if not kids:
                break
            kids.sort(key=lambda k: -k[0])
            beam = kids[:self.search.beam]
        if not best_path and s.unused():       # nothing finished the round: any legal use
            best_path = [max(((ev.value(k, ctx), i, mv) for i, (mv, k) in enumerate(
                self._tried(s, legal_moves(s))) if _uses_die(mv)), default=(0, 0, None))[2]]
        return [mv for mv in best_path if mv is not None]

    def _tried(self, s, moves):
        for mv in moves:
            child = clone(s)
            try:
                child.apply(mv)
            except RuleError:
                continue
            yield mv, child

    def _roll_value(self, node, ctx) -> float:
        """A die rolled with coins, valued as the average of its six faces left unused."""
        total = 0.0
        for face in range(1, 7):
            child = clone(node)
            child.roll_extra = (lambda f=face: f)
            child.apply(Roll())
            total += self.eval.value(child, ctx)
        return total / 6
