import io
import xml.etree.ElementTree as ET

import pytest

from generator import GENERATOR
from generator.core.errors import BuildError
from generator.draw.pdf import document_to_pdf
from generator.draw.scene import (
    Circle,
    Document,
    Group,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    Style,
    Symbol,
    Text,
    Use,
    translate,
)
from generator.draw.svg import page_to_svg
from generator.draw.text import text


def sample_page(width=210.0, height=297.0) -> Page:
    sym = Symbol("mark", (Circle(0, 0, 2, Style(fill="#c0392b")), Line(-2, 0, 2, 0)))
    items = (
        Rect(20, 20, 50, 30, Style(fill="#e9c46a"), radius=2),
        Polygon(((20, 60), (40, 60), (30, 75)), Style(stroke=None, fill="#2e6db4")),
        Polyline(((50, 60), (60, 70), (70, 60)), Style(dash=(1, 1))),
        Group((text(0, 0, "Héllo — tombgen", 10, bold=True),), translate(20, 90), name="label"),
        Use("mark", 100, 100), Use("mark", 120, 100, 2),
    )
    return Page(width, height, items, (sym,), footer="test")


def test_svg_is_valid_xml_in_mm():
    data = page_to_svg(sample_page(), "t")
    root = ET.fromstring(data)
    assert root.get("width") == "210mm" and root.get("viewBox") == "0 0 210 297"
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f".//{ns}use")) == 2 and len(root.findall(f".//{ns}defs/{ns}g")) == 1
    assert "Héllo — tombgen" in data.decode()


def test_svg_escapes_text_and_names():
    """Markup characters in texts, titles and group names stay text; XML-illegal controls go."""
    nasty = 'a < b & "c" > d\x01'
    page = Page(50, 50, (Group((Text(5, 10, nasty, 8, 30.0),), name='x"<y>'),), footer="f & g")
    root = ET.fromstring(page_to_svg(page, "t <1> & 'two'"))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f".//{ns}text").text == 'a < b & "c" > d'
    assert root.find(f"{ns}title").text == "t <1> & 'two'"
    assert root.find(f"{ns}desc").text == "f & g"
    assert root.find(f"{ns}g").get("class") == 'x"<y>'


def test_svg_names_the_shipped_font_and_keeps_measured_widths():
    page = Page(50, 50, (text(5, 10, "Wide", 8, bold=True), text(5, 20, "Condensed label", 8,
                                                                     max_width=16)))
    root = ET.fromstring(page_to_svg(page))
    assert root.get("font-family").startswith("'DejaVu Sans'")
    assert root.get("font-family").rstrip().endswith("sans-serif")
    assert "font-kerning:none" in root.get("style")
    ns = "{http://www.w3.org/2000/svg}"
    bold, narrow = root.findall(f".//{ns}text")
    assert bold.get("font-weight") == "bold" and bold.get("font-stretch") is None
    assert narrow.get("font-stretch") == "condensed" and float(narrow.get("textLength")) <= 16


def test_text_needs_glyphs_of_the_font():
    with pytest.raises(BuildError, match=r"no glyph for .* \(U\+0001\)"):
        text(0, 0, "bell\x01", 8)


def test_svg_deterministic():
    assert page_to_svg(sample_page()) == page_to_svg(sample_page())


def test_pdf_pages_metadata_and_determinism():
    from pypdf import PdfReader

    doc = Document((sample_page(), sample_page(215.9, 279.4)), "Title here", "subject", ("seed=5",))
    data = document_to_pdf(doc)
    assert data == document_to_pdf(doc)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    w0, h0 = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox.upper_right)
    w1, h1 = (float(v) * 25.4 / 72 for v in reader.pages[1].mediabox.upper_right)
    assert (round(w0, 1), round(h0, 1)) == (210.0, 297.0)
    assert (round(w1, 1), round(h1, 1)) == (215.9, 279.4)
    meta = reader.metadata
    assert meta.title == "Title here" and meta.creator == GENERATOR and "seed=5" in meta["/Keywords"]
    assert "Héllo — tombgen" in reader.pages[0].extract_text()


def test_pdf_symbol_is_one_form_used_twice():
    data = document_to_pdf(Document((sample_page(),), "t"))
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(data)).pages[0]
    xobjects = page["/Resources"]["/XObject"]
    assert len(xobjects) == 1
    assert page.get_contents().get_data().count(b" Do") == 2


def test_unknown_item_rejected():
    with pytest.raises(TypeError):
        page_to_svg(Page(10, 10, ("nonsense",)))
