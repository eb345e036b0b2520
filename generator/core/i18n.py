"""Text catalogues: every sentence tombgen prints, in each language, for every product.

One TOML file per language and domain: ``templates/i18n/<lang>/<domain>.toml``. A key's first
part names its file and the rest its place inside it, so ``tut.aid.sets.title`` is the key
``title`` of the table ``[aid.sets]`` in ``templates/i18n/en/tut.toml`` (and ``fr/tut.toml``);
``common.footer`` is ``footer`` in ``common.toml``. Each product keeps its strings in its own
table (``[aid]`` for the player aid, ``[trail]`` for the trail sheet, ...).

Renderers use a tiny API::

    cat = catalogue("fr")
    cat["tut.aid.sets.title"]                  # a string without placeholders
    cat("tut.aid.sets.intro", sets=15)         # a string with {placeholders}, filled in
    say = cat.words("tut.trail")               # one product's table: say("title", game=...)

A missing key, a missing file or a placeholder without a value is a :class:`BuildError` naming
the key and the file — there is never a fallback to another language. :func:`problems` compares
the languages: the same keys everywhere, the same placeholders in every translation of a key.
"""

from __future__ import annotations

import functools
import string
from pathlib import Path
from typing import Any

from generator.core.data import read_toml, resource_root
from generator.core.errors import BuildError, InputError, shown

LANGUAGES = ("en", "fr")
FOLDER = "i18n"


def catalogue_root() -> Path:
    """``templates/i18n/``: one folder per language."""
    return resource_root("templates") / FOLDER


class Catalogue:
    """The strings of one language (files are read on first use of their domain)."""

    def __init__(self, lang: str, root: Path | None = None):
        if lang not in LANGUAGES:
            raise InputError(f"--lang {lang}: no text catalogue for this language; choose one of "
                             f"{', '.join(LANGUAGES)}")
        self.lang = lang
        self.root = Path(root) if root is not None else catalogue_root()
        self._domains: dict[str, dict[str, str]] = {}

    # ---- the renderer's API ----------------------------------------------------------------

    def __getitem__(self, key: str) -> str:
        """The string of ``key``; one with placeholders must be called with values instead."""
        text = self.template(key)
        names = placeholders(text)
        if names:
            raise BuildError(f"{self.file_of(key)} [{key}]: this string has placeholders "
                             f"({', '.join(sorted(names))}); call the catalogue with their values")
        return text.replace("{{", "{").replace("}}", "}")

    def __call__(self, key: str, **values: Any) -> str:
        """The string of ``key`` with its ``{placeholders}`` filled from ``values``."""
        text = self.template(key)
        missing = placeholders(text) - set(values)
        if missing:
            raise BuildError(f"{self.file_of(key)} [{key}]: no value given for placeholder "
                             f"{', '.join(sorted(missing))} in {shown(text)}")
        try:
            return text.format(**values)
        except (ValueError, IndexError) as exc:
            raise BuildError(f"{self.file_of(key)} [{key}]: malformed string {shown(text)} ({exc})") from None

    def words(self, prefix: str) -> Words:
        """The catalogue seen from one table (``"tut.trail"``): what a sheet's renderer holds."""
        return Words(self, prefix)

    # ---- inspection ------------------------------------------------------------------------

    def template(self, key: str) -> str:
        """The raw string of ``key`` (placeholders unfilled); a missing key is a BuildError."""
        strings = self._domain(key)
        if key not in strings:
            raise BuildError(f"{self.file_of(key)}: missing string {shown(key)} for language "
                             f"{shown(self.lang)} ({_where_inside(key)}); add it — every language "
                             "needs the same keys")
        return strings[key]

    def has(self, key: str) -> bool:
        domain = key.split(".", 1)[0]
        return self.file_for(domain).is_file() and key in self._domain(key)

    def keys(self) -> set[str]:
        """Every key of this language, over all its files."""
        found: set[str] = set()
        for path in sorted((self.root / self.lang).glob("*.toml")):
            found |= set(self._load(path.stem))
        return found

    def placeholders(self, key: str) -> set[str]:
        return placeholders(self.template(key))

    def file_for(self, domain: str) -> Path:
        return self.root / self.lang / f"{domain}.toml"

    def file_of(self, key: str) -> Path:
        """The file that holds (or should hold) ``key``."""
        return self.file_for(key.split(".", 1)[0])

    # ---- loading ---------------------------------------------------------------------------

    def _domain(self, key: str) -> dict[str, str]:
        domain, dot, _ = key.partition(".")
        if not dot or not domain:
            raise BuildError(f"catalogue key {shown(key)}: a key is '<file>.<name>', e.g. "
                             "'common.footer' or 'tut.aid.sets.title'")
        return self._load(domain)

    def _load(self, domain: str) -> dict[str, str]:
        if domain not in self._domains:
            path = self.file_for(domain)
            if not path.is_file():
                raise BuildError(f"{path}: no catalogue file for the '{domain}' strings in "
                                 f"language {shown(self.lang)}; create it with the same keys as the "
                                 "other languages")
            self._domains[domain] = _flatten(read_toml(path), path, domain + ".")
        return self._domains[domain]


class Words:
    """One table of a catalogue: ``say("index.head")`` is ``cat("tut.trail.index.head")``, with
    placeholders filled from keyword values; the same errors as the catalogue (a missing key or
    value names the key and the file)."""

    __slots__ = ("cat", "prefix")

    def __init__(self, cat: Catalogue, prefix: str):
        self.cat = cat
        self.prefix = prefix

    @property
    def lang(self) -> str:
        return self.cat.lang

    def __call__(self, key: str, **values: Any) -> str:
        return self.cat(f"{self.prefix}.{key}", **values)

    def key(self, key: str) -> str:
        """The full catalogue key of ``key`` (for error messages and tests)."""
        return f"{self.prefix}.{key}"

    def num(self, value: float, spec: str = "g") -> str:
        """A number as the language writes it: ``12.5`` and ``20,000`` in English, ``12,5``
        and ``20 000`` in French (``common.number``; digits are grouped from 10,000 up)."""
        if isinstance(value, int) and abs(value) >= 10000:
            return format(value, ",").replace(",", self.cat["common.number.thousands"])
        return format(value, spec).replace(".", self.cat["common.number.decimal"])


@functools.cache
def catalogue(lang: str) -> Catalogue:
    """The shared catalogue of ``lang`` (loaded once per process)."""
    return Catalogue(lang)


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in a string (``{{`` is a literal brace)."""
    try:
        return {name.split(".")[0].split("[")[0]
                for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<malformed braces>"}


def problems(root: Path | None = None) -> list[str]:
    """Differences between the languages: a key missing in one, or translations of one key with
    different placeholders. Empty when the catalogues agree."""
    cats = [Catalogue(lang, root) for lang in LANGUAGES]
    keys = {cat.lang: cat.keys() for cat in cats}
    everything = set().union(*keys.values())
    found = []
    for key in sorted(everything):
        holders = [cat for cat in cats if key in keys[cat.lang]]
        for cat in cats:
            if key not in keys[cat.lang]:
                found.append(f"{cat.file_of(key)}: missing {shown(key)} "
                             f"(present in {holders[0].file_of(key)})")
        shapes = {cat.lang: cat.placeholders(key) for cat in holders}
        if len({frozenset(s) for s in shapes.values()}) > 1:
            described = "; ".join(f"{lang}: {{{', '.join(sorted(s))}}}" for lang, s in shapes.items())
            found.append(f"{shown(key)}: the translations use different placeholders ({described})")
        for lang, names in shapes.items():
            if "<malformed braces>" in names:
                found.append(f"{shown(key)} ({lang}): unbalanced braces; write {{{{ for a literal brace")
    return found


def _where_inside(key: str) -> str:
    parts = key.split(".")[1:]
    if len(parts) == 1:
        return f"key '{parts[0]}' at the top of the file"
    return f"key '{parts[-1]}' in table [{'.'.join(parts[:-1])}]"


def _flatten(data: dict, path: Path, prefix: str) -> dict[str, str]:
    """Nested tables of strings → {"domain.a.b": text}; any other value is an input error."""
    out: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, str):
            out[name] = value
        elif isinstance(value, dict):
            out.update(_flatten(value, path, name + "."))
        else:
            raise InputError(f"{path} [{name[len(prefix.split('.')[0]) + 1:]}]: expected a string "
                             "or a table of strings")
    return out
