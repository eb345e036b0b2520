"""Hidden Realms pictograms as page symbols: filled silhouettes in a 10 x 10 mm box.

Each pictogram is drawn around its own origin (x and y from -5 to 5) with filled shapes and
paper-coloured cut-outs only — no strokes — so it keeps its look at any scale and never draws a
line thinner than the print minimum. The same symbol is used on the map, in the Monster Log, the
Backpack and the Scoring Table, so the sheet is its own legend.

Golems and gems sit on their colour's *mark* (circle, triangle, square, diamond, from
``[map] golem_marks``): in black and white the mark still pairs a golem with its gem.
``symbols(sheet)`` defines every symbol of a game sheet once, in the sheet's theme.
"""

from __future__ import annotations

import math

from generator.draw.paper import Sheet
from generator.draw.scene import (
    Circle,
    Group,
    Item,
    Polygon,
    Rect,
    Style,
    Symbol,
    compose,
    scale,
    translate,
)
from generator.games.realms.model import data, golem_colours

BOX = 10.0      # a pictogram's nominal size in mm at scale 1
TINT = {"red": "tint-red", "blue": "tint-blue", "green": "tint-green", "yellow": "tint-gold"}


def _fill(points, colour: str) -> Polygon:
    return Polygon(tuple(points), Style(stroke=None, fill=colour))


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 24) -> tuple:
    return tuple((cx + rx * math.cos(2 * math.pi * k / n), cy + ry * math.sin(2 * math.pi * k / n))
                 for k in range(n))


def _disc(cx: float, cy: float, r: float, colour: str) -> Circle:
    return Circle(cx, cy, r, Style(stroke=None, fill=colour))


def _box(x: float, y: float, w: float, h: float, colour: str, radius: float = 0.0) -> Rect:
    return Rect(x, y, w, h, Style(stroke=None, fill=colour), radius)


def _bar(x1: float, y1: float, x2: float, y2: float, width: float, colour: str) -> Polygon:
    """A straight bar of ``width`` from (x1, y1) to (x2, y2), as a filled polygon."""
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    return _fill(((x1 + ox, y1 + oy), (x2 + ox, y2 + oy), (x2 - ox, y2 - oy), (x1 - ox, y1 - oy)),
                 colour)


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> tuple:
    out = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(out)


# ------------------------------------------------------------------------------------ monsters

def ooze(ink: str, paper: str) -> list[Item]:
    body = ((-4.9, 4.3), (-4.6, 2.6), (-3.7, 0.9), (-3.0, -1.4), (-1.9, -3.5), (-0.4, -4.7),
            (1.1, -4.5), (2.4, -3.1), (3.2, -1.0), (3.9, 1.0), (4.7, 2.6), (4.9, 4.3))
    return [_fill(body, ink), _fill(_ellipse(-3.3, 4.6, 1.0, 0.45, 12), ink),
            _fill(_ellipse(-1.3, -0.6, 1.0, 1.25, 16), paper),
            _fill(_ellipse(1.4, -0.6, 1.0, 1.25, 16), paper),
            _fill(_ellipse(-1.1, -0.3, 0.45, 0.55, 12), ink),
            _fill(_ellipse(1.6, -0.3, 0.45, 0.55, 12), ink),
            _fill(((-1.6, 2.0), (1.8, 2.0), (1.2, 2.7), (-1.0, 2.7)), paper)]


def skeleton(ink: str, paper: str) -> list[Item]:
    teeth = [_box(x, 2.6, 0.4, 2.2, paper) for x in (-1.25, -0.2, 0.85)]
    return [_fill(_ellipse(0.0, -1.3, 4.2, 3.6), ink), _box(-2.5, 0.8, 5.0, 4.2, ink, 1.0),
            _fill(_ellipse(-1.6, -1.1, 1.2, 1.3, 16), paper),
            _fill(_ellipse(1.6, -1.1, 1.2, 1.3, 16), paper),
            _fill(((0.0, 0.3), (0.7, 1.6), (-0.7, 1.6)), paper), *teeth]


def sarcophagus(ink: str, paper: str) -> list[Item]:
    case = ((-2.3, -4.9), (2.3, -4.9), (3.5, -2.0), (2.5, 4.9), (-2.5, 4.9), (-3.5, -2.0))
    return [_fill(case, ink), _fill(_ellipse(0.0, -2.5, 1.3, 1.55, 16), paper),
            _box(-2.7, 0.4, 5.4, 0.6, paper), _box(-2.45, 2.4, 4.9, 0.6, paper)]


def zombie(ink: str, paper: str) -> list[Item]:
    hand = ((-1.4, 3.9), (-1.6, 0.6), (-3.6, -0.7), (-3.9, -1.5), (-3.2, -1.8), (-1.7, -0.7),
            (-2.0, -4.0), (-1.2, -4.3), (-0.8, -1.4), (-0.6, -4.8), (0.2, -4.9), (0.3, -1.4),
            (0.8, -4.4), (1.6, -4.3), (1.4, -1.1), (1.9, -3.4), (2.7, -3.2), (2.3, 0.2),
            (1.6, 1.4), (1.4, 3.9))
    return [_fill(hand, ink), _box(-4.9, 3.7, 9.8, 1.3, ink),
            _fill(((-3.6, 3.7), (-3.0, 4.4), (-3.4, 5.0), (-3.8, 5.0), (-3.3, 4.4)), paper),
            _fill(((3.0, 3.7), (3.7, 4.3), (3.3, 5.0), (2.9, 5.0), (3.3, 4.3)), paper)]


def golem_figure(colour: str, paper: str) -> list[Item]:
    """A blocky stone guardian (drawn inside its colour mark)."""
    return [_box(-1.3, -4.6, 2.6, 2.3, colour), _box(-2.8, -2.0, 5.6, 3.8, colour),
            _box(-4.4, -1.8, 1.3, 4.4, colour), _box(3.1, -1.8, 1.3, 4.4, colour),
            _box(-2.5, 2.0, 1.9, 2.9, colour), _box(0.6, 2.0, 1.9, 2.9, colour),
            _box(-0.9, -3.8, 1.8, 0.5, paper)]


def gem_figure(colour: str, paper: str) -> list[Item]:
    """A cut gem (drawn inside its colour mark)."""
    return [_fill(((-4.2, -1.2), (-2.4, -3.8), (2.4, -3.8), (4.2, -1.2), (0.0, 4.6)), colour),
            _box(-3.6, -1.5, 7.2, 0.55, paper),
            _fill(((-1.0, -0.95), (0.0, 2.8), (1.0, -0.95)), paper)]


def mimic(ink: str, paper: str) -> list[Item]:
    lid = ((-4.8, -0.9), (-4.8, -2.8), (-3.3, -4.6), (3.3, -4.6), (4.8, -2.8), (4.8, -0.9))
    teeth_up = [_fill(((x, -0.9), (x + 0.7, 0.4), (x + 1.4, -0.9)), paper)
                for x in (-4.0, -2.0, 0.0, 2.0)]
    return [_fill(lid, ink), _box(-4.8, 0.3, 9.6, 4.6, ink), _box(-4.2, -0.9, 8.4, 1.6, paper),
            *teeth_up,
            *[_fill(((x, 0.7), (x + 0.7, -0.5), (x + 1.4, 0.7)), ink) for x in (-3.0, -1.0, 1.0)],
            _fill(_ellipse(-1.8, -2.7, 0.75, 0.6, 12), paper),
            _fill(_ellipse(1.8, -2.7, 0.75, 0.6, 12), paper),
            _box(-0.7, 2.0, 1.4, 1.7, paper, 0.3)]


def mummy(ink: str, paper: str) -> list[Item]:
    bands = [_fill(((-3.6, y), (3.6, y + tilt), (3.6, y + tilt + 0.45), (-3.6, y + 0.45)), paper)
             for y, tilt in ((-3.2, 0.6), (1.2, -0.5), (3.0, 0.4))]
    return [_box(-3.7, -4.9, 7.4, 9.8, ink, 2.6), *bands,
            _fill(_ellipse(-1.4, -0.9, 1.1, 0.9, 16), paper),
            _fill(_ellipse(1.4, -0.9, 1.1, 0.9, 16), paper),
            _disc(-1.3, -0.8, 0.45, ink),
            _disc(1.5, -0.8, 0.45, ink)]


# ------------------------------------------------------------------------------------ treasure

def key(ink: str, paper: str) -> list[Item]:
    return [_disc(-2.7, 0.0, 2.3, ink), _disc(-2.7, 0.0, 1.0, paper),
            _box(-0.8, -0.65, 5.8, 1.3, ink), _box(3.1, 0.5, 0.9, 1.9, ink),
            _box(4.3, 0.5, 0.7, 2.5, ink)]


def coin(ring: str, face: str) -> list[Item]:
    return [_disc(0.0, 0.0, 4.9, ring), _disc(0.0, 0.0, 3.9, face)]


def wand(ink: str, paper: str) -> list[Item]:
    return [_bar(-4.4, 4.4, 1.0, -1.0, 1.3, ink), _fill(_star(2.2, -2.2, 2.8, 1.15), ink),
            _fill(_star(-2.6, -3.2, 1.2, 0.45, 4), ink), _fill(_star(3.4, 2.6, 1.2, 0.45, 4), ink)]


def skeleton_key(ink: str, paper: str) -> list[Item]:
    """A key whose bow is a skull (an ordinary key's bow is a ring)."""
    return [_fill(_ellipse(-2.6, -0.4, 2.4, 2.3), ink), _box(-3.9, 0.8, 2.6, 1.9, ink, 0.4),
            _fill(_ellipse(-3.4, -0.6, 0.65, 0.7, 12), paper),
            _fill(_ellipse(-1.8, -0.6, 0.65, 0.7, 12), paper),
            _box(-0.6, -0.6, 5.6, 1.2, ink), _box(2.6, 0.5, 0.8, 2.4, ink),
            _box(4.1, 0.5, 0.9, 1.6, ink), _box(2.6, 2.1, 2.4, 0.8, ink)]


def hammer(ink: str, paper: str) -> list[Item]:
    """A war hammer, tilted: a handle and a heavy head across its end."""
    return [_bar(-4.4, 4.4, 1.2, -1.2, 1.3, ink), _bar(-1.2, -4.6, 4.6, 1.2, 3.2, ink),
            _bar(-0.2, -3.6, 0.5, -2.9, 3.4, paper)]


def shovel(ink: str, paper: str) -> list[Item]:
    blade = ((-2.7, 0.2), (2.7, 0.2), (2.7, 2.6), (0.0, 4.9), (-2.7, 2.6))
    return [_box(-0.55, -4.2, 1.1, 4.8, ink), _box(-1.9, -4.9, 3.8, 1.0, ink, 0.4),
            _fill(blade, ink), _box(-0.3, 1.0, 0.6, 2.2, paper)]


def die_face(value: int, ink: str, paper: str) -> list[Item]:
    """A die showing ``value`` (1-6) pips."""
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    return [_box(-4.9, -4.9, 9.8, 9.8, ink, 1.8), _box(-4.0, -4.0, 8.0, 8.0, paper, 1.2),
            *[_disc(2.2 * x, 2.2 * y, 1.0, ink) for x, y in spots]]


def any_die(ink: str, paper: str) -> list[Item]:
    """A die showing a question mark: 'any value' (never mistaken for a box to write in)."""
    arc = [(1.75 * math.cos(math.radians(a)), -1.3 + 1.75 * math.sin(math.radians(a)))
           for a in range(190, 400, 30)]
    hook = [_bar(*a, *b, 1.1, ink) for a, b in zip(arc, arc[1:])]
    return [_box(-4.9, -4.9, 9.8, 9.8, ink, 1.8), _box(-4.0, -4.0, 8.0, 8.0, paper, 1.2),
            *hook, _bar(*arc[-1], 0.0, 0.6, 1.1, ink), _bar(0.0, 0.6, 0.0, 1.3, 1.1, ink),
            _disc(0.0, 2.7, 0.7, ink)]


# ------------------------------------------------------------------------------------ marks

def mark_shape(mark: str, k: float = 1.0) -> tuple:
    """The outline of a colour mark, scaled by ``k`` about the mark's centre."""
    if mark == "circle":
        return _ellipse(0.0, 0.0, 4.9 * k, 4.9 * k, 32)
    if mark == "square":
        s = 4.4 * k
        return ((-s, -s), (s, -s), (s, s), (-s, s))
    if mark == "diamond":
        s = 5.0 * k
        return ((0.0, -s), (s, 0.0), (0.0, s), (-s, 0.0))
    # triangle, centred on its centroid so the figure sits in its widest part
    cy = 1.5
    pts = ((0.0, -5.0), (5.2, 4.5), (-5.2, 4.5))
    return tuple((x * k, cy + (y - cy) * k) for x, y in pts)


FIGURE = {"circle": (0.0, 0.55), "square": (0.0, 0.6), "diamond": (0.0, 0.48),
          "triangle": (1.6, 0.42)}


def marked(figure, mark: str, colour: str, tint: str, paper: str) -> list[Item]:
    """A golem or gem figure inside its colour mark (ring in the colour, pale inside)."""
    dy, k = FIGURE[mark]
    inner = 0.8 if mark != "triangle" else 0.74
    if mark == "circle":
        ring = [_disc(0.0, 0.0, 4.9, colour), _disc(0.0, 0.0, 4.9 * inner, tint)]
    else:
        ring = [_fill(mark_shape(mark), colour), _fill(mark_shape(mark, inner), tint)]
    return [*ring,
            Group(tuple(figure(colour, paper)), compose(translate(0.0, dy), scale(k)))]


def colour_mark(colour: str) -> str:
    """The mark shape of a golem colour (circle, triangle, square, diamond)."""
    return data()["map"]["golem_marks"][golem_colours().index(colour)]


# ------------------------------------------------------------------------------------ symbols

ITEM_DRAW = {"wand": wand, "skeleton-key": skeleton_key, "hammer": hammer, "shovel": shovel}
MONSTER_DRAW = {"ooze": ooze, "skeleton": skeleton, "sarcophagus": sarcophagus,
                "zombie": zombie, "mimic": mimic, "mummy": mummy, "key": key}


def symbol_name(kind: str) -> str:
    """The symbol of a finding, room content, monster or item: 'golem-red' -> 'rlm-golem-red'."""
    return f"rlm-{kind}"


def symbols(sheet: Sheet) -> tuple[Symbol, ...]:
    """Every pictogram of a game sheet in the sheet's theme."""
    t = sheet.theme
    ink, paper = t("ink"), t("paper")
    out = [Symbol(symbol_name(k), tuple(fn(ink, paper))) for k, fn in MONSTER_DRAW.items()]
    out += [Symbol(symbol_name(k), tuple(fn(t("accent"), paper))) for k, fn in ITEM_DRAW.items()]
    out.append(Symbol(symbol_name("coin"), tuple(coin(t("accent"), t("tint-gold")))))
    out.append(Symbol(symbol_name("golem"), tuple(golem_figure(ink, paper))))
    for colour in golem_colours():
        mark = colour_mark(colour)
        args = (mark, t(colour), t(TINT[colour]), paper)
        out.append(Symbol(symbol_name(f"golem-{colour}"), tuple(marked(golem_figure, *args))))
        out.append(Symbol(symbol_name(f"gem-{colour}"), tuple(marked(gem_figure, *args))))
    out += [Symbol(symbol_name(f"die-{v}"), tuple(die_face(v, ink, paper)))
            for v in range(1, data()["game"]["faces"] + 1)]
    out.append(Symbol(symbol_name("die-any"), tuple(any_die(ink, paper))))
    return tuple(out)
