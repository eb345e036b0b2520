"""The placing order of a Pharaoh's Wrath setup as a compact table for the setup sheet.

Dealing in one line, the 22 placements in four columns (read down, then across), each with a box
to tick, then the passage and the moves of the cleared chambers. Chamber numbers match the
numbers drawn on the board. The words are the sheet's (``[setup.placing]`` of the catalogue).
"""

from __future__ import annotations

import math

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import Item, Line
from generator.draw.text import paragraph, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, checkbox, label, line_style
from generator.games.tumba.model import Setup

COLUMNS = 4
ROW_H = 6.2
_TOP = 15.5          # heading and the two-line dealing paragraph
_LEADING = BODY_PT * 25.4 / 72 * 1.2


def placing_height(sheet: Sheet, setup: Setup, width: float, say: Words) -> float:
    """The height (mm) the table of ``setup`` needs."""
    places = sum(1 for s in setup.log if s.action == "place")
    text = _passage_text(setup, say)
    lines = len(wrap(text, BODY_PT, width - 7)) if text else 0
    return (_top(setup, width, say) + math.ceil(places / COLUMNS) * ROW_H + 2.5
            + max(lines * _LEADING, 5.0) + 1.0)


def _top(setup: Setup, width: float, say: Words) -> float:
    """From the heading to the first row: two lines of the dealing text, or more."""
    return _TOP + (max(len(wrap(_deal_text(setup, say), BODY_PT, width)), 2) - 2) * _LEADING


def _player(say: Words, player: int) -> str:
    return say("player_tag", n=player + 1)


def _deal_text(setup: Setup, say: Words) -> str:
    deals = [s for s in setup.log if s.action == "deal"]
    hands = " · ".join(say("placing.hand", player=_player(say, s.player), count=s.count)
                       for s in deals)
    return say("placing.deal", hands=hands)


def _passage_text(setup: Setup, say: Words) -> str:
    passage = next((s for s in setup.log if s.action == "passage"), None)
    if passage is None:
        return ""
    moves = [s for s in setup.log if s.action == "move"]
    from generator.games.tumba.cli_text import listing

    moved = listing([say("placing.move", chamber=say("chamber_tag", n=m.chamber), line=m.to)
                     for m in moves], catalogue(say.lang).words("tumba.aid"))
    pieces = (say("placing.its_chamber") if passage.count == 1
              else say("placing.its_chambers", n=passage.count))
    return say("placing.passage", player=_player(say, passage.player), line=passage.line,
               pieces=pieces, moved=moved)


def placing_table(sheet: Sheet, setup: Setup, x: float, y: float, width: float,
                  say: Words) -> list[Item]:
    """The table's items, top-left at (x, y); :func:`placing_height` gives its height."""
    ink = sheet.theme("ink")
    items: list[Item] = [label(sheet, x, y + 4, say("placing.title"), HEADING_PT, bold=True,
                               max_width=width)]
    deal = _deal_text(setup, say)
    items += paragraph(x, y + 9.5, deal, BODY_PT, width, len(wrap(deal, BODY_PT, width)),
                       fill=ink)
    places = [s for s in setup.log if s.action == "place"]
    rows = math.ceil(len(places) / COLUMNS)
    col_w = width / COLUMNS
    top = y + _top(setup, width, say)
    for i, step in enumerate(places):
        col, row = divmod(i, rows)
        cx, cy = x + col * col_w, top + row * ROW_H
        items.append(checkbox(sheet, cx, cy, ""))
        items.append(label(sheet, cx + 7, cy + 3.8, say("chamber_tag", n=step.chamber), BODY_PT,
                           bold=True, max_width=8.5))
        items.append(label(sheet, cx + 16, cy + 3.8,
                           say("placing.place", player=_player(say, step.player),
                               line=step.line), BODY_PT, max_width=col_w - 17))
    for col in range(1, COLUMNS):
        lx = x + col * col_w - 2
        items.append(Line(lx, top - 1, lx, top + rows * ROW_H - 1, line_style(sheet, 0.25, "faint")))
    after = top + rows * ROW_H + 2.5
    text = _passage_text(setup, say)
    if text:
        items.append(checkbox(sheet, x, after, ""))
        items += paragraph(x + 7, after + 3.2, text, BODY_PT, width - 7, 3, fill=ink)
    return items
