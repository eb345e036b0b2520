"""Turning the box over, on the dig sheet: where corner A is, the words, and a small diagram.

Every drawing of the sheet is seen from above with the box's long sides at the top (away from
the player) and at the bottom (nearest the player). Corner A is the far left corner of the
surface after the flip; in the lid, before the flip, the same corner of the box is at the far
right (``flip = "x"``, turned like a book page) or at the near left (``flip = "y"``, tipped
toward the player). The words name the real sides of the box, so a player can find corner A on
the lid itself; they come from the text catalogue (``[dig]`` of the Tanis catalogue, ``say``).
"""

from __future__ import annotations

import math

from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Line, Polygon, Polyline, Rect, Style, translate
from generator.draw.text import text
from generator.draw.widgets import SMALL_PT, label, line_style


def lid_corner(axis: str, box: tuple[int, int]) -> tuple[int, int]:
    """Corner A in the lid drawings (units): the surface's (0, 0) before the flip."""
    return (box[0], 0) if axis == "x" else (0, box[1])


def _sides(box: tuple[int, int]) -> tuple[str, str]:
    """(the top and bottom sides, the left and right sides): keys of ``side`` (long, short)."""
    width, height = box
    if width == height:
        return "any", "any"
    return ("long", "short") if width > height else ("short", "long")


def corner_words(corner: tuple[int, int], box: tuple[int, int], say: Words) -> str:
    """'the far right corner, where the short side on your right meets the long side away
    from you' for a corner given in drawing units."""
    across, upright = _sides(box)
    hand = "left" if corner[0] == 0 else "right"
    where = "far" if corner[1] == 0 else "near"
    return say("corner.words", corner=say(f"corner.{where}_{hand}"),
               upright=say(f"side.{upright}"), hand=say(f"corner.{hand}"),
               across=say(f"side.{across}"), where=say(f"corner.{where}"))


def turn_words(axis: str, box: tuple[int, int], say: Words) -> str:
    """How to turn the closed box over, naming the real sides of the box."""
    across, upright = _sides(box)
    return say(f"turn.{'x' if axis == 'x' else 'y'}", upright=say(f"side.{upright}"),
               across=say(f"side.{across}"), upright_plural=say(f"side.{upright}_plural"),
               across_plural=say(f"side.{across}_plural"))


def lift_words(box: tuple[int, int], say: Words) -> str:
    return say("turn.lift", corner=corner_words((0, 0), box, say))


def corner_mark(sheet: Sheet, x: float, y: float, box_w: float, box_h: float) -> list[Item]:
    """A small triangle in the corner (x, y) of a box drawing, with 'A' outside the box: above
    a top corner, below a bottom one, kept within the box's width."""
    size = min(min(box_w, box_h) * 0.1, 6.0)
    sx = 1 if x == 0 else -1
    sy = 1 if y == 0 else -1
    tri = Polygon(((x, y), (x + sx * size, y), (x, y + sy * size)),
                  Style(stroke=None, fill=sheet.theme("accent")))
    baseline = y - 1.2 if y == 0 else y + 3.4
    return [tri, text(x, baseline, "A", SMALL_PT, bold=True, anchor="start" if sx > 0 else "end",
                      fill=sheet.theme("accent"))]


def corner_room(axis: str) -> float:
    """Extra height (mm) a lid drawing needs below it for a bottom corner's 'A'."""
    return 3.6 if axis == "y" else 0.0


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float,
         steps: int = 16) -> tuple[tuple[float, float], ...]:
    return tuple((cx + rx * math.cos(math.radians(start + (end - start) * k / steps)),
                  cy + ry * math.sin(math.radians(start + (end - start) * k / steps)))
                 for k in range(steps + 1))


def _arrow_head(sheet: Sheet, tip: tuple[float, float], came: tuple[float, float]) -> Polygon:
    dx, dy = tip[0] - came[0], tip[1] - came[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    back, half = 2.2, 1.1
    base = (tip[0] - ux * back, tip[1] - uy * back)
    return Polygon((tip, (base[0] - uy * half, base[1] + ux * half),
                    (base[0] + uy * half, base[1] - ux * half)),
                   Style(stroke=None, fill=sheet.theme("ink")))


def flip_diagram(sheet: Sheet, axis: str, box: tuple[int, int], say: Words,
                 unit: float = 5.0) -> tuple[Group, float, float]:
    """The filled lid (corner A, the turning axis and the way it turns), an arrow, and the box
    after the flip (corner A at the far left). Returns the group at (0, 0), its width and
    height in mm."""
    w, h = box[0] * unit, box[1] * unit
    top = 9.0                                           # room for the arc and the captions
    ink, faint = line_style(sheet, 0.5), line_style(sheet, 0.3, "muted", dash=(1.2, 1.0))
    lid: list[Item] = [Rect(0, 0, w, h, Style(stroke=sheet.theme("ink"), width=0.5,
                                             fill=sheet.theme("layer1")))]
    cx, cy = lid_corner(axis, box)
    lid += corner_mark(sheet, cx * unit, cy * unit, w, h)
    if axis == "x":
        lid.append(Line(w / 2, -2, w / 2, h + 2, faint))
        path = _arc(w / 2, 0, w / 2 - 3.5, 6.5, 0, -180)   # right edge up and over to the left
    else:
        lid.append(Line(-2, h / 2, w + 2, h / 2, faint))
        path = _arc(w, h / 2, 6.5, h / 2 - 3.5, -90, 90)   # far edge over to the near side
    lid.append(Polyline(path, ink))
    lid.append(_arrow_head(sheet, path[-1], path[-3]))
    gap = 16.0 if axis == "y" else 12.0
    after_x = w + gap
    mid = h / 2
    arrow: list[Item] = [
        Line(w + gap * 0.3 + (4 if axis == "y" else 0), mid, after_x - 2.5, mid, ink),
        _arrow_head(sheet, (after_x - 1, mid), (after_x - 3, mid))]
    after: list[Item] = [Rect(0, 0, w, h, Style(stroke=sheet.theme("ink"), width=0.5,
                                               fill=sheet.theme("paper")))]
    after += corner_mark(sheet, 0, 0, w, h)
    captions = [label(sheet, 0, h + 7.5, say("filled_lid"), SMALL_PT, role="muted",
                      max_width=after_x - 1.5),
                label(sheet, after_x, h + 7.5, say("after_flip"), SMALL_PT, role="muted",
                      max_width=w + 8)]
    items = (Group(tuple(lid), translate(0, top)), Group(tuple(arrow), translate(0, top)),
             Group(tuple(after), translate(after_x, top)),
             Group(tuple(captions), translate(0, top)))
    return Group(items, name="flip-diagram"), after_x + w, top + h + 8.5
