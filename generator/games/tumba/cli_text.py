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


def roll_text(reading: RollReading, board=None, mode: str | None = None) -> str:
    """The reading as a few readable lines: where it was read, the options, the powers."""
    dice = " ".join(map(str, reading.dice))
    where = ("an empty standard board" if board is None
             else f"the given board (player {board.player + 1} to move)")
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
    return "\n".join(out)
