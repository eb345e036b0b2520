"""`tombgen validate` of a batch manifest (generator/batch/manifest.py validate_document): the
config it came from, its items, and each file entry a plain name in the folder, listed once,
with its item, sub-item, size and SHA-256; every problem word for word. Also the manifest's
text layout (one line per entry)."""

import copy
import json

import pytest
from batch_support import TANIS, write

from generator.batch.manifest import manifest_text, validate_document
from generator.batch.run import run_batch
from generator.core.errors import InputError, shown

SHA = "0" * 64


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The manifest of a real batch: 2 Tanis digs (item 1, subs 1-2) and their joined PDF."""
    tmp = tmp_path_factory.mktemp("manifest")
    run_batch(write(tmp, TANIS.format(count=2, seed=3)), out=tmp / "out", jobs=1)
    return json.loads((tmp / "out" / "manifest.json").read_text())


def problems(doc) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_document(doc, "m.json").violations]


def entry(made, **changes):
    doc = copy.deepcopy(made)
    doc["files"][0].update(changes)
    return doc


def test_a_real_manifest_is_valid(made):
    report = validate_document(copy.deepcopy(made), "m.json")
    assert report.ok and report.text() == "m.json: valid"
    assert [e["name"] for e in made["files"]][:2] == ["tanis-dig-3-count-2-1-p2.svg",
                                                      "tanis-dig-3-count-2-1.svg"]


@pytest.mark.parametrize("config", [None, {"path": "b.toml"}, {"path": 3, "sha256": SHA},
                                    {"path": "b.toml", "sha256": "F" * 64},
                                    {"path": "b.toml", "sha256": SHA + "0"}])
def test_the_config_it_came_from(made, config):
    doc = copy.deepcopy(made)
    doc["config"] = config
    assert problems(doc) == [("manifest-config", 'config must be {"path", "sha256"}', "config")]


@pytest.mark.parametrize("complete", [None, "yes", 1])
def test_complete_is_true_or_false(made, complete):
    assert problems({**copy.deepcopy(made), "complete": complete}) == [
        ("manifest-complete", "complete must be true or false", "complete")]


def test_a_malformed_item_stops_the_check(made):
    doc = copy.deepcopy(made)
    del doc["items"][0]["count"]
    with pytest.raises(InputError) as caught:  # exit 2: no batch wrote it, nothing is read on
        validate_document(doc, "m.json")
    assert caught.value.message == "m.json [items[0]]: missing key(s) count"


@pytest.mark.parametrize("files", [None, {"a": 1}, "x"])
def test_files_must_be_a_list(made, files):
    assert problems({**copy.deepcopy(made), "files": files, "failures": 3}) == [
        ("manifest-files", "files must be a list of file entries", "files")]


def test_failures_must_be_a_list(made):
    assert problems({**copy.deepcopy(made), "failures": {"1": "x"}}) == [
        ("manifest-failures", "failures must be a list", "failures")]


@pytest.mark.parametrize("name", ["", ".hidden", "a/b.svg", "a\\b.svg", "manifest.json",
                                  ".tombgen-lock", 3, None])
def test_an_entry_names_a_plain_file_of_the_folder(made, name):
    got = problems(entry(made, name=name))
    assert ("manifest-name", f"{shown(name)} is not the name of a file in the folder", "files[0]") \
        in got


def test_an_entry_is_an_object_and_listed_once(made):
    doc = copy.deepcopy(made)
    doc["files"][1]["name"] = doc["files"][0]["name"]
    doc["files"].append(["x"])
    n = len(doc["files"]) - 1
    assert problems(doc) == [
        ("manifest-twice", "tanis-dig-3-count-2-1-p2.svg is listed twice", "files[1]"),
        ("manifest-entry", "a file entry is an object", f"files[{n}]")]


@pytest.mark.parametrize("item", [0, 2, "1", None, 1.0, True])
def test_an_entry_of_an_item_the_manifest_has_not(made, item):
    assert problems(entry(made, item=item)) == [
        ("manifest-item", f"item {shown(item)} is not one of the items", "files[0]")]


@pytest.mark.parametrize("sub, ok", [(1, True), (2, True), (None, True), (0, False), (3, False),
                                     ("1", False), (True, False)])
def test_a_sub_item_within_the_items_count(made, sub, ok):
    got = problems(entry(made, sub=sub))
    assert got == ([] if ok else [("manifest-sub", f"sub {shown(sub)} is not within the item's "
                                   "count", "files[0]")])


@pytest.mark.parametrize("size, sha", [(-1, SHA), (True, SHA), ("10", SHA), (10, None),
                                       (10, "abc"), (10, "A" * 64)])
def test_an_entry_has_its_size_and_sha256(made, size, sha):
    assert problems(entry(made, size=size, sha256=sha)) == [
        ("manifest-hash", "a file entry has its size and SHA-256", "files[0]")]
    assert problems(entry(made, size=0, sha256=SHA)) == []


def test_the_text_has_one_line_per_entry():
    doc = {"format": "f", "files": [{"a": 1}, {"b": "é"}], "failures": [], "items": [1, 2]}
    assert manifest_text(doc) == (
        '{\n  "format": "f",\n  "files": [\n    {"a": 1},\n    {"b": "é"}\n  ],\n'
        '  "failures": [],\n  "items": [1, 2]\n}\n')
