"""`generator.batch.verify` in process, on tiny batches and runs (Tutan Tumba setups, the
cheapest product): every verdict a folder, a JSON or a PDF can get, word for word, and every
target verify refuses. Aid PDFs are stood in for by joined PDFs carrying an aid's keywords, with
``make_aid`` replaced, so no aid is rendered.

Fast on purpose: these are the tests mutation testing runs for the module (tests/mutation.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batch_support import an_item, write

from generator import GENERATOR
from generator.aids.build import aid_keywords
from generator.batch import verify
from generator.batch.run import run_batch
from generator.batch.units import build_unit
from generator.batch.verify import (
    Check,
    pdf_item,
    unlisted,
    verify_path,
)
from generator.core.errors import InputError, RuleError
from generator.core.executor import InProcess
from generator.draw import pdfjoin
from generator.produce import produce

TWO = ('[[item]]\ngame = "tumba"\nkind = "setup"\ncount = 2\nseed = 9\n'
       'format = "pdf,json"\n\n')
ONE = '[[item]]\ngame = "tumba"\nkind = "setup"\nseed = 4\nformat = "svg"\n'
DIFFERS = "differs from a fresh build"


def verdicts(checks):
    return [(c.name, c.status, c.detail) for c in checks]


def respace(path: Path) -> None:
    """The same document in other bytes (compact JSON)."""
    path.write_text(json.dumps(json.loads(path.read_text())))


def flip(path: Path, at: int | None = None) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2 if at is None else at] ^= 0x01
    path.write_bytes(bytes(data))


def edit_manifest(folder: Path, change) -> None:
    path = folder / "manifest.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


@pytest.fixture
def made(tmp_path):
    """A batch folder: tumba-setup-9-count-2-1.json, -9-2.json, -9.pdf (joined) and -4.svg."""
    run_batch(write(tmp_path, TWO + ONE), out=tmp_path / "out", jobs=1)
    return tmp_path / "out"


class Recorder(InProcess):
    def __init__(self):
        self.closed = 0

    def close(self):
        self.closed += 1


# ---- checks -----------------------------------------------------------------------------------

def test_a_check_prints_its_status_name_and_detail():
    assert Check("a.svg", "ok").line() == "ok       a.svg" and Check("a.svg", "ok").ok
    bad = Check("a.svg", "MISMATCH", "why")
    assert bad.line() == "MISMATCH a.svg  (why)" and not bad.ok
    assert Check("item 1.2", "FAILED", "x").line() == "FAILED   item 1.2  (x)"


# ---- a batch folder -----------------------------------------------------------------------------

def test_a_batch_folder_is_rebuilt_and_every_file_is_ok(made):
    expected = [("tumba-setup-9-count-2-1.json", "ok", ""), ("tumba-setup-9-count-2-2.json", "ok", ""),
                ("tumba-setup-9-count-2.pdf", "ok", ""), ("tumba-setup-4.svg", "ok", "")]
    assert verdicts(verify_path(made, jobs=1)) == expected
    assert verdicts(verify_path(made / "manifest.json", jobs=1)) == expected


def test_each_changed_missing_or_extra_file_is_named(made):
    flip(made / "tumba-setup-4.svg")
    flip(made / "tumba-setup-9-count-2.pdf")
    (made / "tumba-setup-9-count-2-2.json").unlink()
    (made / "notes.txt").write_text("mine")
    (made / "drafts").mkdir()
    (made / ".hidden").write_text("the batch's own")
    assert verdicts(verify_path(made, jobs=1)) == [
        ("tumba-setup-9-count-2-1.json", "ok", ""),
        ("tumba-setup-9-count-2-2.json", "missing", "recorded but not on disk"),
        ("tumba-setup-9-count-2.pdf", "MISMATCH", DIFFERS),
        ("tumba-setup-4.svg", "MISMATCH", DIFFERS),
        ("drafts", "UNLISTED", "a folder in the batch folder that its manifest does not list"),
        ("notes.txt", "UNLISTED", "a file in the batch folder that its manifest does not list")]


def test_a_missing_joined_pdf_is_missing(made):
    (made / "tumba-setup-9-count-2.pdf").unlink()
    assert ("tumba-setup-9-count-2.pdf", "missing", "") in verdicts(verify_path(made, jobs=1))


def test_files_the_manifest_and_the_items_disagree_on(made):
    def change(doc):
        doc["files"] = [e for e in doc["files"] if e["name"] != "tumba-setup-9-count-2-1.json"]
        doc["files"].append({**doc["files"][0], "name": "gone.svg", "format": "svg"})
    edit_manifest(made, change)
    (made / "tumba-setup-9-count-2-1.json").unlink()
    assert verdicts(verify_path(made, jobs=1)) == [
        ("tumba-setup-9-count-2-2.json", "ok", ""), ("tumba-setup-9-count-2.pdf", "ok", ""),
        ("tumba-setup-4.svg", "ok", ""),
        ("gone.svg", "MISMATCH", "recorded but its item no longer makes it"),
        ("tumba-setup-9-count-2-1.json", "MISMATCH", "made by its item but not recorded")]


def test_failures_and_an_unfinished_run_are_reported(made):
    edit_manifest(made, lambda doc: doc.update(complete=False))
    assert verdicts(verify_path(made, jobs=1))[-1] == (
        str(made / "manifest.json"), "FAILED",
        "the batch run did not finish; run tombgen batch again")
    edit_manifest(made, lambda doc: doc.update(failures=[
        {"item": 1, "sub": 2, "line": 5, "error": "RuntimeError: boom"}]))
    checks = verify_path(made, jobs=1)
    assert verdicts(checks)[-1] == ("item 1.2", "FAILED", "failed in the batch run: "
                                    "RuntimeError: boom")
    assert len(checks) == 5  # an unfinished run with failures: the failures say it
    edit_manifest(made, lambda doc: doc.update(complete=True, failures=[]))
    assert all(c.ok for c in verify_path(made, jobs=1))
    edit_manifest(made, lambda doc: doc.pop("complete"))  # no batch writes that
    with pytest.raises(InputError, match="complete must be true or false"):
        verify_path(made, jobs=1)


def test_a_unit_that_cannot_be_rebuilt_fails_and_its_pdf_is_not_judged(made, monkeypatch):
    def broken(unit):
        if unit.sub == 1:
            raise RuleError("cannot make it now")
        return build_unit(unit)

    monkeypatch.setattr(verify, "build_unit", broken)
    assert verdicts(verify_path(made, jobs=1)) == [
        ("tumba-setup-9-count-2-1.json", "ok", ""),
        ("tumba-setup-9-count-2-2.json", "MISMATCH", "recorded but its item no longer makes it"),
        ("tumba-setup-9-count-2.pdf", "MISMATCH", "recorded but its item no longer makes it"),
        ("tumba-setup-4.svg", "ok", ""),
        ("item 1.2 (tumba setup, seed 9)", "FAILED", "cannot make it now")]


def test_a_batch_of_another_version_is_one_verdict(made, monkeypatch):
    monkeypatch.setattr(verify, "GENERATOR", "tombgen 9.9.9")
    assert verdicts(verify_path(made, jobs=1)) == [
        (str(made / "manifest.json"), "VERSION", f"made by {GENERATOR}, this is tombgen 9.9.9: "
         "only that version regenerates it byte for byte")]


@pytest.mark.parametrize("change, says", [
    (lambda doc: doc["items"][0].pop("game"), " [items[0]]: missing key(s) game"),
    (lambda doc: doc["items"][0].update(formats=None), " [items[0]] [formats]: expected a list"),
    (lambda doc: doc["items"][0].update(count=10 ** 9), " [items[0]] [count]: 1000000000 is "
     "out of range"),
    (lambda doc: doc["items"][0]["options"].update(bogus=1), " [items[0]] [options.bogus]: "
     "tumba setup has no option bogus"),
    (lambda doc: doc["files"][0].pop("name"), ": not a manifest a batch wrote, so nothing is "
     "rebuilt")])
def test_a_malformed_manifest_is_refused_before_any_rebuild(made, change, says):
    edit_manifest(made, change)
    with pytest.raises(InputError) as caught:
        verify_path(made, jobs=1, executor=NoWork())
    assert caught.value.message.startswith(f"{made / 'manifest.json'}{says}")


class NoWork:
    """An executor that fails the test if anything is rebuilt."""

    def map_unordered(self, fn, units):
        raise AssertionError("a malformed manifest was rebuilt")


def test_unlisted_skips_hidden_files_the_manifest_and_listed_names(tmp_path):
    for name in (".lock", "manifest.json", "a.svg", "b.svg"):
        (tmp_path / name).write_text("x")
    assert unlisted(tmp_path, {"a.svg"}) == [
        Check("b.svg", "UNLISTED", "a file in the batch folder that its manifest does not list")]


# ---- the executor -----------------------------------------------------------------------------

def test_the_executor_is_made_from_jobs_and_dask_only_for_a_folder(made, monkeypatch):
    made_with = []

    def make(jobs, dask):
        made_with.append((jobs, dask, Recorder()))
        return made_with[-1][2]

    from generator.core import executor
    monkeypatch.setattr(executor, "make_executor", make)
    verify_path(made / "tumba-setup-9-count-2-1.json", jobs=3)
    assert made_with == []  # one item: built in this process
    verify_path(made, jobs=3, dask="tcp://nowhere:1")
    assert [(j, d, r.closed) for j, d, r in made_with] == [(3, "tcp://nowhere:1", 1)]
    given = Recorder()
    verify_path(made, executor=given)
    assert given.closed == 0 and len(made_with) == 1


def test_the_progress_bar_gets_every_unit_to_rebuild(made):
    from contextlib import contextmanager

    seen = []

    @contextmanager
    def progress(results, total, label):
        seen.append((total, label))
        yield results

    verify_path(made, jobs=1, progress=progress)
    verify_path(made / "manifest.json", jobs=1, progress=progress)
    assert seen == [(3, "rebuilding"), (3, "rebuilding")]


# ---- one JSON ---------------------------------------------------------------------------------

def test_an_items_json_is_rebuilt_from_its_envelope(tmp_path, made, monkeypatch):
    json_1 = made / "tumba-setup-9-count-2-1.json"
    assert verdicts(verify_path(made / "tumba-setup-9-count-2-2.json")) == \
        [(str(made / "tumba-setup-9-count-2-2.json"), "ok", "")]
    produce("tumba", "setup", 5, out=tmp_path / "fr", formats=("json",),
            options={"mode": "advanced", "players": 5}, lang="fr")
    [french] = (tmp_path / "fr").glob("*.json")
    assert verify_path(french)[0].ok
    respace(json_1)
    assert verdicts(verify_path(json_1)) == [(str(json_1), "MISMATCH", DIFFERS)]
    monkeypatch.setattr(verify, "GENERATOR", "tombgen 9.9.9")
    assert verdicts(verify_path(json_1)) == [(str(json_1), "VERSION", f"made by {GENERATOR}, "
                                              "this is tombgen 9.9.9: only that version "
                                              "regenerates it byte for byte")]


def test_a_json_with_the_defaults_left_out_is_a_single_english_item(tmp_path):
    produce("tumba", "setup", 5, out=tmp_path, formats=("json",))
    path = tmp_path / "tumba-setup-5.json"
    doc = json.loads(path.read_text())
    assert "count" not in doc and "item" not in doc and doc["lang"] == "en"
    assert verify_path(path)[0].ok
    doc.pop("lang")
    path.write_text(json.dumps(doc))
    assert verify_path(path)[0].status == "MISMATCH"  # rebuilt in English, written without lang


@pytest.mark.parametrize("change, says", [
    ({"seed": "9"}, ' [seed]: "9" is not a seed'), ({"seed": None}, " [seed]: no seed"),
    ({"count": "2"}, ' [count]: "2" is out of range'), ({"item": "1"}, ' [item]: "1" is out of'),
    ({"item": 0}, " [item]: 0 is out of range (an item of the run: 1–2)"),
    ({"item": 3}, " [item]: 3 is out of range"),
    ({"options": []}, " [options]: expected an object of option values, found []"),
    ({"lang": 7}, " [lang]: 7 is not a language tumba setup is printed in (en, fr)"),
    ({"options": {"players": 99}}, " [options.players]: --players 99: at most 6")])
def test_a_json_whose_run_is_malformed_is_refused(made, change, says):
    path = made / "tumba-setup-9-count-2-2.json"
    doc = json.loads(path.read_text())
    doc.update(change)
    path.write_text(json.dumps(doc))
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message.startswith(f"{path}{says}")


def test_the_last_item_of_a_count_run_is_in_range(made):
    path = made / "tumba-setup-9-count-2-2.json"
    doc = json.loads(path.read_text())
    assert (doc["item"], doc["count"]) == (2, 2)
    assert verify_path(path)[0].ok


def test_a_json_that_cannot_be_rebuilt_fails(made, monkeypatch):
    from generator import produce

    def refuse(*args, **kwargs):
        raise InputError("this item cannot be made here")

    monkeypatch.setattr(produce, "build_one", refuse)
    path = made / "tumba-setup-9-count-2-1.json"
    [check] = verify_path(path)
    assert (check.name, check.status, check.detail) == \
        (str(path), "FAILED", "this item cannot be made here")


def test_a_json_of_something_tombgen_does_not_generate_is_refused(tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps({"format": "tombgen/batch.nothing", "version": 1, "seed": None,
                                "generator": GENERATOR}))
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message == (f"{path} [format]: a tombgen/batch.nothing is not an item "
                                    "tombgen makes from a seed, so it cannot be made again to "
                                    "compare; tombgen validate checks it")


# ---- one PDF ----------------------------------------------------------------------------------

def test_a_one_item_pdf_and_a_joined_pdf_are_rebuilt(tmp_path, made):
    produce("tumba", "setup", 3, out=tmp_path / "one", formats=("pdf",), paper="letter",
            mono=True, options={"mode": "advanced", "players": 5}, lang="fr")
    [one] = (tmp_path / "one").glob("*.pdf")
    assert verdicts(verify_path(one)) == [(str(one), "ok", "")]
    joined = made / "tumba-setup-9-count-2.pdf"
    assert verdicts(verify_path(joined, jobs=1)) == [(str(joined), "ok", "")]
    copy = tmp_path / "COPY.PDF"
    copy.write_bytes(joined.read_bytes())
    assert verify_path(copy, jobs=1)[0].ok
    flip(one)
    flip(joined)
    assert verdicts(verify_path(one)) == [(str(one), "MISMATCH", DIFFERS)]
    assert verdicts(verify_path(joined, jobs=1)) == [(str(joined), "MISMATCH", DIFFERS)]


def test_a_joined_pdf_whose_items_cannot_be_rebuilt_fails(made, monkeypatch):
    def broken(unit):
        if unit.sub == 1:
            raise RuleError("cannot make it now")
        return build_unit(unit)

    monkeypatch.setattr(verify, "build_unit", broken)
    joined = made / "tumba-setup-9-count-2.pdf"
    assert verdicts(verify_path(joined, jobs=1)) == [(str(joined), "FAILED",
                                                      "cannot make it now")]
    monkeypatch.setattr(verify, "_rebuild", lambda *args: {})
    assert verdicts(verify_path(joined, jobs=1)) == [(str(joined), "FAILED",
                                                      "its items were not rebuilt")]


def joined_pdf(path: Path, keywords: str, creator: str | None = None) -> Path:
    """A real PDF (a Tumba page) carrying ``keywords``."""
    result = build_unit(pdf_item_of("tumba", "setup", 2))
    page = next(d for _, fmt, _, d in result.files if fmt == "pdf")
    path.write_bytes(pdfjoin.join([page], "a title", "a subject", keywords))
    return path


def pdf_item_of(game, kind, seed):
    from generator.batch.units import item_units

    return item_units(an_item(0, 1, game, kind, seed, 1, "a4", False, ("pdf",),
                           {"mode": "standard", "players": 4}))[0]


def test_a_pdf_of_another_version_or_program_is_one_verdict(tmp_path, made, monkeypatch):
    joined = made / "tumba-setup-9-count-2.pdf"
    monkeypatch.setattr(verify, "GENERATOR", "tombgen 9.9.9")
    assert verdicts(verify_path(joined)) == [(str(joined), "VERSION", f"made by {GENERATOR}, "
                                              "this is tombgen 9.9.9: only that version "
                                              "regenerates it byte for byte")]
    monkeypatch.setattr(verify, "pdf_info", lambda path: {
        "Keywords": "tombgen, tumba, setup, seed=9, count=2, options={}"})
    assert verdicts(verify_path(joined))[0][2].startswith("made by an unknown program, ")


def test_a_pdf_of_a_product_this_tombgen_does_not_make_is_refused(tmp_path):
    path = joined_pdf(tmp_path / "x.pdf", "tombgen, tumba, bones, seed=9, count=1, options={}")
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message == (f"{path} (its metadata keywords): tumba bones is not a "
                                    "product tombgen makes")


@pytest.mark.parametrize("keywords, says", [
    ("tombgen, tumba, aid", "this player-aid PDF does not record all its options"),
    ("tombgen, tumba, setup, options={}", "its metadata keywords have no seed=; they do not "
     "describe a tombgen run"),
    ("tombgen, tumba, aid, lang=en", "this player-aid PDF does not record all its options (it "
     "was made before aids did); verify the batch folder (manifest.json) that made it"),
    ("tombgen, tumba, setup, seed=9, count=1", "its metadata does not identify a tombgen item"),
    ("tombgen, tumba, options={}", "its metadata does not identify a tombgen item"),
    ("reportlab, tumba, setup, options={}", "its metadata does not identify a tombgen item"),
    ("", "its metadata does not identify a tombgen item"),
    ("tombgen, tumba, setup, count=1, options={}", "its metadata keywords have no seed="),
    ("tombgen, tumba, setup, seed=9, options={}", "its metadata keywords have no count="),
    ("tombgen, tumba, setup, seed=x, count=1, options={}", "(its metadata keywords) [seed]: x "
     "is not a whole number ≥ 0"),
    ("tombgen, tumba, setup, seed=9, count=1, options={", "(its metadata keywords: options=):1:2:"
     " invalid JSON"),
    ("tombgen, tumba, setup, seed=9, count=1, options={\"x\": 1}", "(its metadata keywords) "
     "[options.x]: tumba setup has no option x"),
])
def test_a_pdf_whose_keywords_do_not_describe_a_run_is_refused(tmp_path, keywords, says):
    path = joined_pdf(tmp_path / "x.pdf", keywords)
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message.startswith(f"{path}{' ' if says.startswith('(') else ': '}{says}")


def test_the_run_a_pdf_describes():
    info = {"Keywords": "tombgen, tut, trail, seed=12, count=3, paper=letter, mono=yes, lang=fr, "
                        'options={"shape": "spiral", "players": 6}'}
    r = pdf_item(Path("x.pdf"), info).request
    assert (r.game, r.kind, r.seed, r.count, r.paper, r.mono, r.formats, r.options, r.lang) == (
        "tut", "trail", 12, 3, "letter", True, ("pdf",), {"shape": "spiral", "players": 6}, "fr")
    plain = pdf_item(Path("x.pdf"), {"Keywords": "tombgen, tut, trail, seed=1, count=1, "
                                                  "options={}"}).request
    assert (plain.paper, plain.mono, plain.lang, plain.options) == ("a4", False, "en", {})
    with pytest.raises(InputError, match="mono true or false"):  # no run writes mono=maybe
        pdf_item(Path("x.pdf"), {"Keywords": "tombgen, tut, trail, seed=1, count=1, "
                                             "mono=maybe, options={}"})


def test_an_unreadable_pdf_is_refused(tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(b"%PDF-1.4 not really")
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message == \
        f"{path}: cannot read its metadata ({path}: no document information in the trailer)"


AID = {"lang": "en", "size": "poker", "variant": "en", "bleed": 0.0, "mono": True, "crop": False,
       "nup": False, "paper": None, "backs": False, "cmyk": False}


def test_an_aid_pdf_is_rebuilt_from_its_keywords(tmp_path, monkeypatch):
    from generator.aids import build

    path = joined_pdf(tmp_path / "aid.pdf", aid_keywords("tanis", **AID))
    calls = []

    def make_aid(game, **options):
        calls.append((game, options))
        return "tanis-aid.pdf", path.read_bytes()

    monkeypatch.setattr(build, "make_aid", make_aid)
    assert verdicts(verify_path(path)) == [(str(path), "ok", "")]
    assert calls == [("tanis", AID)]
    monkeypatch.setattr(build, "make_aid", lambda game, **options: ("x", b"other"))
    assert verdicts(verify_path(path)) == [(str(path), "MISMATCH", DIFFERS)]

    def fails(game, **options):
        raise ValueError("no such card")

    monkeypatch.setattr(build, "make_aid", fails)
    assert verdicts(verify_path(path)) == [(str(path), "FAILED", "ValueError: no such card")]
    monkeypatch.setattr(verify, "GENERATOR", "tombgen 9.9.9")
    assert verdicts(verify_path(path)) == [(str(path), "VERSION", f"made by {GENERATOR}, this "
                                            "is tombgen 9.9.9: only that version regenerates "
                                            "it byte for byte")]
    monkeypatch.setattr(verify, "pdf_info", lambda p: {"Keywords": aid_keywords("tanis", **AID)})
    assert verdicts(verify_path(path))[0][2].startswith("made by an unknown program, ")


# ---- a folder without a manifest, and targets verify refuses -------------------------------------

def test_a_folder_without_a_manifest_checks_each_json_and_pdf(tmp_path):
    produce("tumba", "setup", 5, count=2, out=tmp_path, formats=("json", "pdf", "svg"))
    (tmp_path / "other.json").write_text('{"not": "tombgen"}')
    (tmp_path / "broken.pdf").write_bytes(b"not a pdf")
    respace(tmp_path / "tumba-setup-5-count-2-2.json")
    assert verdicts(verify_path(tmp_path, jobs=1)) == [
        (str(tmp_path / "tumba-setup-5-count-2-1.json"), "ok", ""),
        (str(tmp_path / "tumba-setup-5-count-2-2.json"), "MISMATCH", DIFFERS),
        (str(tmp_path / "tumba-setup-5-count-2.pdf"), "ok", "")]
    upper = tmp_path / "up"
    upper.mkdir()
    (upper / "A.JSON").write_bytes((tmp_path / "tumba-setup-5-count-2-1.json").read_bytes())
    (upper / "B.PDF").write_bytes((tmp_path / "tumba-setup-5-count-2.pdf").read_bytes())
    assert [c.status for c in verify_path(upper, jobs=1)] == ["ok", "ok"]


def test_a_folder_with_nothing_to_verify_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "other.json").write_text('{"not": "tombgen"}')
    with pytest.raises(InputError) as caught:
        verify_path(tmp_path)
    assert caught.value.message == (f"{tmp_path}: no manifest.json and no item of tombgen (its "
                                    "JSON or PDF) to make again and compare")


def test_targets_verify_refuses(tmp_path, made):
    with pytest.raises(InputError) as caught:
        verify_path(tmp_path / "nothing")
    assert caught.value.message == \
        f"{tmp_path / 'nothing'}: not found; give a batch folder, a JSON or a PDF file"
    with pytest.raises(InputError) as caught:
        verify_path(made / "tumba-setup-4.svg")
    assert caught.value.message == (
        f"{made / 'tumba-setup-4.svg'}: verify takes a batch folder, an item's JSON or a PDF; an "
        "SVG is checked through its item's JSON or its batch folder")


# ---- what the mutation run of this module showed untested ----------------------------------------

def test_a_one_item_unit_that_cannot_be_rebuilt_fails_alone(made, monkeypatch):
    def broken(unit):
        if unit.item == 1:
            raise RuleError("cannot make it now")
        return build_unit(unit)

    monkeypatch.setattr(verify, "build_unit", broken)
    assert verdicts(verify_path(made, jobs=1)) == [
        ("tumba-setup-9-count-2-1.json", "ok", ""), ("tumba-setup-9-count-2-2.json", "ok", ""),
        ("tumba-setup-9-count-2.pdf", "ok", ""),
        ("tumba-setup-4.svg", "MISMATCH", "recorded but its item no longer makes it"),
        ("item 2.1 (tumba setup, seed 4)", "FAILED", "cannot make it now")]


def test_a_manifest_without_failures_or_files_lists(made):
    edit_manifest(made, lambda doc: doc.pop("failures"))
    assert all(c.ok for c in verify_path(made, jobs=1))
    edit_manifest(made, lambda doc: doc.pop("files"))  # no batch writes that: nothing rebuilt
    with pytest.raises(InputError, match="files must be a list of file entries"):
        verify_path(made, jobs=1, executor=NoWork())


def test_only_an_entry_without_a_sub_item_is_a_joined_pdf(made):
    def pdf_of_a_unit(doc):
        next(e for e in doc["files"] if e["format"] == "pdf")["sub"] = 2
    edit_manifest(made, pdf_of_a_unit)
    assert ("tumba-setup-9-count-2.pdf", "MISMATCH", "recorded but its item no longer makes it") in \
        verdicts(verify_path(made, jobs=1))

    def json_without_sub(doc):
        doc["files"].sort(key=lambda e: e["format"] != "pdf")  # the PDF's entry first
        next(e for e in doc["files"] if e["name"] == "tumba-setup-9-count-2-2.json")["sub"] = None
        next(e for e in doc["files"] if e["format"] == "pdf")["sub"] = None
    edit_manifest(made, json_without_sub)
    assert all(c.ok for c in verify_path(made, jobs=1))


def test_a_json_without_options_is_rebuilt_with_none_and_differs(made):
    path = made / "tumba-setup-9-count-2-1.json"
    doc = json.loads(path.read_text())
    doc.pop("options")
    path.write_text(json.dumps(doc))
    assert verdicts(verify_path(path)) == [(str(path), "MISMATCH", DIFFERS)]


def test_pdf_item_reads_the_metadata_itself_when_not_given(made):
    item = pdf_item(made / "tumba-setup-9-count-2.pdf")
    assert (item.request.game, item.request.kind, item.request.seed, item.request.count, item.request.options) == \
        ("tumba", "setup", 9, 2, {"mode": "standard", "players": 4})


def test_a_pdf_without_keywords_is_no_tombgen_item(made, monkeypatch):
    monkeypatch.setattr(verify, "pdf_info", lambda path: {"Creator": GENERATOR})
    path = made / "tumba-setup-9-count-2.pdf"
    with pytest.raises(InputError) as caught:
        verify_path(path)
    assert caught.value.message == f"{path}: its metadata does not identify a tombgen item"


def test_a_keyword_value_may_hold_an_equals_sign():
    item = pdf_item(Path("x.pdf"), {"Keywords": "tombgen, tut, trail, seed=1, count=1, "
                                                 "lang=en, options={\"table\":\"a=b\"}"})
    assert item.request.options == {"table": "a=b"}


def test_a_joined_pdf_of_a_product_with_extra_files_is_rebuilt(tmp_path):
    # each Hidden Realms map unit also makes its .toml, which the PDF does not record
    produce("realms", "map", 7, count=2, out=tmp_path, formats=("pdf",),
            options={"rating_games": 0})
    path = tmp_path / "realms-map-7-rating-games-0-count-2.pdf"
    assert verdicts(verify_path(path, jobs=1)) == [(str(path), "ok", "")]


def test_a_one_item_pdf_that_cannot_be_rebuilt_fails(tmp_path, monkeypatch):
    produce("tumba", "setup", 3, out=tmp_path, formats=("pdf",))
    [one] = tmp_path.glob("*.pdf")

    def broken(unit):
        raise RuleError("cannot make it now")

    monkeypatch.setattr(verify, "build_unit", broken)
    assert verdicts(verify_path(one)) == [(str(one), "FAILED", "cannot make it now")]


def test_a_pdf_records_its_press_colours_and_reads_a_value_whole():
    item = pdf_item(Path("x.pdf"), {"Keywords": "tombgen, tut, trail, seed=1, count=1, "
                                                 "cmyk=yes, options={}"})
    assert item.request.cmyk is True
    with pytest.raises(InputError, match="paper must be one of"):   # the value is "a=4"
        pdf_item(Path("x.pdf"), {"Keywords": "tombgen, tut, trail, seed=1, count=1, "
                                             "paper=a=4, options={}"})


def test_a_folder_of_documents_that_are_not_items_names_three_of_them(tmp_path):
    from generator.core.envelope import envelope

    doc = envelope("realms", "rating", 1, {})
    for name in "abcd":
        (tmp_path / f"{name}.json").write_text(json.dumps(doc))
    with pytest.raises(InputError) as caught:
        verify_path(tmp_path)
    assert caught.value.message == (
        f"{tmp_path}: no manifest.json and no item of tombgen (its JSON or PDF) to make again "
        "and compare; a.json (tombgen/realms.rating), b.json (tombgen/realms.rating), c.json "
        "(tombgen/realms.rating) …: tombgen documents that are not items made from a seed "
        "(tombgen validate checks them)")
    (tmp_path / "d.json").unlink()
    with pytest.raises(InputError) as caught:
        verify_path(tmp_path)
    assert caught.value.message.endswith("c.json (tombgen/realms.rating): tombgen documents "
                                         "that are not items made from a seed (tombgen "
                                         "validate checks them)")


def test_a_loose_item_document_no_run_made_fails_and_the_others_are_checked(tmp_path):
    produce("tumba", "setup", 5, out=tmp_path, formats=("json",))
    [good] = tmp_path.glob("*.json")
    bad = json.loads(good.read_text())
    bad["seed"] = None                   # no seed: no run made it
    (tmp_path / "a-bad.json").write_text(json.dumps(bad))
    bad_path = tmp_path / "a-bad.json"
    assert verdicts(verify_path(tmp_path, jobs=1)) == [
        (str(bad_path), "FAILED", f"{bad_path} [seed]: no seed, so the item cannot be made "
                                  "again; a document tombgen made holds the seed that made it"),
        (str(good), "ok", "")]


def test_a_seed_of_more_than_40_digits_is_no_seed_tombgen_writes():
    def keywords(seed: str) -> dict[str, str]:
        return {"Keywords": f"tombgen, tut, trail, seed={seed}, count=1, options={{}}"}

    assert pdf_item(Path("x.pdf"), keywords("9" * 40)).request.seed == int("9" * 40)
    with pytest.raises(InputError, match=r"\[seed\]"):
        pdf_item(Path("x.pdf"), keywords("9" * 41))
