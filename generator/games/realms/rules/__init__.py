"""Hidden Realms rules engine: the game State (one or more sheets sharing the dice rolls),
``new_state`` for conformance play, invariants, and the validators.

Players of one game share the map, except for the rulebook's beginner handicap: experienced
players play one advanced map while beginners get Map 1 (a map labelled ``[map] beginner`` in
``seeds/realms.toml``). A State takes one map, or one map per player.

Turn order: the rulebook's players act at the same time; the engine lets each player in turn
use their whole round (player 1 first), and rolls the next round when everyone has ended theirs.
Shared rolls are the same for everyone; dice bought or rolled with coins are private, and the
+1/-1 coin change only touches the spender's own copy of a die.

The engine is this package; this module is its public face. Its modules: :mod:`.sheet` (one
player's sheet and what each move does to it), :mod:`.legal` (the moves a sheet offers),
:mod:`.moves` (the move types and their JSON), :mod:`.dice` (where rolls come from),
:mod:`.board` (a map as bit layouts), :mod:`.scoring` (the final score), :mod:`.holdings` (what
a map holds and a tally may claim, achievements), :mod:`.map` (the checks every map passes) and
:mod:`.constants` (the rules data, read once).
"""

from __future__ import annotations

from generator.core.errors import RuleError
from collections.abc import Sequence

from generator.games.realms.model import Map, data
from generator.games.realms.rules.board import board_for
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.dice import ListedDice, SeededDice
from generator.games.realms.rules.legal import legal_moves as _legal
from generator.games.realms.mapfile import validate_map_file
from generator.games.realms.rules.map import validate_map, validate_map_document
from generator.games.realms.rules.scoring import achievements, ranking, score_lines, sheet_tallies
from generator.games.realms.rules.sheet import Sheet

__all__ = [
    "ListedDice",
    "SeededDice",
    "State",
    "new_state",
    "validate_map",
    "validate_map_document",
    "validate_map_file",
]


class State:
    """A game: ``sheets[p]`` is player p's sheet, on ``maps[p]``; ``history`` the moves
    applied. ``map`` and ``board`` are player 1's."""

    def __init__(self, m: Map | Sequence[Map], dice, players: int = 1, start: str = "normal"):
        if players < 1:
            raise RuleError("a game needs at least one player")
        self.maps = seat_maps(m, players)
        self.map, self.board, self.dice = self.maps[0], board_for(self.maps[0]), dice
        self.players, self.start = players, start
        self.sheets = [Sheet(board_for(self.maps[p]), self._extra_for(p), start)
                       for p in range(players)]
        self.round, self.over = 0, False
        self.history: list[tuple[int, object]] = []
        self._next_round()

    def _extra_for(self, player: int):
        return lambda: self.dice.extra(player)

    def _next_round(self) -> None:
        if self.round >= RULES.rounds:
            self.over = True
            return
        self.round += 1
        rolled = self.dice.round_roll(self.round)
        for sheet in self.sheets:
            sheet.start_round(self.round, rolled)

    # -- the engine protocol
    def current_player(self) -> int:
        for p, sheet in enumerate(self.sheets):
            if not sheet.ended:
                return p
        return 0

    def legal_moves(self) -> list:
        """Every legal move of the player to act (empty when the game is over)."""
        return [] if self.over else _legal(self.sheets[self.current_player()])

    def apply(self, move) -> None:
        """Applies the current player's move; an illegal move raises RuleError, changing
        nothing."""
        if self.over:
            raise RuleError("the game is over (after round 20)")
        p = self.current_player()
        self.sheets[p].apply(move)
        self.history.append((p, move))
        if all(s.ended for s in self.sheets):
            self._next_round()

    def is_over(self) -> bool:
        return self.over

    def lines(self, player: int = 0) -> dict[str, int]:
        """The scoring lines of a player's sheet (the score so far before the end)."""
        return score_lines(sheet_tallies(self.sheets[player]))

    def scores(self) -> list[float]:
        return [float(sum(self.lines(p).values())) for p in range(self.players)]

    def places(self) -> list[int]:
        """Each player's place with the rulebook's tie-breaks (ties share a place)."""
        return ranking([self.lines(p) for p in range(self.players)])

    def achievements(self, player: int = 0) -> list[str]:
        return achievements(self.sheets[player], self.lines(player))

    def check_invariants(self) -> list[str]:
        """Every broken invariant of every sheet (empty when all hold)."""
        out = []
        for p, sheet in enumerate(self.sheets):
            out += [f"player {p + 1}: {text}" for text in sheet_invariants(sheet)]
        if not self.over and any(s.round != self.round for s in self.sheets):
            out.append("sheets are on different rounds")
        return out


def seat_maps(m: Map | Sequence[Map], players: int) -> tuple[Map, ...]:
    """One map per player from one shared map or a list in player order, checked against the
    rulebook: different maps only as the beginner handicap (RuleError otherwise)."""
    maps = (m,) * players if isinstance(m, Map) else tuple(m)
    if len(maps) != players:
        raise RuleError(f"{len(maps)} maps for {players} players: give one map for everyone, "
                        "or one per player")
    distinct = list(dict.fromkeys(maps))
    if len(distinct) > 1:
        beginner = data()["map"]["beginner"]
        easy = [x for x in distinct if x.difficulty == beginner]
        if len(distinct) != 2 or len(easy) != 1:
            names = ", ".join(x.name or "unnamed" for x in distinct)
            raise RuleError(f"players of one game share one map; the only exception is the "
                            f"beginner handicap: the others play one advanced map and beginners "
                            f"a {beginner} map (Map 1), not {names}")
    return maps


def sheet_invariants(s: Sheet) -> list[str]:
    """What must always hold on a sheet, as messages for the broken ones."""
    b = s.board
    checks = [
        (s.balance >= 0, "coins spent exceed coins collected"),
        (0 <= s.coins <= RULES.cap_coins, "coin circles overflow"),
        (0 <= s.keys_used <= s.keys <= RULES.cap_keys, "keys used exceed keys collected"),
        (s.alerts == min(s.defeats, RULES.max_alerts), "'!' marks differ from defeats"),
        (len(s.hits) <= s.alerts // RULES.marks_per_square, "a hit without an unlocked square"),
        (s.hits == sorted(s.hits), "Mummy hits out of round order"),
        (s.oozes_def <= s.oozes <= RULES.cap_oozes, "more oozes defeated than found"),
        (s.skel_def < (1 << s.oozes_def), "a skeleton defeated before its ooze"),
        (s.zombies_def <= s.sarc_open <= s.sarc, "zombies/sarcophagi out of order"),
        (s.golems_def & ~(s.golems & s.gems) == 0, "a golem defeated without its gem"),
        (s.mimics_def <= s.mimics, "more mimics defeated than found"),
        (all(0 <= u <= RULES.item_uses for u in s.items.values()), "item uses out of range"),
        (len(s.slots) <= RULES.slots and len(s.used) == len(s.slots), "round row overflow"),
        (s.covered & b.stone == 0, "a tile covers stone"),
        (s.frontier & ~s.cov_edges == 0, "an opening off the map"),
        (s.frontier & s.walls == 0, "an opening with a wall"),
        (s.cov_edges & s.fresh == 0, "a mapped edge counted as unexplored"),
        (s.walls & ~s.cov_edges == 0, "a wall off the map"),
        (s.findings_left | _collected(s) == b.findings, "findings lost"),
        (s.reached() == s.covered, "a mapped square with no path back to the starting entrance"),
    ]
    return [text for ok, text in checks if not ok]


def _collected(s: Sheet) -> int:
    return s.board.findings & s.covered


def clear_caches() -> None:
    """Forgets every memo of the engine (the boards of the maps, the names of the shovel
    squares), so that a computation starts from nothing (the rules data, frozen, is read once)."""
    from generator.games.realms.rules import legal as rules_legal
    from generator.games.realms.rules import scoring as rules_scoring
    board_for.cache_clear()
    rules_legal.clear_caches()
    rules_scoring.holdings.cache_clear()


def new_state(rng, map: str = "map-1", players: int = 1, start: str = "normal") -> State:
    """A fresh game on a shipped map (or map file) with dice seeded from ``rng``."""
    from generator.games.realms.mapfile import load_map

    return State(load_map(map), SeededDice(rng.randrange(2**31), players), players, start)
