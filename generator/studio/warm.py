"""Warms the worker processes' parent: imported once by the forkserver of
:mod:`generator.studio.jobs` (and only there), it makes one small item of every product and
draws it, so that data files, fonts and text measurements are loaded before any job is forked.
Every job then starts with them in memory instead of loading them again.
"""

from __future__ import annotations


def warm() -> None:
    """Builds and draws one item of each product (nothing is written)."""
    from generator.produce import build, render_files
    from generator.registry import games

    for spec in games():
        for product in spec.products:
            try:
                render_files(build(spec.name, product.kind, 1), ("svg", "pdf", "json"))
            except Exception:  # noqa: BLE001 - warming is best effort; a job reports errors
                pass


warm()
