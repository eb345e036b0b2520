"""The content of a player aid, independent of size and language.

An :class:`Aid` is a title and sections; a section holds blocks — paragraphs, tables, ordered
steps, pictogram rows. Every block has a ``key`` (its catalogue key or a name) so that a block
that does not fit its card is reported by name.
"""

from __future__ import annotations

from typing import NamedTuple, Union


class Para(NamedTuple):
    key: str
    text: str


class Steps(NamedTuple):
    key: str
    items: tuple[str, ...]


class Table(NamedTuple):
    key: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    compact: bool = False


class Picto(NamedTuple):
    """Inline SVG pictograms with captions, drawn by the drawing layer."""

    key: str
    items: tuple[tuple[str, str], ...]   # (svg markup, caption)


Block = Union[Para, Steps, Table, Picto]


class Section(NamedTuple):
    key: str
    title: str
    blocks: tuple[Block, ...]


class Aid(NamedTuple):
    game: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
