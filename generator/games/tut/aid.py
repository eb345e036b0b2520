"""The Tutankhamen player aid, for the English or the French rules.

The set table, the start coins and every scoring amount are computed from ``seeds/tut.toml``
and the engine's own scoring function; which sentences appear depends on the variant's switches.
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.aids.content import Aid, Para, Section, Steps, Table
from generator.games.tut.model import data, rules
from generator.games.tut.rules_scoring import payments


def _amounts(value: int, counts: list[int], variant: str) -> dict[int, int]:
    """What each player pays for a set of ``value`` with these holdings (engine scoring)."""
    r = rules(variant)
    order = list(range(len(counts)))
    return dict(payments(value, counts, [0] * len(counts), order, r))


def set_rows(cat: Catalogue, variant: str) -> tuple[tuple[str, ...], ...]:
    """One row per kind: name, value (= tiles in the set), most alone, runner-up, tied for most."""
    d = data()
    rows = []
    for kind in d["kind"]:
        v = kind["value"]
        alone = _amounts(v, [2, 1], variant)           # one leader, one runner-up
        tied = _amounts(v, [2, 2], variant)             # two tied for most
        rows.append((cat(f"tut.aid.kind.{kind['code']}"), str(v), str(kind["tiles"]),
                     str(alone.get(0, 0)), str(alone.get(1, 0)), str(tied.get(0, 0))))
    return tuple(rows)


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content for ``variant`` ('en' or 'fr') in the catalogue's language."""
    r = rules(variant)
    d = data()
    v = f"tut.aid.{variant}"
    colours = d["colours"]["codes"]
    turn = Section("tut.aid.turn", cat("tut.aid.turn.title"), (
        Steps("tut.aid.turn.steps", (cat("tut.aid.turn.move"), cat("tut.aid.turn.collect"),
                                 cat("tut.aid.turn.remove"), cat("tut.aid.turn.score"))),
    ))
    sets = Section("tut.aid.sets", cat("tut.aid.sets.title"), (
        Para("tut.aid.sets.intro", cat("tut.aid.sets.intro", sets=len(d["kind"]) * len(colours),
                                   tiles=sum(k["tiles"] for k in d["kind"]) * len(colours),
                                   colours=", ".join(cat(f"tut.aid.colour.{c}") for c in colours))),
        Table("tut.aid.sets.table", (cat("tut.aid.sets.kind"), cat("tut.aid.sets.value"), cat("tut.aid.sets.tiles"),
                                 cat("tut.aid.sets.most"), cat("tut.aid.sets.second"), cat("tut.aid.sets.tied")),
              set_rows(cat, variant), compact=True),
        Para("tut.aid.sets.a", cat("tut.aid.sets.a")),
        Para("tut.aid.sets.b", cat(f"{v}.tied")),
        Para("tut.aid.sets.order", cat(f"{v}.order")),
    ))
    specials = Section("tut.aid.specials", cat("tut.aid.specials.title"), (
        Para("tut.aid.specials.pharaoh", cat(f"{v}.pharaoh", n=d["specials"]["pharaoh"])),
        Para("tut.aid.specials.king", cat(f"{v}.king", coins=r.king_coin)),
        Para("tut.aid.specials.gold", cat(f"{v}.gold", n=d["specials"]["gold"], coins=r.gold_coin)),
    ))
    coins = tuple((str(n), str(c)) for n, c in sorted(r.start_coins.items()))
    start = Section("tut.aid.start", cat("tut.aid.start.title"), (
        Table("tut.aid.start.table", (cat("tut.aid.start.players"), cat(f"{v}.start_unit")), coins),
        Para("tut.aid.start.end", cat(f"{v}.end")),
    ))
    return Aid("tut", cat(f"{v}.title"), cat(f"{v}.subtitle"), (turn, sets, specials, start))
