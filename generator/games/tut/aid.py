"""The Tutankhamen player aid, for the English or the French rules.

The set table, the start coins and every scoring amount are computed from ``seeds/tut.toml``
and the engine's own scoring function; which sentences appear depends on the variant's switches.
"""

from __future__ import annotations

from generator.draw.content import Aid, Catalogue, Para, Section, Steps, Table
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
        rows.append((cat(f"tut.kind.{kind['code']}"), str(v), str(kind["tiles"]),
                     str(alone.get(0, 0)), str(alone.get(1, 0)), str(tied.get(0, 0))))
    return tuple(rows)


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content for ``variant`` ('en' or 'fr') in the catalogue's language."""
    r = rules(variant)
    d = data()
    v = f"tut.{variant}"
    colours = d["colours"]["codes"]
    turn = Section("tut.turn", cat("tut.turn.title"), (
        Steps("tut.turn.steps", (cat("tut.turn.move"), cat("tut.turn.collect"),
                                 cat("tut.turn.remove"), cat("tut.turn.score"))),
    ))
    sets = Section("tut.sets", cat("tut.sets.title"), (
        Para("tut.sets.intro", cat("tut.sets.intro", sets=len(d["kind"]) * len(colours),
                                   tiles=sum(k["tiles"] for k in d["kind"]) * len(colours),
                                   colours=", ".join(cat(f"tut.colour.{c}") for c in colours))),
        Table("tut.sets.table", (cat("tut.sets.kind"), cat("tut.sets.value"), cat("tut.sets.tiles"),
                                 cat("tut.sets.most"), cat("tut.sets.second"), cat("tut.sets.tied")),
              set_rows(cat, variant), compact=True),
        Para("tut.sets.a", cat("tut.sets.a")),
        Para("tut.sets.b", cat(f"{v}.tied")),
        Para("tut.sets.order", cat(f"{v}.order")),
    ))
    specials = Section("tut.specials", cat("tut.specials.title"), (
        Para("tut.specials.pharaoh", cat(f"{v}.pharaoh", n=d["specials"]["pharaoh"])),
        Para("tut.specials.king", cat(f"{v}.king", coins=r.king_coin)),
        Para("tut.specials.gold", cat(f"{v}.gold", n=d["specials"]["gold"], coins=r.gold_coin)),
    ))
    coins = tuple((str(n), str(c)) for n, c in sorted(r.start_coins.items()))
    start = Section("tut.start", cat("tut.start.title"), (
        Table("tut.start.table", (cat("tut.start.players"), cat(f"{v}.start_unit")), coins),
        Para("tut.start.end", cat(f"{v}.end")),
    ))
    return Aid("tut", cat(f"{v}.title"), cat(f"{v}.subtitle"), (turn, sets, specials, start))
