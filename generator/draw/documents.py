"""Text-heavy documents: jinja2 → HTML → WeasyPrint layout → PDF pages, and their imposition.

Cards are laid out by WeasyPrint, one card per page of exactly the card size plus bleed; content
flows from card to card, and tables split between rows. Anything that cannot flow — a word wider
than the card, a block taller than a card — is found in the layout tree (every text element
carries ``data-key``) and reported as a :class:`BuildError` naming the string: never clipped,
never shrunk. The cards are then imposed with pypdf: one card per sheet (trim and bleed boxes set)
or ``nup`` on A4/Letter, with crop marks drawn outside every trim. WeasyPrint, jinja2 and pypdf are
imported here, on use only.
"""

from __future__ import annotations

import io
from typing import Any, NamedTuple

from generator.core.errors import BuildError

PX_PER_MM = 96 / 25.4
PT_PER_MM = 72 / 25.4
EPS_PX = 0.5


class CardFormat(NamedTuple):
    """Trim size and bleed of a card, in mm."""

    width: float
    height: float
    bleed: float = 0.0


def render_template(folder, name: str, context: dict[str, Any]) -> str:
    """Renders a jinja2 template from ``folder`` (undefined variables are errors)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)),
                             undefined=jinja2.StrictUndefined, autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template(name).render(**context)


def layout(html: str, base_url: str | None = None):
    """WeasyPrint's laid-out document for ``html``."""
    from weasyprint import HTML

    return HTML(string=html, base_url=base_url).render()


def overflow_problems(document) -> list[str]:
    """Every element whose box leaves its page's content area, named by its ``data-key``."""
    problems: list[str] = []
    seen: set[str] = set()
    for number, page in enumerate(document.pages, start=1):
        box = page._page_box
        body = box.children[0] if box.children else None
        if body is None:
            continue
        left, top = box.content_box_x(), box.content_box_y()
        right, bottom = left + box.width, top + box.height
        for child in _descendants(box):
            key = _key_of(child)
            # report the outermost element only, not each of its parts
            if not key or key in seen or any(key.startswith(k + ".") for k in seen):
                continue
            # Border boxes: margins may legitimately collapse into a page break.
            x0, y0 = child.border_box_x(), child.border_box_y()
            x1, y1 = x0 + child.border_width(), y0 + child.border_height()
            if x1 > right + EPS_PX or y1 > bottom + EPS_PX or x0 < left - EPS_PX:
                seen.add(key)
                text = _text_of(child)
                problems.append(f"card {number}: {key!r} does not fit its card "
                                f"({_overshoot(x1 - right, y1 - bottom)}): {text[:60]!r}")
    return problems


def _overshoot(dx: float, dy: float) -> str:
    parts = []
    if dx > EPS_PX:
        parts.append(f"{dx / PX_PER_MM:.1f} mm too wide")
    if dy > EPS_PX:
        parts.append(f"{dy / PX_PER_MM:.1f} mm too tall")
    return ", ".join(parts) or "outside the card"


def _descendants(box):
    for child in getattr(box, "children", ()) or ():
        yield child
        yield from _descendants(child)


def _key_of(box) -> str | None:
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", None) is None:
        return None
    return element.get("data-key")


def _text_of(box) -> str:
    element = getattr(box, "element", None)
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


def write_cards(html: str, base_url: str | None = None, metadata: dict[str, str] | None = None) -> bytes:
    """Lays out and writes the cards PDF; any overflow is a :class:`BuildError`."""
    document = layout(html, base_url)
    problems = overflow_problems(document)
    if problems:
        raise BuildError("text does not fit:\n  " + "\n  ".join(problems))
    if metadata:
        document.metadata.title = metadata.get("title", document.metadata.title)
        document.metadata.description = metadata.get("subject")
        document.metadata.keywords = [k for k in metadata.get("keywords", "").split(", ") if k]
        document.metadata.generator = metadata.get("creator")
        document.metadata.authors = [metadata.get("creator", "")]
    return _reproducible(lambda: document.write_pdf(uncompressed_pdf=False))


def _reproducible(write):
    """Runs ``write`` with SOURCE_DATE_EPOCH pinned: the font subsetter stamps each embedded
    font with the current time unless it is set, which would make every run's bytes differ."""
    import os

    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        return write()
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


# ---- imposition --------------------------------------------------------------------------------

class Placement(NamedTuple):
    """Where one card (its trim box) lands on a sheet, in mm from the sheet's bottom-left."""

    sheet: int
    x: float
    y: float


def single_layout(fmt: CardFormat, count: int, marks: float) -> tuple[tuple[float, float], list[Placement]]:
    """One card per sheet; the sheet is the bleed box plus room for the marks."""
    pad = fmt.bleed + marks
    size = (fmt.width + 2 * pad, fmt.height + 2 * pad)
    return size, [Placement(i, pad, pad) for i in range(count)]


def nup_layout(fmt: CardFormat, count: int, paper: tuple[float, float], gutter: float,
               margin: float) -> tuple[tuple[float, float], list[Placement]]:
    """As many cards per sheet as fit in a grid; raises BuildError if not even one fits."""
    pitch_x, pitch_y = fmt.width + 2 * fmt.bleed + gutter, fmt.height + 2 * fmt.bleed + gutter
    usable_w, usable_h = paper[0] - 2 * margin + gutter, paper[1] - 2 * margin + gutter
    cols, rows = int(usable_w // pitch_x), int(usable_h // pitch_y)
    if cols < 1 or rows < 1:
        raise BuildError(f"a {fmt.width:g} x {fmt.height:g} mm card does not fit on "
                         f"{paper[0]:g} x {paper[1]:g} mm paper with its margins; use --nup only "
                         "with smaller cards")
    block_w, block_h = cols * pitch_x - gutter, rows * pitch_y - gutter
    x0, y0 = (paper[0] - block_w) / 2 + fmt.bleed, (paper[1] - block_h) / 2 + fmt.bleed
    per_sheet = cols * rows
    places = []
    for i in range(count):
        sheet, slot = divmod(i, per_sheet)
        row, col = divmod(slot, cols)
        top_row_y = y0 + (rows - 1) * pitch_y
        places.append(Placement(sheet, x0 + col * pitch_x, top_row_y - row * pitch_y))
    return paper, places


def crop_marks(fmt: CardFormat, places: list[Placement], length: float, offset: float) -> list[tuple]:
    """Mark segments (sheet, x1, y1, x2, y2) in mm: two per trim corner, outside trim and bleed."""
    gap = fmt.bleed + offset
    segments = []
    for p in places:
        for cx in (p.x, p.x + fmt.width):
            for cy in (p.y, p.y + fmt.height):
                sx = -1 if cx == p.x else 1
                sy = -1 if cy == p.y else 1
                segments.append((p.sheet, cx + sx * gap, cy, cx + sx * (gap + length), cy))
                segments.append((p.sheet, cx, cy + sy * gap, cx, cy + sy * (gap + length)))
    return segments


def impose(cards_pdf: bytes, fmt: CardFormat, size: tuple[float, float], places: list[Placement],
           marks: list[tuple], mark_width: float, metadata: dict[str, str]) -> bytes:
    """Places each card page (trim + bleed) on its sheet and draws the crop marks."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(cards_pdf))
    if len(reader.pages) != len(places):
        raise BuildError(f"laid out {len(reader.pages)} cards, expected {len(places)}")
    writer = PdfWriter()
    sheets: dict[int, Any] = {}
    w_pt, h_pt = size[0] * PT_PER_MM, size[1] * PT_PER_MM
    single = all(p.sheet == i for i, p in enumerate(places))
    for page, place in zip(reader.pages, places):
        if place.sheet not in sheets:
            sheets[place.sheet] = PageObject.create_blank_page(width=w_pt, height=h_pt)
        sheet = sheets[place.sheet]
        # WeasyPrint puts the trim box at the origin and the bleed around it.
        dx = place.x * PT_PER_MM - float(page.trimbox.left)
        dy = place.y * PT_PER_MM - float(page.trimbox.bottom)
        sheet.merge_transformed_page(page, Transformation().translate(dx, dy))
        if single:
            _set_box(sheet, "trimbox", place.x, place.y, fmt.width, fmt.height)
            _set_box(sheet, "bleedbox", place.x - fmt.bleed, place.y - fmt.bleed,
                     fmt.width + 2 * fmt.bleed, fmt.height + 2 * fmt.bleed)
    for number in sorted(sheets):
        sheet = sheets[number]
        own = [m for m in marks if m[0] == number]
        if own:
            sheet.merge_page(_marks_page(own, size, mark_width))
        writer.add_page(sheet)
    writer.add_metadata({"/Title": metadata.get("title", ""), "/Subject": metadata.get("subject", ""),
                         "/Keywords": metadata.get("keywords", ""),
                         "/Creator": metadata.get("creator", ""),
                         "/Producer": metadata.get("creator", "")})
    writer._ID = None  # no random file identifier: same input, same bytes
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _set_box(page, name: str, x: float, y: float, w: float, h: float) -> None:
    from pypdf.generic import RectangleObject

    setattr(page, name, RectangleObject([x * PT_PER_MM, y * PT_PER_MM, (x + w) * PT_PER_MM,
                                         (y + h) * PT_PER_MM]))


def _marks_page(segments: list[tuple], size: tuple[float, float], width: float):
    """A transparent page holding the crop-mark lines (registration black)."""
    from pypdf import PageObject
    from pypdf.generic import DecodedStreamObject, NameObject

    ops = [f"q 0 0 0 1 K {width * PT_PER_MM:.3f} w"]
    for _sheet, x1, y1, x2, y2 in segments:
        ops.append(f"{x1 * PT_PER_MM:.3f} {y1 * PT_PER_MM:.3f} m "
                   f"{x2 * PT_PER_MM:.3f} {y2 * PT_PER_MM:.3f} l S")
    ops.append("Q")
    page = PageObject.create_blank_page(width=size[0] * PT_PER_MM, height=size[1] * PT_PER_MM)
    stream = DecodedStreamObject()
    stream.set_data("\n".join(ops).encode())
    page[NameObject("/Contents")] = stream
    return page
