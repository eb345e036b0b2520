"""``tombgen validate``: read any tombgen document and check it with its game's rules."""

from __future__ import annotations

from pathlib import Path

from generator.core.envelope import read_document
from generator.core.errors import InputError
from generator.core.report import Report
from generator.registry import formats, product_for_format


def validate_document(fmt: str, doc: dict, source: str) -> Report:
    """Validates a parsed document; an unknown format is an InputError naming the known ones."""
    found = product_for_format(fmt)
    if found is None:
        raise InputError(f"{source} [format]: unknown format {fmt!r}; tombgen reads "
                         + ", ".join(formats()))
    _, product = found
    item = product.fn("from_fields")(doc, source)
    report = product.fn("validate")(item)
    report.subject = source
    return report


def validate_file(path: str | Path) -> Report:
    """Reads and validates one file (``-`` = standard input)."""
    source = "<stdin>" if str(path) == "-" else str(path)
    fmt, doc = read_document(path)
    return validate_document(fmt, doc, source)
