"""The Tanis dig setup sheet: the four layers as they are laid into the lid, how to turn the box
over, and the surface.

Each laid layer is drawn as it lies in the lid (mirrored along the axis the box is turned over,
``[box] flip`` of seeds/tanis.toml), numbered, with one instruction line and a check box. Corner
A marks the same corner of the box in every drawing, and the words say which real corner it is
(:mod:`render_flip`). The surface after the flip is drawn as players will see it. Tiles carry
the same numbers in the lid drawing of layer 1 and on the surface (:func:`model.sheet_numbers`).
Every word comes from the text catalogue in the run's language (``[dig]`` of
``templates/i18n/<lang>/tanis.toml``); a line too long for its place (a translation) wraps, and
the layout makes room for it.
"""

from __future__ import annotations

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Group, Item, Line, Page, Rect, Style, translate
from generator.draw.text import paragraph, set_lines, text, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, checkbox, label, title_block
from generator.games.tanis import render_flip as flip
from generator.games.tanis.model import Dig, Layer, data, flip_axis, sheet_numbers

LAYER_ROLES = ("layer1", "layer2", "layer3", "layer4")
#: In black and white the four layer fills are two greys: layers 3 and 4 add a hatching (one way
#: each), so every layer of a drawing reads apart from the others without colour.
MONO_HATCH = (None, None, 1, -1)
HATCH_GAP = 1.6       # mm between hatch lines
LEADING = BODY_PT * PT_TO_MM * 1.2
GAP = 10.0            # between the two columns
INSTRUCTIONS = 4      # [dig.lay] 1..4 of the catalogue; later layers take the last


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
    slope = MONO_HATCH[LAYER_ROLES.index(role)] if sheet.theme.mono else None
    for number, tile in zip(sheet_numbers(layer), layer):
        t = tile.flipped(dig.box, axis) if axis else tile
        x, y, w, h = t.x * unit + inset, t.y * unit + inset, t.w * unit - 2 * inset, t.h * unit - 2 * inset
        items.append(Rect(x, y, w, h, Style(stroke=ink, width=0.4, fill=fill), radius=1.2))
        label_text = text(x + w / 2, y + h / 2 + 1.2, str(number), SMALL_PT, anchor="middle",
                          fill=sheet.theme("ink"))
        if slope:
            items += hatch(sheet, (x + 0.6, y + 0.6, w - 1.2, h - 1.2), slope)
            # the number on a plate of the tile's own fill, so the hatching never crosses it
            pw = label_text.width + 1.4
            items.append(Rect(x + (w - pw) / 2, y + h / 2 - 1.6, pw, 3.6,
                              Style(stroke=None, fill=fill), radius=0.6))
        # Ink, not muted grey: the number must read on every layer colour (>= 4.5:1).
        items.append(label_text)
    cx, cy = flip.lid_corner(axis, dig.box) if axis else (0, 0)
    items += flip.corner_mark(sheet, cx * unit, cy * unit, width * unit, height * unit)
    return items


def hatch(sheet: Sheet, box: tuple[float, float, float, float], slope: int) -> list[Item]:
    """Diagonal lines across the box (x, y, w, h), clipped to it: rising to the right for
    ``slope`` 1, falling for -1 (the mono theme's cue for layers 3 and 4)."""
    x0, y0, w, h = box
    x1, y1 = x0 + w, y0 + h
    style = Style(stroke=sheet.theme("muted"), width=sheet.limits["min_line"])
    out: list[Item] = []
    k = HATCH_GAP / 2
    while k < w + h:
        # the line through (x0 + k, y0) going down-left (slope 1) or (x0 + k - h, y0) down-right
        if slope > 0:       # x + y = x0 + y0 + k
            a, b = max(x0, x0 + k - h), min(x1, x0 + k)
            pts = ((a, y0 + k - (a - x0)), (b, y0 + k - (b - x0)))
        else:               # x - y = x0 - y1 + k
            a, b = max(x0, x0 + k - h), min(x1, x0 + k)
            pts = ((a, y1 - k + (a - x0)), (b, y1 - k + (b - x0)))
        if b - a > 0.05:
            out.append(Line(*pts[0], *pts[1], style))
        k += HATCH_GAP
    return out


def _panel_height(dig: Dig, unit: float, axis: str, sheet: Sheet, extra: float) -> float:
    """A layer panel's height; ``extra``: its instruction's second line, if any panel has one."""
    return (5 + dig.box[1] * unit + 5 + flip.corner_room(axis) + extra + 2.5
            + sheet.limits["min_box"])


def _instruction(say: Words, depth: int, width: float) -> list[str]:
    """What to do with layer ``depth`` (the last instruction for any later layer), wrapped at
    the body size (one line in English; a longer translation takes two rather than shrinking
    beside its neighbours)."""
    return wrap(say(f"lay.{min(depth + 1, INSTRUCTIONS)}"), BODY_PT, width)


def _instruction_extra(say: Words, dig: Dig, width: float) -> float:
    return max(len(_instruction(say, d, width)) - 1 for d in range(len(dig.layers))) * LEADING


def _panel(sheet: Sheet, dig: Dig, depth: int, at: tuple[float, float, float], unit: float,
           axis: str, say: Words) -> Group:
    """Layer ``depth`` as laid (mirrored) with heading, instruction and check box; ``at`` is
    (x, y, width)."""
    x, y, width = at
    head = label(sheet, 0, 0, say("layer", n=depth + 1), HEADING_PT, bold=True, max_width=width)
    sub = label(sheet, head.width + 2.5, 0, say("seen", laid=_laid(say, depth, len(dig.layers))),
                BODY_PT, role="muted", max_width=width - head.width - 2.5)
    box_h = dig.box[1] * unit
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[depth], unit,
                                       LAYER_ROLES[depth % len(LAYER_ROLES)], axis)),
                    translate(0, 5), name=f"layer-{depth + 1}")
    step_y = 5 + box_h + 5 + flip.corner_room(axis)
    lines = _instruction(say, depth, width)
    instr = set_lines(0, step_y, lines, BODY_PT, width, fill=sheet.theme("ink"))
    step_y += _instruction_extra(say, dig, width)
    box = checkbox(sheet, 0, step_y + 2.5, say("laid", n=len(dig.layers[depth])),
                   max_width=width)
    return Group((head, sub, diagram, *instr, box), translate(x, y), name=f"panel-{depth + 1}")


def _laid(say: Words, depth: int, layers: int) -> str:
    """'laid first', 'laid second'…, 'laid last'."""
    if depth == 0:
        return say("order.first")
    if depth == layers - 1:
        return say("order.last")
    if say.cat.has(say.key(f"order.{depth + 1}")):
        return say(f"order.{depth + 1}")
    return say("order.other", n=depth + 1)


def render_dig(dig: Dig, sheet: Sheet, info) -> list[Page]:
    """The setup sheet of a dig (page 1) and the players' score pad (page 2), in the run's
    language."""
    say = catalogue(info.lang).words("tanis.dig")
    axis = flip_axis()
    style = say(f"style.{dig.style or 'custom'}")
    items, y = title_block(sheet, say("title"), say("subtitle", style=style, seed=info.seed))
    intro = say("intro", tiles=sum(len(layer) for layer in dig.layers), layers=len(dig.layers),
                corner=flip.corner_words(flip.lid_corner(axis, dig.box), dig.box, say))
    intro += " " + say("classic_note") if dig.style == "classic" else ""
    lines = len(wrap(intro, BODY_PT, sheet.content_width))
    items += paragraph(sheet.left, y, intro, BODY_PT, sheet.content_width, lines,
                       fill=sheet.theme("ink"))
    y += (lines - 1) * LEADING + 6
    col_w = (sheet.content_width - GAP) / 2
    extra = _instruction_extra(say, dig, col_w)
    right = _turning(sheet, dig, axis, col_w, say)
    unit = _unit(sheet, dig, axis, (sheet.bottom - y, col_w, right[1], extra))
    for row in range(0, len(dig.layers), 2):
        for col in range(2):
            if row + col < len(dig.layers):
                items.append(_panel(sheet, dig, row + col,
                                    (sheet.left + col * (col_w + GAP), y, col_w), unit, axis,
                                    say))
        y += _panel_height(dig, unit, axis, sheet, extra) + 8
    items.append(_surface(sheet, dig, y, unit, say))
    items.append(Group((right[0],), translate(sheet.left + col_w + GAP, y), name="turning"))
    from generator.games.tanis.render_pad import render_score_pad

    return [Page(sheet.width, sheet.height, tuple(items)), render_score_pad(sheet, info)]


def _unit(sheet: Sheet, dig: Dig, axis: str, room: tuple[float, float, float, float]) -> float:
    """Tile width in mm: as large as lets two rows of panels and the bottom block fit (≤ 14);
    ``room`` is (height, column width, height of the turning block, instruction extra)."""
    height, col_w, turning_h, extra = room
    unit = min(14.0, col_w / dig.box[0])
    while unit > 4.0:
        rows = -(-len(dig.layers) // 2)
        bottom = max(6 + dig.box[1] * unit + 4 + sheet.limits["min_box"], turning_h)
        if rows * (_panel_height(dig, unit, axis, sheet, extra) + 8) + bottom <= height:
            break
        unit -= 0.25
    return unit


def _surface(sheet: Sheet, dig: Dig, y: float, unit: float, say: Words) -> Group:
    """The surface after the flip, drawn as seen, and the final check box."""
    width = sheet.content_width / 2 - GAP / 2
    head = label(sheet, 0, 0, say("surface"), HEADING_PT, bold=True, max_width=width)
    diagram = Group(tuple(_box_diagram(sheet, dig, dig.layers[0], unit, LAYER_ROLES[0], None)),
                    translate(0, 6), name="surface")
    total = checkbox(sheet, 0, 6 + dig.box[1] * unit + 4,
                     say("all_laid", n=sum(len(layer) for layer in dig.layers)),
                     max_width=width - 7)
    return Group((head, diagram, total), translate(sheet.left, y), name="after-the-flip")


def _turning(sheet: Sheet, dig: Dig, axis: str, width: float,
             say: Words) -> tuple[Group, float]:
    """'Turning the box over': the words and the small diagram, at (0, 0); and its height."""
    head = label(sheet, 0, 0, say("turning"), HEADING_PT, bold=True, max_width=width)
    diagram, _, diagram_h = flip.flip_diagram(sheet, axis, dig.box, say)
    words = flip.turn_words(axis, dig.box, say) + " " + flip.lift_words(dig.box, say)
    lines = len(wrap(words, BODY_PT, width))
    top = 1.5 + diagram_h + 4
    para = paragraph(0, top, words, BODY_PT, width, lines, fill=sheet.theme("ink"))
    placed = Group((diagram,), translate(2, 1.5))
    # what the numbers are (no laying order), and the box and tile sizes, an assumption
    box = data()["box"]
    note = say("numbers") + " " + say("assumed", w=box["width"], h=box["height"],
                                      long=box["tile_long"], short=box["tile_short"])
    small = len(wrap(note, SMALL_PT, width))
    note_top = top + (lines - 1) * LEADING + 5
    notes = paragraph(0, note_top, note, SMALL_PT, width, small, fill=sheet.theme("muted"))
    height = note_top + (small - 1) * SMALL_PT * PT_TO_MM * 1.2 + 2
    return Group((head, placed, *para, *notes), name="turning-words"), height
