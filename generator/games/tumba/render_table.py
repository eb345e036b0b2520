"""The placing order of a Pharaoh's Wrath setup as a compact table for the setup sheet.

Dealing in one line, the 22 placements in four columns (read down, then across), each with a box
to tick, then the passage and the moves of the cleared chambers. Chamber numbers match the
numbers drawn on the board.
"""

from __future__ import annotations

import math

from generator.draw.paper import Sheet
from generator.draw.scene import Item, Line
from generator.draw.text import paragraph, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, checkbox, label, line_style
from generator.games.tumba.model import Setup

COLUMNS = 4
ROW_H = 6.2
_TOP = 15.5          # heading and the two-line dealing paragraph
_LEADING = BODY_PT * 25.4 / 72 * 1.2


def placing_height(sheet: Sheet, setup: Setup, width: float) -> float:
    """The height (mm) the table of ``setup`` needs."""
    places = sum(1 for s in setup.log if s.action == "place")
    text = _passage_text(setup)
    lines = len(wrap(text, BODY_PT, width - 7)) if text else 0
    return _TOP + math.ceil(places / COLUMNS) * ROW_H + 2.5 + max(lines * _LEADING, 5.0) + 1.0


def _deal_text(setup: Setup) -> str:
    deals = [s for s in setup.log if s.action == "deal"]
    hands = " · ".join(f"P{s.player + 1}: {s.count}" for s in deals)
    return (f"Deal the chambers one at a time, starting with player 2 (on player 1's left): "
            f"{hands}. Then place them one by one in turn, starting with player 1:")


def _passage_text(setup: Setup) -> str:
    passage = next((s for s in setup.log if s.action == "passage"), None)
    if passage is None:
        return ""
    moves = [s for s in setup.log if s.action == "move"]
    who = f"P{passage.player + 1}"
    moved = ", ".join(f"#{m.chamber} to line {m.to}" for m in moves)
    pieces = "its chamber" if passage.count == 1 else f"its {passage.count} chambers"
    return (f"{who} placed the last chamber on line {passage.line}: {who} takes away {pieces}, "
            f"puts the secret passage alone on line {passage.line}, and moves {moved}.")


def placing_table(sheet: Sheet, setup: Setup, x: float, y: float, width: float) -> list[Item]:
    """The table's items, top-left at (x, y); :func:`placing_height` gives its height."""
    ink = sheet.theme("ink")
    items: list[Item] = [label(sheet, x, y + 4, "Placing order", HEADING_PT, bold=True)]
    items += paragraph(x, y + 9.5, _deal_text(setup), BODY_PT, width, 2, fill=ink)
    places = [s for s in setup.log if s.action == "place"]
    rows = math.ceil(len(places) / COLUMNS)
    col_w = width / COLUMNS
    top = y + _TOP
    for i, step in enumerate(places):
        col, row = divmod(i, rows)
        cx, cy = x + col * col_w, top + row * ROW_H
        items.append(checkbox(sheet, cx, cy, ""))
        items.append(label(sheet, cx + 7, cy + 3.8, f"#{step.chamber}", BODY_PT, bold=True))
        items.append(label(sheet, cx + 16, cy + 3.8, f"P{step.player + 1} on line {step.line}",
                           BODY_PT, max_width=col_w - 17))
    for col in range(1, COLUMNS):
        lx = x + col * col_w - 2
        items.append(Line(lx, top - 1, lx, top + rows * ROW_H - 1, line_style(sheet, 0.25, "faint")))
    after = top + rows * ROW_H + 2.5
    text = _passage_text(setup)
    if text:
        items.append(checkbox(sheet, x, after, ""))
        items += paragraph(x + 7, after + 3.2, text, BODY_PT, width - 7, 3, fill=ink)
    return items
