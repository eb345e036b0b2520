"""Writing files: never a silent overwrite, all or nothing, and file-system faults named.

A full disk is simulated by making the writer's ``write`` fail with ENOSPC (no root needed,
the same code path as a real full device); an unwritable folder by making ``open`` fail with
EACCES (tests often run as root, who may write anywhere).
"""

import errno
import os
import re

import pytest
from helpers import full_disk

import generator.core.output as output
from generator.core.output import (
    Conflict,
    OutputError,
    Staging,
    publish,
    remove_stale_parts,
    replacing,
    write_file,
    write_temp,
)


def names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_same_bytes_are_a_no_op_other_bytes_need_force(tmp_path):
    target = tmp_path / "a.json"
    assert write_file(target, "one") is True
    stamp = target.stat().st_mtime_ns
    assert write_file(target, "one") is False  # nothing written, not an error
    assert target.stat().st_mtime_ns == stamp
    with pytest.raises(Conflict, match=re.escape("a.json: would replace a file with other content; "
                                                 "nothing was changed. Give --force")):
        write_file(target, "two")
    assert target.read_text() == "one" and names(tmp_path) == ["a.json"]
    assert write_file(target, "two", force=True) is True and target.read_text() == "two"
    with replacing(True):  # a command's --force reaches library writes
        assert write_file(target, "three") is True
    with pytest.raises(Conflict):
        write_file(target, "four")


def test_a_folder_in_the_way_is_never_replaced(tmp_path):
    (tmp_path / "x.svg").mkdir()
    with pytest.raises(Conflict):
        write_file(tmp_path / "x.svg", "data")
    with pytest.raises(OutputError, match=re.escape("x.svg: cannot write:")):
        write_file(tmp_path / "x.svg", "data", force=True)
    assert names(tmp_path) == ["x.svg"]


def test_staging_finds_every_conflict_before_renaming_anything(tmp_path):
    (tmp_path / "b.txt").write_text("old b")
    (tmp_path / "c.txt").write_text("same c")
    run = Staging(tmp_path)
    for name in ("a.txt", "b.txt", "c.txt"):
        run.add(name, f"new {name[0]}" if name != "c.txt" else "same c")
    with pytest.raises(Conflict) as caught:
        run.commit()
    assert caught.value.paths == [tmp_path / "b.txt"]
    assert names(tmp_path) == ["b.txt", "c.txt"]  # no a.txt, no temporary file
    run = Staging(tmp_path, force=True)
    for name, text in (("a.txt", "new a"), ("b.txt", "new b"), ("c.txt", "same c")):
        run.add(name, text)
    assert run.commit() == {tmp_path / "a.txt": True, tmp_path / "b.txt": True,
                            tmp_path / "c.txt": False}
    assert (tmp_path / "b.txt").read_text() == "new b" and names(tmp_path) == [
        "a.txt", "b.txt", "c.txt"]


def test_a_full_disk_names_the_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    full_disk(monkeypatch)
    with pytest.raises(OutputError, match=r"out.svg: cannot write: no space left on the device; "
                                          r"free some space or write elsewhere \(--out\)"):
        write_file(tmp_path / "out.svg", b"<svg/>")
    assert names(tmp_path) == []


def test_a_full_disk_half_way_through_a_run_changes_nothing(tmp_path, monkeypatch):
    (tmp_path / "keep.txt").write_text("keep")
    full_disk(monkeypatch, after=2)
    run = Staging(tmp_path)
    run.add("1.txt", "one")
    run.add("2.txt", "two")
    with pytest.raises(OutputError, match=re.escape("3.txt: cannot write: no space left")):
        run.add("3.txt", "three")
    run.abort()
    assert names(tmp_path) == ["keep.txt"]


@pytest.mark.parametrize("code, words", [
    (errno.EACCES, "permission denied; choose a folder you may write to"),
    (errno.EROFS, "read-only file system"),
    (errno.ENOENT, "the folder is gone"),
    (errno.ENAMETOOLONG, "the file name is too long"),
])
def test_other_faults_are_named(tmp_path, monkeypatch, code, words):
    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(output.os, "open", refuse)
    # ENOENT: the folder went away (a folder that is there and takes no file says so instead)
    folder = tmp_path / "gone" if code == errno.ENOENT else tmp_path
    with pytest.raises(OutputError, match=words):
        write_temp(folder / "f.json", "{}")
    assert names(tmp_path) == []


def test_a_vanished_folder_is_a_named_error(tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    tmp = write_temp(folder / "a.txt", "a")
    tmp.unlink()
    folder.rmdir()
    with pytest.raises(OutputError,
                       match=re.escape("gone/a.txt: cannot write: the folder is gone")):
        write_file(folder / "a.txt", "a")
    with pytest.raises(OutputError, match="the folder is gone"):
        publish(tmp, folder / "a.txt")


def test_temporary_files_of_dead_runs_are_removed_and_live_ones_kept(tmp_path):
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    (tmp_path / f".a.svg.{dead}.0.part").write_text("half")
    (tmp_path / f".b.svg.{os.getpid()}.1.part").write_text("mine, still writing")
    (tmp_path / "c.svg").write_text("final")
    assert remove_stale_parts(tmp_path) == 1
    assert names(tmp_path) == [f".b.svg.{os.getpid()}.1.part", "c.svg"]
