"""`generator.batch.run` in process, on tiny batches (one or two Tutan Tumba setups, the
cheapest product): the plan, the gate of first units, failures and conflicts with their config
lines, resuming from the manifest and the part spool, the executor and the progress bar.

Fast on purpose: these are the tests mutation testing runs for the module (tests/mutation.py).
Expected names, lines, counts and messages are pinned by hand.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from pathlib import Path

import pytest
from batch_support import tree, write

import generator.batch.run as batch_run
from generator.batch.manifest import Manifest
from generator.batch.run import Failure, error_text, run_batch
from generator.batch.units import Unit, build_unit
from generator.core.errors import InputError, RuleError
from generator.core.executor import InProcess
from generator.core.output import OutputError
from generator.produce import produce
from generator.runs import Request

# item 1 (config line 1): two setups, seed 9, a joined PDF and each one's JSON;
# item 2 (config line 8): one setup, seed 4, its SVG only.
TWO = ('[[item]]\ngame = "tumba"\nkind = "setup"\ncount = 2\nseed = 9\n'
       'format = "pdf,json"\n\n')
ONE = '[[item]]\ngame = "tumba"\nkind = "setup"\nseed = 4\nformat = "svg"\n'
NAMES = ["tumba-setup-4.svg", "tumba-setup-9-count-2-1.json", "tumba-setup-9-count-2-2.json",
         "tumba-setup-9-count-2.pdf"]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_of(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture
def config(tmp_path):
    return write(tmp_path, TWO + ONE)


def refuse(kind, items=(1,), message="this request cannot be met"):
    """A unit function refusing every unit of the given items (0-based) with ``kind``."""
    def unit_fn(unit):
        if unit.item in items:
            raise kind(message)
        return build_unit(unit)
    return unit_fn


def fail_unit(item, sub, exc):
    """A unit function failing one unit with ``exc`` (the others are built)."""
    def unit_fn(unit):
        if (unit.item, unit.sub) == (item, sub):
            raise exc
        return build_unit(unit)
    return unit_fn


# ---- a batch that succeeds ---------------------------------------------------------------------

def test_a_batch_writes_and_records_every_file_and_says_its_plan(tmp_path, config):
    out = tmp_path / "out"
    said = []
    outcome = run_batch(config, out=out, jobs=1, notify=said.append)
    assert said == [f"batch {config}: 3 units in 2 items, 0 already made; into {out}"]
    assert (outcome.units, outcome.built, outcome.skipped, outcome.written, outcome.unchanged) \
        == (3, 3, 0, 4, 0)
    assert outcome.failures == [] and outcome.conflicts == [] and outcome.drawn == []
    assert outcome.folder == out and outcome.manifest == out / "manifest.json"
    assert sorted(tree(out)) == ["manifest.json", *NAMES]
    doc = manifest_of(out)
    assert doc["complete"] is True and doc["failures"] == []
    files = {e["name"]: e for e in doc["files"]}
    assert [e["name"] for e in doc["files"]] == ["tumba-setup-9-count-2-1.json", "tumba-setup-9-count-2-2.json",
                                                 "tumba-setup-9-count-2.pdf", "tumba-setup-4.svg"]
    for name, entry in files.items():
        assert entry["sha256"] == sha(out / name) and entry["size"] == (out / name).stat().st_size
    pdf = files["tumba-setup-9-count-2.pdf"]
    assert (pdf["item"], pdf["sub"], pdf["pages"], pdf["format"], pdf["seed"]) == \
        (1, None, 2, "pdf", 9)
    assert pdf["validation"] == {"valid": True, "violations": []}
    svg = files["tumba-setup-4.svg"]
    assert (svg["item"], svg["sub"], svg["pages"], svg["format"]) == (2, 1, 1, "svg")
    assert files["tumba-setup-9-count-2-2.json"]["validation"] == {"valid": True, "violations": []}
    # the joined PDF is the one `tombgen tumba setup --count 2 --seed 9` makes, byte for byte
    produce("tumba", "setup", 9, count=2, out=tmp_path / "cli", formats=("pdf",))
    assert (out / "tumba-setup-9-count-2.pdf").read_bytes() == \
        (tmp_path / "cli" / "tumba-setup-9-count-2.pdf").read_bytes()
    assert not (out / ".tombgen-parts").exists()  # the spool goes when its PDF is complete


def test_a_rerun_makes_nothing_and_says_so_in_the_singular(tmp_path):
    config = write(tmp_path, ONE)
    out = tmp_path / "out"
    said = []
    first = run_batch(config, out=out, jobs=1, notify=said.append)
    assert (first.units, first.built, first.written) == (1, 1, 1)
    again = run_batch(config, out=out, jobs=1, notify=said.append)
    assert said == [f"batch {config}: 1 unit in 1 item, 0 already made; into {out}",
                    f"batch {config}: 1 unit in 1 item, 1 already made; into {out}"]
    assert (again.units, again.built, again.skipped, again.written, again.unchanged) == \
        (1, 0, 1, 0, 0)
    assert manifest_of(out)["complete"] is True


def test_a_joined_item_whose_pdf_is_gone_is_built_again(tmp_path, config):
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    before = tree(out)
    (out / "tumba-setup-9-count-2.pdf").unlink()
    again = run_batch(config, out=out, jobs=1)
    # its two units have their JSON but no part left: both are built again, the SVG is not
    assert (again.built, again.skipped, again.written, again.unchanged) == (2, 1, 1, 2)
    assert tree(out) == before


def test_files_there_with_the_same_bytes_are_counted_unchanged(tmp_path, config):
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    (out / "manifest.json").unlink()
    again = run_batch(config, out=out, jobs=1)
    assert (again.built, again.skipped, again.written, again.unchanged) == (3, 0, 1, 3)
    assert sorted(e["name"] for e in manifest_of(out)["files"]) == NAMES


def test_the_folder_comes_from_the_config_or_is_output(tmp_path, monkeypatch):
    config = write(tmp_path, '[batch]\nout = "prints"\n\n' + ONE)
    outcome = run_batch(config, jobs=1)
    assert outcome.folder == tmp_path / "prints"
    assert sorted(tree(tmp_path / "prints")) == ["manifest.json", "tumba-setup-4.svg"]
    assert run_batch(config, out=tmp_path / "given", jobs=1).folder == tmp_path / "given"
    monkeypatch.chdir(tmp_path)
    plain = write(tmp_path, ONE, "plain.toml")
    assert run_batch(plain, jobs=1).folder == Path("output")
    assert (tmp_path / "output" / "tumba-setup-4.svg").is_file()


def test_a_config_without_a_seed_draws_one_and_a_rerun_keeps_it(tmp_path):
    config = write(tmp_path, '[[item]]\ngame = "tumba"\nkind = "setup"\nformat = "json"\n')
    out = tmp_path / "out"
    first = run_batch(config, out=out, jobs=1)
    [item] = first.drawn
    assert item.seed_drawn and first.config.items == (item,)
    again = run_batch(config, out=out, jobs=1)
    assert again.drawn == [] and again.config.items[0].request.seed == item.request.seed
    assert (again.built, again.skipped) == (0, 1)


# ---- the gate: the first unit of every item, before anything is written --------------------------

@pytest.mark.parametrize("kind", [RuleError, InputError])
def test_a_refused_first_unit_stops_the_batch_before_any_file(tmp_path, config, kind):
    out = tmp_path / "out"
    with pytest.raises(kind) as caught:
        run_batch(config, out=out, jobs=1, unit_fn=refuse(kind))
    assert type(caught.value) is kind
    assert caught.value.message == (f"{config}:8: item 2.1 (tumba setup, seed 4): this request "
                                    "cannot be met\nnothing was written")
    assert not out.exists()  # the folder made for it is removed again


def test_refusals_are_listed_in_item_order_with_the_line_of_the_key_they_name(tmp_path):
    config = write(tmp_path, TWO + ONE + 'players = 3\n')
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    stale = out / ".tumba-setup-4.svg.999999999.0.part"
    stale.write_text("dead")
    mixed = {0: RuleError("--count 2: not this time"), 1: InputError("--players 3: refused")}

    def unit_fn(unit):
        raise mixed[unit.item]

    with pytest.raises(InputError) as caught:  # one InputError among them: exit 2
        run_batch(config, out=out, jobs=1, unit_fn=unit_fn)
    assert caught.value.message == (
        f"{config}:4: item 1.1 (tumba setup, seed 9): --count 2: not this time\n"
        f"{config}:13: item 2.1 (tumba setup, seed 4): --players 3: refused\n"
        "nothing was written")
    assert sorted(p.name for p in out.iterdir()) == [stale.name, "keep.txt"]  # not touched


def test_the_first_unit_of_every_item_runs_first(tmp_path, config):
    order = []

    def unit_fn(unit):
        order.append((unit.item, unit.sub))
        return build_unit(unit)

    run_batch(config, out=tmp_path / "out", jobs=1, unit_fn=unit_fn)
    assert order == [(0, 0), (1, 0), (0, 1)]


# ---- failures ----------------------------------------------------------------------------------

def test_a_unit_that_fails_is_recorded_with_its_line_and_the_rest_is_written(tmp_path, config):
    out = tmp_path / "out"
    outcome = run_batch(config, out=out, jobs=1,
                        unit_fn=fail_unit(0, 1, RuntimeError("injected --seed trouble")))
    [failure] = outcome.failures
    assert failure.text(config) == (f"{config}:5: item 1.2 (tumba setup, seed 9): "
                                    "RuntimeError: injected --seed trouble")
    assert failure == Failure(failure.unit, 5, "RuntimeError: injected --seed trouble")
    assert not failure.conflict and outcome.conflicts == []
    assert (outcome.built, outcome.written) == (2, 2)
    assert sorted(tree(out)) == ["manifest.json", "tumba-setup-4.svg", "tumba-setup-9-count-2-1.json"]
    doc = manifest_of(out)
    assert doc["complete"] is False
    assert doc["failures"] == [{"item": 1, "sub": 2, "line": 5, "game": "tumba",
                                "kind": "setup", "seed": 9,
                                "error": "RuntimeError: injected --seed trouble"}]
    # the part already made waits in the spool; the rerun builds only the failed unit
    assert (out / ".tombgen-parts" / "tumba-setup-9-count-2.pdf.spool").is_file()
    again = run_batch(config, out=out, jobs=1)
    assert (again.built, again.skipped, again.failures) == (1, 2, [])
    produce("tumba", "setup", 9, count=2, out=tmp_path / "cli", formats=("pdf",))
    assert (out / "tumba-setup-9-count-2.pdf").read_bytes() == \
        (tmp_path / "cli" / "tumba-setup-9-count-2.pdf").read_bytes()
    assert manifest_of(out)["complete"] is True


def test_a_first_unit_failing_with_a_plain_error_is_a_failure_not_a_refusal(tmp_path, config):
    out = tmp_path / "out"
    outcome = run_batch(config, out=out, jobs=1, unit_fn=fail_unit(1, 0, ValueError()))
    assert [f.text(config) for f in outcome.failures] == \
        [f"{config}:8: item 2.1 (tumba setup, seed 4): ValueError"]
    assert sorted(tree(out)) == ["manifest.json", *NAMES[1:]]


def test_error_text():
    assert error_text(RuleError("a rule")) == "a rule"
    assert error_text(KeyError("k")) == "KeyError: 'k'"
    assert error_text(RuntimeError()) == "RuntimeError"


# ---- files with other content --------------------------------------------------------------------

def conflict_text(path: Path) -> str:
    return (f"{path}: would replace a file with other content; nothing was changed. Give --force "
            "to replace, or choose another --out")


def test_a_file_with_other_content_is_left_alone_and_reported(tmp_path, config):
    out = tmp_path / "out"
    out.mkdir()
    (out / "tumba-setup-9-count-2-2.json").write_text("mine")
    outcome = run_batch(config, out=out, jobs=1)
    [failure] = outcome.failures
    assert failure.conflict and outcome.conflicts == [out / "tumba-setup-9-count-2-2.json"]
    assert failure.line == 1 and failure.unit.sub == 1
    assert failure.message == conflict_text(out / "tumba-setup-9-count-2-2.json")
    assert (out / "tumba-setup-9-count-2-2.json").read_text() == "mine"
    # the item's PDF is not finished without that unit; the other item is written
    assert sorted(tree(out)) == ["manifest.json", "tumba-setup-4.svg", "tumba-setup-9-count-2-1.json",
                                 "tumba-setup-9-count-2-2.json"]
    assert (outcome.built, outcome.written) == (2, 2)
    assert manifest_of(out)["failures"][0]["error"] == conflict_text(out / "tumba-setup-9-count-2-2.json")
    forced = run_batch(config, out=out, jobs=1, force=True)
    assert forced.failures == [] and forced.conflicts == []
    assert (forced.built, forced.written) == (1, 2)  # the JSON replaced and the joined PDF
    assert json.loads((out / "tumba-setup-9-count-2-2.json").read_text())["seed"] == 9


@pytest.mark.parametrize("force", [False, True])
def test_a_folder_where_a_file_goes_fails_its_unit_and_publishes_none_of_its_files(tmp_path,
                                                                                   force):
    config = write(tmp_path, ONE)
    out = tmp_path / "out"
    (out / "tumba-setup-4.svg").mkdir(parents=True)
    outcome = run_batch(config, out=out, jobs=1, force=force)
    [failure] = outcome.failures
    assert not failure.conflict and outcome.built == 0 and outcome.conflicts == []
    assert failure.message.startswith(f"{out / 'tumba-setup-4.svg'}: a folder has the name of "
                                      "a file this run writes; nothing was changed")
    assert (out / "tumba-setup-4.svg").is_dir()
    assert sorted(tree(out)) == ["manifest.json"]  # its JSON was not published either


def test_a_joined_pdf_with_other_content_is_left_alone_then_finished_from_its_parts(tmp_path,
                                                                                   config):
    out = tmp_path / "out"
    out.mkdir()
    (out / "tumba-setup-9-count-2.pdf").write_text("mine")
    outcome = run_batch(config, out=out, jobs=1)
    [failure] = outcome.failures
    assert failure.conflict and failure.unit.sub == 1 and failure.line == 1
    assert failure.message == conflict_text(out / "tumba-setup-9-count-2.pdf")
    assert outcome.conflicts == [out / "tumba-setup-9-count-2.pdf"]
    assert (outcome.built, outcome.written) == (3, 3)
    assert (out / "tumba-setup-9-count-2.pdf").read_text() == "mine"
    assert (out / ".tombgen-parts" / "tumba-setup-9-count-2.pdf.spool").is_file()
    (out / "tumba-setup-9-count-2.pdf").unlink()
    said = []
    again = run_batch(config, out=out, jobs=1, notify=said.append)
    # every unit is made and every part is in the spool: the PDF is joined without building
    assert said[-1].endswith("3 units in 2 items, 3 already made; into " + str(out))
    assert (again.built, again.skipped, again.written, again.failures) == (0, 3, 1, [])
    produce("tumba", "setup", 9, count=2, out=tmp_path / "cli", formats=("pdf",))
    assert (out / "tumba-setup-9-count-2.pdf").read_bytes() == \
        (tmp_path / "cli" / "tumba-setup-9-count-2.pdf").read_bytes()
    pdf = next(e for e in manifest_of(out)["files"] if e["name"] == "tumba-setup-9-count-2.pdf")
    assert (pdf["pages"], pdf["sha256"]) == (2, sha(out / "tumba-setup-9-count-2.pdf"))
    assert manifest_of(out)["complete"] is True
    assert not (out / ".tombgen-parts").exists()


def test_stale_temporary_files_of_dead_runs_are_cleared_once_writing_starts(tmp_path, config):
    out = tmp_path / "out"
    (out / ".tombgen-parts").mkdir(parents=True)
    dead = [out / ".tumba-setup-4.svg.999999999.0.part",
            out / ".tombgen-parts" / ".x.spool.999999999.3.part"]
    for path in dead:
        path.write_text("left by a killed run")
    run_batch(config, out=out, jobs=1)
    assert not any(p.exists() for p in dead)


# ---- whose folder ------------------------------------------------------------------------------

def test_another_configs_folder_is_not_taken_over_without_force(tmp_path, config):
    out = tmp_path / "out"
    other = write(tmp_path, ONE, "other.toml")
    run_batch(other, out=out, jobs=1)
    with pytest.raises(InputError) as caught:
        run_batch(config, out=out, jobs=1)
    assert caught.value.message == (
        f"{out}: holds the batch of {other.resolve()} (its manifest.json); this config would "
        "replace that record. Give another --out, or --force to take the folder over")
    assert sorted(tree(out)) == ["manifest.json", "tumba-setup-4.svg"]
    taken = run_batch(config, out=out, jobs=1, force=True)
    assert taken.failures == [] and manifest_of(out)["config"]["path"] == str(config.resolve())
    # the one file both configs make alike is kept; the rest is made
    assert (taken.built, taken.skipped) == (2, 1)


def test_a_manifest_json_that_is_no_manifest_is_replaced_only_with_force(tmp_path, config):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text("not json")
    with pytest.raises(InputError):
        run_batch(config, out=out, jobs=1)
    assert (out / "manifest.json").read_text() == "not json"
    outcome = run_batch(config, out=out, jobs=1, force=True)
    assert outcome.built == 3 and manifest_of(out)["complete"] is True


def test_a_dead_runs_lock_is_taken_over_and_said_first(tmp_path, config):
    out = tmp_path / "out"
    out.mkdir()
    (out / ".tombgen-lock").write_text(
        '{"pid": 999999999, "host": "elsewhere", "started": "2026-03-01 14:02:11"}\n')
    said = []
    run_batch(config, out=out, jobs=1, notify=said.append)
    assert said[0] == (f"{out}: took over the lock of a batch that is no longer running "
                       "(pid 999999999 on host elsewhere, started 2026-03-01 14:02:11)")
    assert len(said) == 2 and not (out / ".tombgen-lock").exists()
    (out / ".tombgen-lock").write_text('{"pid": 999999999}\n')
    assert run_batch(config, out=out, jobs=1).skipped == 3  # no notify: nothing to tell


# ---- the executor, the progress bar, interruptions ----------------------------------------------

class Recorder(InProcess):
    def __init__(self):
        self.calls = []

    def close(self):
        self.calls.append("close")

    def abort(self):
        self.calls.append("abort")


def test_the_executor_is_made_from_jobs_and_dask_and_closed(tmp_path, config, monkeypatch):
    made = []

    def make(jobs, dask):
        made.append((jobs, dask))
        made.append(Recorder())
        return made[-1]

    monkeypatch.setattr(batch_run, "make_executor", make)
    run_batch(config, out=tmp_path / "out", jobs=3, dask="tcp://nowhere:1")
    assert made[0] == (3, "tcp://nowhere:1") and made[1].calls == ["close"]
    made.clear()
    with pytest.raises(KeyboardInterrupt):
        run_batch(config, out=tmp_path / "other", unit_fn=fail_unit(0, 1, KeyboardInterrupt()))
    assert made[0] == (None, None) and made[1].calls == ["abort"]


def test_a_given_executor_is_neither_closed_nor_aborted(tmp_path, config):
    given = Recorder()
    run_batch(config, out=tmp_path / "out", executor=given)
    with pytest.raises(RuleError):
        run_batch(config, out=tmp_path / "refused", executor=given, unit_fn=refuse(RuleError))
    assert given.calls == []


def test_the_progress_bar_gets_every_unit_to_build(tmp_path, config):
    seen = []

    @contextmanager
    def progress(results, total, label):
        seen.append((total, label))
        yield results

    run_batch(config, out=tmp_path / "out", jobs=1, progress=progress)
    run_batch(config, out=tmp_path / "out", jobs=1, progress=progress)
    assert seen == [(3, "building"), (0, "building")]


def test_an_interrupted_batch_keeps_a_manifest_of_what_is_complete(tmp_path, config):
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        run_batch(config, out=out, jobs=1, unit_fn=fail_unit(0, 1, KeyboardInterrupt()))
    doc = manifest_of(out)
    assert doc["complete"] is False and doc["failures"] == []
    assert sorted(e["name"] for e in doc["files"]) == ["tumba-setup-4.svg",
                                                       "tumba-setup-9-count-2-1.json"]
    assert not (out / "tumba-setup-9-count-2.pdf").exists()


def test_a_manifest_that_cannot_be_saved_hides_no_interruption(tmp_path, config, monkeypatch):
    def full(self, complete=False, force=True):
        if force:  # the save at the end (the others may be skipped anyway)
            raise OutputError("manifest.json: cannot write: disk full")

    monkeypatch.setattr(Manifest, "save", full)
    with pytest.raises(KeyboardInterrupt):
        run_batch(config, out=tmp_path / "a", jobs=1, unit_fn=fail_unit(0, 1, KeyboardInterrupt()))
    with pytest.raises(OutputError, match="disk full"):  # a run that ended reports it
        run_batch(config, out=tmp_path / "b", jobs=1)


def test_a_unit_with_no_part_adds_nothing_to_the_pdf(tmp_path, config):
    def no_part(unit):
        result = build_unit(unit)
        return result._replace(part=None) if unit.sub == 1 else result

    outcome = run_batch(config, out=tmp_path / "out", jobs=1, unit_fn=no_part)
    assert not (tmp_path / "out" / "tumba-setup-9-count-2.pdf").exists()
    assert manifest_of(tmp_path / "out")["complete"] is False
    assert outcome.failures == [] and outcome.built == 3


def test_unit_labels_name_item_and_sub_item():
    unit = Unit(1, 2, Request("tumba", "setup", 4, 3, "a4", False, ("svg",), "en", {}))
    assert Failure(unit, 7, "boom").text(Path("b.toml")) == \
        "b.toml:7: item 2.3 (tumba setup, seed 4): boom"


# ---- what the mutation run of this module showed untested ----------------------------------------

def test_the_save_interval_reaches_the_manifest_two_seconds_by_default(tmp_path, config,
                                                                        monkeypatch):
    import generator.batch.manifest as manifest

    every = []

    class Book(Manifest):
        def __init__(self, folder, config, every_=2.0):
            every.append(every_)
            super().__init__(folder, config, every_)

    monkeypatch.setattr(manifest, "Manifest", Book)
    run_batch(config, out=tmp_path / "a", jobs=1)
    run_batch(config, out=tmp_path / "b", jobs=1, save_every=0.5)
    assert every == [2.0, 0.5]


def test_a_folder_that_was_there_stays_when_nothing_is_written(tmp_path, config):
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(RuleError):
        run_batch(config, out=out, jobs=1, unit_fn=refuse(RuleError))
    assert out.is_dir() and list(out.iterdir()) == []


def test_an_earlier_manifest_with_odd_items_or_config_is_read_around(tmp_path, config):
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    path = out / "manifest.json"
    doc = json.loads(path.read_text())
    doc["items"] += [7, {"item": "three"}, {"line": 4}]
    doc["config"] = "not a table"
    path.write_text(json.dumps(doc))
    again = run_batch(config, out=out, jobs=1)
    assert (again.built, again.skipped, again.failures) == (0, 3, [])


def test_a_joined_pdf_is_named_with_its_paper_theme_and_language(tmp_path):
    config = write(tmp_path, '[[item]]\ngame = "tumba"\nkind = "setup"\ncount = 2\nseed = 9\n'
                             'format = "pdf"\npaper = "letter"\nmono = true\nlang = "fr"\n')
    out = tmp_path / "out"
    outcome = run_batch(config, out=out, jobs=1)
    assert outcome.failures == []
    assert sorted(tree(out)) == ["manifest.json", "tumba-setup-9-count-2-paper-letter-mono-lang-fr.pdf"]


THREE = ('[[item]]\ngame = "tumba"\nkind = "setup"\ncount = 3\nseed = 9\nformat = "pdf"\n\n'
         + ONE)


def test_every_unit_after_the_gate_is_handled(tmp_path):
    outcome = run_batch(write(tmp_path, THREE), out=tmp_path / "out", jobs=1)
    assert (outcome.units, outcome.built, outcome.written) == (4, 4, 2)
    pdf = next(e for e in manifest_of(tmp_path / "out")["files"] if e["format"] == "pdf")
    assert pdf["pages"] == 3


def test_a_joined_pdf_conflict_names_the_last_unit_and_force_replaces_it(tmp_path):
    config = write(tmp_path, THREE)
    out = tmp_path / "out"
    out.mkdir()
    (out / "tumba-setup-9-count-3.pdf").write_text("mine")
    outcome = run_batch(config, out=out, jobs=1)
    assert [f.text(config) for f in outcome.failures] == [
        f"{config}:1: item 1.3 (tumba setup, seed 9): {conflict_text(out / 'tumba-setup-9-count-3.pdf')}"]
    assert [(f["item"], f["sub"], f["line"]) for f in manifest_of(out)["failures"]] == [(1, 3, 1)]
    forced = run_batch(config, out=out, jobs=1, force=True)
    assert forced.failures == [] and forced.conflicts == []
    assert (out / "tumba-setup-9-count-3.pdf").read_bytes().startswith(b"%PDF")
    assert manifest_of(out)["complete"] is True
