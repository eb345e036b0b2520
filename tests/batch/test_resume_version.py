"""Resuming a batch folder made by another tombgen version: its manifest vouches for nothing
(another version may draw other bytes from the same seed), so every unit is made again; files
that come out byte for byte the same are kept, files with other bytes are other content (left
alone and named without --force, replaced with it), and the new manifest is this version's."""

import hashlib
import json

from batch_support import TANIS, outputs, write

from generator import GENERATOR
from generator.batch.run import run_batch

OLD = "tombgen 0.0.9"


def made_by_old_version(tmp_path, count=3, seed=3):
    """A batch folder as an older version left it: its manifest names that version, and so does
    the JSON of item 2, whose checksum in the manifest is that file's (the record is intact)."""
    config = write(tmp_path, TANIS.format(count=count, seed=seed))
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    old_json = out / f"tanis-dig-{seed}-count-{count}-2.json"
    doc = json.loads(old_json.read_text())
    doc["generator"] = OLD
    old_json.write_text(json.dumps(doc, indent=2) + "\n")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["generator"] = OLD
    for entry in manifest["files"]:
        if entry["name"] == old_json.name:
            entry["sha256"] = hashlib.sha256(old_json.read_bytes()).hexdigest()
            entry["size"] = old_json.stat().st_size
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return config, out, old_json


def test_nothing_is_taken_as_made_by_this_version(tmp_path):
    config, out, old_json = made_by_old_version(tmp_path)
    again = run_batch(config, out=out, jobs=1)
    # 3 units, none skipped; unit 2's JSON has other bytes: that unit is refused, not rewritten
    assert (again.units, again.skipped, again.built) == (3, 0, 2)
    assert again.conflicts == [old_json]
    assert json.loads(old_json.read_text())["generator"] == OLD
    # units 1 and 3 come out the same: each of their files (JSON, two SVG pages) is kept
    assert (again.written, again.unchanged) == (0, 6)


def test_the_refused_unit_is_named_and_the_manifest_is_this_versions(tmp_path):
    config, out, old_json = made_by_old_version(tmp_path)
    again = run_batch(config, out=out, jobs=1)
    [failure] = again.failures
    assert failure.conflict and failure.unit.sub == 1 and old_json.name in failure.message
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["generator"] == GENERATOR and manifest["complete"] is False
    assert old_json.name not in {e["name"] for e in manifest["files"]}


def test_force_makes_the_whole_batch_again_with_this_version(tmp_path):
    config, out, old_json = made_by_old_version(tmp_path)
    forced = run_batch(config, out=out, jobs=1, force=True)
    assert (forced.skipped, forced.built, forced.conflicts, forced.failures) == (0, 3, [], [])
    assert json.loads(old_json.read_text())["generator"] == GENERATOR
    run_batch(config, out=tmp_path / "fresh", jobs=1)
    assert outputs(out) == outputs(tmp_path / "fresh")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["generator"] == GENERATOR and manifest["complete"] is True


def test_the_same_version_resumes_without_making_anything(tmp_path):
    # the contrast: the same folder, its manifest left as this version wrote it
    config = write(tmp_path, TANIS.format(count=3, seed=3))
    run_batch(config, out=tmp_path / "out", jobs=1)
    again = run_batch(config, out=tmp_path / "out", jobs=1)
    assert (again.skipped, again.built, again.written) == (3, 0, 0)
