"""The Tanis dig setup sheet: the four layers as they are laid into the lid, how to turn the box
over, and the surface.

Each laid layer is drawn as it lies in the lid (mirrored along the axis the box is turned over,
``[box] flip`` of seeds/tanis.toml), numbered, with one instruction line and a check box. Corner
A marks the same corner of the box in every drawing, and the words say which real corner it is
(:mod:`render_flip`). The surface after the flip is drawn as players will see it. Tiles carry
the same numbers in the lid drawing of layer 1 and on the surface (:func:`model.sheet_numbers`).
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Group, Item, Page, Rect, Style, translate
from generator.draw.text import paragraph, text, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, checkbox, label, title_block
from generator.games.tanis import render_flip as flip
from generator.games.tanis.model import Dig, Layer, flip_axis, sheet_numbers

LAYER_ROLES = ("layer1", "layer2", "layer3", "layer4")
INSTRUCTIONS = (
    "Into the empty lid, face down. This layer becomes the surface.",
    "On top of layer 1. No tile may sit exactly on a tile below.",
    "On top of layer 2, the same way. Keep the layer tight.",
    "Last layer. Then close the box and turn it over as shown below.",
)
INTRO = ("Shuffle the 40 tiles face down. Put the lid open side up in front of you, its long "
         "sides away from you and nearest you, as in every drawing here (seen from above). Fill "
         "it layer by layer in the order 1 to 4, each exactly as drawn. In the lid, corner A is "
         "{corner}.")
CLASSIC_NOTE = (" Classic style: two patterns of this tool's own, alternating; they are not the "
                "rulebook's example patterns.")
LEADING = BODY_PT * PT_TO_MM * 1.2
GAP = 10.0            # between the two columns


def _box_diagram(sheet: Sheet, dig: Dig, layer: Layer, unit: float, role: str,
                 axis: str | None) -> list[Item]:
    """One layer in its box outline at (0, 0), ``unit`` mm per tile width; ``axis`` mirrors it
    as laid in the lid (None: the surface as seen after the flip)."""
    width, height = dig.box
    ink = sheet.theme("ink")
    items: list[Item] = [Rect(0, 0, width * unit, height * unit,
                              Style(stroke=ink, width=0.8, fill=sheet.theme("paper")))]
    inset = 0.7
    fill = sheet.theme(role)
    for number, tile in zip(sheet_numbers(layer), layer):
        t = tile.flipped(dig.box, axis) if axis else tile
        x, y, w, h = t.x * unit + inset, t.y * unit + inset, t.w * unit - 2 * inset, t.h * unit - 2 * inset
        items.append(Rect(x, y, w, h, Style(stroke=ink, width=0.4, fill=fill), radius=1.2))
        # Ink, not muted grey: the number must read on every layer colour (>= 4.5:1).
        items.append(text(x + w / 2, y + h / 2 + 1.2, str(number), SMALL_PT, anchor="middle",
                          fill=sheet.theme("ink")))
    cx, cy = flip.lid_corner(axis, dig.box) if axis else (0, 0)
    items += flip.corner_mark(sheet, cx * unit, cy * unit, width * unit, height * unit)
    return items


def _panel_height(dig: Dig, unit: float, axis: str, sheet: Sheet) -> float:
    return 5 + dig.box[1] * unit + 5 + flip.corner_room(axis) + 2.5 + sheet.limits["min_box"]


def _panel(sheet: Sheet, dig: Dig, depth: int, x: float, y: float, width: float,
           unit: float, axis: str) -> Group:
    """Layer ``depth`` as laid (mirrored) with heading, instruction and check box."""
    head = label(sheet, 0, 0, f"Layer {depth + 1}", HEADING_PT, bold=True, max_width=width)
    laid = "laid first" if depth == 0 else ("laid last" if depth == len(dig.layers) - 1
                                             else f"laid {_ordinal(depth + 1)}")
    sub = label(sheet, head.width + 2.5, 0, f"({laid}, seen in the lid)", BODY_PT, role="muted",
                max_width=width - head.width - 2.5)
    box_h = dig.box[1] * unit
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[depth], unit,
                                       LAYER_ROLES[depth % len(LAYER_ROLES)], axis)),
                    translate(0, 5), name=f"layer-{depth + 1}")
    step_y = 5 + box_h + 5 + flip.corner_room(axis)
    instr = label(sheet, 0, step_y, INSTRUCTIONS[min(depth, len(INSTRUCTIONS) - 1)], BODY_PT,
                  max_width=width)
    box = checkbox(sheet, 0, step_y + 2.5, f"{len(dig.layers[depth])} tiles laid", max_width=width)
    return Group((head, sub, diagram, instr, box), translate(x, y), name=f"panel-{depth + 1}")


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def render_dig(dig: Dig, sheet: Sheet, info) -> list[Page]:
    """The setup sheet of a dig (page 1) and the players' score pad (page 2)."""
    axis = flip_axis()
    style = f"{dig.style} style" if dig.style else "custom dig"
    items, y = title_block(sheet, "Tanis — dig pattern", f"{style} · seed {info.seed}")
    intro = INTRO.format(corner=flip.corner_words(flip.lid_corner(axis, dig.box), dig.box))
    intro += CLASSIC_NOTE if dig.style == "classic" else ""
    lines = len(wrap(intro, BODY_PT, sheet.content_width))
    items += paragraph(sheet.left, y, intro, BODY_PT, sheet.content_width, lines,
                       fill=sheet.theme("ink"))
    y += (lines - 1) * LEADING + 6
    col_w = (sheet.content_width - GAP) / 2
    right = _turning(sheet, dig, axis, col_w)
    unit = _unit(sheet, dig, axis, sheet.bottom - y, col_w, right[1])
    for row in range(0, len(dig.layers), 2):
        for col in range(2):
            if row + col < len(dig.layers):
                items.append(_panel(sheet, dig, row + col, sheet.left + col * (col_w + GAP), y,
                                    col_w, unit, axis))
        y += _panel_height(dig, unit, axis, sheet) + 8
    items.append(_surface(sheet, dig, y, unit))
    items.append(Group((right[0],), translate(sheet.left + col_w + GAP, y), name="turning"))
    from generator.games.tanis.render_pad import render_score_pad

    return [Page(sheet.width, sheet.height, tuple(items)), render_score_pad(sheet, info)]


def _unit(sheet: Sheet, dig: Dig, axis: str, room: float, col_w: float,
          turning_h: float) -> float:
    """Tile width in mm: as large as lets two rows of panels and the bottom block fit (≤ 14)."""
    unit = min(14.0, col_w / dig.box[0])
    while unit > 4.0:
        rows = -(-len(dig.layers) // 2)
        bottom = max(6 + dig.box[1] * unit + 4 + sheet.limits["min_box"], turning_h)
        if rows * (_panel_height(dig, unit, axis, sheet) + 8) + bottom <= room:
            break
        unit -= 0.25
    return unit


def _surface(sheet: Sheet, dig: Dig, y: float, unit: float) -> Group:
    """The surface after the flip, drawn as seen, and the final check box."""
    head = label(sheet, 0, 0, "After the flip: the surface", HEADING_PT, bold=True)
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[0], unit, LAYER_ROLES[0], None)),
                    translate(0, 6), name="surface")
    total = checkbox(sheet, 0, 6 + dig.box[1] * unit + 4,
                     f"all {sum(len(layer) for layer in dig.layers)} tiles in the box")
    return Group((head, diagram, total), translate(sheet.left, y), name="after-the-flip")


def _turning(sheet: Sheet, dig: Dig, axis: str, width: float) -> tuple[Group, float]:
    """'Turning the box over': the words and the small diagram, at (0, 0); and its height."""
    head = label(sheet, 0, 0, "Turning the box over", HEADING_PT, bold=True, max_width=width)
    diagram, _, diagram_h = flip.flip_diagram(sheet, axis, dig.box)
    words = flip.turn_words(axis, dig.box) + " " + flip.lift_words(dig.box)
    lines = len(wrap(words, BODY_PT, width))
    top = 1.5 + diagram_h + 4
    para = paragraph(0, top, words, BODY_PT, width, lines, fill=sheet.theme("ink"))
    placed = Group((diagram,), translate(2, 1.5))
    return Group((head, placed, *para), name="turning-words"), top + (lines - 1) * LEADING + 2
