"""Pictograms of the tiles as page symbols: filled silhouettes in a 10 x 10 mm box.

Each pictogram is drawn around its own origin (x and y from -5 to 5) with filled shapes and
paper-coloured cut-outs only, so it keeps its look at any scale and never draws a line thinner
than the print minimum. Every white or black detail (a cut-out, the ink between two cut-outs, a
rim) is at least :data:`DETAIL` wide, so at the smallest scale a trail sheet uses (0.31, the
order panel) none is under the print's ``min_detail``; shapes that meet overlap, never leaving
a sliver between them. Which picture a tile shows depends on the edition (seeds/tut.toml
``[variant.*.pictures]``): the French 8-value set is a chair and its wild tiles are pharaoh masks.
``symbols(sheet, variant)`` defines every symbol a trail sheet uses once: ``tut-<picture>-<colour>``
for the sets, ``tut-<picture>-ink`` for the index, and ``tut-<picture>`` for the specials.
"""

from __future__ import annotations

import math

from generator.draw.paper import Sheet
from generator.draw.scene import Item, Polygon, Rect, Style, Symbol
from generator.games.tut.model import GOLD, KING, PHARAOH, colour_of, data, facts, kind_of, pictures

BOX = 10.0      # a pictogram's nominal size in mm at scale 1
DETAIL = 0.4    # the thinnest detail, in pictogram units (0.12 mm at scale 0.31)


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 24) -> tuple:
    return tuple((cx + rx * math.cos(2 * math.pi * k / n), cy + ry * math.sin(2 * math.pi * k / n))
                 for k in range(n))


def _fill(points, colour: str) -> Polygon:
    return Polygon(tuple(points), Style(stroke=None, fill=colour))


def scarab(ink: str, paper: str) -> list[Item]:
    legs: list[Item] = []
    for y, tilt in ((-0.6, -1.0), (1.2, 0.0), (3.0, 1.0)):
        for side in (-1, 1):
            x0, x1 = side * 2.4, side * 4.7
            legs.append(_fill(((x0, y - 0.35), (x1, y - 0.35 + tilt), (x1, y + 0.35 + tilt),
                               (x0, y + 0.35)), ink))
    return legs + [
        _fill(_ellipse(0, 1.2, 3.0, 3.5), ink),
        _fill(_ellipse(0, -3.2, 1.7, 1.3), ink),
        # antennas: their feet inside the head, so no gap shows where they meet it
        _fill(((-1.3, -3.8), (-2.4, -5.0), (-1.8, -5.0), (-0.8, -4.0)), ink),
        _fill(((1.3, -3.8), (2.4, -5.0), (1.8, -5.0), (0.8, -4.0)), ink),
        Rect(-0.3, -1.9, 0.6, 6.1, Style(stroke=None, fill=paper)),
        Rect(-3.0, -1.95, 6.0, 0.5, Style(stroke=None, fill=paper)),
    ]


def cat(ink: str, paper: str) -> list[Item]:
    body = ((0.5, -5.0), (1.3, -3.7), (2.3, -3.7), (3.1, -5.0), (3.3, -3.0), (3.3, -1.9),
            (2.6, -1.1), (2.2, -0.5), (2.5, 1.2), (2.5, 4.9), (1.3, 4.9), (1.1, 2.4),
            (0.6, 4.9), (-2.3, 4.9), (-2.9, 3.2), (-2.7, 0.8), (-1.1, -1.0), (0.3, -1.6),
            (0.3, -3.2))
    tail = ((-2.0, 4.9), (-4.3, 4.6), (-4.8, 2.6), (-4.1, 2.5), (-3.8, 3.9), (-2.2, 3.9))
    return [_fill(body, ink), _fill(tail, ink), _fill(_ellipse(2.3, -2.7, 0.45, 0.3, 12), paper),
            Rect(0.85, 0.0, DETAIL, 4.9, Style(stroke=None, fill=paper))]


def horus(ink: str, paper: str) -> list[Item]:
    body = ((0.4, -4.9), (1.6, -4.9), (2.8, -4.2), (3.5, -3.2), (3.3, -2.2), (2.6, -2.6),
            (2.2, -2.0), (2.6, -0.6), (2.4, 1.4), (1.6, 2.8), (1.5, 4.1), (2.6, 4.3), (2.6, 4.9),
            (0.2, 4.9), (0.4, 3.4), (-1.2, 3.0), (-3.6, 4.6), (-4.2, 4.0), (-2.2, 1.6),
            (-1.4, -1.2), (-0.6, -3.4))
    marking = ((1.15, -3.4), (1.85, -3.4), (1.45, -2.0), (1.0, -2.1))   # the eye's tear line
    return [_fill(body, ink), _fill(_ellipse(1.6, -3.7, 0.55, 0.5, 12), paper),
            _fill(marking, paper)]


def anubis(ink: str, paper: str) -> list[Item]:
    head = ((-0.6, -5.0), (0.5, -2.6), (1.5, -2.2), (4.8, -0.9), (4.8, 0.1), (1.9, 0.5),
            (0.9, 1.3), (1.4, 4.9), (-2.8, 4.9), (-2.1, 1.0), (-2.0, -1.6), (-1.6, -2.6))
    collar = ((0.65, 2.6), (-1.95, 2.6), (-2.05, 3.3), (0.75, 3.3))       # inside the outline
    return [_fill(head, ink), _fill(_ellipse(1.4, -1.2, 0.5, 0.32, 12), paper),
            _fill(collar, paper), _fill(((-0.55, -3.9), (-0.15, -3.05), (-0.9, -2.8)), paper)]


def mask(ink: str, paper: str) -> list[Item]:
    nemes = ((0.0, -5.0), (2.6, -4.5), (3.5, -2.0), (3.3, 1.0), (4.6, 4.9), (-4.6, 4.9),
             (-3.3, 1.0), (-3.5, -2.0), (-2.6, -4.5))
    # stripes stop a rim of DETAIL inside the headdress outline
    stripes = [Rect(-half, y, 2 * half, 0.45, Style(stroke=None, fill=paper))
               for y in (-3.1, -1.7, -0.3, 1.1, 2.5, 3.9)
               for half in [min(_half_width(nemes, y), _half_width(nemes, y + 0.45)) - DETAIL]]
    return [_fill(nemes, ink), *stripes,
            _fill(_ellipse(0.0, -0.6, 2.0, 2.7), paper),
            _fill(_ellipse(0.0, -0.6, 1.5, 2.2), ink),
            _fill(_ellipse(-0.6, -1.3, 0.4, 0.25, 12), paper),
            _fill(_ellipse(0.6, -1.3, 0.4, 0.25, 12), paper),
            Rect(-0.9, 1.8, 1.8, 3.1, Style(stroke=None, fill=paper)),
            Rect(-0.45, 2.2, 0.9, 2.3, Style(stroke=None, fill=ink))]


def _half_width(outline, y: float) -> float:
    """How far right of x = 0 a symmetric outline reaches at height ``y``."""
    best = 0.0
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        if min(y1, y2) <= y <= max(y1, y2) and y1 != y2:
            best = max(best, x1 + (x2 - x1) * (y - y1) / (y2 - y1))
    return best


def chair(ink: str, paper: str) -> list[Item]:
    """The French edition's 8-value object: a chair seen from the side, lion legs, its back
    slanting up on the right (the top left of a tile holds its number)."""
    shapes = [((4.4, -4.9), (2.8, -4.9), (1.6, -0.1), (3.2, -0.1)),                  # back
              ((3.3, -0.6), (-4.2, -0.6), (-4.2, 0.9), (3.3, 0.9)),                  # seat
              ((-2.8, 0.9), (-4.0, 0.9), (-3.9, 4.1), (-4.8, 4.2), (-4.8, 4.9),
               (-2.8, 4.9)),                                                         # front leg
              ((3.1, 0.9), (1.9, 0.9), (2.0, 4.1), (1.1, 4.2), (1.1, 4.9), (3.1, 4.9)),  # rear
              ((2.0, 2.4), (-2.9, 2.4), (-2.9, 3.2), (2.0, 3.2))]                    # brace
    return [*(_fill(points, ink) for points in shapes),
            _fill(((3.6, -3.9), (3.0, -3.9), (2.2, -0.9), (2.8, -0.9)), paper)]


def bag(ink: str, paper: str) -> list[Item]:
    """Bag of Gold / Pièces d'or: a tied purse with a coin on it."""
    return [_fill(_ellipse(0.0, 1.5, 3.8, 3.4), ink),
            _fill(((-1.3, -1.6), (1.3, -1.6), (0.9, -3.0), (-0.9, -3.0)), ink),
            _fill(((-2.4, -5.0), (2.4, -5.0), (1.0, -3.0), (-1.0, -3.0)), ink),
            Rect(-1.6, -3.1, 3.2, 0.55, Style(stroke=None, fill=paper)),
            _fill(_ellipse(0.0, 1.6, 1.9, 1.9), paper),
            _fill(_ellipse(0.0, 1.6, 1.3, 1.3), ink)]


def crown(ink: str, paper: str) -> list[Item]:
    """The English Pharaoh tile."""
    points = ((-4.2, 4.0), (4.2, 4.0), (4.6, -3.4), (2.2, 0.0), (0.0, -4.8), (-2.2, 0.0),
              (-4.6, -3.4))
    half = min(_half_width(points, 2.0), _half_width(points, 2.55)) - DETAIL
    return [_fill(points, ink), Rect(-half, 2.0, 2 * half, 0.55, Style(stroke=None, fill=paper)),
            Rect(-4.2, 4.4, 8.4, 0.6, Style(stroke=None, fill=ink)),
            _fill(_ellipse(0.0, 0.8, 0.7, 0.7, 12), paper),
            _fill(_ellipse(-2.6, 1.1, 0.5, 0.5, 12), paper),
            _fill(_ellipse(2.6, 1.1, 0.5, 0.5, 12), paper)]


def ankh(ink: str, paper: str) -> list[Item]:
    """King Tut / Toutankhamon on the pyramid."""
    return [_fill(_ellipse(0.0, -2.6, 2.3, 2.4), ink), _fill(_ellipse(0.0, -2.6, 1.1, 1.3), paper),
            Rect(-0.8, -0.6, 1.6, 5.6, Style(stroke=None, fill=ink)),
            Rect(-3.8, -0.4, 7.6, 1.5, Style(stroke=None, fill=ink))]


DRAW = {"scarab": scarab, "cat": cat, "horus": horus, "anubis": anubis, "mask": mask,
        "chair": chair, "bag": bag, "crown": crown, "ankh": ankh}
SPECIALS = (GOLD, PHARAOH, KING)


def symbol_name(code: str, variant: str, ink: bool = False) -> str:
    """The symbol of a tile code in an edition: 'mask-blue' → 'tut-chair-blue' (fr),
    ``ink`` → 'tut-chair-ink'; specials: 'pharaoh' → 'tut-crown' (en) or 'tut-mask' (fr)."""
    picture = pictures(variant)[kind_of(code)]
    if code in SPECIALS:
        return f"tut-{picture}"
    return f"tut-{picture}-{'ink' if ink else colour_of(code)}"


def symbols(sheet: Sheet, variant: str) -> tuple[Symbol, ...]:
    """Every pictogram symbol of a trail sheet for ``variant``, in the sheet's theme."""
    theme = sheet.theme
    paper = theme("paper")
    drawn = pictures(variant)
    out = []
    for spec in data()["kind"]:
        picture = drawn[spec["code"]]
        for colour in facts().colours:
            out.append(Symbol(f"tut-{picture}-{colour}", tuple(DRAW[picture](theme(colour), paper))))
        out.append(Symbol(f"tut-{picture}-ink", tuple(DRAW[picture](theme("ink"), paper))))
    for code in SPECIALS:
        picture = drawn[code]
        out.append(Symbol(f"tut-{picture}", tuple(DRAW[picture](theme("accent"), paper))))
    return tuple(out)
