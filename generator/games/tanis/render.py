"""The Tanis dig setup sheet: the four layers as they are laid into the lid, and the surface.

Each laid layer is drawn mirrored (the box is turned over afterwards), numbered in laying order,
with one instruction line and a check box. Corner A marks the same physical corner in every
drawing, so the mirroring is visible. The surface after the flip is drawn as players will see it.
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Page, Polygon, Rect, Style, translate
from generator.draw.text import text
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, checkbox, label, title_block
from generator.games.tanis.model import Dig, Layer

LAYER_ROLES = ("layer1", "layer2", "layer3", "layer4")
INSTRUCTIONS = (
    "Into the empty lid, face down. This layer becomes the surface.",
    "On top of layer 1. No tile may sit exactly on a tile below.",
    "On top of layer 2, the same way. Keep the layer tight.",
    "Last layer. Then close the box, hold it shut and turn it over.",
)
INTRO = ("Shuffle the 40 tiles face down. Fill the lid layer by layer in the order 1 to 4, "
         "each exactly as drawn (seen from above while you fill the lid).")
SURFACE_NOTE = ("After the flip, lift the lid: layer 1 is on top, seen like this. "
                "Corner A is the same corner of the box in every drawing.")


def _box_diagram(sheet: Sheet, dig: Dig, layer: Layer, unit: float, role: str,
                 mirrored: bool) -> list[Item]:
    """One layer in its box outline at (0, 0), ``unit`` mm per tile width."""
    width, height = dig.box
    ink = sheet.theme("ink")
    items: list[Item] = [Rect(0, 0, width * unit, height * unit,
                              Style(stroke=ink, width=0.8, fill=sheet.theme("paper")))]
    inset = 0.7
    fill = sheet.theme(role)
    ordered = sorted(layer, key=lambda t: (t.y, t.x))
    for number, tile in enumerate(ordered, start=1):
        t = tile.mirrored(width) if mirrored else tile
        x, y, w, h = t.x * unit + inset, t.y * unit + inset, t.w * unit - 2 * inset, t.h * unit - 2 * inset
        items.append(Rect(x, y, w, h, Style(stroke=ink, width=0.4, fill=fill), radius=1.2))
        # Ink, not muted grey: the number must read on every layer colour (>= 4.5:1).
        items.append(text(x + w / 2, y + h / 2 + 1.2, str(number), SMALL_PT, anchor="middle",
                          fill=sheet.theme("ink")))
    items += _corner_mark(sheet, width * unit if mirrored else 0.0, unit)
    return items


def _corner_mark(sheet: Sheet, x: float, unit: float) -> list[Item]:
    """A small triangle with 'A' in the top corner at ``x`` (left edge 0 or right edge)."""
    size = min(unit * 0.45, 6.0)
    sign = -1 if x > 0 else 1
    tri = Polygon(((x, 0), (x + sign * size, 0), (x, size)),
                  Style(stroke=None, fill=sheet.theme("accent")))
    # The letter sits above the corner, inside the box's width, so it never leaves the margins.
    return [tri, text(x, -1.2, "A", SMALL_PT, bold=True, anchor="start" if sign > 0 else "end",
                      fill=sheet.theme("accent"))]


def _panel(sheet: Sheet, dig: Dig, depth: int, x: float, y: float, width: float,
           unit: float) -> tuple[Group, float]:
    """Layer ``depth`` as laid (mirrored) with heading, instruction and check box."""
    head = label(sheet, 0, 0, f"Layer {depth + 1}", HEADING_PT, bold=True, max_width=width)
    laid = "laid first" if depth == 0 else ("laid last" if depth == len(dig.layers) - 1
                                             else f"laid {_ordinal(depth + 1)}")
    sub = label(sheet, head.width + 2.5, 0, f"({laid}, seen in the lid)", BODY_PT, role="muted",
                max_width=width - head.width - 2.5)
    box_h = dig.box[1] * unit
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[depth], unit,
                                       LAYER_ROLES[depth % len(LAYER_ROLES)], True)),
                    translate(0, 5), name=f"layer-{depth + 1}")
    step_y = 5 + box_h + 5
    instr = label(sheet, 0, step_y, INSTRUCTIONS[min(depth, len(INSTRUCTIONS) - 1)], BODY_PT,
                  max_width=width)
    box = checkbox(sheet, 0, step_y + 2.5, f"{len(dig.layers[depth])} tiles laid", max_width=width)
    height = step_y + 2.5 + sheet.limits["min_box"]
    return Group((head, sub, diagram, instr, box), translate(x, y), name=f"panel-{depth + 1}"), height


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def render_dig(dig: Dig, sheet: Sheet, info) -> list[Page]:
    """The setup sheet of a dig (page 1) and the players' score pad (page 2)."""
    items, y = title_block(sheet, "Tanis — dig pattern",
                           f"style {dig.style or 'custom'} · seed {info.seed}")
    intro_lines = _intro(sheet, y)
    items += intro_lines
    y += 10
    gap = 10.0
    col_w = (sheet.content_width - gap) / 2
    width, height = dig.box
    # Unit size: as large as fits two rows of panels plus the surface block, at most 14 mm.
    reserve = 2 * (5 + 5 + 2.5 + sheet.limits["min_box"] + 8) + 24
    unit = min(14.0, col_w / width, (sheet.bottom - y - reserve) / (3 * height))
    row_h = 0.0
    for depth in range(len(dig.layers)):
        col = depth % 2
        panel, h = _panel(sheet, dig, depth, sheet.left + col * (col_w + gap), y, col_w, unit)
        items.append(panel)
        row_h = max(row_h, h)
        if col == 1 or depth == len(dig.layers) - 1:
            y += row_h + 8
            row_h = 0.0
    items += _surface(sheet, dig, y, unit)
    from generator.games.tanis.render_pad import render_score_pad

    return [Page(sheet.width, sheet.height, tuple(items)), render_score_pad(sheet, info)]


def _intro(sheet: Sheet, y: float) -> list[Item]:
    from generator.draw.text import paragraph

    return paragraph(sheet.left, y, INTRO, BODY_PT, sheet.content_width, 2, fill=sheet.theme("ink"))


def _surface(sheet: Sheet, dig: Dig, y: float, unit: float) -> list[Item]:
    """The surface after the flip, drawn unmirrored, with the closing note."""
    head = label(sheet, sheet.left, y, "After the flip: the surface", HEADING_PT, bold=True)
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[0], unit, LAYER_ROLES[0], False)),
                    translate(sheet.left, y + 5), name="surface")
    note_x = sheet.left + dig.box[0] * unit + 8
    from generator.draw.text import paragraph

    note = paragraph(note_x, y + 9, SURFACE_NOTE, BODY_PT, sheet.right - note_x, 4,
                     fill=sheet.theme("ink"))
    total = checkbox(sheet, note_x, y + 9 + 4 * 4 + 2,
                     f"all {sum(len(layer) for layer in dig.layers)} tiles in the box",
                     max_width=sheet.right - note_x - 8)
    return [head, diagram, *note, total]
