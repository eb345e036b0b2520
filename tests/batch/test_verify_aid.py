"""A player-aid PDF records every option it was made with: `tombgen verify FILE.pdf` rebuilds it
alone, and a changed byte is a mismatch."""

import pytest

from generator.aids.build import aid_keywords, aid_options
from generator.cli import main
from generator.draw.pdfjoin import read_info


def test_keywords_give_the_options_back():
    options = {"lang": "en", "size": "poker", "variant": "fr", "bleed": 1.5, "mono": True,
               "crop": True, "nup": True, "paper": "letter", "backs": True, "cmyk": True}
    assert aid_options(aid_keywords("tut", **options)) == ("tut", options)
    single = dict(options, nup=False, paper=None, backs=False)
    assert "paper=none" in aid_keywords("tut", **single)
    assert aid_options(aid_keywords("tut", **single)) == ("tut", single)
    # an aid PDF from before aids recorded everything, and a product's keywords: not an aid's
    assert aid_options("tombgen, tut, aid, lang=en, size=poker, variant=en, bleed=0") is None
    assert aid_options("tombgen, tut, aid, lang=en, size=poker, variant=en, bleed=0, mono=no, "
                       "crop=no, nup=no, paper=a4") is None       # before --backs was recorded
    assert aid_options("tombgen, tut, aid, lang=en, size=poker, variant=en, bleed=0, mono=no, "
                       "crop=no, nup=no, paper=none, backs=no") is None   # before --cmyk
    assert aid_options("tombgen, tanis, dig, seed=1, count=1") is None


@pytest.mark.parametrize("extra", [[], ["--nup", "--paper", "letter", "--mono", "--backs"]])
def test_verify_an_aid_pdf_alone(runner, tmp_path, extra):
    made = runner.invoke(main, ["aid", "tanis", "--out", str(tmp_path)] + extra)
    assert made.exit_code == 0, made.output
    (pdf,) = tmp_path.glob("*.pdf")
    keywords = read_info(pdf)["Keywords"]
    assert ("nup=yes" in keywords) == bool(extra) and ("mono=yes" in keywords) == bool(extra)
    ok = runner.invoke(main, ["verify", str(pdf)])
    assert ok.exit_code == 0, ok.output
    assert ok.output.startswith(f"ok       {pdf}")
    data = bytearray(pdf.read_bytes())
    data[len(data) // 2] ^= 0x01
    pdf.write_bytes(bytes(data))
    bad = runner.invoke(main, ["verify", str(pdf)])
    assert bad.exit_code == 1 and f"MISMATCH {pdf}" in bad.output
