"""The limits of one run and of the documents tombgen reads (``seeds/limits.toml``).

A run asked for more than a limit stops before any work, with exit 2 and a message naming the
limit and the way to do more (:func:`beyond`): ``--count 5000`` → "at most 1000 items in one
run (seeds/limits.toml [run] count); for more, …". The limits are data, read once, so the
command line, batch configs and any other front end share them.

``--jobs`` is bounded by a multiple of the CPUs this process may use (:func:`max_jobs`): more
workers than that only compete for the same CPUs, and each one costs its own memory.
"""

from __future__ import annotations

import os
from typing import Any

from generator.core.data import load_seed
from generator.core.errors import InputError

FILE = "limits.toml"
SCHEMA = {
    "jobs": {"per_cpu": int},
    "run": {"count": int, "games": int, "rating_games": int, "max_turns": int,
            "batch_items": int, "batch_units": int},
    "input": {"bytes": int, "depth": int, "text": int, "record_moves": int},
    "dask": {"connect_seconds": float},
}

#: What to do for more than a run's limit, by the limit's name in ``[run]``.
MORE = {
    "count": "for more items, list several [[item]] tables (other seeds) in a config for "
             "tombgen batch",
    "games": "for more games, run the simulation again with other --seed values",
    "rating_games": "a rating or balance is already within a few points with a few hundred "
                    "games; for more, run the game's simulate with other --seed values",
    "max_turns": "a game this long is stuck; report it with its seed",
    "batch_items": "split the config into several configs, each with its own --out folder",
    "batch_units": "split the config into several configs, each with its own --out folder",
}


def limits() -> Any:
    """The whole of ``seeds/limits.toml``, checked and frozen (read once per process)."""
    return load_seed(FILE, SCHEMA)


def run_limit(name: str) -> int:
    """A limit of ``[run]`` by name (``count``, ``games``, ``rating_games``…)."""
    return int(limits()["run"][name])


def input_limit(name: str) -> int:
    """A limit of ``[input]`` by name (``bytes``, ``depth``, ``text``)."""
    return int(limits()["input"][name])


def beyond(name: str, flag: str, value: object) -> str:
    """The message for ``flag value`` over the ``[run]`` limit ``name``."""
    high = run_limit(name)
    return (f"{flag} {value}: at most {high:,} (seeds/limits.toml [run] {name}); "
            f"{MORE[name]}")


def check_run(name: str, flag: str, value: int) -> None:
    """InputError (exit 2) when ``value`` is over the ``[run]`` limit ``name``."""
    if value > run_limit(name):
        raise InputError(beyond(name, flag, value))


def cpus() -> int:
    """The CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for: ``[jobs] per_cpu`` × the CPUs."""
    return int(limits()["jobs"]["per_cpu"]) * cpus()


def jobs_message(jobs: int) -> str:
    """Why ``--jobs jobs`` is refused."""
    per = int(limits()["jobs"]["per_cpu"])
    return (f"--jobs {jobs}: at most {max_jobs()} here ({per} per CPU, {cpus()} CPU"
            f"{'s' if cpus() != 1 else ''}; seeds/limits.toml [jobs] per_cpu): more processes "
            "than that only compete for the same CPUs; for more, use --dask with a cluster")


def check_jobs(jobs: int) -> None:
    """InputError unless 1 ≤ ``jobs`` ≤ :func:`max_jobs`."""
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: must be 1 or more")
    if jobs > max_jobs():
        raise InputError(jobs_message(jobs))


def dask_timeout() -> float:
    """Seconds to wait for a ``--dask`` scheduler before giving up."""
    return float(limits()["dask"]["connect_seconds"])
