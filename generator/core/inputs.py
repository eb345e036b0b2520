"""Reading what users give: files, standard input, JSON and TOML, within limits and checked.

Every document tombgen reads goes through here, so one set of checks holds everywhere:

* size: a file (or standard input) over ``[input] bytes`` of ``seeds/limits.toml`` is refused
  before it is read (exit 2); so is a file that is not UTF-8 text;
* syntax: bad JSON or TOML is exit 2 with the line and column; JSON's ``NaN`` and
  ``Infinity``, numbers too large for a float and integers of thousands of digits are refused
  too, since no field takes them;
* nesting: lists and tables more than ``[input] depth`` deep are refused (exit 2), also when
  the parser itself would run out of stack;
* text: every text, keys included, is checked by :func:`text_problem` — no control characters
  but tab and line breaks, no lone surrogates (they cannot be written as UTF-8), no
  bidirectional overrides, at most ``[input] text`` characters. A text that fails is exit 1
  (the document is well-formed but a field breaks the rules) naming the field, e.g.
  ``map.json [players[1].name]: a control character (U+0000); remove it``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, TypeGuard

from generator.core.errors import InputError, RuleError, hostile, printable, shown
from generator.core.limits import input_limit

STDIN = "-"



def is_whole(value: Any) -> TypeGuard[int]:
    """Is a value read from a document a whole number? (JSON's true and false are ints to
    Python: true would read as 1.)"""
    return isinstance(value, int) and not isinstance(value, bool)


def source_name(path: str | Path) -> str:
    """How messages name an input: the path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if str(path) == STDIN else str(path)


def read_text(path: str | Path) -> str:
    """A UTF-8 text file, or standard input for ``-``, at most ``[input] bytes`` long."""
    limit = input_limit("bytes")
    if str(path) == STDIN:
        return _read_stdin(limit)
    try:
        size = Path(path).stat().st_size
        if size > limit:
            raise InputError(_too_big(str(path), limit))
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: file not found; check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, expected a file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if len(data) > limit:  # a file that grew, or a device
        raise InputError(_too_big(str(path), limit))
    return _decode(data, str(path))


def _read_stdin(limit: int) -> str:
    stream = sys.stdin
    if stream is None:
        raise InputError("<stdin>: standard input is closed; give a file name instead of -")
    try:
        data = stream.buffer.read(limit + 1) if hasattr(stream, "buffer") else \
            stream.read(limit + 1)
    except (OSError, ValueError) as exc:
        raise InputError(f"<stdin>: cannot read standard input ({exc}); give a file name "
                         "instead of -") from None
    if len(data) > limit:
        raise InputError(_too_big("<stdin>", limit))
    return data.removeprefix("\ufeff") if isinstance(data, str) else _decode(data, "<stdin>")


def _too_big(source: str, limit: int) -> str:
    return (f"{source}: larger than {limit:,} bytes, the most tombgen reads (seeds/limits.toml "
            "[input] bytes); no tombgen document is that large")


#: Files that are not text at all, by how they start: said by name rather than as bytes that
#: are not UTF-8 (``tombgen validate sheet.pdf``).
_BINARY = ((b"%PDF-", "a PDF file", "tombgen verify checks a PDF against what made it"),
           (b"\x89PNG", "a PNG picture", "tombgen reads JSON and TOML documents"),
           (b"PK\x03\x04", "a ZIP archive", "tombgen reads JSON and TOML documents"),
           (b"\x1f\x8b", "a gzip archive", "unpack it first"))


def _decode(data: bytes, source: str) -> str:
    """UTF-8 text, without the byte-order mark some editors (Windows Notepad) put first."""
    for start, what, hint in _BINARY:
        if data.startswith(start):
            raise InputError(f"{source}: is {what}, not a text document; {hint}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if b"\x00" in data[:1024]:
            raise InputError(f"{source}: is a binary file, not a text document; tombgen reads "
                             "JSON and TOML documents") from None
        raise InputError(f"{source}: not UTF-8 text (byte {exc.start + 1}); save it as UTF-8") \
            from None
    return text.removeprefix("\ufeff")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON documents may hold here")


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large a number")
    return value


def parse_json(text: str, source: str) -> Any:
    """Parses JSON text and checks it (nesting, texts); errors name the line and column."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_float,
                           object_pairs_hook=_no_twice)
    except Twice as exc:
        raise InputError(f"{source}:{_line_of(text, exc.key, exc.pairs)}: the key "
                         f"{shown(exc.key)} is given twice in one object; keep one (JSON "
                         "readers disagree on which counts)") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(_too_deep(source)) from None
    except ValueError as exc:  # NaN, Infinity, a huge number, an integer of 4300+ digits
        why = "a number with thousands of digits" if "digits" in str(exc) else str(exc)
        raise InputError(f"{source}: invalid JSON: {why}") from None
    check_tree(value, source)
    return value


class Twice(ValueError):
    """A JSON object gives the same key twice (what the parser saw: the key, the pairs)."""

    def __init__(self, key: str, pairs: list[tuple[str, Any]]):
        super().__init__(key)
        self.key, self.pairs = key, pairs


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Twice(key, pairs)
            seen.add(key)
    return found


def _line_of(text: str, key: str, pairs: list[tuple[str, Any]]) -> str:
    """``line:column`` of the key written a second time in one object (the parser does not
    say where): the text is scanned once, object by object; ``?`` when it cannot be told."""
    token = re.compile(r'"((?:[^"\\]|\\.)*)"\s*(:?)|[{}\[\]]')
    objects: list[set[str] | None] = []
    for found in token.finditer(text):
        mark = found.group()
        if mark in ("{", "["):
            objects.append(set() if mark == "{" else None)
        elif mark in ("}", "]"):
            if objects:
                objects.pop()
        elif found.group(2) and objects and objects[-1] is not None:
            name = _unquote(found.group(1))
            if name == key and name in objects[-1]:
                at = found.start()
                return f"{text.count(chr(10), 0, at) + 1}:{at - text.rfind(chr(10), 0, at)}"
            if name is not None:
                objects[-1].add(name)
    return "?"


def _unquote(body: str) -> str | None:
    try:
        return json.loads(f'"{body}"')
    except ValueError:
        return None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parses TOML text and checks it like JSON; errors name the line and column."""
    import tomllib

    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(toml_message(exc, source)) from None
    except RecursionError:
        raise InputError(_too_deep(source)) from None
    check_tree(value, source)
    return value


def toml_message(exc: Exception, source: str) -> str:
    """``file:line:col: invalid TOML: what`` from tomllib's message."""
    text = str(exc)
    found = re.search(r"\(at line (\d+), column (\d+)\)", text)
    if found:
        return (f"{source}:{found.group(1)}:{found.group(2)}: invalid TOML: "
                f"{text[:found.start()].strip()}")
    return f"{source}: invalid TOML: {text}"


def _too_deep(source: str) -> str:
    return (f"{source}: lists or tables nested more than {input_limit('depth')} deep "
            "(seeds/limits.toml [input] depth); no tombgen document is")


def check_tree(value: Any, source: str) -> None:
    """Checks a parsed document: nesting depth (InputError) and every text (RuleError)."""
    depth_limit, length = input_limit("depth"), input_limit("text")
    # A place is kept as (its parent's place, key or index) and spelled out only for a
    # message: a document of millions of values is checked without a string per value.
    stack: list[tuple[Any, Any, int]] = [(value, None, 0)]
    while stack:
        node, place, depth = stack.pop()
        if type(node) is str:
            if len(node) > length or hostile().search(node):
                _check_text(node, source, _spelled(place), length)
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= depth_limit:
            raise InputError(_too_deep(source))
        if isinstance(node, dict):
            for key, item in node.items():
                text = str(key)
                if len(text) > length or hostile().search(text):
                    _check_text(text, source, _spelled(place) or "top level", length, key=True)
                if isinstance(item, (str, dict, list)):
                    stack.append((item, (place, key), depth + 1))
        else:
            stack.extend([(item, (place, i), depth + 1) for i, item in enumerate(node)
                          if isinstance(item, (str, dict, list))])


def _spelled(place: Any) -> str:
    """``players[1].name`` from the (parent, key) chain :func:`check_tree` keeps."""
    parts: list[Any] = []
    while place is not None:
        place, key = place
        parts.append(key)
    text = ""
    for key in reversed(parts):
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text


def _check_text(text: str, source: str, where: str, length: int, key: bool = False) -> None:
    problem = text_problem(text, length)
    if problem:
        what = "a key here" if key else "this text"
        raise RuleError(f"{source} [{printable(where) or 'top level'}]: {what} {problem}")


def text_problem(text: str, length: int | None = None) -> str | None:
    """What is wrong with a text from outside (None: nothing): a hostile character, or more
    than ``length`` characters (default ``[input] text``)."""
    length = input_limit("text") if length is None else length
    if len(text) > length:
        return (f"is {len(text):,} characters long; at most {length:,} (seeds/limits.toml "
                "[input] text)")
    found = hostile().search(text)
    if found:
        code = ord(found.group())
        kind = ("a lone surrogate" if 0xD800 <= code <= 0xDFFF else
                "a bidirectional control" if 0x202A <= code <= 0x2069 else
                "a non-character" if code >= 0xFFFE else "a control character")
        return f"holds {kind} (U+{code:04X}) at character {found.start() + 1}; remove it"
    return None


def check_counts(doc: Any, bounds, source: str, what: str = "document") -> None:
    """InputError (exit 2) for the first count of ``doc`` beyond its bound: ``bounds`` are
    ``(path, low, high, words)`` (see :class:`generator.registry.Bound`), checked before any
    other work on the document, so a huge number of players or a list of millions of entries
    costs nothing but this look. ``what`` names the kind of document in the message."""
    for path, low, high, words in bounds:
        for place, value in _at(doc, path.split("."), ""):
            if isinstance(value, (list, dict)):  # its length; too few is the reader's to say
                if high is not None and len(value) > high:
                    raise InputError(f"{source} [{place}]: {len(value):,} entries, more than "
                                     f"any {what} holds ({words}: at most {high:,}); nothing "
                                     "was read")
            elif is_whole(value) and ((low is not None and value < low)
                                      or (high is not None and value > high)):
                span = (f"{low:,}–{high:,}" if low is not None and high is not None
                        else f"at least {low:,}" if high is None else f"at most {high:,}")
                raise InputError(f"{source} [{place}]: {shown(value)} is out of range "
                                 f"({words}: {span}); nothing was read")


def _at(node: Any, keys: list[str], place: str):
    """(place, value) of each value ``keys`` reach from ``node`` (``a[]``: every entry of list
    ``a``; ``*``: every value of an object); places that are not there are skipped."""
    if not keys:
        yield place, node
        return
    key, rest = keys[0], keys[1:]
    every = key.endswith("[]")
    name = key[:-2] if every else key
    if name == "*":
        if isinstance(node, dict):
            for k, value in node.items():
                yield from _at(value, rest, f"{place}.{k}" if place else str(k))
        return
    if not isinstance(node, dict) or name not in node:
        return
    value, where = node[name], f"{place}.{name}" if place else name
    if not every:
        yield from _at(value, rest, where)
    elif isinstance(value, list):
        for i, entry in enumerate(value):
            yield from _at(entry, rest, f"{where}[{i}]")


def check_option_text(flag: str, value: str) -> None:
    """InputError (exit 2) for an option value holding a hostile character or too long."""
    problem = text_problem(value)
    if problem:
        raise InputError(f"{flag}: the value {problem}")


def read_json(path: str | Path) -> Any:
    """A JSON file (or ``-``), read and checked: see the module doc."""
    return parse_json(read_text(path), source_name(path))


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file, read and checked: see the module doc."""
    return parse_toml(read_text(path), source_name(path))
