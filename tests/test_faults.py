"""I/O faults, handled once for every command: one line naming the path (or address) and the
cause, exit 2, no traceback, no file under a final name, temporary files removed.

How the faults are made: a full disk by making the writer's ``write`` fail with ENOSPC (the
code path of a real full device, without root or a tiny file system); an unwritable folder by
making ``open`` fail with EACCES (root may write anywhere); a folder that vanishes by removing
it between two items; a full standard output with the real ``/dev/full``; closed standard
input and output by closing the descriptors of a real process; an unreachable Dask scheduler
with a port nothing listens on.
"""

import errno
import os
import subprocess
import sys
import time

import pytest
from helpers import ROOT, full_disk

import generator.core.output as output
from generator.cli import main

TANIS = '[[item]]\ngame = "tanis"\nkind = "dig"\ncount = {count}\nseed = {seed}\n'


def write(folder, text):
    path = folder / "batch.toml"
    path.write_text(text, encoding="utf-8")
    return path


def outputs(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()
            if p.is_file() and not p.name.startswith(".") and p.name != "manifest.json"}


def files(folder):
    """Every name in a folder, temporary files included (they start with a dot)."""
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def one_error(result, *words):
    """Exit 2, exactly one error line naming every word, no traceback."""
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("tombgen: error:")]
    assert len(errors) == 1, result.stderr
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit)
    for word in words:
        assert word in errors[0], errors[0]
    return errors[0]


@pytest.mark.parametrize("after", [0, 3, 7])
def test_disk_full_during_a_count_run(runner, tmp_path, monkeypatch, after):
    full_disk(monkeypatch, after)
    out = tmp_path / "out"
    result = runner.invoke(main, ["tanis", "dig", "--seed", "3", "--count", "4", "--out",
                                  str(out)])
    line = one_error(result, "cannot write: no space left on the device", str(out))
    assert "tanis-dig-3-" in line
    assert files(out) == []  # nothing under a final name, no temporary file


def test_disk_full_in_the_joined_pdf(runner, tmp_path, monkeypatch):
    from generator.draw.pdfjoin import PdfJoiner

    real = PdfJoiner._write

    def write(self, data):
        if self.handle is not None and self.pos > 20_000:  # part way into the file
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(PdfJoiner, "_write", write)
    out = tmp_path / "out"
    result = runner.invoke(main, ["tanis", "dig", "--seed", "3", "--count", "3", "--out",
                                  str(out), "--format", "pdf"])
    one_error(result, "tanis-dig-3-count-3.pdf: cannot write: no space left")
    assert files(out) == []


def test_disk_full_in_a_batch_then_the_rerun_completes(runner, tmp_path, monkeypatch):
    config = write(tmp_path, TANIS.format(count=4, seed=5))
    full_disk(monkeypatch, after=5)
    result = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out",
                                  str(tmp_path / "b")])
    one_error(result, "cannot write: no space left on the device")
    assert not any(name.endswith(".part") for name in files(tmp_path / "b"))
    monkeypatch.undo()
    again = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out",
                                 str(tmp_path / "b")])
    assert again.exit_code == 0, again.output
    clean = runner.invoke(main, ["batch", str(config), "--jobs", "1", "--out",
                                 str(tmp_path / "ref")])
    assert clean.exit_code == 0 and outputs(tmp_path / "b") == outputs(tmp_path / "ref")


def test_an_unwritable_folder(runner, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(output.os, "open", refuse)
    out = tmp_path / "locked"
    result = runner.invoke(main, ["tumba", "setup", "--seed", "1", "--out", str(out)])
    one_error(result, str(out), "permission denied; choose a folder you may write to")
    assert files(out) == []


def test_a_folder_that_vanishes_half_way(runner, tmp_path, monkeypatch):
    import shutil

    import generator.produce as produce

    out = tmp_path / "out"
    real = produce.build_one

    def build_then_remove(*args, **kwargs):
        built = real(*args, **kwargs)
        if args[3] == 1:  # the second item: the folder goes
            shutil.rmtree(out)
        return built

    monkeypatch.setattr(produce, "build_one", build_then_remove)
    result = runner.invoke(main, ["tanis", "dig", "--seed", "8", "--count", "3", "--out",
                                  str(out)])
    one_error(result, str(out), "the folder is gone")
    assert not out.exists()


def run_cli(*args, stdin=None, stdout=subprocess.PIPE, close=(), timeout=120):
    """``python -m generator ARGS`` with some of its standard streams closed."""
    def closing():
        for fd in close:
            os.close(fd)

    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, stdin=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=timeout,
                          preexec_fn=closing if close else None)


def stderr_line(proc, *words):
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tombgen: error:"), proc.stderr
    for word in words:
        assert word in lines[0]


def test_standard_output_on_a_full_device_writes_no_file(tmp_path):
    with open("/dev/full", "w") as full:
        proc = run_cli("tanis", "dig", "--seed", "2", "--out", str(tmp_path / "o"),
                       stdout=full)
    stderr_line(proc, "standard output", "No space left on device")
    assert files(tmp_path / "o") == []
    golden = ROOT / "tests" / "golden" / "tanis-dig-7-a4.json"  # a command that only prints
    for args in (["validate", str(golden)], ["--help"], ["tanis", "simulate", "--help"]):
        with open("/dev/full", "w") as full:
            proc = run_cli(*args, stdout=full)
        stderr_line(proc, "standard output", "No space left on device")


def test_closed_standard_output_and_input(tmp_path):
    proc = run_cli("tanis", "dig", "--seed", "2", "--out", str(tmp_path / "o"), close=(1,))
    stderr_line(proc, "standard output is closed")
    assert files(tmp_path / "o") == []
    proc = run_cli("validate", "-", close=(0,))
    stderr_line(proc, "<stdin>", "standard input is closed")


def test_an_unreachable_dask_scheduler_fails_within_seconds(tmp_path):
    pytest.importorskip("distributed")
    start = time.monotonic()
    proc = run_cli("tanis", "simulate", "--games", "2", "--seed", "1", "--dask",
                   "tcp://127.0.0.1:9", "--out", str(tmp_path))
    took = time.monotonic() - start
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("tombgen: error:")]
    assert len(errors) == 1 and "--dask tcp://127.0.0.1:9: cannot reach a scheduler" in errors[0]
    assert "Exception ignored" not in proc.stderr and took < 20  # connect timeout: 5 s
    assert files(tmp_path) == []
