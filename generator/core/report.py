"""Validation reports: every violation found, not only the first.

A validator returns a :class:`Report`; it never raises for a broken item. Each
:class:`Violation` has a stable ``code`` (lower-case words joined by '-', used by tests and
JSON), a human ``message`` and ``where`` (a cell, a layer, a line of a file…).
"""

from __future__ import annotations

import json
from typing import NamedTuple


class Violation(NamedTuple):
    """One broken rule: ``code`` (stable), ``message`` (for people), ``where`` (place in the item)."""

    code: str
    message: str
    where: str = ""

    def text(self) -> str:
        return f"{self.where}: {self.message} [{self.code}]" if self.where else f"{self.message} [{self.code}]"


class Report:
    """The result of validating one item: ``subject`` names it, ``violations`` lists problems."""

    def __init__(self, subject: str, violations: list[Violation] | None = None):
        self.subject = subject
        self.violations: list[Violation] = list(violations or [])

    def __repr__(self) -> str:
        return f"Report({self.subject!r}, {self.violations!r})"

    def add(self, code: str, message: str, where: str = "") -> None:
        self.violations.append(Violation(code, message, where))

    def extend(self, other: Report) -> None:
        self.violations.extend(other.violations)

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def text(self) -> str:
        """Plain-text rendering: a verdict line, then one line per violation."""
        if self.ok:
            return f"{self.subject}: valid"
        lines = [f"{self.subject}: {len(self.violations)} problem(s)"]
        lines += [f"  - {v.text()}" for v in self.violations]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "subject": self.subject,
            "valid": self.ok,
            "violations": [{"code": v.code, "message": v.message, "where": v.where}
                           for v in self.violations],
        }

    def json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)
