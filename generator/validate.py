"""``tombgen validate``: read any tombgen document and check it with its game's rules."""

from __future__ import annotations

from pathlib import Path

from generator.core.envelope import read_document
from generator.core.errors import InputError
from generator.core.report import Report
from generator.registry import document_checker, formats, product_for_format, reader_for


def validate_document(fmt: str, doc: dict, source: str) -> Report:
    """Validates a parsed document; an unknown format is an InputError naming the known ones."""
    found = product_for_format(fmt)
    if found is None and (checker := document_checker(fmt)) is not None:
        report = checker(doc, source)
        report.subject = source
        return report
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
    reader = reader_for(str(path))
    if reader is not None:  # a game's own file kind (e.g. a realms .toml map)
        report = reader(path)
        report.subject = source
        return report
    fmt, doc = read_document(path)
    return validate_document(fmt, doc, source)


def read_item(path: str | Path, game: str, kind: str):
    """Reads a document that must be a valid ``tombgen/<game>.<kind>`` item and returns the item.

    Another format or a malformed document → InputError (exit 2); an item breaking a rule →
    RuleError (exit 1) carrying the report. Commands that take an item file (``--dig``,
    ``--setup``, ``--trail``…) all read it through here.
    """
    from generator.core.errors import RuleError
    from generator.registry import game as game_spec

    source = "<stdin>" if str(path) == "-" else str(path)
    wanted = f"tombgen/{game}.{kind}"
    fmt, doc = read_document(path)
    if fmt != wanted:
        raise InputError(f"{source} [format]: {fmt!r} is not a {game} {kind}; this option needs a "
                         f"{wanted} document (make one with `tombgen {game} {kind} --format json`)")
    product = game_spec(game).product(kind)
    item = product.fn("from_fields")(doc, source)
    report = product.fn("validate")(item)
    if not report.ok:
        report.subject = source
        raise RuleError(f"{source}: not a valid {game} {kind}\n{report.text()}", report)
    return item
