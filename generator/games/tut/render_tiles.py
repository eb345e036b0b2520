"""The pieces of the Tutankhamen trail sheet: tiles, the table, the start badge, the pyramid.

Every tile is drawn in its cell with its trail number (top left), the edition's pictogram in
the set's colour, its value (bottom right) and its colour letter (bottom left); on a tile whose
grey reads poorly under black text (the dark mono grey) each of these texts sits on a small
paper-coloured label (``[limits] label_contrast``). The colour is
also told by the tile's border (solid, dashed or double, seeds/tut.toml), which survives
black-and-white printing without reading the letter. A line joins consecutive tiles; the start
badge (S, French D) stands in the free cell next to tile 1 (tokens start there, and it covers
no number); the pyramid cell holds King Tut / Toutankhamon. The letters are the sheet's
language's (``[trail.letter]`` and ``start`` of the Tutankhamen catalogue).
"""

from __future__ import annotations

from generator.core.errors import BuildError, InputError
from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import Circle, Item, Polygon, Polyline, Rect, Style, Use
from generator.draw.text import text
from generator.draw.widgets import line_style
from generator.games.tut.model import Trail, catalog, colour_of, data
from generator.games.tut.pictograms import BOX, symbol_name

MIN_TEXT = 6.0
STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))
FULL_TILE = 10.5        # cells at least this big show the pictogram with all labels
SMALL_TILE = 7.5        # cells smaller than this show the trail number only
BORDERS = ("solid", "dashed", "double")


def letter(say: Words, colour: str) -> str:
    """The colour's letter in the sheet's language (R, B, G; in French R, B, V)."""
    return say(f"letter.{colour}")


def border(colour: str) -> str:
    """The colour's border style; a style not in :data:`BORDERS` is an InputError."""
    cols = data()["colours"]
    styles = cols["borders"]
    if len(styles) != len(cols["codes"]) or not set(styles) <= set(BORDERS):
        raise InputError(f"seeds/tut.toml [colours.borders]: give one of {', '.join(BORDERS)} "
                         f"for each of the {len(cols['codes'])} colours")
    return styles[cols["codes"].index(colour)]


def frame(sheet: Sheet, code: str, x: float, y: float, size: float,
          radius: float = 0.9) -> list[Item]:
    """A tile's (or swatch's) background and border at (x, y): the colour's tint and border
    style, or the specials' gold; the border carries the colour without colour or letter."""
    colour = colour_of(code)
    fill = tile_fill(sheet, code)
    edge = sheet.theme(colour) if colour else sheet.theme("accent")
    style = border(colour) if colour else "solid"
    width = max(0.45, sheet.limits["min_line"])
    if style == "dashed":
        dash = (size * 0.16, size * 0.1)
        return [Rect(x, y, size, size, Style(stroke=edge, width=width + 0.1, fill=fill,
                                             dash=dash), radius=radius)]
    if style == "double":
        gap = min(0.75, size * 0.12)
        return [Rect(x, y, size, size, Style(stroke=edge, width=width, fill=fill), radius=radius),
                Rect(x + gap, y + gap, size - 2 * gap, size - 2 * gap,
                     Style(stroke=edge, width=max(0.3, sheet.limits["min_line"])),
                     radius=max(radius - gap, 0.2))]
    return [Rect(x, y, size, size, Style(stroke=edge, width=width + 0.15, fill=fill),
                 radius=radius)]


def tile(sheet: Sheet, trail: Trail, code: str, number: int, x: float, y: float,
         size: float, say: Words) -> list[Item]:
    """One tile in the cell at (x, y), as much as its size allows (see :func:`_tile_marks`)."""
    inset = 0.45
    marks = _tile_marks(sheet, trail.variant, code, number, (x, y, size), 0.9 + inset, say)
    return [*frame(sheet, code, x + inset, y + inset, size - 2 * inset),
            *labelled(sheet, tile_fill(sheet, code), marks)]


def tile_fill(sheet: Sheet, code: str) -> str:
    """The background colour of a tile: its set's tint, the specials' gold."""
    colour = colour_of(code)
    return sheet.theme(f"tint-{colour}" if colour else "tint-gold")


LABEL_PAD = 0.35        # a label's margin around its text (mm)


def labelled(sheet: Sheet, fill: str, items: list[Item]) -> list[Item]:
    """``items`` with a paper-coloured label under each text that reads on ``fill`` with less
    contrast than ``[limits] label_contrast``: black on a dark grey tile stays legible."""
    from generator.draw.checks import contrast
    from generator.draw.scene import Text

    out: list[Item] = []
    for item in items:
        if isinstance(item, Text) and contrast(item.fill, fill) < sheet.limits["label_contrast"]:
            x0, y0, x1, y1 = item.bounds()
            out.append(Rect(x0 - LABEL_PAD, y0 - LABEL_PAD, x1 - x0 + 2 * LABEL_PAD,
                            y1 - y0 + 2 * LABEL_PAD, Style(stroke=None, fill=sheet.theme("paper")),
                            radius=0.4))
        out.append(item)
    return out


def _tile_marks(sheet: Sheet, variant: str, code: str, number: int,
                cell: tuple[float, float, float], pad: float, say: Words) -> list[Item]:
    """Big cells: number, pictogram, colour letter and value in the corners. Medium cells:
    number, a smaller pictogram to the right, letter and value as one label. Small cells: the
    number only (the order list says the rest; the border still tells the colour)."""
    ink = sheet.theme("ink")
    x, y, size = cell
    colour, value = colour_of(code), value_of(code)
    if size < SMALL_TILE:
        return [text(x + size / 2, y + size / 2 + 1.0, str(number), MIN_TEXT, bold=True,
                     anchor="middle", fill=ink)]
    items: list[Item] = [text(x + pad, y + pad + 2.0, str(number), MIN_TEXT, bold=True,
                              fill=ink)]
    base = y + size - pad - 0.1
    if size >= FULL_TILE:
        art = size * 0.56
        items.append(Use(symbol_name(code, variant), x + size / 2, y + size / 2 + 0.25,
                         art / BOX))
        if colour:
            items.append(text(x + pad, base, letter(say, colour), MIN_TEXT, fill=ink,
                              max_width=size / 2 - pad))
        if value is not None:
            items.append(text(x + size - pad, base, str(value), MIN_TEXT + 0.5, bold=True,
                              anchor="end", fill=ink))
        return items
    art = size * 0.42
    items.append(Use(symbol_name(code, variant), x + size - pad - art / 2, y + size / 2 - 0.2,
                     art / BOX))
    if colour:
        items.append(text(x + pad, base, f"{letter(say, colour)}{value}", MIN_TEXT, fill=ink,
                          max_width=size - 2 * pad))
    return items


def start_cell(trail: Trail) -> tuple[int, int]:
    """The free cell next to tile 1 where the start badge goes: preferably one that touches no
    other tile (so the badge reads as the start of this trail only), straight behind tile 1
    first. A followable trail always has a free cell next to tile 1 on the table."""
    (x, y) = trail.path[0]
    nx, ny = trail.path[1] if len(trail.path) > 1 else trail.pyramid
    taken = {*trail.path, trail.pyramid}
    w, h = trail.table
    around = [(2 * x - nx, 2 * y - ny)] + [(x + dx, y + dy) for dx, dy in STEPS]
    free = [(cx, cy) for cx, cy in around
            if 0 <= cx < w and 0 <= cy < h and (cx, cy) not in taken]
    if not free:
        raise BuildError("no free cell next to tile 1 for the start badge; the trail cannot be "
                         "followed from its start")

    def lonely(cell: tuple[int, int]) -> bool:
        near = {(cell[0] + dx, cell[1] + dy) for dx, dy in STEPS}
        return not (near & taken) - {(x, y)}

    return next((c for c in free if lonely(c)), free[0])


def table(sheet: Sheet, trail: Trail, cell: float, say: Words,
          badge: tuple[float, float] | None = None) -> list[Item]:
    """The table outline, faint grid, trail line, tiles, start badge and pyramid at (0, 0);
    ``badge`` is the start badge's centre in cells (default: the middle of :func:`start_cell`)."""
    w, h = trail.table
    faint = line_style(sheet, 0.25, "faint")
    items: list[Item] = [Rect(0, 0, w * cell, h * cell,
                              Style(stroke=None, fill=sheet.theme("panel")))]
    items += [Polyline(((i * cell, 0), (i * cell, h * cell)), faint) for i in range(1, w)]
    items += [Polyline(((0, j * cell), (w * cell, j * cell)), faint) for j in range(1, h)]
    items.append(Rect(0, 0, w * cell, h * cell, line_style(sheet, 0.5)))
    sx, sy = badge or tuple(c + 0.5 for c in start_cell(trail))
    centres = [(sx * cell, sy * cell)] + [((cx + 0.5) * cell, (cy + 0.5) * cell)
                                          for cx, cy in (*trail.path, trail.pyramid)]
    items.append(Polyline(tuple(centres), line_style(sheet, 1.0, "accent", cap="round")))
    for i, (code, (cx, cy)) in enumerate(zip(trail.tiles, trail.path)):
        items += tile(sheet, trail, code, i + 1, cx * cell, cy * cell, cell, say)
    items += pyramid(sheet, trail.variant, trail.pyramid[0] * cell, trail.pyramid[1] * cell,
                     cell)
    items += start_badge(sheet, centres[0][0], centres[0][1], say("start"),
                         min(1.9, cell * 0.36))
    return items


def start_badge(sheet: Sheet, cx: float, cy: float, letter: str, r: float = 1.9) -> list[Item]:
    """A round badge with the start's letter ('S', French 'D'): where the tokens start."""
    return [Circle(cx, cy, r, Style(stroke=sheet.theme("paper"), width=0.3,
                                    fill=sheet.theme("accent"))),
            text(cx, cy + 0.8, letter, MIN_TEXT, bold=True, anchor="middle",
                 fill=sheet.theme("paper"))]


def pyramid(sheet: Sheet, variant: str, x: float, y: float, size: float) -> list[Item]:
    """The pyramid in a cell at (x, y), King Tut on it."""
    tri = Polygon(((x + size / 2, y + 0.6), (x + size - 0.6, y + size - 0.6),
                   (x + 0.6, y + size - 0.6)),
                  Style(stroke=sheet.theme("accent"), width=0.5, fill=sheet.theme("tint-gold")))
    art = size * 0.36
    return [tri, Use(symbol_name("king-tut", variant), x + size / 2, y + size * 0.66, art / BOX)]


def value_of(code: str) -> int | None:
    """A set tile's value (= tiles in its set); None for specials."""
    cat = catalog()
    i = cat.codes.index(code)
    return cat.value[i] if i < cat.sets else None
