"""Laying out an aid's cards: measure every unit, plan the cards, write them.

1. Every unit of the aid (title, headings, blocks, each table row) is laid out once by WeasyPrint
   at the card's text width, on one tall page, and measured (:func:`measured_heights`).
2. :func:`generator.aids.paginate.paginate` decides which unit goes on which card.
3. The planned cards are written, one page per card (several text columns on a large page);
   cross-references get their card number; the result is checked: as many pages as planned,
   nothing outside its text area (:func:`write_cards`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from generator.aids.paginate import Heading, Heights, Part, Plan, Title, Whole, paginate
from generator.core.data import resource_root
from generator.core.errors import BuildError
from generator.core.i18n import Catalogue
from generator.draw import documents
from generator.draw.content import REF, Aid, Chips, Para, Steps, Table, Term

#: Room kept free at the foot of every text area, against rounding between two layouts (mm).
SAFETY = 0.4


class Style(NamedTuple):
    """Everything the card template needs about one card size in one theme."""

    size: str
    kind: str               # 'card' or 'page': how a cross-reference names one
    width: float
    height: float
    bleed: float
    padding: float
    footer_room: float
    footer_gap: float
    footer_font: float
    font: float
    small_font: float
    columns: int
    gap: float
    mono: bool
    #: CSS colours by theme role: of fills and lines, and of text (``device-cmyk()`` for press)
    colour: dict[str, str]
    text: dict[str, str]
    #: How far inside the trim the background stops without bleed (mm, seeds/cards.toml)
    inset: float = 0.0

    @property
    def backdrop(self) -> bool:
        """The background is a panel inside the margin, not the whole page: a page printed on
        paper of its own size without bleed (a home printer leaves its edges blank)."""
        return not self.mono and self.bleed == 0 and self.inset > 0

    @property
    def background(self) -> str:
        """The page's own background (to the bleed edge)."""
        return self.colour["paper"] if self.mono or self.backdrop else self.colour["panel"]

    @property
    def slot_width(self) -> float:
        return (self.width - 2 * self.padding - (self.columns - 1) * self.gap) / self.columns

    @property
    def capacity(self) -> float:
        return self.height - 2 * self.padding - self.footer_room - SAFETY


def make_cards(aid: Aid, cat: Catalogue, style: Style, footer: str,
               metadata: dict[str, str]) -> tuple[bytes, Plan]:
    """The cards PDF of ``aid`` (one page per card) and the plan it follows."""
    heights, columns = measured_heights(aid, cat, style)
    plan = paginate(aid, heights, style.capacity, style.columns, style.size)
    document = documents.layout(card_html(aid, cat, style, plan, columns, footer))
    problems = documents.overflow_problems(document)
    if len(document.pages) != len(plan.pages):
        problems.append(f"planned {len(plan.pages)} cards but the layout made "
                        f"{len(document.pages)}")
    if problems:
        raise BuildError("text does not fit:\n  " + "\n  ".join(problems))
    return documents.write_pdf(document, metadata), plan


def measured_heights(aid: Aid, cat: Catalogue, style: Style) -> tuple[Heights, dict[str, tuple]]:
    """Heights of every unit at the text width, and each table's column widths (%)."""
    pieces = [_title(aid)]
    for s, section in enumerate(aid.sections):
        pieces.append(_heading(section, s, False, cat))
        pieces.append(_heading(section, s, True, cat))
        pieces += [_block(aid, cat, s, b, None, None, None) for b in range(len(section.blocks))]
    document = documents.layout(_html(aid, cat, style, [[pieces]], "", measuring=True))
    problems = documents.overflow_problems(document)
    if problems:
        raise BuildError("text does not fit:\n  " + "\n  ".join(problems))
    m = documents.measure(document)
    rows = {}
    for s, section in enumerate(aid.sections):
        for b, block in enumerate(section.blocks):
            if isinstance(block, Table):
                unit = f"b{s}.{b}"
                body = tuple(m.rows[f"{unit}.r{i}"] for i in range(len(block.rows)))
                rows[(s, b)] = (m.units[unit] - sum(body), body)
    heights = Heights(
        m.units["title"],
        tuple(m.units[f"h{s}"] for s in range(len(aid.sections))),
        tuple(m.units[f"c{s}"] for s in range(len(aid.sections))),
        tuple(tuple(m.units[f"b{s}.{b}"] for b in range(len(sec.blocks)))
              for s, sec in enumerate(aid.sections)),
        rows)
    columns = {unit: tuple(100 * w / sum(ws) for w in ws) for unit, ws in m.columns.items()}
    return heights, columns


def card_html(aid: Aid, cat: Catalogue, style: Style, plan: Plan, columns, footer: str) -> str:
    """The HTML of the planned cards: one page per card, cross-references resolved."""
    pages = [[[_piece(aid, cat, piece, _RefResolver(aid, cat, plan, number, style.kind), columns)
               for piece in slot] for slot in page]
             for number, page in enumerate(plan.pages, start=1)]
    return _html(aid, cat, style, pages, footer, measuring=False)


def _html(aid: Aid, cat: Catalogue, style: Style, pages, footer: str, measuring: bool) -> str:
    return documents.render_template(resource_root("templates") / "aids", "cards.html.j2", {
        "pages": pages, "lang": cat.lang,
        "s": style._asdict() | {"slot_width": style.slot_width, "backdrop": style.backdrop,
                                "background": style.background},
        "title": aid.title, "footer_css": documents.css_string(footer), "measuring": measuring,
        "font_faces": documents.font_faces(), "family": documents.FONT_FAMILY})


# ---- pieces: what the template draws ------------------------------------------------------------

def _piece(aid: Aid, cat: Catalogue, piece, refs: _RefResolver, columns) -> dict[str, Any]:
    if isinstance(piece, Title):
        return _title(aid)
    if isinstance(piece, Heading):
        return _heading(aid.sections[piece.section], piece.section, piece.continued, cat)
    if isinstance(piece, Whole):
        return _block(aid, cat, piece.section, piece.block, refs, None, columns)
    if isinstance(piece, Part):
        return _block(aid, cat, piece.section, piece.block, refs, (piece.start, piece.end), columns)
    raise TypeError(piece)  # pragma: no cover - the plan only holds the pieces above


def _title(aid: Aid) -> dict[str, Any]:
    return {"kind": "title", "unit": "title", "key": f"{aid.game}.aid.title", "title": aid.title,
            "subtitle": aid.subtitle}


def _heading(section, s: int, continued: bool, cat: Catalogue) -> dict[str, Any]:
    text = cat("common.continued", title=section.title) if continued else section.title
    return {"kind": "heading", "unit": f"{'c' if continued else 'h'}{s}",
            "key": f"{section.key}.title", "text": text}


def _block(aid: Aid, cat: Catalogue, s: int, b: int, refs, rows, columns) -> dict[str, Any]:
    """A block as the template wants it; ``refs`` None = measuring (longest reference text)."""
    block = aid.sections[s].blocks[b]
    fill = refs.fill if refs is not None else _RefResolver.longest(aid, cat)
    unit = f"b{s}.{b}"
    if isinstance(block, Para):
        return {"kind": "para", "unit": unit, "key": block.key, "text": fill(block.text)}
    if isinstance(block, Term):
        return {"kind": "term", "unit": unit, "key": block.key, "term": fill(block.term),
                "text": fill(block.text)}
    if isinstance(block, Steps):
        return {"kind": "steps", "unit": unit, "key": block.key, "ordered": block.ordered,
                "entries": [fill(i) for i in block.items]}
    start, end = rows if rows is not None else (0, len(block.rows))
    return {"kind": "table", "unit": unit, "key": block.key, "header": block.header,
            "rows": [(i, tuple(_cell(c, fill) for c in block.rows[i])) for i in range(start, end)],
            "cols": columns.get(unit) if columns else None, "compact": block.compact,
            "note": fill(block.note)}


def _cell(cell, fill):
    return fill(cell) if isinstance(cell, str) else cell if isinstance(cell, Chips) else str(cell)


class _RefResolver:
    """Replaces section markers with 'card N' (another card) or the section's title."""

    def __init__(self, aid: Aid, cat: Catalogue, plan: Plan, page: int, kind: str):
        self.aid, self.cat, self.plan, self.page, self.kind = aid, cat, plan, page, kind

    def fill(self, text: str) -> str:
        return REF.sub(lambda m: self.name(m.group(1)), text)

    def name(self, key: str) -> str:
        s = _section_index(self.aid, key)
        target = self.plan.page_of_section(s)
        if target == self.page or len(self.plan.pages) == 1:
            return self.cat("common.ref.here", title=self.aid.sections[s].title)
        return self.cat(f"common.ref.{self.kind}", n=target)

    @staticmethod
    def longest(aid: Aid, cat: Catalogue):
        """For measuring: every marker replaced by the longest text it may become."""
        def fill(text: str) -> str:
            def name(m) -> str:
                title = aid.sections[_section_index(aid, m.group(1))].title
                options = [cat("common.ref.here", title=title)] + [
                    cat(f"common.ref.{kind}", n=88) for kind in ("card", "page")]
                return max(options, key=len)
            return REF.sub(name, text)
        return fill


def _section_index(aid: Aid, key: str) -> int:
    for s, section in enumerate(aid.sections):
        if section.key == key:
            return s
    raise BuildError(f"a cross-reference points to section {key!r}, which the {aid.game} aid "
                     "does not have")
