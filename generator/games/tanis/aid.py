"""The Tanis player aid: turn choices, action cards, group scoring, tie rule, setup steps.

Counts and points come from ``seeds/tanis.toml``; sentences from the aid catalogues.
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.aids.content import Aid, Para, Section, Steps, Table
from generator.games.tanis.model import data

CARDS = ("explorer", "excavator", "expert")


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    """(group size, points) rows; the last size reads 'N or more'."""
    points = data()["scoring"]["group_points"]
    rows = []
    for size, value in enumerate(points, start=1):
        label = str(size) if size < len(points) else cat("tanis.aid.scoring.or_more", n=size)
        rows.append((label, str(value)))
    return tuple(rows)


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Tanis has no variants)."""
    d = data()
    comp = d["components"]
    cards = d["cards"]
    types = ", ".join(cat(f"tanis.aid.type.{t}") for t in comp["types"])
    turn = Section("tanis.aid.turn", cat("tanis.aid.turn.title"), (
        Para("tanis.aid.turn.intro", cat("tanis.aid.turn.intro")),
        Steps("tanis.aid.turn.choices", (cat("tanis.aid.turn.take"), cat("tanis.aid.turn.card"))),
        Para("tanis.aid.turn.visible", cat("tanis.aid.turn.visible")),
    ))
    card_rows = tuple((cat(f"tanis.aid.card.{name}.name"), str(cards[name]), cat(f"tanis.aid.card.{name}.effect"))
                      for name in CARDS)
    action = Section("tanis.aid.cards", cat("tanis.aid.cards.title"), (
        Table("tanis.aid.cards.table", (cat("tanis.aid.cards.card"), cat("tanis.aid.cards.count"),
                                    cat("tanis.aid.cards.effect")), card_rows),
        Para("tanis.aid.cards.slide", cat("tanis.aid.cards.slide")),
        Para("tanis.aid.cards.once", cat("tanis.aid.cards.once")),
    ))
    scoring = Section("tanis.aid.scoring", cat("tanis.aid.scoring.title"), (
        Para("tanis.aid.scoring.groups", cat("tanis.aid.scoring.groups", types=types,
                                         low=comp["lowest"], high=comp["highest"])),
        Table("tanis.aid.scoring.table", (cat("tanis.aid.scoring.size"), cat("tanis.aid.scoring.points")),
              scoring_rows(cat)),
        Para("tanis.aid.scoring.tie", cat("tanis.aid.scoring.tie")),
    ))
    box = d["box"]
    setup = Section("tanis.aid.setup", cat("tanis.aid.setup.title"), (
        Steps("tanis.aid.setup.steps", (
            cat("tanis.aid.setup.step1", tiles=box["layers"] * box["tiles_per_layer"]),
            cat("tanis.aid.setup.step2", layers=box["layers"], per_layer=box["tiles_per_layer"]),
            cat("tanis.aid.setup.step3"),
            cat("tanis.aid.setup.step4"),
        )),
    ))
    return Aid("tanis", "Tanis", cat("tanis.aid.subtitle"), (turn, action, scoring, setup))
