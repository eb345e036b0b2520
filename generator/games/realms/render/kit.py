"""Small drawing pieces the areas of the game sheet share: area headings with their letter,
pictograms and dice placed by size, write-in boxes, and a tile shape drawn with its walls.

Every area is drawn at its own origin (0, 0) and returned as an :class:`Area` with its size; the
page composer (:mod:`generator.games.realms.render`) places it. Every word an area prints comes
from the text catalogue (``[sheet]`` of ``templates/i18n/<lang>/realms.toml``), held as ``say``
(:func:`sheet_words`).
"""

from __future__ import annotations

from typing import NamedTuple

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Circle, Item, Line, Rect, Style, Use
from generator.draw.text import measure, text, wrap
from generator.draw.widgets import line_style
from generator.games.realms.model import Form
from generator.games.realms.pictograms import BOX, symbol_name

HEAD_H = 6.0          # mm: an area's heading band
HEAD_PT = 9.0
LABEL_PT = 7.0
NOTE_PT = 6.0
BOX_LINE = 0.3        # mm: write-in boxes
MIN_BOX = 5.0         # mm: the smallest write-in box (seeds/print.toml says the same)


def sheet_words(lang: str = "en") -> Words:
    """The game sheet's words in ``lang`` (``realms.sheet`` of the text catalogue)."""
    return catalogue(lang).words("realms.sheet")


class Area(NamedTuple):
    """An area's items at its own origin, and its size in mm."""

    items: list[Item]
    width: float
    height: float


def heading(sheet: Sheet, letter: str, title: str, width: float, note: str = "") -> list[Item]:
    """The letter badge and the area's title (and a short note to its right, if room)."""
    r = 2.4
    items: list[Item] = [
        Circle(r, r + 0.2, r, Style(stroke=None, fill=sheet.theme("accent"))),
        text(r, r + 1.35, letter, 7.5, anchor="middle", bold=True, fill=sheet.theme("paper")),
    ]
    head = text(2 * r + 1.6, r + 1.6, title, HEAD_PT, bold=True, fill=sheet.theme("ink"),
                max_width=width - 2 * r - 1.6)
    items.append(head)
    room = width - (2 * r + 1.6 + head.width + 2.0)
    if note and room > 12:
        items.append(text(width, r + 1.6, note, NOTE_PT, anchor="end", fill=sheet.theme("muted"),
                          max_width=room))
    return items


def note_room(value: str, width: float, lines: int) -> tuple[int, float]:
    """The lines a note (at ``NOTE_PT``) wraps to in ``width``, and the height it needs beyond
    the ``lines`` its area reserves: a longer translation takes it from the area's spare
    height (one more line at most)."""
    found = len(wrap(value, NOTE_PT, width))
    return found, max(0, found - lines) * NOTE_LINE


BLOCK_PT = 6.5       # a block's title inside an area
NOTE_LINE = NOTE_PT * PT_TO_MM * 1.2


def beside(title: str, note: str, width: float) -> bool:
    """Does a block's note fit on its title's line (else it goes on a line below)?"""
    return measure(title, BLOCK_PT, bold=True) + 2.5 + measure(note, NOTE_PT) <= width


def block_title(sheet: Sheet, y: float, title: str, note: str,
                width: float) -> tuple[list[Item], float]:
    """A block's bold title at the left and its muted note at the right of the same line, or,
    when both do not fit (a longer translation), the note on the line below; with the height
    taken beyond the one line."""
    head = label(sheet, 0, y + 2.8, title, BLOCK_PT, bold=True, max_width=width)
    if beside(title, note, width):
        return [head, label(sheet, width, y + 2.8, note, NOTE_PT, anchor="end", role="muted",
                            max_width=width - head.width - 2.5)], 0.0
    return [head, label(sheet, 0, y + 2.8 + NOTE_LINE + 0.3, note, NOTE_PT, role="muted",
                        max_width=width)], NOTE_LINE + 0.3


def icon(kind: str, cx: float, cy: float, size: float) -> Use:
    """The pictogram of ``kind`` centred at (cx, cy), ``size`` mm across."""
    return Use(symbol_name(kind), cx, cy, size / BOX)


def die(value: int | None, cx: float, cy: float, size: float) -> Use:
    """A die face (None: a blank die, any value)."""
    return icon("die-any" if value is None else f"die-{value}", cx, cy, size)


def box(sheet: Sheet, x: float, y: float, w: float, h: float, heavy: bool = False) -> Rect:
    """A write-in box (never below the print minimum)."""
    return Rect(x, y, max(w, MIN_BOX), max(h, MIN_BOX),
                Style(stroke=sheet.theme("ink"), width=0.5 if heavy else BOX_LINE,
                      fill=sheet.theme("paper")))


def label(sheet: Sheet, x: float, y: float, value: str, size: float = LABEL_PT, *,
          bold: bool = False, anchor: str = "start", role: str = "ink",
          max_width: float | None = None):
    return text(x, y, value, size, bold=bold, anchor=anchor, fill=sheet.theme(role),
                max_width=max_width)


def shape_drawing(sheet: Sheet, form: Form, x: float, y: float, s: float,
                  wall: float = 0.6) -> list[Item]:
    """A tile shape at (x, y), ``s`` mm a square: pale squares, faint inner lines, walls on
    every outer edge except the openings (left as gaps, like a tile drawn on the map)."""
    cells = set(form.cells)
    opens = set(form.openings)
    fill = Style(stroke=None, fill=sheet.theme("panel"))
    faint = line_style(sheet, 0.25, "faint")
    heavy = line_style(sheet, wall, "ink", cap="square")
    items: list[Item] = [Rect(x + cx * s, y + cy * s, s, s, fill) for cx, cy in form.cells]
    for cx, cy in form.cells:
        for side, (dx, dy) in (("E", (1, 0)), ("S", (0, 1))):
            if (cx + dx, cy + dy) in cells:
                items.append(_side(x, y, cx, cy, side, s, faint))
    for cx, cy in form.cells:
        for side, (dx, dy) in (("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)), ("W", (-1, 0))):
            if (cx + dx, cy + dy) not in cells and (cx, cy, side) not in opens:
                items.append(_side(x, y, cx, cy, side, s, heavy))
    return items


def _side(x: float, y: float, cx: int, cy: int, side: str, s: float, style: Style) -> Line:
    x0, y0 = x + cx * s, y + cy * s
    x1, y1 = x0 + s, y0 + s
    return {"N": Line(x0, y0, x1, y0, style), "S": Line(x0, y1, x1, y1, style),
            "W": Line(x0, y0, x0, y1, style), "E": Line(x1, y0, x1, y1, style)}[side]
