"""Aids that read well, checked on the PDFs read back: no card (or column) starts inside a
sentence, a list or a table; every paragraph, term and list is whole on one card; every part of
a table carries its header row; cross-references name the card; A4/A5 text keeps its margins."""

import pytest
from pdftext import Line, normal, pages_lines, read, squeezed

from generator.aids.build import aid_games, build_content, card_format, cards_data, size_names
from generator.core.i18n import LANGUAGES
from generator.draw.content import REF, Chips, Para, Table, Term

#: Every aid: (game, variant) — the two Tutankhamen rule texts are two aids.
AIDS = [(g, v) for g in aid_games() for v in (("en", "fr") if g == "tut" else ("en",))]


def body(lines: list[Line], size: str) -> list[Line]:
    """The lines of the text area (the footer strip below it left out)."""
    card = cards_data()["card"]
    floor = card_format(size, 0).padding + card["footer_room"] - 0.3
    return [line for line in lines if line.y0 > floor]


def columns(lines: list[Line], size: str) -> list[list[Line]]:
    """Body lines by text column (from the card size's columns), each top to bottom."""
    dims, gap = cards_data()["size"][size], cards_data()["card"]["column_gap"]
    fmt = card_format(size, 0)
    width = (fmt.width - 2 * fmt.padding - (dims["columns"] - 1) * gap) / dims["columns"]
    out: list[list[Line]] = [[] for _ in range(dims["columns"])]
    for line in body(lines, size):
        index = int((line.x0 - fmt.padding + gap / 2) // (width + gap))
        out[min(max(index, 0), len(out) - 1)].append(line)
    return [sorted(col, key=lambda line: -line.y1) for col in out]


def broken_starts(pages: list[list[Line]], size: str) -> list[str]:
    """Cards or columns whose first line is not a heading (bold) or starts in lower case, and
    columns left empty before a filled one."""
    found = []
    for number, lines in enumerate(pages, start=1):
        cols = columns(lines, size)
        filled = [bool(col) for col in cols]
        if filled != sorted(filled, reverse=True):
            found.append(f"card {number}: an empty column before a filled one {filled}")
        for column, col in enumerate(cols, start=1):
            if not col:
                continue
            first = col[0]
            if not first.bold or first.text[:1].islower():
                found.append(f"card {number} column {column} starts with {first.text[:50]!r}")
    return found


def block_problems(aid, pages: list[list[Line]]) -> list[str]:
    """Paragraphs, terms and lists not whole on one card; table rows without their header."""
    texts = [squeezed(" ".join(line.text for line in lines)) for lines in pages]
    problems = []
    for section in aid.sections:
        for block in section.blocks:
            if isinstance(block, Table):
                problems += _table_problems(block, texts)
                continue
            if isinstance(block, Para):
                parts = [block.text]
            elif isinstance(block, Term):
                parts = [block.term, block.text]
            else:
                parts = list(block.items)
            pieces = [squeezed(p) for part in parts for p in REF.split(part)[::2] if p.strip()]
            if not any(all(p in text for p in pieces) for text in texts):
                problems.append(f"{block.key}: not whole on one card")
    return problems


def _table_problems(block: Table, texts: list[str]) -> list[str]:
    head = squeezed("".join(block.header))
    problems = []
    for number, row in enumerate(block.rows, start=1):
        cells = "".join(c.text() if isinstance(c, Chips) else c for c in row)
        key = squeezed(cells.replace(" · ", "·"))
        if len(key) < 6:
            continue  # too short to be told apart from other text ("1", "0")
        pages = [i for i, text in enumerate(texts) if key in text]
        if not pages:
            problems.append(f"{block.key} row {number}: not found")
        elif not all(head in texts[i] for i in pages):
            problems.append(f"{block.key} row {number}: on a card without the header row")
    return problems


@pytest.mark.parametrize("game,variant", AIDS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", size_names())
def test_cards_start_with_a_heading_and_keep_every_block_whole(game, variant, lang, size):
    pages = read(game, lang, size, variant)
    assert broken_starts(pages, size) == []
    assert block_problems(build_content(game, lang, variant), pages) == []


def test_the_checks_find_a_card_that_starts_inside_a_paragraph():
    """A document laid out the naive way (one flow, breaks anywhere) fails both checks."""
    from generator.draw import documents

    aid = build_content("tanis", "en", "en")
    paras = [b for s in aid.sections for b in s.blocks if isinstance(b, (Para, Term))]
    html = ("<style>@page { size: 63mm 88mm; margin: 4mm 4mm 7.4mm } p { margin: 0 0 1mm }"
            f"body {{ font: 7pt '{documents.FONT_FAMILY}' }}</style>"
            + "".join(f"<p>{p.text}</p>" for p in paras))
    pdf = documents.write_pdf(documents.layout(html))
    pages = pages_lines(pdf)
    assert len(pages) > 1
    assert broken_starts(pages, "poker"), "a flow cut mid-paragraph must be reported"
    assert block_problems(aid, pages)


@pytest.mark.parametrize("size", ["a4", "a5"])
@pytest.mark.parametrize("game", aid_games())
def test_pages_printed_alone_keep_8mm_margins_measured_from_the_pdf(game, size):
    fmt = card_format(size, 0)
    pages = read(game, "fr", size)
    for lines in pages:
        assert lines
        assert min(line.x0 for line in lines) >= 8.0
        assert min(line.y0 for line in lines) >= 8.0                 # the footer included
        assert max(line.x1 for line in lines) <= fmt.width - 8.0
        assert max(line.y1 for line in lines) <= fmt.height - 8.0


def test_page_body_text_is_set_for_the_page_not_the_card():
    """A4 and A5 pages use columns of a readable width and a larger body size than cards."""
    sizes = cards_data()["size"]
    assert sizes["a4"]["columns"] == sizes["a5"]["columns"] == 2
    assert sizes["a4"]["font"] > sizes["poker"]["font"]
    lines = body(read("realms", "en", "a4")[0], "a4")
    widest = max(line.x1 - line.x0 for line in lines)
    assert widest < 100, "a line of body text spans a whole A4 page"


def test_a_cross_reference_names_the_card_it_points_to():
    pages = read("tumba", "en", "poker")
    texts = [" ".join(line.text for line in lines) for lines in pages]
    where = next(i for i, lines in enumerate(pages) if lines[0].text == "Incineration") + 1
    pointing = [t for t in texts if f"(optional, see card {where})" in normal(t)]
    assert pointing and "see below" not in " ".join(texts)
    # on one page, a reference names the section instead
    tanis = " ".join(line.text for line in read("tanis", "en", "a4")[0])
    assert "(see “Action cards”)" in normal(tanis)


def test_the_advanced_rules_start_a_card_of_their_own():
    for size in ("poker", "tarot", "a6"):
        pages = read("tumba", "en", size)
        starts = [lines[0].text for lines in pages]
        assert "Pharaoh's Wrath (advanced)" in starts, size
    page = read("tumba", "fr", "a4")[-1]
    assert [col[0].text for col in columns(page, "a4") if col][-1] == "La Colère du Pharaon (avancé)"


@pytest.mark.parametrize("variant, lang, name", [
    ("fr", "fr", "Tutanchamun"), ("fr", "en", "Tutanchamun"), ("en", "fr", "Tutankhamen"),
])
def test_the_footer_and_the_backs_name_the_game_as_its_edition_does(variant, lang, name):
    """The French rules are the game Tutanchamun: its cards' footers and backs say so (the
    English rules' cards keep Tutankhamen), in either language of the text."""
    from generator.aids.build import make_aid_files

    [(_, pdf)] = make_aid_files("tut", lang=lang, variant=variant, backs=True)
    texts = [" ".join(line.text for line in page) for page in pages_lines(pdf)]
    fronts, backs = texts[0::2], texts[1::2]
    other = {"Tutanchamun": "Tutankhamen", "Tutankhamen": "Tutanchamun"}[name]
    assert all(name in t and other not in t for t in backs), backs[:1]
    assert all(name in t and f"{other} ·" not in t for t in fronts)  # the footer
