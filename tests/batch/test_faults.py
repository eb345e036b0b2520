"""Faults: dying workers are retried, failing units are named, a killed run resumes cleanly."""

import json
import os
import signal
import subprocess
import sys
import time

import batch_faults
from batch_support import TANIS, outputs, tree, write
from helpers import ROOT

from generator.batch.run import run_batch
from generator.cli import main
from generator.core.executor import LocalPool, WorkerDied


def test_a_worker_that_dies_once_is_retried_and_the_run_completes(tmp_path, monkeypatch):
    markers = tmp_path / "markers"
    markers.mkdir()
    monkeypatch.setenv("TOMBGEN_TEST_MARKERS", str(markers))
    config = write(tmp_path, TANIS.format(count=5, seed=4))
    crashed = run_batch(config, out=tmp_path / "a", jobs=2, unit_fn=batch_faults.crash_once)
    assert (markers / "crashed-0-1").exists()  # the worker really died
    assert crashed.failures == [] and crashed.built == 5
    run_batch(config, out=tmp_path / "b", jobs=1)
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_a_unit_whose_worker_always_dies_is_reported_and_the_rest_is_written(tmp_path):
    config = write(tmp_path, TANIS.format(count=5, seed=4))
    outcome = run_batch(config, out=tmp_path / "a", jobs=2, unit_fn=batch_faults.always_crash)
    assert [(f.unit.item, f.unit.sub) for f in outcome.failures] == [(0, 2)]
    assert "died" in outcome.failures[0].message and outcome.failures[0].line == 1
    names = set(outputs(tmp_path / "a"))
    assert "tanis-dig-4-count-5-3.json" not in names and "tanis-dig-4-count-5.pdf" not in names
    assert {"tanis-dig-4-count-5-1.json", "tanis-dig-4-count-5-2.json", "tanis-dig-4-count-5-4.json",
            "tanis-dig-4-count-5-5.json"} <= names
    doc = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert doc["complete"] is False and doc["failures"][0]["sub"] == 3
    # a rerun without the fault makes only what is missing; the PDF joins the kept parts
    again = run_batch(config, out=tmp_path / "a", jobs=2)
    assert again.failures == [] and (again.built, again.skipped) == (1, 4)
    run_batch(config, out=tmp_path / "b", jobs=1)
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_the_executor_pins_a_death_on_the_unit_that_caused_it():
    pool = LocalPool(2, retries=1)
    try:
        results = dict(pool.map_unordered(batch_faults.exit_on_three, range(6)))
    finally:
        pool.close()
    assert isinstance(results[3], WorkerDied)
    assert {k: v for k, v in results.items() if k != 3} == {0: 0, 1: 10, 2: 20, 4: 40, 5: 50}


def test_a_failing_unit_is_named_with_its_config_line_and_exit_1(runner, tmp_path, monkeypatch):
    config = write(tmp_path, "\n# digs\n" + TANIS.format(count=3, seed=4))
    outcome = run_batch(config, out=tmp_path / "a", jobs=2, unit_fn=batch_faults.always_fail)
    assert [f.text(config) for f in outcome.failures] == [
        f"{config}:3: item 1.2 (tanis dig, seed 4): RuntimeError: injected failure"]
    assert {"tanis-dig-4-count-3-1.json", "tanis-dig-4-count-3-3.json"} <= set(outputs(tmp_path / "a"))
    monkeypatch.setitem(run_batch.__kwdefaults__, "unit_fn", batch_faults.always_fail)
    result = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out", str(tmp_path / "c")])
    assert result.exit_code == 1
    assert "batch.toml:3: item 1.2 (tanis dig, seed 4): RuntimeError: injected failure" in result.output


def test_a_run_killed_half_way_leaves_no_partial_file_and_the_rerun_completes(tmp_path):
    config = write(tmp_path, TANIS.format(count=100, seed=6))
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "batch"), str(ROOT)]))
    code = ("import sys, batch_faults; from generator.batch.run import run_batch; "
            "run_batch(sys.argv[1], out=sys.argv[2], jobs=2, unit_fn=batch_faults.slow, "
            "save_every=0.2)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(config), str(out)], env=env,
                            start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until a manifest save records some units
        try:
            if len(json.loads((out / "manifest.json").read_text())["files"]) >= 30:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    visible = [p for p in out.iterdir() if not p.name.startswith(".")]
    assert 30 <= len(visible) < 301, "the run was not interrupted half-way"
    assert not (out / "tanis-dig-6.pdf").exists()
    assert not any(p.name.endswith(".part") for p in visible)
    for path in visible:  # every file under its final name is complete
        data = path.read_bytes()
        if path.suffix == ".json":
            json.loads(data)
        elif path.suffix == ".svg":
            assert data.rstrip().endswith(b"</svg>")
    rerun = run_batch(config, out=out, jobs=2)
    assert rerun.failures == [] and rerun.skipped >= 10 and rerun.built == 100 - rerun.skipped
    assert not any(p.name.endswith(".part") for p in out.iterdir())
    assert not (out / ".tombgen-parts").exists()
    reference = run_batch(config, out=tmp_path / "ref", jobs=2)
    assert reference.built == 100 and outputs(out) == outputs(tmp_path / "ref")


def test_an_aborted_pool_leaves_no_manager_thread_for_the_exit_to_wake():
    """At exit the interpreter wakes each pool's manager thread through a pipe, without a lock;
    a thread still closing that pipe then prints a traceback under the one-line stop. So abort
    returns only once the manager thread has ended and closed its pipe."""
    pool = LocalPool(2)
    units = pool.map_unordered(batch_faults.nap, range(20))
    next(units)  # the workers are busy with the next units
    inner = pool.pool
    manager, wakeup = inner._executor_manager_thread, inner._executor_manager_thread_wakeup
    pool.abort()
    assert not manager.is_alive() and wakeup._closed
