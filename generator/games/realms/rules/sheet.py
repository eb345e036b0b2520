"""One player's sheet: the whole state of a Hidden Realms game for that player, and every move.

The map part is kept as bit masks over the board's square and edge layout (see :mod:`.board`):
``covered`` squares, ``cov_edges`` (every edge of a covered square), ``walls`` (edges with a wall:
tile walls, dead ends, closed entrances and doors), ``opened`` (every edge that was ever an
opening: a tile's or a Shovel square's openings, walls the Wand erased; with ``walls`` removed,
the map's existing openings, connected or not), ``frontier`` (remaining openings: an edge of a
covered square, without wall, facing an uncovered free square) and ``fresh`` (edges between two
uncovered free squares). Edge meetings follow GAMES.md: opening + opening = connected; opening +
wall, stone or map edge = dead end (drawn as a wall); wall + opening = the opening is a dead end;
wall + wall of another tile = illegal (rule 6). Everything else — round row, Tile Table, Monster
Log, Mummy table, backpack — is small integers and lists. Nothing is copied per move.
"""

from __future__ import annotations

from generator.core.errors import RuleError
from generator.games.realms.rules.board import Board, TileMask
from generator.games.realms.rules.constants import RULES
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


class Sheet:
    """A player's sheet on a board. ``roll_extra()`` gives the player's private coin dice."""

    def __init__(self, board: Board, roll_extra, start: str = "normal"):
        if start not in RULES.start:
            raise RuleError(f"unknown start {start!r}; choose one of {', '.join(RULES.start)}")
        self.board, self.roll_extra = board, roll_extra
        self.round, self.slots, self.used, self.carry, self.ended = 0, [], [], [], False
        self.covered = self.cov_edges = self.walls = self.frontier = self.opened = 0
        self.occupied, self.fresh = board.stone, board.fresh
        self.started = False
        self.version = 0                      # bumped when the map changes (caches key on it)
        # (version, squares): where new tiles may enter, as legal.sources last found them
        self.sources_memo: tuple[int, list] = (-1, [])
        self.origin = 0                       # the entrance edge(s) the first tile opened onto
        self._paths: tuple[int, int, int] = (-1, 0, 0)   # (version, reached squares, cut walls)
        self.findings_left, self.rooms_done = board.findings, 0
        self.marks = self.rows_done = self.cols_done = 0
        self.oozes = self.oozes_def = self.skel_def = 0       # skel_def: bit i = skeleton i
        self.sarc = self.sarc_open = self.zombies_def = 0
        self.golems = self.gems = self.golems_def = 0         # bit per colour
        self.mimics = self.mimics_def = 0
        self.alerts, self.defeats, self.hits, self.hit_points = 0, 0, [], []
        preset = RULES.start[start]
        self.keys, self.keys_used = min(preset["keys"], RULES.cap_keys), 0
        self.coins, self.coins_spent = min(preset["coins"], RULES.cap_coins), 0
        self.items: dict[str, int] = {}       # collected item -> uses left
        self._apply = {Place: self._place, PlaceRoom: self._place_room, Defeat: self._defeat,
                       Open: self._open, Coin: self._coin, Roll: self._roll, Buy: self._buy,
                       Wand: self._wand, Shovel: self._shovel, End: self._end}

    # ------------------------------------------------------------------ round row and dice
    def start_round(self, number: int, rolled) -> None:
        """Writes the round's rolled dice, then carried dice while slots are free."""
        self.round, self.ended = number, False
        self.slots = list(rolled)
        room = RULES.slots - len(self.slots)
        self.slots += self.carry[:room]
        self.carry = self.carry[room:]
        self.used = [False] * len(self.slots)

    @property
    def balance(self) -> int:
        """Coins circled and not spent."""
        return self.coins - self.coins_spent

    @property
    def keys_left(self) -> int:
        return self.keys - self.keys_used

    def unused(self) -> list[int]:
        """Values of the unused dice of the round row."""
        return [v for v, u in zip(self.slots, self.used) if not u]

    def free_slots(self) -> int:
        return RULES.slots - len(self.slots)

    def _has(self, value: int, n: int = 1) -> bool:
        return sum(1 for v, u in zip(self.slots, self.used) if v == value and not u) >= n

    def _need_die(self, value: int, what: str, n: int = 1) -> None:
        if not self._has(value, n):
            raise RuleError(f"{what} needs an unused die of value {value}; round "
                            f"{self.round}'s row has {self._dice_text()}")

    def _take(self, value: int) -> None:
        for i, v in enumerate(self.slots):
            if v == value and not self.used[i]:
                self.used[i] = True
                return

    def _dice_text(self) -> str:
        text = " ".join(f"{v}{'x' if u else ''}" for v, u in zip(self.slots, self.used))
        return f"[{text}] (x = used)" if text else "no dice"

    def _add_die(self, value: int) -> None:
        """An extra die: into this round's row if a slot is free, else the next round's."""
        if len(self.slots) < RULES.slots:
            self.slots.append(value)
            self.used.append(False)
        else:
            self.carry.append(value)

    def _pay_coins(self, n: int, what: str) -> None:
        if self.balance < n:
            raise RuleError(f"{what} costs {n} coin(s); you have {self.balance}")
        self.coins_spent += n

    def _pay(self, pay: int, item: str) -> None:
        """Pays for a Wand or Shovel action: an item use (pay 0) or a die of value ``pay``."""
        if pay == 0:
            if self.items.get(item, 0) <= 0:
                raise RuleError(f"the {item} is not collected or has no use left; pay with a "
                                "die instead (any value)")
            self.items[item] -= 1
        else:
            self._need_die(pay, f"the {item}'s action paid with a die")
            self._take(pay)

    # ------------------------------------------------------------------ moves
    def apply(self, move) -> None:
        """Applies a move, or raises RuleError naming the rule it breaks (nothing changes)."""
        if self.ended:
            raise RuleError("this player's round is over; wait for the other players")
        handler = self._apply.get(type(move))
        if handler is None:
            raise RuleError(f"not a Hidden Realms move: {move!r}")
        handler(move)

    def _place(self, mv: Place) -> None:
        row = RULES.rows.get(mv.die)
        if row is None or mv.shape not in row:
            shapes = " or ".join(row) if row else "nothing"
            raise RuleError(f"a die of value {mv.die} places {shapes} (Tile Table), "
                            f"not {mv.shape}")
        tm = self.board.masks.get((mv.shape, mv.turn))
        if tm is None:
            raise RuleError(f"turn {mv.turn}: a tile has turns 0-7 (rule 1)")
        self._need_die(mv.die, f"placing {mv.shape}")
        sh = self.check_fit(tm, mv.x, mv.y)
        self._take(mv.die)
        self.lay(tm, sh)
        self._mark(tm.shape_id)

    def _place_room(self, mv: PlaceRoom) -> None:
        a, b = mv.dice
        if a == b:
            self._need_die(a, "the 3x3 room", 2)
        else:
            self._need_die(a, "the 3x3 room")
            self._need_die(b, "the 3x3 room")
        tm = self.board.masks[(RULES.room, 0)]
        sh = self.check_fit(tm, mv.x, mv.y)
        self._take(a)
        self._take(b)
        self.lay(tm, sh)

    def check_fit(self, tm: TileMask, x: int, y: int) -> int:
        """Placement rules 2-6 for ``tm`` at (x, y); returns the shift or raises RuleError."""
        b = self.board
        if x < 0 or y < 0 or x + tm.w > b.w or y + tm.h > b.h:
            raise RuleError(f"placement rule 5: {tm.code} at ({x}, {y}) would stick out of "
                            f"the {b.w} x {b.h} map")
        sh = y * b.S + x
        cells = tm.cells << sh
        if cells & b.stone:
            raise RuleError(f"placement rule 5: {tm.code} at ({x}, {y}) would cover stone")
        if cells & self.covered:
            raise RuleError(f"{tm.code} at ({x}, {y}) would overlap squares already mapped")
        if (tm.walls << sh) & self.walls:
            raise RuleError(f"placement rule 6: a wall of {tm.code} at ({x}, {y}) would lie "
                            "along an existing wall")
        opens = tm.opens << sh
        if not self.started:
            if not opens & b.entrances:
                raise RuleError("placement rule 2: the first tile needs one of its openings "
                                "on an entrance")
        elif not opens & self.frontier:
            raise RuleError(f"placement rules 3-4: no opening of {tm.code} at ({x}, {y}) lines "
                            "up with a remaining opening of your dungeon")
        return sh

    def lay(self, tm: TileMask, sh: int) -> None:
        """Draws a checked tile: squares, walls, dead ends, connections, findings."""
        b = self.board
        cells, opens, edges = tm.cells << sh, tm.opens << sh, tm.edges << sh
        self.covered |= cells
        self.occupied |= cells
        self.frontier = (self.frontier & ~edges) | (opens & self.fresh)
        self.opened |= opens
        # rule 7: an opening facing the map edge or stone is drawn closed (a dead end)
        self.walls |= (tm.walls << sh) | (opens & b.blocked_edges)
        self.fresh &= ~edges
        self.cov_edges |= edges
        if not self.started:
            self.origin = opens & b.entrances
        self.started = True
        self.version += 1
        reached = opens & b.doors
        while reached:
            low = reached & -reached
            self._connect_room(b.door_edge[low.bit_length() - 1])
            reached ^= low
        hit = cells & self.findings_left
        if hit:
            self.findings_left ^= hit
            while hit:
                low = hit & -hit
                self._collect(*b.finding_at[low.bit_length() - 1])
                hit ^= low

    def _connect_room(self, index: int) -> None:
        if self.rooms_done >> index & 1:
            return
        self.rooms_done |= 1 << index
        content = self.board.map.rooms[index].content
        if content == "sarcophagus":
            self.sarc = min(self.sarc + 1, RULES.cap_sarcophagi)
        else:
            self.gems |= self.board.golem_bit(content)

    def _collect(self, kind: str, amount: int) -> None:
        if kind == "ooze":
            self.oozes = min(self.oozes + 1, RULES.cap_oozes)
        elif kind == "mimic":
            self.mimics = min(self.mimics + 1, RULES.cap_mimics)
        elif kind == "key":
            self.keys = min(self.keys + 1, RULES.cap_keys)
        elif kind == "coins":
            self.coins = min(self.coins + amount, RULES.cap_coins)
        elif kind.startswith("golem-"):
            self.golems |= self.board.golem_bit(kind)
        else:
            self.items.setdefault(kind, RULES.item_uses)

    def _mark(self, sid: int) -> None:
        """First use of a shape: mark it; a full row gives a die, a full column a key."""
        if sid < 0 or self.marks >> sid & 1:
            return
        self.marks |= 1 << sid
        for r, mask in enumerate(RULES.row_masks):
            if self.marks & mask == mask and not self.rows_done >> r & 1:
                self.rows_done |= 1 << r
                self._add_die(RULES.row_grants[r])
        for c, mask in enumerate(RULES.col_masks):
            if self.marks & mask == mask and not self.cols_done >> c & 1:
                self.cols_done |= 1 << c
                self.keys = min(self.keys + RULES.column_keys, RULES.cap_keys)

    # ------------------------------------------------------------------ monsters
    def _defeat(self, mv: Defeat) -> None:
        target, tool = mv.target, mv.tool
        kind = "golem" if target.startswith("golem-") else target
        if kind not in RULES.monster_die:
            raise RuleError(f"unknown target {target!r}; targets: ooze, skeleton, zombie, "
                            "golem-<colour>, mimic, mummy")
        value = RULES.monster_die[kind]
        if tool not in RULES.tools[kind]:
            raise RuleError(f"{tool!r} cannot be used on a {kind}; allowed: "
                            + (", ".join(t or '(none)' for t in RULES.tools[kind])))
        self._need_die(value, f"defeating a {kind}")
        getattr(self, f"_beat_{kind}")(target, tool)
        self._take(value)

    def _reward(self, kind: str) -> None:
        self.coins = min(self.coins + RULES.monster_coins[kind], RULES.cap_coins)
        self.alerts = min(self.alerts + 1, RULES.max_alerts)
        self.defeats += 1

    def _beat_ooze(self, target: str, tool: str) -> None:
        if self.oozes_def >= self.oozes:
            raise RuleError("no circled ooze left to defeat; oozes are found on the map first")
        if tool == "hammer":
            self._use_item("hammer")
            self.skel_def |= 1 << self.oozes_def      # the skeleton under this very ooze
        self.oozes_def += 1
        self._reward("ooze")
        if tool == "hammer":
            self._reward("skeleton")

    def _beat_skeleton(self, target: str, tool: str) -> None:
        free = [i for i in range(self.oozes_def) if not self.skel_def >> i & 1]
        if not free:
            raise RuleError("no circled skeleton: a skeleton is freed by defeating its ooze")
        self.skel_def |= 1 << free[0]
        self._reward("skeleton")

    def _beat_zombie(self, target: str, tool: str) -> None:
        if self.zombies_def >= self.sarc_open:
            raise RuleError("no freed zombie: open a collected sarcophagus with a key first")
        self.zombies_def += 1
        self._reward("zombie")

    def _beat_golem(self, target: str, tool: str) -> None:
        if target[6:] not in RULES.colours:
            raise RuleError(f"unknown golem {target!r}; colours: {', '.join(RULES.colours)}")
        bit = self.board.golem_bit(target)
        if not self.golems & bit:
            raise RuleError(f"the {target} has not been found")
        if self.golems_def & bit:
            raise RuleError(f"the {target} is already defeated")
        if not self.gems & bit:
            raise RuleError(f"the {target} needs its gem: connect the room of the "
                            f"{target[6:]} gem first")
        self.golems_def |= bit
        self._reward("golem")

    def _beat_mimic(self, target: str, tool: str) -> None:
        if self.mimics_def >= self.mimics:
            raise RuleError("no circled mimic left to defeat")
        self._use_key(tool, "a mimic")
        self.mimics_def += 1
        self._reward("mimic")

    def _beat_mummy(self, target: str, tool: str) -> None:
        unlocked = self.alerts // RULES.marks_per_square
        if len(self.hits) >= RULES.mummy_rows:
            raise RuleError("the Mummy has taken every hit it can")
        if len(self.hits) >= unlocked:
            raise RuleError(f"no unlocked square: {self.alerts} '!' marked, every "
                            f"{RULES.marks_per_square} unlock one square ({len(self.hits)} used)")
        points = (RULES.mummy_base - self.round) * RULES.multipliers[len(self.hits)]
        self.hits.append(self.round)
        self.hit_points.append(points)

    def _use_key(self, tool: str, what: str) -> None:
        if tool == "key":
            if self.keys_left <= 0:
                raise RuleError(f"{what} needs a key and you have none left")
            self.keys_used += 1
        elif tool == "skeleton-key":
            self._use_item("skeleton-key")
        else:
            raise RuleError(f"{what} needs a key: tool \"key\" or \"skeleton-key\"")

    def _use_item(self, item: str) -> None:
        if self.items.get(item, 0) <= 0:
            raise RuleError(f"the {item} is not collected or has no use left")
        self.items[item] -= 1

    def _open(self, mv: Open) -> None:
        if self.sarc_open >= self.sarc:
            raise RuleError("no collected sarcophagus to open: connect a sarcophagus room first")
        self._use_key(mv.tool, "opening a sarcophagus")
        self.sarc_open += 1

    # ------------------------------------------------------------------ coins
    def _coin(self, mv: Coin) -> None:
        if mv.delta not in (1, -1):
            raise RuleError("a coin changes a die by +1 or -1")
        self._need_die(mv.die, "changing a die with a coin")
        self._pay_coins(RULES.coin_adjust, "changing a die")
        i = next(i for i, v in enumerate(self.slots) if v == mv.die and not self.used[i])
        self.slots[i] = (mv.die - 1 + mv.delta) % RULES.faces + 1   # 6 + 1 = 1, 1 - 1 = 6

    def _roll(self, mv: Roll) -> None:
        if not self.free_slots():
            raise RuleError("no free slot in this round's row for another die")
        self._pay_coins(RULES.coin_roll, "rolling an extra die")
        self._add_die(self.roll_extra())

    def _buy(self, mv: Buy) -> None:
        if not 1 <= mv.value <= RULES.faces:
            raise RuleError(f"a die shows 1 to {RULES.faces}, not {mv.value}")
        if not self.free_slots():
            raise RuleError("no free slot in this round's row for another die")
        self._pay_coins(RULES.coin_buy, "buying a die")
        self._add_die(mv.value)

    # ------------------------------------------------------------------ wand and shovel
    def _wand(self, mv: Wand) -> None:
        e = self.edge_of(mv.x, mv.y, mv.side)
        bit = 1 << e
        if not self.cov_edges & bit:
            raise RuleError("the wand only changes walls of squares on your map; open rooms "
                            "and open entrances are not part of it")
        if mv.add:
            if self.walls & bit:
                raise RuleError("there is a wall there already")
            if self.cut_walls() & bit:
                raise RuleError("a wall there would leave part of your map with no path back "
                                "to the entrance you started from")
        else:
            self.check_erase(e)
        self._pay(mv.pay, "wand")
        if mv.add:
            self.walls |= bit
            self.frontier &= ~bit
        else:
            self._erase(e)
        self.version += 1

    def edge_of(self, x: int, y: int, side: str) -> int:
        b = self.board
        if side == "N" and 0 <= x < b.w and 0 <= y <= b.h:
            return b.edge(x, y, "N")
        if side == "W" and 0 <= x <= b.w and 0 <= y < b.h:
            return b.edge(x, y, "W")
        raise RuleError(f"no edge ({x}, {y}) {side} on this map (edges are named N or W)")

    @property
    def openings(self) -> int:
        """Edges that are openings of the map now: remaining ones, openings joined to another
        tile, connected entrances and room doors (a dead end has a wall, so it is none)."""
        return self.opened & ~self.walls

    def check_erase(self, e: int) -> None:
        """The Wand may erase a wall of the map, not the outer wall or stone, and not one next
        to an existing opening (see :func:`erase_blocked`)."""
        bit = 1 << e
        if not self.walls & bit:
            raise RuleError("there is no wall there to erase")
        if self.board.blocked_edges & bit:
            raise RuleError("walls along the map edge or stone cannot be erased")
        if erase_blocked(self.board, self.openings, e):
            raise RuleError("the wand cannot erase a wall next to an existing opening "
                            "(connected or not)")

    def reached(self) -> int:
        """The mapped squares with a path back to the entrance the map started from (through
        edges without a wall)."""
        return self._walk()[0]

    def cut_walls(self) -> int:
        """The edges where a new wall would leave a mapped square with no path back to the
        starting entrance: the rulebook has it always possible to trace one. They are the
        bridges of the map's graph (squares joined through edges without a wall, and the
        entrance joined to the squares it opens onto)."""
        return self._walk()[1]

    def _walk(self) -> tuple[int, int]:
        """(reached squares, cut walls) of the map as it stands, worked out once per change:
        a depth-first walk from the starting entrance that finds the bridges on the way."""
        if self._paths[0] == self.version:
            return self._paths[1], self._paths[2]
        b = self.board
        S, HB, covered, walls = b.S, b.HB, self.covered, self.walls
        steps = ((-S, 0), (S, S), (-1, HB), (1, HB + 1))   # (to the square, its edge - i)

        def links(i: int) -> list[tuple[int, int]]:
            """(square, edge) of the squares joined to square ``i``."""
            out = []
            for step, base in steps:
                j = i + step
                e = base + i
                if 0 <= j and covered >> j & 1 and not walls >> e & 1:
                    out.append((j, e))
            return out

        start = []
        origin = self.origin & ~walls
        while origin:
            low = origin & -origin
            e = low.bit_length() - 1
            start.append((b.edge_cells[e][0], e))
            origin ^= low
        order = {-1: 0}              # the entrance is the walk's root, square -1
        low_of = {-1: 0}
        reached = cut = 0
        stack = [(-1, -1, iter(start))]
        while stack:
            node, via, todo = stack[-1]
            for j, e in todo:
                if e == via:
                    continue
                if j in order:
                    low_of[node] = min(low_of[node], order[j])
                    continue
                order[j] = low_of[j] = len(order)
                reached |= 1 << j
                stack.append((j, e, iter(links(j))))
                break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low_of[parent] = min(low_of[parent], low_of[node])
                    if low_of[node] > order[parent]:
                        cut |= 1 << via
        self._paths = (self.version, reached, cut)
        return reached, cut

    def _erase(self, e: int) -> None:
        b, bit = self.board, 1 << e
        self.walls &= ~bit
        self.opened |= bit
        a, c = b.edge_cells[e]
        if c < 0:
            if e in b.door_edge:
                self._connect_room(b.door_edge[e])
        elif not (self.covered >> a & 1 and self.covered >> c & 1):
            self.frontier |= bit

    def _shovel(self, mv: Shovel) -> None:
        b = self.board
        if not self.started:
            raise RuleError("the shovel adds a square to your map, so it cannot start one: "
                            "the first tile is a Tile Table shape on an entrance")
        key = "".join(s for s in "NESW" if s in mv.open)
        tm = b.shovels.get(key) if len(key) == len(mv.open) else None
        if tm is None:
            raise RuleError(f"a shovel room has 2 or 3 walls, so 1 or 2 openings, not {mv.open!r}")
        if not b.inside(mv.x, mv.y):
            raise RuleError(f"({mv.x}, {mv.y}) is outside the map")
        if self.walls & self._square_edges(mv.x, mv.y):
            raise RuleError("the shovel needs a square without any wall on it")
        sh = self.check_fit(tm, mv.x, mv.y)
        self._pay(mv.pay, "shovel")
        self.lay(tm, sh)

    def _square_edges(self, x: int, y: int) -> int:
        b = self.board
        return sum(1 << b.edge(x, y, s) for s in "NESW")

    def _end(self, mv: End) -> None:
        left = len(self.unused())
        if left:
            raise RuleError(f"every die of the round must be used first ({left} left: "
                            f"{self._dice_text()})")
        self.ended = True



def erase_blocked(board: Board, openings: int, e: int) -> bool:
    """Is the wall ``e`` next to an existing opening? The rulebook forbids erasing it; "next
    to" is read as "on the same line", so an opening never grows wider than one square
    (the comment above ``[map]`` in ``seeds/realms.toml``)."""
    return bool(openings & board.line_mask(e))
