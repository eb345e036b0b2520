"""User-facing errors and their exit codes.

Exit codes are part of the public contract: 0 done/valid, 1 a rule is broken (the input is
well-formed), 2 the input or an option is unusable. Library code raises these; the CLI turns them
into a short message on stderr and the exit code, never a traceback.
"""

from __future__ import annotations

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
