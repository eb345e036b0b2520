"""Never a silent overwrite: same bytes are a no-op, other bytes need --force; one batch per
folder at a time; verify names the files a manifest does not list."""

import json
import os
import signal
import subprocess
import sys
import time

from batch_support import TANIS, outputs, tree, write
from helpers import ROOT

from generator.batch.run import run_batch
from generator.batch.verify import verify_path
from generator.cli import main


def test_a_product_run_never_replaces_other_content(runner, tmp_path):
    args = ["tanis", "dig", "--seed", "6", "--count", "2", "--out", str(tmp_path)]
    assert runner.invoke(main, args).exit_code == 0
    before = tree(tmp_path)
    again = runner.invoke(main, args)  # the same run: nothing to do, not an error
    assert again.exit_code == 0 and again.output.count("unchanged ") == 7
    assert "wrote" not in again.output and tree(tmp_path) == before
    # three items instead of two: items 1 and 2 say "of 3", so their files have other names
    more = runner.invoke(main, args[:5] + ["3"] + args[6:])
    assert more.exit_code == 0 and len(tree(tmp_path)) == 7 + 10
    # a file of the run changed by hand: the run would replace it, so it changes nothing
    mine = tmp_path / "tanis-dig-6-count-2-1.json"
    mine.write_text('{"mine": true}')
    edited = tree(tmp_path)
    again = runner.invoke(main, args)
    assert again.exit_code == 2
    assert "tanis-dig-6-count-2-1.json: would replace a file with other content; nothing was " \
        "changed" in again.output
    assert "--force" in again.output and tree(tmp_path) == edited
    forced = runner.invoke(main, args + ["--force"])
    assert forced.exit_code == 0 and tree(tmp_path)["tanis-dig-6-count-2-1.json"] == \
        before["tanis-dig-6-count-2-1.json"]


def test_runs_with_other_options_get_other_names(runner, tmp_path):
    for extra in ([], ["--shape", "spiral"], ["--players", "3"], ["--mono"]):
        result = runner.invoke(main, ["tut", "trail", "--seed", "9", "--format", "json",
                                      "--out", str(tmp_path), *extra])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "tut-trail-9-mono.json", "tut-trail-9-players-3.json", "tut-trail-9-shape-spiral.json",
        "tut-trail-9.json"]


def test_a_simulation_document_and_records_are_protected_too(runner, tmp_path):
    args = ["tumba", "simulate", "--games", "3", "--seed", "2", "--out", str(tmp_path),
            "--record", str(tmp_path / "rec")]
    assert runner.invoke(main, args).exit_code == 0
    doc = tmp_path / "tumba-simulation-2-games-3.json"
    record = tmp_path / "rec" / "tumba-record-2-games-3-2.json"
    record.write_text(record.read_text().replace('"over": true', '"over": false'))
    again = runner.invoke(main, args)
    assert again.exit_code == 2 and "tumba-record-2-games-3-2.json: would replace" in again.output
    assert '"over": false' in record.read_text()
    doc.write_text("{}")
    forced = runner.invoke(main, args + ["--force"])
    assert forced.exit_code == 0 and json.loads(doc.read_text())["games"] == 3
    assert '"over": false' not in record.read_text()


def test_a_batch_leaves_other_content_alone_and_reports_it(runner, tmp_path):
    config = write(tmp_path, TANIS.format(count=3, seed=4))
    out = tmp_path / "out"
    out.mkdir()
    (out / "tanis-dig-4-count-3-2.json").write_text('{"mine": true}')  # a file of the user's
    result = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 2
    assert "1 file(s) in" in result.output and "exist with other content and were left alone" \
        in result.output and "tanis-dig-4-count-3-2.json" in result.output
    assert json.loads((out / "tanis-dig-4-count-3-2.json").read_text()) == {"mine": True}
    assert not (out / "tanis-dig-4.pdf").exists()  # item 2 is missing, so is the joined PDF
    forced = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(out),
                                  "--force"])
    assert forced.exit_code == 0, forced.output
    run_batch(config, out=tmp_path / "ref", jobs=1)
    assert outputs(out) == outputs(tmp_path / "ref")


def test_files_already_there_with_the_same_bytes_are_kept(tmp_path):
    out = tmp_path / "out"
    assert subprocess.run([sys.executable, "-m", "generator", "tanis", "dig", "--seed", "4",
                           "--count", "3", "--out", str(out)], cwd=ROOT,
                          capture_output=True).returncode == 0
    outcome = run_batch(write(tmp_path, TANIS.format(count=3, seed=4)), out=out, jobs=1)
    assert outcome.conflicts == [] and outcome.unchanged == 9 and outcome.written == 1


def test_another_configs_folder_is_not_taken_over_without_force(tmp_path):
    first = write(tmp_path, TANIS.format(count=2, seed=1), "first.toml")
    second = write(tmp_path, TANIS.format(count=2, seed=2), "second.toml")
    out = tmp_path / "out"
    run_batch(first, out=out, jobs=1)
    try:
        run_batch(second, out=out, jobs=1)
        raise AssertionError("a second config took the folder over")
    except Exception as exc:  # noqa: BLE001 - the message is what matters
        assert "holds the batch of" in str(exc) and "first.toml" in str(exc)
    assert json.loads((out / "manifest.json").read_text())["config"]["path"].endswith(
        "first.toml")
    taken = run_batch(second, out=out, jobs=1, force=True)
    assert taken.built == 2
    unlisted = [c for c in verify_path(out) if c.status == "UNLISTED"]
    assert sorted(c.name for c in unlisted) == sorted(
        n for n in outputs(out) if n.startswith("tanis-dig-1"))


def test_verify_names_files_the_manifest_does_not_list(runner, tmp_path):
    config = write(tmp_path, TANIS.format(count=2, seed=3))
    out = tmp_path / "out"
    run_batch(config, out=out, jobs=1)
    (out / "notes.txt").write_text("mine")
    (out / "extra").mkdir()
    result = runner.invoke(main, ["verify", str(out)])
    assert result.exit_code == 1
    assert "UNLISTED notes.txt  (a file in the batch folder that its manifest does not list)" \
        in result.output
    assert "UNLISTED extra  (a folder" in result.output and "7 of 9 match" in result.output


def test_a_force_key_in_a_config_item_is_refused(tmp_path):
    from generator.batch.config import load_config
    from generator.core.errors import InputError

    config = write(tmp_path, TANIS.format(count=1, seed=3) + "force = true\n")
    try:
        load_config(config)
        raise AssertionError("force accepted as an item key")
    except InputError as exc:
        assert "batch.toml:6: item 1 (tanis dig): force: how files are written is not an item " \
               "option; give tombgen batch --force instead" in exc.message


def _lock_holder(tmp_path):
    """A batch that holds its folder's lock for a while (a slow unit function)."""
    config = write(tmp_path, TANIS.format(count=200, seed=6))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "batch"), str(ROOT)]))
    code = ("import sys, batch_faults; from generator.batch.run import run_batch; "
            "run_batch(sys.argv[1], out=sys.argv[2], jobs=1, unit_fn=batch_faults.slow)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(config), str(tmp_path / "out")],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lock = tmp_path / "out" / ".tombgen-lock"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (lock.exists() and lock.read_text().strip()):
        time.sleep(0.05)
    return config, proc


def test_one_batch_per_folder_and_a_dead_holders_lock_is_taken_over(tmp_path):
    import socket

    config, proc = _lock_holder(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "generator", "batch", str(config),
                                 "--out", str(tmp_path / "out")], cwd=ROOT,
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert (f"another tombgen batch is writing here: pid {proc.pid} on host "
                f"{socket.gethostname()}, started 20") in second.stderr
        assert len(second.stderr.strip().splitlines()) == 1
    finally:
        proc.send_signal(signal.SIGKILL)  # the holder dies without removing its lock file
        proc.wait()
    assert (tmp_path / "out" / ".tombgen-lock").exists()
    third = subprocess.run([sys.executable, "-m", "generator", "batch", str(config), "--out",
                            str(tmp_path / "out"), "--jobs", "2"], cwd=ROOT,
                           capture_output=True, text=True, timeout=600)
    assert third.returncode == 0, third.stderr
    assert f"took over the lock of a batch that is no longer running (pid {proc.pid}" \
        in third.stdout
    assert not (tmp_path / "out" / ".tombgen-lock").exists()  # released at the end
