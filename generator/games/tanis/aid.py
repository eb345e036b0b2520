"""The Tanis player aid: turn choices, action cards, group scoring, tie rule, setup steps.

Counts and points come from ``seeds/tanis.toml``; sentences from the aid catalogues.
"""

from __future__ import annotations

from generator.draw.content import Aid, Catalogue, Para, Section, Steps, Table
from generator.games.tanis.model import data

CARDS = ("explorer", "excavator", "expert")


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    """(group size, points) rows; the last size reads 'N or more'."""
    points = data()["scoring"]["group_points"]
    rows = []
    for size, value in enumerate(points, start=1):
        label = str(size) if size < len(points) else cat("tanis.scoring.or_more", n=size)
        rows.append((label, str(value)))
    return tuple(rows)


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Tanis has no variants)."""
    d = data()
    comp = d["components"]
    cards = d["cards"]
    types = ", ".join(cat(f"tanis.type.{t}") for t in comp["types"])
    turn = Section("tanis.turn", cat("tanis.turn.title"), (
        Para("tanis.turn.intro", cat("tanis.turn.intro")),
        Steps("tanis.turn.choices", (cat("tanis.turn.take"), cat("tanis.turn.card"))),
        Para("tanis.turn.visible", cat("tanis.turn.visible")),
    ))
    card_rows = tuple((cat(f"tanis.card.{name}.name"), str(cards[name]), cat(f"tanis.card.{name}.effect"))
                      for name in CARDS)
    action = Section("tanis.cards", cat("tanis.cards.title"), (
        Table("tanis.cards.table", (cat("tanis.cards.card"), cat("tanis.cards.count"),
                                    cat("tanis.cards.effect")), card_rows),
        Para("tanis.cards.slide", cat("tanis.cards.slide")),
        Para("tanis.cards.once", cat("tanis.cards.once")),
    ))
    scoring = Section("tanis.scoring", cat("tanis.scoring.title"), (
        Para("tanis.scoring.groups", cat("tanis.scoring.groups", types=types,
                                         low=comp["lowest"], high=comp["highest"])),
        Table("tanis.scoring.table", (cat("tanis.scoring.size"), cat("tanis.scoring.points")),
              scoring_rows(cat)),
        Para("tanis.scoring.tie", cat("tanis.scoring.tie")),
    ))
    box = d["box"]
    setup = Section("tanis.setup", cat("tanis.setup.title"), (
        Steps("tanis.setup.steps", (
            cat("tanis.setup.step1", tiles=box["layers"] * box["tiles_per_layer"]),
            cat("tanis.setup.step2", layers=box["layers"], per_layer=box["tiles_per_layer"]),
            cat("tanis.setup.step3"),
            cat("tanis.setup.step4"),
        )),
    ))
    return Aid("tanis", "Tanis", cat("tanis.subtitle"), (turn, action, scoring, setup))
