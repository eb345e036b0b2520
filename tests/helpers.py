"""Helpers for tests: run tombgen in a separate process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_tombgen(*args: str, cwd: Path | None = None, input: str | None = None) -> subprocess.CompletedProcess:
    """Runs ``python -m generator ARGS`` in a fresh process (true cold start, real exit code)."""
    env = dict(os.environ, PYTHONHASHSEED="random")
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, input=input, env=env, timeout=300)
