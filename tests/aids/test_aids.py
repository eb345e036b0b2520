"""Player aids: every aid builds, sizes are exact, marks stay outside the trim, text never
overflows silently, catalogues are complete, fonts are embedded, mono stays grey."""

import io
import re

import pytest
from pypdf import PdfReader

from generator.aids.build import aid_games, card_format, cards_data, make_aid, make_aids, size_names
from generator.core.i18n import LANGUAGES, Catalogue
from generator.core.errors import BuildError, InputError
from generator.draw.paper import make_sheet

MM = 72 / 25.4


def mm(v) -> float:
    return float(v) / MM


def box_mm(box) -> tuple[float, float, float, float]:
    return tuple(round(mm(v), 1) for v in (box.left, box.bottom, box.right, box.top))


@pytest.mark.parametrize("game", aid_games())
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", size_names())
def test_every_aid_builds_with_exact_card_size(game, lang, size):
    name, pdf = make_aid(game, lang=lang, size=size)
    assert name.startswith(f"{game}-aid-{lang}") and name.endswith(f"-{size}.pdf")
    reader = PdfReader(io.BytesIO(pdf))
    fmt = card_format(size, 0)
    for page in reader.pages:
        w, h = mm(page.mediabox.width), mm(page.mediabox.height)
        assert abs(w - fmt.width) < 0.1 and abs(h - fmt.height) < 0.1
        t = box_mm(page.trimbox)
        assert abs(t[2] - t[0] - fmt.width) < 0.1 and abs(t[3] - t[1] - fmt.height) < 0.1


def test_bleed_extends_the_page_and_keeps_the_trim():
    _, pdf = make_aid("tanis", size="tarot", bleed=3)
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert abs(mm(page.mediabox.width) - 76) < 0.1 and abs(mm(page.mediabox.height) - 126) < 0.1
    left, bottom, right, top = box_mm(page.trimbox)
    assert (left, bottom, round(right - left, 1), round(top - bottom, 1)) == (3.0, 3.0, 70.0, 120.0)
    bl, bb, br, bt = box_mm(page.bleedbox)
    assert (bl, bb) == (0.0, 0.0) and round(br - bl, 1) == 76.0


def mark_segments(page) -> list[tuple[float, float, float, float]]:
    data = page.get_contents().get_data().decode("latin-1")
    # the marks are the block drawn in registration black (CMYK 0 0 0 1) after the cards
    data = data[data.rindex("0 0 0 1 K"):]
    found = re.findall(r"([\d.]+)\s+([\d.]+)\s+m\s+([\d.]+)\s+([\d.]+)\s+l\s+S", data)
    return [tuple(mm(v) for v in seg) for seg in found]


def placements(fmt, paper, count):
    """Where the imposition puts each card's trim (bottom-left, mm), from the same data."""
    from generator.draw.documents import nup_layout

    data = cards_data()
    room = data["marks"]["offset"] + data["marks"]["length"] + 1.0
    sheet = make_sheet(paper)
    return nup_layout(fmt, count, (sheet.width, sheet.height), data["nup"]["gutter"] + 2 * room,
                      data["nup"]["margin"])[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_nup_sheets_and_crop_marks_outside_every_trim(paper, bleed):
    _, pdf = make_aid("tanis", size="poker", nup=True, paper=paper, bleed=bleed)
    cards = len(PdfReader(io.BytesIO(make_aid("tanis", size="poker")[1])).pages)
    sheet = make_sheet(paper)
    fmt = card_format("poker", bleed)
    reader = PdfReader(io.BytesIO(pdf))
    for number, page in enumerate(reader.pages):
        assert abs(mm(page.mediabox.width) - sheet.width) < 0.1
        assert abs(mm(page.mediabox.height) - sheet.height) < 0.1
        segments = mark_segments(page)
        assert segments, "no crop marks"
        trims = [(p.x, p.y) for p in placements(fmt, paper, cards) if p.sheet == number]
        assert trims and len(segments) == 8 * len(trims)
        # every card's four trim corners carry two marks each, on the trim lines
        for x0, y0 in trims:
            for cx in (x0, x0 + fmt.width):
                assert sum(1 for x1, _, x2, _ in segments if abs(x1 - cx) < 0.05 and abs(x2 - cx) < 0.05) >= 2
        for x1, y1, x2, y2 in segments:
            for x0, y0 in trims:
                inside = (min(x1, x2) < x0 + fmt.width + fmt.bleed - 0.05 and max(x1, x2) > x0 - fmt.bleed + 0.05
                          and min(y1, y2) < y0 + fmt.height + fmt.bleed - 0.05 and max(y1, y2) > y0 - fmt.bleed + 0.05)
                assert not inside, f"mark {(x1, y1, x2, y2)} enters the card at {(x0, y0)}"


def test_crop_marks_on_single_cards_sit_outside_the_trim():
    _, pdf = make_aid("tanis", size="a6", crop=True, bleed=2)
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    left, bottom, right, top = box_mm(page.trimbox)
    for x1, y1, x2, y2 in mark_segments(page):
        assert not (min(x1, x2) < right + 2 and max(x1, x2) > left - 2
                    and min(y1, y2) < top + 2 and max(y1, y2) > bottom - 2)


def test_overlong_string_is_a_build_error_naming_it(monkeypatch):
    original = Catalogue.__call__

    def long_word(self, key, **params):
        text = original(self, key, **params)
        return "Z" * 120 if key == "tanis.aid.turn.visible" else text

    monkeypatch.setattr(Catalogue, "__call__", long_word)
    with pytest.raises(BuildError, match="tanis.aid.turn.visible.*does not fit"):
        make_aid("tanis", size="poker")


def test_fonts_are_embedded():
    _, pdf = make_aid("tanis", lang="fr", size="a6")
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = (font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                      if "/DescendantFonts" in font else font["/FontDescriptor"])
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_mono_uses_only_greys():
    _, pdf = make_aid("tanis", mono=True)
    for page in PdfReader(io.BytesIO(pdf)).pages:
        data = page.get_contents().get_data().decode("latin-1")
        for r, g, b in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", data):
            assert float(r) == pytest.approx(float(g), abs=0.01) == pytest.approx(float(b), abs=0.01)


def test_same_options_same_bytes_whatever_ran_before():
    first = make_aid("tanis", size="a6")
    make_aid("tanis", size="poker", lang="fr")
    import time

    time.sleep(1.1)  # embedded fonts must not carry a timestamp
    assert make_aid("tanis", size="a6") == first


def test_bad_options():
    with pytest.raises(InputError, match="--size"):
        card_format("huge", 0)
    with pytest.raises(InputError, match="--bleed"):
        card_format("a6", cards_data()["card"]["max_bleed"] + 1)
    with pytest.raises(InputError, match="no player aid"):
        make_aids("chess")
    with pytest.raises(BuildError, match="does not fit on"):
        make_aid("tanis", size="a4", nup=True)


def test_cli_writes_the_pdf(runner, tmp_path):
    from generator.cli import main

    result = runner.invoke(main, ["aid", "tanis", "--lang", "fr", "--size", "a6", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tanis-aid-fr-a6.pdf").exists()
    bad = runner.invoke(main, ["aid", "tanis", "--size", "huge", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and not (tmp_path / "x").exists()


def _table(aid, key):
    return next(b for s in aid.sections for b in s.blocks if b.key == key)


def test_tumba_roll_table_is_the_engines_answer_for_all_56_rolls():
    from generator.aids.build import build_content
    from generator.games.tumba.rules import roll_options
    from generator.games.tumba.rules_roll import all_rolls

    cat = Catalogue("en")
    table = _table(build_content("tumba", "en", "en"), "tumba.aid.rolls.table")
    rolls = all_rolls()
    assert len(rolls) == 56 and len(table.rows) == 56
    for dice, (shown, ways, powers) in zip(rolls, table.rows):
        assert shown == "-".join(map(str, dice))
        reading = roll_options(dice)
        expected = [[int(n) for n in way.split("+")] for way in ways.split(" · ")] \
            if reading.options else []
        assert expected == [list(o) for o in reading.options], dice
        names = [cat(f"tumba.aid.power.{p.code}") + ("" if p.usable else "*") for p in reading.powers]
        assert powers == ", ".join(names)
    assert table.rows[rolls.index((2, 3, 5))][1] == "2+3+5 · 2+8 · 3+7 · 5+5 · 10"


def test_realms_and_tut_tables_come_from_the_data():
    from generator.aids.build import build_content
    from generator.games.realms.model import data as realms_data
    from generator.games.tut.model import data as tut_data

    monsters = _table(build_content("realms", "en", "en"), "realms.aid.monsters.table")
    assert [int(r[1]) for r in monsters.rows] == [realms_data()["monsters"][m]["die"]
                                                   for m in ("ooze", "skeleton", "zombie", "golem", "mimic", "mummy")]
    sets = _table(build_content("tut", "en", "en"), "tut.aid.sets.table")
    assert [int(r[1]) for r in sets.rows] == [k["value"] for k in tut_data()["kind"]]
    # French rules: three tied for first pay nothing, two tied pay half
    fr = _table(build_content("tut", "en", "fr"), "tut.aid.sets.table")
    assert [r[5] for r in fr.rows] == [str(k["value"] // 2) for k in tut_data()["kind"]]
