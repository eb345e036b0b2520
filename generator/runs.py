"""What a run is, before anything is made: its settings, options and names.

:class:`RunInfo` is what a renderer may show about a run (seed, item number, options,
language); the page footer and the PDF subject are the command that remakes it
(:func:`remake_flags`), and every file of the run is named from the same options
(:func:`run_stem`). :class:`Request` is what a product command, a batch item or a form asks
for; :func:`make_request` checks option values against the products' declarations in the
registry (ranges and their limits, texts, requirements, languages, the product's own check), so
every front end accepts exactly the same values. Nothing here builds or writes anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from generator import GENERATOR
from generator.core.errors import InputError, shown
from generator.core.rng import derive_seed
from generator.registry import Follows, GameSpec, ProductSpec, game

FORMATS = ("svg", "pdf", "json")


class RunInfo(NamedTuple):
    """What a renderer may show about the run: seed, item number, options, language."""

    game: str
    kind: str
    seed: int
    index: int  # type: ignore[assignment]  # a field named like tuple.index, read by name only
    count: int  # type: ignore[assignment]  # a field named like tuple.count, read by name only
    options: dict[str, Any]
    #: The language the sheet is printed in (``--lang``); one the product declares.
    lang: str = "en"

    @property
    def item_seed(self) -> int:
        return derive_seed(self.seed, self.index)

    def command(self, paper: str = "a4", mono: bool = False, short: bool = False,
                cmyk: bool = False) -> str:
        """The command that makes the run again: product and every option that differs from its
        default, as CLI flags (``short``: files by their name only)."""
        flags = remake_flags(self, paper, mono, short, cmyk)
        return " ".join([self.game, self.kind, *flags])

    def footer(self, paper: str = "a4", mono: bool = False, short: bool = False,
               cmyk: bool = False) -> str:
        """``realms sheet --map random --difficulty easy · seed 21 · tombgen 0.1.0``: what
        remakes the page (item k of a ``--count`` run is named too), its words in the sheet's
        language (the command is the command)."""
        return f"{self.command(paper, mono, short, cmyk)} · {self.stamp()}"

    def stamp(self) -> str:
        """``seed 21 · item 2 of 5 · tombgen 0.1.0`` in the sheet's language."""
        say = page_words(self.lang)
        item = (" · " + say("item", n=self.index + 1, count=self.count)) if self.count > 1 else ""
        return f"{say('seed', seed=self.seed)}{item} · {GENERATOR}"


def page_words(lang: str):
    """The words every page's footer uses (``common.page`` of the text catalogue)."""
    from generator.core.i18n import catalogue

    return catalogue(lang).words("common.page")


def differing(info: RunInfo, paper: str = "a4", mono: bool = False, cmyk: bool = False
              ) -> list[tuple[Any, Any]]:
    """What distinguishes a run from the defaults: (declaration or shared option name, value)
    for each of the product's options that differs from its declared default and had an effect,
    in declaration order, then paper, mono, cmyk (value None: a flag) and language. The footer's
    command and the file names are both made from it."""
    product = game(info.game).product(info.kind)
    defaults = product.defaults()
    shared = {name: product.shared_default(name, info.options) for name in ("paper", "lang")}
    out: list[tuple[Any, Any]] = []
    for option in product.options:
        value = info.options.get(option.name, defaults[option.name])
        if value == defaults[option.name] or (option.kind == "flag" and not value):
            continue
        if any(info.options.get(other) not in allowed for other, allowed in option.requires):
            continue  # it had no effect (e.g. rating games for a shipped map)
        out.append((option, None if option.kind == "flag" else value))
    if paper != shared["paper"]:
        out.append(("paper", paper))
    if mono:
        out.append(("mono", None))
    if cmyk:
        out.append(("cmyk", None))
    if info.lang != shared["lang"]:
        out.append(("lang", info.lang))
    return out


def remake_flags(info: RunInfo, paper: str = "a4", mono: bool = False,
                 short: bool = False, cmyk: bool = False) -> list[str]:
    """The options of a run that differ from their declared defaults, written as CLI flags, in
    the order the product declares them, then --count, --paper, --mono, --cmyk, --lang. An
    option whose ``requires`` is not met did nothing and is left out (the command would refuse
    it)."""
    import shlex
    from pathlib import PurePath

    flags = []
    shared = []
    for option, value in differing(info, paper, mono, cmyk):
        if isinstance(option, str):
            shared.append(f"--{option}" + ("" if value is None else f" {value}"))
            continue
        if value is None:
            flags.append(option.flag)
            continue
        text = str(value)
        if short and option.paths and ("/" in text or "\\" in text):
            text = PurePath(text).name
        flags.append(f"{option.flag} {shlex.quote(text)}")
    if info.count > 1:
        flags.append(f"--count {info.count}")
    return flags + shared


#: A file name's options part longer than this is replaced by a hash of it (file systems allow
#: 255 bytes for a name).
NAME_PART_MAX = 120


def differs_part(info: RunInfo, paper: str = "a4", mono: bool = False,
                 cmyk: bool = False) -> str:
    """The options part of a run's file names: ``style-classic``, ``map-club-3f9a2c-mono``,
    ``count-7``… (empty at the defaults), so two runs that make different files never share a
    name (item 2 of a ``--count 7`` run is not item 2 of a ``--count 3`` run: its footer says
    "2 of 7"), and the same run always gets the same one. A file given as an option is named by
    its name and a hash of its bytes."""
    import hashlib

    from generator.core.output import name_part

    parts = []
    found = differing(info, paper, mono, cmyk)
    if info.count > 1:  # --count comes after the product's options, as in --help
        at = next((i for i, (o, _) in enumerate(found) if isinstance(o, str)), len(found))
        found.insert(at, ("count", info.count))
    for option, value in found:
        name = option if isinstance(option, str) else option.flag[2:]
        paths = not isinstance(option, str) and option.paths
        parts.append(name if value is None else f"{name}-{name_part(value, paths)}")
    text = "-".join(parts)
    if len(text) > NAME_PART_MAX:
        text = "options-" + hashlib.sha256(text.encode()).hexdigest()[:10]
    return text


def run_stem(info: RunInfo, paper: str = "a4", mono: bool = False, cmyk: bool = False) -> str:
    """``<game>-<kind>-<seed>[-<what differs>]``: what every file of a run is named from."""
    differs = differs_part(info, paper, mono, cmyk)
    return f"{info.game}-{info.kind}-{info.seed}" + (f"-{differs}" if differs else "")


def parse_formats(value: str | Iterable[str]) -> tuple[str, ...]:
    """``'svg,pdf'`` → ('svg', 'pdf'); unknown names → InputError."""
    names = [v.strip().lower() for v in (value.split(",") if isinstance(value, str) else value)]
    names = [n for n in names if n]
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise InputError(f"--format {shown(','.join(names) or value)}: choose any of svg,pdf,json "
                         "separated by commas")
    return tuple(dict.fromkeys(names))


def check_language(spec: GameSpec, product: ProductSpec, lang: str) -> None:
    """InputError unless the product is printed in ``lang`` (it says which languages it has)."""
    if lang not in product.languages:
        raise InputError(f"--lang {lang}: {spec.name} {product.kind} sheets are printed in "
                         f"{', '.join(product.languages)} only so far; use --lang "
                         f"{product.languages[0]}")


class Request(NamedTuple):
    """What to make: a product, the run's settings and the product's options — what a product
    command, a batch item (and later a form) ask for. ``seed`` None: draw a fresh one."""

    game: str
    kind: str
    seed: int | None
    count: int  # type: ignore[assignment]  # a field named like tuple.count, read by name only
    paper: str
    mono: bool
    formats: tuple[str, ...]
    lang: str
    options: dict[str, Any]
    #: ``--force``: replace files that exist with other content (how to write, not what).
    force: bool = False
    #: ``--cmyk``: the PDF for press (every colour in CMYK, text in black ink alone).
    cmyk: bool = False


def make_request(game_name: str, kind: str, values: dict[str, Any]) -> Request:
    """A checked :class:`Request` from option values by name (the shared options and the
    product's own, as the command line or a batch item gives them; the missing ones take their
    defaults). Everything the declarations say is enforced here, for every caller: an unknown
    option, one given without the options it requires, a language the product does not have,
    and the product's own ``check`` are InputErrors. Nothing is built.
    """
    spec = game(game_name)
    product = spec.product(kind)
    shared = {o.name: o.resolved().default for o in product.shared_options()}
    defaults = product.defaults()
    unknown = sorted(set(values) - set(shared) - set(defaults))
    if unknown:
        raise InputError(f"{game_name} {kind} has no option {', '.join(unknown)}; its options: "
                         + ", ".join(list(defaults) + list(shared)))
    options = {name: values.get(name, default) for name, default in defaults.items()}
    run = {**shared, **{k: v for k, v in values.items() if k in shared}}
    for name, default in shared.items():   # a default that follows another option
        if isinstance(default, Follows) and (run[name] is None or run[name] is default):
            run[name] = product.shared_default(name, options)
    check_language(spec, product, run["lang"])  # its own words: the languages it has
    for option in product.options + product.shared_options():
        check_value(option, options[option.name] if option.name in options else run[option.name])
    check_requires(product, options, defaults)
    if product.check:
        product.fn("check")(options, run["count"])
    return Request(game_name, kind, run["seed"], run["count"], run["paper"], bool(run["mono"]),
                   parse_formats(run["format"]), run["lang"], options, bool(run["force"]),
                   bool(run["cmyk"]))


#: The Python types a number option's value may have (a bool is no number), and their names.
_TYPES: dict[str, tuple[type | tuple[type, ...], str]] = {
    "int": (int, "a whole number"), "number": ((int, float), "a number")}


def check_value(option, value: Any) -> None:
    """An option's value within its declaration: a whole number or number of that type (a
    form or script may send the text "3"), a number in its range (a limit's message says
    how to do more), a text without hostile characters (InputError, exit 2). Click has
    checked what came from a command line; other callers (a form, a script, a document's
    recorded options) get the same, and a choice must be one of its choices."""
    from generator.core.inputs import check_option_text
    from generator.core.limits import beyond

    if value is None:
        return
    o = option.resolved()
    wanted = _TYPES.get(o.kind)
    if wanted is not None:
        if isinstance(value, bool) or not isinstance(value, wanted[0]):
            hint = " (write it without quotes)" if isinstance(value, str) else ""
            raise InputError(f"{o.flag} {shown(value)}: expected {wanted[1]}{hint}")
        if o.high is not None and value > o.high:
            raise InputError(beyond(o.limit, o.flag, value) if o.limit else
                             f"{o.flag} {value}: at most {o.high}")
        if o.low is not None and value < o.low:
            raise InputError(f"{o.flag} {value}: must be {o.low} or more")
    elif o.kind == "text" and isinstance(value, str):
        check_option_text(o.flag, value)
    elif o.kind == "choice" and o.choices and value not in o.choices:
        raise InputError(f"{o.flag} {shown(value)}: choose one of "
                         + ", ".join(str(c) for c in o.choices))


def check_recorded(game_name: str, kind: str, options: Any, source: str) -> None:
    """The options a document, a PDF's metadata or a manifest records for a run of a product:
    a JSON object, every name one of the product's options, every value within its
    declaration (:func:`check_value`). Unlike :func:`make_request` it takes the defaults a
    library call chooses too (``build`` may record ``rating_games = 0`` where the command
    would leave the option out). InputError (exit 2) naming the place."""
    product = game(game_name).product(kind)
    if not isinstance(options, dict):
        raise InputError(f"{source} [options]: expected an object of option values, found "
                         f"{shown(options)}")
    declared = {o.name: o for o in product.options}
    for name, value in options.items():
        option = declared.get(name)
        if option is None:
            raise InputError(f"{source} [options.{shown(name)}]: {game_name} {kind} has no "
                             f"option {shown(name)}; its options: {', '.join(declared) or 'none'}")
        try:
            _recorded_type(option, value)
            check_value(option, value)
        except InputError as exc:
            raise InputError(f"{source} [options.{name}]: {exc.message}") from None


def _recorded_type(option, value: Any) -> None:
    """What a document records for a flag is true or false, for a text a text (or null)."""
    if option.kind == "flag" and not isinstance(value, bool):
        raise InputError(f"{option.flag} {shown(value)}: expected true or false")
    if option.kind == "text" and value is not None and not isinstance(value, str):
        raise InputError(f"{option.flag} {shown(value)}: expected a text")


def check_requires(product: ProductSpec, options: dict[str, Any],
                   defaults: dict[str, Any]) -> None:
    """An option given (not at its default) needs the values its declaration ``requires``."""
    for option in product.options:
        if options[option.name] == defaults[option.name]:
            continue
        for other, allowed in option.requires:
            if options[other] not in allowed:
                need = "|".join(str(a) for a in allowed)
                raise InputError(f"{option.flag} {options[option.name]}: only with "
                                 f"{product.option(other).flag} {need}")
