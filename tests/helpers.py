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


def english_only(monkeypatch, game_name: str, kind: str) -> None:
    """The registry as if one product had no translation yet (every product has one now)."""
    import generator.registry as registry

    changed = tuple(g._replace(products=tuple(
        p._replace(languages=("en",)) if (g.name, p.kind) == (game_name, kind) else p
        for p in g.products)) for g in registry.games())
    monkeypatch.setattr(registry, "_GAMES", changed)
