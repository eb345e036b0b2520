"""The Tutan Tumba player aid: every roll of three dice read on an empty standard board.

The roll table is computed by the engine (:func:`generator.games.tumba.rules.roll_options`) for
all 56 distinct rolls: every legal way to use it and the powers it triggers. Then the five ways
into the tomb. Sentences come from the aid catalogues.
"""

from __future__ import annotations

from generator.draw.content import Aid, Catalogue, Para, Section, Steps, Table
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
    ways = " · ".join(format_option(o) for o in reading.options) or cat("tumba.roll.none")
    powers = ", ".join(cat(f"tumba.power.{p.code}") + ("" if p.usable else "*")
                       for p in reading.powers)
    return "-".join(map(str, dice)), ways, powers


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (the standard rules)."""
    d = data()
    passages = d["standard"]["passages"]
    turn = Section("tumba.turn", cat("tumba.turn.title"), (
        Para("tumba.turn.dice", cat("tumba.turn.dice")),
        Para("tumba.turn.place", cat("tumba.turn.place")),
        Para("tumba.turn.win", cat("tumba.turn.win", target=d["win"]["target"],
                                   mummies=d["components"]["mummies"])),
    ))
    rolls = Section("tumba.rolls", cat("tumba.rolls.title"), (
        Para("tumba.rolls.intro", cat("tumba.rolls.intro", a=passages[0], b=passages[-1])),
        Table("tumba.rolls.table", (cat("tumba.rolls.roll"), cat("tumba.rolls.ways"),
                                    cat("tumba.rolls.powers")),
              tuple(roll_row(cat, dice) for dice in all_rolls()), compact=True),
        Para("tumba.rolls.star", cat("tumba.rolls.star")),
    ))
    ways = Section("tumba.ways", cat("tumba.ways.title"), (
        Steps("tumba.ways.list", tuple(cat(f"tumba.ways.{w}") for w in WAYS_IN)),
    ))
    return Aid("tumba", cat("tumba.title"), cat("tumba.subtitle"), (turn, rolls, ways))
