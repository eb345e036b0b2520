"""PDF backend (reportlab canvas, imported on use): a document of pages → PDF bytes.

Decisions: text is set in the shipped DejaVu Sans (:mod:`generator.draw.fonts`), embedded as
TrueType subsets, so every viewer and printer shows the glyphs the layout was measured with; the
canvas runs in reportlab's *invariant* mode (fixed dates and document id) and subset tags come
from the subsets' content, so the same scene gives the same bytes. Each page's drawing space is
millimetres with y downward, like the scene. Symbols become form XObjects: drawn once,
referenced by every use.

Colours are the scene's sRGB colours, or, given press colours (:class:`generator.draw.paper.Inks`,
``--cmyk``), every colour in DeviceCMYK: fills and lines in their press colour, text in its
black-only text colour. Every PDF names its language (``/Lang``) and carries a title.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io

from generator import GENERATOR
from generator.draw.fonts import face, pdf_name
from generator.draw.scene import (
    IDENTITY,
    PT_TO_MM,
    Circle,
    Document,
    Group,
    Line,
    Polygon,
    Polyline,
    Rect,
    Style,
    Text,
    Use,
    walk,
)

MM = 72.0 / 25.4
_CAPS = {"butt": 0, "round": 1, "square": 2}
_FORM_BOX = 2000.0


@functools.cache
def _hex(colour: str):
    """reportlab colour for '#rrggbb', parsed once per process."""
    from reportlab.lib.colors import HexColor

    return HexColor(colour)


class _Colours:
    """The reportlab colour of a scene colour: its sRGB value, or with ``inks`` its press colour
    (DeviceCMYK; text in its text colour)."""

    def __init__(self, inks=None):
        self.inks = inks
        self.cache: dict[tuple[str, bool], object] = {}

    def __call__(self, colour: str, text: bool = False):
        if self.inks is None:
            return _hex(colour)
        key = (colour, text)
        found = self.cache.get(key)
        if found is None:
            from reportlab.lib.colors import CMYKColor

            cmyk = self.inks.text(colour) if text else self.inks.fill(colour)
            found = self.cache[key] = CMYKColor(*cmyk)
        return found


class _Painter:
    def __init__(self, canvas, colours: _Colours | None = None):
        self.c = canvas
        self.colour = colours or _Colours()
        self.fonts: dict[tuple[bool, bool], str] = {}
        self.forms: dict[str, str] = {}
        self.symbols: dict = {}
        # Graphics state as last set in the current save/restore level (see ``saved``).
        self.state: dict = {}

    @contextlib.contextmanager
    def saved(self):
        """A saveState/restoreState pair that also restores the tracked graphics state."""
        self.c.saveState()
        before = dict(self.state)
        try:
            yield
        finally:
            self.c.restoreState()
            self.state = before

    def style(self, style: Style) -> tuple[int, int]:
        """Sets stroke and fill state, writing only what changed since the last primitive."""
        c = self.c
        state = self.state
        if style.stroke:
            if state.get("stroke") != style.stroke:
                c.setStrokeColor(self.colour(style.stroke))
                state["stroke"] = style.stroke
            if state.get("width") != style.width:
                c.setLineWidth(style.width)
                state["width"] = style.width
            if state.get("cap") != style.cap:
                c.setLineCap(_CAPS[style.cap])
                state["cap"] = style.cap
            if state.get("dash") != style.dash:
                c.setDash(list(style.dash) if style.dash else [])
                state["dash"] = style.dash
        if style.fill and state.get("fill") != style.fill:
            c.setFillColor(self.colour(style.fill))
            state["fill"] = style.fill
        return (1 if style.stroke else 0), (1 if style.fill else 0)

    def path(self, points, closed: bool, style: Style) -> None:
        stroke, fill = self.style(style)
        p = self.c.beginPath()
        p.moveTo(*points[0])
        for x, y in points[1:]:
            p.lineTo(x, y)
        if closed:
            p.close()
        self.c.drawPath(p, stroke=stroke, fill=fill if closed else 0)

    def draw(self, item) -> None:
        c = self.c
        if isinstance(item, Line):
            self.path([(item.x1, item.y1), (item.x2, item.y2)], False, item.style)
        elif isinstance(item, Polyline):
            self.path(list(item.points), False, item.style)
        elif isinstance(item, Polygon):
            self.path(list(item.points), True, item.style)
        elif isinstance(item, Rect):
            stroke, fill = self.style(item.style)
            if item.radius:
                c.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
            else:
                c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
        elif isinstance(item, Circle):
            stroke, fill = self.style(item.style)
            c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
        elif isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Group):
            if item.matrix == IDENTITY:
                for child in item.items:
                    self.draw(child)
                return
            with self.saved():
                c.transform(*item.matrix)
                for child in item.items:
                    self.draw(child)
        elif isinstance(item, Use):
            form = self.form(item.name)
            with self.saved():
                c.translate(item.x, item.y)
                if item.scale != 1:
                    c.scale(item.scale, item.scale)
                c.doForm(form)
        else:
            raise TypeError(f"unknown scene item {item!r}")

    def text(self, item: Text) -> None:
        """One line of text; the y-flip of the page is undone by the text matrix alone."""
        c = self.c
        if self.state.get("fill") != ("text", item.fill):
            c.setFillColor(self.colour(item.fill, text=True))
            self.state["fill"] = ("text", item.fill)
        x = item.x
        if item.anchor == "middle":
            x -= item.width / 2
        elif item.anchor == "end":
            x -= item.width
        t = c.beginText()
        t.setTextTransform(1, 0, 0, -1, x, item.y)
        key = (item.bold, item.condensed)
        font = self.fonts.get(key) or self.fonts.setdefault(key, pdf_name(*key))
        t.setFont(font, item.size * PT_TO_MM)
        t.textOut(item.text)
        c.drawText(t)

    def form(self, name: str) -> str:
        """The form XObject of a symbol, defined on first use (keyed by content)."""
        sym = self.symbols[name]
        key = name + "-" + hashlib.sha1(repr(sym.items).encode()).hexdigest()[:10]
        if key not in self.forms:
            c = self.c
            outer = self.state
            self.state = {}  # a form starts from the default graphics state
            c.beginForm(key, -_FORM_BOX, -_FORM_BOX, _FORM_BOX, _FORM_BOX)
            for child in sym.items:
                self.draw(child)
            c.endForm()
            self.state = outer
            self.forms[key] = key
        return key


def _prime_subsets(doc: Document, canvas) -> None:
    """Gives every character of the document its subset code in sorted order, before drawing.

    reportlab numbers a subset's glyphs in the order they are first drawn; priming them sorted
    makes a subset depend only on the characters used, not on the drawing order, so the items of
    a ``--count`` run or a batch that use the same characters share one embedded subset when
    their PDFs are joined.
    """
    used: dict[tuple[bool, bool], set[str]] = {}
    for page in doc.pages:
        for item, _, _ in walk(page):
            if isinstance(item, Text):
                used.setdefault((item.bold, item.condensed), set()).update(item.text)
    for (bold, condensed), chars in sorted(used.items()):
        face(bold, condensed).splitString("".join(sorted(chars)), canvas._doc)


def document_to_pdf(doc: Document, lang: str = "en", inks=None) -> bytes:
    """The PDF bytes of a document: one PDF page per scene page, metadata from the document,
    ``lang`` its language; with ``inks`` (:class:`generator.draw.paper.Inks`) every colour in
    DeviceCMYK."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.core.inputs import printable

    buf = io.BytesIO()
    first = doc.pages[0]
    # The initial font is ours too: reportlab's default would add an unembedded Helvetica.
    canvas = Canvas(buf, pagesize=(first.width * MM, first.height * MM), invariant=1,
                    pageCompression=1, initialFontName=pdf_name(), lang=lang)
    # metadata holds what the user gave (file names…): hostile characters are escaped
    canvas.setTitle(printable(doc.title or GENERATOR, None))
    canvas.setSubject(printable(doc.subject, None))
    canvas.setKeywords(printable(", ".join(doc.keywords), None))
    canvas.setCreator(GENERATOR)
    canvas.setAuthor(GENERATOR)
    canvas.setProducer(GENERATOR)
    _prime_subsets(doc, canvas)
    painter = _Painter(canvas, _Colours(inks))
    for page in doc.pages:
        canvas.setPageSize((page.width * MM, page.height * MM))
        painter.symbols = {s.name: s for s in page.symbols}
        painter.state = {}
        canvas.saveState()
        canvas.translate(0, page.height * MM)
        canvas.scale(MM, -MM)
        for item in page.items:
            painter.draw(item)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buf.getvalue()
