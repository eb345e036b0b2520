"""The rules data of ``seeds/realms.toml`` as plain attributes, read once, for the engine's
hot paths (a dict lookup per rule fact would cost more than the rule itself)."""

from __future__ import annotations

from generator.games.realms.model import data, golem_colours


class _Rules:
    """Attribute view of the rules data; built lazily on first use."""

    def __getattr__(self, name):
        self._load()
        return self.__dict__[name]

    def _load(self) -> None:
        d = data()
        g, cap, table = d["game"], d["capacity"], d["table"]
        self.rounds, self.slots, self.faces = g["rounds"], g["slots"], g["faces"]
        self.dice_rolled, self.mummy_base = g["dice_rolled"], g["mummy_base"]
        self.coin_adjust, self.coin_roll, self.coin_buy = (d["coins"]["adjust"],
                                                           d["coins"]["roll"], d["coins"]["buy"])
        self.cap_oozes, self.cap_sarcophagi = cap["oozes"], cap["sarcophagi"]
        self.cap_golems, self.cap_mimics = cap["golems"], cap["mimics"]
        self.cap_keys, self.cap_coins, self.item_uses = cap["keys"], cap["coins"], cap["item_uses"]
        self.mummy_rows, self.marks_per_square = cap["mummy_rows"], cap["marks_per_square"]
        self.max_alerts = self.mummy_rows * self.marks_per_square
        self.monster_die = {k: v["die"] for k, v in d["monsters"].items()}
        self.monster_coins = {k: v["coins"] for k, v in d["monsters"].items()}
        self.die_monster = {v: k for k, v in self.monster_die.items()}
        self.multipliers = tuple(d["mummy"]["multipliers"])
        self.tools = {"ooze": ("", "hammer"), "skeleton": ("",), "zombie": ("",),
                      "golem": ("",), "mimic": ("key", "skeleton-key"), "mummy": ("",)}
        self.colours = golem_colours()
        self.start = d["start"]
        self.items = tuple(d["map"]["items"])
        self.room, self.room_dice = table["room"], table["room_dice"]
        self.column_keys = table["column_keys"]
        ncols = self.ncolumns = len(table["columns"])
        self.entrances = d["map"]["entrances"]
        self.rows = {row["die"]: tuple(row["shapes"]) for row in table["rows"]}
        self.row_grants = tuple(row["grants"] for row in table["rows"])
        nrows = len(table["rows"])
        self.row_masks = tuple(((1 << ncols) - 1) << (r * ncols) for r in range(nrows))
        self.col_masks = tuple(sum(1 << (r * ncols + c) for r in range(nrows))
                               for c in range(ncols))
        self.scoring = d["scoring"]


RULES = _Rules()
