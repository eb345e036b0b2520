"""User-facing errors and their exit codes.

Exit codes are part of the public contract: 0 done/valid, 1 a rule is broken (the input is
well-formed), 2 the input or an option is unusable. Library code raises these; the CLI turns them
into a short message on stderr and the exit code, never a traceback.
"""

from __future__ import annotations

import functools
import re
from typing import Any

EXIT_OK = 0
EXIT_RULE = 1
EXIT_USAGE = 2


class TombgenError(Exception):
    """Base class for every error meant for a user; ``exit_code`` is what the CLI exits with."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InputError(TombgenError):
    """Unusable input: unreadable file, bad syntax, unknown key or option value (exit 2)."""

    exit_code = EXIT_USAGE


class RuleError(TombgenError):
    """Well-formed input that breaks a rule (exit 1). Carries the validation report if any."""

    exit_code = EXIT_RULE

    def __init__(self, message: str, report=None):
        super().__init__(message)
        self.report = report


class BuildError(TombgenError):
    """Something cannot be built as asked (e.g. text that does not fit its box) (exit 1)."""

    exit_code = EXIT_RULE


def where(path, line: int | None = None, column: int | None = None, key: str | None = None) -> str:
    """Formats a place in a file as ``file:line:col`` or ``file [key]`` for messages."""
    text = str(path)
    if line is not None:
        text += f":{line}"
        if column is not None:
            text += f":{column}"
    if key:
        text += f" [{key}]"
    return text


@functools.cache
def hostile() -> re.Pattern[str]:
    """Characters no text of a document may hold: C0 controls but tab, LF and CR; DEL and the
    C1 controls; lone surrogates; the bidirectional embeddings, overrides and isolates (they
    make a text read differently from what it holds); U+FFFE and U+FFFF (not characters).
    Compiled when first needed: the command line's start-up never needs it."""
    return re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
                      "\u202a-\u202e\u2066-\u2069\ufffe\uffff]")


def printable(text: str, limit: int | None = 4000) -> str:
    """``text`` safe to print or store anywhere (a terminal, PDF metadata): hostile characters
    as ``\\xNN``/``\\uNNNN`` escapes (line breaks and tabs kept), and at most ``limit``
    characters (None: all)."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit:,} more characters)"
    return hostile().sub(lambda m: m.group().encode("unicode_escape",
                                                     "backslashreplace").decode("ascii"), text)


#: Texts that would read as another JSON value when shown bare.
_LITERAL = r"-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null"


def shown(value: Any, limit: int = 80, literals: bool = True) -> str:
    """A value as messages show it: text as typed (hostile characters escaped; in double
    quotes when it is empty, holds spaces, quotes or commas, or would read as a number, true,
    false or null, unless ``literals`` is False: text typed on a command line), anything else
    as JSON; cut at ``limit`` characters. Never a Python repr."""
    # json is imported here: the command line's start-up never needs it
    import json

    if isinstance(value, str):
        text = value
        if not text or re.search(r"[\s\"',;]", text) or (literals and re.fullmatch(_LITERAL, text)):
            text = json.dumps(text, ensure_ascii=False)  # "3": a text, not the number 3
    elif value is None:
        text = "null"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = str(value)
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text) - limit:,} more characters)"
    return printable(text, None)
