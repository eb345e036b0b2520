"""The Tutan Tumba player aid: every roll of three dice read on an empty standard board.

The roll table is computed by the engine (:func:`generator.games.tumba.rules.roll_options`) for
all 56 distinct rolls: every legal way to use it and the powers it triggers. Then the five ways
into the tomb. Sentences come from the aid catalogues.
"""

from __future__ import annotations

from generator.core.i18n import Catalogue
from generator.aids.content import Aid, Para, Section, Steps, Table
from generator.games.tumba.model import data
from generator.games.tumba.rules import roll_options
from generator.games.tumba.rules_roll import all_rolls

WAYS_IN = ("passage", "golden", "maat", "osiris", "incineration")


def format_option(option) -> str:
    """An option as its line numbers joined by '+', e.g. '2+8'."""
    return "+".join(str(line) for line in option)


def roll_row(cat: Catalogue, dice, mode: str = "standard") -> tuple[str, str, str]:
    """(dice, ways to use them, powers) for one roll on an empty standard board."""
    reading = roll_options(dice, mode=mode)
    ways = " · ".join(format_option(o) for o in reading.options) or cat("tumba.aid.roll.none")
    powers = ", ".join(cat(f"tumba.aid.power.{p.code}") + ("" if p.usable else "*")
                       for p in reading.powers)
    return "-".join(map(str, dice)), ways, powers


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (the standard rules)."""
    d = data()
    passages = d["standard"]["passages"]
    turn = Section("tumba.aid.turn", cat("tumba.aid.turn.title"), (
        Para("tumba.aid.turn.dice", cat("tumba.aid.turn.dice")),
        Para("tumba.aid.turn.place", cat("tumba.aid.turn.place")),
        Para("tumba.aid.turn.win", cat("tumba.aid.turn.win", target=d["win"]["target"],
                                   mummies=d["components"]["mummies"])),
    ))
    rolls = Section("tumba.aid.rolls", cat("tumba.aid.rolls.title"), (
        Para("tumba.aid.rolls.intro", cat("tumba.aid.rolls.intro", a=passages[0], b=passages[-1])),
        Table("tumba.aid.rolls.table", (cat("tumba.aid.rolls.roll"), cat("tumba.aid.rolls.ways"),
                                    cat("tumba.aid.rolls.powers")),
              tuple(roll_row(cat, dice) for dice in all_rolls()), compact=True),
        Para("tumba.aid.rolls.star", cat("tumba.aid.rolls.star")),
    ))
    ways = Section("tumba.aid.ways", cat("tumba.aid.ways.title"), (
        Steps("tumba.aid.ways.list", tuple(cat(f"tumba.aid.ways.{w}") for w in WAYS_IN)),
    ))
    return Aid("tumba", cat("tumba.aid.title"), cat("tumba.aid.subtitle"), (turn, rolls, ways))
