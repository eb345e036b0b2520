"""The Tutan Tumba player aid: a turn, the standard board, placing (with worked pushes), the
powers, incineration, the ways into the tomb, every roll, and the Pharaoh's Wrath (advanced)
rules on cards of their own.

What the cards show is computed: the roll grid by the engine
(:func:`generator.games.tumba.rules.roll_options`) for all 56 distinct rolls on an empty standard
board, every legal way to use it and the powers it triggers; the pushes by the engine placing
the mummy of each example the placing claim lists for the card (``card = true`` in
``templates/claims/tumba.toml``); the standard board's lines, Maat's Rest and Osiris lines, counts
and sequences from ``seeds/tumba.toml``. Sentences come from the text catalogue
(``templates/i18n/<lang>/tumba.toml``, table ``[aid]``).
"""

from __future__ import annotations

from generator.core.claims import load_claims
from generator.core.i18n import Catalogue
from generator.draw.content import Aid, Chips, Para, Section, Steps, Table, Term, ref
from generator.games.tumba.cli_text import line_runs
from generator.games.tumba.model import data, standard_layout, targets
from generator.games.tumba.rules import roll_options
from generator.games.tumba.rules_roll import all_rolls

K = "tumba.aid"
POWERS = ("golden-triple", "anubis-double", "secret-passage", "osiris-maneuver")
EMPTY_MARK = "·"


def spans(cat: Catalogue, numbers) -> str:
    """Line numbers as runs in the catalogue's language: [1, 2, 3, 4, 7] -> '1–4, 7' (in
    French '1 à 4, 7')."""
    return line_runs(numbers, cat.words(K))


def push_rows(cat: Catalogue) -> tuple[tuple[str, str, str], ...]:
    """The placing examples of the card, as the engine plays them: (the line from the tomb
    outward, the mummy placed, the line after it or 'refused')."""
    from generator.games.tumba.claims import card_rows

    claims = load_claims("tumba")
    examples = [e for key in (f"{K}.place.enter", f"{K}.place.full")
                for e in claims.claim_of(key).examples if e.fields.get("card")]

    def cells(line: str) -> str:
        return " ".join(EMPTY_MARK if c == "." else c for c in line)

    return tuple((cells(before), mover, cells(after) if after else cat[f"{K}.place.refused"])
                 for before, mover, after in card_rows(examples))


def roll_row(cat: Catalogue, dice) -> tuple[str, Chips, str]:
    """(dice, the ways to use them as chips, power tags) for one roll on an empty board."""
    reading = roll_options(dice, mode="standard")
    ways = Chips(tuple(tuple(str(line) for line in option) for option in reading.options),
                 frozenset(str(n) for n in reading.passages))
    tags = " ".join(cat[f"{K}.power.{p.code}.tag"] + ("" if p.usable else "*")
                    for p in reading.powers)
    return " ".join(map(str, dice)), ways, tags


def _legend(cat: Catalogue) -> str:
    names = [f"{cat[f'{K}.power.{code}.tag']} {cat[f'{K}.power.{code}.name']}" for code in POWERS]
    return " · ".join(names + [cat[f"{K}.rolls.star"]])


def _standard(cat: Catalogue) -> tuple[Section, ...]:
    from generator.games.tumba.render import run_sentences

    d = data()
    comp = d["components"]
    sizes = dict(enumerate(d["standard"]["lines"], start=1))
    a, b = d["standard"]["passages"][0], d["standard"]["passages"][-1]
    maat = spans(cat, (n for n, k in sizes.items() if k in d["powers"]["maat_sizes"]))
    osiris = spans(cat, (n for n, k in sizes.items() if k in d["powers"]["osiris_sizes"]))
    turn = Section(f"{K}.turn", cat[f"{K}.turn.title"], (
        Steps(f"{K}.turn.steps", (cat[f"{K}.turn.start"], cat[f"{K}.turn.roll"],
                                  cat(f"{K}.turn.attack", see=ref(f"{K}.fire")))),
        Para(f"{K}.turn.skip", cat[f"{K}.turn.skip"]),
        Para(f"{K}.turn.win", cat(f"{K}.turn.win", target=d["win"]["target"],
                                  mummies=comp["mummies"])),
    ))
    board = Section(f"{K}.board", cat[f"{K}.board.title"], (
        Para(f"{K}.board.intro", cat(f"{K}.board.intro", chambers=comp["chambers"],
                                     passages=comp["passages"]), keep=True),
        Steps(f"{K}.board.lines", tuple(run_sentences(standard_layout(),
                                                      cat.words("tumba.setup"))),
              ordered=False),
        Para(f"{K}.board.house", cat(f"{K}.board.house", mummies=comp["mummies"])),
    ))
    place = Section(f"{K}.place", cat[f"{K}.place.title"], (
        Steps(f"{K}.place.groups", (cat[f"{K}.place.groups"],), ordered=False),
        Steps(f"{K}.place.rules", (cat[f"{K}.place.enter"], cat[f"{K}.place.full"]),
              ordered=False),
        Para(f"{K}.place.example", cat[f"{K}.place.example"], keep=True),
        Table(f"{K}.place.pushes", (cat[f"{K}.place.before"], cat[f"{K}.place.placed"],
                                    cat[f"{K}.place.after"]), push_rows(cat), compact=True),
        Steps(f"{K}.place.more", (cat(f"{K}.place.passage", a=a, b=b), cat[f"{K}.place.none"]),
              ordered=False),
    ))
    rolls = Section(f"{K}.rolls", cat[f"{K}.rolls.title"], (
        Para(f"{K}.rolls.intro", cat[f"{K}.rolls.intro"], keep=True),
        Table(f"{K}.rolls.table", (cat[f"{K}.rolls.roll"], cat[f"{K}.rolls.ways"],
                                   cat[f"{K}.rolls.powers"]),
              tuple(roll_row(cat, dice) for dice in all_rolls()), compact=True, note=_legend(cat)),
    ))
    powers = Section(f"{K}.powers", cat[f"{K}.powers.title"], (
        Term(f"{K}.powers.golden", cat[f"{K}.power.golden-triple.name"],
             cat(f"{K}.powers.golden", uses=d["powers"]["golden_triple_uses"])),
        Term(f"{K}.powers.anubis", cat[f"{K}.power.anubis-double.name"],
             cat[f"{K}.powers.anubis"] + (" " + cat[f"{K}.powers.anubis_triple"]
                                          if d["powers"]["anubis_on_triple"] else "")),
    ))
    fire = Section(f"{K}.fire", cat[f"{K}.fire.title"], (
        Steps(f"{K}.fire.rules", (cat[f"{K}.fire.jump"], cat[f"{K}.fire.forward"],
                                  cat[f"{K}.fire.chain"], cat[f"{K}.fire.back"]), ordered=False),
        Term(f"{K}.fire.ammit", cat[f"{K}.fire.ammit_name"], cat[f"{K}.fire.ammit"]),
    ))
    tomb = Section(f"{K}.tomb", cat[f"{K}.tomb.title"], (
        Steps(f"{K}.tomb.ways", (
            cat(f"{K}.tomb.incineration", see=ref(f"{K}.fire")),
            cat(f"{K}.tomb.passage", a=a, b=b),
            cat(f"{K}.tomb.maat", lines=maat),
            cat(f"{K}.tomb.osiris", lines=osiris),
            cat(f"{K}.tomb.golden", see=ref(f"{K}.powers")),
        )),
    ))
    return turn, board, place, powers, fire, tomb, rolls


def _advanced(cat: Catalogue) -> tuple[Section, ...]:
    d = data()
    setup, seq = d["advanced_setup"], d["sequences"]
    per_line = {"low": setup["min_per_line"], "high": setup["max_per_line"]}
    wrath = Section(f"{K}.wrath", cat[f"{K}.wrath.title"], (
        Para(f"{K}.wrath.intro", cat[f"{K}.wrath.intro"]),
        Steps(f"{K}.wrath.setup", (
            cat(f"{K}.wrath.deal", chambers=d["components"]["chambers"]),
            cat(f"{K}.wrath.place", **per_line),
            cat(f"{K}.wrath.last", lines=spans(cat, setup["passage_lines"])),
            cat(f"{K}.wrath.again", **per_line),
        )),
        Para(f"{K}.moves.target", cat(f"{K}.moves.target", target=targets("advanced")[-1])),
    ), new_card=True)
    moves = Section(f"{K}.moves", cat[f"{K}.moves.title"], (
        Term(f"{K}.moves.reroll", cat[f"{K}.moves.reroll_name"], cat[f"{K}.moves.reroll"]),
        Term(f"{K}.moves.seth", cat[f"{K}.moves.seth_name"], cat(f"{K}.moves.seth", **per_line)),
        Term(f"{K}.moves.toth", cat(f"{K}.moves.toth_name", dice=", ".join(
            "-".join(map(str, s)) for s in seq["toth"])), cat[f"{K}.moves.toth"]),
        Term(f"{K}.moves.tutan", cat(f"{K}.moves.tutan_name", dice="-".join(map(str, seq["wrath"]))),
             cat(f"{K}.moves.tutan", lines=", ".join(map(str, seq["wrath"])), **per_line)),
        Para(f"{K}.wrath.lines", cat(f"{K}.wrath.lines", **_lengths(cat))),
    ))
    return wrath, moves


def _lengths(cat: Catalogue) -> dict[str, str]:
    """The line lengths of Maat's Rest and the Osiris Maneuver ('1 or 2', '3')."""
    powers, join = data()["powers"], cat[f"{K}.or"]
    return {"maat": join.join(map(str, powers["maat_sizes"])),
            "osiris": join.join(map(str, powers["osiris_sizes"]))}


def build_aid(cat: Catalogue, variant: str = "en") -> Aid:
    """The aid's content in the catalogue's language (Tutan Tumba has no variants)."""
    comp = data()["components"]
    return Aid("tumba", cat[f"{K}.title"],
               cat(f"{K}.subtitle", low=comp["min_players"], high=comp["max_players"]),
               _standard(cat) + _advanced(cat))
