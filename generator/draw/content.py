"""The content of a player aid, independent of card size: sections of blocks, in one language.

An :class:`Aid` is a title and sections; a section holds blocks — paragraphs, terms (a rule's name
and what it does), lists (numbered or not) and tables. Every block has a ``key`` (its catalogue key) so
that a block that cannot fit a card is reported by name. The layout keeps each block whole on
one card, a heading with what follows it, and splits only tables, between rows, repeating the
header row (:mod:`generator.aids.paginate`).

A sentence may point to a section with :func:`ref`; the layout replaces the marker with the card
that section lands on ("see card 3"), or the section's title when it is on the same card.
"""

from __future__ import annotations

import re
from typing import NamedTuple

REF_OPEN, REF_CLOSE = "\ue000", "\ue001"
REF = re.compile(f"{REF_OPEN}([^{REF_CLOSE}]+){REF_CLOSE}")


def ref(section_key: str) -> str:
    """A marker for 'the card holding this section', to pass as a catalogue value."""
    return f"{REF_OPEN}{section_key}{REF_CLOSE}"


class Para(NamedTuple):
    """A paragraph; ``keep`` keeps it on the card where the next block starts (an introduction)."""

    key: str
    text: str
    keep: bool = False


class Steps(NamedTuple):
    """A list: numbered steps, or bullets when ``ordered`` is False."""

    key: str
    items: tuple[str, ...]
    ordered: bool = True


class Term(NamedTuple):
    """A paragraph led by a term in bold: a rule's name, then what it does."""

    key: str
    term: str
    text: str


class Chips(NamedTuple):
    """A table cell holding small boxes, e.g. the ways to play a roll; each chip is a tuple of
    parts, and parts found in ``strong`` are set in bold."""

    chips: tuple[tuple[str, ...], ...]
    strong: frozenset[str] = frozenset()

    def text(self) -> str:
        return "  ".join(" · ".join(chip) for chip in self.chips)


Cell = str | Chips


class Table(NamedTuple):
    """A table; ``note`` is printed under every part of it when it spans cards."""

    key: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    compact: bool = False
    note: str = ""


Block = Para | Term | Steps | Table


class Section(NamedTuple):
    """A heading and its blocks; ``new_card`` starts it on a card of its own (a column of its own
    on a page with columns)."""

    key: str
    title: str
    blocks: tuple[Block, ...]
    new_card: bool = False


class Aid(NamedTuple):
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    name: str = ""  # the game as this edition calls it (footer, backs); "" the catalogue's


def block_texts(block: Block) -> list[str]:
    """The plain texts of a block (for checks and tests)."""
    if isinstance(block, Para):
        return [block.text]
    if isinstance(block, Steps):
        return list(block.items)
    if isinstance(block, Term):
        return [f"{block.term} {block.text}"]
    cells = [c.text() if isinstance(c, Chips) else c for row in block.rows for c in row]
    return list(block.header) + cells + ([block.note] if block.note else [])
