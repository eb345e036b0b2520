"""Shared CLI pieces: product commands made from the registry, limits, simulate options,
progress.

:func:`product_command` makes the click command of a product from its option declarations
(:class:`generator.registry.Option`: its own, then the shared ``--seed --count --format --paper
--mono --lang --force``, and ``--out``), so every game gets identical behaviour: the seed is
always printed, one summary line per file written. Options with a limit of ``seeds/limits.toml``
refuse larger values with the way to do more (:class:`Limited`). Errors, faults and signals end
in :mod:`generator.guard` (its :class:`Command` and :class:`Group` are the classes of every
command).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import click

from generator.core.errors import shown
from generator.guard import Command, Group, fail  # noqa: F401 - the commands' classes


class Limited(click.IntRange):
    """An integer range whose maximum is a limit of ``seeds/limits.toml``: a value beyond it is
    refused with the limit's name and the way to do more (:func:`generator.core.limits.beyond`).
    ``shown`` is how the naming table writes its values (e.g. ``1–4×CPUs``)."""

    def __init__(self, low: int | None, high: int | None, message: Callable[[int], str],
                 shown: str | None = None):
        super().__init__(low, high)
        self.message = message
        self.shown = shown

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = click.INT.convert(value, param, ctx)
        if self.max is not None and number > self.max:
            message = self.message(number)
            for flag in getattr(param, "opts", ()):  # click names the option already
                message = message.removeprefix(f"{flag} ")
            self.fail(message, param, ctx)
        return super().convert(number, param, ctx)


def limited(name: str, flag: str, low: int = 1) -> Limited:
    """The click type of an option bounded by ``[run] name`` of ``seeds/limits.toml``."""
    from generator.core.limits import beyond, run_limit

    return Limited(low, run_limit(name), lambda v: beyond(name, flag, v))


def jobs_type() -> Limited:
    """``--jobs``: 1 to ``[jobs] per_cpu`` × the CPUs."""
    from generator.core.limits import jobs_message, limits, max_jobs

    return Limited(1, max_jobs(), jobs_message, shown=f"1–{limits()['jobs']['per_cpu']}×CPUs")


def _any_of(choices: tuple[str, ...]) -> Callable:
    """Callback of a ``list`` option: comma-separated names, each one of ``choices``."""

    def parse(ctx, param, value):
        names = [v.strip().lower() for v in (value.split(",") if isinstance(value, str)
                                             else value)]
        names = [n for n in names if n]
        bad = [n for n in names if n not in choices]
        if bad or not names:
            raise click.BadParameter(f"{shown(','.join(names) or value)}: choose any of "
                                     f"{','.join(choices)} separated by commas")
        return tuple(dict.fromkeys(names))

    return parse


def click_option(option) -> click.Option:
    """The click option of a registry :class:`generator.registry.Option` declaration (choices
    from data are read when first needed)."""
    from generator.registry import DataRef, Follows

    lazy = isinstance(option.choices, DataRef)
    o = option._replace(choices=()).resolved() if lazy else option.resolved()
    if isinstance(o.default, Follows):   # resolved from the other option's value later
        o = o._replace(default=None, help=f"{o.help} Default: {o.default.words}.")
    decls = [o.flag, o.name]
    if o.kind == "flag":
        return click.Option(decls, is_flag=True, default=bool(o.default), help=o.help)
    kw: dict[str, Any] = {"help": o.help, "default": o.default,
                          "show_default": o.default is not None}
    if o.metavar:
        kw["metavar"] = o.metavar
    if o.kind == "int" and o.limit:
        kw["type"] = limited(o.limit, o.flag, o.low)
    elif o.kind == "int":
        kw["type"] = (click.IntRange(o.low, o.high) if (o.low, o.high) != (None, None)
                      else click.INT)
    elif o.kind == "number":
        kw["type"] = (click.FloatRange(o.low, o.high) if (o.low, o.high) != (None, None)
                      else click.FLOAT)
    elif o.kind == "choice":
        kw["type"] = (LazyChoice(option.choices.get, case_sensitive=False) if lazy
                      else click.Choice(o.choices, case_sensitive=False))
    elif o.kind == "list":
        kw["callback"] = _any_of(tuple(o.choices))
    elif o.kind != "text":
        raise ValueError(f"option {o.name}: unknown kind {o.kind!r}")
    return click.Option(decls, **kw)


def declared_option(game_name: str, kind: str, name: str, help: str | None = None) -> Callable:
    """Decorator adding a product's declared option to another command of its game (the same
    flag, type, range and default; e.g. simulate's ``--players`` is the trail's)."""
    from generator.registry import game

    return _declared(game(game_name).product(kind).option(name), help)


def shared_option(name: str, help: str | None = None, **changes: Any) -> Callable:
    """Decorator adding one of the options every product shares (``--paper``, ``--mono``,
    ``--lang``…) to a command that is not a product, declared the same way (``changes``: fields
    of the declaration that differ there, e.g. ``default=None``)."""
    from generator.registry import SHARED_OPTIONS

    option = next(o for o in SHARED_OPTIONS if o.name == name)
    return _declared(option._replace(**changes), help)


def declared(option, help: str | None = None) -> Callable:
    """Decorator adding any declared :class:`generator.registry.Option` to a command (e.g. the
    options of ``tombgen aid``, declared in its module)."""
    return _declared(option, help)


def _declared(option, help: str | None) -> Callable:
    param = click_option(option if help is None else option._replace(help=help))

    def decorate(fn: Callable) -> Callable:
        # what click's own option decorators do: params are collected on the function
        fn.__dict__.setdefault("__click_params__", []).append(param)
        return fn

    return decorate


OUT_OPTION: dict[str, Any] = {"type": click.Path(file_okay=False), "default": "output",
                              "show_default": True, "help": "Folder for the files."}


def product_command(game_name: str, kind: str) -> click.Command:
    """The command ``tombgen <game> <kind>``, made from the product's option declarations (its
    own, then the shared ones, ``--out``, and ``--jobs``/``--dask`` when it plays games)."""
    from generator.registry import game

    product = game(game_name).product(kind)
    params: list[click.Parameter] = [click_option(o)
                                     for o in product.options + product.shared_options()]
    params.append(click.Option(["--out"], **OUT_OPTION))
    if product.executor:
        params += executor_params("Play the rating games")

    def callback(out: str, jobs: int = 1, dask: str | None = None, **values: Any) -> None:
        from contextlib import nullcontext

        from generator.produce import make_request

        request = make_request(game_name, kind, absolute_paths(product, values))
        where = product.fn("executor")(jobs, dask) if product.executor else nullcontext()
        with where:
            run_product(request, out)

    return Command(kind, params=params, callback=callback, help=product.summary)


def absolute_paths(product, values: dict[str, Any]) -> dict[str, Any]:
    """Option values that name files (declared ``paths``), made absolute: the JSON, the PDF
    metadata and a batch manifest then name a file that ``tombgen verify`` finds from any
    folder. Names that are not files (``map-1``, ``random``) stay as they are; so does each
    comma-separated part that is not a file."""
    from generator.core.inputs import check_option_text

    out = dict(values)
    for option in product.options:
        value = out.get(option.name)
        if not option.paths or not isinstance(value, str):
            continue
        check_option_text(option.flag, value)  # placed in the value as typed, not as resolved
        parts = [str(Path(v).resolve()) if v and v != "-" and Path(v).is_file() else v
                 for v in value.split(",")]
        out[option.name] = ",".join(parts)
    return out


def add_products(group: click.Group, game_name: str) -> None:
    """Adds one command per product of the game to its click group."""
    from generator.registry import game

    for product in game(game_name).products:
        group.add_command(product_command(game_name, product.kind))


def run_product(request, out: str) -> None:
    """What every product command does: pick and print the seed, produce, print a line per file
    (before the files get their final names: an output that cannot be printed stops the run
    with nothing changed) and each item's description."""
    from generator.core.rng import fresh_seed
    from generator.produce import produce

    seed = fresh_seed() if request.seed is None else request.seed
    click.echo(f"seed: {seed}")
    notes: list[str] = []

    def announce(files) -> None:
        for written in files:
            click.echo(written.summary())

    produce(request.game, request.kind, seed, count=request.count, paper=request.paper,
            mono=request.mono, out=out, formats=request.formats, options=request.options,
            lang=request.lang, notes=notes, force=request.force, announce=announce,
            cmyk=request.cmyk)
    for line in notes:
        click.echo(line)


def _executor_decls(what: str, jobs_default: int | None,
                    jobs_help: str) -> list[tuple[list[str], dict[str, Any]]]:
    return [(["--jobs"], {"type": jobs_type(), "default": jobs_default,
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


#: The number of games every ``simulate`` plays unless ``--games`` says otherwise.
SIMULATE_GAMES = 1000

#: Parameters of a simulate command that do not change its results (not in its file name).
RUN_ONLY = ("seed", "out", "as_json", "jobs", "dask", "record_dir", "force")


class LazyChoice(click.Choice):
    """A choice whose values are read when the option is parsed or its help shown, not when the
    command is made (listing commands stays fast): from ``module:attribute`` (e.g. a game's bot
    table) or from a function returning them."""

    def __init__(self, source: str | Callable[[], Any], case_sensitive: bool = True):
        self.source = source
        self.case_sensitive = case_sensitive
        self._values: tuple[str, ...] | None = None

    @property
    def choices(self) -> tuple[str, ...]:
        if self._values is None:
            from generator.registry import resolve

            source = self.source
            self._values = tuple(resolve(source) if isinstance(source, str) else source())
        return self._values

    @choices.setter
    def choices(self, values) -> None:
        self._values = tuple(values)


class Simulation(NamedTuple):
    """The options every ``tombgen <game> simulate`` shares (see :func:`simulate_options`)."""

    game: str
    games: int
    seed: int | None
    player: tuple[str, ...]
    jobs: int
    dask: str | None
    out: str
    as_json: bool
    #: ``--force``: replace a document (or game record) that exists with other content.
    force: bool = False

    def players(self, seats: int) -> list[str]:
        """One player per seat: ``--player`` as given, the last repeated; none → the game's
        default player (``DEFAULT_PLAYER`` in its ``bots.py``)."""
        from generator.core.simulation import seat_players
        from generator.registry import resolve

        bots = f"generator.games.{self.game}.bots"
        return seat_players(self.player, seats, resolve(f"{bots}:DEFAULT_PLAYER"),
                            resolve(f"{bots}:BOTS"))

    def run(self, play: Callable[..., dict], describe: Callable[[dict], list[str]]) -> dict:
        """Draws and prints the seed, plays (``play(seed, executor, progress) -> document``),
        prints the summary and, with ``--json``, the document, then writes it to ``--out``;
        with ``--json`` every other line goes to stderr so stdout is the document alone.
        Game records written while playing follow ``--force`` too."""
        from generator.core.envelope import dumps
        from generator.core.executor import executor_for
        from generator.core.output import check_dir, replacing
        from generator.core.rng import fresh_seed
        from generator.core.simulation import text_lines

        seed = fresh_seed() if self.seed is None else self.seed
        click.echo(f"seed: {seed}", err=self.as_json)
        check_dir(self.out)
        with replacing(self.force):
            with executor_for(self.jobs, self.dask) as executor:
                doc = play(seed, executor, progress)
            for line in text_lines(doc) + describe(doc):
                click.echo(line, err=self.as_json)
            if self.as_json:  # printed first: a standard output that fails writes no file
                click.echo(dumps(doc), nl=False)
            name = simulation_file_name(click.get_current_context(), self, doc)
            write_json_file(str(Path(self.out) / name), doc, err=self.as_json,
                            force=self.force)
        return doc


def simulate_options(game: str) -> Callable:
    """Decorator adding the options every simulate takes: ``--games --seed --player --out --json
    --jobs --dask``; the command function receives them as one :class:`Simulation` ``sim``."""
    bots = f"generator.games.{game}.bots:BOTS"
    shared: list[tuple[list[str], dict[str, Any]]] = [
        (["--games"], {"type": limited("games", "--games"), "default": SIMULATE_GAMES,
                       "show_default": True, "metavar": "N", "help": "Games to play."}),
        (["--seed"], {"type": click.IntRange(min=0), "default": None, "metavar": "INT",
                      "help": "Seed (an integer ≥ 0). Default: a fresh one, always printed."}),
        (["--player"], {"type": LazyChoice(bots), "multiple": True,
                        "help": "Player of a seat, once per seat in order; the last one given "
                                "plays the remaining seats. Default: the game's default player "
                                "in every seat."}),
        (["--out"], {**OUT_OPTION, "help": "Folder for the JSON document."}),
        (["--json", "as_json"], {"is_flag": True,
                                 "help": "Print the JSON document on stdout too."}),
    ]

    def decorate(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def command(*args, games, seed, player, out, as_json, jobs, dask, force, **kwargs):
            run = Simulation(game, games, seed, tuple(player), jobs, dask, out, as_json, force)
            return fn(*args, sim=run, **kwargs)

        command = executor_options()(command)
        command = shared_option("force", help="Replace a document or game record that exists "
                                "with other content.")(command)
        for decls, kw in reversed(shared):
            command = click.option(*decls, **kw)(command)
        return command

    return decorate


def fixed_by_file(what: str, path: str, fixed: dict[str, tuple[Any, str]]) -> dict[str, Any]:
    """The values an item file fixes (``name: (value, "4 players")``), checked against the
    command line: an option given there with another value is an InputError naming both, e.g.
    ``--players 6 conflicts with the setup file x.json, made for 4 players``."""
    from generator.core.errors import InputError

    ctx = click.get_current_context()
    source = "<stdin>" if path == "-" else path
    for name, (value, words) in fixed.items():
        given = ctx.params[name]
        if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT \
                and given != value:
            flag = next(p.opts[0] for p in ctx.command.params if p.name == name)
            raise InputError(f"{flag} {given} conflicts with the {what} {source}, made for "
                             f"{words}; leave {flag} out to play the file's")
    return {name: value for name, (value, _) in fixed.items()}


def simulation_file_name(ctx: click.Context, run: Simulation, doc: dict) -> str:
    """``<game>-simulation-<seed>[-<what differs>].json``: every option that changes the
    results and differs from its default is named (a file by its name and a hash of its bytes),
    so two different runs never share a file name."""
    from generator.core.output import file_name

    return file_name(run.game, "simulation", doc["seed"], "json",
                     differs=simulation_differs(ctx, run, doc["players"], doc))


def simulation_differs(ctx: click.Context, run: Simulation, players: list[str],
                       doc: dict | None = None) -> str:
    """The part of a simulation's file names (its document, its game records) that names every
    option differing from its default (``""`` when none does); ``doc`` is hashed for a file
    read from standard input."""
    parts = []
    for param in ctx.command.params:
        name = param.name
        if name == "player":
            seats = list(players)
            if seats != run._replace(player=()).players(len(seats)):
                while len(seats) > 1 and seats[-1] == seats[-2]:
                    seats.pop()  # the last is repeated for the remaining seats
                parts.append("player-" + "-".join(seats))
            continue
        if name in RUN_ONLY or name is None or not isinstance(param, click.Option):
            continue
        value = ctx.params.get(name)
        source = ctx.get_parameter_source(name)
        if source in (click.core.ParameterSource.DEFAULT, None) or value == param.default:
            continue
        parts.append(f"{param.opts[0].lstrip('-')}-{_slug(value, doc or {})}")
    return "-".join(parts)


def _slug(value: Any, doc: dict) -> str:
    """A value as a file-name part: a file as its name plus a hash of its content (standard
    input: a hash of the document)."""
    from generator.core.envelope import dumps
    from generator.core.output import name_part

    return name_part(value, stdin=dumps(doc).encode())


def read_json_arg(path: str) -> Any:
    """Reads a JSON file (or ``-``) given on the command line, within the input limits; errors
    become exit 2 (a hostile text exit 1)."""
    from generator.core.inputs import read_json

    return read_json(path)


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


def write_json_file(path: str, doc: dict, err: bool = False, force: bool = False) -> None:
    """Writes a JSON document atomically under the overwrite rule
    (:func:`generator.core.output.publish`) and prints its summary line (on stderr with
    ``err``)."""
    from generator.core.envelope import dumps
    from generator.core.output import prepare_dir, remove_stale_parts, write_file

    target = Path(path)
    remove_stale_parts(prepare_dir(target.parent))
    data = dumps(doc)
    verb = "wrote" if write_file(target, data, force) else "unchanged"
    click.echo(f"{verb} {target} (json, {len(data.encode()) / 1024:.1f} kB)", err=err)


# ---- game records: simulate --record DIR, <game> replay FILE -------------------------------------

def record_option(game: str) -> Callable:
    """``--record DIR`` of ``<game> simulate`` (parameter ``record_dir``)."""
    return click.option(
        "--record", "record_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
        help=f"Also write a game record of every game into this folder "
             f"({game}-record-<seed>[-<options>]-<n>.json; replay one with `tombgen {game} "
             "replay`). The folder is checked before any game is played.")


def record_folder(game: str, record_dir: str | None, run: Simulation):
    """The checked ``--record`` folder of a simulate command (None without the option)."""
    if record_dir is None:
        return None
    from generator.core.records import RecordFolder

    return RecordFolder(record_dir, game, run.force)


def run_recorded(run: Simulation, play: Callable[..., dict],
                 describe: Callable[[dict], list[str]], records) -> dict:
    """:meth:`Simulation.run` for a simulate that may write game records (``records``: a
    :class:`generator.core.records.RecordFolder`, or None): the records, staged while the
    games were played, are published after the simulation's file, and none is left if the run
    fails."""
    try:
        doc = run.run(play, describe)
        if records is not None:
            count = records.commit()
            click.echo(f"wrote {count} game record(s) to {records.folder}", err=run.as_json)
    except BaseException:
        if records is not None:
            records.abort()
        raise
    return doc


def replay_command(game: str, title: str) -> click.Command:
    """``tombgen <game> replay FILE [--step]``: a game record (``tombgen/<game>.record``)
    played back on the engine, every move checked; it prints the position reached and the
    result, or stops at the first illegal move (exit 1, naming the move and the rule). The
    game's ``records`` module gives ``replay``, ``position_text`` and ``result_text``."""

    @click.command(name="replay", help=f"Replay a {title} game record (FILE, or - for "
                   "standard input): every move is checked against the rules; prints the "
                   "position reached and the result, or stops at the first illegal move "
                   "(exit 1).")
    @click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
    @click.option("--step", is_flag=True,
                  help="Print each move as it is replayed, with what it leaves.")
    def replay(file: str, step: bool) -> None:
        from generator.core.errors import RuleError
        from generator.registry import resolve

        records = f"generator.games.{game}.records"
        source = "<stdin>" if file == "-" else file
        result = resolve(f"{records}:replay")(read_json_arg(file), source, step=step)
        for line in result.steps:
            click.echo(line)
        click.echo(resolve(f"{records}:position_text")(result.state))
        if result.error:
            raise RuleError(result.error)
        click.echo(resolve(f"{records}:result_text")(result.state))

    return replay
