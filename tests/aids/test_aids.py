"""Player aids: every aid builds at its exact size, bleed and marks sit outside the trim, text that
cannot fit stops the build naming its key, the shipped font is embedded, mono stays grey, the
tables come from the rules data and engines."""

import io
import os
import re
import subprocess
import sys
import textwrap

import pytest
from pdftext import built, pages_lines
from pypdf import PdfReader

from generator.aids.build import (
    aid_games,
    build_content,
    card_format,
    cards_data,
    make_aid,
    make_aids,
    size_names,
)
from generator.core.errors import BuildError, InputError
from generator.core.i18n import LANGUAGES, Catalogue

MM = 72 / 25.4


def mm(v) -> float:
    return float(v) / MM


def box_mm(box) -> tuple[float, float, float, float]:
    return tuple(round(mm(v), 1) for v in (box.left, box.bottom, box.right, box.top))


@pytest.mark.parametrize("game", aid_games())
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", size_names())
def test_every_aid_builds_with_exact_card_size(game, lang, size):
    reader = PdfReader(io.BytesIO(built(game, lang, size)))
    fmt = card_format(size, 0)
    for page in reader.pages:
        w, h = mm(page.mediabox.width), mm(page.mediabox.height)
        assert abs(w - fmt.width) < 0.1 and abs(h - fmt.height) < 0.1
        t = box_mm(page.trimbox)
        assert abs(t[2] - t[0] - fmt.width) < 0.1 and abs(t[3] - t[1] - fmt.height) < 0.1


def test_bleed_extends_the_page_and_keeps_the_trim():
    page = PdfReader(io.BytesIO(built("tanis", "en", "tarot", bleed=3.0))).pages[0]
    assert abs(mm(page.mediabox.width) - 76) < 0.1 and abs(mm(page.mediabox.height) - 126) < 0.1
    left, bottom, right, top = box_mm(page.trimbox)
    assert (left, bottom, round(right - left, 1), round(top - bottom, 1)) == (3.0, 3.0, 70.0, 120.0)
    bl, bb, br, _bt = box_mm(page.bleedbox)
    assert (bl, bb) == (0.0, 0.0) and round(br - bl, 1) == 76.0


def test_crop_marks_on_single_cards_sit_outside_the_trim_and_bleed():
    page = PdfReader(io.BytesIO(built("tanis", "en", "a6", bleed=2.0, crop=True))).pages[0]
    left, bottom, right, top = box_mm(page.trimbox)
    data = page.get_contents().get_data().decode("latin-1")
    marks = re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S",
                       data[data.rindex("/Reg CS 1 SCN"):])
    assert len(marks) == 8
    for x1, y1, x2, y2 in ((mm(v) for v in m) for m in marks):
        assert not (min(x1, x2) < right + 2 and max(x1, x2) > left - 2
                    and min(y1, y2) < top + 2 and max(y1, y2) > bottom - 2)


def _replace(monkeypatch, key: str, text: str) -> None:
    original = Catalogue.template

    def patched(self, asked):
        return text if asked == key else original(self, asked)

    monkeypatch.setattr(Catalogue, "template", patched)


def test_a_word_wider_than_the_card_is_a_build_error_naming_its_key(monkeypatch):
    _replace(monkeypatch, "tanis.aid.turn.visible", "Z" * 120)
    with pytest.raises(BuildError, match=r"tanis\.aid\.turn\.visible.*does not fit"):
        make_aid("tanis", size="poker")


def test_a_block_taller_than_the_card_is_a_build_error_naming_its_key(monkeypatch):
    _replace(monkeypatch, "tanis.aid.turn.visible", "a few words " * 300)
    with pytest.raises(BuildError, match=r"'tanis\.aid\.turn\.visible' is [\d.]+ mm tall but a "
                                         r"poker card holds [\d.]+ mm"):
        make_aid("tanis", size="poker")

def test_fonts_are_the_shipped_files_embedded_as_subsets(tmp_path):
    """Built in a process whose fontconfig knows no font at all: the text can only come from
    the files in templates/fonts/, and both faces are embedded as subsets."""
    (tmp_path / "fonts.conf").write_text(
        '<?xml version="1.0"?>\n<fontconfig><cachedir>' + str(tmp_path / "cache")
        + "</cachedir></fontconfig>\n")
    script = textwrap.dedent("""
        import sys, warnings
        warnings.simplefilter("ignore")
        from generator.aids.build import make_aid
        sys.stdout.buffer.write(make_aid("tanis", lang="fr", size="a6")[1])
    """)
    env = dict(os.environ, FONTCONFIG_FILE=str(tmp_path / "fonts.conf"))
    pdf = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__)))).stdout
    reader = PdfReader(io.BytesIO(pdf))
    names = set()
    for page in reader.pages:
        for ref in _fonts(page):
            font = ref.get_object()
            descriptor = (font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                          if "/DescendantFonts" in font else font["/FontDescriptor"])
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            names.add(str(font["/BaseFont"]))
    assert {re.sub(r"^/[A-Z]{6}\+", "", n) for n in names} == {"DejaVu-Sans", "DejaVu-Sans-Bold"}
    assert all(re.match(r"^/[A-Z]{6}\+", n) for n in names), "fonts must be subsets"
    lines = [line.text for page in pages_lines(pdf) for line in page]
    assert "À votre tour" in lines


def _fonts(page):
    resources = page["/Resources"]
    found = list(resources.get("/Font", {}).values())
    for xobject in resources.get("/XObject", {}).values():
        found += _fonts(xobject.get_object())
    return found


def test_mono_uses_only_greys():
    pdf = built("tumba", "en", "poker", mono=True, nup=True, backs=True)
    for page in PdfReader(io.BytesIO(pdf)).pages:
        streams = [page.get_contents().get_data()]
        streams += [x.get_object().get_data() for x in page["/Resources"].get("/XObject", {}).values()]
        for data in streams:
            for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", data):
                assert float(r) == pytest.approx(float(g), abs=0.01) == pytest.approx(float(b), abs=0.01)


def test_same_options_same_bytes_whatever_ran_before():
    first = make_aid("tanis", size="a6", nup=True, backs=True)
    make_aid("tanis", size="poker", lang="fr")
    import time

    time.sleep(1.1)  # embedded fonts must not carry a timestamp
    assert make_aid("tanis", size="a6", nup=True, backs=True) == first


def test_bad_options():
    with pytest.raises(InputError, match="--size"):
        card_format("huge", 0)
    with pytest.raises(InputError, match="--bleed"):
        card_format("a6", cards_data()["card"]["max_bleed"] + 1)
    with pytest.raises(InputError, match="no player aid"):
        make_aids("chess")
    with pytest.raises(InputError, match="does not fit on"):
        make_aid("tanis", size="a4", nup=True, paper="letter")


def test_cli_writes_the_pdf(runner, tmp_path):
    from generator.cli import main

    result = runner.invoke(main, ["aid", "tanis", "--lang", "fr", "--size", "a6", "--nup",
                                  "--backs", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tanis-aid-fr-a6-nup-a4-backs.pdf").exists()
    bad = runner.invoke(main, ["aid", "tanis", "--size", "huge", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and not (tmp_path / "x").exists()


def _table(aid, key):
    return next(b for s in aid.sections for b in s.blocks if b.key == key)


def test_tumba_roll_grid_is_the_engines_answer_for_all_56_rolls():
    from generator.games.tumba.rules import roll_options
    from generator.games.tumba.rules_roll import all_rolls

    table = _table(build_content("tumba", "en", "en"), "tumba.aid.rolls.table")
    rolls = all_rolls()
    assert len(rolls) == 56 and len(table.rows) == 56
    for dice, (shown, ways, powers) in zip(rolls, table.rows):
        assert shown == " ".join(map(str, dice))
        reading = roll_options(dice)
        assert [tuple(int(n) for n in chip) for chip in ways.chips] == list(reading.options)
        assert ways.strong == frozenset({"11", "12"})
        assert len(powers.split()) == len(reading.powers)
    # pinned by hand from the rulebook's example and its powers
    row = table.rows[rolls.index((2, 3, 5))]
    assert row[1].chips == (("2", "3", "5"), ("2", "8"), ("3", "7"), ("5", "5"), ("10",))
    assert table.rows[rolls.index((6, 6, 6))][2] == "T A* P"
    assert table.rows[rolls.index((1, 1, 1))][2] == "T A* O"


def test_tumba_aid_has_the_rules_the_rulebook_gives():
    aid = build_content("tumba", "en", "en")
    titles = [s.title for s in aid.sections]
    assert titles == ["Your turn", "The standard board", "Placing mummies",
                      "Powers of the dice", "Incineration", "Five ways into the tomb",
                      "Rolls, standard board", "Pharaoh's Wrath (advanced)", "Advanced moves"]
    assert [s.new_card for s in aid.sections].index(True) == 7
    text = " ".join(t for s in aid.sections for b in s.blocks
                    for t in ([b.text] if hasattr(b, "text") else list(getattr(b, "items", ()))))
    for fact in ("lines 5–10", "lines 1–4", "Lines 11 and 12", "at most 2 times",
                 "22 burial chambers", "line from 7–12", "1 to 3 chambers", "play to 10 mummies",
                 "Lines 1 to 4: 3 chambers each.", "Lines 5 to 8: 2 chambers each.",
                 "Lines 9 and 10: 1 chamber each.", "Lines 11 and 12: a secret passage each.",
                 "Only if that chamber is taken does its mummy move", "your turn is skipped",
                 "Then you may roll again", "every line of 1 or 2 chambers"):
        assert fact in text, fact
    assert "each move one chamber" not in text
    french = build_content("tumba", "fr", "en")
    text = " ".join(t for s in french.sections for b in s.blocks
                    for t in ([b.text] if hasattr(b, "text") else list(getattr(b, "items", ()))))
    assert "sur l’une des lignes 7 à 12" in text and "Maison des morts" in text
    terms = [b.term for s in aid.sections for b in s.blocks if hasattr(b, "term")]
    assert "Toth's Inversion (1-2-3, 2-3-4, 3-4-5):" in terms and "Tutan's Wrath (4-5-6):" in terms


def test_realms_and_tut_tables_come_from_the_data():
    from generator.games.realms.model import data as realms_data
    from generator.games.tut.model import data as tut_data

    monsters = _table(build_content("realms", "en", "en"), "realms.aid.monsters.table")
    assert [int(r[1]) for r in monsters.rows] == [1, 2, 3, 4, 5, 6]
    assert [int(r[3]) for r in monsters.rows] == [realms_data()["monsters"][m]["coins"]
                                                   for m in ("ooze", "skeleton", "zombie", "golem",
                                                             "mimic", "mummy")]
    sets = _table(build_content("tut", "en", "en"), "tut.aid.sets.table")
    assert [r[1:] for r in sets.rows] == [("1", "1", "0", "0"), ("2", "2", "1", "1"),
                                          ("4", "4", "2", "2"), ("6", "6", "3", "3"),
                                          ("8", "8", "4", "4")]
    assert len(sets.rows) == len(tut_data()["kind"])
    french = _table(build_content("tut", "fr", "fr"), "tut.aid.sets.table")
    assert [r[0] for r in french.rows][-1] == "Chaise"
    coins = _table(build_content("tut", "en", "fr"), "tut.aid.game.coins")
    assert coins.rows == (("2", "26"), ("3", "26"), ("4", "20"), ("5", "16"), ("6", "14"))


def test_worked_examples_are_computed():
    tanis = build_content("tanis", "en", "en")
    assert "snakes 2, 3, 4, 5, 8, 9, 10 make the groups 2–5 + 8–10 and score 7 + 4 = 11" in \
        " ".join(b.text for s in tanis.sections for b in s.blocks if hasattr(b, "text"))
    realms = build_content("realms", "en", "en")
    assert "hit 3 in round 13 scores (21 − 13) × 2 = 16" in \
        " ".join(b.text for s in realms.sections for b in s.blocks if hasattr(b, "text"))
