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
from generator.aids.impose import Placement, back_places, crop_marks, cut_lines, nup_grid, nup_places
from generator.core.errors import InputError

MM = 72 / 25.4
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def grid(size: str, paper: str, bleed: float = 0.0):
    nup, marks = cards_data()["nup"], cards_data()["marks"]
    return nup_grid(card_format(size, bleed), PAPER[paper], nup["gutter"], nup["printer_margin"],
                    marks["offset"] + marks["length"] / 2)


# Counted by hand: how many of each card a sheet holds, and whether they are turned a quarter.
@pytest.mark.parametrize("size,paper,cols,rows,turn", [
    ("poker", "a4", 3, 3, 0), ("poker", "letter", 3, 3, 0),
    ("tarot", "a4", 3, 2, 0), ("tarot", "letter", 3, 2, 0),
    ("a6", "a4", 2, 2, 0), ("a6", "letter", 2, 1, 0),
    ("a5", "a4", 1, 2, 90), ("a5", "letter", 1, 1, 0),
    ("a4", "a4", 1, 1, 0),
])
def test_cards_per_sheet(size, paper, cols, rows, turn):
    g = grid(size, paper)
    assert (g.cols, g.rows, g.turn) == (cols, rows, turn)


def test_poker_grid_is_the_print_and_play_block_centred():
    g = grid("poker", "a4")
    assert (g.pitch_x, g.pitch_y) == (63.0, 88.0)          # no gutter: touching cards share cuts
    assert (round(g.x0, 2), round(g.y0, 2)) == (10.5, 16.5)  # 189 x 264 mm centred on A4
    # with a 3 mm bleed, cards are cut one by one and need room for marks: upright, 3 across
    # (207 mm) leaves 1.5 mm at the sides, so 2 x 3; turned, 2 x 4 (188 x 276 mm) fits
    bled = grid("poker", "a4", bleed=3)
    assert (bled.cols, bled.rows, bled.turn) == (2, 4, 90)


def test_a_card_that_does_not_fit_the_paper_is_refused():
    with pytest.raises(InputError, match="does not fit on 215.9 × 279.4 mm paper"):
        grid("a4", "letter")


def sheets(pdf: bytes) -> list[int]:
    """Cards on each sheet, counted by their footers read back from the PDF."""
    return [sum(line.text.count(GENERATOR) for line in lines) for lines in pages_lines(pdf)]


def built(**options) -> bytes:
    return aid_pdf("tumba", **options)


@pytest.mark.parametrize("size,paper,per_sheet", [
    ("poker", "a4", 9), ("poker", "letter", 9), ("tarot", "a4", 6), ("a6", "a4", 4),
    ("a5", "a4", 2)])
def test_imposed_pdf_holds_the_cards_per_sheet(size, paper, per_sheet):
    cards = len(PdfReader(io.BytesIO(built(size=size))).pages)
    counts = sheets(built(size=size, nup=True, paper=paper))
    assert counts[0] == min(per_sheet, cards) and sum(counts) == cards
    assert all(c == per_sheet for c in counts[:-1])
    w, h = PAPER[paper]
    page = PdfReader(io.BytesIO(built(size=size, nup=True, paper=paper))).pages[0]
    assert abs(float(page.mediabox.width) / MM - w) < 0.1
    assert abs(float(page.mediabox.height) / MM - h) < 0.1


def segments(page, colour: str) -> list[tuple[float, ...]]:
    """Line segments drawn in ``colour`` (a CMYK stroke) on a sheet, in mm."""
    data = page.get_contents().get_data().decode("latin-1")
    found = []
    for block in re.findall(rf"q {re.escape(colour)} K [\d.]+ w(.*?)Q", data, re.S):
        for seg in re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", block):
            found.append(tuple(float(v) / MM for v in seg))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_outside_the_grid_in_line_with_every_cut(paper):
    page = PdfReader(io.BytesIO(built(size="poker", nup=True, paper=paper))).pages[0]
    g = grid("poker", paper)
    left, bottom, right, top = g.outer(0)
    marks = segments(page, "0 0 0 1")
    xs = {round(g.x0 + i * 63, 2) for i in range(4)}
    ys = {round(g.y0 + j * 88, 2) for j in range(4)}
    vertical = [m for m in marks if m[0] == pytest.approx(m[2])]
    horizontal = [m for m in marks if m[1] == pytest.approx(m[3])]
    assert len(vertical) == 8 and len(horizontal) == 8          # above and below, left and right
    assert {round(m[0], 2) for m in vertical} == xs and {round(m[1], 2) for m in horizontal} == ys
    for x1, y1, x2, y2 in marks:                                 # every mark outside the grid
        assert max(x1, x2) <= left + 1e-6 or min(x1, x2) >= right - 1e-6 \
            or max(y1, y2) <= bottom + 1e-6 or min(y1, y2) >= top - 1e-6
        assert 0 <= min(x1, x2) and max(x1, x2) <= PAPER[paper][0]
        assert 0 <= min(y1, y2) and max(y1, y2) <= PAPER[paper][1]
    cuts = segments(page, f"0 0 0 {cards_data()['nup']['cut_grey']:.2f}")
    assert len(cuts) == 12                                       # 2 x 3 across, 2 x 3 down


def test_cards_with_bleed_get_no_shared_cut_lines():
    page = PdfReader(io.BytesIO(built(size="poker", nup=True, bleed=3.0))).pages[0]
    assert segments(page, f"0 0 0 {cards_data()['nup']['cut_grey']:.2f}") == []
    # 2 x 4 turned cards: 4 vertical cuts marked above and below, 8 horizontal ones left and right
    assert len(segments(page, "0 0 0 1")) == 2 * 4 + 2 * 8


def test_geometry_of_marks_cuts_and_backs():
    places = [Placement(0, 10, 20, 50, 80), Placement(0, 60, 20, 50, 80)]
    assert cut_lines(places) == [(0, 60, 20, 60, 100)]
    marks = crop_marks(places, 0.0, (120.0, 200.0), 5.0, 1.5)
    assert (0, 60, 101.5, 60, 106.5) in marks and (0, 60, 18.5, 60, 13.5) in marks
    assert (0, 8.5, 20, 3.5, 20) in marks                        # left of the grid
    assert (0, 111.5, 100, 116.5, 100) in marks                  # right, clipped at 120: 3.5 < 5
    near = crop_marks(places, 0.0, (112.0, 200.0), 5.0, 1.5)     # only 0.5 mm right of the grid
    assert not [m for m in near if m[1] > 110]
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
    assert item.options["backs"] is True and item.paper == "a4"


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_game_has_a_back_whose_name_reads_on_its_colour():
    from generator.aids.backs import MOTIFS
    from generator.aids.build import aid_games

    backs = cards_data()["back"]
    assert set(backs) == set(aid_games())
    for game, back in backs.items():
        assert back["motif"] in MOTIFS
        hi, lo = sorted((_luminance(back["colour"]), _luminance(back["pattern"])), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, game
