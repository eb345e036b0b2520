"""Imposition: cards onto printer sheets, like print-and-play files, with marks and backs.

Geometry first (pure Python, mm from a sheet's bottom-left corner): :func:`nup_grid` fits as many
cards as the paper holds — turned a quarter if that fits more — with the configured gutter and
their crop marks, nothing printed in the paper margin a desktop printer cannot print;
:func:`mark_lengths` shortens the marks where that margin needs it; :func:`crop_marks` puts
marks outside the grid, in line with every cut; :func:`cut_lines` draws the cuts shared by
cards that touch; :func:`back_places` mirrors a sheet for long-edge duplex printing;
:func:`note_place` finds room in the margin for the "print at 100%" note. Then :func:`impose`
draws the card pages onto the sheets (pypdf, imported on use), the marks in registration colour.
"""

from __future__ import annotations

import io
import itertools
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


class Marks(NamedTuple):
    """Crop marks: the longest ``length`` and the shortest ``min_length`` a mark may have (mm),
    and their ``offset`` from the grid of cards with its bleed."""

    length: float
    min_length: float
    offset: float


def _fit(length: float, paper: float, fmt: CardFormat, gutter: float, margin: float,
         marks: Marks) -> int:
    """How many cards of ``length`` fit along ``paper`` with their crop marks (at least
    ``marks.min_length`` long) and nothing printed within ``margin`` of the paper's edges."""
    pitch = length + 2 * fmt.bleed + gutter
    count = math.floor((paper + gutter) / pitch + EPS)
    while count > 0:
        outside = (paper - (count * pitch - gutter)) / 2            # paper edge to the grid
        if outside >= margin + marks.offset + marks.min_length - EPS:
            return count
        count -= 1
    return 0


def nup_grid(fmt: CardFormat, paper: tuple[float, float], gutter: float, margin: float,
             marks: Marks) -> Grid:
    """The grid holding most cards on ``paper`` (upright first when both hold as many), with
    room for crop marks outside it on every side and nothing printed within ``margin`` of the
    paper's edges: what a desktop printer prints."""
    best: Grid | None = None
    for turn in (0, 90):
        w, h = (fmt.height, fmt.width) if turn else (fmt.width, fmt.height)
        cols = _fit(w, paper[0], fmt, gutter, margin, marks)
        rows = _fit(h, paper[1], fmt, gutter, margin, marks)
        if cols * rows == 0 or (best is not None and cols * rows <= best.per_sheet):
            continue
        pitch_x, pitch_y = w + 2 * fmt.bleed + gutter, h + 2 * fmt.bleed + gutter
        block_w, block_h = cols * pitch_x - gutter, rows * pitch_y - gutter
        best = Grid(cols, rows, turn, w, h, pitch_x, pitch_y,
                    (paper[0] - block_w) / 2 + fmt.bleed, (paper[1] - block_h) / 2 + fmt.bleed)
    if best is None:
        raise InputError(f"--nup: a {fmt.width:g} × {fmt.height:g} mm card (bleed "
                         f"{fmt.bleed:g} mm) does not fit on {paper[0]:g} × {paper[1]:g} mm "
                         f"paper with its crop marks and {margin:g} mm of margin; print it "
                         "without --nup, or choose a smaller --size or bleed")
    return best


def mark_lengths(grid: Grid, bleed: float, paper: tuple[float, float], margin: float,
                 marks: Marks) -> tuple[float, float]:
    """How long the marks above and below the grid, and those left and right of it, are: as
    long as ``marks.length`` where the paper's margin leaves room, shortened otherwise."""
    left, bottom, right, top = grid.outer(bleed)
    room_x = min(left, paper[0] - right) - margin - marks.offset
    room_y = min(bottom, paper[1] - top) - margin - marks.offset
    return min(marks.length, room_y), min(marks.length, room_x)


def note_place(paper: tuple[float, float], grid_box: tuple[float, float, float, float],
               xs: list[float], lengths: tuple[float, float], size: tuple[float, float],
               margin: float, offset: float, gap: float) -> tuple[float, float, int]:
    """Where a one-line note of ``size`` (width, height in mm) goes on a sheet: its centre
    (x, y from the bottom-left corner, mm) and its turn (0, or 90 reading upwards).

    Nothing of it closer than ``margin`` to the paper's edges or than ``gap`` to the cards
    (``grid_box``: left, bottom, right, top with the bleed) and the crop marks (at ``xs`` above
    and below the grid, and left and right of it, ``lengths`` long, ``offset`` from it). The
    first that fits of: centred below the marks, above them, between two marks below or above
    the grid (nearest the middle), beside the marks on the left or the right, reading upwards.
    """
    width, height = size
    left, bottom, right, top = grid_box
    along_y, along_x = lengths
    marks_y, marks_x = offset + along_y, offset + along_x
    middle = paper[0] / 2
    # centred in a band below or above the marks
    for low, high in ((margin, bottom - marks_y - gap), (top + marks_y + gap, paper[1] - margin)):
        if high - low >= height - EPS and width <= paper[0] - 2 * margin + EPS:
            return middle, (low + high) / 2, 0
    # between two marks, next to the grid
    stops = [margin - gap] + sorted(xs) + [paper[0] - margin + gap]
    spans = sorted(((a + gap, b - gap) for a, b in itertools.pairwise(stops)),
                   key=lambda s: abs((s[0] + s[1]) / 2 - middle))
    for low, high in ((margin, bottom - gap), (top + gap, paper[1] - margin)):
        if high - low < height - EPS:
            continue
        for a, b in spans:
            if b - a >= width - EPS:
                return (a + b) / 2, (low + high) / 2, 0
    # beside the marks, turned a quarter
    for low, high in ((margin, left - marks_x - gap), (right + marks_x + gap, paper[0] - margin)):
        if high - low >= height - EPS and width <= paper[1] - 2 * margin + EPS:
            return (low + high) / 2, paper[1] / 2, 90
    raise BuildError(f"the sheet's note ({width:.1f} × {height:.1f} mm) fits nowhere in the "
                     f"margin of {paper[0]:g} × {paper[1]:g} mm paper; shorten common.print.note "
                     "in the text catalogue")


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


def crop_marks(places: list[Placement], bleed: float, length: float | tuple[float, float],
               offset: float) -> list[tuple]:
    """Marks (sheet, x1, y1, x2, y2) in line with every cut, outside the grid of each sheet:
    above and below it for vertical cuts, left and right of it for horizontal ones, ``offset``
    from the grid with its bleed; ``length`` is one length, or (above and below, left and
    right) as :func:`mark_lengths` gives them."""
    along_y, along_x = (length, length) if isinstance(length, (int, float)) else length
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
            segments.append((sheet, x, top + offset, x, top + offset + along_y))
            segments.append((sheet, x, bottom - offset, x, bottom - offset - along_y))
        for y in ys:
            segments.append((sheet, right + offset, y, right + offset + along_x, y))
            segments.append((sheet, left - offset, y, left - offset - along_x, y))
    return segments


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


class Sheets(NamedTuple):
    """What goes on the sheets besides the cards: crop marks and cut lines (on the fronts, and
    ``back_marks`` on the backs), a one-page PDF drawn over each front (its note), and the
    backs: a one-page back PDF, where each card's back goes, and the back page's trim corner
    (mm from its bottom-left)."""

    marks: list[tuple] | tuple = ()
    cuts: list[tuple] | tuple = ()
    overlay: bytes | None = None
    back: bytes | None = None
    back_places: list[Placement] | tuple = ()
    back_marks: list[tuple] | tuple = ()
    back_trim: tuple[float, float] = (0.0, 0.0)


def impose(cards_pdf: bytes, size: tuple[float, float], places: list[Placement], *,
           sheets: Sheets, style: dict[str, float], metadata: dict[str, str],
           boxes: CardFormat | None = None) -> bytes:
    """Puts card page i on the sheet of ``places[i]``, adds marks, cut lines and the overlay
    (``sheets``), and, with a back, a back page after every sheet. ``boxes`` sets each
    single-card sheet's TrimBox and BleedBox, its back's too.

    Each card page becomes a form XObject drawn where it belongs (its bleed box clips it), so
    the cards' content is copied as it is, never parsed. Crop marks are in the registration
    colour (every plate); the document asks viewers to print it at its size (PrintScaling
    None) and names its language and title."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(cards_pdf))
    if len(reader.pages) != len(places):
        raise BuildError(f"laid out {len(reader.pages)} cards, expected {len(places)}")
    writer = PdfWriter()
    cards = [_form(writer, page) for page in reader.pages]
    registration = writer._add_object(_registration())
    overlay = _form(writer, PdfReader(io.BytesIO(sheets.overlay)).pages[0], (0.0, 0.0)) \
        if sheets.overlay else None
    back = _form(writer, PdfReader(io.BytesIO(sheets.back)).pages[0], sheets.back_trim) \
        if sheets.back else None
    for sheet in sorted({p.sheet for p in places}):
        own = [(card, place) for card, place in zip(cards, places) if place.sheet == sheet]
        forms = {f"/C{i}": card[0] for i, (card, _) in enumerate(own)}
        ops = [_draw(f"/C{i}", card, place) for i, (card, place) in enumerate(own)]
        if overlay is not None:
            ops.append(_draw("/N", overlay, Placement(sheet, 0.0, 0.0, *size)))
            forms["/N"] = overlay[0]
        ops += _line_ops([m for m in sheets.marks if m[0] == sheet],
                         [c for c in sheets.cuts if c[0] == sheet], style)
        page = _sheet(writer, size, ops, forms, registration)
        if boxes is not None:
            _set_boxes(page, own[0][1], boxes)
        if back is not None:
            mine = [p for p in sheets.back_places if p.sheet == sheet]
            ops = [_draw("/B", back, place) for place in mine]
            ops += _line_ops([m for m in sheets.back_marks if m[0] == sheet], [], style)
            page = _sheet(writer, size, ops, {"/B": back[0]}, registration)
            if boxes is not None:
                _set_boxes(page, mine[0], boxes)
    _finish(writer, metadata)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _registration():
    """The registration colour: the Separation colour space /All, which paints on every plate
    (its alternate, for screens and desktop printers, is full cyan, magenta, yellow and
    black)."""
    from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject

    def numbers(*values):
        return ArrayObject([FloatObject(v) for v in values])

    tint = DictionaryObject({NameObject("/FunctionType"): NumberObject(2),
                             NameObject("/Domain"): numbers(0, 1),
                             NameObject("/C0"): numbers(0, 0, 0, 0),
                             NameObject("/C1"): numbers(1, 1, 1, 1),
                             NameObject("/N"): NumberObject(1)})
    return ArrayObject([NameObject("/Separation"), NameObject("/All"),
                        NameObject("/DeviceCMYK"), tint])


def _form(writer, page, trim: tuple[float, float] | None = None) -> tuple[Any, tuple[float, float]]:
    """A page as a form XObject in ``writer``, and its trim box's bottom-left corner (pt): the
    page's TrimBox, or ``trim`` (mm) for a page that has none."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    form = DecodedStreamObject()
    form.set_data(page.get_contents().get_data())
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(float(v)) for v in page.mediabox])
    form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    corner = ((trim[0] * PT_PER_MM, trim[1] * PT_PER_MM) if trim is not None
              else (float(page.trimbox.left), float(page.trimbox.bottom)))
    return writer._add_object(form.flate_encode()), corner


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


def _sheet(writer, size: tuple[float, float], ops: list[str], forms: dict[str, Any],
           registration):
    """A new page of ``size`` mm drawing ``ops`` with these named forms (and the registration
    colour space as /Reg)."""
    from pypdf import PageObject
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    page = PageObject.create_blank_page(width=size[0] * PT_PER_MM, height=size[1] * PT_PER_MM)
    page[NameObject("/Resources")] = DictionaryObject({
        NameObject("/XObject"): DictionaryObject(
            {NameObject(name): ref for name, ref in forms.items()}),
        NameObject("/ColorSpace"): DictionaryObject({NameObject("/Reg"): registration})})
    stream = DecodedStreamObject()
    stream.set_data("\n".join(ops).encode())
    page[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
    return writer.add_page(page)


def _set_boxes(sheet, place: Placement, fmt: CardFormat) -> None:
    from pypdf.generic import RectangleObject

    def rect(x, y, w, h):
        return RectangleObject([round(v * PT_PER_MM, 4) for v in (x, y, x + w, y + h)])

    sheet.trimbox = rect(place.x, place.y, place.width, place.height)
    sheet.bleedbox = rect(place.x - fmt.bleed, place.y - fmt.bleed, place.width + 2 * fmt.bleed,
                          place.height + 2 * fmt.bleed)


def _line_ops(marks: list[tuple], cuts: list[tuple], style: dict[str, float]) -> list[str]:
    """The crop marks (registration colour: every plate) and cut lines (grey, black ink), as
    PDF operators."""
    ops = []
    for segments, colour, width in ((cuts, f"0 0 0 {style['cut_grey']:.2f} K", style["cut_width"]),
                                    (marks, "/Reg CS 1 SCN", style["mark_width"])):
        if segments:
            ops.append(f"q {colour} {width * PT_PER_MM:.3f} w")
            ops += [f"{x1 * PT_PER_MM:.3f} {y1 * PT_PER_MM:.3f} m {x2 * PT_PER_MM:.3f} "
                    f"{y2 * PT_PER_MM:.3f} l S" for _s, x1, y1, x2, y2 in segments]
            ops.append("Q")
    return ops


def _finish(writer, metadata: dict[str, Any]) -> None:
    """Document information, language and viewer preferences (print at 100%, show the
    title)."""
    from pypdf.generic import BooleanObject, DictionaryObject, NameObject, TextStringObject

    writer.add_metadata({"/Title": metadata.get("title", ""), "/Subject": metadata.get("subject", ""),
                         "/Keywords": metadata.get("keywords", ""),
                         "/Creator": metadata.get("creator", ""),
                         "/Producer": metadata.get("creator", "")})
    root = writer._root_object
    root[NameObject("/Lang")] = TextStringObject(metadata.get("lang", "en"))
    root[NameObject("/ViewerPreferences")] = DictionaryObject({
        NameObject("/PrintScaling"): NameObject("/None"),
        NameObject("/DisplayDocTitle"): BooleanObject(True)})
    writer._ID = None  # no random file identifier: same input, same bytes
