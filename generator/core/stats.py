"""Confidence intervals for what simulations report: win rates, means and medians.

Every rate or mean a simulation prints comes with its 95% interval, so a reader can tell a real
difference from the noise of a finite number of games. Pure Python, no dependencies.

- :func:`proportion_interval` — Wilson score interval for a rate (wins out of games). Shared wins
  may be fractional (a win shared by k players counts 1/k); the formula takes real counts.
- :func:`mean_interval` — normal approximation, mean ± z·s/√n.
- :func:`median_interval` — distribution-free: the order statistics whose ranks bound the median
  with the binomial(n, ½) law (normal approximation of the ranks), so it needs no assumption on
  the shape of the scores.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def proportion_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (low, high) of ``successes`` out of ``n``; (0.0, 1.0) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} outside 0..{n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """(low, high) around the mean of ``values``; a single value gives (v, v); none (0, 0)."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) == 1:
        return mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def median_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """(low, high) order statistics bracketing the median of ``values`` at about 95%.

    The number of values below the true median is binomial(n, ½); ranks
    n/2 ± z·√n/2 (rounded outward, clamped to the sample) bound it.
    """
    if not values:
        return 0.0, 0.0
    ordered = sorted(values)
    n = len(ordered)
    half = z * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)
    hi = min(n - 1, math.ceil(n / 2 + half))
    return float(ordered[lo]), float(ordered[hi])


def rounded(interval: tuple[float, float], digits: int = 4) -> list[float]:
    """An interval as a JSON-friendly [low, high] list rounded to ``digits``."""
    return [round(interval[0], digits), round(interval[1], digits)]
