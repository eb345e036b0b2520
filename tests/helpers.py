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


def only(folder: Path, pattern: str) -> Path:
    """The one file of ``folder`` matching ``pattern`` (file names carry the options of the run
    that made them; a test that does not care about them picks the file by its pattern)."""
    found = sorted(Path(folder).glob(pattern))
    assert len(found) == 1, f"{pattern}: {[p.name for p in found]}"
    return found[0]


def full_disk(monkeypatch, after: int = 0) -> None:
    """Makes tombgen's file writes fail with ENOSPC once ``after`` writes have succeeded: the
    code path of a real full device, without root or a tiny file system."""
    import errno

    import generator.core.output as output

    real = os.fdopen
    count = {"n": 0}

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            count["n"] += 1
            if count["n"] > after:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.handle.write(data)

    monkeypatch.setattr(output.os, "fdopen", lambda fd, mode: Full(real(fd, mode)))


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``: its children, theirs, and so on (read from /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
