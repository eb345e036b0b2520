"""``tombgen validate``: read any tombgen document and check it with its game's rules.

Every reader of a tombgen JSON document goes through :func:`check_document` before any work on
it: the counts it holds within their bounds (:class:`generator.registry.Bound`: players, sizes,
lists), and for an item of a product the run it records (its place in a ``--count`` run, its
language and options, each as the product declares them) — what no command makes is refused
(exit 2) naming the place. :func:`document_item` adds the item itself, read by its product and
holding no key the product does not write. ``validate``, ``verify`` and every option that takes
an item file read through here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.envelope import ENVELOPE_KEYS, read_document
from generator.core.errors import InputError, shown
from generator.core.report import Report
from generator.registry import (
    bounds_for,
    document_checker,
    formats,
    product_for_format,
    reader_for,
)

#: Keys every product document may hold besides its item's fields: how the run was made.
RUN_KEYS = ("lang", "options", "item", "count")


def check_document(fmt: str, doc: dict[str, Any], source: str) -> None:
    """What every reader checks first (InputError, exit 2): the document's counts within their
    bounds and, for a product's item, the run it records — ``count`` within ``--count``'s
    limit, ``item`` within the count, a language the product is printed in, options that are
    the product's with values its declarations allow."""
    from generator.core.inputs import check_counts, is_whole
    from generator.core.limits import run_limit
    from generator.runs import check_recorded

    name = fmt.removeprefix("tombgen/").replace(".", " ")
    check_counts(doc, bounds_for(fmt), source, name)
    found = product_for_format(fmt)
    if found is None:
        return
    spec, product = found
    count, item, most = doc.get("count", 1), doc.get("item", 1), run_limit("count")
    if not is_whole(count) or not 1 <= count <= most:
        raise InputError(f"{source} [count]: {shown(count)} is out of range (items of one run: "
                         f"1–{most:,}, seeds/limits.toml [run] count)")
    if not is_whole(item) or not 1 <= item <= count:
        raise InputError(f"{source} [item]: {shown(item)} is out of range (an item of the run: "
                         f"1–{count:,})")
    if "lang" in doc and doc["lang"] not in product.languages:
        raise InputError(f"{source} [lang]: {shown(doc['lang'])} is not a language {name} is "
                         f"printed in ({', '.join(product.languages)})")
    if "options" in doc:
        check_recorded(spec.name, product.kind, doc["options"], source)


def document_item(fmt: str, doc: dict[str, Any], source: str) -> Any:
    """The item of a product's document, after :func:`check_document`: read by the product's
    ``from_fields`` (malformed → InputError), with no key its ``to_fields`` does not write (a
    key no command writes is an InputError, as in a map's TOML file)."""
    check_document(fmt, doc, source)
    found = product_for_format(fmt)
    if found is None:
        raise InputError(f"{source} [format]: {shown(fmt)} is not an item tombgen makes")
    spec, product = found
    item = product.fn("from_fields")(doc, source)
    known = {*ENVELOPE_KEYS, *RUN_KEYS, *product.fn("to_fields")(item)}
    unknown = [key for key in doc if key not in known]
    if unknown:
        raise InputError(f"{source} [{shown(unknown[0])}]: no command writes this key in a "
                         f"{spec.name} {product.kind}; remove it (its keys: "
                         f"{', '.join(k for k in doc if k in known)})")
    return item


def validate_document(fmt: str, doc: dict, source: str) -> Report:
    """Validates a parsed document; an unknown format is an InputError naming the known ones."""
    found = product_for_format(fmt)
    if found is None and (checker := document_checker(fmt)) is not None:
        check_document(fmt, doc, source)
        report = checker(doc, source)
        report.subject = source
        return report
    if found is None:
        raise InputError(f"{source} [format]: unknown format {shown(fmt)}; tombgen reads "
                         + ", ".join(formats()))
    _, product = found
    item = document_item(fmt, doc, source)
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
        raise InputError(f"{source} [format]: {shown(fmt)} is not a {game} {kind}; this option "
                         f"needs a {wanted} document (make one with `tombgen {game} {kind} "
                         "--format json`)")
    product = game_spec(game).product(kind)
    item = document_item(fmt, doc, source)
    report = product.fn("validate")(item)
    if not report.ok:
        report.subject = source
        raise RuleError(f"{source}: not a valid {game} {kind}\n{report.text()}", report)
    return item
