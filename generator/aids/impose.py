"""Imposition: cards onto printer sheets, like print-and-play files, with marks and backs.

Geometry first (pure Python, mm from a sheet's bottom-left corner): :func:`nup_grid` fits as many
cards as the paper holds — turned a quarter if that fits more — with the configured gutter,
keeping every card's text clear of the strip a home printer cannot print; :func:`crop_marks`
puts marks outside the grid, in line with every cut; :func:`cut_lines` draws the cuts shared by
cards that touch; :func:`back_places` mirrors a sheet for long-edge duplex printing. Then
:func:`impose` draws the card pages onto the sheets (pypdf, imported on use).
"""

from __future__ import annotations

import io
import math
from typing import Any, NamedTuple

from generator.core.errors import BuildError, InputError

PT_PER_MM = 72 / 25.4
EPS = 1e-6


class CardFormat(NamedTuple):
    """Trim size and bleed of a card, and its inner padding (text distance from the trim), mm."""

    width: float
    height: float
    bleed: float = 0.0
    padding: float = 0.0


class Placement(NamedTuple):
    """Where one card's trim box lands on a sheet (bottom-left corner, mm), and its turn in
    degrees counter-clockwise (0 or ±90); ``width``/``height`` are as placed."""

    sheet: int
    x: float
    y: float
    width: float
    height: float
    turn: int = 0


class Grid(NamedTuple):
    """A grid of cards on a sheet: ``cols`` × ``rows`` cards of ``width`` × ``height`` as placed,
    ``pitch`` apart, the first trim's bottom-left at (``x0``, ``y0``) (top row last)."""

    cols: int
    rows: int
    turn: int
    width: float
    height: float
    pitch_x: float
    pitch_y: float
    x0: float
    y0: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def outer(self, bleed: float) -> tuple[float, float, float, float]:
        """The grid's outer edges including bleed: left, bottom, right, top."""
        return (self.x0 - bleed, self.y0 - bleed,
                self.x0 + (self.cols - 1) * self.pitch_x + self.width + bleed,
                self.y0 + (self.rows - 1) * self.pitch_y + self.height + bleed)


def _fit(length: float, paper: float, fmt: CardFormat, gutter: float, printer_margin: float,
         mark_room: float) -> int:
    """How many cards of ``length`` fit along ``paper``: their text clear of the printer's
    margin and, when cards do not share their cuts (bleed or gutter), room for the marks."""
    pitch = length + 2 * fmt.bleed + gutter
    count = int(math.floor((paper + gutter) / pitch + EPS))
    while count > 0:
        outside = (paper - (count * pitch - gutter)) / 2            # paper edge to the grid
        marks_fit = outside >= mark_room - EPS or (fmt.bleed == 0 and gutter == 0)
        if outside + fmt.bleed + fmt.padding >= printer_margin - EPS and marks_fit:
            return count
        count -= 1
    return 0


def nup_grid(fmt: CardFormat, paper: tuple[float, float], gutter: float, printer_margin: float,
             mark_room: float = 0.0) -> Grid:
    """The grid holding most cards on ``paper`` (upright first when both hold as many).

    Cards that touch (no bleed, no gutter) share their cuts, drawn as lines between them, so
    they may run to the paper's edge; cards cut apart one by one need ``mark_room`` outside the
    grid for the crop marks."""
    best: Grid | None = None
    for turn in (0, 90):
        w, h = (fmt.height, fmt.width) if turn else (fmt.width, fmt.height)
        cols = _fit(w, paper[0], fmt, gutter, printer_margin, mark_room)
        rows = _fit(h, paper[1], fmt, gutter, printer_margin, mark_room)
        if cols * rows == 0 or best is not None and cols * rows <= best.per_sheet:
            continue
        pitch_x, pitch_y = w + 2 * fmt.bleed + gutter, h + 2 * fmt.bleed + gutter
        block_w, block_h = cols * pitch_x - gutter, rows * pitch_y - gutter
        best = Grid(cols, rows, turn, w, h, pitch_x, pitch_y,
                    (paper[0] - block_w) / 2 + fmt.bleed, (paper[1] - block_h) / 2 + fmt.bleed)
    if best is None:
        raise InputError(f"--nup: a {fmt.width:g} × {fmt.height:g} mm card does not fit on "
                         f"{paper[0]:g} × {paper[1]:g} mm paper with its text {printer_margin:g} mm "
                         "from the edge; use --nup with a smaller --size")
    return best


def nup_places(grid: Grid, count: int) -> list[Placement]:
    """Cards 1..count in reading order, sheet after sheet (rows from the top)."""
    places = []
    for i in range(count):
        sheet, slot = divmod(i, grid.per_sheet)
        row, col = divmod(slot, grid.cols)
        y = grid.y0 + (grid.rows - 1 - row) * grid.pitch_y
        places.append(Placement(sheet, grid.x0 + col * grid.pitch_x, y, grid.width, grid.height,
                                grid.turn))
    return places


def single_places(fmt: CardFormat, count: int,
                  room: float) -> tuple[tuple[float, float], list[Placement]]:
    """One card per sheet; the sheet is the bleed box plus ``room`` for marks on every side."""
    pad = fmt.bleed + room
    size = (fmt.width + 2 * pad, fmt.height + 2 * pad)
    return size, [Placement(i, pad, pad, fmt.width, fmt.height) for i in range(count)]


def crop_marks(places: list[Placement], bleed: float, paper: tuple[float, float], length: float,
               offset: float) -> list[tuple]:
    """Marks (sheet, x1, y1, x2, y2) in line with every cut, outside the grid of each sheet:
    above and below it for vertical cuts, left and right of it for horizontal ones. A mark is
    shortened to the paper and left out where less than half of it fits."""
    segments = []
    for sheet in sorted({p.sheet for p in places}):
        own = [p for p in places if p.sheet == sheet]
        left = min(p.x for p in own) - bleed
        right = max(p.x + p.width for p in own) + bleed
        bottom = min(p.y for p in own) - bleed
        top = max(p.y + p.height for p in own) + bleed
        xs = sorted({round(v, 4) for p in own for v in (p.x, p.x + p.width)})
        ys = sorted({round(v, 4) for p in own for v in (p.y, p.y + p.height)})
        for x in xs:
            segments += _mark(sheet, x, top + offset, +1, length, paper[1], vertical=True)
            segments += _mark(sheet, x, bottom - offset, -1, length, paper[1], vertical=True)
        for y in ys:
            segments += _mark(sheet, y, right + offset, +1, length, paper[0], vertical=False)
            segments += _mark(sheet, y, left - offset, -1, length, paper[0], vertical=False)
    return segments


def _mark(sheet: int, at: float, start: float, sign: int, length: float, limit: float,
          vertical: bool) -> list[tuple]:
    end = start + sign * length
    end = min(max(end, 0.0), limit)
    if abs(end - start) < length / 2 - EPS or not 0 <= start <= limit:
        return []
    return [(sheet, at, start, at, end) if vertical else (sheet, start, at, end, at)]


def cut_lines(places: list[Placement]) -> list[tuple]:
    """The edges two touching cards share (sheet, x1, y1, x2, y2): one cut serves both."""
    lines = []
    for a in places:
        for b in places:
            if b.sheet != a.sheet:
                continue
            if abs(a.x + a.width - b.x) < EPS and abs(a.y - b.y) < EPS:       # b right of a
                lines.append((a.sheet, b.x, a.y, b.x, a.y + a.height))
            if abs(b.y + b.height - a.y) < EPS and abs(a.x - b.x) < EPS:      # b below a
                lines.append((a.sheet, a.x, a.y, a.x + a.width, a.y))
    return lines


def back_places(places: list[Placement], paper_width: float) -> list[Placement]:
    """Where each card's back goes on the back of its sheet, for long-edge duplex printing: the
    sheet turns over around its vertical axis, so a card's back is mirrored left to right (and a
    card turned a quarter one way has its back turned the other way)."""
    return [p._replace(x=paper_width - p.x - p.width, turn=-p.turn) for p in places]


def impose(cards_pdf: bytes, size: tuple[float, float], places: list[Placement], *,
           marks: list[tuple] = (), cuts: list[tuple] = (), style: dict[str, float],
           metadata: dict[str, str], backs: tuple[bytes, list[Placement]] | None = None,
           boxes: CardFormat | None = None) -> bytes:
    """Puts card page i on the sheet of ``places[i]``, adds marks and cut lines, and, with
    ``backs`` (a one-page back PDF and its placements), a back page after every sheet.
    ``boxes`` sets each single-card sheet's TrimBox and BleedBox.

    Each card page becomes a form XObject drawn where it belongs (its bleed box clips it), so
    the cards' content is copied as it is, never parsed."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(cards_pdf))
    if len(reader.pages) != len(places):
        raise BuildError(f"laid out {len(reader.pages)} cards, expected {len(places)}")
    writer = PdfWriter()
    cards = [_form(writer, page) for page in reader.pages]
    back = _form(writer, PdfReader(io.BytesIO(backs[0])).pages[0]) if backs else None
    for sheet in sorted({p.sheet for p in places}):
        own = [(card, place) for card, place in zip(cards, places) if place.sheet == sheet]
        ops = [_draw(f"/C{i}", card, place) for i, (card, place) in enumerate(own)]
        ops += _line_ops([m for m in marks if m[0] == sheet], [c for c in cuts if c[0] == sheet],
                         style)
        page = _sheet(writer, size, ops, {f"/C{i}": card[0] for i, (card, _) in enumerate(own)})
        if boxes is not None:
            _set_boxes(page, own[0][1], boxes)
        if back is not None:
            mine = [p for p in backs[1] if p.sheet == sheet]
            _sheet(writer, size, [_draw("/B", back, place) for place in mine], {"/B": back[0]})
    _finish(writer, metadata)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form(writer, page) -> tuple[Any, tuple[float, float]]:
    """A card page as a form XObject in ``writer``, and its trim box's bottom-left corner."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    form = DecodedStreamObject()
    form.set_data(page.get_contents().get_data())
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(float(v)) for v in page.mediabox])
    form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    return writer._add_object(form.flate_encode()), (float(page.trimbox.left),
                                                      float(page.trimbox.bottom))


def _draw(name: str, card, place: Placement) -> str:
    """The operators drawing a form so that its trim box lands on ``place`` (turned as asked)."""
    left, bottom = card[1]
    x, y = place.x * PT_PER_MM, place.y * PT_PER_MM
    if place.turn == 0:
        m = (1, 0, 0, 1, x - left, y - bottom)
    elif place.turn == 90:       # (u, v) -> (-v, u)
        m = (0, 1, -1, 0, x + bottom + place.width * PT_PER_MM, y - left)
    else:                        # -90: (u, v) -> (v, -u)
        m = (0, -1, 1, 0, x - bottom, y + left + place.height * PT_PER_MM)
    return "q " + " ".join(f"{v:.4f}" for v in m) + f" cm {name} Do Q"


def _sheet(writer, size: tuple[float, float], ops: list[str], forms: dict[str, Any]):
    """A new page of ``size`` mm drawing ``ops`` with these named forms."""
    from pypdf import PageObject
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    page = PageObject.create_blank_page(width=size[0] * PT_PER_MM, height=size[1] * PT_PER_MM)
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
        {NameObject(name): ref for name, ref in forms.items()})})
    stream = DecodedStreamObject()
    stream.set_data("\n".join(ops).encode())
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
    return writer.add_page(page)


def _set_boxes(sheet, place: Placement, fmt: CardFormat) -> None:
    from pypdf.generic import RectangleObject

    def rect(x, y, w, h):
        return RectangleObject([x * PT_PER_MM, y * PT_PER_MM, (x + w) * PT_PER_MM, (y + h) * PT_PER_MM])

    sheet.trimbox = rect(place.x, place.y, place.width, place.height)
    sheet.bleedbox = rect(place.x - fmt.bleed, place.y - fmt.bleed, place.width + 2 * fmt.bleed,
                          place.height + 2 * fmt.bleed)


def _line_ops(marks: list[tuple], cuts: list[tuple], style: dict[str, float]) -> list[str]:
    """The crop marks (registration black) and cut lines (grey), as PDF operators."""
    ops = []
    for segments, colour, width in ((cuts, f"0 0 0 {style['cut_grey']:.2f} K", style["cut_width"]),
                                    (marks, "0 0 0 1 K", style["mark_width"])):
        if segments:
            ops.append(f"q {colour} {width * PT_PER_MM:.3f} w")
            ops += [f"{x1 * PT_PER_MM:.3f} {y1 * PT_PER_MM:.3f} m {x2 * PT_PER_MM:.3f} "
                    f"{y2 * PT_PER_MM:.3f} l S" for _s, x1, y1, x2, y2 in segments]
            ops.append("Q")
    return ops


def _finish(writer, metadata: dict[str, Any]) -> None:
    writer.add_metadata({"/Title": metadata.get("title", ""), "/Subject": metadata.get("subject", ""),
                         "/Keywords": metadata.get("keywords", ""),
                         "/Creator": metadata.get("creator", ""),
                         "/Producer": metadata.get("creator", "")})
    writer._ID = None  # no random file identifier: same input, same bytes
