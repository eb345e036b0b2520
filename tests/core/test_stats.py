"""Intervals pinned by hand from textbook values (not recomputed with the module's formulas)."""

import pytest

from generator.core.stats import mean_interval, median_interval, proportion_interval, rounded


def test_wilson_fifty_of_hundred():
    # Textbook Wilson 95% interval for 50 of 100: 0.4038 .. 0.5962.
    assert rounded(proportion_interval(50, 100)) == [0.4038, 0.5962]


def test_wilson_zero_and_all():
    # 0 of 10: 0 .. 0.2775; 10 of 10: 0.7225 .. 1 (Wilson, z = 1.96).
    assert rounded(proportion_interval(0, 10)) == [0.0, 0.2775]
    assert rounded(proportion_interval(10, 10)) == [0.7225, 1.0]


def test_wilson_no_games_and_bad_counts():
    assert proportion_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        proportion_interval(11, 10)


def test_mean_interval():
    # mean 3, sample sd of 1..5 = 1.5811; half = 1.96 * 1.5811 / sqrt(5) = 1.3859.
    assert rounded(mean_interval([1, 2, 3, 4, 5]), 3) == [1.614, 4.386]
    assert mean_interval([7]) == (7, 7)
    assert mean_interval([]) == (0.0, 0.0)


def test_median_interval_hundred_values():
    # For n = 100 the distribution-free 95% interval of the median is the 40th and 61st values.
    values = list(range(1, 101))
    assert median_interval(values) == (40.0, 61.0)
    assert median_interval([5]) == (5.0, 5.0)
