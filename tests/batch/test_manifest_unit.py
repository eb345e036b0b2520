"""The batch manifest (generator/batch/manifest.py) in process, on items, units and folders
written by hand: checksums, reading, the keys a resumed entry is matched by, what a rerun keeps,
the recorded entries and failures, saving (atomic, throttled, failing cleanly) and the items
``verify`` reads back. Every expected value is pinned by hand; no batch is run."""

import json

import pytest
from batch_support import an_item, changed

from generator import GENERATOR
from generator.batch import manifest
from generator.batch.config import Config, Item
from generator.batch.manifest import Manifest, entry_key, file_sha256, items_from, pdf_key
from generator.batch.units import Unit
from generator.core.errors import InputError
from generator.core.output import OutputError

ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"   # SHA-256 of b"abc"
EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"  # of b""
CONF_SHA = "ab" * 32

DIG = an_item(0, 1, "tanis", "dig", 7, 2, "a4", False, ("svg", "pdf", "json"), {"style": "random"})
SETUP = an_item(1, 6, "tumba", "setup", 4, 1, "letter", True, ("json",),
             {"mode": "standard", "players": 4}, lang="fr")
AID = an_item(2, 9, "all", "aid", None, 2, "a4", False, ("pdf",),
           {"lang": "en", "size": "poker", "nup": False}, ("tanis", "tut"))


def unit(item: Item, sub: int, **changes) -> Unit:
    r = item.request
    made = r._replace(game=item.games[sub], count=1) if item.is_aid else r
    return Unit(item.index, sub, made._replace(**changes))


def book(tmp_path, *items: Item, every: float | None = None) -> Manifest:
    path = tmp_path / "b.toml"
    path.write_text("")
    config = Config(path, CONF_SHA, None, items)
    return Manifest(tmp_path, config) if every is None else Manifest(tmp_path, config, every)


# -- checksums and reading ---------------------------------------------------------------------

def test_file_sha256_of_a_file_and_of_none(tmp_path):
    (tmp_path / "abc").write_bytes(b"abc")
    (tmp_path / "empty").write_bytes(b"")
    assert file_sha256(tmp_path / "abc") == ABC
    assert file_sha256(tmp_path / "empty") == EMPTY
    assert file_sha256(tmp_path / "missing") is None
    assert file_sha256(tmp_path) is None   # a folder cannot be read as a file


def test_file_sha256_reads_a_file_larger_than_its_block(tmp_path):
    # 2 MiB + 3 bytes of "a": read in three blocks; the value is sha256sum's
    (tmp_path / "big").write_bytes(b"a" * ((2 << 20) + 3))
    assert file_sha256(tmp_path / "big") == (
        "94444f79251aaf2956ac6d46ef04f4e1cb8aa188d97f21fecd00e068e2b235b2")


def test_read_a_folder_without_a_manifest_and_with_one(tmp_path):
    assert manifest.read(tmp_path) is None
    doc = {"format": "tombgen/batch.manifest", "version": 1, "seed": None,
           "generator": GENERATOR, "files": []}
    (tmp_path / "manifest.json").write_text(json.dumps(doc))
    assert manifest.read(tmp_path) == doc
    assert manifest.read(str(tmp_path)) == doc


def test_read_refuses_a_file_that_is_not_a_manifest(tmp_path):
    path = tmp_path / "manifest.json"
    path.write_text('{"format": "tombgen/tanis.dig", "version": 1}')
    with pytest.raises(InputError) as err:
        manifest.read(tmp_path)
    assert err.value.message == (
        f'{path} [format]: "tombgen/tanis.dig" is not "tombgen/batch.manifest"\n'
        f"{path}: not a tombgen batch manifest; a batch would replace it: give another --out, "
        "or --force to replace it")
    assert err.value.__suppress_context__


# -- the keys a resumed entry is matched by -----------------------------------------------------

def test_an_entry_key_is_the_signature_of_the_unit_that_made_it():
    entry = {"name": "x.svg", "item": 1, "sub": 2, "game": "tanis", "kind": "dig", "seed": 7,
             "count": 2, "paper": "a4", "mono": False, "options": {"style": "random"},
             "format": "svg"}
    expected = ('{"count":2,"game":"tanis","kind":"dig","lang":"en","mono":false,'
                '"options":{"style":"random"},"paper":"a4","seed":7,"sub":1}')
    assert entry_key(entry) == expected   # no lang recorded: English
    assert manifest.unit_key(unit(DIG, 1)) == expected
    assert entry_key({**entry, "lang": "fr"}) == expected.replace('"en"', '"fr"')


def test_press_colours_are_part_of_a_files_key_and_a_joined_pdfs():
    """A --cmyk file is other bytes: its key says cmyk, the plain one's does not."""
    entry = {"name": "x.svg", "item": 1, "sub": 1, "game": "tanis", "kind": "dig", "seed": 7,
             "count": 2, "paper": "a4", "mono": False, "options": {"style": "random"}}
    assert entry_key({**entry, "cmyk": True}) == (
        '{"cmyk":true,"count":2,"game":"tanis","kind":"dig","lang":"en","mono":false,'
        '"options":{"style":"random"},"paper":"a4","seed":7,"sub":0}')
    joined = ('{"cmyk":true,"count":2,"game":"tanis","kind":"dig","lang":"en","mono":false,'
              '"options":{"style":"random"},"paper":"a4","pdf":true,"seed":7}')
    assert pdf_key(changed(DIG, cmyk=True)) == joined
    assert pdf_key({**entry, "sub": None, "cmyk": True}) == joined


def test_press_colours_are_recorded_with_a_file_and_a_joined_pdf(tmp_path):
    b = book(tmp_path, changed(DIG, cmyk=True))
    b.add_file(unit(DIG, 0, cmyk=True), "d1.svg", "svg", 1, "1" * 64, 10, None)
    b.add_pdf(changed(DIG, cmyk=True), "d.pdf", 2, "2" * 64, 20, {"valid": True})
    b.add_file(unit(DIG, 1), "d2.svg", "svg", 1, "3" * 64, 10, None)
    files = {f["name"]: f for f in b.document(True)["files"]}
    assert files["d1.svg"]["cmyk"] is True and files["d.pdf"]["cmyk"] is True
    assert "cmyk" not in files["d2.svg"]


def test_an_entry_key_of_an_empty_entry():
    assert entry_key({}) == ('{"count":null,"game":null,"kind":null,"lang":"en","mono":null,'
                             '"options":null,"paper":null,"seed":null,"sub":-1}')


def test_a_joined_pdf_key_from_its_item_and_from_its_entry():
    expected = ('{"count":2,"game":"tanis","kind":"dig","lang":"en","mono":false,'
                '"options":{"style":"random"},"paper":"a4","pdf":true,"seed":7}')
    assert pdf_key(DIG) == expected
    entry = {"name": "x.pdf", "sub": None, "game": "tanis", "kind": "dig", "seed": 7,
             "count": 2, "paper": "a4", "mono": False, "options": {"style": "random"}}
    assert pdf_key(entry) == expected
    assert pdf_key({**entry, "lang": None}) == expected
    assert pdf_key({**entry, "lang": "fr"}) == expected.replace('"en"', '"fr"')
    assert pdf_key(SETUP) == ('{"count":1,"game":"tumba","kind":"setup","lang":"fr","mono":true,'
                              '"options":{"mode":"standard","players":4},"paper":"letter",'
                              '"pdf":true,"seed":4}')


# -- recording and the document -----------------------------------------------------------------

def test_the_document_records_files_in_order_and_failures_sorted(tmp_path):
    b = book(tmp_path, DIG, SETUP, AID)
    b.add_file(unit(SETUP, 0), "s.json", "json", 0, "1" * 64, 30, {"valid": True,
                                                                   "violations": []})
    b.add_file(unit(DIG, 1), "d2.svg", "svg", 1, "2" * 64, 20, None)
    b.add_pdf(DIG, "d.pdf", 4, "3" * 64, 40, {"valid": True})
    b.add_file(unit(DIG, 0), "d1.json", "json", 0, "4" * 64, 10, None)
    b.add_file(unit(DIG, 0), "d1.svg", "svg", 1, "5" * 64, 11, None)
    b.add_file(unit(DIG, 0), "d1.txt", "txt", 1, "6" * 64, 12, None)
    b.add_file(unit(DIG, 0), "d0.txt", "txt", 1, "7" * 64, 13, None)
    b.add_file(unit(AID, 1), "tut.pdf", "pdf", 0, "8" * 64, 50, None)
    b.add_failure(unit(DIG, 1), 5, "boom")
    b.add_failure(unit(SETUP, 0), 6, "bang")
    b.add_failure(unit(DIG, 0), 7, "first")
    doc = b.document(True)
    assert list(doc) == ["format", "version", "seed", "generator", "config", "complete",
                         "items", "files", "failures"]
    assert (doc["format"], doc["version"], doc["seed"], doc["generator"]) == (
        "tombgen/batch.manifest", 1, None, GENERATOR)
    assert doc["config"] == {"path": str((tmp_path / "b.toml").resolve()), "sha256": CONF_SHA}
    assert doc["complete"] is True and b.document(False)["complete"] is False
    assert doc["items"] == [DIG.describe(), SETUP.describe(), AID.describe()]
    assert [f["name"] for f in doc["files"]] == [
        "d1.svg", "d1.json", "d0.txt", "d1.txt", "d2.svg", "d.pdf", "s.json", "tut.pdf"]
    files = {f["name"]: f for f in doc["files"]}
    assert files["d2.svg"] == {
        "name": "d2.svg", "item": 1, "sub": 2, "game": "tanis", "kind": "dig", "seed": 7,
        "derived_seed": 172596650, "count": 2, "paper": "a4", "mono": False, "lang": "en",
        "options": {"style": "random"}, "format": "svg", "pages": 1, "size": 20,
        "sha256": "2" * 64, "validation": None}
    assert files["s.json"] == {
        "name": "s.json", "item": 2, "sub": 1, "game": "tumba", "kind": "setup", "seed": 4,
        "derived_seed": 4, "count": 1, "paper": "letter", "mono": True, "lang": "fr",
        "options": {"mode": "standard", "players": 4}, "format": "json", "pages": 0,
        "size": 30, "sha256": "1" * 64, "validation": {"valid": True, "violations": []}}
    assert files["d.pdf"] == {
        "name": "d.pdf", "item": 1, "sub": None, "game": "tanis", "kind": "dig", "seed": 7,
        "derived_seed": None, "count": 2, "paper": "a4", "mono": False, "lang": "en",
        "options": {"style": "random"}, "format": "pdf", "pages": 4, "size": 40,
        "sha256": "3" * 64, "validation": {"valid": True}}
    assert files["tut.pdf"] == {   # an aid's language is one of its options: no lang key
        "name": "tut.pdf", "item": 3, "sub": 2, "game": "tut", "kind": "aid", "seed": None,
        "derived_seed": None, "count": 1, "paper": "a4", "mono": False,
        "options": {"lang": "en", "size": "poker", "nup": False}, "format": "pdf",
        "pages": 0, "size": 50, "sha256": "8" * 64, "validation": None}
    assert doc["failures"] == [
        {"item": 1, "sub": 1, "line": 7, "game": "tanis", "kind": "dig", "seed": 7,
         "error": "first"},
        {"item": 1, "sub": 2, "line": 5, "game": "tanis", "kind": "dig", "seed": 7,
         "error": "boom"},
        {"item": 2, "sub": 1, "line": 6, "game": "tumba", "kind": "setup", "seed": 4,
         "error": "bang"}]


def test_a_file_recorded_again_replaces_its_entry(tmp_path):
    b = book(tmp_path, DIG)
    b.add_file(unit(DIG, 0), "d1.svg", "svg", 1, "5" * 64, 11, None)
    b.add_file(unit(DIG, 0), "d1.svg", "svg", 1, "6" * 64, 12, None)
    [entry] = b.document(False)["files"]
    assert (entry["sha256"], entry["size"]) == ("6" * 64, 12)


def test_a_text_of_other_alphabets_is_kept_as_written(tmp_path):
    b = book(tmp_path, DIG)
    b.add_file(unit(DIG, 0, options={"name": "Ἀθῆναι"}), "é.svg", "svg", 1, "5" * 64, 1, None)
    assert '"é.svg"' in b.rows["é.svg"][1] and "Ἀθῆναι" in b.rows["é.svg"][1]


# -- saving -------------------------------------------------------------------------------------

def saved(folder):
    return (folder / "manifest.json").read_text(encoding="utf-8")


def test_save_writes_the_document_one_line_per_entry(tmp_path):
    b = book(tmp_path, DIG)
    b.add_file(unit(DIG, 0), "d1.svg", "svg", 1, "5" * 64, 11, None)
    b.add_file(unit(DIG, 0, options={"name": "é"}), "d1.json", "json", 0, "4" * 64, 10, None)
    b.add_failure(unit(DIG, 1), 5, "boom")
    b.save(complete=True)
    text = saved(tmp_path)
    assert json.loads(text) == b.document(True)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and text.endswith("}\n")
    assert '  "format": "tombgen/batch.manifest",' in lines
    assert '  "complete": true,' in lines
    assert "    " + json.dumps(b.document(True)["files"][0], ensure_ascii=False) + "," in lines
    assert '"name": "é"' in text   # written as UTF-8, not escaped
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    assert manifest.read(tmp_path) == b.document(True)


def test_save_is_throttled_unless_forced(tmp_path, monkeypatch):
    clock = iter([100.0, 101.0, 120.0, 130.0, 131.0, 131.5, 200.0, 200.0, 200.0, 200.0])
    monkeypatch.setattr(manifest.time, "monotonic", lambda: next(clock))
    b = book(tmp_path, DIG)
    assert (b.every, b.saved_at) == (2.0, 0.0)
    b.save(force=False)                      # at 100, long after 0: written, took 1 s
    assert (b.saved_at, b.every) == (101.0, 30.0)   # the interval grows to 30 x the save time
    (tmp_path / "manifest.json").unlink()
    b.save(force=False)                      # at 120: 19 s after the last save, too soon
    assert not (tmp_path / "manifest.json").exists()
    b.save(force=False)                      # at 130: 29 s, still too soon
    assert not (tmp_path / "manifest.json").exists()
    b.save(force=False)                      # at 131: 30 s, written (took 0.5 s)
    assert (tmp_path / "manifest.json").exists()
    assert (b.saved_at, b.every) == (131.5, 30.0)   # 30 x 0.5 = 15 is less than 30
    (tmp_path / "manifest.json").unlink()
    b.save()                                 # at 200 (68.5 s): written
    assert (tmp_path / "manifest.json").exists() and b.saved_at == 200.0
    (tmp_path / "manifest.json").unlink()
    b.save()                                 # at 200 again: forced (the default), written
    assert (tmp_path / "manifest.json").exists()
    assert json.loads(saved(tmp_path))["complete"] is False   # not complete unless said


def test_save_with_a_small_interval_keeps_it_small(tmp_path, monkeypatch):
    clock = iter([10.0, 10.01])
    monkeypatch.setattr(manifest.time, "monotonic", lambda: next(clock))
    b = book(tmp_path, DIG, every=1.0)
    b.save(force=False)
    assert b.saved_at == 10.01 and b.every == 1.0


def test_save_into_a_missing_folder_is_an_output_error(tmp_path):
    b = book(tmp_path, DIG)
    b.folder = tmp_path / "gone"
    with pytest.raises(OutputError) as err:
        b.save()
    assert err.value.message.startswith(f"{tmp_path / 'gone' / 'manifest.json'}: cannot write: ")
    assert err.value.__suppress_context__ and b.saved_at == 0.0


def test_a_failed_rename_leaves_no_temporary_file(tmp_path):
    b = book(tmp_path, DIG)
    (tmp_path / "manifest.json").mkdir()
    (tmp_path / "manifest.json" / "x").write_text("")   # a folder in the way
    with pytest.raises(OutputError) as err:
        b.save()
    assert err.value.message.startswith(f"{tmp_path / 'manifest.json'}: cannot write: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "manifest.json"]


def test_save_never_writes_over_a_temporary_file_that_exists(tmp_path, monkeypatch):
    from generator.draw import pdfjoin

    taken = tmp_path / ".taken.part"
    taken.write_text("another writer's")
    monkeypatch.setattr(pdfjoin, "part_path", lambda path: taken)
    with pytest.raises(OutputError):
        book(tmp_path, DIG).save()
    assert not (tmp_path / "manifest.json").exists()


def test_an_interrupted_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    def stop(*args):
        yield "{"
        raise KeyboardInterrupt

    monkeypatch.setattr(manifest, "manifest_chunks", stop)
    b = book(tmp_path, DIG)
    with pytest.raises(KeyboardInterrupt):
        b.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml"] and b.saved_at == 0.0


# -- the text -----------------------------------------------------------------------------------

def test_manifest_text_layout():
    doc = {"a": [], "b": [{"x": 1}], "files": [{"n": "é"}, {"n": 2}], "c": [1, {"y": 2}],
           "d": {"k": "ü"}, "e": None}
    assert manifest.manifest_text(doc) == (
        '{\n  "a": [],\n  "b": [\n    {"x": 1}\n  ],\n'
        '  "files": [\n    {"n": "é"},\n    {"n": 2}\n  ],\n'
        '  "c": [1, {"y": 2}],\n  "d": {"k": "ü"},\n  "e": null\n}\n')


def test_manifest_chunks_take_the_files_as_encoded_lines():
    doc = {"files": [{"ignored": 1}], "x": 1}
    assert "".join(manifest.manifest_chunks(doc, ['{"a": 1}', '{"b": 2}'])) == (
        '{\n  "files": [\n    {"a": 1},\n    {"b": 2}\n  ],\n  "x": 1\n}\n')
    assert "".join(manifest.manifest_chunks(doc, [])) == '{\n  "files": [],\n  "x": 1\n}\n'
    assert "".join(manifest.manifest_chunks({"files": [], "y": [{"z": "é"}]}, None)) == (
        '{\n  "files": [],\n  "y": [\n    {"z": "é"}\n  ]\n}\n')


# -- resuming -----------------------------------------------------------------------------------

def put(folder, name, data=b"abc"):
    (folder / name).write_bytes(data)


def rec(item: Item, sub, name, fmt, sha=ABC, **extra):
    """A file entry as an earlier run recorded it (item number as written then)."""
    entry = {"name": name, "item": 9, "sub": sub, "game": item.request.game, "kind": item.request.kind,
             "seed": item.request.seed, "count": item.request.count, "paper": item.request.paper, "mono": item.request.mono,
             "lang": item.request.lang, "options": item.request.options, "format": fmt, "sha256": sha}
    return {**entry, **extra}


def old(*files, generator=GENERATOR):
    return {"generator": generator, "files": list(files)}


def test_nothing_is_carried_over_without_an_earlier_manifest_of_this_version(tmp_path):
    single = changed(SETUP, index=0, formats=("json",))
    put(tmp_path, "s.json")
    earlier = old(rec(single, 1, "s.json", "json"))
    units = [unit(single, 0)]
    assert book(tmp_path, single).carry_over(earlier, units) == ({(0, 0)}, set())
    b = book(tmp_path, single)
    assert b.carry_over(None, units) == (set(), set()) and b.rows == {}
    assert b.carry_over({}, units) == (set(), set())
    assert b.carry_over({**earlier, "generator": "tombgen 0.0.9"}, units) == (set(), set())
    assert b.carry_over({"files": earlier["files"]}, units) == (set(), set())
    assert b.rows == {}


def test_a_unit_is_kept_when_every_file_it_makes_is_intact(tmp_path):
    single = changed(SETUP, index=0, formats=("svg", "json"))
    put(tmp_path, "s.svg")
    put(tmp_path, "s.json")
    earlier = old(rec(single, 1, "s.svg", "svg", pages=1), rec(single, 1, "s.json", "json"))
    b = book(tmp_path, single)
    assert b.carry_over(earlier, [unit(single, 0)]) == ({(0, 0)}, set())
    files = b.document(False)["files"]
    assert [(f["name"], f["item"], f.get("pages")) for f in files] == [
        ("s.svg", 1, 1), ("s.json", 1, None)]   # renumbered as this config's item 1


@pytest.mark.parametrize("case", ["missing format", "other bytes", "file gone", "no sha",
                                  "other seed", "other sub"])
def test_a_unit_is_made_again_when_a_file_does_not_hold(tmp_path, case):
    single = changed(SETUP, index=0, formats=("svg", "json"))
    put(tmp_path, "s.svg")
    put(tmp_path, "s.json")
    svg = rec(single, 1, "s.svg", "svg")
    json_entry = rec(single, 1, "s.json", "json")
    if case == "missing format":
        json_entry = None
    elif case == "other bytes":
        put(tmp_path, "s.json", b"abd")
    elif case == "file gone":
        (tmp_path / "s.json").unlink()
    elif case == "no sha":
        del json_entry["sha256"]
    elif case == "other seed":
        json_entry["seed"] = 5
    elif case == "other sub":
        json_entry["sub"] = 2
    earlier = old(*[e for e in (svg, json_entry) if e])
    b = book(tmp_path, single)
    assert b.carry_over(earlier, [unit(single, 0)]) == (set(), set())
    assert b.rows == {}


def test_entries_that_are_not_file_entries_are_passed_over(tmp_path):
    single = changed(SETUP, index=0, formats=("json",))
    put(tmp_path, "s.json")
    good = rec(single, 1, "s.json", "json")
    earlier = old(["s.json"], "s.json", {**good, "name": 3}, {**good, "name": None}, good)
    b = book(tmp_path, single)
    assert b.carry_over(earlier, [unit(single, 0)]) == ({(0, 0)}, set())
    assert list(b.rows) == ["s.json"]
    # without the good entry, a nameless one does not make the unit intact
    b = book(tmp_path, single)
    assert b.carry_over(old({**good, "name": 3}), [unit(single, 0)]) == (set(), set())


def test_a_joined_run_keeps_its_units_and_its_pdf_apart(tmp_path):
    dig = changed(DIG, formats=("svg", "pdf"))
    for name in ("d1.svg", "d2.svg", "d.pdf"):
        put(tmp_path, name)
    earlier = old(rec(dig, 1, "d1.svg", "svg"), rec(dig, 2, "d2.svg", "svg"),
                  rec(dig, None, "d.pdf", "pdf"))
    units = [unit(dig, 0), unit(dig, 1)]
    b = book(tmp_path, dig)
    # a unit's part goes into the joined PDF: its own files are the SVGs only
    assert b.carry_over(earlier, units) == ({(0, 0), (0, 1)}, {0})
    assert [(f["name"], f["item"], f["sub"]) for f in b.document(False)["files"]] == [
        ("d1.svg", 1, 1), ("d2.svg", 1, 2), ("d.pdf", 1, None)]
    put(tmp_path, "d.pdf", b"changed")
    b = book(tmp_path, dig)
    assert b.carry_over(earlier, units) == ({(0, 0), (0, 1)}, set())
    assert "d.pdf" not in b.rows
    b = book(tmp_path, dig)   # no joined PDF recorded: none is kept
    assert b.carry_over(old(*earlier["files"][:2]), units) == ({(0, 0), (0, 1)}, set())


def test_a_joined_pdf_of_other_inputs_is_not_kept(tmp_path):
    dig = changed(DIG, formats=("pdf",))
    put(tmp_path, "d.pdf")
    b = book(tmp_path, dig)
    earlier = old(rec(dig, None, "d.pdf", "pdf", paper="letter"))
    assert b.carry_over(earlier, []) == (set(), set())


def test_only_product_runs_of_several_with_a_pdf_have_a_joined_pdf(tmp_path):
    put(tmp_path, "x.pdf")
    one = changed(DIG, count=1)
    no_pdf = changed(DIG, index=1, formats=("svg",))
    aid = changed(AID, index=2)
    earlier = old(*[rec(i, None, "x.pdf", "pdf") for i in (one, no_pdf, aid)])
    assert book(tmp_path, one, no_pdf, aid).carry_over(earlier, []) == (set(), set())
    assert book(tmp_path, DIG).carry_over(old(rec(DIG, None, "x.pdf", "pdf")), []) == (
        set(), {0})


def test_an_aid_unit_is_kept_like_any_other(tmp_path):
    put(tmp_path, "tut.pdf")
    aid_unit = unit(AID, 1)
    entry = {"name": "tut.pdf", "item": 3, "sub": 2, "game": "tut", "kind": "aid",
             "seed": None, "count": 1, "paper": "a4", "mono": False, "options": AID.request.options,
             "format": "pdf", "sha256": ABC}
    assert book(tmp_path, AID).carry_over(old(entry), [aid_unit]) == ({(2, 1)}, set())


# -- the items verify reads back ----------------------------------------------------------------

def test_items_are_read_back_as_recorded():
    doc = {"items": [DIG.describe(), SETUP.describe(), AID.describe()]}
    assert items_from(doc) == [DIG, SETUP, AID]
    press = changed(DIG, cmyk=True)
    assert items_from({"items": [press.describe()]}) == [press]


def test_items_read_back_with_their_defaults():
    raw = {"item": 1, "game": "tanis", "kind": "dig", "seed": 5, "count": 2, "paper": "a4",
           "mono": True, "formats": ["json"]}
    assert items_from({"items": [raw]}) == [
        an_item(0, 0, "tanis", "dig", 5, 2, "a4", True, ("json",), {}, (), lang="en")]
    assert items_from({}) == []
    # seed 0 is a seed; a line that is not a whole number reads as 0
    (zero,) = items_from({"items": [{**raw, "seed": 0, "line": "seven"}]})
    assert (zero.request.seed, zero.line) == (0, 0)


@pytest.mark.parametrize("change, says", [
    ({"item": 4}, "[items[0]] [item]: 4 is not its number (1)"),
    ({"seed": None}, "[items[0]] [seed]: null is not a seed"),
    ({"seed": -1}, "[items[0]] [seed]: -1 is not a seed"),
    ({"count": 1001}, "[items[0]] [count]: 1001 is out of range (items of one run: 1–1,000"),
    ({"kind": "board"}, "[items[0]]: tanis board is not a product tombgen makes"),
    ({"formats": ["png"]}, "[items[0]] [formats]: expected a list of svg, pdf, json"),
    ({"paper": "a3"}, "[items[0]]: paper must be one of a4, letter"),
    ({"options": {"style": "zigzag"}}, "[items[0]] [options.style]: --style zigzag: choose one "
     "of classic, random"),
    ({"lang": "de"}, "[items[0]] [lang]: de is not a language tanis dig is printed in"),
    ({"colour": 1}, "[items[0]] [colour]: not a key of a manifest's item"),
    ({"kind": "aid", "games": ["chess"], "count": 1, "seed": None},
     "[items[0]] [games]: expected the 1 game(s) of the aid"),
    ({"kind": "aid", "games": ["tanis"], "count": 1, "seed": None, "options": {"bleed": "x"}},
     "[items[0]] [options.bleed]: --bleed x: expected a number"),
    ({"kind": "aid", "count": 1, "seed": None},
     "[items[0]] [games]: expected the 1 game(s) of the aid, each one of realms, tut, tanis, "
     "tumba"),
    ({"kind": "aid", "games": ["tanis"], "count": 1, "seed": None, "options": ["lang"]},
     "[items[0]] [options]: expected an object of option values"),
    ({"kind": "aid", "games": ["tanis"], "count": 1, "seed": None, "options": {"colour": 1}},
     "[items[0]] [options.colour]: not an option of a player aid; its options: lang, size, "
     "variant, bleed, crop, nup, backs, cmyk"),
    ({"cmyk": "yes"}, "[items[0]] [cmyk]: yes is not true or false"),
])
def test_an_item_no_batch_writes_is_refused(change, says):
    raw = {"item": 1, "game": "tanis", "kind": "dig", "seed": 5, "count": 2, "paper": "a4",
           "mono": True, "formats": ["json"], **change}
    with pytest.raises(InputError) as caught:
        items_from({"items": [raw]}, "m.json")
    assert caught.value.message.startswith(f"m.json {says}")


def test_an_item_that_is_not_an_object_is_refused():
    with pytest.raises(InputError) as caught:
        items_from({"items": [3]}, "m.json")
    assert caught.value.message == "m.json [items[0]]: expected an item object, found 3"
    with pytest.raises(InputError) as caught:
        items_from({"items": {"item": 1}}, "m.json")
    assert caught.value.message.startswith("m.json [items]: expected a list of items, found ")


def test_an_item_whose_theme_is_not_true_or_false_is_refused():
    raw = {"item": 1, "game": "tanis", "kind": "dig", "seed": 5, "count": 2, "paper": "a4",
           "mono": "yes", "formats": ["json"]}
    with pytest.raises(InputError) as caught:
        items_from({"items": [raw]}, "m.json")
    assert caught.value.message == ("m.json [items[0]]: paper must be one of a4, letter and mono "
                                    "true or false")


def test_the_items_of_a_manifest_are_bounded_before_any_is_read():
    raw = {"item": 1, "game": "tanis", "kind": "dig", "seed": 5, "count": 1000, "paper": "a4",
           "mono": True, "formats": ["json"]}
    with pytest.raises(InputError, match=r"items: 1001: at most 1,000"):
        items_from({"items": [raw] * 1001}, "m.json")
    many = [{**raw, "item": i + 1} for i in range(21)]
    with pytest.raises(InputError, match=r"sub-items in all: 21000: at most 20,000"):
        items_from({"items": many}, "m.json")
    # at the limit, every item is read
    full = [{**raw, "item": i + 1, "count": 1} for i in range(1000)]
    assert len(items_from({"items": full}, "m.json")) == 1000


def test_only_an_aid_item_may_record_no_paper():
    raw = {"item": 1, "game": "tanis", "kind": "dig", "seed": 5, "count": 1, "paper": None,
           "mono": True, "formats": ["json"]}
    with pytest.raises(InputError, match="paper must be one of a4, letter"):
        items_from({"items": [raw]}, "m.json")
    aid = {**raw, "kind": "aid", "seed": None, "games": ["tanis"], "formats": ["pdf"]}
    (item,) = items_from({"items": [aid]}, "m.json")    # an aid printed --nup on no paper
    assert item.is_aid and item.request.paper is None


def _opener(default_encoding: str, before=None):
    """``open`` as on a system whose locale encoding is ``default_encoding``."""
    import builtins

    def fake(file, mode="r", *args, encoding=None, **kwargs):
        if before:
            before()
        if "b" not in mode and encoding is None:
            encoding = default_encoding
        return builtins.open(file, mode, *args, encoding=encoding, **kwargs)

    return fake


def test_the_manifest_is_utf8_whatever_the_locale(tmp_path, monkeypatch):
    monkeypatch.setattr(manifest, "open", _opener("latin-1"), raising=False)
    b = book(tmp_path, DIG)
    b.add_file(unit(DIG, 0, options={"name": "é"}), "d1.json", "json", 0, "4" * 64, 10, None)
    b.save()
    assert '{"name": "é"}'.encode() in (tmp_path / "manifest.json").read_bytes()


def test_an_interrupt_before_the_temporary_file_exists_is_not_hidden(tmp_path, monkeypatch):
    def stop():
        raise KeyboardInterrupt

    monkeypatch.setattr(manifest, "open", _opener("utf-8", stop), raising=False)
    with pytest.raises(KeyboardInterrupt):
        book(tmp_path, DIG).save()


def test_the_default_interval_between_saves_is_two_seconds(tmp_path):
    assert book(tmp_path, DIG).every == 2.0


def test_an_earlier_manifest_without_files_keeps_nothing(tmp_path):
    assert book(tmp_path, DIG).carry_over({"generator": GENERATOR}, [unit(DIG, 0)]) == (
        set(), set())


def test_the_pdf_of_a_single_item_is_one_of_its_units_files(tmp_path):
    single = changed(SETUP, index=0, formats=("pdf", "json"))
    put(tmp_path, "s.json")
    put(tmp_path, "s.pdf")
    units = [unit(single, 0)]
    json_entry = rec(single, 1, "s.json", "json")
    assert book(tmp_path, single).carry_over(old(json_entry), units) == (set(), set())
    both = old(json_entry, rec(single, 1, "s.pdf", "pdf"))
    assert book(tmp_path, single).carry_over(both, units) == ({(0, 0)}, set())


def test_a_joined_pdf_after_items_without_one_is_kept(tmp_path):
    put(tmp_path, "x.pdf")
    one = changed(DIG, count=1)
    joined = changed(DIG, index=1)
    earlier = old(rec(joined, None, "x.pdf", "pdf"))
    assert book(tmp_path, one, joined).carry_over(earlier, []) == (set(), {1})
