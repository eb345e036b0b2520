"""Player aids as a print shop and a home printer take them: US card sizes and a bleed exact to
0.01 mm, backs with the fronts' boxes and marks and a design centred on the trim, imposed
sheets that keep 5 mm of paper margin for everything printed and ask to be printed at 100%,
press PDFs (--cmyk) with registration-colour marks, one PNG per card face, names that carry
every option. Checked with poppler (pdfinfo -box), Ghostscript (bbox, tiffsep), pypdf and
pypdfium2."""

from __future__ import annotations

import io
import itertools

import pytest
from pdftext import built, pages_lines
from press_support import colour_spaces, ink_totals, page_boxes, paints, plates, printed_boxes
from pypdf import PdfReader

from generator.aids.build import aid_name, card_format, make_aid, size_names
from generator.core.errors import InputError

PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
REGISTRATION = "Separation All"


def close(a: float, b: float, within: float = 0.01) -> bool:
    return abs(a - b) <= within


# ---- sizes and bleed -----------------------------------------------------------------------------

@pytest.mark.parametrize("size,width,height", [
    ("poker-us", 63.5, 88.9), ("tarot-us", 69.85, 120.65), ("poker", 63.0, 88.0),
    ("tarot", 70.0, 120.0)])
def test_card_sizes_with_an_eighth_inch_bleed_are_exact_to_a_hundredth(tmp_path, size, width,
                                                                        height):
    bleed = 3.175                                   # 1/8 in
    boxes = page_boxes(built("tanis", size=size, bleed=bleed), tmp_path)
    for page in boxes:
        x0, y0, x1, y1 = page["MediaBox"]
        assert close(x1 - x0, width + 2 * bleed) and close(y1 - y0, height + 2 * bleed)
        t0, u0, t1, u1 = page["TrimBox"]
        assert close(t0, bleed) and close(u0, bleed)
        assert close(t1 - t0, width) and close(u1 - u0, height)
        assert page["BleedBox"] == page["MediaBox"]
    if size == "poker-us":                          # the print services' 2.75 x 3.75 in
        x0, y0, x1, y1 = boxes[0]["MediaBox"]
        assert close(x1 - x0, 69.85) and close(y1 - y0, 95.25)


def test_bleed_finer_than_a_thousandth_of_a_mm_is_refused():
    assert card_format("poker-us", 3.175).bleed == 3.175
    with pytest.raises(InputError, match=r"--bleed 3.1751: give it to 0.001 mm at most"):
        card_format("poker-us", 3.1751)


def test_the_us_sizes_are_offered():
    assert {"poker", "poker-us", "tarot", "tarot-us", "a6", "a5", "a4"} == set(size_names())


# ---- backs ---------------------------------------------------------------------------------------

def _marks(page) -> list[tuple[float, ...]]:
    """The registration-colour segments of a page, in mm, rounded to 0.01."""
    import re

    data = page.get_contents().get_data().decode("latin-1")
    found = []
    for block in re.findall(r"q /Reg CS 1 SCN [\d.]+ w(.*?)Q", data, re.S):
        for seg in re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", block):
            found.append(tuple(round(float(v) * 25.4 / 72, 2) for v in seg))
    return sorted(found)


def test_backs_have_the_fronts_boxes_and_crop_marks(tmp_path):
    pdf = built("tanis", size="poker-us", bleed=3.175, crop=True, backs=True)
    boxes = page_boxes(pdf, tmp_path)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(boxes) % 2 == 0
    for front, back, front_page, back_page in zip(boxes[::2], boxes[1::2], reader.pages[::2],
                                                  reader.pages[1::2]):
        for box in ("MediaBox", "TrimBox", "BleedBox"):
            assert all(close(a, b) for a, b in zip(front[box], back[box])), box
        marks = _marks(front_page)
        assert len(marks) == 8 and _marks(back_page) == marks    # one card: symmetric marks


def test_imposed_backs_are_marked_like_their_fronts_mirrored():
    reader = PdfReader(io.BytesIO(built("tanis", size="poker", nup=True, paper="letter",
                                        backs=True)))
    front, back = reader.pages[0], reader.pages[1]
    assert _marks(front) and len(_marks(back)) == len(_marks(front))
    mirrored = sorted(tuple(round(v, 2) for v in (215.9 - x1, y1, 215.9 - x2, y2))
                      for x1, y1, x2, y2 in _marks(front))
    assert sorted(tuple(round(v, 2) for v in m) for m in _marks(back)) == pytest.approx(
        mirrored, abs=0.02)


@pytest.mark.parametrize("game", ["realms", "tut", "tanis", "tumba"])
def test_the_back_design_is_centred_on_the_trim_and_keeps_off_its_edges(game):
    """The back alone (a card of its own with bleed), rendered by pdfium: what differs from the
    background colour is centred on the trim, with a wide plain border all round."""
    import pypdfium2 as pdfium

    from generator.aids.build import _back, cards_data
    from generator.core.i18n import catalogue

    fmt = card_format("poker-us", 3.0)
    pdf = _back(game, catalogue("en")(f"common.game.{game}"), catalogue("en"), fmt, False, None)
    scale = 10                                           # px per mm
    image = pdfium.PdfDocument(pdf)[0].render(scale=scale * 25.4 / 72).to_pil().convert("RGB")
    background = image.getpixel((2, 2))
    assert background == tuple(int(cards_data()["back"][game]["colour"]["rgb"][i:i + 2], 16)
                               for i in (1, 3, 5))      # the colour runs into the bleed
    xs, ys = [], []
    for y in range(image.height):
        for x in range(image.width):
            if sum(abs(a - b) for a, b in zip(image.getpixel((x, y)), background)) > 60:
                xs.append(x)
                ys.append(y)
    left, right = min(xs) / scale - fmt.bleed, max(xs) / scale - fmt.bleed
    top, bottom = min(ys) / scale - fmt.bleed, max(ys) / scale - fmt.bleed
    assert abs((left + right) / 2 - fmt.width / 2) < 0.3          # centred across
    assert abs((top + bottom) / 2 - fmt.height / 2) < 0.6         # and down
    # nothing within 8 mm of the trim: a duplex print a few mm off still looks even
    assert min(left, top, fmt.width - right, fmt.height - bottom) > 8


# ---- imposition ----------------------------------------------------------------------------------

SIZES = [s for s in size_names() if s != "a4"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.175], ids=["no-bleed", "bleed"])
@pytest.mark.parametrize("size", SIZES)
def test_every_imposed_sheet_keeps_5_mm_of_paper_and_has_crop_marks(tmp_path, size, paper,
                                                                    bleed):
    """Ghostscript's bbox device finds everything each sheet prints (cards, marks, cut lines,
    the note, the backs) at least 5 mm from the paper's edges; every sheet, fronts and backs,
    has its crop marks."""
    pdf = built("tanis", size=size, nup=True, paper=paper, bleed=bleed, backs=True)
    width, height = PAPER[paper]
    boxes = printed_boxes(pdf, tmp_path)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(boxes) == len(reader.pages) >= 2
    for x0, y0, x1, y1 in boxes:
        assert min(x0, y0, width - x1, height - y1) >= 5 - 0.01
    for page in reader.pages:
        assert len(_marks(page)) >= 8


def test_a4_pages_are_not_imposed():
    with pytest.raises(InputError, match=r"210 × 297 mm card.*does not fit on 210 × 297 mm paper"):
        make_aid("tanis", size="a4", nup=True)


@pytest.mark.parametrize("lang,note", [
    ("en", "Print at 100% (actual size), not “fit to page”: each card is 63.5 × 88.9 mm"),
    ("fr", "Imprimez à 100 % (taille réelle), sans « ajuster à la page » : chaque carte fait "
           "63,5 × 88,9 mm")])
def test_imposed_sheets_ask_to_be_printed_at_actual_size(lang, note):
    pdf = built("tanis", lang, "poker-us", nup=True, backs=True)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    texts = [[" ".join(line.text.split()) for line in page] for page in pages_lines(pdf)]
    clean = " ".join(note.replace("\u00a0", " ").split())
    for number, page in enumerate(texts):
        on_it = any(clean in " ".join(t.replace("\u00a0", " ").split()) for t in page)
        assert on_it == (number % 2 == 0), number      # on every front, not on the backs


def test_single_cards_ask_for_actual_size_too():
    reader = PdfReader(io.BytesIO(built("tanis", size="a6")))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


@pytest.mark.parametrize("size", ["a4", "a5"])
def test_a_page_printed_alone_keeps_its_background_inside_the_margin(tmp_path, size):
    """Without bleed an A4 or A5 page's background stops 5 mm inside its edges (home printers
    leave the edges blank); with a bleed it runs to the bleed's edge, for trimming."""
    fmt = card_format(size, 0)
    for x0, y0, x1, y1 in printed_boxes(built("realms", size=size), tmp_path):
        assert min(x0, y0, fmt.width - x1, fmt.height - y1) == pytest.approx(5.0, abs=0.05)
    for x0, y0, x1, y1 in printed_boxes(built("realms", size=size, bleed=3.0), tmp_path):
        assert max(x0, y0) < 0.05 and x1 > fmt.width + 6 - 0.05 and y1 > fmt.height + 6 - 0.05


# ---- press ---------------------------------------------------------------------------------------

def test_a_press_aid_is_cmyk_with_marks_in_registration_colour(tmp_path):
    pdf = built("tumba", size="poker", nup=True, backs=True, cmyk=True)
    assert colour_spaces(pdf) == {"DeviceCMYK", REGISTRATION}
    assert max(ink_totals(pdf)) <= 3.0 + 1e-9
    assert {p.values for p in paints(pdf) if p.space == REGISTRATION} == {(1.0,)}
    reader = PdfReader(io.BytesIO(pdf))
    front = plates(pdf, tmp_path, dpi=72)[0]
    for x1, y1, x2, y2 in _marks(reader.pages[0])[:4]:           # a mark: ink on every plate
        x, y = (x1 + x2) / 2 / 25.4 * 72, front.height - (y1 + y2) / 2 / 25.4 * 72
        assert all(front.getpixel((int(x), int(y)))[i] > 100 for i in range(4))


def test_a_press_aid_prints_its_text_on_the_black_plate_alone(tmp_path):
    pdf = built("realms", size="poker", nup=True, backs=True, cmyk=True)
    for page in plates(pdf, tmp_path, dpi=100, text_only=True):
        c, m, y, _k = page.split()
        assert c.getextrema()[1] == m.getextrema()[1] == y.getextrema()[1] == 0
    assert max(plates(pdf, tmp_path, dpi=100, text_only=True)[0].split()[3].getextrema()) == 255


def test_a_mono_press_aid_uses_black_ink_alone():
    pdf = built("tanis", size="poker", nup=True, backs=True, cmyk=True, mono=True)
    assert all(p.values[:3] == (0, 0, 0) for p in paints(pdf) if p.space == "DeviceCMYK")


def test_screen_aids_keep_their_colours_and_registration_marks():
    pdf = built("tumba", size="poker", nup=True)
    assert "DeviceRGB" in colour_spaces(pdf) and "DeviceCMYK" not in {
        p.space for p in paints(pdf) if p.operator in ("k", "scn", "sc") and len(p.values) == 4
        and p.values[:3] != (0, 0, 0)}


# ---- pictures ------------------------------------------------------------------------------------

def test_png_gives_one_picture_per_card_face_at_300_dpi_with_its_bleed(runner, tmp_path):
    from PIL import Image

    from generator.cli import main

    result = runner.invoke(main, ["aid", "tanis", "--size", "poker-us", "--bleed", "3.175",
                                  "--backs", "--format", "pdf,png", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    stem = "tanis-aid-en-poker-us-backs-bleed-3.175"
    cards = len(PdfReader(io.BytesIO(built("tanis", size="poker-us"))).pages)
    expected = {f"{stem}.pdf"} | {f"{stem}-card-{n:02d}-{face}.png"
                                  for n in range(1, cards + 1) for face in ("front", "back")}
    assert {p.name for p in tmp_path.iterdir()} == expected
    panel = tuple(int("f3ecdc"[i:i + 2], 16) for i in (0, 2, 4))
    for path in tmp_path.glob("*.png"):
        with Image.open(path) as image:
            assert image.size == (825, 1125)              # 2.75 x 3.75 in at 300 dpi
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            corner = image.convert("RGB").getpixel((1, 1))
            if "front" in path.name:
                assert corner == panel                    # the background runs into the bleed
            else:
                assert corner != (255, 255, 255)
    assert "wrote" in result.output and "(png," in result.output


def test_png_alone_writes_no_pdf_and_a_batch_refuses_it(runner, tmp_path):
    from generator.batch.config import load_config
    from generator.cli import main

    result = runner.invoke(main, ["aid", "tanis", "--size", "a6", "--format", "png", "--out",
                                  str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert all(p.suffix == ".png" and "-front" in p.name for p in tmp_path.iterdir())
    config = tmp_path / "batch.toml"
    config.write_text('[[item]]\ngame = "tanis"\nkind = "aid"\nformat = "pdf,png"\n')
    with pytest.raises(InputError, match=r"batch.toml:4: item 1 \(tanis aid\): --format png: card "
                                         r"pictures are written by tombgen aid itself"):
        load_config(config)


# ---- names ---------------------------------------------------------------------------------------

OPTIONS = {"size": ["poker", "poker-us"], "nup": [False, True], "backs": [False, True],
           "bleed": [0.0, 3.175], "crop": [False, True], "mono": [False, True],
           "cmyk": [False, True], "lang": ["en", "fr"]}


def test_two_different_aids_never_share_a_name():
    names = {}
    for values in itertools.product(*OPTIONS.values()):
        options = dict(zip(OPTIONS, values))
        options["crop"] = options["crop"] or options["nup"]     # imposed sheets always have marks
        options["paper"] = "a4" if options["nup"] else None
        key = tuple(sorted(options.items()))
        name = aid_name("tut", **options)
        assert names.setdefault(name, key) == key, name
    assert aid_name("tanis") == "tanis-aid-en-poker"
    assert aid_name("tut", lang="fr", variant="fr", size="poker-us", nup=True, paper="letter",
                    backs=True, bleed=3.175, crop=True, mono=True, cmyk=True) == \
        "tut-aid-fr-fr-poker-us-nup-letter-backs-bleed-3.175-mono-cmyk"
    assert aid_name("tanis", crop=True) == "tanis-aid-en-poker-crop-marks"


def test_the_batch_names_an_aid_as_the_command_does():
    from generator.batch.config import aid_file_name

    options = {"lang": "fr", "size": "a6", "variant": "en", "bleed": 2.0, "crop": True,
               "nup": True, "backs": True, "cmyk": True}
    assert aid_file_name("tanis", options, "letter", mono=True) == \
        "tanis-aid-fr-a6-nup-letter-backs-bleed-2-mono-cmyk.pdf"


def test_the_file_and_its_keywords_name_the_same_options(runner, tmp_path):
    from generator.aids.build import aid_options
    from generator.cli import main
    from generator.draw.pdfjoin import read_info

    result = runner.invoke(main, ["aid", "tanis", "--mono", "--cmyk", "--crop-marks", "--out",
                                  str(tmp_path)])
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "tanis-aid-en-poker-crop-marks-mono-cmyk.pdf"
    game, options = aid_options(read_info(pdf)["Keywords"])
    assert game == "tanis" and options["cmyk"] and options["mono"] and options["crop"]
    ok = runner.invoke(main, ["verify", str(pdf)])
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_aid_pdf_names_its_language_and_has_a_title(lang):
    for options in ({}, {"nup": True, "backs": True}):
        reader = PdfReader(io.BytesIO(built("tumba", lang, "poker", **options)))
        assert reader.trailer["/Root"]["/Lang"] == lang
        assert reader.metadata.title.startswith("Tutan Tumba — ")
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/DisplayDocTitle"]
