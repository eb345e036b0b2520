"""The batch folder lock (generator/batch/lock.py) in process: the file says who holds it, a
second holder is refused naming the first, a dead holder's file is taken over and said so, and
the lock-file fallback (systems without lockf) does the same."""

import json
import os
import socket
import subprocess
import sys

import pytest

from generator.batch.lock import NAME, FolderLock, describe
from generator.core.errors import InputError

STALE = {"pid": 999999999, "host": "old-laptop", "started": "2026-01-02 03:04:05"}


def test_the_file_says_who_holds_the_lock_and_goes_at_the_end(tmp_path):
    with FolderLock(tmp_path) as lock:
        held = json.loads((tmp_path / NAME).read_text())
        assert (held["pid"], held["host"]) == (os.getpid(), socket.gethostname())
        assert len(held["started"]) == 19 and lock.note == ""
    assert not (tmp_path / NAME).exists()
    lock.release()                                            # twice is harmless


def test_a_dead_holders_file_is_taken_over(tmp_path):
    (tmp_path / NAME).write_text(json.dumps(STALE))
    with FolderLock(tmp_path) as lock:
        assert lock.note == (f"{tmp_path}: took over the lock of a batch that is no longer "
                             "running (pid 999999999 on host old-laptop, started 2026-01-02 "
                             "03:04:05)")
        assert json.loads((tmp_path / NAME).read_text())["pid"] == os.getpid()


@pytest.mark.parametrize("text, note", [("", ""), ("[1, 2]", ""),
                                        ("not json", "pid ? on host ?, started ?")])
def test_an_empty_or_unreadable_file(tmp_path, text, note):
    (tmp_path / NAME).write_text(text)
    with FolderLock(tmp_path) as lock:
        expected = (f"{tmp_path}: took over the lock of a batch that is no longer running "
                    f"({note})") if note else ""
        assert lock.note == expected


def test_a_second_run_is_refused_naming_the_holder(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom generator.batch.lock import FolderLock\n"
         "with FolderLock(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(60)\n",
         str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        info = json.loads((tmp_path / NAME).read_text())
        with pytest.raises(InputError) as err:
            FolderLock(tmp_path).acquire()
        assert str(err.value) == (
            f"{tmp_path}: another tombgen batch is writing here: pid {holder.pid} on host "
            f"{socket.gethostname()}, started {info['started']}. Wait for it to finish, or give "
            "another --out")
    finally:
        holder.kill()
        holder.wait()


def test_describe_fills_what_is_missing_and_keeps_it_short():
    assert describe({}) == "pid ? on host ?, started ?"
    # 14 + 500 + 11 characters, cut at 200 and saying how many more there were (325)
    assert describe({"host": "h" * 500}) == "pid ? on host " + "h" * 186 + \
        "… (325 more characters)"


# ---- the lock-file fallback ---------------------------------------------------------------------

def test_the_fallback_creates_the_file_and_releases_it(tmp_path):
    lock = FolderLock(tmp_path)
    lock._acquire_exclusive()
    assert json.loads((tmp_path / NAME).read_text())["pid"] == os.getpid()
    lock.release()
    assert not (tmp_path / NAME).exists()


def test_the_fallback_takes_over_a_dead_process_of_this_host(tmp_path):
    (tmp_path / NAME).write_text(json.dumps({**STALE, "host": socket.gethostname()}))
    lock = FolderLock(tmp_path)
    lock._acquire_exclusive()
    assert lock.note.startswith(f"{tmp_path}: took over the lock of a batch that is no longer "
                                "running (pid 999999999 on host")
    assert json.loads((tmp_path / NAME).read_text())["pid"] == os.getpid()
    lock.release()


@pytest.mark.parametrize("holder", [STALE, {"pid": os.getpid(), "host": socket.gethostname(),
                                            "started": "2026-01-02 03:04:05"}])
def test_the_fallback_refuses_another_host_or_a_live_process(tmp_path, holder):
    # another host's process cannot be checked from here; a live one is still writing
    (tmp_path / NAME).write_text(json.dumps(holder))
    with pytest.raises(InputError) as err:
        FolderLock(tmp_path)._acquire_exclusive()
    assert str(err.value) == (
        f"{tmp_path}: another tombgen batch is writing here: {describe(holder)}. Wait for it "
        "to finish, or give another --out")
    assert json.loads((tmp_path / NAME).read_text()) == holder


def test_the_lock_file_is_readable_by_all_and_written_by_its_owner(tmp_path):
    old = os.umask(0o022)
    try:
        with FolderLock(tmp_path):
            assert (tmp_path / NAME).stat().st_mode & 0o777 == 0o644
        lock = FolderLock(tmp_path / "")
        lock._acquire_exclusive()
        assert (tmp_path / NAME).stat().st_mode & 0o777 == 0o644
        lock.release()
    finally:
        os.umask(old)


def test_releasing_a_lock_never_taken_or_whose_file_is_gone(tmp_path):
    FolderLock(tmp_path).release()                           # nothing taken: nothing to do
    lock = FolderLock(tmp_path)
    lock.acquire()
    (tmp_path / NAME).unlink()
    lock.release()
    assert lock.fd is None


def test_a_holder_that_has_not_written_its_name_yet(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time\n"
         "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)\n"
         "fcntl.lockf(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)\n",
         str(tmp_path / NAME)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(InputError) as err:
            FolderLock(tmp_path).acquire()
        assert str(err.value) == (
            f"{tmp_path}: another tombgen batch is writing here: another run (it has not said "
            "who yet). Wait for it to finish, or give another --out")
    finally:
        holder.kill()
        holder.wait()


def test_the_fallback_takes_over_a_holder_of_this_host_without_a_pid(tmp_path):
    (tmp_path / NAME).write_text(json.dumps({"host": socket.gethostname()}))
    lock = FolderLock(tmp_path)
    lock._acquire_exclusive()
    assert lock.note == (f"{tmp_path}: took over the lock of a batch that is no longer running "
                         f"(pid ? on host {socket.gethostname()}, started ?)")
    lock.release()
