"""Card backs: one simple design per game (colour, motif, name), as a one-page PDF.

The colours and the motif of each game come from ``seeds/cards.toml`` ``[back.<game>]``, the
game's name white on the colour; the mono theme draws the same design black on white. The back
is a scene (:mod:`generator.draw.scene`) written by the PDF backend, so it prints in press
colours with ``--cmyk`` like everything else. Its colour covers the bleed too, so that a duplex
print a millimetre off still shows no white edge, and nothing of it runs along the trim: the
motif, the game's name and "player aid" are one block centred on the trim, so a back printed a
little off its front still looks even. Motifs are small geometric drawings in a 100 × 100 box,
one per kind.
"""

from __future__ import annotations

from typing import Any

from generator.aids.impose import CardFormat
from generator.draw.scene import Group, Item, Leaf, Line, Page, Rect, Style

#: The motif's side as a share of the card's width, its line width in motif units (of 100).
MOTIF_SHARE = 0.55
MOTIF_LINE = 2.2
PT = 25.4 / 72


def _maze(pen: Style) -> list[Leaf]:
    """Nested square walls, each with a gap: a dungeon plan."""
    walls: list[tuple[float, float, float, float]] = []
    for i, gap in enumerate(("top", "right", "bottom", "left")):
        a, b = 10 + 10 * i, 90 - 10 * i
        sides = {"top": (a, a, b, a), "right": (b, a, b, b), "bottom": (b, b, a, b),
                 "left": (a, b, a, a)}
        for name, (x1, y1, x2, y2) in sides.items():
            if name == gap:   # leave a door in the middle of this wall
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                dx, dy = (4 if x1 != x2 else 0), (4 if y1 != y2 else 0)
                sx, sy = (1 if x2 > x1 else -1), (1 if y2 > y1 else -1)
                walls.append((x1, y1, mx - sx * dx, my - sy * dy))
                walls.append((mx + sx * dx, my + sy * dy, x2, y2))
            else:
                walls.append((x1, y1, x2, y2))
    return [Line(x1, y1, x2, y2, pen) for x1, y1, x2, y2 in walls]


def _pyramid(pen: Style) -> list[Leaf]:
    """A stepped pyramid and a trail of tiles leading to it."""
    steps: list[Leaf] = [Rect(50 - 8 * (i + 1), 22 + 12 * i, 16 * (i + 1), 12, pen)
                         for i in range(4)]
    return steps + [Rect(8 + 11 * i, 80 - (6 if i % 2 else 0), 8, 8, pen) for i in range(8)]


def _strips(pen: Style) -> list[Leaf]:
    """Papyrus strips in two staggered layers, as in a dig (the rows' middles at 42 and 58:
    centred on the box)."""
    tiles: list[Leaf] = []
    for row in range(5):
        shift = 0 if row % 2 == 0 else 16
        for col in range(-1, 3):
            x = 10 + shift + col * 32
            if x >= 10 and x + 30 <= 90:
                tiles.append(Rect(x + 1, 12 + row * 16, 30, 13, pen, radius=2))
    return tiles


def _tomb(pen: Style) -> list[Leaf]:
    """The tomb column with its lines of chambers on both sides, a pyramid of squares."""
    shapes: list[Leaf] = [Rect(43, 8, 14, 84, pen)]
    for row, count in enumerate((3, 3, 2, 2, 1, 1)):
        y = 80 - row * 13
        for depth in range(count):
            shapes.append(Rect(31 - 12 * depth, y, 10, 10, pen))
            shapes.append(Rect(59 + 12 * depth, y, 10, 10, pen))
    return shapes


MOTIFS = {"maze": _maze, "pyramid": _pyramid, "strips": _strips, "tomb": _tomb}


def back_colours(design: dict[str, Any], mono: bool) -> tuple[str, str, str]:
    """(background, pattern, name) screen colours of a back in the colour or mono theme: the
    name is white on the colour (no ink: text in press colours is black ink or none), black on
    the mono white."""
    if mono:
        return "#ffffff", "#000000", "#000000"
    return design["colour"]["rgb"], design["pattern"]["rgb"], "#ffffff"


def back_page(game: str, title: str, label: str, fmt: CardFormat, mono: bool,
              design: dict[str, Any]) -> Page:
    """The back of one game's cards at this card size, with its bleed, as a scene page (the
    trim's corner at (bleed, bleed))."""
    from generator.draw.text import text

    motif = MOTIFS.get(design["motif"])
    if motif is None:
        from generator.core.errors import InputError

        raise InputError(f"seeds/cards.toml [back.{game}] motif: unknown motif "
                         f"{design['motif']!r}; choose one of {', '.join(sorted(MOTIFS))}")
    colour, pattern, name = back_colours(design, mono)
    w, h, bleed = fmt.width, fmt.height, fmt.bleed
    pen = Style(stroke=pattern, width=MOTIF_LINE, cap="round")
    drawing = motif(pen)
    # what the motif draws (its strokes included), in motif units: the block is centred on it
    edges = [item.bounds() for item in drawing]
    x0, y0 = min(e[0] for e in edges), min(e[1] for e in edges)
    x1, y1 = max(e[2] for e in edges), max(e[3] for e in edges)
    scale = w * MOTIF_SHARE / 100
    name_mm, label_mm = (round(size, 1) * PT for size in (w * 0.13, max(6.0, w * 0.08)))
    gap = 0.08 * h
    # the block: motif, gap, the name (ascent 0.75, descent 0.22 of its size), the label
    name_y = (y1 - y0) * scale + gap + 0.75 * name_mm
    label_y = name_y + 0.22 * name_mm + 0.4 * label_mm + 0.75 * label_mm
    top = bleed + (h - (label_y + 0.22 * label_mm)) / 2
    middle = bleed + w / 2
    room = w - 2 * fmt.padding
    items: list[Item] = [
        Rect(0, 0, w + 2 * bleed, h + 2 * bleed, Style(stroke=None, fill=colour)),
        Group(tuple(drawing), (scale, 0.0, 0.0, scale, middle - (x0 + x1) / 2 * scale,
                               top - y0 * scale), "motif"),
        text(middle, top + name_y, title, name_mm / PT, anchor="middle", bold=True, fill=name,
             max_width=room),
        text(middle, top + label_y, label, label_mm / PT, anchor="middle", fill=name,
             max_width=room),
    ]
    return Page(w + 2 * bleed, h + 2 * bleed, tuple(items))


def back_pdf(game: str, title: str, label: str, fmt: CardFormat, mono: bool,
             design: dict[str, Any], lang: str, inks=None) -> bytes:
    """The back as a one-page PDF (press colours with ``inks``)."""
    from generator.draw.pdf import document_to_pdf
    from generator.draw.scene import Document

    page = back_page(game, title, label, fmt, mono, design)
    return document_to_pdf(Document((page,), title), lang, inks)
