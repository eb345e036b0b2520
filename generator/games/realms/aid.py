"""The Hidden Realms player aid: monsters, the Mummy, coins, magic items and final scoring.

Every number comes from ``seeds/realms.toml``; sentences from the aid catalogues.
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.aids.content import Aid, Para, Section, Table
from generator.games.realms.model import data

MONSTERS = ("ooze", "skeleton", "zombie", "golem", "mimic", "mummy")
ITEMS = ("wand", "skeleton-key", "hammer", "shovel")


def _ladder(values) -> str:
    """'5/10/20/30' for counts 1.. of a by-count table (index 0 = none)."""
    return "/".join(str(v) for v in values[1:])


def monster_rows(cat: Catalogue) -> tuple[tuple[str, ...], ...]:
    m = data()["monsters"]
    return tuple((cat(f"realms.aid.monster.{name}"), str(m[name]["die"]), cat(f"realms.aid.needs.{name}"),
                  str(m[name]["coins"])) for name in MONSTERS)


def mummy_rows(cat: Catalogue) -> tuple[tuple[str, ...], ...]:
    mult = data()["mummy"]["multipliers"]
    return tuple((str(i), f"× {m}") for i, m in enumerate(mult, start=1))


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    s = data()["scoring"]
    counts = "/".join(str(n) for n in range(1, len(s["zombies"])))
    entrance_counts = "/".join(str(n) for n in range(1, len(s["entrances"])))
    return (
        (cat("realms.aid.score.oozes"), cat("realms.aid.score.product")),
        (cat("realms.aid.score.zombies", counts=counts), _ladder(s["zombies"])),
        (cat("realms.aid.score.golems", counts=counts), _ladder(s["golems"])),
        (cat("realms.aid.score.mimics"), cat("realms.aid.score.each", n=s["mimic"])),
        (cat("realms.aid.score.mummy"), cat("realms.aid.score.sum")),
        (cat("realms.aid.score.items"), cat("realms.aid.score.each", n=s["magic_item"])),
        (cat("realms.aid.score.leftovers"), cat("realms.aid.score.each", n=s["leftover"])),
        (cat("realms.aid.score.entrances", counts=entrance_counts), _ladder(s["entrances"])),
        (cat("realms.aid.score.penalties"), cat("realms.aid.score.each", n=-s["penalty"])),
    )


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Hidden Realms has no variants)."""
    d = data()
    g, coins, cap = d["game"], d["coins"], d["capacity"]
    turn = Section("realms.aid.round", cat("realms.aid.round.title"), (
        Para("realms.aid.round.dice", cat("realms.aid.round.dice", rounds=g["rounds"], rolled=g["dice_rolled"],
                                      slots=g["slots"])),
        Para("realms.aid.round.any", cat("realms.aid.round.any", dice=d["table"]["room_dice"])),
    ))
    monsters = Section("realms.aid.monsters", cat("realms.aid.monsters.title"), (
        Table("realms.aid.monsters.table", (cat("realms.aid.monsters.name"), cat("realms.aid.monsters.die"),
                                        cat("realms.aid.monsters.needs"), cat("realms.aid.monsters.coins")),
              monster_rows(cat)),
        Para("realms.aid.monsters.alert", cat("realms.aid.monsters.alert", marks=cap["marks_per_square"])),
    ))
    mummy = Section("realms.aid.mummy", cat("realms.aid.mummy.title"), (
        Para("realms.aid.mummy.formula", cat("realms.aid.mummy.formula", base=g["mummy_base"])),
        Table("realms.aid.mummy.table", (cat("realms.aid.mummy.hit"), cat("realms.aid.mummy.mult")),
              mummy_rows(cat)),
    ))
    coin = Section("realms.aid.coins", cat("realms.aid.coins.title"), (
        Table("realms.aid.coins.table", (cat("realms.aid.coins.cost"), cat("realms.aid.coins.effect")), (
            (str(coins["adjust"]), cat("realms.aid.coins.adjust")),
            (str(coins["roll"]), cat("realms.aid.coins.roll")),
            (str(coins["buy"]), cat("realms.aid.coins.buy")),
        )),
        Para("realms.aid.coins.slot", cat("realms.aid.coins.slot", slots=g["slots"])),
    ))
    items = Section("realms.aid.items", cat("realms.aid.items.title"), (
        Table("realms.aid.items.table", (cat("realms.aid.items.item"), cat("realms.aid.items.does")),
              tuple((cat(f"realms.aid.item.{i}.name"), cat(f"realms.aid.item.{i}.does")) for i in ITEMS)),
        Para("realms.aid.items.uses", cat("realms.aid.items.uses", uses=cap["item_uses"])),
    ))
    scoring = Section("realms.aid.score", cat("realms.aid.score.title"), (
        Table("realms.aid.score.table", (cat("realms.aid.score.rule"), cat("realms.aid.score.points")),
              scoring_rows(cat)),
        Para("realms.aid.score.tie", cat("realms.aid.score.tie")),
    ))
    return Aid("realms", cat("realms.aid.title"), cat("realms.aid.subtitle"),
               (turn, monsters, mummy, coin, items, scoring))
