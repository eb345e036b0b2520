"""Plain-text output of ``tombgen tumba roll`` (kept out of cli.py so the CLI stays thin)."""

from __future__ import annotations

from generator.games.tumba.rules_roll import RollReading, option_groups

POWER_NAMES = {
    "golden-triple": "Pharaoh's Golden Triple",
    "anubis-double": "Anubis Double",
    "secret-passage": "Secret passage",
    "osiris-maneuver": "Osiris Maneuver",
    "toth-inversion": "Toth's Inversion",
    "tutan-wrath": "Tutan's Wrath",
}


def _line_name(n: int, passages: tuple[int, ...]) -> str:
    return f"{n} (passage)" if n in passages else str(n)


def roll_text(reading: RollReading, board=None, mode: str | None = None,
              given: bool = True) -> str:
    """The reading as a few readable lines: where it was read, the options, the powers and
    (on a given board) the incinerations."""
    dice = " ".join(map(str, reading.dice))
    if board is None:
        where = "an empty standard board"
    elif given:
        where = f"the given board (player {board.player + 1} to move)"
    else:
        line = reading.passages[0] if reading.passages else "?"
        where = (f"an empty board with the secret passage on line {line} (the other lines' "
                 "sizes are not given: each is taken to have room)")
    rules = mode or (board.mode if board is not None else "standard")
    out = [f"Roll {dice} on {where}, {rules} rules."]
    groups = option_groups(tuple(sorted(reading.dice)))
    if reading.options:
        count = len(reading.options)
        out.append(f"{count} way{'s' if count != 1 else ''} to place mummies:")
        for option in reading.options:
            lines = ", ".join(_line_name(n, reading.passages) for n in option)
            label = "line" if len(option) == 1 else "lines"
            out.append(f"  {groups.get(option, ''):<12} -> {label} {lines}")
    else:
        out.append("No way to place mummies with this roll: unless a power below can be used, "
                   "roll all three dice again.")
    if reading.powers:
        out.append("Powers:")
        for power in reading.powers:
            state = "yes" if power.usable else "not now"
            out.append(f"  {POWER_NAMES.get(power.code, power.code)} [{state}]: {power.note}")
    else:
        out.append("Powers: none.")
    if board is not None and given:
        out += incineration_lines(reading)
    return "\n".join(out)


def _chamber(where) -> str:
    if where == "tomb":
        return "into the tomb"
    if where == "passage":
        return "into the secret passage and the tomb (Ammit's Attack)"
    return f"to line {where[0]} chamber {where[1]}"


def incineration_lines(reading: RollReading) -> list[str]:
    """The incinerations the board allows, one chain a line."""
    if not reading.incinerations:
        return ["Incinerations on this board: none (your placement may open some)."]
    out = ["Incinerations on this board as it stands (you may stop after any jump; your "
           "placement may open more):"]
    for chain in reading.incinerations:
        steps = ", then ".join(f"over line {over[0]} chamber {over[1]} {_chamber(to)}"
                               for over, to in chain.jumps)
        back = " [backwards: Toth's Inversion, after placing]" if chain.backwards else ""
        out.append(f"  from line {chain.start[0]} chamber {chain.start[1]}: {steps}{back}")
    return out


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
