"""The content of a player aid, independent of size and language, and the string catalogues.

An :class:`Aid` is a title and sections; a section holds blocks — paragraphs, tables, ordered
steps, pictogram rows. Every block has a ``key`` (its catalogue key or a name) so that a block
that does not fit its card is reported by name.
"""

from __future__ import annotations

import string
from typing import Any, NamedTuple, Union

from generator.core.data import read_toml, resource
from generator.core.errors import BuildError, InputError

LANGUAGES = ("en", "fr")


class Para(NamedTuple):
    key: str
    text: str


class Steps(NamedTuple):
    key: str
    items: tuple[str, ...]


class Table(NamedTuple):
    key: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    compact: bool = False


class Picto(NamedTuple):
    """Inline SVG pictograms with captions, drawn by the drawing layer."""

    key: str
    items: tuple[tuple[str, str], ...]   # (svg markup, caption)


Block = Union[Para, Steps, Table, Picto]


class Section(NamedTuple):
    key: str
    title: str
    blocks: tuple[Block, ...]


class Aid(NamedTuple):
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]


class Catalogue:
    """The strings of one language; a missing key is a build error, never an English fallback."""

    def __init__(self, lang: str):
        if lang not in LANGUAGES:
            raise BuildError(f"--lang {lang}: no catalogue; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        path = resource("templates", f"aids/i18n/{lang}.toml")
        self.path = path
        self.strings = _flatten(read_toml(path), path)

    def __call__(self, key: str, **params: Any) -> str:
        try:
            template = self.strings[key]
        except KeyError:
            raise BuildError(f"{self.path}: missing translation {key!r} for language "
                             f"{self.lang!r}; add it to the catalogue") from None
        try:
            return template.format(**params)
        except (KeyError, IndexError) as exc:
            raise BuildError(f"{self.path} [{key}]: unknown placeholder {exc} in {template!r}") from None

    def has(self, key: str) -> bool:
        return key in self.strings

    def keys(self) -> set[str]:
        return set(self.strings)

    def placeholders(self, key: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(self.strings[key]) if name}


def _flatten(data, path, prefix: str = "") -> dict[str, str]:
    """Nested tables of strings → {"a.b.c": text}; any other value is an input error."""
    out: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, str):
            out[name] = value
        elif isinstance(value, dict):
            out.update(_flatten(value, path, name + "."))
        else:
            raise InputError(f"{path} [{name}]: expected a string or a table of strings")
    return out
