"""Writing output files: names, atomic writes, never a silent overwrite, and I/O faults.

Every file is written under a temporary name in its folder (``.<name>.<pid>.<n>.part``) and
renamed when complete, so an interrupted or failed run never leaves a half-written file under a
final name. Publishing a finished file follows one rule (:func:`publish`): a file already there
with the same bytes is left alone (a no-op, not an error); one with other bytes is replaced only
when the command was given ``--force`` — otherwise it is a :class:`Conflict` (exit 2).

A run of several files stages them all (:class:`Staging`) and publishes them together at the
end: every conflict is found before any file is renamed, so a refused run changes nothing.

Faults of the file system (a full disk, a folder that is not writable or was removed, a name
too long) become an :class:`OutputError` naming the path and the cause (exit 2), and the
temporary file is removed. Temporary files left by a killed run are removed by the next run in
that folder (:func:`remove_stale_parts`): their names carry the pid of the process that wrote
them.

File names follow ``<game>-<kind>-<seed>[-<what differs>][-<n>].<ext>`` (the middle part is made
by the caller; ``n`` counts items from 1 in a ``--count`` run).
"""

from __future__ import annotations

import errno
import itertools
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from generator.core.errors import InputError


class OutputError(InputError):
    """A file could not be written (disk full, folder not writable or gone…): exit 2."""


class Conflict(InputError):
    """Files exist with other content and ``--force`` was not given: exit 2, nothing changed."""

    def __init__(self, paths: list[Path]):
        shown = ", ".join(str(p) for p in paths[:3]) + (" …" if len(paths) > 3 else "")
        files = "a file" if len(paths) == 1 else f"{len(paths)} files"
        super().__init__(f"{shown}: would replace {files} with other content; nothing was "
                         "changed. Give --force to replace, or choose another --out")
        self.paths = paths


def file_name(game: str, kind: str, seed: int, ext: str, n: int | None = None,
              differs: str = "") -> str:
    """``<game>-<kind>-<seed>[-<differs>][-<n>].<ext>``."""
    stem = f"{game}-{kind}-{seed}" + (f"-{differs}" if differs else "")
    if n is not None:
        stem += f"-{n}"
    return f"{stem}.{ext}"


#: Files given by their bytes instead of a path (a map sent to the web page): named as the
#: command names the file of the same name and bytes.
_GIVEN: dict[str, bytes] = {}


@contextmanager
def given_files(files: dict[str, bytes]):
    """While inside: a value naming one of ``files`` is named after those bytes."""
    saved = dict(_GIVEN)
    _GIVEN.clear()
    _GIVEN.update(files)
    try:
        yield
    finally:
        _GIVEN.clear()
        _GIVEN.update(saved)


def name_part(value, paths: bool = True, stdin: bytes | None = None) -> str:
    """A value as part of a file name: letters, digits, dots and dashes. With ``paths``, each
    comma-separated part that names a file (or ``-``: ``stdin`` holds its bytes) is written as
    the file's name and a hash of its bytes (``club-3f9a2c``), so an edited file gets a new
    name."""
    import hashlib

    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    if paths:
        pieces = []
        for piece in text.split(","):
            path = Path(piece)
            if piece == "-" and stdin is not None:
                piece = f"stdin-{hashlib.sha256(stdin).hexdigest()[:6]}"
            elif piece in _GIVEN:
                piece = f"{path.stem}-{hashlib.sha256(_GIVEN[piece]).hexdigest()[:6]}"
            elif piece and piece != "-" and path.is_file():
                try:
                    data = path.read_bytes()
                except OSError:
                    data = piece.encode("utf-8", "replace")
                piece = f"{path.stem}-{hashlib.sha256(data).hexdigest()[:6]}"
            pieces.append(piece)
        text = ",".join(pieces)
    return re.sub(r"[^A-Za-z0-9.-]+", "_", text).strip("_") or "_"


def check_dir(out: str | Path, flag: str = "--out") -> Path:
    """Checks that ``out`` is, or can become, a writable folder, without creating anything;
    messages name it as the option ``flag`` that gave it."""
    path = Path(out)
    probe = path
    while not probe.exists():
        _no_dangling_link(out, probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise InputError(f"{flag} {out}: {probe} is a file, not a folder; choose a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise InputError(f"{flag} {out}: {probe} is not writable; choose a writable folder")
    return path


def _no_dangling_link(out: str | Path, path: Path, flag: str = "--out") -> None:
    """A symbolic link to nothing is in the way of a folder ``--out`` would create."""
    if path.is_symlink() and not path.exists():
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        raise InputError(f"{flag} {out}: {path} is a symbolic link to {target}, which does not "
                         "exist; remove the link, create what it points to, or choose another "
                         f"{flag}")


#: Folders this process created for its output, in the order made: a command that fails
#: removes those still empty (:func:`remove_created`), so it leaves nothing behind.
_CREATED: list[Path] = []


def remove_created() -> None:
    """Removes the folders made by :func:`prepare_dir` that are still empty, deepest first
    (a failed run leaves no empty --out behind); forgets them all."""
    while _CREATED:
        try:
            _CREATED.pop().rmdir()
        except OSError:
            pass  # not empty (another run's files, or this run's published ones), or gone


def forget_created() -> None:
    """The folders made so far stay, whatever happens next (a command starts, or succeeded)."""
    _CREATED.clear()


def prepare_dir(out: str | Path, flag: str = "--out") -> Path:
    """Creates the output folder if needed and checks it can be written (else exit 2);
    messages name it as the option ``flag`` that gave it. The folders it creates are
    remembered (see :func:`remove_created`)."""
    path = Path(out)
    missing = []
    for probe in (path, *path.parents):
        if probe.exists():
            break
        _no_dangling_link(out, probe, flag)
        missing.append(probe)
    try:
        path.mkdir(parents=True, exist_ok=True)
        _CREATED.extend(reversed(missing))
    except FileExistsError:
        raise InputError(f"{flag} {out}: exists and is not a folder; choose a folder") from None
    except OSError as exc:
        raise InputError(f"{flag} {out}: cannot create the folder: "
                         f"{cause(exc, missing[-1] if missing else path)}") from None
    if not path.is_dir():
        raise InputError(f"{flag} {out}: not a folder; choose a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{flag} {out}: folder is not writable; choose a writable folder")
    return path


#: What to tell the user for the usual file-system faults, by errno.
_CAUSES = {
    errno.ENOSPC: "no space left on the device; free some space or write elsewhere (--out)",
    errno.EDQUOT: "disk quota exceeded; free some space or write elsewhere (--out)",
    errno.EACCES: "permission denied; choose a folder you may write to (--out)",
    errno.EPERM: "operation not permitted; choose a folder you may write to (--out)",
    errno.EROFS: "read-only file system; choose another folder (--out)",
    errno.ENOENT: "the folder is gone (removed while tombgen was writing?); run again",
    errno.ENAMETOOLONG: "the file name is too long for this file system; use shorter options "
                        "or a shorter --out",
    errno.EISDIR: "a folder has that name; remove it or choose another --out",
    errno.EIO: "input/output error on the device",
}


def cause(exc: OSError, path: str | Path | None = None) -> str:
    """A file-system error in words, with what to do about it. With the ``path`` that could
    not be made: a folder that is there but takes no new file or folder (``/proc``, ``/sys``:
    the kernel's, not a disk's) says so, rather than that it is gone."""
    if exc.errno == errno.ENOENT and path is not None and Path(path).parent.is_dir() \
            and not Path(path).parent.is_symlink():
        return (f"{Path(path).parent} takes no new files (a special file system such as /proc "
                "or /sys, not a disk); choose another --out")
    known = _CAUSES.get(exc.errno) if exc.errno is not None else None
    return known or exc.strerror or str(exc)


def io_error(exc: OSError, path: str | Path) -> OutputError:
    """The :class:`OutputError` for a failed write of ``path``."""
    return OutputError(f"{path}: cannot write: {cause(exc, path)}")


_COUNTER = itertools.count()
_PART = re.compile(r"^\..+\.(\d+)\.\d+\.part$")


def temp_path(path: str | Path) -> Path:
    """The temporary name a file is written under before its rename."""
    path = Path(path)
    return path.parent / f".{path.name}.{os.getpid()}.{next(_COUNTER)}.part"


def write_temp(path: str | Path, data: bytes | str) -> Path:
    """Writes ``data`` to a new temporary file for ``path``; faults → OutputError (no temp
    left)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = temp_path(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        discard(tmp)
        raise io_error(exc, path) from None
    except BaseException:
        discard(tmp)
        raise
    return tmp


def discard(tmp: Path) -> None:
    """Removes a temporary file if it is there."""
    try:
        os.unlink(tmp)
    except OSError:
        pass


def same_content(a: Path, b: Path) -> bool:
    """True when two files hold the same bytes (False when one cannot be read)."""
    import filecmp

    try:
        return filecmp.cmp(a, b, shallow=False)
    except OSError:
        return False


def publish(tmp: Path, path: Path, force: bool = False) -> bool:
    """Gives the finished temporary file ``tmp`` its final name ``path``.

    Returns True when the file was written, False when ``path`` already held the same bytes (the
    temporary file is removed). Other bytes at ``path``: replaced with ``force``, else
    :class:`Conflict` (the temporary file is removed, ``path`` untouched).
    """
    if os.path.lexists(path):
        if path.is_file() and same_content(tmp, path):
            discard(tmp)
            return False
        if not force:
            discard(tmp)
            raise Conflict([path])
    try:
        os.replace(tmp, path)
    except OSError as exc:
        discard(tmp)
        raise io_error(exc, path) from None
    return True


_FORCE: ContextVar[bool] = ContextVar("tombgen_force", default=False)


@contextmanager
def replacing(force: bool):
    """Within it, writes that are not told otherwise replace files with other content when
    ``force`` (a command's ``--force``, for the files its library code writes, e.g. game
    records written while a simulation plays)."""
    token = _FORCE.set(bool(force))
    try:
        yield
    finally:
        _FORCE.reset(token)


def write_file(path: str | Path, data: bytes | str, force: bool | None = None) -> bool:
    """Writes one file atomically under the overwrite rule (see :func:`publish`); True when
    written, False when the same bytes were already there. ``force`` None: as the enclosing
    :func:`replacing` says (default: do not replace)."""
    path = Path(path)
    return publish(write_temp(path, data), path, _FORCE.get() if force is None else force)


def atomic_write(path: str | Path, data: bytes | str, force: bool | None = None) -> Path:
    """Writes ``data`` to ``path`` via a temporary file and a rename (see :func:`write_file`)."""
    write_file(path, data, force)
    return Path(path)


class Staging:
    """The files of one run, written under temporary names as they are made and published
    together by :meth:`commit` (or all removed by :meth:`abort`)."""

    def __init__(self, folder: str | Path, force: bool = False):
        self.folder = Path(folder)
        self.force = force
        self.files: list[tuple[Path, Path]] = []  # (final path, temporary file)
        self.status: dict[Path, bool] | None = None

    def add(self, name: str, data: bytes | str) -> Path:
        """Writes one file's bytes under a temporary name; returns its final path."""
        path = self.folder / name
        self.files.append((path, write_temp(path, data)))
        return path

    def adopt(self, name: str, tmp: Path) -> Path:
        """Takes a finished temporary file made elsewhere (a joined PDF)."""
        path = self.folder / name
        self.files.append((path, tmp))
        return path

    def check(self) -> dict[Path, bool]:
        """{final path: True if it will be written, False if the same bytes are there already}.
        Without ``force``, a file that would replace other content is a :class:`Conflict`
        naming every such file (and every temporary file is removed): nothing changes. A name
        taken by what no file can replace (a folder) stops the run the same way, even with
        ``force``: every final name is checked before the first rename."""
        blocked = in_the_way(path for path, _ in self.files)
        if blocked:
            self.abort()
            raise blocked
        status, clashes = {}, []
        for path, tmp in self.files:
            if os.path.lexists(path) and path.is_file() and same_content(tmp, path):
                status[path] = False
            else:
                status[path] = True
                if os.path.lexists(path):
                    clashes.append(path)
        if clashes and not self.force:
            self.abort()
            raise Conflict(clashes)
        self.status = status
        return status

    def commit(self) -> dict[Path, bool]:
        """Publishes every file (after :meth:`check`, run now if it was not); returns what
        :meth:`check` said."""
        status = self.status if self.status is not None else self.check()
        try:
            for path, tmp in self.files:
                if status[path]:
                    publish(tmp, path, force=True)
                else:
                    discard(tmp)
        except BaseException:
            self.abort()
            raise
        self.files = []
        return status

    def abort(self) -> None:
        """Removes every temporary file not yet published."""
        for _, tmp in self.files:
            discard(tmp)
        self.files = []


def in_the_way(paths) -> OutputError | None:
    """The error for final names that hold what a file cannot replace (a folder, or a link to
    one), or None: what a run checks before it renames its first file."""
    found = [Path(p) for p in paths if Path(p).is_dir()]
    if not found:
        return None
    shown = ", ".join(str(p) for p in found[:3]) + (" …" if len(found) > 3 else "")
    return OutputError(f"{shown}: a folder has the name of a file this run writes; nothing was "
                       "changed. Remove or rename the folder, or choose another --out")


def write_all(folder: str | Path, files, force: bool = False) -> dict[Path, bool]:
    """Writes ``[(name, bytes), …]`` into ``folder`` together (see :class:`Staging`)."""
    staging = Staging(folder, force)
    try:
        for name, data in files:
            staging.add(name, data)
    except BaseException:
        staging.abort()
        raise
    return staging.commit()


def remove_stale_parts(folder: str | Path) -> int:
    """Deletes temporary files left in ``folder`` by runs that were killed (their process is
    gone); returns how many."""
    removed = 0
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for path in entries:
        found = _PART.match(path.name)
        if found and not pid_alive(int(found.group(1))):
            discard(path)
            removed += 1
    return removed


def pid_alive(pid: int) -> bool:
    """True when a process with this id exists on this machine."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
