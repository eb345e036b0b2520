"""Helpers of the studio tests: the app behind Starlette's test client, and the command line
whose bytes the API must give."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import warnings
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main

with warnings.catch_warnings():
    # Starlette announces a future move of its test client to another HTTP library
    warnings.filterwarnings("ignore", message=".*starlette.testclient.*")
    from starlette.testclient import TestClient

from generator.studio.app import make_app

ROOT = Path(__file__).resolve().parents[2]


def studio_client(**limits) -> TestClient:
    """A test client of a fresh app (its lifespan runs while the client is open)."""
    return TestClient(make_app(hosts=("testserver",), limits=limits or None))


def one(written: dict[str, bytes], pattern: str) -> bytes:
    """The bytes of the one file whose name matches ``pattern`` (file names carry the options
    that differ from the defaults; a test that does not care about them matches a pattern)."""
    from fnmatch import fnmatch

    found = [name for name in written if fnmatch(name, pattern)]
    assert len(found) == 1, f"{pattern}: {sorted(written)}"
    return written[found[0]]


def cli_files(tmp: Path, *args: str) -> dict[str, bytes]:
    """The files ``tombgen ARGS --out DIR`` writes into a new folder DIR, by name (run in TMP,
    so that a map file is named as the page names it).

    The command records a map file by its absolute path (so that ``verify`` finds it from any
    folder); a map sent to the page has a name but no folder, so the page records the name as
    typed. Here the command is run the same way: file paths kept as typed."""
    import tempfile
    from unittest import mock

    out = Path(tempfile.mkdtemp(prefix="out-", dir=tmp))
    before = Path.cwd()
    os.chdir(tmp)
    try:
        with mock.patch("generator.clikit.absolute_paths", lambda product, values: values):
            result = CliRunner().invoke(main, [*args, "--out", str(out)])
    finally:
        os.chdir(before)
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in out.iterdir()}


def cli_error(*args: str) -> tuple[int, str]:
    """(exit code, output) of a command the command line refuses."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def finished(client, job: str, timeout: float = 60) -> dict:
    """The state of a job once it has ended."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = client.get(f"/api/jobs/{job}").json()
        if state["state"] not in ("queued", "running"):
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job} did not finish: {state}")


def start_server(*args: str) -> tuple[subprocess.Popen, str]:
    """``python -m generator serve --no-open ARGS`` in a subprocess; (process, its address)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--no-open", *args],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    found = re.search(r"(http://\S+/(?:\?token=\S+)?)", line)
    assert found, line + server.stdout.read()
    return server, found.group(1)
