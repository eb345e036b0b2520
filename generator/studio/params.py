"""An HTTP query read as the command line it stands for.

``?seed=7&style=classic&mono=true`` on ``/api/tanis/dig.pdf`` is ``tombgen tanis dig --seed 7
--style classic --mono``: each pair becomes the option's flag and value, the product's own click
command parses them (types, choices, ranges: the command line's words) and
:func:`generator.produce.make_request` checks them against the declarations (requirements,
languages, the product's own checks), exactly as for the command line and batch items. Nothing
is built here.

What the command line takes and a URL may not: ``--out``, ``--format`` (the URL's extension
says it), ``--jobs``/``--dask``, and file paths: an option that reads a file (declared ``paths``)
takes only the names it knows without a file (a shipped map, ``random``); a map of one's own
comes in the request body. Values and the number of items are bounded (seeds/studio.toml).
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeGuard

import click

from generator.core.errors import InputError, RuleError, TombgenError, shown
from generator.guard import click_message
from generator.studio.settings import limits

#: Query keys that are not options: which item of a run, which page of an item (from 1).
PLACES = ("item", "page")
#: Command-line options a URL cannot give, and why.
NOT_OVER_HTTP = {
    "format": "the format is the URL's extension (.svg, .pdf or .json)",
    "out": "files are not written: the answer is the file",
    "jobs": "the page runs one job at a time",
    "dask": "the page runs one job at a time",
    "force": "files are not written: nothing is replaced",
}
TRUE, FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")


class Problems(Exception):
    """Refused: the HTTP status and the problems, in the command line's words; ``options``
    names the option each problem is about (for the form), ``report`` is a validation report."""

    def __init__(self, status: int, problems: list[str], options: dict[str, str] | None = None,
                 report: dict | None = None):
        super().__init__(status, problems)
        self.status, self.problems = status, problems
        self.options, self.report = options or {}, report

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"problems": self.problems}
        if self.options:
            body["options"] = self.options
        if self.report is not None:
            body["report"] = self.report
        return body

    @classmethod
    def of(cls, exc: TombgenError) -> Problems:
        """A user error of the pipeline: unusable input 400, a rule broken 422."""
        report = getattr(exc, "report", None)
        return cls(422 if isinstance(exc, RuleError) else 400, [exc.message],
                   report=report.to_dict() if report is not None else None)


@cache
def product_command(game: str, kind: str) -> click.Command:
    """The click command of ``tombgen <game> <kind>`` (made as the CLI makes it)."""
    from generator.clikit import product_command as make

    return make(game, kind)


def allowed_names(game: str, kind: str, name: str) -> list[str] | None:
    """The values a file-taking option accepts over HTTP: names that read no file of the
    machine. None: any name that is not a path."""
    if (game, kind, name) == ("realms", "sheet", "map"):
        from generator.games.realms.mapfile import builtin_maps

        return [*builtin_maps(), "random"]
    return None


def _param(cmd: click.Command, key: str) -> click.Option | None:
    wanted = key.replace("_", "-")
    for param in cmd.params:
        if isinstance(param, click.Option) and (
                param.name == key or wanted in [o[2:] for o in param.opts if o.startswith("--")]):
            return param
    return None


def _check_names(product: tuple[str, str], name: str, flag: str, value: str) -> str | None:
    """A problem if the value of a file-taking option could name a file of the machine."""
    from pathlib import Path

    names = allowed_names(*product, name)
    parts = [p.strip() for p in value.split(",")]
    if names is not None:
        if all(p in names for p in parts):
            return None
        return (f"{flag} {shown(value)}: over HTTP this takes {', '.join(names)}; a file of your own "
                "is sent in the request body instead")
    if any(not p or any(c in p for c in "/\\.:~") or Path(p).exists() for p in parts):
        return f"{flag} {shown(value)}: a file path is not accepted over HTTP"
    return None


def _takes_file(product: tuple[str, str] | None, name: str) -> TypeGuard[tuple[str, str]]:
    from generator.registry import game

    if product is None:
        return False
    try:
        return game(product[0]).product(product[1]).option(name).paths
    except KeyError:
        return False


def command_line(cmd: click.Command, pairs: list[tuple[str, str]],
                 product: tuple[str, str] | None = None,
                 taken: tuple[str, ...] = ()) -> tuple[list[list[str]], dict[str, str]]:
    """The query pairs as command-line pieces (``[flag, value]`` or ``[flag]``), and the
    problems found on the way, by option. ``taken``: options the server sets itself."""
    pieces: list[list[str]] = []
    problems: dict[str, str] = {}
    seen: set[str] = set()
    top = limits()["value_chars"]
    for key, value in pairs:
        param = _param(cmd, key)
        name = param.name if param is not None else key
        flag = param.opts[0] if param is not None else "--" + key.replace("_", "-")
        why = NOT_OVER_HTTP.get(name)
        if why:
            problems[name] = f"{flag}: not over HTTP; {why}"
        elif param is None or name in taken:
            problems[key] = _unknown(cmd, key, taken)
        elif name in seen:
            problems[name] = f"{flag} is given twice"
        elif len(value) > top:
            problems[name] = f"{flag}: {len(value)} characters; at most {top} over HTTP"
        elif param.is_flag:
            if value.lower() not in TRUE + FALSE:
                problems[name] = f"{flag}={value}: write true or false"
            elif value.lower() in TRUE:
                pieces.append([flag])
        elif _takes_file(product, name) and (found := _check_names(product, name, flag, value)):
            problems[name] = found
        else:
            pieces.append([flag, value])
        seen.add(name)
    return pieces, problems


def _unknown(cmd: click.Command, key: str, taken: tuple[str, ...]) -> str:
    names = [p.opts[0] for p in cmd.params if isinstance(p, click.Option)
             and p.name not in NOT_OVER_HTTP and p.name not in taken and p.name != "help"]
    return (f"unknown option {shown(key)}: there is no --{key.replace('_', '-')}; the options are "
            + ", ".join(names))


def parse(cmd: click.Command, info_name: str, pieces: list[list[str]],
          before: list[str] | None = None) -> dict[str, Any]:
    """Parses a command line with the command (its callback is not run); ``before``: the
    command's arguments (e.g. the aid's GAME). Every bad option is listed (see :func:`each`)."""
    try:
        with cmd.make_context(info_name, (before or []) + [a for p in pieces for a in p]) as ctx:
            return dict(ctx.params)
    except click.ClickException as exc:
        problems = each(cmd, info_name, pieces, before) or {"": click_message(exc)}
    raise Problems(400, list(problems.values()), problems)


def each(cmd: click.Command, info_name: str, pieces: list[list[str]],
         before: list[str] | None = None) -> dict[str, str]:
    """The problem of each piece parsed alone, in the command line's words, by option."""
    found: dict[str, str] = {}
    for piece in pieces:
        try:
            cmd.make_context(info_name, (before or []) + piece)
        except click.ClickException as exc:
            param = getattr(exc, "param", None)
            found[param.name if param is not None else piece[0][2:]] = click_message(exc)
    return found


def whole(text: str, longest: int = 20) -> int | None:
    """A whole number written in ASCII digits (``"12"``), or None: ``²`` or ``٣`` are digits
    to Python's ``isdigit`` but not numbers ``int`` reads, and a value of thousands of digits
    is no count."""
    if text.isascii() and text.isdigit() and len(text) <= longest:
        return int(text)
    return None


def split_places(pairs: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], dict[str, int]]:
    """The query without ``item``/``page``, and those (whole numbers from 1; default 1)."""
    places = {name: 1 for name in PLACES}
    rest = []
    for key, value in pairs:
        if key not in PLACES:
            rest.append((key, value))
        elif (number := whole(value)) is None or number < 1:
            raise Problems(400, [f"{key}={shown(value, 20)}: a whole number from 1"],
                           {key: "bad"})
        else:
            places[key] = number
    return rest, places


def product_request(game_name: str, kind: str, pairs: list[tuple[str, str]],
                    fixed: dict[str, str] | None = None):
    """The checked :class:`generator.produce.Request` of a query (``fixed``: options the server
    sets itself, e.g. the name of a map sent in the body), or :class:`Problems`."""
    from generator.produce import make_request

    cmd = product_command(game_name, kind)
    fixed = fixed or {}
    pieces, problems = command_line(cmd, pairs, (game_name, kind), tuple(fixed))
    if problems:
        problems.update(each(cmd, f"tombgen {game_name} {kind}", pieces))
        raise Problems(400, list(problems.values()), problems)
    pieces += [[f"--{name.replace('_', '-')}", value] for name, value in fixed.items()]
    params = parse(cmd, f"tombgen {game_name} {kind}", pieces)
    params = {k: v for k, v in params.items() if k not in NOT_OVER_HTTP}
    try:
        request = make_request(game_name, kind, params)
    except (InputError, RuleError) as exc:
        raise Problems.of(exc) from None
    top = limits()["count"]
    if request.count > top:
        raise Problems(400, [f"--count {request.count}: at most {top} over HTTP (the command "
                             "line has no such limit)"], {"count": "too many"})
    games, most = request.options.get("rating_games"), limits()["rating_games"]
    if isinstance(games, int) and games > most:  # the bound of a rating from the page
        raise Problems(400, [f"--rating-games {games}: at most {most} over HTTP "
                             "(seeds/studio.toml, [limits] rating_games)"],
                       {"rating_games": "too many"})
    return request


def aid_command(game_name: str, pairs: list[tuple[str, str]]) -> str:
    """The ``tombgen aid`` command line of a query (its options as the page gave them)."""
    import shlex

    from generator.aids.cli import aid

    pieces, _ = command_line(aid, pairs)
    return " ".join(["tombgen", "aid", game_name, *(shlex.quote(w) for p in pieces for w in p)])


def aid_request(game_name: str, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The :func:`generator.aids.build.make_aid` arguments of a query on ``/api/<game>/aid.pdf``,
    parsed by ``tombgen aid`` itself, or :class:`Problems`."""
    from generator.aids.cli import aid, aid_arguments

    pieces, problems = command_line(aid, pairs)
    if problems:
        problems.update(each(aid, "tombgen aid", pieces, [game_name]))
        raise Problems(400, list(problems.values()), problems)
    values = parse(aid, "tombgen aid", pieces, [game_name])
    given = {piece[0][2:].replace("-", "_") for piece in pieces}
    try:
        return aid_arguments(values, given)
    except InputError as exc:
        raise Problems.of(exc) from None
