"""The JSON envelope every document carries, and reading documents back.

    {"format": "tombgen/<game>.<kind>", "version": 1, "seed": 123,
     "generator": "tombgen 0.1.0", ... item fields ...}

``read_document`` turns a file into ``(format, document)`` or raises :class:`InputError` with
the parser's place, so ``tombgen validate`` can dispatch on ``format``. :func:`check_envelope` is
the one check of ``format`` and ``version`` that every loader uses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator import GENERATOR
from generator.core.errors import InputError

ENVELOPE_VERSION = 1
ENVELOPE_KEYS = ("format", "version", "seed", "generator")


def format_name(game: str, kind: str) -> str:
    """``tombgen/<game>.<kind>``."""
    return f"tombgen/{game}.{kind}"


def envelope(game: str, kind: str, seed: int | None, fields: dict[str, Any],
             extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Wraps an item's fields in the envelope (envelope keys first, then item, then extras)."""
    doc: dict[str, Any] = {"format": format_name(game, kind), "version": ENVELOPE_VERSION,
                           "seed": seed, "generator": GENERATOR}
    doc.update(fields)
    if extra:
        doc.update(extra)
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """Canonical JSON text: stable key order as built, UTF-8, two-space indent, final newline."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def parse_json(text: str, source: str) -> Any:
    """Parses and checks JSON text (see :mod:`generator.core.inputs`); errors name the place."""
    from generator.core.inputs import parse_json as parse

    return parse(text, source)


def read_text(path: str | Path) -> str:
    """Reads a UTF-8 text file or ``-`` for standard input, within the input limits."""
    from generator.core.inputs import read_text as read

    return read(path)


def check_envelope(doc: Any, source: str, wanted: str | tuple[str, ...] | None = None,
                   optional: bool = False) -> str:
    """The one check of a document's ``format`` and ``version``, for every loader.

    ``doc`` must be a JSON object; its ``format`` must be ``tombgen/<game>.<kind>`` and, when
    ``wanted`` is given, one of those; its ``version`` exactly the integer 1 (not ``true``,
    ``1.0`` or ``"1"``). ``optional``: a hand-written document may leave both out (it is then
    taken as the first ``wanted`` format). Returns the format; anything else is an InputError.
    """
    names = (wanted,) if isinstance(wanted, str) else tuple(wanted or ())
    expect = " or ".join(f'"{n}"' for n in names) or '"tombgen/<game>.<kind>"'
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with \"format\": {expect}")
    fmt: object
    if "format" not in doc and optional and names:
        fmt = names[0]
    else:
        fmt = doc.get("format")
        if not isinstance(fmt, str) or not fmt.startswith("tombgen/"):
            raise InputError(f"{source} [format]: expected \"format\": {expect}, found "
                             f"{_shown(fmt)}; a tombgen document starts with its format")
        if names and fmt not in names:
            raise InputError(f"{source} [format]: {_shown(fmt)} is not {expect}")
    _check_seed(doc, source)
    if "version" not in doc and optional:
        return fmt
    version = doc.get("version")
    if type(version) is not int or version != ENVELOPE_VERSION:
        raise InputError(f"{source} [version]: unsupported version {_shown(version)}; this "
                         f"tombgen reads version {ENVELOPE_VERSION} (the integer)")
    return fmt


def _check_seed(doc: dict[str, Any], source: str) -> None:
    """A document's ``seed`` is what ``--seed`` takes (a whole number ≥ 0), or null for a
    document no seed made."""
    seed = doc.get("seed")
    if seed is not None and (type(seed) is not int or seed < 0):
        raise InputError(f"{source} [seed]: {_shown(seed)} is not a seed; a seed is a whole "
                         "number ≥ 0 (or null)")


def _shown(value: Any) -> str:
    from generator.core.inputs import printable

    text = json.dumps(value, ensure_ascii=False) if value is not None else "nothing"
    return printable(text if len(text) <= 60 else text[:57] + "…")


def read_document(path: str | Path, wanted: str | tuple[str, ...] | None = None
                  ) -> tuple[str, dict[str, Any]]:
    """Reads a tombgen JSON document (``-``: standard input): returns ``(format, doc)``."""
    from generator.core.inputs import source_name

    source = source_name(path)
    doc = parse_json(read_text(path), source)
    return check_envelope(doc, source, wanted), doc
