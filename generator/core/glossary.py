"""Glossaries: the words each edition (and each language of our texts) uses, and the
alternatives refused, as data beside the catalogues (``templates/glossary/<game>.toml``).

A file holds scopes::

    [[scope]]
    edition = "fr"                 # optional: the rule text the texts follow (Tutankhamen)
    lang = "fr"                    # the language of the texts
    why = "..."                    # what the edition says, in a sentence
    use = ["fleuve", "dalle"]      # terms the scope's texts must use
    not = ["chemins?", "tuiles?"]  # refused there: regular expressions, case-insensitive,
                                   # matched on whole words

:func:`glossary_problems` checks texts (what players read, built by the caller) against one
scope: every refused word found, every term missing.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from generator.core.data import Optional, load_toml, resource_root

FOLDER = "glossary"
SCHEMA = {"scope": [{"edition": Optional(str), "lang": str, "why": str, "use": [str],
                     "not": [str]}]}


class Scope(NamedTuple):
    lang: str
    edition: str
    why: str
    use: tuple[str, ...]
    refused: tuple[str, ...]


@functools.cache
def load_glossary(game: str) -> tuple[Scope, ...]:
    """The scopes of ``templates/glossary/<game>.toml`` (a malformed file is an InputError)."""
    doc = load_toml(resource_root("templates") / FOLDER / f"{game}.toml", SCHEMA)
    return tuple(Scope(s["lang"], s.get("edition", ""), s["why"], tuple(s["use"]),
                       tuple(s["not"])) for s in doc["scope"])


def _pattern(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){word}(?!\w)", re.IGNORECASE | re.MULTILINE)


def glossary_problems(scope: Scope, texts: list[str]) -> list[str]:
    """Refused words found in ``texts`` (with the text) and terms of the scope none of them
    uses; empty when the texts keep to the edition's words."""
    found = []
    for word in scope.refused:
        pattern = _pattern(word)
        found += [f"refused {word!r} in {t!r}" for t in texts if pattern.search(t)]
    joined = "\n".join(texts)
    found += [f"{term!r} is never used" for term in scope.use
              if not _pattern(re.escape(term)).search(joined)]
    return found
