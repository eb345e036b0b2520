"""The streaming PDF joiner: valid output, pages in order, shared objects, metadata, atomicity."""

import io
import re

import pytest
from pypdf import PdfReader

from generator import GENERATOR
from generator.core.errors import BuildError
from generator.draw.pdf import document_to_pdf
from generator.draw.pdfjoin import JoinedFile, JoinedHash, join, pdf_string, read_info
from generator.draw.scene import Document
from generator.produce import build, render_files


def parts(seed: int = 5, count: int = 3) -> list[bytes]:
    return [document_to_pdf(Document(tuple(b.pages), "part")) for b in build("tanis", "dig", seed, count)]


def test_joined_pdf_is_valid_and_keeps_page_order(tmp_path):
    pieces = parts()
    joined = join(pieces, "Title · ü", "subject", "tombgen, tanis, seed=5")
    reader = PdfReader(io.BytesIO(joined), strict=True)
    per_item = len(PdfReader(io.BytesIO(pieces[0])).pages)
    assert len(reader.pages) == 3 * per_item
    # the page content of each item, in order, is the content of its part
    for i, piece in enumerate(pieces):
        alone = PdfReader(io.BytesIO(piece)).pages
        for p in range(per_item):
            assert (reader.pages[i * per_item + p].get_contents().get_data()
                    == alone[p].get_contents().get_data())
    meta = reader.metadata
    assert meta.title == "Title · ü" and meta.creator == GENERATOR
    assert meta["/Keywords"] == "tombgen, tanis, seed=5"


def test_identical_objects_are_written_once():
    """The four digs use the same characters, so each embedded font subset is written once."""
    pieces = parts(count=4)
    joined = join(pieces, "t")
    fonts = re.compile(rb"/BaseFont /([A-Z]{6}\+DejaVuSans[\w-]*)")
    assert all(len(fonts.findall(p)) == 2 for p in pieces)
    assert sorted(fonts.findall(joined)) == sorted(set(fonts.findall(pieces[0])))
    assert joined.count(b"/FontFile2") == 2
    assert len(joined) < sum(len(p) for p in pieces)


def test_same_parts_same_bytes_and_the_id_follows_the_content():
    a = join(parts(), "t")
    assert a == join(parts(), "t")
    assert a != join(parts(seed=6), "t")


def test_join_file_is_atomic(tmp_path):
    target = tmp_path / "x.pdf"
    joined = JoinedFile(target)
    joined.add(parts(count=1)[0])
    assert not target.exists() and len(list(tmp_path.iterdir())) == 1  # only the .part file
    joined.abort()
    assert list(tmp_path.iterdir()) == []
    joined = JoinedFile(target)
    for piece in parts():
        joined.add(piece)
    size, sha = joined.finish("t")
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"] and target.stat().st_size == size
    hashed = JoinedHash()
    for piece in parts():
        hashed.add(piece)
    assert hashed.finish("t") == (size, sha)


def test_count_run_pdf_is_the_joined_parts():
    built = build("tanis", "dig", 5, count=3)
    pdf = next(f for f in render_files(built, ("pdf",)) if f[1] == "pdf")[3]
    info = PdfReader(io.BytesIO(pdf)).metadata
    assert "count=3" in info["/Keywords"]
    assert info["/Keywords"].endswith('lang=en, options={"style":"random"}')


def test_refuses_what_it_cannot_read():
    with pytest.raises(BuildError):
        join([b"not a pdf"], "t")
    from pypdf import PdfWriter

    buf = io.BytesIO()
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    writer.write(buf)
    # pypdf's own output has a classic xref too: a foreign file either joins or is refused,
    # never half-copied. Here it joins (a plain page tree).
    assert len(PdfReader(io.BytesIO(join([buf.getvalue()], "t"))).pages) == 1


def test_read_info_reads_both_kinds_of_string(tmp_path):
    path = tmp_path / "a.pdf"
    path.write_bytes(join(parts(count=1), "Tüt (x) \\ y", "ṡubject", "k"))
    info = read_info(path)
    assert info["Title"] == "Tüt (x) \\ y" and info["Subject"] == "ṡubject"
    assert info["Creator"] == GENERATOR and info["Keywords"] == "k"
    assert pdf_string("a(b)") == b"(a\\(b\\))" and pdf_string("ṡ").startswith(b"<FEFF")
