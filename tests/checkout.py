"""What a test run must leave alone: the checkout's files, listed with their size and time.

:func:`checkout_state` lists every file of the checkout with its size and modification time
(byte code, tool caches and build folders left out, since Python, the installers and the linters
write those, not the tests); :func:`changes` says what differs between two such lists. The
session in ``conftest.py`` compares the list at its end with the one at its start.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Folders the guard does not look into: written by git, Python, installers and linters.
NOT_WATCHED = frozenset({".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache",
                         "build", "dist", "site", ".benchmarks"})


def checkout_state(root: Path) -> dict[str, tuple[int, int]]:
    """``relative path → (size, mtime in ns)`` of every watched file under ``root``."""
    state = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in NOT_WATCHED and not d.endswith(".egg-info")]
        for name in files:
            path = Path(folder, name)
            try:
                info = path.stat()
            except FileNotFoundError:  # removed while the walk ran
                continue
            state[path.relative_to(root).as_posix()] = (info.st_size, info.st_mtime_ns)
    return state


def changes(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """What differs between two :func:`checkout_state` lists, one line a file."""
    return ([f"written: {p}" for p in sorted(after.keys() - before.keys())]
            + [f"removed: {p}" for p in sorted(before.keys() - after.keys())]
            + [f"changed: {p}" for p in sorted(before.keys() & after.keys())
               if before[p] != after[p]])
