"""Imposition like print-and-play files: cards per sheet, crop marks outside the grid in line
with the cuts, shared cut lines, backs mirrored for long-edge duplex, --paper only with --nup."""

import io
import re

import pytest
from pdftext import built as aid_pdf
from pdftext import pages_lines
from pypdf import PdfReader

from generator import GENERATOR
from generator.aids.build import card_format, cards_data, make_aid
from generator.aids.impose import (
    Marks,
    Placement,
    back_places,
    crop_marks,
    cut_lines,
    mark_lengths,
    nup_grid,
    nup_places,
)
from generator.core.errors import InputError

MM = 72 / 25.4
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def marks() -> Marks:
    m = cards_data()["marks"]
    return Marks(m["length"], m["min_length"], m["offset"])


def grid(size: str, paper: str, bleed: float = 0.0):
    nup = cards_data()["nup"]
    return nup_grid(card_format(size, bleed), PAPER[paper], nup["gutter"], nup["paper_margin"],
                    marks())


# Counted by hand: how many of each card a sheet holds, and whether they are turned a quarter,
# when every side keeps 5 mm of paper margin, 1.5 mm from the cards to the marks and marks at
# least 3 mm long (9.5 mm outside the cards). Poker on A4: 3 x 63 = 189 mm leaves 10.5 mm a
# side, 3 x 88 = 264 mm leaves 16.5; on Letter 3 x 88 leaves 7.7 mm (too little), turned 2 x 88
# and 4 x 63 = 252 mm fit. Tarot: 3 x 70 = 210 mm leaves nothing, so 2 x 2. A6 and A5 on A4:
# 2 x 105 = 210 mm leaves nothing; A6 turned, 2 x 105 down the sheet.
@pytest.mark.parametrize("size,paper,cols,rows,turn", [
    ("poker", "a4", 3, 3, 0), ("poker", "letter", 2, 4, 90),
    ("poker-us", "a4", 3, 3, 0), ("poker-us", "letter", 2, 4, 90),
    ("tarot", "a4", 2, 2, 0), ("tarot", "letter", 2, 2, 0),
    ("tarot-us", "a4", 2, 2, 0), ("tarot-us", "letter", 2, 2, 0),
    ("a6", "a4", 1, 2, 90), ("a6", "letter", 1, 2, 90),
    ("a5", "a4", 1, 1, 0), ("a5", "letter", 1, 1, 0),
])
def test_cards_per_sheet(size, paper, cols, rows, turn):
    g = grid(size, paper)
    assert (g.cols, g.rows, g.turn) == (cols, rows, turn)


def test_marks_shorten_to_keep_the_margin_and_never_below_their_minimum():
    # poker on A4: 10.5 mm beside the grid - 5 margin - 1.5 offset = 4 mm marks at the sides,
    # 16.5 mm above and below leave room for the full 5 mm
    assert mark_lengths(grid("poker", "a4"), 0.0, PAPER["a4"], 5.0, marks()) == (5.0, 4.0)
    # poker-us (190.5 mm across) leaves 9.75 mm: 3.25 mm marks
    along_y, along_x = mark_lengths(grid("poker-us", "a4"), 0.0, PAPER["a4"], 5.0, marks())
    assert (along_y, round(along_x, 2)) == (5.0, 3.25)
    # 3 mm marks are the shortest: 9.4 mm beside a grid is too little for it
    fmt = card_format("poker", 0)
    tight = (3 * 63 + 2 * 9.4, 297.0)
    assert nup_grid(fmt, tight, 0.0, 5.0, marks()).cols == 2
    assert nup_grid(fmt, (3 * 63 + 2 * 9.5, 297.0), 0.0, 5.0, marks()).cols == 3


def test_poker_grid_is_the_print_and_play_block_centred():
    g = grid("poker", "a4")
    assert (g.pitch_x, g.pitch_y) == (63.0, 88.0)          # no gutter: touching cards share cuts
    assert (round(g.x0, 2), round(g.y0, 2)) == (10.5, 16.5)  # 189 x 264 mm centred on A4
    # with a 3 mm bleed, cards are cut one by one and need room for marks: upright, 3 across
    # (207 mm) leaves 1.5 mm at the sides, so 2 x 3; turned, 2 x 4 (188 x 276 mm) fits
    bled = grid("poker", "a4", bleed=3)
    assert (bled.cols, bled.rows, bled.turn) == (2, 4, 90)


def test_a_card_that_does_not_fit_the_paper_is_refused():
    with pytest.raises(InputError, match=re.escape(
            "does not fit on 215.9 × 279.4 mm paper with its crop marks and 5 mm of margin; "
            "print it without --nup")):
        grid("a4", "letter")
    with pytest.raises(InputError, match="does not fit on 210 × 297 mm paper"):
        grid("a4", "a4")              # an A4 page has no room for marks on A4 paper


def sheets(pdf: bytes) -> list[int]:
    """Cards on each sheet, counted by their footers read back from the PDF."""
    return [sum(line.text.count(GENERATOR) for line in lines) for lines in pages_lines(pdf)]


def built(**options) -> bytes:
    return aid_pdf("tumba", **options)


@pytest.mark.parametrize("size,paper,per_sheet", [
    ("poker", "a4", 9), ("poker", "letter", 8), ("tarot", "a4", 4), ("a6", "a4", 2),
    ("a5", "a4", 1)])
def test_imposed_pdf_holds_the_cards_per_sheet(size, paper, per_sheet):
    cards = len(PdfReader(io.BytesIO(built(size=size))).pages)
    counts = sheets(built(size=size, nup=True, paper=paper))
    assert counts[0] == min(per_sheet, cards) and sum(counts) == cards
    assert all(c == per_sheet for c in counts[:-1])
    w, h = PAPER[paper]
    page = PdfReader(io.BytesIO(built(size=size, nup=True, paper=paper))).pages[0]
    assert abs(float(page.mediabox.width) / MM - w) < 0.1
    assert abs(float(page.mediabox.height) / MM - h) < 0.1


REGISTRATION = "/Reg CS 1 SCN"


def segments(page, colour: str) -> list[tuple[float, ...]]:
    """Line segments drawn in ``colour`` (the operators setting the stroke colour) on a sheet,
    in mm."""
    data = page.get_contents().get_data().decode("latin-1")
    found = []
    for block in re.findall(rf"q {re.escape(colour)} [\d.]+ w(.*?)Q", data, re.S):
        for seg in re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", block):
            found.append(tuple(float(v) / MM for v in seg))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_outside_the_grid_in_line_with_every_cut(paper):
    page = PdfReader(io.BytesIO(built(size="poker", nup=True, paper=paper))).pages[0]
    g = grid("poker", paper)
    left, bottom, right, top = g.outer(0)
    found = segments(page, REGISTRATION)
    xs = {round(g.x0 + i * g.width, 2) for i in range(g.cols + 1)}
    ys = {round(g.y0 + j * g.height, 2) for j in range(g.rows + 1)}
    vertical = [m for m in found if m[0] == pytest.approx(m[2])]
    horizontal = [m for m in found if m[1] == pytest.approx(m[3])]
    # above and below every vertical cut, left and right of every horizontal one
    assert len(vertical) == 2 * (g.cols + 1) and len(horizontal) == 2 * (g.rows + 1)
    assert {round(m[0], 2) for m in vertical} == xs and {round(m[1], 2) for m in horizontal} == ys
    for x1, y1, x2, y2 in found:                                 # every mark outside the grid
        assert max(x1, x2) <= left + 1e-6 or min(x1, x2) >= right - 1e-6 \
            or max(y1, y2) <= bottom + 1e-6 or min(y1, y2) >= top - 1e-6
        assert min(x1, x2) >= 5 - 1e-3 and max(x1, x2) <= PAPER[paper][0] - 5 + 1e-3
        assert min(y1, y2) >= 5 - 1e-3 and max(y1, y2) <= PAPER[paper][1] - 5 + 1e-3
        assert abs(x2 - x1) + abs(y2 - y1) >= 3 - 1e-3          # never shorter than 3 mm
    cuts = segments(page, f"0 0 0 {cards_data()['nup']['cut_grey']:.2f} K")
    # the cuts the cards share inside the grid: (cols - 1) lines down each of the rows and
    # (rows - 1) across each column (3 x 3: 6 + 6; 2 x 4: 4 + 6)
    assert len(cuts) == (g.cols - 1) * g.rows + (g.rows - 1) * g.cols


def test_cards_with_bleed_get_no_shared_cut_lines():
    page = PdfReader(io.BytesIO(built(size="poker", nup=True, bleed=3.0))).pages[0]
    assert segments(page, f"0 0 0 {cards_data()['nup']['cut_grey']:.2f} K") == []
    # 2 x 4 turned cards: 4 vertical cuts marked above and below, 8 horizontal ones left and right
    assert len(segments(page, REGISTRATION)) == 2 * 4 + 2 * 8


def test_geometry_of_marks_cuts_and_backs():
    places = [Placement(0, 10, 20, 50, 80), Placement(0, 60, 20, 50, 80)]
    assert cut_lines(places) == [(0, 60, 20, 60, 100)]
    found = crop_marks(places, 0.0, 5.0, 1.5)
    assert (0, 60, 101.5, 60, 106.5) in found and (0, 60, 18.5, 60, 13.5) in found
    assert (0, 8.5, 20, 3.5, 20) in found                        # left of the grid
    assert (0, 111.5, 100, 116.5, 100) in found                  # right of it
    assert len(found) == 3 * 2 + 2 * 2                           # 3 vertical cuts, 2 horizontal
    # shorter marks beside the grid than above and below it; a bleed moves them out
    found = crop_marks(places, 2.0, (5.0, 3.0), 1.5)
    assert (0, 60, 103.5, 60, 108.5) in found and (0, 6.5, 20, 3.5, 20) in found
    backs = back_places(places + [Placement(1, 10, 20, 80, 50, 90)], 120.0)
    assert [(b.x, b.turn) for b in backs] == [(60, 0), (10, 0), (30, -90)]


def test_backs_follow_every_sheet_mirrored_for_long_edge_duplex():
    import pypdfium2 as pdfium

    cards = len(PdfReader(io.BytesIO(built(size="poker"))).pages)
    pdf = built(size="poker", nup=True, backs=True)
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 2 * len(sheets(built(size="poker", nup=True)))
    g = grid("poker", "a4")
    last = (cards - 1) % 9 + 1                                   # cards on the last sheet
    front = nup_places(g, cards)[-last:]
    image = doc[len(doc) - 1].render(scale=1).to_pil().convert("L")   # the last back page
    scale = image.width / 210.0

    def dark(x_mm, y_mm):
        return image.getpixel((int(x_mm * scale), int(image.height - y_mm * scale))) < 128

    for place in front:
        mirrored = 210.0 - place.x - place.width
        assert dark(mirrored + place.width / 2, place.y + 5), "a back behind its card"
        if abs(mirrored - place.x) > 1:
            assert not dark(place.x + place.width / 2, place.y + 5), "a back not mirrored"
    assert len(pages_lines(pdf)[1]) > 0


def test_paper_without_nup_is_an_error(runner, tmp_path):
    from generator.cli import main

    result = runner.invoke(main, ["aid", "tanis", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--paper letter" in result.output
    assert not list(tmp_path.iterdir())
    with pytest.raises(InputError, match="--paper"):
        make_aid("tanis", paper="a4")


def test_batch_items_refuse_paper_without_nup_and_pass_backs(tmp_path):
    from generator.batch.config import load_config

    path = tmp_path / "batch.toml"
    path.write_text('[[item]]\ngame = "tanis"\nkind = "aid"\npaper = "letter"\n')
    with pytest.raises(InputError, match=r"batch.toml:4: .*--paper letter"):
        load_config(path)
    path.write_text('[[item]]\ngame = "tanis"\nkind = "aid"\nnup = true\nbacks = true\n')
    item = load_config(path).items[0]
    assert item.request.options["backs"] is True and item.request.paper == "a4"


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_game_has_a_back_whose_name_and_motif_read_on_its_colour():
    from generator.aids.backs import MOTIFS, back_colours
    from generator.aids.build import aid_games

    backs = cards_data()["back"]
    assert set(backs) == set(aid_games())
    for game, back in backs.items():
        assert back["motif"] in MOTIFS
        for mono in (False, True):
            colour, pattern, name = back_colours(back, mono)
            for ink in (pattern, name):
                hi, lo = sorted((_luminance(colour), _luminance(ink)), reverse=True)
                assert (hi + 0.05) / (lo + 0.05) >= 4.5, (game, mono, ink)


def test_the_note_goes_where_the_margin_has_room_for_it():
    from generator.aids.impose import note_place
    from generator.core.errors import BuildError

    paper, xs, lengths = (100.0, 100.0), [20.0, 50.0, 80.0], (5.0, 5.0)
    # below the marks: from the 5 mm margin up to 20 - 1.5 - 5 - 1 = 12.5 mm
    assert note_place(paper, (20, 20, 80, 80), xs, lengths, (30, 2), 5, 1.5, 1) == (50, 8.75, 0)
    # a tall grid leaves 4.5 mm below it: between two marks next to the grid, nearest the middle
    tall = (20, 12, 80, 88)
    assert note_place(paper, tall, xs, lengths, (20, 2), 5, 1.5, 1) == (35, 8, 0)
    # too long for a gap between marks: beside the marks on the left, reading upwards
    assert note_place(paper, tall, xs, lengths, (30, 2), 5, 1.5, 1) == (8.75, 50, 90)
    with pytest.raises(BuildError, match="fits nowhere in the margin of 100 × 100 mm paper"):
        note_place(paper, (10, 10, 90, 90), [10.0, 50.0, 90.0], lengths, (60, 2), 5, 1.5, 1)
