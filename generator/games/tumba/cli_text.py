"""Plain-text output of ``tombgen tumba roll`` and ``tumba replay`` (kept out of cli.py so the
CLI stays thin).

The roll helper says what the engine will do with a roll: the ways to place it and, on a given
board, the incinerations after each of them; an empty House of the Dead (the turn is skipped);
the powers; the one-die re-roll where the rules give one; the lines of Maat's Rest and the
Osiris Maneuver on that board. Its words are the ``[roll]`` table of the Tutan Tumba catalogue
(``templates/i18n/<lang>/tumba.toml``): :func:`roll_lines` gives each line as its catalogue key
and values, so the claims tests can check which rule the helper states for a position.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from generator.core.i18n import Words, catalogue
from generator.games.tumba.model import data, facts
from generator.games.tumba.rules_roll import Chain, RollReading, option_groups


class Said(NamedTuple):
    """One line of the helper: its catalogue key (under ``tumba.roll``), values, indent."""

    key: str
    values: dict[str, Any]
    indent: int = 0


def line_runs(numbers, say: Words) -> str:
    """Line numbers as runs in the language: [1, 2, 3, 4, 7] -> '1–4, 7' ('1 à 4, 7'); a
    lone pair [9, 10] -> '9 and 10'."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    if len(runs) == 1 and runs[0][1] == runs[0][0] + 1:
        return say("pair", first=runs[0][0], last=runs[0][1])      # 'lines 9 and 10'
    parts = [say("range", first=a, last=b) if b > a + 1 else
             f"{a}, {b}" if b > a else str(a) for a, b in runs]
    return listing(parts, say)


def listing(parts: list[str], say: Words) -> str:
    """Items of a list in the language: 'a, b, c' ('a, b et c')."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + say("list_last") + parts[-1]


def _aid_words(lang: str) -> Words:
    return catalogue(lang).words("tumba.aid")


def _lines(numbers, say: Words, key_one: str, key_many: str, aid: Words) -> str:
    numbers = list(numbers)
    if not numbers:
        return say("nowhere")
    return say(key_one if len(numbers) == 1 else key_many, lines=line_runs(numbers, aid))


def _sizes(sizes, aid: Words) -> str:
    return aid("or").join(str(s) for s in sizes)


def roll_lines(reading: RollReading, board=None, mode: str | None = None,
               given: bool = True, lang: str = "en") -> list[Said]:
    """The helper's lines for ``reading``, as catalogue keys and values (see :func:`roll_text`)."""
    say, aid = catalogue(lang).words("tumba.roll"), _aid_words(lang)
    if board is None:
        where = say("where_empty")
    elif given:
        where = say("where_given", player=board.player + 1)
    else:
        where = say("where_passage", line=reading.passages[0] if reading.passages else "?")
    rules = mode or (board.mode if board is not None else "standard")
    out = [Said("head", {"dice": " ".join(map(str, reading.dice)), "where": where,
                         "mode": say(f"mode.{rules}")})]
    if given and board is not None:
        out.append(Said("house", {"player": reading.player + 1, "house": reading.house,
                                  "tomb": reading.tomb}))
    if reading.skipped:
        out.append(Said("skipped", {}))
        if reading.full_maat:
            out.append(Said("skipped_maat", {"lines": _lines(reading.full_maat, say, "line",
                                                             "lines", aid)}, 2))
    else:
        out += _ways(reading, say, aid, given and board is not None)
        out += _powers(reading, say, aid)
        out += _rescues(reading, say)
    powers = data()["powers"]
    if board is not None and not given:
        return out                 # the lines' sizes are not given: no lines of Maat or Osiris
    out.append(Said("board", {
        "maat": _lines(reading.maat_lines, say, "the_line", "the_lines", aid),
        "maat_sizes": _sizes(powers["maat_sizes"], aid),
        "osiris": _lines(reading.osiris_lines, say, "the_line", "the_lines", aid),
        "osiris_sizes": _sizes(powers["osiris_sizes"], aid)}))
    if given and board is not None and not reading.skipped:
        if reading.incinerations:
            out.append(Said("before", {}))
            out += [Said("chain", _chain_values(c, say), 2) for c in reading.incinerations]
        else:
            out.append(Said("before_none", {}))
    return out


def _ways(reading: RollReading, say: Words, aid: Words, after: bool) -> list[Said]:
    out: list[Said] = []
    groups = option_groups(tuple(sorted(reading.dice)))
    if not reading.options:
        usable = any(p.usable for p in reading.powers if p.code in ("golden-triple",
                                                                     "anubis-double"))
        key = "none_power" if usable else "none_reroll" if reading.rescues else "none"
        return [Said(key, {})]
    count = len(reading.options)
    out.append(Said("way_one", {}) if count == 1 else Said("ways", {"count": count}))
    for i, option in enumerate(reading.options):
        names = [say("passage_line", n=n) if n in reading.passages else str(n) for n in option]
        lines = say("line" if len(option) == 1 else "lines", lines=listing(names, aid))
        out.append(Said("way", {"groups": f"{groups.get(option, ''):<12}", "lines": lines}, 2))
        if after:
            chains = reading.after[i]
            if chains:
                out.append(Said("after", {}, 6))
                out += [Said("chain", _chain_values(c, say), 8) for c in chains]
            else:
                out.append(Said("after_none", {}, 6))
    return out


def _powers(reading: RollReading, say: Words, aid: Words) -> list[Said]:
    if not reading.powers:
        return [Said("no_powers", {})]
    out = [Said("powers", {})]
    uses = facts().golden_triple_uses
    for p in reading.powers:
        lines = line_runs(p.lines, aid)
        values = {"uses": uses, "third": p.lines[0] if p.lines else "",
                  "lines": say("the_line" if len(p.lines) == 1 else "the_lines", lines=lines)
                  if p.code in ("secret-passage", "osiris-maneuver") else
                  ", ".join(map(str, p.lines))}
        note = say(f"power.{p.code}.{p.reason}", **values)
        out.append(Said("power_line", {"name": say(f"power.{p.code}.name"),
                                  "state": say("yes" if p.usable else "not_now"), "note": note},
                        2))
    return out


def _rescues(reading: RollReading, say: Words) -> list[Said]:
    if reading.rescues is None:
        return []
    if reading.options or any(p.usable for p in reading.powers):
        return [Said("reroll_may", {})]
    faces = facts().faces
    out = [Said("reroll", {})]
    for r in reading.rescues:
        if r.faces:
            out.append(Said("reroll_die", {"value": r.value, "count": len(r.faces),
                                           "faces": faces, "which": ", ".join(map(str, r.faces))},
                            2))
        else:
            out.append(Said("reroll_none", {"value": r.value}, 2))
    return out


def _chain_values(chain: Chain, say: Words) -> dict[str, Any]:
    steps = say("then").join(say("step", line=over[0], depth=over[1], to=_landing(to, say))
                             for over, to in chain.jumps)
    if chain.backwards:
        steps = say("after_back", chain=steps)
    return {"line": chain.start[0], "depth": chain.start[1], "steps": steps}


def _landing(where, say: Words) -> str:
    if where == "tomb":
        return say("to_tomb")
    if where == "passage":
        return say("to_passage")
    return say("to_chamber", line=where[0], depth=where[1])


def roll_text(reading: RollReading, board=None, mode: str | None = None,
              given: bool = True, lang: str = "en") -> str:
    """The reading as a few readable lines in ``lang``: where it was read, whose turn, the ways
    to place (with the incinerations after each, on a given board), the powers, the one-die
    re-roll, the board's Maat's Rest and Osiris lines, the incinerations before placing."""
    say = catalogue(lang).words("tumba.roll")
    return "\n".join(" " * s.indent + say(s.key, **s.values)
                     for s in roll_lines(reading, board, mode, given, lang))


class RollAnswer(NamedTuple):
    """What ``tumba roll`` answers: the reading, the board it was read on (None: the empty
    standard board) and the text the command prints."""

    reading: RollReading
    board: Any
    text: str


def roll_answer(dice, doc: Any = None, source: str = "<board>", mode: str | None = None,
                passage: int | None = None, lang: str = "en") -> RollAnswer:
    """``tombgen tumba roll DICE [--board FILE] [--mode M] [--passage N] [--lang L]``: ``doc``
    is the board (or setup) document of ``--board``, read as the command reads it (malformed:
    InputError; not a position of the game: RuleError with its report). The command and the
    web page's roll helper both answer with this."""
    from generator.games.tumba.model_board import read_board, roll_board
    from generator.games.tumba.rules import roll_options

    board = read_board(doc, source) if doc is not None else None
    board = roll_board(board, mode, passage)
    reading = roll_options(tuple(dice), board, mode)
    return RollAnswer(reading, board, roll_text(reading, board, mode, given=doc is not None,
                                                lang=lang))


def board_text(state) -> str:
    """The board as text: per row, the odd line's chambers (outer first), the tomb, the even
    line's chambers; each chamber shows its player (1-6) or '.'; then tomb and house counts."""
    board = state.board
    rows = []
    for row in range(6, 0, -1):
        left, right = 2 * row - 1, 2 * row
        rows.append(f"{left:>3} {_cells(board, left, True):>17} | tomb | "
                    f"{_cells(board, right, False):<17} {right}")
    counts = lambda values: ", ".join(f"P{q + 1} {v}" for q, v in enumerate(values))  # noqa: E731
    rows.append(f"tomb: {counts(state.tomb)}")
    rows.append(f"house: {counts(state.house)}")
    return "\n".join(rows)


def _cells(board, line: int, outer_first: bool) -> str:
    if board.passage[line]:
        return "[passage]"
    cells = ["[" + ("." if c < 0 else str(c + 1)) + "]" for c in board.cells[line]]
    return " ".join(reversed(cells) if outer_first else cells)
