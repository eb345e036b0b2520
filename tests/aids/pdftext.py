"""Reading aid PDFs back: the text lines of every page with their font and position (pdfium),
and a cache of built aids shared by the aid tests.

Positions are millimetres from the page's bottom-left corner. A line is what pdfium's text
extraction puts between two line breaks; its box covers its visible characters only.
"""

from __future__ import annotations

import ctypes
import functools
import re
import unicodedata
from typing import NamedTuple

MM = 72 / 25.4


class Line(NamedTuple):
    text: str
    bold: bool
    x0: float
    y0: float
    x1: float
    y1: float


def pages_lines(pdf: bytes) -> list[list[Line]]:
    """Every page's text lines, top to bottom as extracted."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(doc)):
            page = doc[index]
            text = page.get_textpage()
            out.append(_lines(text, raw))
            text.close()
            page.close()
    finally:
        doc.close()
    return out


def _lines(text, raw) -> list[Line]:
    lines, chars = [], []
    buf = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()

    def close():
        visible = [c for c in chars if not c[0].isspace()]
        if visible:
            lines.append(Line("".join(c[0] for c in chars).strip(),
                              all(c[2] for c in visible),
                              min(c[1][0] for c in visible) / MM, min(c[1][1] for c in visible) / MM,
                              max(c[1][2] for c in visible) / MM, max(c[1][3] for c in visible) / MM))
        chars.clear()

    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch in ("\r", "\n"):
            close()
            continue
        raw.FPDFText_GetFontInfo(text.raw, i, buf, 128, ctypes.byref(flags))
        chars.append((ch, text.get_charbox(i), b"Bold" in buf.value))
    close()
    return lines


def _plain(text: str) -> str:
    # pdfium reports a hyphen that ends a line as U+FFFE
    return unicodedata.normalize("NFKC", text).replace("\ufffe", "-").replace("\u00ad", "")


def normal(text: str) -> str:
    """Text compared without layout: NFKC, line-end hyphens restored, single spaces."""
    text = _plain(text)
    return re.sub(r"\s+", " ", text).strip()


def squeezed(text: str) -> str:
    """Text with no spaces at all (table cells and chips are spaced by layout, not by text)."""
    return re.sub(r"\s+", "", _plain(text))


@functools.cache
def built(game: str, lang: str = "en", size: str = "poker", variant: str = "en", **options) -> bytes:
    """An aid PDF, built once per test run for each set of options."""
    from generator.aids.build import make_aid

    return make_aid(game, lang=lang, size=size, variant=variant, **options)[1]


@functools.cache
def read(game: str, lang: str = "en", size: str = "poker", variant: str = "en") -> list[list[Line]]:
    """The text lines of an aid's cards (one card per page)."""
    return pages_lines(built(game, lang, size, variant))
