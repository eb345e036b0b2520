"""The Hidden Realms player aid: a round, dice, tile placement, findings, monsters, the Mummy,
coins, magic items, final scoring and the achievements.

Every number comes from ``seeds/realms.toml``; the Mummy example is the engine's scorer
(:func:`mummy_points`) on the rulebook's hits; sentences come from the text catalogue
(``templates/i18n/<lang>/realms.toml``, table ``[aid]``).
"""

from __future__ import annotations

from generator.draw.content import Aid, Para, Section, Steps, Table, ref
from generator.core.i18n import Catalogue
from generator.games.realms.model import data
from generator.games.realms.rules.holdings import ACHIEVEMENTS
from generator.games.realms.rules.scoring import mummy_points

K = "realms.aid"
MONSTERS = ("ooze", "skeleton", "zombie", "golem", "mimic", "mummy")
ITEMS = ("wand", "skeleton-key", "hammer", "shovel")
#: The Mummy example: the rulebook's scoring example hits the Mummy in rounds 8, 11, 13 and 18;
#: the card shows its third hit.
EXAMPLE_HITS, EXAMPLE_HIT = (8, 11, 13, 18), 3
MINUS = "\u2212"


def _ladder(values) -> str:
    """'5/10/20/30' for counts 1.. of a by-count table (index 0 = none)."""
    return "/".join(str(v) for v in values[1:])


def monster_rows(cat: Catalogue) -> tuple[tuple[str, ...], ...]:
    m = data()["monsters"]
    return tuple((cat[f"{K}.monster.{name}"], str(m[name]["die"]), cat[f"{K}.needs.{name}"],
                  str(m[name]["coins"])) for name in MONSTERS)


def mummy_rows() -> tuple[tuple[str, ...], ...]:
    mult = data()["mummy"]["multipliers"]
    return tuple((str(i), f"× {m}") for i, m in enumerate(mult, start=1))


def mummy_example(cat: Catalogue) -> str:
    """A worked hit of the rulebook's example game: its points computed by the engine's scorer;
    the formula's numbers from the data."""
    base, mult = data()["game"]["mummy_base"], data()["mummy"]["multipliers"][EXAMPLE_HIT - 1]
    rnd = sorted(EXAMPLE_HITS)[EXAMPLE_HIT - 1]
    return cat(f"{K}.mummy.example", hit=EXAMPLE_HIT, round=rnd, base=base, mult=mult,
               fame=mummy_points(list(EXAMPLE_HITS))[EXAMPLE_HIT - 1])


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    s = data()["scoring"]
    counts = "/".join(str(n) for n in range(1, len(s["zombies"])))
    entrance_counts = "/".join(str(n) for n in range(1, len(s["entrances"])))
    return (
        (cat[f"{K}.score.oozes"], cat[f"{K}.score.product"]),
        (cat(f"{K}.score.zombies", counts=counts), _ladder(s["zombies"])),
        (cat(f"{K}.score.golems", counts=counts), _ladder(s["golems"])),
        (cat[f"{K}.score.mimics"], cat(f"{K}.score.each", n=s["mimic"])),
        (cat[f"{K}.score.mummy"], cat[f"{K}.score.sum"]),
        (cat[f"{K}.score.items"], cat(f"{K}.score.each", n=s["magic_item"])),
        (cat[f"{K}.score.leftovers"], cat(f"{K}.score.each", n=s["leftover"])),
        (cat(f"{K}.score.entrances", counts=entrance_counts), _ladder(s["entrances"])),
        (cat[f"{K}.score.penalties"], cat(f"{K}.score.each", n=f"{MINUS}{s['penalty']}")),
    )


def _play(cat: Catalogue) -> tuple[Section, ...]:
    d = data()
    g, table = d["game"], d["table"]
    rows = " · ".join(f"{r['die']}→{r['grants']}" for r in table["rows"])
    round_ = Section(f"{K}.round", cat[f"{K}.round.title"], (
        Para(f"{K}.round.dice", cat(f"{K}.round.dice", rounds=g["rounds"], rolled=g["dice_rolled"],
                                    slots=g["slots"])),
        Steps(f"{K}.round.uses", (cat[f"{K}.round.tile"], cat[f"{K}.round.monster"],
                                  cat[f"{K}.round.any"]), ordered=False),
        Para(f"{K}.round.room", cat(f"{K}.round.room", dice=table["room_dice"])),
    ))
    placing = Section(f"{K}.place", cat[f"{K}.place.title"], (
        Steps(f"{K}.place.rules", tuple(cat[f"{K}.place.rule{i}"] for i in range(1, 7))),
        Para(f"{K}.place.marks", cat(f"{K}.place.marks", rows=rows, keys=table["column_keys"])),
        Para(f"{K}.place.findings", cat[f"{K}.place.findings"]),
    ))
    return round_, placing


def _fight(cat: Catalogue) -> tuple[Section, ...]:
    d = data()
    g, coins, cap = d["game"], d["coins"], d["capacity"]
    monsters = Section(f"{K}.monsters", cat[f"{K}.monsters.title"], (
        Table(f"{K}.monsters.table", (cat[f"{K}.monsters.name"], cat[f"{K}.monsters.die"],
                                      cat[f"{K}.monsters.needs"], cat[f"{K}.monsters.coins"]),
              monster_rows(cat)),
        Para(f"{K}.monsters.alert", cat(f"{K}.monsters.alert", marks=cap["marks_per_square"],
                                        see=ref(f"{K}.mummy"))),
    ))
    mummy = Section(f"{K}.mummy", cat[f"{K}.mummy.title"], (
        Para(f"{K}.mummy.formula", cat(f"{K}.mummy.formula", base=g["mummy_base"],
                                          die=d["monsters"]["mummy"]["die"]), keep=True),
        Table(f"{K}.mummy.table", (cat[f"{K}.mummy.hit"], cat[f"{K}.mummy.mult"]), mummy_rows()),
        Para(f"{K}.mummy.example", mummy_example(cat)),
    ))
    coin = Section(f"{K}.coins", cat[f"{K}.coins.title"], (
        Table(f"{K}.coins.table", (cat[f"{K}.coins.cost"], cat[f"{K}.coins.effect"]), (
            (str(coins["adjust"]), cat[f"{K}.coins.adjust"]),
            (str(coins["roll"]), cat[f"{K}.coins.roll"]),
            (str(coins["buy"]), cat[f"{K}.coins.buy"]),
        )),
        Para(f"{K}.coins.slot", cat(f"{K}.coins.slot", slots=g["slots"])),
    ))
    items = Section(f"{K}.items", cat[f"{K}.items.title"], (
        Table(f"{K}.items.table", (cat[f"{K}.items.item"], cat[f"{K}.items.does"]),
              tuple((cat[f"realms.names.item.{i}"], cat[f"{K}.item.{i}.does"]) for i in ITEMS)),
        Para(f"{K}.items.uses", cat(f"{K}.items.uses", uses=cap["item_uses"])),
    ))
    return monsters, mummy, coin, items


def _end(cat: Catalogue) -> Section:
    start = data()["start"]
    return Section(f"{K}.score", cat[f"{K}.score.title"], (
        Table(f"{K}.score.table", (cat[f"{K}.score.rule"], cat[f"{K}.score.points"]),
              scoring_rows(cat)),
        Para(f"{K}.score.tie", cat[f"{K}.score.tie"]),
        Para(f"{K}.score.easy", cat(f"{K}.score.easy", easy=start["easy"]["coins"],
                                    kids=start["kids"]["coins"], keys=start["kids"]["keys"])),
    ))


def _achievements(cat: Catalogue) -> Section:
    """The rulebook's five achievements, each with what it needs besides the score."""
    return Section(f"{K}.achievements", cat[f"{K}.achievements.title"], (
        Para(f"{K}.achievements.intro", cat(f"{K}.achievements.intro",
                                            points=data()["scoring"]["achievement"]), keep=True),
        Steps(f"{K}.achievements.list",
              tuple(cat(f"{K}.achievements.item", name=cat[f"realms.names.achievement.{code}"],
                        what=cat[f"{K}.achievements.{code}"]) for code in ACHIEVEMENTS),
              ordered=False),
    ))


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Hidden Realms has no variants)."""
    return Aid("realms", cat[f"{K}.title"], cat[f"{K}.subtitle"],
               _play(cat) + _fight(cat) + (_end(cat), _achievements(cat)))
