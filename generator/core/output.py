"""Writing output files: names, atomic writes, and the folder check.

Every file is written to a temporary name in the target folder and renamed when complete, so an
interrupted or failed run never leaves a half-written file. File names follow
``<game>-<kind>-<seed>[-<n>].<ext>`` with ``n`` counting items from 1 in a ``--count`` run.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from generator.core.errors import InputError


def file_name(game: str, kind: str, seed: int, ext: str, n: int | None = None) -> str:
    """``<game>-<kind>-<seed>[-<n>].<ext>``."""
    stem = f"{game}-{kind}-{seed}"
    if n is not None:
        stem += f"-{n}"
    return f"{stem}.{ext}"


def check_dir(out: str | Path) -> Path:
    """Checks that ``out`` is, or can become, a writable folder, without creating anything."""
    path = Path(out)
    probe = path
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise InputError(f"--out {out}: {probe} is a file, not a folder; choose a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise InputError(f"--out {out}: {probe} is not writable; choose a writable folder")
    return path


def prepare_dir(out: str | Path) -> Path:
    """Creates the output folder if needed and checks it can be written (else exit 2)."""
    path = Path(out)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(f"--out {out}: exists and is not a folder; choose a folder") from None
    except OSError as exc:
        raise InputError(f"--out {out}: cannot create the folder ({exc.strerror}); "
                         "choose a writable folder") from None
    if not path.is_dir():
        raise InputError(f"--out {out}: not a folder; choose a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"--out {out}: folder is not writable; choose a writable folder")
    return path


_COUNTER = itertools.count()


def atomic_write(path: str | Path, data: bytes | str) -> Path:
    """Writes ``data`` to ``path`` via a temporary file in the same folder and a rename."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.parent / f".{path.name}.{os.getpid()}.{next(_COUNTER)}.part"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path
