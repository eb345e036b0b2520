"""The games tombgen knows, each described once by a frozen :class:`GameSpec`.

Each game package declares its spec as ``SPEC`` in its ``__init__``. The CLI, ``tombgen validate``, the conformance tests and the docs iterate this registry instead of
naming games. Specs refer to code by dotted names (``module:attribute``) and import it only when
used, so listing the games costs nothing.

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
  ``distinct(seed, index, count, **options) -> item``  item ``index`` of a run, different from
                                            every other item of the run (used instead of
                                            ``generate`` for products with few possible items;
                                            more items than exist → RuleError, exit 1)
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, NamedTuple


def resolve(ref: str) -> Callable[..., Any]:
    """Imports ``module:attribute``."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


class ProductSpec(NamedTuple):
    """One kind of item a game makes; function references are ``module:attribute`` strings."""

    kind: str
    summary: str
    generate: str
    validate: str
    to_fields: str
    from_fields: str
    render: str
    options: tuple[str, ...] = ()
    #: ``module:function`` — ``extra_files(item) -> [(extension, bytes)]`` (see above), or "".
    extra_files: str = ""
    #: ``module:fn(item) -> str | None`` — an optional one-line summary of a built item (e.g. a
    #: map's rating), printed by the CLI after the item's files are written.
    describe: str = ""
    #: ``module:fn(seed, index, count, **options) -> item`` — makes the items of a run all
    #: different (see above), or "" when ``generate`` from each item's own seed is enough.
    distinct: str = ""

    def fn(self, role: str) -> Callable[..., Any]:
        return resolve(getattr(self, role))


class GameSpec(NamedTuple):
    """A game: its CLI name, title, click group reference and products."""

    name: str
    title: str
    cli: str
    products: tuple[ProductSpec, ...] = ()
    #: ``module:function`` returning a fresh engine State for conformance play:
    #: ``new_state(rng, **options)``; the State has legal_moves(), apply(move), is_over(),
    #: scores() and check_invariants() -> list[str] (empty when all hold).
    engine: str = ""
    #: ``module:build_aid`` — ``build_aid(cat, variant) -> generator.aids.content.Aid``.
    aid: str = ""
    #: Extra file kinds ``tombgen validate`` accepts: (suffix, "module:function(path) -> Report").
    readers: tuple[tuple[str, str], ...] = ()
    #: JSON document kinds that are not products (nothing generates them here) but that
    #: ``tombgen validate`` checks: (kind, "module:function(doc, source) -> Report").
    documents: tuple[tuple[str, str], ...] = ()

    def product(self, kind: str) -> ProductSpec:
        for product in self.products:
            if product.kind == kind:
                return product
        raise KeyError(f"{self.name} has no product {kind!r}")


#: The game packages, in the order the CLI and docs list them. Each package's ``__init__`` defines
#: ``SPEC`` (a GameSpec) and imports nothing heavy.
GAME_PACKAGES = ("realms", "tut", "tanis", "tumba")

_GAMES: tuple[GameSpec, ...] | None = None


def games() -> tuple[GameSpec, ...]:
    """Every registered game (their packages' ``SPEC``), loaded once."""
    global _GAMES
    if _GAMES is None:
        _GAMES = tuple(importlib.import_module(f"generator.games.{name}").SPEC
                       for name in GAME_PACKAGES)
    return _GAMES


def game(name: str) -> GameSpec:
    for spec in games():
        if spec.name == name:
            return spec
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


def document_checker(fmt: str) -> Callable[..., Any] | None:
    """The ``(doc, source) -> Report`` checker of a non-product document format, if any."""
    for spec in games():
        for kind, ref in spec.documents:
            if fmt == f"tombgen/{spec.name}.{kind}":
                return resolve(ref)
    return None


def reader_for(path: str) -> Callable[..., Any] | None:
    """The ``(path) -> Report`` reader a game registered for this file's suffix, if any."""
    for spec in games():
        for suffix, ref in spec.readers:
            if str(path).lower().endswith(suffix):
                return resolve(ref)
    return None


def formats() -> list[str]:
    return ([f"tombgen/{g.name}.{p.kind}" for g in games() for p in g.products]
            + [f"tombgen/{g.name}.{kind}" for g in games() for kind, _ in g.documents])
