"""Chaos: runs killed with SIGKILL at random moments, then run again, end byte-identical to a
run that was never interrupted.

A batch (on two worker processes, so workers are killed with their parent) and a ``--count``
run are each started over and over and killed after a delay drawn from a seeded generator,
until at least KILLS runs were really interrupted. After every kill, each file under a final
name must already be byte-identical to the uninterrupted run's file of that name (a kill never
leaves a half-written or wrong file under a final name). A batch resumes where it stopped; a
``--count`` run starts over. Whenever a run gets to the end, the whole folder (the manifest
included) must equal the uninterrupted run's, with no temporary file, lock or spool left; the
folder is then emptied, and the killing goes on. Items are small (Tanis digs) so it stays fast.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT

KILLS = 20
SEED = 1717


def everything(folder: Path) -> dict[str, bytes]:
    """Every file of a folder tree, hidden ones included, by relative name."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()} if folder.exists() else {}


def start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def uninterrupted(args: list[str]) -> float:
    began = time.monotonic()
    proc = start(args)
    assert proc.wait(timeout=600) == 0
    return time.monotonic() - began


def after_kill(folder: Path, reference: dict[str, bytes]) -> None:
    for name, data in everything(folder).items():
        if name.startswith(".") or name == "manifest.json":
            # temporary files, the lock, the part spool (hidden, never final), and the
            # manifest, which says how far the batch got ("complete": false)
            continue
        assert name in reference and data == reference[name], f"{name} differs after a kill"


def chaos(make_args, folder: Path, reference_folder: Path) -> dict[str, int]:
    """Kills runs until KILLS of them were interrupted; returns what happened."""
    reference = everything(reference_folder)
    budget = uninterrupted(make_args(reference_folder.parent / "timing")) * 1.1
    rng = random.Random(SEED)
    seen = {"kills": 0, "completed": 0, "runs": 0}
    while seen["kills"] < KILLS:
        assert seen["runs"] < 12 * KILLS, "the runs keep finishing before the kill"
        seen["runs"] += 1
        proc = start(make_args(folder))
        try:
            proc.wait(timeout=rng.uniform(0.05, budget))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            seen["kills"] += 1
            after_kill(folder, reference)
            continue
        assert proc.returncode == 0
        seen["completed"] += 1
        assert everything(folder) == reference  # byte-identical, nothing hidden left over
        shutil.rmtree(folder)  # and again, from nothing
    proc = start(make_args(folder))
    assert proc.wait(timeout=600) == 0
    assert everything(folder) == reference
    return seen


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_batch_killed_at_random_points_resumes_to_the_same_bytes(tmp_path):
    config = tmp_path / "chaos.toml"
    config.write_text('[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 40\nseed = 11\n\n'
                      '[[item]]\ngame = "tumba"\nkind = "setup"\nmode = "advanced"\n'
                      'count = 12\nseed = 5\nformat = "pdf,json"\n')

    def args(out: Path) -> list[str]:
        return ["batch", str(config), "--jobs", "2", "--out", str(out)]

    assert uninterrupted(args(tmp_path / "reference")) > 0
    seen = chaos(args, tmp_path / "chaos", tmp_path / "reference")
    assert seen["kills"] >= KILLS


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_count_run_killed_at_random_points_ends_with_the_same_bytes(tmp_path):
    def args(out: Path) -> list[str]:
        return ["tanis", "dig", "--seed", "21", "--count", "40", "--out", str(out)]

    assert uninterrupted(args(tmp_path / "reference")) > 0
    seen = chaos(args, tmp_path / "chaos", tmp_path / "reference")
    assert seen["kills"] >= KILLS
    # a stale temporary file of a killed run is removed by the next run in the folder
    assert not any(name.endswith(".part") for name in os.listdir(tmp_path / "chaos"))
