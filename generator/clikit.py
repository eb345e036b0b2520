"""Shared CLI pieces: product commands made from the registry, error reporting, progress.

:func:`product_command` makes the click command of a product from its option declarations
(:class:`generator.registry.Option`: its own, then the shared ``--seed --count --format --paper
--mono --lang``, and ``--out``), so every game gets identical behaviour: the seed is always
printed, one summary line per file written, user errors exit 1/2 with a message.
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


def _any_of(choices: tuple[str, ...]) -> Callable:
    """Callback of a ``list`` option: comma-separated names, each one of ``choices``."""

    def parse(ctx, param, value):
        names = [v.strip().lower() for v in (value.split(",") if isinstance(value, str)
                                             else value)]
        names = [n for n in names if n]
        bad = [n for n in names if n not in choices]
        if bad or not names:
            raise click.BadParameter(f"{','.join(names) or value!r}: choose any of "
                                     f"{','.join(choices)} separated by commas")
        return tuple(dict.fromkeys(names))

    return parse


def click_option(option) -> click.Option:
    """The click option of a registry :class:`generator.registry.Option` declaration."""
    o = option.resolved()
    decls = [o.flag, o.name]
    if o.kind == "flag":
        return click.Option(decls, is_flag=True, default=bool(o.default), help=o.help)
    kw: dict[str, Any] = {"help": o.help, "default": o.default,
                          "show_default": o.default is not None}
    if o.metavar:
        kw["metavar"] = o.metavar
    if o.kind == "int":
        kw["type"] = (click.IntRange(o.low, o.high) if (o.low, o.high) != (None, None)
                      else click.INT)
    elif o.kind == "number":
        kw["type"] = (click.FloatRange(o.low, o.high) if (o.low, o.high) != (None, None)
                      else click.FLOAT)
    elif o.kind == "choice":
        kw["type"] = click.Choice(o.choices, case_sensitive=False)
    elif o.kind == "list":
        kw["callback"] = _any_of(tuple(o.choices))
    elif o.kind != "text":
        raise ValueError(f"option {o.name}: unknown kind {o.kind!r}")
    return click.Option(decls, **kw)


OUT_OPTION = dict(type=click.Path(file_okay=False), default="output", show_default=True,
                  help="Folder for the files.")


def product_command(game_name: str, kind: str) -> click.Command:
    """The command ``tombgen <game> <kind>``, made from the product's option declarations (its
    own, then the shared ones, ``--out``, and ``--jobs``/``--dask`` when it plays games)."""
    from generator.registry import SHARED_OPTIONS, game

    product = game(game_name).product(kind)
    params = [click_option(o) for o in product.options + SHARED_OPTIONS]
    params.append(click.Option(["--out"], **OUT_OPTION))
    if product.executor:
        params += executor_params("Play the rating games")

    def callback(out: str, jobs: int = 1, dask: str | None = None, **values: Any) -> None:
        from contextlib import nullcontext

        from generator.produce import make_request

        request = make_request(game_name, kind, values)
        where = product.fn("executor")(jobs, dask) if product.executor else nullcontext()
        with where:
            run_product(request, out)

    return Command(kind, params=params, callback=callback, help=product.summary)


def add_products(group: click.Group, game_name: str) -> None:
    """Adds one command per product of the game to its click group."""
    from generator.registry import game

    for product in game(game_name).products:
        group.add_command(product_command(game_name, product.kind))


def run_product(request, out: str) -> None:
    """What every product command does: pick and print the seed, produce, print a line per file
    and each item's description."""
    from generator.core.rng import fresh_seed
    from generator.produce import produce

    seed = fresh_seed() if request.seed is None else request.seed
    click.echo(f"seed: {seed}")
    notes: list[str] = []
    for written in produce(request.game, request.kind, seed, count=request.count,
                           paper=request.paper, mono=request.mono, out=out,
                           formats=request.formats, options=request.options, lang=request.lang,
                           notes=notes):
        click.echo(written.summary())
    for line in notes:
        click.echo(line)


def _executor_decls(what: str, jobs_default: int | None,
                    jobs_help: str) -> list[tuple[list[str], dict[str, Any]]]:
    return [(["--jobs"], {"type": click.IntRange(min=1), "default": jobs_default,
                          "show_default": jobs_default is not None, "help": jobs_help}),
            (["--dask"], {"default": None, "metavar": "ADDRESS",
                          "help": f"{what} on a running dask.distributed scheduler instead "
                                  "(e.g. tcp://10.0.0.5:8786)."})]


JOBS_HELP = "Worker processes to play the games on; the results are the same for any number."


def executor_params(what: str = "Play the games", jobs_default: int | None = 1,
                    jobs_help: str = JOBS_HELP) -> list[click.Option]:
    """``--jobs N`` and ``--dask ADDRESS`` (parameters ``jobs``, ``dask``): where a command's
    work runs (:func:`generator.core.executor.executor_for`)."""
    return [click.Option(d, **k) for d, k in _executor_decls(what, jobs_default, jobs_help)]


def executor_options(what: str = "Play the games", jobs_default: int | None = 1,
                     jobs_help: str = JOBS_HELP) -> Callable:
    """Decorator form of :func:`executor_params`."""

    def decorate(fn: Callable) -> Callable:
        for decls, kw in reversed(_executor_decls(what, jobs_default, jobs_help)):
            fn = click.option(*decls, **kw)(fn)
        return fn

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
