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
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.limits import input_limit

STDIN = "-"

#: Characters no text of a document may hold: C0 controls but tab, LF and CR; DEL and the C1
#: controls; lone surrogates; the bidirectional embeddings, overrides and isolates (they make a
#: text read differently from what it holds); U+FFFE and U+FFFF (not characters).
_HOSTILE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
                      "\u202a-\u202e\u2066-\u2069\ufffe\uffff]")


def is_whole(value: Any) -> bool:
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
    return data if isinstance(data, str) else _decode(data, "<stdin>")


def _too_big(source: str, limit: int) -> str:
    return (f"{source}: larger than {limit:,} bytes, the most tombgen reads (seeds/limits.toml "
            "[input] bytes); no tombgen document is that large")


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{source}: not UTF-8 text (byte {exc.start + 1}); save it as UTF-8") \
            from None


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
        value = json.loads(text, parse_constant=_no_constant, parse_float=_float)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(_too_deep(source)) from None
    except ValueError as exc:  # NaN, Infinity, a huge number, an integer of 4300+ digits
        why = "a number with thousands of digits" if "digits" in str(exc) else str(exc)
        raise InputError(f"{source}: invalid JSON: {why}") from None
    check_tree(value, source)
    return value


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
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        node, where, depth = stack.pop()
        if isinstance(node, str):
            _check_text(node, source, where, length)
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= depth_limit:
            raise InputError(_too_deep(source))
        if isinstance(node, dict):
            for key, item in node.items():
                place = f"{where}.{key}" if where else str(key)
                _check_text(str(key), source, where or "top level", length, key=True)
                stack.append((item, place, depth + 1))
        else:
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(node))


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
    found = _HOSTILE.search(text)
    if found:
        code = ord(found.group())
        kind = ("a lone surrogate" if 0xD800 <= code <= 0xDFFF else
                "a bidirectional control" if 0x202A <= code <= 0x2069 else
                "a non-character" if code >= 0xFFFE else "a control character")
        return f"holds {kind} (U+{code:04X}) at character {found.start() + 1}; remove it"
    return None


def check_option_text(flag: str, value: str) -> None:
    """InputError (exit 2) for an option value holding a hostile character or too long."""
    problem = text_problem(value)
    if problem:
        raise InputError(f"{flag}: the value {problem}")


def printable(text: str, limit: int | None = 4000) -> str:
    """``text`` safe to print or store anywhere (a terminal, PDF metadata): hostile characters
    as ``\\xNN``/``\\uNNNN`` escapes (line breaks and tabs kept), and at most ``limit``
    characters (None: all)."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit:,} more characters)"
    return _HOSTILE.sub(lambda m: m.group().encode("unicode_escape",
                                                   "backslashreplace").decode("ascii"), text)


def read_json(path: str | Path) -> Any:
    """A JSON file (or ``-``), read and checked: see the module doc."""
    return parse_json(read_text(path), source_name(path))


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file, read and checked: see the module doc."""
    return parse_toml(read_text(path), source_name(path))
