import json

import pytest

from generator import GENERATOR
from generator.core.envelope import dumps, envelope, read_document
from generator.core.errors import InputError
from generator.core.output import atomic_write, check_dir, file_name
from generator.core.report import Report


def test_report_lists_every_violation():
    r = Report("thing")
    assert r.ok and r.text() == "thing: valid"
    r.add("a-code", "first problem", "here")
    r.add("b-code", "second problem")
    assert not r.ok and r.codes == {"a-code", "b-code"}
    text = r.text()
    assert "2 problem(s)" in text and "here: first problem [a-code]" in text
    data = json.loads(r.json())
    assert data["valid"] is False and [v["code"] for v in data["violations"]] == ["a-code", "b-code"]


def test_envelope_keys_first():
    doc = envelope("tanis", "dig", 5, {"box": [5, 4]})
    assert list(doc)[:4] == ["format", "version", "seed", "generator"]
    assert doc["format"] == "tombgen/tanis.dig" and doc["generator"] == GENERATOR


def test_read_document_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tombgen/tanis.dig",\n "version": 1,,}')
    with pytest.raises(InputError, match=r"bad.json:2:\d+: invalid JSON"):
        read_document(bad)
    nofmt = tmp_path / "nofmt.json"
    nofmt.write_text('{"a": 1}')
    with pytest.raises(InputError, match="expected \"format\""):
        read_document(nofmt)
    with pytest.raises(InputError, match="not found"):
        read_document(tmp_path / "missing.json")
    good = tmp_path / "good.json"
    good.write_text(dumps(envelope("tanis", "dig", 1, {})))
    assert read_document(good)[0] == "tombgen/tanis.dig"


def test_file_names():
    assert file_name("tanis", "dig", 7, "svg") == "tanis-dig-7.svg"
    assert file_name("tanis", "dig", 7, "svg", 3) == "tanis-dig-7-3.svg"


def test_atomic_write_leaves_nothing_on_failure(tmp_path):
    target = tmp_path / "x.txt"
    atomic_write(target, "hello")
    assert target.read_text() == "hello"
    with pytest.raises(TypeError):
        atomic_write(tmp_path / "y.txt", object())  # not bytes/str
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.txt"]


def test_check_dir(tmp_path):
    assert check_dir(tmp_path / "new" / "deeper") == tmp_path / "new" / "deeper"
    assert not (tmp_path / "new").exists()
    afile = tmp_path / "f"
    afile.write_text("")
    with pytest.raises(InputError, match="is a file"):
        check_dir(afile / "sub")
