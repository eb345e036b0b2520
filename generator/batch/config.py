"""Batch configs: a TOML file of items, each checked by the real command that makes it.

    [batch]                 # optional
    out = "prints"          # output folder, relative to this file (--out overrides)

    [[item]]
    game = "tumba"          # a game, or for kind = "aid" a game or "all"
    kind = "setup"          # a product of that game (the command `tombgen tumba setup`), or "aid"
    mode = "advanced"       # every other key is an option of that command
    players = 5
    count = 3
    seed = 9

An item's keys become the command line of ``tombgen <game> <kind>`` (``--mode advanced``;
``true`` = the flag, ``false`` = its absence; a list = the option repeated, or for ``format`` the
comma-separated names) and are parsed by that click command, so types, choices and ranges are
exactly the CLI's. The parsed values then go to :func:`generator.produce.make_request`, which
checks them against the product's option declarations in the registry (what each option requires,
the languages, the product's own checks) and fills in the defaults: nothing is run or made, so a
command's own work is never done twice. Every problem
becomes one message naming the config file and the line of the offending key; all items are
checked, and all problems reported, before any work starts. File paths in option values are read
relative to the config file and must exist.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from generator.core.errors import InputError, RuleError, TombgenError, shown

if TYPE_CHECKING:
    from generator.runs import Request, RunInfo


BATCH_KEYS = ("out",)
_ITEM = re.compile(r"^\s*\[\[\s*item\s*\]\]\s*(#.*)?$")
_ARRAY = re.compile(r"^\s*\[\[\s*([^\]]+?)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-\" ]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_\-]+))\s*=""")
_PATH_SUFFIXES = (".toml", ".json", ".txt", ".csv")


class Lines:
    """Where each ``[[item]]`` header and each ``key =`` line is (tomllib gives no positions)."""

    def __init__(self, text: str):
        self.items: list[int] = []
        self.keys: dict[tuple[Any, str], int] = {}
        table: Any = None  # None: top level; "batch"; an item index; "other"
        for number, line in enumerate(text.splitlines(), start=1):
            if _ITEM.match(line):
                self.items.append(number)
                table = len(self.items) - 1
                continue
            array = _ARRAY.match(line)
            if array:
                table = "[[" + array.group(1) + "]]"
                self.keys.setdefault((None, array.group(1)), number)
                continue
            header = _TABLE.match(line)
            if header:
                table = header.group(1).strip().strip('"')
                self.keys.setdefault((None, table), number)
                continue
            key = _KEY.match(line)
            if key:
                name = key.group(1) or key.group(2) or key.group(3)
                self.keys.setdefault((table, name), number)

    def item(self, index: int) -> int:
        return self.items[index] if index < len(self.items) else 1

    def key(self, index: Any, key: str) -> int:
        """Line of ``key`` in item ``index`` (or table name); the item's header if not found."""
        found = self.keys.get((index, key))
        if found is not None:
            return found
        return self.item(index) if isinstance(index, int) else 1


class Item(NamedTuple):
    """One checked ``[[item]]``: where it stands in the config and the
    :class:`~generator.runs.Request` its command would make (an aid item's: kind "aid", the
    game named or "all", one PDF per game)."""

    #: 0-based position in the config (a field named like tuple.index, read by name only)
    index: int  # type: ignore[assignment]
    line: int
    request: Request  # its seed is drawn by now (None for aids: not seeded)
    games: tuple[str, ...] = ()  # aids: the games whose aid this item makes
    seed_drawn: bool = False  # the config gave no seed and none was recorded: a fresh one
    key_lines: tuple[tuple[str, int], ...] = ()  # (key, config line) of each of its keys

    def line_for(self, message: str) -> int:
        """The line of the key a message names first as ``--key``; else the item's header."""
        return _first_named(message, dict(self.key_lines)) or self.line

    @property
    def number(self) -> int:
        return self.index + 1

    def run_info(self) -> RunInfo:
        """The run a product item describes, as its file names and PDF metadata see it."""
        from generator.runs import RunInfo

        r = self.request
        assert r.seed is not None           # a product item always has its seed by now
        return RunInfo(r.game, r.kind, r.seed, 0, r.count, r.options, r.lang)

    @property
    def is_aid(self) -> bool:
        return self.request.kind == "aid"

    @property
    def joined(self) -> bool:
        """Its units' pages make one PDF (see :func:`joins`)."""
        return joins(self.request)

    def label(self) -> str:
        return f"item {self.number} ({self.request.game} {self.request.kind})"

    def describe(self) -> dict[str, Any]:
        """The item as recorded in the manifest."""
        return {"item": self.number, "line": self.line,
                **request_fields(self.request, self.is_aid, formats=True),
                **({"games": list(self.games)} if self.is_aid else {})}


class Config(NamedTuple):
    path: Path
    sha256: str
    out: Path | None
    items: tuple[Item, ...]


class _Problem(Exception):
    def __init__(self, line: int, message: str, rule: bool = False):
        super().__init__(message)
        self.line, self.message, self.rule = line, message, rule


def read_toml(path: str | Path) -> tuple[str, dict[str, Any], Lines]:
    """Text, parsed data and line index of a config; unreadable or invalid TOML, or a file over
    the input limits → InputError; a hostile text → RuleError (see generator.core.inputs)."""
    from generator.core.inputs import parse_toml, read_text

    text = read_text(path)
    return text, parse_toml(text, str(path)), Lines(text)


def load_config(path: str | Path, previous: dict[int, dict[str, Any]] | None = None) -> Config:
    """Reads and checks a batch config; every problem found is reported at once.

    ``previous`` maps item indexes to the items recorded in an earlier manifest, so an item
    without a seed keeps the seed it was first made with (a rerun resumes instead of restarting).
    Raises InputError (exit 2), or RuleError (exit 1) when every problem is a broken rule.
    """
    path = Path(path)
    text, data, lines = read_toml(path)
    problems: list[_Problem] = []
    out = _batch_table(data, lines, path, problems)
    raw_items = data.get("item", [])
    if not isinstance(raw_items, list) or not all(isinstance(i, dict) for i in raw_items):
        problems.append(_Problem(lines.key(None, "item"), "item must be a [[item]] table"))
        raw_items = []
    elif not raw_items and not problems:
        problems.append(_Problem(1, "no [[item]] tables: nothing to make"))
    _check_size(raw_items, lines, problems)
    items: list[Item] = []
    for index, raw in enumerate(raw_items):
        try:
            item = check_item(index, raw, lines, path.parent)
        except _Problem as problem:
            label = f"item {index + 1}"
            if isinstance(raw.get("game"), str) and isinstance(raw.get("kind"), str):
                label += f" ({raw['game']} {raw['kind']})"
            problem.message = f"{label}: {problem.message}"
            problems.append(problem)
            continue
        items.append(_keep_seed(item, (previous or {}).get(index)))
    problems.extend(_collisions(items))
    _check_units(items, problems)
    if problems:
        problems.sort(key=lambda p: p.line)
        message = "\n".join(f"{path}:{p.line}: {p.message}" for p in problems)
        if all(p.rule for p in problems):
            raise RuleError(message)
        raise InputError(message)
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return Config(path, sha, out, tuple(items))


def _check_size(raw_items: list, lines: Lines, problems: list[_Problem]) -> None:
    """No more ``[[item]]`` tables than ``[run] batch_items`` (the rest is not checked)."""
    from generator.core.limits import beyond, run_limit

    if len(raw_items) > run_limit("batch_items"):
        problems.append(_Problem(lines.item(run_limit("batch_items")), beyond(
            "batch_items", "[[item]] tables:", len(raw_items))))
        del raw_items[run_limit("batch_items"):]


def _check_units(items: list[Item], problems: list[_Problem]) -> None:
    """No more sub-items in all than ``[run] batch_units``."""
    from generator.core.limits import beyond, run_limit

    total = sum(item.request.count for item in items)
    if total > run_limit("batch_units"):
        problems.append(_Problem(1, beyond("batch_units", "sub-items in all (the counts "
                                           "added up):", total)))


def _batch_table(data: dict, lines: Lines, path: Path, problems: list[_Problem]) -> Path | None:
    for key in data:
        if key not in ("item", "batch"):
            problems.append(_Problem(lines.key(None, key),
                                     f"unknown top-level key {shown(key)}; a config holds an "
                                     "optional [batch] table and [[item]] tables"))
    table = data.get("batch", {})
    if not isinstance(table, dict):
        problems.append(_Problem(lines.key(None, "batch"), "batch must be a [batch] table"))
        return None
    for key in table:
        if key not in BATCH_KEYS:
            problems.append(_Problem(lines.key("batch", key),
                                     f"unknown key {shown(key)} in [batch]; it takes: "
                                     f"{', '.join(BATCH_KEYS)}"))
    out = table.get("out")
    if out is None:
        return None
    if not isinstance(out, str) or not out:
        problems.append(_Problem(lines.key("batch", "out"), "out must be a folder name (a string)"))
        return None
    return path.parent / out


def check_item(index: int, raw: dict[str, Any], lines: Lines, base: Path) -> Item:
    """One ``[[item]]`` → an :class:`Item`, or a :class:`_Problem` naming the line."""
    header = lines.item(index)
    for key in ("game", "kind"):
        if key not in raw:
            raise _Problem(header, f"no {key} = \"…\"; every [[item]] names its game and kind")
        if not isinstance(raw[key], str):
            raise _Problem(lines.key(index, key), f"{key} must be a string")
    game, kind = raw["game"], raw["kind"]
    values = {k: v for k, v in raw.items() if k not in ("game", "kind")}
    if "out" in values:
        raise _Problem(lines.key(index, "out"), "out cannot be set per item: every file goes "
                       "to one folder; set out in [batch] or give --out")
    if kind == "aid":
        return _aid_item(index, game, values, lines, base)
    return _product_item(index, header, game, kind, values, lines, base)


def _product_item(index: int, header: int, game: str, kind: str, values: dict[str, Any],
                  lines: Lines, base: Path) -> Item:
    from generator.registry import games

    names = [g.name for g in games()]
    if game not in names:
        raise _Problem(lines.key(index, "game"), f"unknown game {shown(game)}; choose one of "
                       f"{', '.join(names)} (or kind = \"aid\" with game = \"all\")")
    spec = next(g for g in games() if g.name == game)
    kinds = [p.kind for p in spec.products] + (["aid"] if spec.aid else [])
    if kind not in kinds:
        raise _Problem(lines.key(index, "kind"),
                       f"{game} makes no {shown(kind)}; it makes: {', '.join(kinds) or 'nothing yet'}")
    cmd = _command(spec, kind, lines.key(index, "kind"))
    files = {o.name for o in spec.product(kind).options if o.paths}
    argv = _argv(cmd, values, index, lines, base, f"tombgen {game} {kind}", files)
    request = _request(cmd, argv, game, kind, values, index, lines)
    seed = request.seed
    if seed is None:  # drawn here, as the command draws it
        from generator.core.rng import fresh_seed

        seed = fresh_seed()
    return Item(index, header, request._replace(seed=seed), seed_drawn="seed" not in values,
                key_lines=_key_lines(values, index, lines))


def _command(spec, kind: str, line: int):
    import click

    from generator.registry import resolve

    group = resolve(spec.cli)
    with click.Context(group, info_name=spec.name) as ctx:
        cmd = group.get_command(ctx, kind)
    if cmd is None:
        raise _Problem(line, f"tombgen {spec.name} has no command {shown(kind)}")
    return cmd


def _find_param(cmd, key: str):
    import click

    wanted = key.replace("_", "-")
    for param in cmd.params:
        if not isinstance(param, click.Option):
            continue
        longs = [o[2:] for o in param.opts + param.secondary_opts if o.startswith("--")]
        if wanted in longs or key == param.name:
            return param
    return None


def _option_names(cmd) -> str:
    import click

    names = [p.opts[0][2:] for p in cmd.params
             if isinstance(p, click.Option) and p.opts[0].startswith("--")
             and p.name not in ("out", "help", "jobs", "dask")]
    return ", ".join(names)


def _argv(cmd, values: dict[str, Any], index: int, lines: Lines, base: Path,
          name: str, files: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The command line the item's keys stand for (file paths resolved against ``base``).

    ``files`` names the options whose values may be files (declared ``paths``) besides the
    click.Path ones: a value of theirs that looks like a file must exist.
    """
    argv: list[str] = []
    for key, value in values.items():
        line = lines.key(index, key)
        param = _find_param(cmd, key)
        if param is None or param.name == "out":
            raise _Problem(line, f"unknown key {shown(key)}: {name} has no --{key.replace('_', '-')}; "
                           f"its options: {_option_names(cmd)}")
        if param.name in ("jobs", "dask"):
            raise _Problem(line, f"{key}: where the work runs is not an item option; give "
                           f"tombgen batch --{key} instead")
        if param.name == "force":
            raise _Problem(line, f"{key}: how files are written is not an item option; give "
                           "tombgen batch --force instead")
        value = _resolve_paths(param, key, value, line, base, param.name in files)
        flag = next(o for o in param.opts if o.startswith("--"))
        if param.is_flag:
            if not isinstance(value, bool):
                raise _Problem(line, f"{key} = {shown(value)}: write true or false")
            if value:
                argv.append(flag)
            elif param.secondary_opts:
                argv.append(param.secondary_opts[0])
        elif isinstance(value, dict):
            raise _Problem(line, f"{key}: a table is not an option value")
        elif isinstance(value, list):
            if param.name == "format":
                argv += [flag, ",".join(_text(v) for v in value)]
            elif param.multiple:
                for v in value:
                    argv += [flag, _text(v)]
            elif param.nargs > 1:
                argv += [flag, *(_text(v) for v in value)]
            else:
                raise _Problem(line, f"{key} takes one value, not a list")
        else:
            argv += [flag, _text(value)]
    return argv


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _resolve_paths(param, key: str, value: Any, line: int, base: Path, may_be_file: bool) -> Any:
    """File paths (a click.Path option, or a value that looks like a file in an option that
    takes names or files) → absolute paths."""
    import click

    is_path = isinstance(param.type, click.Path)
    if not (is_path or may_be_file):
        return value

    def fix(v: Any) -> Any:
        if not isinstance(v, str):
            return v
        if v == "-" and is_path:
            raise _Problem(line, f"{key} = \"-\": a batch cannot read standard input; name a file")
        looks = "/" in v or "\\" in v or v.lower().endswith(_PATH_SUFFIXES)
        if not (is_path or looks):
            return v
        full = (base / v) if not Path(v).is_absolute() else Path(v)
        if not full.exists():
            raise _Problem(line, f"{key} = {shown(v)}: file not found ({full}); relative paths are "
                           "read from the config file's folder")
        return str(full.resolve())

    return [fix(v) for v in value] if isinstance(value, list) else fix(value)


def _request(cmd, argv: list[str], game: str, kind: str, values: dict[str, Any], index: int,
             lines: Lines):
    """Parses ``argv`` with the product's command (its callback is not run) and checks the
    values against the product's declarations: a :class:`generator.produce.Request`."""
    import click

    from generator.produce import make_request

    name = f"tombgen {game} {kind}"
    try:
        with cmd.make_context(name, argv) as ctx:
            params = {k: v for k, v in ctx.params.items()
                      if k not in ("out", "jobs", "dask", "force")}
    except click.ClickException as exc:
        raise _click_problem(exc, values, index, lines) from None
    try:
        return make_request(game, kind, params)
    except TombgenError as exc:
        raise _Problem(_line_for_message(exc.message, values, index, lines), exc.message,
                       isinstance(exc, RuleError)) from None


def _click_problem(exc, values: dict[str, Any], index: int, lines: Lines) -> _Problem:
    from generator.guard import click_message

    message = click_message(exc)
    param = getattr(exc, "param", None)
    line = lines.item(index)
    if param is not None:
        for key in values:
            if key == param.name or key.replace("_", "-") in [o.lstrip("-") for o in param.opts]:
                line = lines.key(index, key)
                break
    else:
        line = _line_for_message(message, values, index, lines)
    return _Problem(line, message)


def _line_for_message(message: str, values: dict[str, Any], index: int, lines: Lines) -> int:
    """The line of the key the message names first as ``--key``; else the item header."""
    return (_first_named(message, {k: lines.key(index, k) for k in values})
            or lines.item(index))


def _first_named(message: str, key_lines: dict[str, int]) -> int | None:
    """Line of the key whose ``--option`` comes first in ``message``, if any."""
    found = []
    for key, line in key_lines.items():
        at = re.search(rf"--{re.escape(key.replace('_', '-'))}\b", message)
        if at:
            found.append((at.start(), line))
    return min(found)[1] if found else None


def _aid_item(index: int, game: str, values: dict[str, Any], lines: Lines, base: Path) -> Item:
    from generator.aids.build import aid_games
    from generator.aids.cli import aid, aid_arguments, given_options

    names = aid_games()
    if game != "all" and game not in names:
        raise _Problem(lines.key(index, "game"), f"no player aid for {shown(game)}; choose one of "
                       f"{', '.join(names)} or all")
    argv = [game] + _argv(aid, values, index, lines, base, "tombgen aid")
    import click

    try:
        ctx = aid.make_context("tombgen aid", argv)
    except click.ClickException as exc:
        raise _click_problem(exc, values, index, lines) from None
    try:
        arguments = aid_arguments(ctx.params, given_options(ctx))
    except InputError as exc:
        raise _Problem(_line_for_message(exc.message, values, index, lines), exc.message) from None
    paper, mono = arguments.pop("paper"), arguments.pop("mono")
    chosen = tuple(names) if game == "all" else (game,)
    from generator.runs import Request

    return Item(index, lines.item(index),
                Request(game, "aid", None, len(chosen), paper, mono, ("pdf",), "en", arguments),
                chosen, key_lines=_key_lines(values, index, lines))


#: :func:`request_fields` without a derived seed (an item's)
_NO_DERIVED: Any = object()


def request_fields(r: Request, aid: bool = False, derived: Any = _NO_DERIVED,
                   formats: bool = False) -> dict[str, Any]:
    """A request as the manifest records it, in its order: game, kind, seed, the derived seed
    (a file's: ``derived``, None for a joined PDF's; an item has none), count, paper, mono,
    the formats (an item's, with ``formats``), the language (not an aid's: it has them all),
    cmyk when asked for, and the options."""
    out: dict[str, Any] = {"game": r.game, "kind": r.kind, "seed": r.seed}
    if derived is not _NO_DERIVED:
        out["derived_seed"] = derived
    out.update(count=r.count, paper=r.paper, mono=r.mono)
    if formats:
        out["formats"] = list(r.formats)
    if not aid:
        out["lang"] = r.lang
    if r.cmyk:
        out["cmyk"] = True
    out["options"] = r.options
    return out


def joins(request: Request) -> bool:
    """Are a run's pages joined into one PDF: a product (not an aid) of more than one item
    with a PDF among its formats."""
    return request.kind != "aid" and request.count > 1 and "pdf" in request.formats


def _key_lines(values: dict[str, Any], index: int, lines: Lines) -> tuple[tuple[str, int], ...]:
    return tuple((key, lines.key(index, key)) for key in values)


def _keep_seed(item: Item, before: dict[str, Any] | None) -> Item:
    """An item without a seed reuses the one an earlier run of this config drew for it."""
    if not item.seed_drawn or not before:
        return item
    from generator.produce import options_json

    r = item.request
    same = (before.get("game") == r.game and before.get("kind") == r.kind
            and before.get("count") == r.count and before.get("paper") == r.paper
            and before.get("mono") == r.mono and before.get("lang", "en") == r.lang
            and before.get("cmyk", False) == r.cmyk
            and options_json(before.get("options", {})) == options_json(r.options)
            and isinstance(before.get("seed"), int))
    return item._replace(request=r._replace(seed=before["seed"]),
                         seed_drawn=False) if same else item


def aid_file_name(game: str, options: dict[str, Any], paper: str, mono: bool = False) -> str:
    """The file ``tombgen aid`` writes for these options (:func:`generator.aids.build.aid_name`)."""
    from generator.aids.build import aid_name

    return aid_name(game, paper=paper, mono=mono, **options) + ".pdf"


def _collisions(items: list[Item]) -> list[_Problem]:
    """Two items that would write the same file names."""
    seen: dict[str, Item] = {}
    problems = []
    for item in items:
        if item.is_aid:
            r = item.request
            names = [aid_file_name(g, r.options, r.paper, r.mono) for g in item.games]
        else:
            names = [_stem(item)]
        for name in names:
            other = seen.get(name)
            if other is not None and other.index != item.index:
                problems.append(_Problem(item.line, f"item {item.number} would write the same "
                                         f"files ({name}…) as item {other.number} (line "
                                         f"{other.line}); give one of them another seed or "
                                         "options"))
                break
            seen[name] = item
    return problems


def _stem(item: Item) -> str:
    """The name every file of a product item starts with (see generator.produce.run_stem)."""
    from generator.produce import run_stem

    r = item.request
    return run_stem(item.run_info(), r.paper, r.mono, r.cmyk)


def out_folder(path: str | Path) -> Path | None:
    """The ``[batch] out`` folder of a config (relative to it), if it names one.

    Only a quick look, made before the full check (which reports a malformed ``out``): the
    folder is needed first, to read the manifest of an earlier run.
    """
    _, data, _ = read_toml(path)
    table = data.get("batch")
    out = table.get("out") if isinstance(table, dict) else None
    return Path(path).parent / out if isinstance(out, str) and out else None
