"""Tanis bots: ``random`` (uniform over legal steps) and ``greedy`` (group growth and denial).

Bots see what players see: identities of tiles that have been completely visible, every tile
taken or excavated, and the cards left. The greedy bot never looks under a tile before a slide
or an excavation uncovers it.

Greedy values a take of tile ``c`` for player ``p`` as ``points(p with c) - points(p)`` plus
``growth`` when a neighbouring number of the same type is still in play or already ``p``'s,
and a candidate is worth that value for itself plus ``deny`` times the value for the opponent.
Weights live in ``seeds/tanis.toml`` [bots.greedy].

The Explorer is played one stop at a time, as at the table. A stop is worth the unseen tiles it
would uncover (the geometry is public) plus what it does to the best known take. At the start of
a turn the bot starts the slide whose best stop is worth ``explore_value``; after each stop it
looks at what was uncovered, and goes on only while a stop further on is worth more than taking
now. Stops are judged with bit masks on the live state (no copies), which keeps the bot fast.
"""

from __future__ import annotations

import random

from generator.core.play import RandomBot
from generator.games.tanis.model import data
from generator.games.tanis.rules import (
    DIRECTIONS,
    EXCAVATOR,
    EXPERT,
    EXPERT2,
    EXPERT_MOVE,
    EXPLORER,
    IN_DIG,
    SLIDE,
    START,
    TAKES,
    Excavate,
    Explore,
    Move,
    State,
    Take,
)
from generator.games.tanis.rules_scoring import mask_points


class GreedyBot:
    """Takes the tile worth most to itself and to the opponent; plays cards when they pay."""

    name = "greedy"

    def __init__(self) -> None:
        w = data()["bots"]["greedy"]
        self.w = w
        self.growth, self.deny = w["growth"], w["deny"]
        self.table = mask_points()
        self._types: list[tuple[int, int, int, int]] = []
        self._other: dict[int, float] = {}

    def choose(self, state: State, rng: random.Random) -> Move:
        self._prepare(state)
        phase = state.phase
        if phase == SLIDE:
            return self._slide_on(state, rng)
        if phase != START:
            return self._ranked(state, rng)[0][1]
        ranked = self._ranked(state, rng)
        cards = state.cards[state.player]
        spend = state.left <= self.w["endgame_tiles_per_card"] * sum(cards)
        b = state.board
        if cards[EXPERT] and state.left >= b.expert_min and self._expert_pays(state, ranked, spend):
            return EXPERT_MOVE
        # Late in the game the Excavator goes first: it needs two tiles, a slide needs only one.
        order = (EXCAVATOR, EXPLORER) if spend else (EXPLORER, EXCAVATOR)
        pick: Move | None
        for card in order:
            if not cards[card]:
                continue
            if card == EXPLORER:
                pick = self._slide_start(state, ranked, spend)
            elif state.left >= b.excavator_min:
                pick = self._excavation(state, ranked, spend)
            else:
                pick = None
            if pick is not None:
                return pick
        return ranked[0][1]

    # ---- values -----------------------------------------------------------------------------

    def _prepare(self, state: State) -> None:
        """Per type: (my holding, my growth mask, the opponent's, theirs) for :meth:`value`.

        Bit n of a growth mask is set when number n + 1 or n - 1 is still in play or held.
        """
        me = state.player
        mine, theirs = state.held[me], state.held[(me + 1) % len(state.held)]
        full = (1 << state.board.per) - 1
        out = []
        for k, gone in enumerate(state.gone):
            a, b = mine[k], theirs[k]
            avail_a, avail_b = (a | ~gone) & full, (b | ~gone) & full
            out.append((a, (avail_a << 1) | (avail_a >> 1), b, (avail_b << 1) | (avail_b >> 1)))
        self._types = out

    def value(self, state: State, code: int) -> float:
        """A take's worth for the player to move: own gain plus denial of the opponent's."""
        kind, n = divmod(code, state.board.per)
        a, grow_a, b, grow_b = self._types[kind]
        bit, table = 1 << n, self.table
        return (table[a | bit] - table[a] + (self.growth if grow_a >> n & 1 else 0.0)
                + self.deny * (table[b | bit] - table[b] + (self.growth if grow_b >> n & 1
                                                            else 0.0)))

    def _ranked(self, state: State, rng: random.Random) -> list[tuple[float, Take]]:
        """The legal takes with their values, best first (equal values in random order).

        Also notes, per tile, what it would add to the opponent (``self._other``), which the
        Excavator weighs.
        """
        codes, per = state.codes, state.board.per
        tiles = state.visible
        if state.phase == EXPERT2:
            tiles = [t for t in tiles if codes[t] // per != state.expert_type]
        table, types, growth, deny = self.table, self._types, self.growth, self.deny
        other: dict[int, float] = {}
        scored = []
        for t in tiles:
            kind, n = divmod(codes[t], per)
            a, grow_a, b, grow_b = types[kind]
            bit = 1 << n
            theirs = table[b | bit] - table[b] + (growth if grow_b >> n & 1 else 0.0)
            other[t] = theirs
            value = (table[a | bit] - table[a] + (growth if grow_a >> n & 1 else 0.0)
                     + deny * theirs)
            scored.append((-value, rng.random(), t))
        scored.sort()
        self._other = other
        return [(-v, TAKES[t]) for v, _, t in scored]

    # ---- cards ------------------------------------------------------------------------------

    def _expert_pays(self, state: State, ranked: list[tuple[float, Take]], spend: bool) -> bool:
        """Declare when the best take of a second type is worth enough (or cards must go)."""
        if not ranked:
            return False
        per, codes = state.board.per, state.codes
        first_type = codes[ranked[0][1].tile] // per
        second = [v for v, m in ranked[1:] if codes[m.tile] // per != first_type]
        return bool(second) and (spend or second[0] >= self.w["expert_second"])

    def _excavation(self, state: State, ranked: list[tuple[float, Take]],
                    spend: bool) -> Excavate | None:
        """Remove the tile whose removal (denial, then the best other take) beats a plain take.

        Excavating ``x`` then taking ``y`` is worth ``value(y) + deny * gain(opponent, x)``;
        the card is played when that beats the best plain take by ``excavate_deny``.
        """
        if len(ranked) < 2:
            return None
        plain = ranked[0][0]
        best: tuple[float, Excavate] | None = None
        for t in state.visible:
            then = ranked[1][0] if ranked[0][1].tile == t else plain
            worth = then + self.deny * self._other[t] - plain
            if best is None or worth > best[0]:
                best = (worth, Excavate(t))
        assert best is not None
        return best[1] if spend or best[0] >= self.w["excavate_deny"] else None

    # ---- the Explorer, stop by stop ---------------------------------------------------------

    def _slide_start(self, state: State, ranked: list[tuple[float, Take]],
                     spend: bool) -> Explore | None:
        """The first step of the slide whose best stop is worth most, if it is worth playing."""
        look = _Lookahead(self, state, ranked)
        need = float("-inf") if spend else self.w["explore_value"]
        best: tuple[float, Explore] | None = None
        for bound, t, room in look.movable():
            if bound < need or (best is not None and bound <= best[0]):
                continue                      # no stop of this tile can beat what we have
            for dx, dy in DIRECTIONS:
                stops = state.stops_ahead(t, dx, dy, room)
                if stops:
                    worth = max(look.worth(t, x, y) for x, y in stops)
                    if best is None or worth > best[0]:
                        best = (worth, _step(state, t, stops[0]))
        if best is None or best[0] < need:
            return None
        return best[1]

    def _slide_on(self, state: State, rng: random.Random) -> Move:
        """After a stop: go on while a stop further on beats taking now, else take the best."""
        ranked = self._ranked(state, rng)
        assert state.slide is not None      # called in the slide phase only
        t, dx, dy = state.slide
        stops = state.stops_ahead(t, dx, dy)
        if stops:
            look = _Lookahead(self, state, ranked)
            if look.candidates(t) and max(look.worth(t, x, y) for x, y in stops) > 0:
                return _step(state, t, stops[0])
        return ranked[0][1]


def _step(state: State, tile: int, stop: tuple[int, int]) -> Explore:
    x0, y0 = state.pos[tile]
    step = state.board.step
    return Explore(tile, (stop[0] - x0) * step, (stop[1] - y0) * step)


class _Lookahead:
    """What moving one tile would uncover and hide, from the masks of the live state."""

    def __init__(self, bot: GreedyBot, state: State, ranked: list[tuple[float, Take]]):
        self.bot, self.state, self.ranked = bot, state, ranked
        self.best_now = ranked[0][0] if ranked else 0.0
        b = state.board
        self.covers = [0] * (b.levels + 1)          # covers[d]: every tile above level d
        for d in range(b.levels):
            self.covers[d + 1] = self.covers[d] | state.occ[d]
        self._under: dict[int, list[tuple[int, int, int, int]]] = {}

    def movable(self) -> list[tuple[float, int, int]]:
        """(bound, tile, room) for the visible tiles on a level with room to move that hide
        something alone, best bound first; ``bound`` is the most any stop of the tile can be
        worth, ``room`` where it may pass."""
        state, b = self.state, self.state.board
        out = []
        rooms: dict[int, int] = {}
        for t in state.visible:
            d = b.level[t]
            room = rooms.get(d)
            if room is None:
                support = state.occ[d + 1] if d + 1 < b.levels else b.full
                room = rooms[d] = b.full & ~state.occ[d] & support & ~self.covers[d]
            if not room:
                continue
            under = self.candidates(t)
            if under:
                unseen = sum(1 for c in under if not c[3])
                known = max((self.bot.value(state, state.codes[c[0]]) for c in under if c[3]),
                            default=self.best_now)
                out.append((unseen + max(0.0, known - self.best_now), t, room | state.mask[t]))
        out.sort(key=lambda c: -c[0])
        return out

    def candidates(self, t: int) -> list[tuple[int, int, int, int]]:
        """Tiles hidden by ``t`` alone: (tile, mask, cover without t's footprint, seen)."""
        found = self._under.get(t)
        if found is not None:
            return found
        state, b = self.state, self.state.board
        d0, m0 = b.level[t], state.mask[t]
        found = []
        rest = self.covers[d0] | (state.occ[d0] & ~m0)    # what covers a level below, but t
        for d in range(d0 + 1, b.levels):
            area = m0 & ~rest & state.occ[d]
            if not area:
                if not m0 & ~rest:
                    break                                   # t's footprint is covered anyway
                rest |= state.occ[d]
                continue
            for u in b.by_level[d]:
                mu = state.mask[u]
                if mu & area and not mu & rest and state.where[u] == IN_DIG:
                    found.append((u, mu, rest, state.seen >> u & 1))
            rest |= state.occ[d]
        self._under[t] = found
        return found

    def worth(self, t: int, x: int, y: int) -> float:
        """Unseen tiles uncovered plus the change of the best known take, ``t`` at (x, y)."""
        state, b = self.state, self.state.board
        m1 = b.mask(t, x, y)
        d0 = b.level[t]
        revealed, best = 0, None
        for u, mu, rest, seen in self.candidates(t):
            if not mu & (rest | m1):
                if seen:
                    v = self.bot.value(state, state.codes[u])
                    best = v if best is None or v > best else best
                else:
                    revealed += 1
        level, mask = b.level, state.mask
        for v, move in self.ranked:              # best first: the first one left in view
            u = move.tile
            if level[u] <= d0 or not mask[u] & m1:
                best = v if best is None or v > best else best
                break
        return revealed + ((best if best is not None else 0.0) - self.best_now)


#: The players ``--player`` names, and the one that plays when none is named.
BOTS = {"greedy": GreedyBot, "random": RandomBot}
DEFAULT_PLAYER = "greedy"
