"""The null game's row sheet: the counters to cross out, numbered from the left, and a name line
for each player, the one who starts first.

Sizes come from ``[sheet]`` of seeds/null.toml; as many counters go on a line as the page is
wide for. Every word comes from the text catalogue in the run's language (``[row]`` of
``templates/i18n/<lang>/null.toml``).
"""

from __future__ import annotations

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Circle, Group, Item, Line, Page, Style, translate
from generator.draw.text import set_lines, text, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, label, line_style, title_block
from generator.games.null.model import Row, data

LEADING = BODY_PT * PT_TO_MM * 1.2
SPACE = 3.0           # mm between a heading or a label and what follows it
PLAYER_STEP = 12.0    # mm from one player's name line to the next


def render_row(row: Row, sheet: Sheet, info) -> list[Page]:
    """The row sheet of ``row`` (one page), in the run's language."""
    say = catalogue(info.lang).words("null.row")
    d = data()
    items, y = title_block(sheet, say("title"), say("subtitle", seed=info.seed))
    lines = wrap(say("intro", most=d["play"]["take"]), BODY_PT, sheet.content_width)
    items += set_lines(sheet.left, y, lines, BODY_PT, sheet.content_width,
                       fill=sheet.theme("ink"))
    y += len(lines) * LEADING + 2 * SPACE
    items.append(label(sheet, sheet.left, y, say("counters", n=row.counters), HEADING_PT,
                       bold=True, max_width=sheet.content_width))
    y += SPACE
    counters, height = _counters(sheet, row.counters)
    items.append(Group(counters, translate(sheet.left, y), name="row"))
    y += height + 3 * SPACE
    items.append(Group(_players(sheet, row, say), translate(sheet.left, y), name="players"))
    return [Page(sheet.width, sheet.height, tuple(items))]


def _counters(sheet: Sheet, n: int) -> tuple[tuple[Item, ...], float]:
    """``n`` numbered circles in lines as wide as the content, at (0, 0); and their height."""
    size, gap = data()["sheet"]["counter"], data()["sheet"]["gap"]
    per_line = max(1, int((sheet.content_width + gap) // (size + gap)))
    style = Style(stroke=sheet.theme("ink"), width=0.4, fill=sheet.theme("panel"))
    items: list[Item] = []
    for i in range(n):
        cx = (i % per_line) * (size + gap) + size / 2
        cy = (i // per_line) * (size + gap) + size / 2
        items.append(Circle(cx, cy, size / 2, style))
        items.append(text(cx, cy + SMALL_PT * PT_TO_MM * 0.35, str(i + 1), SMALL_PT,
                          anchor="middle", fill=sheet.theme("ink")))
    lines = -(-n // per_line)
    return tuple(items), lines * (size + gap) - gap


def _players(sheet: Sheet, row: Row, say: Words) -> tuple[Item, ...]:
    """A name line per player at (0, 0), in the order they play: the one who starts first."""
    players = data()["play"]["players"]
    order = [(row.first + k) % players for k in range(players)]
    heads = [label(sheet, 0, k * PLAYER_STEP, say("starts" if k == 0 else "player", n=p + 1),
                   BODY_PT, bold=True, max_width=sheet.content_width / 2)
             for k, p in enumerate(order)]
    start = max(h.width for h in heads) + SPACE
    length = min(data()["sheet"]["line"], sheet.content_width - start)
    items: list[Item] = list(heads)
    for k in range(players):
        y = k * PLAYER_STEP
        items.append(Line(start, y + 1, start + length, y + 1, line_style(sheet, 0.35)))
        items.append(label(sheet, start, y + 1 + SPACE, say("name"), SMALL_PT, role="muted",
                           max_width=length))
    return tuple(items)
