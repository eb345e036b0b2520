"""Timing helpers shared by the benchmark scripts (best-of-N wall-clock rates)."""

from __future__ import annotations

import time
from collections.abc import Callable


def rate(fn: Callable[[int], object], n: int, repeats: int = 3) -> float:
    """Calls per second of ``fn(i)`` for i in range(n), best of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for i in range(n):
            fn(i)
        best = min(best, time.perf_counter() - start)
    return n / best


def per_call(fn: Callable[[], object], repeats: int = 60) -> float:
    """Mean seconds per call of ``fn()`` after one warm-up call."""
    fn()
    start = time.perf_counter()
    for _ in range(repeats):
        fn()
    return (time.perf_counter() - start) / repeats
