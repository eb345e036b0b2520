"""Batch runs: one TOML config, many validated items, a manifest, resumable and verifiable.

``config`` reads and checks the config against the real click commands; ``units`` defines the
independent work units and the picklable function that builds one; ``executor`` runs units on a
local process pool or a dask.distributed cluster; ``manifest`` records what was written;
``run`` drives a batch; ``verify`` regenerates files and compares bytes; ``cli`` holds the
``tombgen batch`` and ``tombgen verify`` commands. Nothing here is imported by ``tombgen --help``.
"""
