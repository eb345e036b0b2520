"""`tombgen batch`: the example config, identical bytes for any --jobs and the CLI, resuming."""

import json

import batch_faults
from batch_support import TANIS, example_config, outputs, tree, write
from helpers import run_tombgen

from generator.batch.run import run_batch
from generator.cli import main


def test_example_config_jobs_1_and_2_are_byte_identical(tmp_path):
    config = write(tmp_path, example_config())
    one = run_batch(config, out=tmp_path / "one", jobs=1)
    two = run_batch(config, out=tmp_path / "two", jobs=2)
    assert one.failures == [] and two.failures == []
    first, second = one.config.items
    assert one.units == one.built == first.request.count + second.request.count and one.skipped == 0
    assert tree(tmp_path / "one") == tree(tmp_path / "two")  # the manifest as well
    names = set(outputs(tmp_path / "one"))
    # file names carry the options that differ from the defaults
    assert "realms-sheet-41-map-random-count-6.pdf" in names and \
        "tumba-setup-9-mode-advanced-players-5-count-3.pdf" in names
    assert "realms-sheet-41-map-random-count-6-3.json" in names


def test_manifest_lists_every_file_with_its_item_seed_and_validation(tmp_path):
    config = write(tmp_path, example_config(light=True))
    run_batch(config, out=tmp_path / "out", jobs=1)
    doc = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert doc["format"] == "tombgen/batch.manifest" and doc["complete"] is True
    assert doc["config"]["path"] == str(config.resolve()) and len(doc["config"]["sha256"]) == 64
    files = {e["name"]: e for e in doc["files"]}
    assert set(files) == set(outputs(tmp_path / "out"))
    entry = next(e for e in doc["files"] if e["sub"] == 2 and e["format"] == "json")
    assert entry["item"] == 1 and entry["seed"] == 41 and entry["derived_seed"] != 41
    assert entry["validation"] == {"valid": True, "violations": []}
    pdf = next(e for e in doc["files"] if e["item"] == 2 and e["format"] == "pdf")
    assert pdf["sub"] is None and pdf["pages"] >= 3
    import hashlib

    for name, entry in files.items():
        assert hashlib.sha256((tmp_path / "out" / name).read_bytes()).hexdigest() == entry["sha256"]


def test_batch_files_equal_the_command_line_files(tmp_path):
    config = write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\nstyle = "classic"\n'
                             'count = 2\nseed = 12\nmono = true\npaper = "letter"\n\n'
                             '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 13\n')
    run_batch(config, out=tmp_path / "batch", jobs=2)
    cli = tmp_path / "cli"
    assert run_tombgen("tanis", "dig", "--style", "classic", "--count", "2", "--seed", "12",
                       "--mono", "--paper", "letter", "--out", str(cli)).returncode == 0
    assert run_tombgen("tanis", "dig", "--seed", "13", "--out", str(cli)).returncode == 0
    assert outputs(cli) == outputs(tmp_path / "batch")


def test_rerun_skips_what_is_made_and_rebuilds_only_what_changed(tmp_path):
    config = write(tmp_path, TANIS.format(count=4, seed=3))
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    before = tree(out)
    again = run_batch(config, out=out, jobs=1)
    assert (again.built, again.skipped, again.written) == (0, 4, 0)
    (out / "tanis-dig-3-count-4-2.json").unlink()
    (out / "tanis-dig-3-count-4-4.svg").write_text("edited")
    # an edited file is other content: left alone without --force, the rest is made
    again = run_batch(config, out=out, jobs=2)
    assert (again.built, again.skipped) == (1, 2) and again.conflicts == [out / "tanis-dig-3-count-4-4.svg"]
    assert (out / "tanis-dig-3-count-4-4.svg").read_text() == "edited"
    assert (out / "tanis-dig-3-count-4-2.json").read_bytes() == before["tanis-dig-3-count-4-2.json"]
    again = run_batch(config, out=out, jobs=2, force=True)
    assert (again.built, again.skipped, again.conflicts) == (1, 3, [])
    assert tree(out) == before


def test_a_missing_joined_pdf_rebuilds_its_item(tmp_path):
    config = write(tmp_path, TANIS.format(count=3, seed=3))
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    before = tree(out)
    (out / "tanis-dig-3-count-3.pdf").unlink()
    again = run_batch(config, out=out, jobs=1)
    assert again.built == 3 and tree(out) == before


def test_changed_options_rebuild_the_item(tmp_path):
    out = tmp_path / "out"
    run_batch(write(tmp_path, TANIS.format(count=2, seed=3)), out=out, jobs=1)
    changed = TANIS.format(count=2, seed=3) + 'style = "classic"\n'
    again = run_batch(write(tmp_path, changed), out=out, jobs=1)
    assert again.built == 2 and again.skipped == 0
    doc = json.loads((out / "tanis-dig-3-style-classic-count-2-1.json").read_text())
    assert doc["options"] == {"style": "classic"}
    # the files of the first config are still there (never deleted), named apart
    assert json.loads((out / "tanis-dig-3-count-2-1.json").read_text())["options"] == {"style": "random"}


def test_cli_batch_summary_and_exit_codes(runner, tmp_path):
    config = write(tmp_path, TANIS.format(count=2, seed=8))
    result = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert "2 units in 1 item: 2 built, 0 skipped" in result.output
    again = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(tmp_path / "o")])
    assert "0 built, 2 skipped" in again.output
    bad = write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\nstyle = 3\n', "bad.toml")
    result = runner.invoke(main, ["batch", str(bad), "--out", str(tmp_path / "b")])
    assert result.exit_code == 2 and "bad.toml:4" in result.output
    assert not (tmp_path / "b").exists()
    both = runner.invoke(main, ["batch", str(config), "--jobs", "2", "--dask", "tcp://x:1"])
    assert both.exit_code == 2 and "not both" in both.output


def test_impossible_request_stops_before_anything_is_written(tmp_path):
    """A generator refusal on the first unit of any item stops the whole batch."""
    from generator.batch import run as run_module
    from generator.core.errors import RuleError

    config = write(tmp_path, TANIS.format(count=3, seed=1) + "\n" + TANIS.format(count=2, seed=2))
    try:
        run_batch(config, out=tmp_path / "o", jobs=2, unit_fn=batch_faults.refuse_item_2)
    except RuleError as exc:
        assert "nothing was written" in exc.message and "batch.toml:7: item 2.1" in exc.message
    else:
        raise AssertionError("the batch should have stopped")
    assert not (tmp_path / "o").exists()
    assert run_module.remove_stale_parts(tmp_path) == 0



def test_aid_items_equal_the_aid_command(tmp_path):
    config = write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "aid"\nlang = "fr"\nmono = true\n')
    outcome = run_batch(config, out=tmp_path / "batch", jobs=1)
    assert outcome.failures == [] and outcome.built == 1
    cli = tmp_path / "cli"
    assert run_tombgen("aid", "tanis", "--lang", "fr", "--mono", "--out", str(cli)).returncode == 0
    assert outputs(cli) == outputs(tmp_path / "batch")
    assert list(outputs(cli)) == ["tanis-aid-fr-poker-mono.pdf"]
    from generator.batch.verify import verify_path

    assert [c.status for c in verify_path(tmp_path / "batch", jobs=1)] == ["ok"]


def test_a_one_item_run_on_letter_in_black_and_white_is_named_as_the_command_names_it(tmp_path):
    # the PDF of a one-item run once lost its paper and theme: tanis-dig-13.pdf, the name of
    # the A4 colour sheet
    config = write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 13\n'
                             'paper = "letter"\nmono = true\n')
    run_batch(config, out=tmp_path / "batch", jobs=1)
    assert sorted(outputs(tmp_path / "batch")) == [
        "tanis-dig-13-paper-letter-mono-p2.svg", "tanis-dig-13-paper-letter-mono.json",
        "tanis-dig-13-paper-letter-mono.pdf", "tanis-dig-13-paper-letter-mono.svg"]
    cli = tmp_path / "cli"
    assert run_tombgen("tanis", "dig", "--seed", "13", "--paper", "letter", "--mono",
                       "--out", str(cli)).returncode == 0
    assert outputs(cli) == outputs(tmp_path / "batch")
