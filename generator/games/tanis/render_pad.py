"""Page 2 of the dig sheet: a score pad for the two players.

Each player gets a panel with four columns (one per tile type) of tick boxes numbered 1-10, a
write-in box for the points of each column, the action cards to cross off as they are played
(3 Explorer, 2 Excavator, 1 Expert) and a total. Below both panels sit the group-scoring table
and the end-of-game rules, so the printed setup is also the score sheet. Counts, numbers and
points all come from the rules data; the words from the text catalogue (``[dig.pad]`` of the
Tanis catalogue, card names from its ``[names.card]``).
"""

from __future__ import annotations

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Line, Page, Rect, Style, translate
from generator.draw.text import measure, paragraph, wrap
from generator.draw.widgets import (
    BODY_PT,
    HEADING_PT,
    SMALL_PT,
    checkbox,
    label,
    line_style,
    title_block,
)
from generator.games.tanis.model import CARDS, data, facts, numbers, types

# Presentation only: a colour stripe per type in the colour theme (names carry it in mono).
TYPE_ROLES = ("green", "yellow", "blue", "red")
PANEL_GAP = 10.0
LEADING = BODY_PT * 0.4233 * 1.2
BOX = 6.0          # tick box side (mm); above the 5 mm print minimum


def render_score_pad(sheet: Sheet, info) -> Page:
    """The score pad page (footer added by the pipeline), in the run's language."""
    say = catalogue(info.lang).words("tanis.dig.pad")
    items, y = title_block(sheet, say("title"), say("subtitle", seed=info.seed))
    intro = wrap(say("intro"), BODY_PT, sheet.content_width)
    items += paragraph(sheet.left, y + 1, say("intro"), BODY_PT, sheet.content_width,
                       len(intro), fill=sheet.theme("ink"))
    y += 11 + (len(intro) - 2) * LEADING
    rules_lines = len(wrap(say("rules"), BODY_PT, sheet.content_width))
    width = (sheet.content_width - PANEL_GAP) / 2
    pitch = _row_pitch(sheet, y + (rules_lines - 3) * LEADING)
    panel_h = 0.0
    for p in range(facts().players):
        panel, panel_h = _player_panel(sheet, p, width, pitch, say)
        items.append(Group((panel,), translate(sheet.left + p * (width + PANEL_GAP), y),
                           name=f"player-{p + 1}"))
    y += panel_h + 7
    table, table_h = _scoring_table(sheet, sheet.content_width, say)
    items.append(Group((table,), translate(sheet.left, y), name="group-scoring"))
    y += table_h + 5
    rules = paragraph(sheet.left, y, say("rules"), BODY_PT, sheet.content_width, rules_lines,
                      fill=sheet.theme("ink"))
    items += rules
    y += len(rules) * LEADING + 6
    winner = label(sheet, sheet.left, y, say("winner"), HEADING_PT, bold=True,
                   max_width=sheet.content_width / 3)
    items.append(winner)
    items.append(Line(sheet.left + winner.width + 3, y + 0.8,
                      max(sheet.left + 100, sheet.left + winner.width + 60), y + 0.8,
                      line_style(sheet, 0.3, "muted")))
    return Page(sheet.width, sheet.height, tuple(items))


def _row_pitch(sheet: Sheet, top: float) -> float:
    """Tick-row spacing: as roomy as the page allows (8 mm at most, never below box + 1 mm)."""
    rows = len(numbers())
    fixed = 14 + 9 + 14 + 7 + 8 * len(CARDS) + 16 + 7 + 26 + 14  # everything but the rows
    return max(BOX + 1.0, min(8.0, (sheet.bottom - top - fixed) / rows))


def _player_panel(sheet: Sheet, index: int, width: float, pitch: float,
                  say: Words) -> tuple[Group, float]:
    """One player's panel at (0, 0): heading, four tick columns, cards and total."""
    ink = sheet.theme("ink")
    items: list[Item] = []
    head = label(sheet, 3, 6, say("player", n=index + 1), HEADING_PT, bold=True,
                 max_width=width / 2)
    items.append(head)
    name_x = 3 + head.width + 3
    name = label(sheet, name_x, 6, say("name"), SMALL_PT, role="muted", max_width=width / 4)
    items.append(name)
    items.append(Line(name_x + name.width + 1.5, 6.6, width - 3, 6.6,
                      line_style(sheet, 0.3, "muted")))
    items.append(checkbox(sheet, 3, 9, say("first"), size=5.0, max_width=width - 12))
    y = 17.0
    col_w = (width - 6) / len(types())
    for k, kind in enumerate(types()):
        col, col_h = _type_column(sheet, k, say(f"type.{kind}"), col_w, pitch, say)
        items.append(Group((col,), translate(3 + k * col_w, y), name=f"column-{kind}"))
    y += col_h + 5
    cards, cards_h = _cards_block(sheet, width - 6, say)
    items.append(Group((cards,), translate(3, y), name="cards"))
    y += cards_h + 3
    items.append(label(sheet, 3, y + 6.2, say("total"), BODY_PT, bold=True,
                       max_width=width - 3 - 24 - 5))
    items.append(Rect(width - 3 - 24, y, 24, 9, line_style(sheet, 0.5)))
    height = y + 12
    frame = Rect(0, 0, width, height, Style(stroke=ink, width=0.4), radius=1.5)
    return Group((frame, *items)), height


def _type_column(sheet: Sheet, k: int, name: str, width: float, pitch: float,
                 say: Words) -> tuple[Group, float]:
    """A type's header, a numbered tick box per number, and the column's points box."""
    ink = sheet.theme("ink")
    inner = width - 2
    items: list[Item] = [
        Rect(1, 0, inner, 7, Style(stroke=ink, width=0.3, fill=sheet.theme("panel"))),
        Rect(1, 0, inner, 1.4, Style(stroke=None, fill=sheet.theme(TYPE_ROLES[k % 4]))),
        label(sheet, width / 2, 5.6, name, BODY_PT, bold=True, anchor="middle",
              max_width=inner - 1),
    ]
    box_x = width / 2 - BOX / 2 + 3
    y = 9.0
    for n in numbers():
        items.append(label(sheet, box_x - 1.8, y + BOX * 0.72, str(n), BODY_PT, anchor="end",
                           max_width=box_x - 2.0))
        items.append(Rect(box_x, y, BOX, BOX, Style(stroke=ink, width=0.35,
                                                    fill=sheet.theme("paper"))))
        y += pitch
    y += 1
    items.append(label(sheet, width / 2, y + 2.2, say("points"), SMALL_PT, anchor="middle",
                       role="muted", max_width=width - 2))
    items.append(Rect(2, y + 3.5, width - 4, 7, line_style(sheet, 0.35)))
    return Group(tuple(items)), y + 10.5


def _cards_block(sheet: Sheet, width: float, say: Words) -> tuple[Group, float]:
    """Each action card kind with one box per card to cross off."""
    cards = data()["cards"]
    names = {kind: say.cat[f"tanis.names.card.{kind}"] for kind in CARDS}
    items: list[Item] = [label(sheet, 0, 3, say("cards"), BODY_PT, bold=True, max_width=width)]
    boxes_x = max(24.0, max(measure(n, BODY_PT) for n in names.values()) + 3.0)
    y = 5.5
    for kind in CARDS:
        items.append(label(sheet, 0, y + BOX * 0.72, names[kind], BODY_PT,
                           max_width=boxes_x - 2.0))
        for i in range(cards[kind]):
            items.append(Rect(boxes_x + i * (BOX + 2.5), y, BOX, BOX, line_style(sheet, 0.35)))
        y += BOX + 2
    return Group(tuple(items)), y


def _scoring_table(sheet: Sheet, width: float, say: Words) -> tuple[Group, float]:
    """Group size -> points, from the rules data (the last size reads 'n or more')."""
    points = facts().group_points
    ink = sheet.theme("ink")
    head_w = 34.0
    cell_w = (width - head_w) / len(points)
    row_h = 7.0
    items: list[Item] = [label(sheet, 0, 4, say("scoring"), HEADING_PT, bold=True,
                               max_width=width)]
    top = 6.5
    rows = (("size", [str(i + 1) for i in range(len(points))]),
            ("value", [str(p) for p in points]))
    rows[0][1][-1] = say("or_more", n=len(points))
    for r, (title, cells) in enumerate(rows):
        y = top + r * row_h
        fill = sheet.theme("panel") if r == 0 else sheet.theme("paper")
        items.append(Rect(0, y, width, row_h, Style(stroke=ink, width=0.3, fill=fill)))
        items.append(label(sheet, 2, y + 4.8, say(title), BODY_PT, bold=True,
                           max_width=head_w - 3))
        for c, value in enumerate(cells):
            x = head_w + c * cell_w
            items.append(Line(x, y, x, y + row_h, line_style(sheet, 0.3)))
            items.append(label(sheet, x + cell_w / 2, y + 4.8, value, BODY_PT, bold=r == 1,
                               anchor="middle", max_width=cell_w - 2))
    return Group(tuple(items)), top + 2 * row_h
