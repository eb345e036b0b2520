"""Shared test fixtures, and the guard that the suite leaves the checkout as it found it.

Tests write only under their temporary folders: the session compares the checkout's files at
its end with those at its start (:mod:`checkout`) and fails the run, naming the files, when a
test wrote, changed or removed anything (with ``-n``, in the process that runs the workers).
Hypothesis keeps its files (example database, cached constants) in a temporary folder of the
session instead of ``.hypothesis/`` in the checkout.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from checkout import changes, checkout_state
from click.testing import CliRunner
from hypothesis.configuration import set_hypothesis_home_dir

ROOT = Path(__file__).resolve().parents[1]
HYPOTHESIS_HOME = Path(tempfile.mkdtemp(prefix="tombgen-hypothesis-"))
set_hypothesis_home_dir(HYPOTHESIS_HOME)


def _is_worker(config: pytest.Config) -> bool:
    """A pytest-xdist worker (``-n``): its exit status is not the run's, so the guard runs in
    the controlling process, whose session starts before every worker and ends after them."""
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not _is_worker(session.config):
        session.config.stash[_BEFORE] = checkout_state(ROOT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(HYPOTHESIS_HOME, ignore_errors=True)
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
