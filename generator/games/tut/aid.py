"""The Tutankhamen player aid, for the English or the French rules.

The set table, the start coins (or start values) and every amount paid are computed from
``seeds/tut.toml`` and the engine's own scoring function; the variant's switches pick its
sentences, which come from the text catalogue (``templates/i18n/<lang>/tut.toml``, ``[aid]`` for
what both rule texts share, ``[aid.en]`` / ``[aid.fr]`` for what differs).
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.draw.content import Aid, Para, Section, Steps, Table, Term, ref
from generator.games.tut.model import data, names, rules
from generator.games.tut.rules_scoring import payments

K = "tut.aid"


def _amounts(value: int, counts: list[int], variant: str) -> dict[int, int]:
    """What each player pays for a set of ``value`` with these holdings (engine scoring)."""
    order = list(range(len(counts)))
    return dict(payments(value, counts, [0] * len(counts), order, rules(variant)))


def set_rows(cat: Catalogue, variant: str) -> tuple[tuple[str, ...], ...]:
    """One row per kind: name, value (= tiles in a set), most alone, runner-up, tied for most."""
    rows = []
    for kind in data()["kind"]:
        v = kind["value"]
        alone = _amounts(v, [2, 1], variant)           # one leader, one runner-up
        tied = _amounts(v, [2, 2], variant)             # two tied for most
        rows.append((cat[f"{K}.{variant}.kind.{kind['code']}"], str(v),
                     str(alone.get(0, 0)), str(alone.get(1, 0)), str(tied.get(0, 0))))
    return tuple(rows)


def _listed(cat: Catalogue, words: list[str]) -> str:
    """'red, blue and green' ('rouge, bleu et vert')."""
    return ", ".join(words[:-1]) + cat[f"{K}.and"] + words[-1] if len(words) > 1 else words[0]


def _turn(cat: Catalogue, v: str) -> Section:
    return Section(f"{K}.turn", cat[f"{K}.turn.title"], (
        Steps(f"{K}.turn.steps", (cat[f"{K}.{v}.move"], cat[f"{K}.{v}.take"],
                                  cat[f"{K}.{v}.remove"],
                                  cat(f"{K}.{v}.score", see=ref(f"{K}.sets")))),
        Para(f"{K}.turn.stuck", cat[f"{K}.{v}.stuck"]),
    ))


def _sets(cat: Catalogue, v: str) -> Section:
    d = data()
    colours = d["colours"]["codes"]
    return Section(f"{K}.sets", cat[f"{K}.sets.title"], (
        Para(f"{K}.sets.intro", cat(f"{K}.{v}.intro", sets=len(d["kind"]) * len(colours),
                                    colours=_listed(cat, [cat[f"{K}.colour.{c}"]
                                                          for c in colours])),
             keep=True),
        Table(f"{K}.sets.table", (cat[f"{K}.sets.kind"], cat[f"{K}.sets.value"],
                                  cat[f"{K}.sets.most"],
                                  cat[f"{K}.sets.second"], cat[f"{K}.sets.tied"]),
              set_rows(cat, v), compact=True, note=cat[f"{K}.{v}.note"]),
        Term(f"{K}.sets.alone", cat[f"{K}.sets.alone_name"], cat[f"{K}.{v}.alone"]),
        Term(f"{K}.sets.tie", cat[f"{K}.sets.tie_name"], cat[f"{K}.{v}.tie"]),
        Term(f"{K}.sets.order", cat[f"{K}.sets.order_name"], cat[f"{K}.{v}.order"]),
    ))


def _specials(cat: Catalogue, v: str) -> Section:
    d, r = data(), rules(v)
    return Section(f"{K}.specials", cat[f"{K}.{v}.specials"], (
        Term(f"{K}.specials.pharaoh", cat(f"{K}.{v}.pharaoh_name", n=d["specials"]["pharaoh"]),
             cat[f"{K}.{v}.pharaoh"]),
        Term(f"{K}.specials.king", cat[f"{K}.{v}.king_name"],
             cat(f"{K}.{v}.king", coins=r.king_coin)),
        Term(f"{K}.specials.gold", cat(f"{K}.{v}.gold_name", n=d["specials"]["gold"]),
             cat(f"{K}.{v}.gold", coins=r.gold_coin)),
    ))


def _game(cat: Catalogue, v: str) -> Section:
    d, r = data(), rules(v)
    coins = tuple((str(n), str(c)) for n, c in sorted(r.start_coins.items()))
    return Section(f"{K}.game", cat[f"{K}.game.title"], (
        Steps(f"{K}.game.setup", (cat(f"{K}.{v}.trail", tiles=d["trail"]["length"]),
                                  cat[f"{K}.{v}.tokens"])),
        Table(f"{K}.game.coins", (cat[f"{K}.game.players"], cat[f"{K}.{v}.start_unit"]), coins),
        Term(f"{K}.game.end", cat[f"{K}.game.end_name"], cat[f"{K}.{v}.end"]),
    ))


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content for ``variant`` ('en' or 'fr') in the catalogue's language."""
    r = rules(variant)  # an unknown variant is an input error here, before any text is looked up
    players = sorted(r.start_coins)
    return Aid("tut", cat[f"{K}.{variant}.title"],
               cat(f"{K}.{variant}.subtitle", low=players[0], high=players[-1]),
               (_turn(cat, variant), _sets(cat, variant), _specials(cat, variant),
                _game(cat, variant)), names(variant, cat.lang)["game"])
