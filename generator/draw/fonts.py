"""The one font family of every sheet: DejaVu Sans, shipped in ``templates/fonts/``.

``seeds/print.toml [fonts]`` names the family and its face files: regular and bold, and their
condensed cuts for the rare text that fits nowhere else (:func:`generator.draw.text.text` falls
back to them only when the regular face does not fit at the smallest legal size). Each face is
loaded once per process as a reportlab ``TTFont`` (imported on first use) and serves both ends
of the pipeline: its advance widths measure text while a scene is laid out
(:mod:`generator.draw.text`), and the PDF backend embeds a subset of it — the glyphs a document
uses — in every PDF. So a text is measured with exactly the glyphs that print, whatever the PDF
viewer or printer has installed.

Subset tags (the six letters before ``+DejaVuSans`` in the PDF) are derived from the glyphs of
the subset, not from a counter: the same subset always gets the same tag and the same bytes, and
two different subsets in one joined PDF (a ``--count`` run, a batch) never share a tag.
"""

from __future__ import annotations

import functools
import hashlib
import threading

from generator.core.data import resource
from generator.core.errors import BuildError
from generator.draw.paper import settings

#: (bold, condensed) → the key of the face's file in ``print.toml [fonts]``.
FACES = {(False, False): "regular", (True, False): "bold",
         (False, True): "condensed", (True, True): "condensed_bold"}
_LOADED: dict[tuple[bool, bool], object] = {}
#: Held while a font writes its subsets with our tags in place of reportlab's (see below), so
#: threads writing PDFs at once (a threaded Dask worker) never see each other's tags.
_TAGGING = threading.Lock()


def family() -> str:
    """The family name (e.g. ``DejaVu Sans``)."""
    return settings()["fonts"]["family"]


def face(bold: bool = False, condensed: bool = False):
    """The reportlab TTFont of a face, loaded from ``templates/fonts/`` and registered once."""
    key = (bold, condensed)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = _load(settings()["fonts"][FACES[key]])
    return found


def pdf_name(bold: bool = False, condensed: bool = False) -> str:
    """The name the PDF canvas knows a face by."""
    return face(bold, condensed).fontName


def _load(file_name: str):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError

    path = resource("templates", f"fonts/{file_name}")
    name = path.stem
    try:
        # Not "ASCII readable": a subset then holds only the glyphs the document uses.
        font = _font_class()(name, str(path), asciiReadable=False)
    except (OSError, TTFError) as exc:
        raise BuildError(f"{path}: cannot load the font ({exc}); seeds/print.toml [fonts] names "
                         "the files in templates/fonts/ — reinstall tombgen") from None
    pdfmetrics.registerFont(font)
    return font


def advance(value: str, size: float, bold: bool = False, condensed: bool = False) -> float:
    """Advance width of ``value`` at ``size`` pt, in points; a glyph the face lacks is an error."""
    font = face(bold, condensed)
    glyphs = font.face.charToGlyph
    missing = {c for c in value if ord(c) not in glyphs and c != "\u00a0"}
    if missing:
        shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(missing))
        raise BuildError(f"text {value!r}: {family()} has no glyph for {shown}")
    return font.stringWidth(value, size)


def subset_tag(face_name: bytes | str, codes) -> str:
    """Six capital letters naming a subset by its content (PDF 32000 §9.6.4 subset tags)."""
    digest = hashlib.sha256(repr((face_name, tuple(codes))).encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


@functools.cache
def _font_class():
    """reportlab's TTFont with content-derived subset tags (the class is built on first use)."""
    from reportlab.pdfbase import ttfonts

    class TaggedFont(ttfonts.TTFont):
        def addObjects(self, doc):
            # reportlab names subset n by its number alone (AAAAAA, AAAAAB…); a tag of the
            # subset's characters stands in for it while this font writes its objects.
            subsets = [tuple(s) for s in self.state[doc].subsets] if doc in self.state else []
            with _TAGGING:
                numbered = ttfonts.SUBSETN
                ttfonts.SUBSETN = lambda n: subset_tag(self.face.name, subsets[n]).encode()
                try:
                    super().addObjects(doc)
                finally:
                    ttfonts.SUBSETN = numbered

    return TaggedFont
