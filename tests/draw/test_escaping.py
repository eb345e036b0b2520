"""Hostile text is escaped wherever it lands: SVG, PDF metadata (one item and joined), the HTML
of the aids. Readers refuse such text first; these are the last line of defence, for any text
that still reaches a backend (a file name, a path, an option)."""

import io
import xml.etree.ElementTree as ET

from generator.draw.documents import render_template
from generator.draw.pdf import document_to_pdf
from generator.draw.pdfjoin import join, read_info
from generator.draw.scene import Document, Group, Page, Text
from generator.draw.svg import page_to_svg

HOSTILE = "a\x00b\x1b[31mc\udcff d\u202ee <x> & \"q\" \ufffe"


def test_svg_stays_xml_and_utf8_with_surrogates_and_controls():
    page = Page(50, 50, (Group((Text(5, 10, HOSTILE, 8, 30.0),), name=HOSTILE),), footer=HOSTILE)
    data = page_to_svg(page, HOSTILE)
    data.decode("utf-8")  # a lone surrogate would not even encode
    root = ET.fromstring(data)
    ns = "{http://www.w3.org/2000/svg}"
    # dropped: NUL, ESC, the surrogate, U+FFFE; kept as text: markup and the override
    assert root.find(f".//{ns}text").text == 'ab[31mc d\u202ee <x> & "q" '
    assert root.find(f"{ns}title").text == 'ab[31mc d\u202ee <x> & "q" '


def test_pdf_metadata_escapes_what_it_cannot_hold(tmp_path):
    from pypdf import PdfReader

    page = Page(50, 50, (), footer="f")
    single = document_to_pdf(Document((page,), HOSTILE, HOSTILE, (HOSTILE, "seed=1")))
    meta = PdfReader(io.BytesIO(single)).metadata
    assert meta["/Title"] == 'a\\x00b\\x1b[31mc\\udcff d\\u202ee <x> & "q" \\ufffe'
    joined = join([single, single], title=HOSTILE, subject="s", keywords=HOSTILE)
    path = tmp_path / "joined.pdf"
    path.write_bytes(joined)
    info = read_info(path)
    assert info["Title"] == 'a\\x00b\\x1b[31mc\\udcff d\\u202ee <x> & "q" \\ufffe'
    assert len(PdfReader(path).pages) == 2


def test_aid_html_escapes_every_text(tmp_path):
    (tmp_path / "t.html.j2").write_text("<p title=\"{{ x }}\">{{ x }}</p>")
    html = render_template(tmp_path, "t.html.j2", {"x": '<script>alert("x")</script> & \'y\''})
    assert html == ('<p title="&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;y&#39;">'
                    '&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;y&#39;</p>')
