"""The games tombgen knows, each described once by a frozen :class:`GameSpec`.

Each game package declares its spec as ``SPEC`` in its ``__init__``. The CLI, ``tombgen validate``,
``tombgen batch``, the conformance tests and the docs iterate this registry instead of naming
games. Specs refer to code by dotted names (``module:attribute``) and import it only when used, so
listing the games costs nothing.

A *product* is one kind of item a game makes (Tanis ``dig``, Tumba ``setup``…). Its functions:
  ``generate(rng, **options) -> item``      seeded; never calls the global ``random``
  ``validate(item) -> Report``              every violation, never raises for a broken item
  ``to_fields(item) -> dict``               the JSON item fields (ARCHITECTURE.md)
  ``from_fields(doc, source) -> item``      back from JSON; malformed → InputError (exit 2)
  ``render(item, sheet, info) -> [Page]``  the printed pages, without footer
and, optional:
  ``extra_files(item) -> [(extension, bytes)]``  more files of the item, e.g. a Realms map's
                                            ``[("toml", b"...")]``; written by every run of the
                                            product whatever ``--format`` says, as
                                            ``<game>-<kind>-<seed>[-<n>].<extension>``
  ``check(options, count)``                 checks across options (raises InputError) before
                                            anything is built
  ``executor(jobs, dask)``                  a context manager in which items are built: the
                                            product plays games while building (``--jobs``)
  ``distinct(seed, index, count, **options) -> item``  item ``index`` of a run, different from
                                            every other item of the run (used instead of
                                            ``generate`` for products with few possible items;
                                            more items than exist → RuleError, exit 1)

A product's options are declared once, as :class:`Option` data (:data:`SHARED_OPTIONS` for the
options every product takes): the click options of its command, the keys of a batch item and the
fields of a form are all made from them, and the page footer names those that differ from their
default. A default may depend on another option of the product (:class:`Follows`): a Tutankhamen
trail is printed in the language of its rules unless ``--lang`` says otherwise.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


def resolve(ref: str) -> Any:
    """Imports ``module:attribute`` (a function, a table, a class: whatever it names)."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


class DataRef(NamedTuple):
    """A value read from code or data when first needed: ``module:attribute`` (called if it is a
    function), then ``path`` (dotted keys) into it; a mapping's keys are taken as its values.
    ``DataRef("generator.games.tut.model:data", "trail.max_players")`` is 6 from seeds/tut.toml."""

    ref: str
    path: str = ""

    def get(self) -> Any:
        value = resolve(self.ref)
        if callable(value):
            value = value()
        for key in filter(None, self.path.split(".")):
            value = value[key]
        # a seed file's tables are frozen (read-only mappings, not dicts): keys all the same
        return tuple(value) if isinstance(value, (Mapping, list)) else value


def _value(value: Any) -> Any:
    return value.get() if isinstance(value, DataRef) else value


class Follows(NamedTuple):
    """A default that is the value of another option of the same product, e.g. ``--lang``
    following ``--variant`` (``Follows("variant", "en")``). When that value is not one of this
    option's choices, ``fallback`` is the default. A command shows such an option with no
    default of its own ("Default: as --variant"); batch items and forms resolve it the same way,
    through :meth:`ProductSpec.shared_default` and :func:`follow`."""

    option: str
    fallback: Any = None

    @property
    def words(self) -> str:
        return f"as --{self.option.replace('_', '-')}"


def follow(default: Any, options: dict[str, Any], choices: tuple[Any, ...] = ()) -> Any:
    """The value of a default: a :class:`Follows` takes the other option's value (``options``),
    anything else is itself."""
    if not isinstance(default, Follows):
        return default
    value = options.get(default.option)
    return value if value is not None and (not choices or value in choices) else default.fallback


class Option(NamedTuple):
    """One option of a product, declared once.

    ``name`` is the keyword the product's ``generate`` takes, the key in the JSON ``options`` and
    in batch items; the command-line flag is ``--`` + name with ``-`` for ``_``. ``kind`` is
    ``text``, ``int``, ``number``, ``flag``, ``choice`` (one of ``choices``) or ``list`` (any of
    ``choices``, comma-separated). ``low``/``high`` bound an int or number (None: open).
    ``default`` None means "not given": the help says what the product does then. ``requires``
    lists ``(other option, allowed values)``: the option only makes sense (and may only be given)
    when each other option has one of those values. ``paths``: a value may name a file (read
    relative to a batch config). Any of ``choices``, ``low``, ``high``, ``default`` may be a
    :class:`DataRef` into the game's data, read when the command is built.
    """

    name: str
    help: str
    kind: str = "text"
    default: Any = None
    choices: Any = ()
    low: Any = None
    high: Any = None
    metavar: str = ""
    requires: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    paths: bool = False
    #: The name of its maximum in ``seeds/limits.toml [run]`` (``count``, ``rating_games``…):
    #: ``high`` is read from there, and a value beyond it is refused with the way to do more.
    limit: str = ""
    #: ``(name, value)`` pairs put into ``help`` (``{name}``) when it is shown, a value being
    #: a :class:`DataRef` read then: help that quotes the data stays true when the data changes.
    help_values: tuple[tuple[str, Any], ...] = ()

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def resolved(self) -> Option:
        """The option with every :class:`DataRef` replaced by its value."""
        high = _value(self.high)
        if self.limit and high is None:
            from generator.core.limits import run_limit

            high = run_limit(self.limit)
        text = (self.help.format(**{k: _value(v) for k, v in self.help_values})
                if self.help_values else self.help)
        return self._replace(default=_value(self.default), choices=tuple(_value(self.choices)),
                             low=_value(self.low), high=high, help=text)

    def describe(self) -> dict[str, Any]:
        """Everything about the option as JSON-friendly data (what a form is built from); a
        default that follows another option is ``None`` with ``follows`` naming that option."""
        o = self.resolved()
        follows = o.default if isinstance(o.default, Follows) else None
        return {"name": o.name, "flag": o.flag, "kind": o.kind,
                "default": None if follows else o.default,
                "choices": list(o.choices), "low": o.low, "high": o.high, "metavar": o.metavar,
                "help": o.help, "paths": o.paths,
                "requires": {k: list(v) for k, v in o.requires}, "limit": o.limit,
                "beyond": _beyond(o),
                **({"follows": follows.option} if follows else {})}


def _beyond(option: Option) -> str:
    """What to do for more than the option's limit (empty without one)."""
    if not option.limit:
        return ""
    from generator.core.limits import MORE

    return MORE[option.limit]


#: The options every product takes (besides ``--out``, where its files go).
SHARED_OPTIONS = (
    Option("seed", "Seed (an integer ≥ 0). Default: a fresh one, always printed.", "int",
           low=0, metavar="INT"),
    Option("count", "Number of distinct items.", "int", default=1, low=1, metavar="N",
           limit="count"),
    Option("format", "Any of svg,pdf,json, comma-separated.", "list", default="svg,pdf,json",
           choices=("svg", "pdf", "json"), metavar="LIST"),
    Option("paper", "Paper size.", "choice", default="a4",
           choices=DataRef("generator.draw.paper:paper_names")),
    Option("mono", "Black-and-white print theme.", "flag", default=False),
    Option("cmyk", "PDF for press: every colour in CMYK from the print theme, text in black ink "
           "alone (SVGs stay RGB).", "flag", default=False),
    Option("lang", "Language of the printed text.", "choice", default="en",
           choices=DataRef("generator.core.i18n:LANGUAGES")),
    Option("force", "Replace files that exist with other content (without it, such a run "
           "stops before changing anything; files with the same bytes are left alone).", "flag",
           default=False),
)


class ProductSpec(NamedTuple):
    """One kind of item a game makes; function references are ``module:attribute`` strings."""

    kind: str
    summary: str
    generate: str
    validate: str
    to_fields: str
    from_fields: str
    render: str
    #: The product's own options (see :class:`Option`), in the order help lists them.
    options: tuple[Option, ...] = ()
    #: ``module:function`` — ``extra_files(item) -> [(extension, bytes)]`` (see above), or "".
    extra_files: str = ""
    #: ``module:fn(item) -> str | None`` — an optional one-line summary of a built item (e.g. a
    #: map's rating), printed by the CLI after the item's files are written.
    describe: str = ""
    #: ``module:fn(options, count) -> None`` — checks across options (InputError), or "".
    check: str = ""
    #: ``module:fn(jobs, dask)`` — a context manager in which items are built, for products
    #: that play games while building (their command takes --jobs/--dask), or "".
    executor: str = ""
    #: ``module:fn(report)`` — a context manager in which an item built tells ``report(done,
    #: total, note)`` how its long work (the games that rate it) is getting on, or "".
    watch: str = ""
    #: Languages its sheets are printed in (``--lang``); more come with its translation.
    languages: tuple[str, ...] = ("en",)
    #: Its own defaults for options every product shares, as ``(name, default)``; a default
    #: may be a :class:`Follows` (``(("lang", Follows("variant", "en")),)``).
    shared_defaults: tuple[tuple[str, Any], ...] = ()
    #: ``module:fn(seed, index, count, **options) -> item`` — makes the items of a run all
    #: different (see above), or "" when ``generate`` from each item's own seed is enough.
    distinct: str = ""

    def fn(self, role: str) -> Callable[..., Any]:
        return resolve(getattr(self, role))

    def option(self, name: str) -> Option:
        """The declaration of one of its own or the shared options."""
        for option in self.options + self.shared_options():
            if option.name == name:
                return option
        raise KeyError(f"{self.kind} has no option {name!r}")

    def shared_options(self) -> tuple[Option, ...]:
        """:data:`SHARED_OPTIONS` as this product takes them (with its own defaults)."""
        own = dict(self.shared_defaults)
        return tuple(o._replace(default=own[o.name]) if o.name in own else o
                     for o in SHARED_OPTIONS)

    def shared_default(self, name: str, options: dict[str, Any]) -> Any:
        """The default of a shared option for a run with these product ``options`` (a
        :class:`Follows` default resolved)."""
        option = next(o for o in self.shared_options() if o.name == name).resolved()
        return follow(option.default, {**self.defaults(), **options}, option.choices)

    def defaults(self) -> dict[str, Any]:
        """Its own options' default values (data references read)."""
        return {o.name: _value(o.default) for o in self.options}


class Bound(NamedTuple):
    """A count a document holds, bounded before anything else is read from it: a number of
    players, a size, the length of a list. ``path`` names where (``players``, ``table[]`` every
    entry of a list, ``lines.*`` every value of an object, ``seats[].scores``); what is there is
    bounded by its value when it is a whole number, by its length when it is a list or an
    object (anything else is left to the reader, which says what it expected). ``low`` and
    ``high`` may be :class:`DataRef` values, or a tuple whose product is the bound (the squares
    of the largest map); ``high`` None: no upper bound. ``what`` is how the message names it
    (``players at the table``). A document beyond a bound is unusable: exit 2, naming the place
    and the range, before any work."""

    path: str
    low: Any = 0
    high: Any = None
    what: str = ""

    def resolved(self) -> tuple[str, int, int | None, str]:
        """(path, low, high, what) with every data reference read."""
        def number(value: Any) -> Any:
            if isinstance(value, tuple) and not isinstance(value, DataRef):
                product = 1
                for part in value:
                    product *= int(_value(part))
                return product
            return None if value is None else int(_value(value))

        return self.path, number(self.low), number(self.high), self.what


class GameSpec(NamedTuple):
    """A game: its CLI name, title, click group reference and products."""

    name: str
    title: str
    cli: str
    products: tuple[ProductSpec, ...] = ()
    #: Its name in a list of the games (the web page's navigation): "Tutan Tumba".
    short: str = ""
    #: ``module:function`` returning a fresh engine State for conformance play:
    #: ``new_state(rng, **options)``; the State has legal_moves(), apply(move), is_over(),
    #: scores() and check_invariants() -> list[str] (empty when all hold).
    engine: str = ""
    #: ``module:build_aid`` — ``build_aid(cat, variant) -> generator.draw.content.Aid``.
    aid: str = ""
    #: The rule texts its aid is made for (``aid --variant``; its files are named by it), or
    #: () when the game has one.
    aid_variants: tuple[str, ...] = ()
    #: Extra file kinds ``tombgen validate`` accepts: (suffix, "module:function(path) -> Report").
    readers: tuple[tuple[str, str], ...] = ()
    #: JSON document kinds that are not products (nothing generates them here) but that
    #: ``tombgen validate`` checks: (kind, "module:function(doc, source) -> Report").
    documents: tuple[tuple[str, str], ...] = ()
    #: The counts of its documents, by kind (a product's or a document's): ``(kind, (Bound,
    #: ...))``, checked by every reader before any work (see :class:`Bound`).
    bounds: tuple[tuple[str, tuple[Bound, ...]], ...] = ()

    def product(self, kind: str) -> ProductSpec:
        for product in self.products:
            if product.kind == kind:
                return product
        raise KeyError(f"{self.name} has no product {kind!r}")


#: The game packages, in the order the CLI and docs list them. Each package's ``__init__`` defines
#: ``SPEC`` (a GameSpec) and imports nothing heavy.
GAME_PACKAGES = ("realms", "tut", "tanis", "tumba")

#: Template packages: complete games with every role of a game package, kept out of the
#: players' view: ``null``, the package a new game is copied from (docs/adding-a-game.md).
#: Nothing that lists the games sees them (:func:`games`, so the CLI, batch, the web page,
#: ``tombgen validate``, the docs); only :func:`game` finds one, by its name, so the pipeline
#: (``generator.produce.build``) and the tests can build its products. A template becomes a
#: game when its name moves to GAME_PACKAGES.
TEMPLATE_PACKAGES = ("null",)

_GAMES: tuple[GameSpec, ...] | None = None
_TEMPLATES: tuple[GameSpec, ...] | None = None


def _specs(names: tuple[str, ...]) -> tuple[GameSpec, ...]:
    return tuple(importlib.import_module(f"generator.games.{name}").SPEC for name in names)


def games() -> tuple[GameSpec, ...]:
    """Every registered game (their packages' ``SPEC``), loaded once."""
    global _GAMES
    if _GAMES is None:
        _GAMES = _specs(GAME_PACKAGES)
    return _GAMES


def templates() -> tuple[GameSpec, ...]:
    """Every template package's ``SPEC`` (:data:`TEMPLATE_PACKAGES`), loaded once, when first
    asked for: never by anything that lists the games."""
    global _TEMPLATES
    if _TEMPLATES is None:
        _TEMPLATES = _specs(TEMPLATE_PACKAGES)
    return _TEMPLATES


def game(name: str) -> GameSpec:
    """The game called ``name``, or the template of that name (KeyError for neither)."""
    for spec in games():
        if spec.name == name:
            return spec
    if name in TEMPLATE_PACKAGES:
        return next(spec for spec in templates() if spec.name == name)
    raise KeyError(name)


def product_for_format(fmt: str) -> tuple[GameSpec, ProductSpec] | None:
    """The (game, product) a document ``format`` like ``tombgen/tanis.dig`` belongs to."""
    if not fmt.startswith("tombgen/") or "." not in fmt:
        return None
    name, _, kind = fmt[len("tombgen/"):].partition(".")
    for spec in games():
        if spec.name == name:
            for product in spec.products:
                if product.kind == kind:
                    return spec, product
    return None


#: Documents of the features above the games (not a game's): format → ``(doc, source) ->
#: Report`` checker, found by ``tombgen validate`` like a game's ``documents``.
FEATURE_DOCUMENTS = (("tombgen/batch.manifest", "generator.batch.manifest:validate_document"),)


def document_checker(fmt: str) -> Callable[..., Any] | None:
    """The ``(doc, source) -> Report`` checker of a non-product document format, if any."""
    for spec in games():
        for kind, ref in spec.documents:
            if fmt == f"tombgen/{spec.name}.{kind}":
                return resolve(ref)
    for name, ref in FEATURE_DOCUMENTS:
        if fmt == name:
            return resolve(ref)
    return None


def bounds_for(fmt: str) -> list[tuple[str, int, int | None, str]]:
    """Every bound of a document format (``tombgen/<game>.<kind>``), resolved: the game's own
    for that kind, and for a simulation those every simulation shares."""
    if not fmt.startswith("tombgen/") or "." not in fmt:
        return []
    name, _, kind = fmt[len("tombgen/"):].partition(".")
    shared = []
    if kind == "simulation":
        from generator.core.simulation import bounds

        shared = bounds()
    own = [b.resolved() for spec in games() if spec.name == name
           for k, declared in spec.bounds if k == kind for b in declared]
    return shared + own


def reader_for(path: str) -> Callable[..., Any] | None:
    """The ``(path) -> Report`` reader a game registered for this file's suffix, if any."""
    for spec in games():
        for suffix, ref in spec.readers:
            if str(path).lower().endswith(suffix):
                return resolve(ref)
    return None


def formats() -> list[str]:
    """Every document format ``tombgen validate`` reads."""
    return ([f"tombgen/{g.name}.{p.kind}" for g in games() for p in g.products]
            + [f"tombgen/{g.name}.{kind}" for g in games() for kind, _ in g.documents]
            + [name for name, _ in FEATURE_DOCUMENTS])
