"""The one font, embedded everywhere: read back from the PDFs every product writes.

Every font resource of every page (and of the symbols' form XObjects) must be a TrueType subset
of the shipped DejaVu Sans faces with its font program embedded (/FontFile2); none of the 14
standard fonts a viewer would substitute may appear.
"""

import io
import re

import pytest
from pypdf import PdfReader

from generator.core.data import resource
from generator.draw.fonts import subset_tag
from generator.draw.paper import settings
from generator.produce import build, render_files
from generator.registry import games

PRODUCTS = [(g.name, p.kind) for g in games() for p in g.products]
BASE_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
           "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
           "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}
SUBSET = re.compile(r"^/[A-Z]{6}\+DejaVuSans(-Bold|Condensed|Condensed-Bold)?$")


def font_dicts(reader: PdfReader) -> list:
    """Every font dictionary used by the pages, including inside form XObjects."""
    found, seen = [], set()

    def visit(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) not in seen:
                seen.add(id(font))
                found.append(font)
        for xobject in (resources.get("/XObject") or {}).values():
            visit(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def pdf_of(game_name: str, kind: str, **kw) -> bytes:
    files = render_files(build(game_name, kind, 5, **kw), ("pdf",))
    return next(data for _, fmt, _, data in files if fmt == "pdf")


@pytest.mark.parametrize("game_name, kind", PRODUCTS)
def test_every_font_is_an_embedded_dejavu_subset(game_name, kind):
    for kw in ({"paper": "a4"}, {"paper": "letter", "mono": True, "count": 2}):
        data = pdf_of(game_name, kind, **kw)
        fonts = font_dicts(PdfReader(io.BytesIO(data)))
        assert fonts, "a sheet without text?"
        names = [str(f["/BaseFont"]) for f in fonts]
        assert not {n.lstrip("/") for n in names} & BASE_14
        assert b"/Helvetica" not in data
        for font in fonts:
            assert font["/Subtype"] == "/TrueType"
            assert SUBSET.match(str(font["/BaseFont"])), font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
            assert "/ToUnicode" in font  # text can be searched and copied
        # a tag names one subset only, even across the items of a joined PDF
        programs = {}
        for font in fonts:
            stream = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            assert programs.setdefault(str(font["/BaseFont"]), stream) == stream


def test_the_faces_are_the_shipped_files():
    files = settings()["fonts"]
    for key in ("regular", "bold", "condensed", "condensed_bold"):
        path = resource("templates", f"fonts/{files[key]}")
        assert path.is_file() and path.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType
    assert resource("templates", "fonts/LICENSE").is_file()


def test_subset_tags_follow_the_glyphs():
    tag = subset_tag(b"DejaVuSans", [0, 65, 66])
    assert re.fullmatch("[A-Z]{6}", tag)
    assert subset_tag(b"DejaVuSans", [0, 65, 66]) == tag
    assert subset_tag(b"DejaVuSans", [0, 66, 65]) != tag
    assert subset_tag(b"DejaVuSans-Bold", [0, 65, 66]) != tag


def test_text_is_extracted_from_the_embedded_subsets():
    """Text, the middle dot included, reads back from the subsets (their ToUnicode maps)."""
    reader = PdfReader(io.BytesIO(pdf_of("realms", "sheet")))
    text = reader.pages[0].extract_text()
    assert "Hidden Realms" in text and "·" in text
