"""The Hidden Realms player aid: monsters, the Mummy, coins, magic items and final scoring.

Every number comes from ``seeds/realms.toml``; sentences from the aid catalogues.
"""

from __future__ import annotations

from generator.draw.content import Aid, Catalogue, Para, Section, Table
from generator.games.realms.model import data

MONSTERS = ("ooze", "skeleton", "zombie", "golem", "mimic", "mummy")
ITEMS = ("wand", "skeleton-key", "hammer", "shovel")


def _ladder(values) -> str:
    """'5/10/20/30' for counts 1.. of a by-count table (index 0 = none)."""
    return "/".join(str(v) for v in values[1:])


def monster_rows(cat: Catalogue) -> tuple[tuple[str, ...], ...]:
    m = data()["monsters"]
    return tuple((cat(f"realms.monster.{name}"), str(m[name]["die"]), cat(f"realms.needs.{name}"),
                  str(m[name]["coins"])) for name in MONSTERS)


def mummy_rows(cat: Catalogue) -> tuple[tuple[str, ...], ...]:
    mult = data()["mummy"]["multipliers"]
    return tuple((str(i), f"× {m}") for i, m in enumerate(mult, start=1))


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    s = data()["scoring"]
    counts = "/".join(str(n) for n in range(1, len(s["zombies"])))
    entrance_counts = "/".join(str(n) for n in range(1, len(s["entrances"])))
    return (
        (cat("realms.score.oozes"), cat("realms.score.product")),
        (cat("realms.score.zombies", counts=counts), _ladder(s["zombies"])),
        (cat("realms.score.golems", counts=counts), _ladder(s["golems"])),
        (cat("realms.score.mimics"), cat("realms.score.each", n=s["mimic"])),
        (cat("realms.score.mummy"), cat("realms.score.sum")),
        (cat("realms.score.items"), cat("realms.score.each", n=s["magic_item"])),
        (cat("realms.score.leftovers"), cat("realms.score.each", n=s["leftover"])),
        (cat("realms.score.entrances", counts=entrance_counts), _ladder(s["entrances"])),
        (cat("realms.score.penalties"), cat("realms.score.each", n=-s["penalty"])),
    )


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Hidden Realms has no variants)."""
    d = data()
    g, coins, cap = d["game"], d["coins"], d["capacity"]
    turn = Section("realms.round", cat("realms.round.title"), (
        Para("realms.round.dice", cat("realms.round.dice", rounds=g["rounds"], rolled=g["dice_rolled"],
                                      slots=g["slots"])),
        Para("realms.round.any", cat("realms.round.any", dice=d["table"]["room_dice"])),
    ))
    monsters = Section("realms.monsters", cat("realms.monsters.title"), (
        Table("realms.monsters.table", (cat("realms.monsters.name"), cat("realms.monsters.die"),
                                        cat("realms.monsters.needs"), cat("realms.monsters.coins")),
              monster_rows(cat)),
        Para("realms.monsters.alert", cat("realms.monsters.alert", marks=cap["marks_per_square"])),
    ))
    mummy = Section("realms.mummy", cat("realms.mummy.title"), (
        Para("realms.mummy.formula", cat("realms.mummy.formula", base=g["mummy_base"])),
        Table("realms.mummy.table", (cat("realms.mummy.hit"), cat("realms.mummy.mult")),
              mummy_rows(cat)),
    ))
    coin = Section("realms.coins", cat("realms.coins.title"), (
        Table("realms.coins.table", (cat("realms.coins.cost"), cat("realms.coins.effect")), (
            (str(coins["adjust"]), cat("realms.coins.adjust")),
            (str(coins["roll"]), cat("realms.coins.roll")),
            (str(coins["buy"]), cat("realms.coins.buy")),
        )),
        Para("realms.coins.slot", cat("realms.coins.slot", slots=g["slots"])),
    ))
    items = Section("realms.items", cat("realms.items.title"), (
        Table("realms.items.table", (cat("realms.items.item"), cat("realms.items.does")),
              tuple((cat(f"realms.item.{i}.name"), cat(f"realms.item.{i}.does")) for i in ITEMS)),
        Para("realms.items.uses", cat("realms.items.uses", uses=cap["item_uses"])),
    ))
    scoring = Section("realms.score", cat("realms.score.title"), (
        Table("realms.score.table", (cat("realms.score.rule"), cat("realms.score.points")),
              scoring_rows(cat)),
        Para("realms.score.tie", cat("realms.score.tie")),
    ))
    return Aid("realms", cat("realms.title"), cat("realms.subtitle"),
               (turn, monsters, mummy, coin, items, scoring))
