"""Card backs: one simple design per game (colour, frame, motif, name), as a one-page PDF.

The colours and the motif of each game come from ``seeds/cards.toml`` ``[back.<game>]``; the
mono theme draws the same design black on white. The back covers the bleed too, so that a
duplex print a millimetre off still shows no white edge. Motifs are small geometric drawings
(inline SVG in a 100 × 100 box), one per kind.
"""

from __future__ import annotations

from generator.aids.impose import CardFormat
from generator.core.data import resource_root
from generator.core.i18n import Catalogue
from generator.draw import documents


def _maze() -> str:
    """Nested square walls, each with a gap: a dungeon plan."""
    walls = []
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
    return "".join(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>'
                   for x1, y1, x2, y2 in walls)


def _pyramid() -> str:
    """A stepped pyramid and a trail of tiles leading to it."""
    steps = "".join(f'<rect x="{50 - 8 * (i + 1):g}" y="{22 + 12 * i}" width="{16 * (i + 1):g}" '
                    f'height="12"/>' for i in range(4))
    trail = "".join(f'<rect x="{8 + 11 * i}" y="{80 - (6 if i % 2 else 0)}" width="8" height="8"/>'
                    for i in range(8))
    return steps + trail


def _strips() -> str:
    """Papyrus strips in two staggered layers, as in a dig."""
    tiles = []
    for row in range(5):
        shift = 0 if row % 2 == 0 else 16
        for col in range(-1, 3):
            x = 10 + shift + col * 32
            if 10 <= x and x + 30 <= 90:
                tiles.append(f'<rect x="{x}" y="{12 + row * 16}" width="30" height="13" rx="2"/>')
    return "".join(tiles)


def _tomb() -> str:
    """The tomb column with its lines of chambers on both sides, a pyramid of squares."""
    shapes = ['<rect x="43" y="8" width="14" height="84"/>']
    for row, count in enumerate((3, 3, 2, 2, 1, 1)):
        y = 80 - row * 13
        for depth in range(count):
            shapes.append(f'<rect x="{31 - 12 * depth}" y="{y}" width="10" height="10"/>')
            shapes.append(f'<rect x="{59 + 12 * depth}" y="{y}" width="10" height="10"/>')
    return "".join(shapes)


MOTIFS = {"maze": _maze, "pyramid": _pyramid, "strips": _strips, "tomb": _tomb}


def back_pdf(game: str, title: str, cat: Catalogue, fmt: CardFormat, mono: bool,
             design: dict) -> bytes:
    """The back of one game's cards at this card size, as a one-page PDF."""
    motif = MOTIFS.get(design["motif"])
    if motif is None:
        from generator.core.errors import InputError

        raise InputError(f"seeds/cards.toml [back.{game}] motif: unknown motif "
                         f"{design['motif']!r}; choose one of {', '.join(sorted(MOTIFS))}")
    colour, pattern = ("#ffffff", "#000000") if mono else (design["colour"], design["pattern"])
    html = documents.render_template(resource_root("templates") / "aids", "back.html.j2", {
        "fmt": fmt, "colour": colour, "pattern": pattern, "motif": motif(), "title": title,
        "label": cat("common.aid"), "lang": cat.lang, "font_faces": documents.font_faces(),
        "family": documents.FONT_FAMILY, "frame": max(2.5, min(fmt.width, fmt.height) * 0.05)})
    return documents.write_pdf(documents.layout(html))
