"""``tombgen validate``'s own module (generator/validate.py) and the report it returns
(generator/core/report.py), in process: which checker a document goes to, the subject every
report names, and the words of its refusals. Expected texts are written out by hand."""

from __future__ import annotations

import copy
import io
import json
import sys

import pytest

from generator.core.envelope import dumps, envelope
from generator.core.errors import InputError, RuleError
from generator.core.report import Report, Violation
from generator.validate import read_item, validate_document, validate_file

# a 5 x 4 Tanis dig box, first layer: two 2 x 1 tiles stacked at the left
TILE_A, TILE_B = {"x": 0, "y": 0, "w": 2, "h": 1}, {"x": 0, "y": 1, "w": 2, "h": 1}


@pytest.fixture(scope="module")
def dig() -> dict:
    from generator.produce import build

    (built,) = build("tanis", "dig", 3, render=False)
    doc = json.loads(dumps(built.document()))
    assert doc["layers"][0][:2] == [TILE_A, TILE_B]      # what the tests below break
    return doc


def overlapping(dig: dict) -> dict:
    doc = copy.deepcopy(dig)
    doc["layers"][0][1] = dict(TILE_A)                    # tile 2 laid on tile 1
    return doc


def test_a_valid_document_gets_a_clean_report_named_after_its_source(dig):
    report = validate_document("tombgen/tanis.dig", dig, "my-dig.json")
    assert (report.subject, report.ok, report.violations) == ("my-dig.json", True, [])


def test_every_problem_of_a_broken_document_is_reported(dig):
    report = validate_document("tombgen/tanis.dig", overlapping(dig), "d.json")
    assert report.subject == "d.json"
    assert [(v.code, v.where) for v in report.violations] == [
        ("overlap", "layer 1 tile 1 at (0, 0)"), ("gap", "layer 1")]
    assert report.violations[0].message == "overlaps tile 2"


def test_an_unknown_format_names_the_formats_tombgen_reads():
    with pytest.raises(InputError) as caught:
        validate_document("tombgen/zzz.x", {}, "z.json")
    message = caught.value.message
    assert message.startswith("z.json [format]: unknown format tombgen/zzz.x; tombgen reads ")
    assert "tombgen/tanis.dig" in message and "tombgen/batch.manifest" in message


def test_a_document_that_is_no_product_goes_to_its_own_checker_with_its_source():
    # a Tanis score document (written by hand: player 1 holds snakes 1-2, player 2 ankhs 4-6)
    # without its "first": the refusal scoring gives names the source and the place
    doc = {"format": "tombgen/tanis.score", "version": 1, "winner": 2, "tie": False,
           "decided_by": "points",
           "players": [{"groups": [{"type": "snake", "numbers": [1, 2], "points": 2}],
                        "total": 2},
                       {"groups": [{"type": "ankh", "numbers": [4, 5, 6], "points": 4}],
                        "total": 4}]}
    report = validate_document("tombgen/tanis.score", doc, "s.json")
    assert report.subject == "s.json"
    assert report.violations == [Violation(
        "score-tiles", "s.json [first]: expected the player who took the first turn, 1 or 2",
        "players")]


def test_a_malformed_document_is_refused_naming_its_source(dig):
    doc = copy.deepcopy(dig)
    doc["layers"] = "x"
    with pytest.raises(InputError) as caught:
        validate_document("tombgen/tanis.dig", doc, "d.json")
    assert caught.value.message == "d.json [layers]: expected a list of layers"


def test_the_known_formats_are_listed_one_by_one():
    with pytest.raises(InputError) as caught:
        validate_document("tombgen/tanis.zzz", {}, "z.json")
    assert "; tombgen reads tombgen/realms.sheet, tombgen/realms.map, " in caught.value.message


def test_a_manifest_goes_to_the_batch_checker():
    # a batch manifest is checked by the batch feature's checker, named after the source
    report = validate_document("tombgen/batch.manifest", {"format": "tombgen/batch.manifest"},
                               "m.json")
    assert report.subject == "m.json" and not report.ok


def test_a_file_is_read_and_named_as_given(dig, tmp_path):
    path = tmp_path / "d.json"
    path.write_text(dumps(overlapping(dig)), encoding="utf-8")
    report = validate_file(path)
    assert report.subject == str(path) and report.codes == {"overlap", "gap"}
    path.write_text(dumps(dig), encoding="utf-8")
    assert validate_file(str(path)).ok


def test_a_games_own_file_kind_goes_to_its_reader():
    report = validate_file("maps/realms/map-2.toml")
    assert (report.subject, report.ok) == ("maps/realms/map-2.toml", True)


def test_standard_input_is_named_stdin(dig, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(dumps(dig).encode())))
    report = validate_file("-")
    assert (report.subject, report.ok) == ("<stdin>", True)


def test_read_item_returns_the_checked_item(dig, tmp_path):
    path = tmp_path / "d.json"
    path.write_text(dumps(dig), encoding="utf-8")
    item = read_item(path, "tanis", "dig")
    assert item is not None and not isinstance(item, Report)


def test_read_item_refuses_another_format_with_the_command_that_makes_one(tmp_path):
    path = tmp_path / "setup.json"
    path.write_text(dumps(envelope("tumba", "setup", 1, {})), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_item(path, "tanis", "dig")
    assert caught.value.message == (
        f"{path} [format]: tombgen/tumba.setup is not a tanis dig; this option needs a "
        "tombgen/tanis.dig document (make one with `tombgen tanis dig --format json`)")


def test_read_item_names_standard_input_and_a_malformed_file(dig, tmp_path, monkeypatch):
    other = dumps(envelope("tumba", "setup", 1, {}))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(other.encode())))
    with pytest.raises(InputError) as caught:
        read_item("-", "tanis", "dig")
    assert caught.value.message.startswith("<stdin> [format]: tombgen/tumba.setup is not ")
    doc = copy.deepcopy(dig)
    doc["layers"] = "x"
    path = tmp_path / "bad.json"
    path.write_text(dumps(doc), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_item(path, "tanis", "dig")
    assert caught.value.message == f"{path} [layers]: expected a list of layers"


def test_read_item_refuses_an_item_breaking_a_rule_with_its_report(dig, tmp_path):
    path = tmp_path / "d.json"
    path.write_text(dumps(overlapping(dig)), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        read_item(path, "tanis", "dig")
    report = caught.value.report
    assert report.subject == str(path) and report.codes == {"overlap", "gap"}
    assert caught.value.message.startswith(f"{path}: not a valid tanis dig\n{path}: 2 problem(s)\n")


def test_a_report_in_words_and_as_json():
    report = Report("thing", [Violation("first-code", "is wrong", "row 2")])
    report.add("second-code", "is missing")
    other = Report("other")
    other.add("third-code", "too long", "line 9")
    report.extend(other)
    assert repr(Report("x")) == "Report('x', [])"
    assert report.codes == {"first-code", "second-code", "third-code"} and not report.ok
    assert report.text() == ("thing: 3 problem(s)\n"
                             "  - row 2: is wrong [first-code]\n"
                             "  - is missing [second-code]\n"
                             "  - line 9: too long [third-code]")
    assert report.to_dict() == {
        "subject": "thing", "valid": False,
        "violations": [{"code": "first-code", "message": "is wrong", "where": "row 2"},
                       {"code": "second-code", "message": "is missing", "where": ""},
                       {"code": "third-code", "message": "too long", "where": "line 9"}]}
    assert json.loads(report.json()) == report.to_dict()
    assert report.json().startswith('{\n  "subject": "thing"')      # indented for people
    assert Report("é").json() == '{\n  "subject": "é",\n  "valid": true,\n  "violations": []\n}'
    assert Report("ok").text() == "ok: valid" and Report("ok").ok
