"""The Tanis player aid: a turn, the action cards, sliding, scoring with an example, setup.

Counts, points and the tie rule come from ``seeds/tanis.toml``; the scoring example is scored by
the engine's own scoring function; sentences come from the text catalogue
(``templates/i18n/<lang>/tanis.toml``, table ``[aid]``).
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.draw.content import Aid, Para, Section, Steps, Table, Term, ref
from generator.games.tanis.model import data, facts, types
from generator.games.tanis.rules_scoring import group_points, groups

K = "tanis.aid"
CARDS = ("explorer", "excavator", "expert")
#: The scoring example: one player's tiles of one type (any numbers 1-10 would do).
EXAMPLE = (2, 3, 4, 5, 8, 9, 10)


def scoring_rows(cat: Catalogue) -> tuple[tuple[str, str], ...]:
    """(group size, points) rows; the last size reads 'N or more'."""
    points = facts().group_points
    rows = []
    for size, value in enumerate(points, start=1):
        label = str(size) if size < len(points) else cat(f"{K}.scoring.or_more", n=size)
        rows.append((label, str(value)))
    return tuple(rows)


def example(cat: Catalogue) -> str:
    """The scoring example, its groups and points computed by the engine."""
    runs = groups(list(EXAMPLE))
    points = [group_points(len(run)) for run in runs]
    return cat(f"{K}.scoring.example", kind=cat[f"{K}.type.{types()[0]}"],
               numbers=", ".join(map(str, EXAMPLE)),
               groups=" + ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs),
               points=" + ".join(map(str, points)), total=sum(points))


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Tanis has no variants)."""
    d = data()
    comp, cards, box = d["components"], d["cards"], d["box"]
    names = [cat[f"{K}.type.{t}"] for t in comp["types"]]
    types = ", ".join(names[:-1]) + cat[f"{K}.and"] + names[-1]
    turn = Section(f"{K}.turn", cat[f"{K}.turn.title"], (
        Para(f"{K}.turn.intro", cat[f"{K}.turn.intro"], keep=True),
        Steps(f"{K}.turn.choices", (cat[f"{K}.turn.take"],
                                    cat(f"{K}.turn.card", see=ref(f"{K}.cards")))),
        Term(f"{K}.turn.visible", cat[f"{K}.turn.visible_name"], cat[f"{K}.turn.visible"]),
        Para(f"{K}.turn.store", cat[f"{K}.turn.store"]),
    ))
    card_rows = tuple((cat[f"tanis.names.card.{name}"], str(cards[name]),
                       cat[f"{K}.card.{name}.effect"]) for name in CARDS)
    action = Section(f"{K}.cards", cat[f"{K}.cards.title"], (
        Table(f"{K}.cards.table", (cat[f"{K}.cards.card"], cat[f"{K}.cards.count"],
                                   cat[f"{K}.cards.effect"]), card_rows),
        Para(f"{K}.cards.once", cat[f"{K}.cards.once"]),
        Term(f"{K}.cards.excavator", cat[f"{K}.cards.excavator_name"], cat[f"{K}.cards.excavator"]),
        Term(f"{K}.cards.expert", cat[f"{K}.cards.expert_name"], cat[f"{K}.cards.expert"]),
    ))
    slide = Section(f"{K}.slide", cat[f"{K}.slide.title"], (
        Steps(f"{K}.slide.rules", (cat[f"{K}.slide.line"], cat[f"{K}.slide.level"],
                                   cat[f"{K}.slide.push"], cat[f"{K}.slide.rest"],
                                   cat[f"{K}.slide.stop"]), ordered=False),
        Para(f"{K}.slide.take", cat[f"{K}.slide.take"]),
    ))
    scoring = Section(f"{K}.scoring", cat[f"{K}.scoring.title"], (
        Para(f"{K}.scoring.groups", cat(f"{K}.scoring.groups", types=types, low=comp["lowest"],
                                        high=comp["highest"]), keep=True),
        Table(f"{K}.scoring.table", (cat[f"{K}.scoring.size"], cat[f"{K}.scoring.points"]),
              scoring_rows(cat)),
        Para(f"{K}.scoring.example", example(cat)),
        Para(f"{K}.scoring.tie", cat[f"{K}.scoring.tie"]),
    ))
    setup = Section(f"{K}.setup", cat[f"{K}.setup.title"], (
        Steps(f"{K}.setup.steps", (
            cat(f"{K}.setup.cards", **{name: cards[name] for name in CARDS}),
            cat(f"{K}.setup.shuffle", tiles=box["layers"] * box["tiles_per_layer"]),
            cat(f"{K}.setup.fill", layers=box["layers"], per_layer=box["tiles_per_layer"]),
            cat[f"{K}.setup.close"],
            cat[f"{K}.setup.flip"],
        )),
    ))
    return Aid("tanis", cat[f"{K}.title"], cat(f"{K}.subtitle", tiles=len(comp["types"]) * (
        comp["highest"] - comp["lowest"] + 1), layers=box["layers"]),
        (turn, action, slide, scoring, setup))
