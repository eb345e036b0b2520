"""PDF backend (reportlab canvas, imported on use): a document of pages → PDF bytes.

Decisions: the base-14 fonts (Helvetica, Helvetica-Bold) are used and not embedded — every PDF
reader and printer has them, files stay small, and the output is byte-stable; the canvas runs in
reportlab's *invariant* mode (fixed dates and document id), so the same scene gives the same
bytes. Each page's drawing space is millimetres with y downward, like the scene. Symbols become
form XObjects: drawn once, referenced by every use.
"""

from __future__ import annotations

import hashlib
import io

from generator import GENERATOR
from generator.draw.paper import settings
from generator.draw.scene import (
    PT_TO_MM, Circle, Document, Group, Line, Page, Polygon, Polyline, Rect, Style, Text, Use,
)

MM = 72.0 / 25.4
_FORM_BOX = 2000.0


def _hex(colour: str):
    from reportlab.lib.colors import HexColor

    return HexColor(colour)


class _Painter:
    def __init__(self, canvas, fonts):
        self.c = canvas
        self.fonts = fonts
        self.forms: dict[str, str] = {}
        self.symbols: dict = {}

    def style(self, style: Style) -> tuple[int, int]:
        c = self.c
        if style.stroke:
            c.setStrokeColor(_hex(style.stroke))
            c.setLineWidth(style.width)
            c.setLineCap({"butt": 0, "round": 1, "square": 2}[style.cap])
            c.setDash(list(style.dash) if style.dash else [])
        if style.fill:
            c.setFillColor(_hex(style.fill))
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
            c.saveState()
            c.transform(*item.matrix)
            for child in item.items:
                self.draw(child)
            c.restoreState()
        elif isinstance(item, Use):
            c.saveState()
            c.translate(item.x, item.y)
            if item.scale != 1:
                c.scale(item.scale, item.scale)
            c.doForm(self.form(item.name))
            c.restoreState()
        else:
            raise TypeError(f"unknown scene item {item!r}")

    def text(self, item: Text) -> None:
        c = self.c
        c.saveState()
        c.setFillColor(_hex(item.fill))
        c.translate(item.x, item.y)
        c.scale(1, -1)
        font = self.fonts["bold" if item.bold else "regular"]
        size = item.size * PT_TO_MM
        c.setFont(font, size)
        if item.anchor == "middle":
            c.drawCentredString(0, 0, item.text)
        elif item.anchor == "end":
            c.drawRightString(0, 0, item.text)
        else:
            c.drawString(0, 0, item.text)
        c.restoreState()

    def form(self, name: str) -> str:
        """The form XObject of a symbol, defined on first use (keyed by content)."""
        sym = self.symbols[name]
        key = name + "-" + hashlib.sha1(repr(sym.items).encode()).hexdigest()[:10]
        if key not in self.forms:
            c = self.c
            c.beginForm(key, -_FORM_BOX, -_FORM_BOX, _FORM_BOX, _FORM_BOX)
            for child in sym.items:
                self.draw(child)
            c.endForm()
            self.forms[key] = key
        return key


def document_to_pdf(doc: Document) -> bytes:
    """The PDF bytes of a document: one PDF page per scene page, metadata from the document."""
    from reportlab.pdfgen.canvas import Canvas

    fonts = settings()["fonts"]
    buf = io.BytesIO()
    first = doc.pages[0]
    canvas = Canvas(buf, pagesize=(first.width * MM, first.height * MM), invariant=1,
                    pageCompression=1)
    canvas.setTitle(doc.title)
    canvas.setSubject(doc.subject)
    canvas.setKeywords(", ".join(doc.keywords))
    canvas.setCreator(GENERATOR)
    canvas.setAuthor(GENERATOR)
    canvas.setProducer(GENERATOR)
    painter = _Painter(canvas, fonts)
    for page in doc.pages:
        canvas.setPageSize((page.width * MM, page.height * MM))
        painter.symbols = {s.name: s for s in page.symbols}
        canvas.saveState()
        canvas.translate(0, page.height * MM)
        canvas.scale(MM, -MM)
        for item in page.items:
            painter.draw(item)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buf.getvalue()
