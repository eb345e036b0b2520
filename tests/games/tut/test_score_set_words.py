"""`tut score-set` in words: the English rules pay coins; the French rules (Tutanchamun) have
none: the markers advance on the score board toward 1."""

from __future__ import annotations

import json

from generator.cli import main


def run(runner, tmp_path, doc, *args):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(main, ["tut", "score-set", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_english_players_pay(runner, tmp_path):
    doc = {"variant": "en", "value": 6, "holdings": {"ann": 3, "bob": 2, "cy": 1},
           "order": ["ann", "bob", "cy"]}
    assert run(runner, tmp_path, doc) == "ann pays 6\nbob pays 3\n"


def test_french_markers_advance(runner, tmp_path):
    doc = {"variant": "fr", "value": 8, "holdings": {"ann": 3, "bob": 1}, "order": ["ann", "bob"]}
    out = run(runner, tmp_path, doc)
    assert out == "ann advances 8 on the score board\nbob advances 4 on the score board\n"
    assert "pays" not in out
    assert run(runner, tmp_path, doc, "--lang", "fr") == (
        "ann avance de 8 sur le tableau de marque\nbob avance de 4 sur le tableau de marque\n")
    nobody = dict(doc, holdings={})
    assert run(runner, tmp_path, nobody) == "nobody advances for this set\n"
