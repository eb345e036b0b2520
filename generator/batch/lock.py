"""One batch at a time in a folder: the lock file ``.tombgen-lock``.

A batch takes the lock before it reads the folder's manifest and keeps it to the end, so two
runs never write the same folder at once. The lock is a POSIX record lock (``lockf``) on the
file: the system releases it when its process ends however it ends, so a batch that was killed
never leaves the folder locked, and worker processes do not inherit it (a worker still ending
after its parent was killed does not hold the folder). The file also says who holds it (pid, host, start time): a second run
names the holder, and a run that finds the file of a holder that is gone (killed before it
could remove it) says that it takes over from it. A run that ends removes the file.

Where ``lockf`` does not exist, the file itself is the lock (created exclusively), and one left
by a process that no longer runs on this host is taken over.
"""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path
from typing import Any

from generator.core.errors import InputError
from generator.core.output import pid_alive

NAME = ".tombgen-lock"


class FolderLock:
    """The lock of one output folder (a context manager); ``note`` says what was taken over."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.path = self.folder / NAME
        self.fd: int | None = None
        self.note = ""

    def __enter__(self) -> FolderLock:
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()

    def acquire(self) -> None:
        """Takes the lock, or raises InputError naming the run that holds it."""
        try:
            import fcntl
        except ImportError:  # not POSIX
            self._acquire_exclusive()
            return
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = _read(fd)
                os.close(fd)
                raise InputError(self._busy(holder)) from None
            if _same_file(fd, self.path):
                break
            os.close(fd)  # the holder removed the file as we opened it: lock the new one
        previous = _read(fd)
        if previous:
            self.note = self._taken_over(previous)
        _write(fd, holder_info())
        self.fd = fd

    def _acquire_exclusive(self) -> None:
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                holder = _read_path(self.path)
                if holder.get("host") == socket.gethostname() and \
                        not pid_alive(int(holder.get("pid") or 0)):
                    self.note = self._taken_over(holder)
                    self.path.unlink(missing_ok=True)
                    continue
                raise InputError(self._busy(holder)) from None
            _write(fd, holder_info())
            self.fd = fd
            return
        raise InputError(self._busy(_read_path(self.path)))

    def release(self) -> None:
        """Gives the lock back: the file is removed, then the descriptor (and with it the
        system lock) closed. A run that opened the file just before it was removed sees that it
        locked a removed file and starts over (see :meth:`acquire`)."""
        if self.fd is None:
            return
        self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = None

    def _busy(self, holder: dict[str, Any]) -> str:
        who = describe(holder) if holder else "another run (it has not said who yet)"
        return (f"{self.folder}: another tombgen batch is writing here: {who}. Wait for it to "
                f"finish, or give another --out")

    def _taken_over(self, holder: dict[str, Any]) -> str:
        return (f"{self.folder}: took over the lock of a batch that is no longer running "
                f"({describe(holder)})")


def holder_info() -> dict[str, Any]:
    """Who takes the lock: this process, this host, now."""
    return {"pid": os.getpid(), "host": socket.gethostname(),
            "started": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())}


def describe(holder: dict[str, Any]) -> str:
    """``pid 4242 on host ana-laptop, started 2026-03-01 14:02:11``."""
    from generator.core.inputs import printable

    return printable(f"pid {holder.get('pid', '?')} on host {holder.get('host', '?')}, "
                     f"started {holder.get('started', '?')}", 200)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.fstat(fd).st_ino == os.stat(path).st_ino
    except OSError:
        return False


def _write(fd: int, info: dict[str, Any]) -> None:
    data = (json.dumps(info) + "\n").encode()
    os.ftruncate(fd, 0)
    os.pwrite(fd, data, 0)


def _read(fd: int) -> dict[str, Any]:
    try:
        data = os.pread(fd, 4096, 0)
        info = json.loads(data.decode("utf-8")) if data.strip() else {}
    except (OSError, ValueError):
        return {"pid": "?", "host": "?", "started": "?"}
    return info if isinstance(info, dict) else {}


def _read_path(path: Path) -> dict[str, Any]:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return {}
    try:
        return _read(fd)
    finally:
        os.close(fd)
