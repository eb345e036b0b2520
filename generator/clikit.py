"""Shared CLI pieces: the output options every product command takes, and error reporting.

``product_command`` turns a product into a click command with ``--seed --out --format --paper
--mono [--count]`` plus the game's own options, so every game gets identical behaviour: the seed
is always printed, one summary line per file written, user errors exit 1/2 with a message.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import click

from generator.core.errors import TombgenError


def fail(exc: TombgenError) -> None:
    """Prints a user error (and its report, if any) to stderr and exits with its code."""
    click.echo(f"tombgen: error: {exc.message}", err=True)
    sys.exit(exc.exit_code)


class Command(click.Command):
    """A click command that turns :class:`TombgenError` into a message and exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except TombgenError as exc:
            fail(exc)


class Group(click.Group):
    """A click group whose commands report :class:`TombgenError` the same way."""

    command_class = Command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except TombgenError as exc:
            fail(exc)


Group.group_class = Group


def _paper(ctx, param, value: str) -> str:
    from generator.draw.paper import paper_names

    value = value.lower()
    if value not in paper_names():
        raise click.BadParameter(f"unknown paper {value!r}; choose one of {', '.join(paper_names())}")
    return value


def _formats(ctx, param, value: str) -> tuple[str, ...]:
    from generator.produce import parse_formats

    try:
        return parse_formats(value)
    except TombgenError as exc:
        raise click.BadParameter(exc.message) from None


def output_options(count: bool = True) -> Callable:
    """Decorator adding the shared options (``--count`` only where it makes sense)."""

    def decorate(fn: Callable) -> Callable:
        opts = [
            click.option("--seed", type=click.IntRange(min=0), default=None,
                         help="Seed (an integer ≥ 0). Default: a fresh one, always printed."),
            click.option("--out", type=click.Path(file_okay=False), default="output",
                         show_default=True, help="Folder for the files."),
            click.option("--format", "formats", default="svg,pdf,json", show_default=True,
                         callback=_formats, help="Any of svg,pdf,json, comma-separated."),
            click.option("--paper", default="a4", show_default=True, callback=_paper,
                         help="Paper size: a4 or letter."),
            click.option("--mono", is_flag=True, help="Black-and-white print theme."),
        ]
        if count:
            opts.append(click.option("--count", type=click.IntRange(min=1), default=1,
                                     show_default=True, help="Number of distinct items."))
        for opt in reversed(opts):
            fn = opt(fn)
        return fn

    return decorate


def run_product(game: str, kind: str, *, seed: int | None, out: str, formats: tuple[str, ...],
                paper: str, mono: bool, count: int = 1, options: dict[str, Any] | None = None) -> None:
    """What every product command does: pick and print the seed, produce, print a line per file."""
    from generator.core.rng import fresh_seed
    from generator.produce import produce

    if seed is None:
        seed = fresh_seed()
    click.echo(f"seed: {seed}")
    notes: list[str] = []
    for written in produce(game, kind, seed, count=count, paper=paper, mono=mono, out=out,
                           formats=formats, options=options, notes=notes):
        click.echo(written.summary())
    for line in notes:
        click.echo(line)


def executor_options(what: str = "Play") -> Callable:
    """Decorator adding ``--jobs N`` and ``--dask ADDRESS`` (parameters ``jobs``, ``dask``):
    where a command's games run (:func:`generator.core.executor.executor_for`)."""

    def decorate(fn: Callable) -> Callable:
        fn = click.option("--dask", default=None, metavar="ADDRESS",
                          help=f"{what} on a running dask.distributed scheduler instead.")(fn)
        return click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                            help="Worker processes to play the games on; the results are the "
                                 "same for any number.")(fn)

    return decorate


def read_json_arg(path: str) -> Any:
    """Reads a JSON file (or ``-``) given on the command line; errors become exit 2."""
    from generator.core.envelope import parse_json, read_text

    return parse_json(read_text(path), "<stdin>" if path == "-" else path)


def progress(iterable, length: int, label: str):
    """A progress bar on stderr when it is a terminal; the plain iterable otherwise (quiet)."""
    if not sys.stderr.isatty():
        return Quiet(iterable)
    return click.progressbar(iterable, length=length, label=label, file=sys.stderr)


class Quiet:
    """No progress display: a context manager giving back the iterable, so callers write
    ``with progress(...) as items`` whether or not a bar is shown."""

    def __init__(self, iterable):
        self.iterable = iterable

    def __enter__(self):
        return self.iterable

    def __exit__(self, *exc):
        return False


def echo_report(report, as_json: bool) -> None:
    """Prints a validation report (text or JSON) and exits 0 when valid, 1 otherwise."""
    click.echo(report.json() if as_json else report.text())
    raise SystemExit(0 if report.ok else 1)


def write_json_file(path: str, doc: dict) -> None:
    """Writes a JSON document atomically and prints its summary line."""
    from pathlib import Path

    from generator.core.envelope import dumps
    from generator.core.output import atomic_write

    target = Path(path)
    if target.parent and not target.parent.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
    data = dumps(doc)
    atomic_write(target, data)
    click.echo(f"wrote {target} (json, {len(data.encode()) / 1024:.1f} kB)")
