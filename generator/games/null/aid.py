"""The null game's player aid: setting up, a turn, winning with an example.

Counts come from ``seeds/null.toml``; the example (``[aid]``) is played on the engine, which
says who won; sentences come from the text catalogue (``templates/i18n/<lang>/null.toml``,
table ``[aid]``).
"""

from __future__ import annotations

from generator.core.data import resource
from generator.core.errors import InputError
from generator.core.i18n import Catalogue
from generator.draw.content import Aid, Para, Section, Steps
from generator.games.null.model import Row, data
from generator.games.null.rules import State, Take

K = "null.aid"
LETTERS = "AB"


def example(cat: Catalogue) -> str:
    """The worked example of ``[aid]``, its winner the engine's."""
    ex = data()["aid"]
    state = State(Row(ex["counters"], 0))
    takes = []
    for n in ex["takes"]:
        takes.append(cat(f"{K}.end.move", player=LETTERS[state.player], n=n))
        state.apply(Take(n))
    if state.winner is None:
        raise InputError(f"{resource('seeds', 'null.toml')} [aid]: the takes {list(ex['takes'])} "
                         f"leave {state.left} of the {ex['counters']} counters; the example "
                         "must end the game")
    return cat(f"{K}.end.example", counters=ex["counters"], takes=", ".join(takes),
               winner=LETTERS[state.winner])


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (the null game has no variants)."""
    d = data()
    setup = Section(f"{K}.setup", cat[f"{K}.setup.title"], (
        Steps(f"{K}.setup.steps", (cat(f"{K}.setup.row", fewest=d["row"]["fewest"],
                                       most=d["row"]["most"]),
                                   cat[f"{K}.setup.first"])),
    ))
    turn = Section(f"{K}.turn", cat[f"{K}.turn.title"], (
        Para(f"{K}.turn.take", cat(f"{K}.turn.take", most=d["play"]["take"])),
        Para(f"{K}.turn.pass", cat[f"{K}.turn.pass"]),
    ))
    end = Section(f"{K}.end", cat[f"{K}.end.title"], (
        Para(f"{K}.end.last", cat[f"{K}.end.last"], keep=True),
        Para(f"{K}.end.example", example(cat)),
    ))
    return Aid("null", cat[f"{K}.title"], cat[f"{K}.subtitle"], (setup, turn, end))
