"""The JSON envelope every document carries, and reading documents back.

    {"format": "tombgen/<game>.<kind>", "version": 1, "seed": 123,
     "generator": "tombgen 0.1.0", ... item fields ...}

``read_document`` turns a file into ``(format, document)`` or raises :class:`InputError` with
the parser's place, so ``tombgen validate`` can dispatch on ``format``.
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
    """Parses JSON text; a syntax error is an :class:`InputError` with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None


def read_text(path: str | Path) -> str:
    """Reads a UTF-8 text file or ``-`` for standard input, with user-facing errors."""
    if str(path) == "-":
        import sys
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: file not found; check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, expected a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from None


def read_document(path: str | Path) -> tuple[str, dict[str, Any]]:
    """Reads a tombgen JSON document: returns ``(format, doc)``."""
    source = "<stdin>" if str(path) == "-" else str(path)
    doc = parse_json(read_text(path), source)
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with a \"format\" key")
    fmt = doc.get("format")
    if not isinstance(fmt, str):
        raise InputError(f"{source}: no \"format\" key; a tombgen document starts with "
                         "\"format\": \"tombgen/<game>.<kind>\"")
    if doc.get("version") != ENVELOPE_VERSION:
        raise InputError(f"{source} [version]: unsupported version {doc.get('version')!r}; "
                         f"this tombgen reads version {ENVELOPE_VERSION}")
    return fmt, doc


def item_fields(doc: dict[str, Any], keys: tuple[str, ...], source: str) -> dict[str, Any]:
    """Checks a document has every item key; returns them. Missing → :class:`InputError`."""
    missing = [k for k in keys if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)}")
    return {k: doc[k] for k in keys}
