"""Small building blocks every sheet uses: headings, write-in boxes, check boxes, labels.

They return scene items (never draw anything themselves) sized from the print limits, so every
sheet gets the same pencil-friendly sizes.
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Rect, Style, Text
from generator.draw.text import text

TITLE_PT = 16.0
HEADING_PT = 10.5
BODY_PT = 8.0
SMALL_PT = 7.0


def line_style(sheet: Sheet, width: float | None = None, role: str = "ink", **kw) -> Style:
    """A stroke no thinner than the print minimum."""
    minimum = sheet.limits["min_line"]
    return Style(stroke=sheet.theme(role), width=max(width or minimum, minimum), **kw)


def title_block(sheet: Sheet, title: str, subtitle: str) -> tuple[list[Item], float]:
    """Title and subtitle at the top of the content box; returns items and the y below them."""
    y = sheet.top + 6
    items: list[Item] = [
        text(sheet.left, y, title, TITLE_PT, bold=True, fill=sheet.theme("ink"),
             max_width=sheet.content_width * 0.6),
        text(sheet.right, y, subtitle, BODY_PT, anchor="end", fill=sheet.theme("muted"),
             max_width=sheet.content_width * 0.38),
    ]
    rule_y = y + 2.5
    from generator.draw.scene import Line

    items.append(Line(sheet.left, rule_y, sheet.right, rule_y, line_style(sheet, 0.4, "accent")))
    return items, rule_y + 4


def checkbox(sheet: Sheet, x: float, y: float, label: str, size: float | None = None,
             max_width: float | None = None) -> Group:
    """A square write-in box (≥ the minimum box size) with its label to the right."""
    side = max(size or sheet.limits["min_box"], sheet.limits["min_box"])
    items: list[Item] = [Rect(x, y, side, side, line_style(sheet, 0.35))]
    if label:
        items.append(text(x + side + 1.5, y + side * 0.72, label, BODY_PT, fill=sheet.theme("ink"),
                          max_width=max_width))
    return Group(tuple(items), name="checkbox")


def label(sheet: Sheet, x: float, y: float, value: str, size: float = BODY_PT, *,
          bold: bool = False, anchor: str = "start", role: str = "ink",
          max_width: float | None = None) -> Text:
    """A text label in a theme colour."""
    return text(x, y, value, size, bold=bold, anchor=anchor, fill=sheet.theme(role),
                max_width=max_width)
