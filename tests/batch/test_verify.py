"""`tombgen verify`: regenerate from recorded seeds and options; any changed byte is caught."""

import json

import pytest
from batch_support import TANIS, example_config, write

from generator.batch.run import run_batch
from generator.batch.verify import verify_path
from generator.cli import main
from generator.core.errors import InputError


@pytest.fixture
def made(tmp_path):
    config = write(tmp_path, example_config(light=True) + "\n" + TANIS.format(count=1, seed=77))
    run_batch(config, out=tmp_path / "out", jobs=1)
    return tmp_path / "out"


def flip_byte(path, offset=-40):
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))


def status(checks):
    return {c.name: c.status for c in checks}


def test_folder_ok_then_one_edited_byte_is_named(runner, made):
    result = runner.invoke(main, ["verify", str(made), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "ok       tanis-dig-77.json" in result.output
    doc = json.loads((made / "manifest.json").read_text())
    svg = next(e["name"] for e in doc["files"] if e["format"] == "svg" and e["item"] == 2)
    flip_byte(made / svg)
    result = runner.invoke(main, ["verify", str(made), "--jobs", "1"])
    assert result.exit_code == 1
    assert f"MISMATCH {svg}" in result.output and f"do not match: {svg}" in result.output
    assert sum(1 for line in result.output.splitlines() if line.startswith("MISMATCH")) == 1


def test_folder_missing_file_and_manifest_path(made):
    (made / "tanis-dig-77.pdf").unlink()
    checks = verify_path(made / "manifest.json", jobs=1)
    assert status(checks)["tanis-dig-77.pdf"] == "missing"
    assert sum(1 for c in checks if not c.ok) == 1


def test_joined_pdf_ok_and_mismatch(runner, made):
    doc = json.loads((made / "manifest.json").read_text())
    pdf = made / next(e["name"] for e in doc["files"] if e["format"] == "pdf" and e["item"] == 1)
    assert runner.invoke(main, ["verify", str(pdf), "--jobs", "1"]).exit_code == 0
    flip_byte(pdf, len(pdf.read_bytes()) // 2)
    result = runner.invoke(main, ["verify", str(pdf), "--jobs", "1"])
    assert result.exit_code == 1 and f"MISMATCH {pdf}" in result.output


def test_single_item_pdf_and_json(made):
    pdf, doc = made / "tanis-dig-77.pdf", made / "tanis-dig-77.json"
    assert all(c.ok for c in verify_path(pdf) + verify_path(doc))
    flip_byte(pdf, 300)
    text = doc.read_text().replace('"seed": 77', '"seed": 78')
    doc.write_text(text)
    assert [c.status for c in verify_path(pdf)] == ["MISMATCH"]
    assert [c.status for c in verify_path(doc)] == ["MISMATCH"]


def test_json_of_a_count_item(made):
    doc = json.loads((made / "manifest.json").read_text())
    name = next(e["name"] for e in doc["files"] if e["format"] == "json" and e["sub"] == 3)
    assert [c.status for c in verify_path(made / name)] == ["ok"]
    path = made / name
    # says it is item 2: item 2 of that run is another item, so the body no longer matches
    path.write_text(path.read_text().replace('"item": 3', '"item": 2'))
    assert [c.status for c in verify_path(path)] == ["MISMATCH"]


def test_cli_made_files_verify_too(runner, tmp_path):
    out = tmp_path / "cli"
    runner.invoke(main, ["tanis", "dig", "--seed", "5", "--count", "2", "--mono", "--paper",
                         "letter", "--style", "classic", "--out", str(out)])
    result = runner.invoke(main, ["verify", str(out)])
    pdf = out / "tanis-dig-5-style-classic-count-2-paper-letter-mono.pdf"
    assert result.exit_code == 0 and "ok       " + str(pdf) in result.output
    assert "3 of 3 match" in result.output


def test_files_from_another_version_are_reported(tmp_path, made):
    path = made / "tanis-dig-77.json"
    doc = json.loads(path.read_text())
    doc["generator"] = "tombgen 0.0.9"
    path.write_text(json.dumps(doc))
    check = verify_path(path)[0]
    assert check.status == "VERSION" and "tombgen 0.0.9" in check.detail
    manifest = json.loads((made / "manifest.json").read_text())
    manifest["generator"] = "tombgen 0.0.9"
    (made / "manifest.json").write_text(json.dumps(manifest))
    assert [c.status for c in verify_path(made)] == ["VERSION"]


def test_unusable_targets(tmp_path):
    with pytest.raises(InputError, match="not found"):
        verify_path(tmp_path / "nothing")
    (tmp_path / "a.svg").write_text("<svg/>")
    with pytest.raises(InputError, match="SVG"):
        verify_path(tmp_path / "a.svg")
    (tmp_path / "b.pdf").write_bytes(b"%PDF-1.4\nnot really")
    with pytest.raises(InputError, match="metadata"):
        verify_path(tmp_path / "b.pdf")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match=r"nothing|no manifest"):
        verify_path(empty)
