"""The rules data of ``seeds/realms.toml`` as plain attributes, read once, for the engine's
hot paths (a dict lookup per rule fact would cost more than the rule itself)."""

from __future__ import annotations

from types import SimpleNamespace

from generator.games.realms.model import data, golem_colours


class _Rules:
    """Attribute view of the rules data: built on first use, read-only."""

    def __getattr__(self, name):
        self._load()
        try:
            return self.__dict__[name]
        except KeyError:
            raise AttributeError(f"the rules data has no {name!r}") from None

    def __setattr__(self, name, value):
        raise AttributeError(f"the rules data is read-only ({name}): it is seeds/realms.toml's")

    def _load(self) -> None:
        n = SimpleNamespace()
        d = data()
        g, cap, table = d["game"], d["capacity"], d["table"]
        n.rounds, n.slots, n.faces = g["rounds"], g["slots"], g["faces"]
        n.dice_rolled, n.mummy_base = g["dice_rolled"], g["mummy_base"]
        n.coin_adjust, n.coin_roll, n.coin_buy = (d["coins"]["adjust"], d["coins"]["roll"],
                                                  d["coins"]["buy"])
        n.cap_oozes, n.cap_sarcophagi = cap["oozes"], cap["sarcophagi"]
        n.cap_golems, n.cap_mimics = cap["golems"], cap["mimics"]
        n.cap_keys, n.cap_coins, n.item_uses = cap["keys"], cap["coins"], cap["item_uses"]
        n.mummy_rows, n.marks_per_square = cap["mummy_rows"], cap["marks_per_square"]
        n.max_alerts = n.mummy_rows * n.marks_per_square
        n.monster_die = {k: v["die"] for k, v in d["monsters"].items()}
        n.monster_coins = {k: v["coins"] for k, v in d["monsters"].items()}
        n.die_monster = {v: k for k, v in n.monster_die.items()}
        n.multipliers = tuple(d["mummy"]["multipliers"])
        n.tools = {"ooze": ("", "hammer"), "skeleton": ("",), "zombie": ("",),
                      "golem": ("",), "mimic": ("key", "skeleton-key"), "mummy": ("",)}
        n.colours = golem_colours()
        n.start = d["start"]
        n.items = tuple(d["map"]["items"])
        n.room, n.room_dice = table["room"], table["room_dice"]
        n.column_keys = table["column_keys"]
        ncols = n.ncolumns = len(table["columns"])
        n.entrances = d["map"]["entrances"]
        n.rows = {row["die"]: tuple(row["shapes"]) for row in table["rows"]}
        n.row_grants = tuple(row["grants"] for row in table["rows"])
        nrows = len(table["rows"])
        n.row_masks = tuple(((1 << ncols) - 1) << (r * ncols) for r in range(nrows))
        n.col_masks = tuple(sum(1 << (r * ncols + c) for r in range(nrows))
                            for c in range(ncols))
        n.scoring = d["scoring"]
        self.__dict__.update(vars(n))


RULES = _Rules()
