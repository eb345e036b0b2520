"""One reader per document: every JSON document tombgen writes is accepted by `tombgen
validate` and read back by the command that consumes it; every loader checks "format" and
"version" the same way; shipped map names work wherever a map is taken; verify works from any
folder."""

import json
import subprocess
import sys

import pytest
from documents_support import BOARD, TALLIES, make_documents, ok
from helpers import ROOT, only

from generator.cli import main
from generator.registry import formats


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One document of every format tombgen writes, made by its command: {format: path}."""
    return make_documents(tmp_path_factory.mktemp("docs"))


def test_every_format_is_made_here_and_validates(runner, made):
    # a format added without a case here fails: every document must be readable back
    assert sorted(made) == sorted(formats())
    for fmt, path in made.items():
        result = runner.invoke(main, ["validate", str(path)])
        assert result.exit_code == 0 and result.output.endswith(": valid\n"), (fmt,
                                                                               result.output)


@pytest.mark.parametrize("version", [2, "1", True, 1.0, None, [1]])
def test_every_loader_checks_the_version_the_same_way(runner, made, tmp_path, version):
    for fmt, path in made.items():
        doc = json.loads(path.read_text())
        doc["version"] = version
        bad = tmp_path / path.name
        bad.write_text(json.dumps(doc))
        result = runner.invoke(main, ["validate", str(bad)])
        assert result.exit_code == 2 and "[version]: unsupported version" in result.output, fmt


def test_readers_of_items_refuse_other_formats_and_versions(runner, made, tmp_path):
    dig = json.loads(made["tombgen/tanis.dig"].read_text())
    cases = [
        (["tanis", "simulate", "--games", "1", "--dig"], dict(dig, version=2), "[version]"),
        (["tut", "simulate", "--games", "1", "--trail"], dig, "is not a tut trail"),
        (["tumba", "simulate", "--games", "1", "--setup"], dict(dig, format="x"), "[format]"),
        (["tumba", "roll", "1", "2", "3", "--board"], dict(BOARD, version="1"), "[version]"),
        (["realms", "replay"], {"format": "tombgen/realms.record", "version": 1.0}, "[version]"),
        (["tumba", "replay"], {"format": "tombgen/tumba.record"}, "[version]"),
        (["realms", "validate"], dict(json.loads(made["tombgen/realms.map"].read_text()),
                                      version=2), "[version]"),
    ]
    for args, doc, words in cases:
        path = tmp_path / "doc.json"
        path.write_text(json.dumps(doc))
        result = runner.invoke(main, [*args, str(path), "--out", str(tmp_path / "o")]
                               if "simulate" in args else [*args, str(path)])
        assert result.exit_code == 2 and words in result.output, (args, result.output)


def test_documents_are_read_back_by_the_commands_that_take_them(runner, made, tmp_path):
    sim = ["--games", "1", "--seed", "1", "--out", str(tmp_path)]
    ok(runner, "tanis", "simulate", *sim, "--dig", str(made["tombgen/tanis.dig"]))
    ok(runner, "tut", "simulate", *sim, "--trail", str(made["tombgen/tut.trail"]))
    ok(runner, "tumba", "simulate", *sim, "--setup", str(made["tombgen/tumba.setup"]))
    ok(runner, "tumba", "roll", "1", "2", "3", "--board", str(made["tombgen/tumba.setup"]))
    ok(runner, "tumba", "roll", "1", "2", "3", "--board", str(made["tombgen/tumba.board"]))
    ok(runner, "realms", "replay", str(made["tombgen/realms.record"]))
    ok(runner, "tumba", "replay", str(made["tombgen/tumba.record"]))
    ok(runner, "realms", "sheet", "--map", str(made["tombgen/realms.map"]), "--format", "json",
       "--seed", "1", "--out", str(tmp_path))
    verified = ok(runner, "verify", str(made["tombgen/batch.manifest"]))
    assert "7 of 7 match" in verified.output


def test_shipped_map_names_work_wherever_a_map_is_taken(runner, tmp_path):
    assert ok(runner, "realms", "validate", "map-2").output.endswith("map-2.toml: valid\n")
    ok(runner, "realms", "score", "-", "--map", "map-3", input=json.dumps(TALLIES))
    ok(runner, "realms", "simulate", "--map", "map-4", "--games", "1", "--seed", "1", "--out",
       str(tmp_path))
    ok(runner, "realms", "sheet", "--map", "map-2", "--seed", "1", "--format", "json", "--out",
       str(tmp_path))
    unknown = runner.invoke(main, ["realms", "validate", "map-9"])
    assert unknown.exit_code == 2 and "shipped maps: map-1, map-2, map-3, map-4" in unknown.output


def test_verify_works_from_any_folder(tmp_path):
    """A sheet made from a map file given by a relative path is verified from elsewhere."""
    work = tmp_path / "club"
    work.mkdir()
    (work / "maps").mkdir()
    (work / "maps" / "ours.toml").write_text((ROOT / "maps" / "realms" / "map-3.toml").read_text())
    env_run = {"cwd": work, "capture_output": True, "text": True, "timeout": 300,
                   "env": {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}}
    made = subprocess.run([sys.executable, "-m", "generator", "realms", "sheet", "--map",
                           "maps/ours.toml", "--seed", "5", "--out", "prints", "--format",
                           "pdf,json"], **env_run)
    assert made.returncode == 0, made.stderr
    pdf = only(work / "prints", "realms-sheet-5-map-ours-*.pdf")
    doc = json.loads(only(work / "prints", "realms-sheet-5-map-ours-*.json").read_text())
    assert doc["options"]["map"] == str(work / "maps" / "ours.toml")  # stored resolvable
    elsewhere = dict(env_run, cwd=tmp_path)
    for target in (pdf, pdf.with_suffix(".json")):
        check = subprocess.run([sys.executable, "-m", "generator", "verify", str(target)],
                               **elsewhere)
        assert check.returncode == 0 and "1 of 1 match" in check.stdout, check.stdout
