"""Shared test fixtures, and the guard that the suite leaves the checkout as it found it.

Tests write only under their temporary folders. :func:`checkout_state` lists every file of the
checkout with its size and modification time (byte code, tool caches and build folders left
out, since Python and the installers write those, not the tests); the session compares the list
at its end with the one at its start and fails the run, naming the files, when a test wrote,
changed or removed anything. Hypothesis keeps no example database (it would write
``.hypothesis/`` into the checkout).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
#: Folders the guard does not look into: written by git, Python, installers and linters.
NOT_WATCHED = frozenset({".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache",
                         "build", "dist", "site", ".benchmarks"})

settings.register_profile("tombgen", database=None)
settings.load_profile("tombgen")


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


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_BEFORE] = checkout_state(ROOT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(_BEFORE, None)
    if before is None:
        return
    found = changes(before, checkout_state(ROOT))
    if found:
        shown = "\n  ".join(found[:20]) + ("\n  …" if len(found) > 20 else "")
        session.config.get_terminal_writer().line(
            f"\nthe test run changed the checkout ({len(found)} files); tests write only under "
            f"their temporary folders:\n  {shown}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_BEFORE = pytest.StashKey[dict]()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
