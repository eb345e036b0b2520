"""``--cmyk``: PDFs for press. Every colour in DeviceCMYK from the print themes (seeds/print.toml
gives each colour's press value beside its screen value), black and greys in black ink alone,
total ink at most 300%, text on the black plate alone; checked with pypdf (every colour operator)
and Ghostscript's separation device (the ink on each plate). Every PDF names its language and
carries a title."""

from __future__ import annotations

import io

import pytest
from press_support import colour_spaces, ink_totals, paints, plates
from pypdf import PdfReader

from generator.core.errors import BuildError, InputError
from generator.draw.paper import make_inks, make_sheet, press_inks, settings
from generator.produce import build, render_files

#: Every product, in its richest mode (the Pharaoh's Wrath setup draws its dealing log too).
PRODUCTS = [("realms", "sheet", {}), ("realms", "map", {}), ("tut", "trail", {}),
            ("tanis", "dig", {}), ("tumba", "setup", {"mode": "advanced"})]
IDS = [f"{g}-{k}" for g, k, _ in PRODUCTS]


def pdf_of(game: str, kind: str, options: dict, *, mono: bool = False, cmyk: bool = True,
           count: int = 1, lang: str | None = None, paper: str = "a4") -> bytes:
    built = build(game, kind, 11, count=count, paper=paper, mono=mono, options=options or None,
                  lang=lang, cmyk=cmyk)
    return next(data for _, fmt, _, data in render_files(built, ("pdf",)) if fmt == "pdf")


_CACHE: dict = {}


def press(game: str, kind: str, options: dict, mono: bool = False) -> bytes:
    key = (game, kind, mono)
    if key not in _CACHE:
        _CACHE[key] = pdf_of(game, kind, options, mono=mono)
    return _CACHE[key]


# ---- the print themes ---------------------------------------------------------------------------

def test_every_theme_colour_has_its_press_colour_beside_it():
    themes = settings()["theme"]
    assert set(themes["colour"]) == set(themes["mono"])
    for theme in themes.values():
        for role, colour in theme.items():
            assert len(colour["cmyk"]) == 4 and sum(colour["cmyk"]) <= 300, role
    inks = press_inks()
    # pinned by hand from seeds/print.toml: black is black ink alone, greys too, the accent
    # brown is a warm four-colour mix that prints its text in black ink
    assert inks.fill("#000000") == (0, 0, 0, 1)
    assert inks.fill("#555555") == (0, 0, 0, 0.67)
    assert inks.fill("#767676") == (0, 0, 0, 0.54)
    assert inks.fill("#6e4a00") == (0, 0.33, 1, 0.57)
    assert inks.text("#6e4a00") == (0, 0, 0, 0.8)
    assert inks.text("#000000") == (0, 0, 0, 1)
    assert inks.fill("#C0392B") == (0, 0.7, 0.78, 0.25)       # case does not matter
    with pytest.raises(BuildError, match="#123456 has no press colour"):
        inks.fill("#123456")


@pytest.mark.parametrize("colour,message", [
    ({"rgb": "#808080", "cmyk": [10, 0, 0, 50]}, "the grey #808080 must print in black ink alone"),
    ({"rgb": "#000000", "cmyk": [60, 40, 40, 100]}, r"black is black ink alone: \[0, 0, 0, 100\]"),
    ({"rgb": "#102030", "cmyk": [90, 80, 70, 70]}, r"310% of ink in all, above the 300%"),
    ({"rgb": "#102030", "cmyk": [90, 80, 70]}, "four percentages from 0 to 100"),
    ({"rgb": "#102030", "cmyk": [120, 0, 0, 0]}, "four percentages from 0 to 100"),
    ({"rgb": "#6e4a00", "cmyk": [0, 33, 100, 57], "text": [0, 33, 100, 57]},
     r"text prints in black ink alone"),
    ({"rgb": "brown", "cmyk": [0, 33, 100, 57]}, "is not a colour; write #rrggbb"),
])
def test_press_colours_that_break_a_rule_are_refused_naming_the_place(colour, message):
    with pytest.raises(InputError, match=message) as err:
        make_inks([("here", colour)])
    assert err.value.message.startswith("here ")


def test_one_screen_colour_has_one_press_colour():
    make_inks([("a", {"rgb": "#c0392b", "cmyk": [0, 70, 78, 25]}),
               ("b", {"rgb": "#C0392B", "cmyk": [0, 70, 78, 25]})])
    with pytest.raises(InputError, match="b: #c0392b has another press colour at a"):
        make_inks([("a", {"rgb": "#c0392b", "cmyk": [0, 70, 78, 25]}),
                   ("b", {"rgb": "#c0392b", "cmyk": [0, 70, 70, 25]})])


# ---- the PDFs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,kind,options", PRODUCTS, ids=IDS)
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
def test_every_colour_of_a_press_pdf_is_cmyk_within_the_ink_limit(game, kind, options, mono):
    pdf = press(game, kind, options, mono)
    assert colour_spaces(pdf) == {"DeviceCMYK"}
    assert max(ink_totals(pdf)) <= 3.0 + 1e-9
    if mono:   # black and white: black ink alone
        assert all(p.values[:3] == (0, 0, 0) for p in paints(pdf))


@pytest.mark.parametrize("game,kind,options", PRODUCTS[2:3], ids=IDS[2:3])
def test_screen_pdfs_stay_rgb(game, kind, options):
    assert colour_spaces(pdf_of(game, kind, options, cmyk=False)) == {"DeviceRGB"}


@pytest.mark.parametrize("game,kind,options", PRODUCTS, ids=IDS)
def test_text_is_on_the_black_plate_alone(tmp_path, game, kind, options):
    """Ghostscript draws the text alone (vector art left out) and separates the plates: the
    cyan, magenta and yellow plates stay blank, the black plate carries the text, black text in
    full black ink."""
    for page in plates(press(game, kind, options), tmp_path, dpi=100, text_only=True):
        c, m, y, k = page.split()
        assert c.getextrema()[1] == m.getextrema()[1] == y.getextrema()[1] == 0
        assert k.getextrema()[1] == 255


@pytest.mark.parametrize("game,kind,options", PRODUCTS, ids=IDS)
def test_black_is_never_four_colour_and_no_spot_takes_more_than_300_percent(tmp_path, game,
                                                                             kind, options):
    for page in plates(press(game, kind, options), tmp_path, dpi=60):
        c, m, y, k = (band.tobytes() for band in page.split())
        assert max(map(sum, zip(c, m, y, k))) <= 3 * 255 + 3
        rich = sum(1 for ci, mi, yi, ki in zip(c, m, y, k) if ki >= 250 and ci + mi + yi > 0)
        assert rich == 0, "black printed over other inks"


def test_a_joined_press_pdf_is_cmyk_too():
    pdf = pdf_of("tanis", "dig", {}, count=2)
    assert colour_spaces(pdf) == {"DeviceCMYK"} and len(PdfReader(io.BytesIO(pdf)).pages) == 4


# ---- language and title --------------------------------------------------------------------------

@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_product_pdf_names_its_language_and_has_a_title(lang, count):
    for game, kind, options in PRODUCTS:
        reader = PdfReader(io.BytesIO(pdf_of(game, kind, options, cmyk=False, count=count,
                                             lang=lang)))
        assert reader.trailer["/Root"]["/Lang"] == lang, (game, kind)
        assert reader.metadata.title == f"tombgen {game} {kind} 11"


# ---- the command ---------------------------------------------------------------------------------

def test_cmyk_is_in_the_file_names_footer_and_keywords_and_verify_rebuilds_it(runner, tmp_path):
    from generator.cli import main
    from generator.draw.pdfjoin import read_info

    made = runner.invoke(main, ["tanis", "dig", "--seed", "3", "--cmyk", "--mono", "--out",
                                str(tmp_path)])
    assert made.exit_code == 0, made.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["tanis-dig-3-mono-cmyk-p2.svg", "tanis-dig-3-mono-cmyk.json",
                     "tanis-dig-3-mono-cmyk.pdf", "tanis-dig-3-mono-cmyk.svg"]
    pdf = tmp_path / "tanis-dig-3-mono-cmyk.pdf"
    info = read_info(pdf)
    assert "mono=yes, cmyk=yes" in info["Keywords"]
    assert info["Subject"].startswith("tanis dig --mono --cmyk · seed 3")
    assert "tanis dig --mono --cmyk · seed 3" in (tmp_path / "tanis-dig-3-mono-cmyk.svg").read_text()
    assert colour_spaces(pdf.read_bytes()) == {"DeviceCMYK"}
    ok = runner.invoke(main, ["verify", str(pdf)])
    assert ok.exit_code == 0 and ok.output.startswith(f"ok       {pdf}"), ok.output
    # the same run without --cmyk is another file, in screen colours
    runner.invoke(main, ["tanis", "dig", "--seed", "3", "--mono", "--format", "pdf", "--out",
                         str(tmp_path)])
    screen = tmp_path / "tanis-dig-3-mono.pdf"
    assert colour_spaces(screen.read_bytes()) == {"DeviceRGB"}


def test_a_batch_item_with_cmyk_makes_and_verifies_the_press_pdf(runner, tmp_path):
    from generator.cli import main

    config = tmp_path / "batch.toml"
    config.write_text('[[item]]\ngame = "tumba"\nkind = "setup"\nseed = 4\ncount = 2\n'
                      'cmyk = true\nformat = ["pdf"]\n')
    out = tmp_path / "out"
    made = runner.invoke(main, ["batch", str(config), "--out", str(out)])
    assert made.exit_code == 0, made.output
    pdf = out / "tumba-setup-4-count-2-cmyk.pdf"
    assert colour_spaces(pdf.read_bytes()) == {"DeviceCMYK"}
    checked = runner.invoke(main, ["verify", str(out)])
    assert checked.exit_code == 0, checked.output


def test_the_sheet_knows_its_press_colours():
    assert make_sheet("a4").inks is None
    assert make_sheet("letter", mono=True, cmyk=True).inks == press_inks()
