"""The cases of the hostile battery (a new user's and a hostile tester's tries on the command
line) that did not hold, each pinned: documents whose counts are out of bounds, documents no
command makes, a run that fails and publishes, names that collide, wrong causes and the three
error formats. Each test fails on the version before its fix (the docstring says what that
version did)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from documents_support import make_documents
from helpers import full_disk

from generator.cli import main


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    return make_documents(tmp_path_factory.mktemp("battery-docs"))


def changed(docs, fmt: str, folder: Path, change, name: str = "doc.json") -> Path:
    """A copy of the document of ``fmt`` with ``change(doc)`` applied."""
    doc = json.loads(docs[fmt].read_text())
    change(doc)
    path = folder / name
    path.write_text(json.dumps(doc))
    return path


def error(result, *words) -> str:
    """The one error line of a refusal (exit 2), holding every word; no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.startswith("tombgen: error:")]
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# ------------------------------------------------------------------- 1: counts in documents

@pytest.mark.parametrize("fmt, change, words", [
    # a trail for a billion players: read as one (the count was left to the rules)
    ("tombgen/tut.trail", lambda d: d.update(players=10 ** 9),
     ["[players]: 1000000000 is out of range", "players at the table: 2–6"]),
    ("tombgen/tut.trail", lambda d: d.update(path=d["path"] * 3000),
     ["[path]: 207,000 entries", "at most 69"]),
    ("tombgen/tanis.dig", lambda d: d.update(layers=d["layers"] * 100),
     ["[layers]: 400 entries", "layers in the box: at most 4"]),
    ("tombgen/tanis.dig", lambda d: d.update(layers=[d["layers"][0] * 1000] + d["layers"][1:]),
     ["[layers[0]]: 10,000 entries", "tiles in a layer: at most 10"]),
    ("tombgen/tumba.setup", lambda d: d.update(players=7), ["[players]: 7", "players: 2–6"]),
    ("tombgen/tumba.setup", lambda d: d.update(log=d["log"] * 5000),
     ["[log]: 150,000 entries"]),
    ("tombgen/tumba.board", lambda d: d.update(players=2 ** 40), ["[players]", "2–6"]),
    ("tombgen/realms.sheet", lambda d: d.update(players=9), ["[players]: 9", "players: 1–8"]),
    ("tombgen/realms.map", lambda d: d.update(stone=d["stone"] * 100),
     ["[stone]", "squares of the largest map: at most 256"]),
    ("tombgen/tanis.simulation", lambda d: d.update(games=10 ** 12),
     ["[games]: 1000000000000 is out of range", "1–100,000"]),
    ("tombgen/tut.simulation", lambda d: d.update(seats=d["seats"] * 50_000),
     ["[seats]", "at most 6"]),
    ("tombgen/realms.rating", lambda d: d.update(games=10 ** 9), ["[games]", "1–100,000"]),
    ("tombgen/tanis.dig", lambda d: d.update(count=5000), ["[count]: 5000", "1–1,000"]),
    ("tombgen/tanis.dig", lambda d: d.update(item=3), ["[item]: 3", "1–2"]),
])
def test_a_count_beyond_its_bound_is_exit_2_with_the_range(runner, docs, tmp_path, fmt, change,
                                                         words):
    path = changed(docs, fmt, tmp_path, change)
    error(runner.invoke(main, ["validate", str(path)]), str(path), *words)


def test_a_huge_count_is_refused_at_once(runner, docs, tmp_path):
    """a trail of 200,000 path cells was checked cell by cell (13 s) and its report ran to 72
    million characters"""
    import time

    path = changed(docs, "tombgen/tut.trail", tmp_path, lambda d: d.update(path=d["path"] * 3000))
    start = time.monotonic()
    result = runner.invoke(main, ["tut", "simulate", "--trail", str(path), "--games", "1",
                                  "--out", str(tmp_path / "o")])
    error(result, "[path]: 207,000 entries")
    assert time.monotonic() - start < 5 and not (tmp_path / "o").exists()


def test_a_manifest_with_a_huge_count_is_refused_before_any_rebuild(runner, docs, tmp_path):
    """verify rebuilt the units of a manifest item whose count was a billion (hours)"""
    doc = json.loads(docs["tombgen/batch.manifest"].read_text())
    doc["items"][0]["count"] = 10 ** 9
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(doc))
    for command in (["verify", str(folder)], ["validate", str(folder / "manifest.json")]):
        error(runner.invoke(main, command), "[items[0]] [count]: 1000000000 is out of range")


# --------------------------------------------- 2: documents no command makes; no traceback

@pytest.mark.parametrize("change, words", [
    (lambda d: d["options"].update(bogus=1), ["[options.bogus]", "no option bogus"]),
    (lambda d: d["options"].update(style="zigzag"), ["[options.style]", "--style zigzag"]),
    (lambda d: d.update(options=[1]), ["[options]: expected an object"]),
    (lambda d: d.update(seed=-5), ["[seed]: -5 is not a seed"]),
    (lambda d: d.update(extra=3), ["[extra]: no command writes this key"]),
    (lambda d: d.update(lang="de"), ["[lang]: de is not a language"]),
])
def test_validate_refuses_what_no_command_makes(runner, docs, tmp_path, change, words):
    """each of these was "valid" (exit 0)"""
    path = changed(docs, "tombgen/tanis.dig", tmp_path, change)
    error(runner.invoke(main, ["validate", str(path)]), *words)


def test_a_json_map_with_an_unknown_key_is_refused_as_its_toml_file_is(runner, docs, tmp_path):
    """a JSON map took any key; its TOML file refuses one"""
    path = changed(docs, "tombgen/realms.map", tmp_path, lambda d: d.update(colour="red"))
    for command in (["validate", str(path)], ["realms", "validate", str(path)],
                    ["realms", "sheet", "--map", str(path), "--out", str(tmp_path / "o")]):
        error(runner.invoke(main, command), "[colour]: no command writes this key")
    toml = tmp_path / "map.toml"
    toml.write_text('colour = "red"\n' + (Path(__file__).parents[1] / "maps" / "realms" /
                                           "map-2.toml").read_text())
    assert runner.invoke(main, ["realms", "validate", str(toml)]).exit_code == 2


def test_verify_of_a_document_naming_an_unknown_option_does_not_trace_back(runner, docs,
                                                                          tmp_path):
    """verify printed FAILED (TypeError: generate_dig() got an unexpected keyword argument)"""
    path = changed(docs, "tombgen/tanis.dig", tmp_path, lambda d: d["options"].update(bogus=1))
    error(runner.invoke(main, ["verify", str(path)]), "[options.bogus]")
    doc = json.loads(docs["tombgen/batch.manifest"].read_text())
    doc["items"][0]["options"]["bogus"] = 1
    (tmp_path / "manifest.json").write_text(json.dumps(doc))
    error(runner.invoke(main, ["verify", str(tmp_path / "manifest.json")]),
          "[items[0]] [options.bogus]")


def pdf_with_keywords(source: Path, out: Path, change) -> Path:
    from pypdf import PdfReader, PdfWriter

    meta = dict(PdfReader(source).metadata)
    meta["/Keywords"] = change(meta["/Keywords"])
    writer = PdfWriter(clone_from=str(source))
    writer.add_metadata(meta)
    writer.write(out)
    return out


@pytest.mark.parametrize("change, words", [
    (lambda k: k.replace('options={"style":', 'options={"bogus":1,"style":'),
     ["[options.bogus]: tanis dig has no option bogus"]),
    (lambda k: k.replace('options={"style":"random"}', 'options={"style":"zz"}'),
     ["[options.style]: --style zz"]),
    (lambda k: k.replace("count=1", "count=99999999999"), ["[count]: 99999999999"]),
    (lambda k: k.replace("seed=4", "seed=-4"), ["[seed]: -4 is not a whole number"]),
    (lambda k: k.replace('options={"style":"random"}', "options={"), ["options=", "JSON"]),
    (lambda k: k.replace("paper=a4", "paper=a3"), ["paper must be one of a4, letter"]),
])
def test_verify_of_a_pdf_whose_metadata_no_run_made_is_one_line(runner, tmp_path, change,
                                                                words):
    """an unknown option in the keywords: a 60-line traceback and exit 1"""
    made = runner.invoke(main, ["tanis", "dig", "--seed", "4", "--format", "pdf", "--out",
                                str(tmp_path)])
    assert made.exit_code == 0, made.output
    pdf = pdf_with_keywords(tmp_path / "tanis-dig-4.pdf", tmp_path / "changed.pdf", change)
    error(runner.invoke(main, ["verify", str(pdf)]), str(pdf), *words)


def test_duplicate_keys_are_an_error_naming_the_key(runner, docs, tmp_path):
    """the last of two "players" won, silently"""
    text = docs["tombgen/tut.trail"].read_text().replace('"players": 4,',
                                                           '"players": 4,\n  "players": 5,')
    path = tmp_path / "twice.json"
    path.write_text(text)
    line = error(runner.invoke(main, ["validate", str(path)]), "the key players is given twice")
    assert f"{path}:8:3:" in line  # the second "players"


def test_a_byte_order_mark_is_read(runner, docs, tmp_path):
    """JSON: "decode using utf-8-sig"; TOML: "Invalid statement" (files Windows Notepad saved)"""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + docs["tombgen/tut.trail"].read_bytes())
    assert runner.invoke(main, ["validate", str(path)]).exit_code == 0
    toml = tmp_path / "bom.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + (Path(__file__).parents[1] / "maps" / "realms" /
                                        "map-2.toml").read_bytes())
    assert runner.invoke(main, ["realms", "validate", str(toml)]).exit_code == 0


# ------------------------------------------------------------- 3: a failed run publishes nothing

def test_force_with_a_folder_in_the_way_publishes_nothing(runner, tmp_path):
    """the run printed wrote for every file, exited 2 and left the SVGs and JSON published"""
    (tmp_path / "tanis-dig-3.pdf").mkdir()
    result = runner.invoke(main, ["tanis", "dig", "--seed", "3", "--out", str(tmp_path),
                                  "--force"])
    error(result, "tanis-dig-3.pdf: a folder has the name of a file this run writes")
    assert "wrote" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tanis-dig-3.pdf"]


def test_a_batch_unit_with_a_folder_in_the_way_publishes_none_of_its_files(runner, tmp_path):
    """with --force the unit's SVGs were renamed before the folder stopped its PDF"""
    config = tmp_path / "b.toml"
    config.write_text('[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 3\n')
    out = tmp_path / "out"
    (out / "tanis-dig-3.pdf").mkdir(parents=True)
    result = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(out),
                                  "--force"])
    assert result.exit_code == 1 and "a folder has the name" in result.stderr, result.output
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == \
        ["manifest.json", "tanis-dig-3.pdf"]


@pytest.mark.parametrize("command", [
    ["tanis", "simulate", "--games", "2", "--seed", "1"],
    ["aid", "tanis"],
    ["tanis", "dig", "--seed", "1"],
])
def test_a_full_disk_leaves_no_folder_the_run_created(runner, tmp_path, monkeypatch, command):
    """simulate and aid left the empty --out folder they had created"""
    full_disk(monkeypatch)
    out = tmp_path / "new" / "out"
    error(runner.invoke(main, [*command, "--out", str(out)]), "no space left on the device")
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_in_a_batch_leaves_no_spool(runner, tmp_path, monkeypatch):
    """.tombgen-parts/*.spool stayed behind"""
    import errno

    from generator.batch import assemble

    config = tmp_path / "b.toml"
    config.write_text('[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 4\nseed = 5\n')
    real = os.pwrite

    def full(fd, data, offset):
        if offset > 0:  # the second part: the spool holds one already
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data, offset)

    monkeypatch.setattr(assemble.os, "pwrite", full)
    out = tmp_path / "out"
    error(runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(out)]),
          ".spool: cannot write: no space left")
    assert not (out / ".tombgen-parts").exists()
    assert not any(p.name.endswith(".part") for p in out.iterdir())


# ------------------------------------------------------------------ 4: names that never collide

def test_count_runs_of_different_sizes_do_not_share_names(runner, tmp_path):
    """--count 7 then --count 3 wrote tanis-dig-5-1.json… twice: the second run refused to
    replace the first's (their footers say "1 of 7" and "1 of 3")"""
    for count in ("7", "3"):
        result = runner.invoke(main, ["tanis", "dig", "--seed", "5", "--count", count,
                                      "--format", "json", "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 10 and "tanis-dig-5-count-7-1.json" in names \
        and "tanis-dig-5-count-3-1.json" in names


# -------------------------------------------------------- 5: the real cause, in one format

def test_a_usage_error_is_in_tombgens_format_with_the_usage_on_a_second_line(runner):
    """click's "Usage: … Try '… --help' for help. Error: Argument 'dice' takes 3 values." """
    result = runner.invoke(main, ["tumba", "roll", "1", "2"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "tombgen: error: argument dice takes 3 values",
        "  usage: tombgen tumba roll [OPTIONS] D1 D2 D3  (tombgen tumba roll --help for more)"]
    result = runner.invoke(main, ["tanis", "dig", "--paper", "a3"])
    assert result.stderr.splitlines()[0] == "tombgen: error: --paper: a3 is not one of a4, letter"


def test_a_long_value_is_cut_at_80_characters(runner):
    """a 5,000-digit seed was echoed in full"""
    result = runner.invoke(main, ["tanis", "dig", "--seed", "5" * 5000])
    line = error(result, "--seed: " + "5" * 80 + "… (4,920 more characters)")
    assert len(line) < 200


def test_a_doubled_prefix_is_gone(runner, tmp_path):
    """b.toml:4: item 1: item 1 has no game; item 1 (tut trail): tombgen tut trail: --table…"""
    config = tmp_path / "b.toml"
    config.write_text('[[item]]\nkind = "dig"\n\n[[item]]\ngame = "tut"\nkind = "trail"\n'
                      'table = "3x3"\nseed = 1\n')
    result = runner.invoke(main, ["batch", str(config), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert f"{config}:1: item 1: no game = " in result.stderr
    assert f"{config}:7: item 2 (tut trail): --table 3x3: too small" in result.stderr
    assert "item 1: item 1" not in result.stderr and "tombgen tut trail:" not in result.stderr


def test_out_on_a_file_system_that_takes_no_files_says_so(runner, tmp_path):
    """out = "/proc" was "the folder is gone (removed while tombgen was writing?)" """
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    error(runner.invoke(main, ["tanis", "dig", "--seed", "1", "--out", "/proc/tombgen"]),
          "/proc takes no new files (a special file system")
    config = tmp_path / "b.toml"
    config.write_text('[batch]\nout = "/proc"\n\n[[item]]\ngame = "tanis"\nkind = "dig"\n'
                      'seed = 1\n')
    error(runner.invoke(main, ["batch", str(config), "--jobs", "1"]), "/proc takes no new files")


def test_a_dangling_link_as_out_is_named_as_one(runner, tmp_path):
    """--out LINK: "exists and is not a folder" """
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    error(runner.invoke(main, ["tanis", "dig", "--seed", "1", "--out", str(link)]),
          f"{link} is a symbolic link to {tmp_path / 'nowhere'}, which does not exist")


def test_validate_of_a_pdf_says_it_is_a_pdf(runner, tmp_path):
    """"not UTF-8 text (byte 11); save it as UTF-8" """
    made = runner.invoke(main, ["tanis", "dig", "--seed", "4", "--format", "pdf", "--out",
                                str(tmp_path)])
    assert made.exit_code == 0
    error(runner.invoke(main, ["validate", str(tmp_path / "tanis-dig-4.pdf")]),
          "is a PDF file, not a text document; tombgen verify checks a PDF")


def test_verify_of_a_folder_of_simulations_says_what_it_found(runner, tmp_path):
    """"no manifest.json and no tombgen JSON or PDF to verify", next to a simulation JSON"""
    made = runner.invoke(main, ["tanis", "simulate", "--games", "2", "--seed", "1", "--out",
                                str(tmp_path)])
    assert made.exit_code == 0
    error(runner.invoke(main, ["verify", str(tmp_path)]),
          "tanis-simulation-1-games-2.json (tombgen/tanis.simulation): tombgen documents that "
          "are not items")


def test_a_player_no_order_lists_is_named_where_it_is_written(runner):
    """"[order]: Z missing", for a name in holdings"""
    doc = {"variant": "en", "value": 2, "holdings": {"A": 1, "Z": 1}, "order": ["B", "A"]}
    error(runner.invoke(main, ["tut", "score-set", "-"], input=json.dumps(doc)),
          "<stdin> [holdings.Z]: Z is not a player of order (B, A)")


def test_a_control_character_in_map_is_placed_in_the_value_typed(runner, tmp_path):
    """the character was placed in the absolute path the value was made into (character 40)"""
    name = "m\x01.toml"
    (tmp_path / name).write_text((Path(__file__).parents[1] / "maps" / "realms" /
                                  "map-2.toml").read_text())
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(main, ["realms", "sheet", "--map", name, "--out", "o"])
    finally:
        os.chdir(here)
    error(result, "--map: the value holds a control character (U+0001) at character 2")
