"""Batch runs: one TOML config, many validated items, a manifest, resumable and verifiable.

``config`` reads and checks the config against the products' option declarations (parsed by the
real click commands); ``units`` defines the independent work units and the picklable function
that builds one, run on a local process pool or a dask.distributed cluster by
:mod:`generator.core.executor`; ``manifest`` records what was written;
``run`` drives a batch; ``verify`` regenerates files and compares bytes; ``cli`` holds the
``tombgen batch`` and ``tombgen verify`` commands. Nothing here is imported by ``tombgen --help``.
"""
