"""Unit functions with injected faults, for the batch tests.

They live in a plain module (not a test file) so worker processes can import them by name:
the tests put this folder on ``sys.path`` before starting any pool.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.batch.units import build_unit


def crash_once(unit):
    """Kills its worker process the first time sub-item 2 of item 1 runs, then behaves."""
    marker = Path(os.environ["TOMBGEN_TEST_MARKERS"]) / f"crashed-{unit.item}-{unit.sub}"
    if unit.item == 0 and unit.sub == 1 and not marker.exists():
        marker.touch()
        os._exit(3)
    return build_unit(unit)


def always_crash(unit):
    """Sub-item 3 of item 1 kills its worker every time."""
    if unit.item == 0 and unit.sub == 2:
        os._exit(3)
    return build_unit(unit)


def always_fail(unit):
    """Sub-item 2 of item 1 raises every time (the others are built)."""
    if unit.item == 0 and unit.sub == 1:
        raise RuntimeError("injected failure")
    return build_unit(unit)


def slow(unit):
    """Each unit takes a little longer, so a test can kill the run half-way."""
    import time

    time.sleep(0.05)
    return build_unit(unit)


def refuse_item_2(unit):
    """Every unit of item 2 refuses its request, as a generator does for impossible options."""
    from generator.core.errors import RuleError

    if unit.item == 1:
        raise RuleError("this request cannot be met")
    return build_unit(unit)


def exit_on_three(n):
    """For the executor test: the worker running 3 dies; others return n * 10."""
    if n == 3:
        os._exit(3)
    return n * 10


def nap(n):
    """A unit of plain work that takes a while (a pool busy when it is stopped)."""
    import time

    time.sleep(0.2)
    return n
