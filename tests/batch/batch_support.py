"""Shared helpers for the batch tests: configs built from the products that exist."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.batch.config import Item
from generator.batch.units import Unit
from generator.registry import games
from generator.runs import Request


def has_product(game: str, kind: str) -> bool:
    return any(g.name == game and any(p.kind == kind for p in g.products) for g in games())


def example_config(light: bool = False) -> str:
    """The issue's example (realms sheets and advanced Tumba setups) with what has landed.

    Realms sheets are included once ``realms sheet`` is registered, the Tumba item once
    ``tumba setup`` is; Tanis digs stand in for whatever is missing. ``light``: 3 sheets whose
    maps are rated with 5 bot games instead of 6 sheets with the default rating (faster tests).
    Either way the first item has 3 or more sub-items, the second 3.
    """
    parts = []
    if has_product("realms", "sheet"):
        extra = "count = 3\nrating_games = 5\n" if light else "count = 6\n"
        parts.append('[[item]]\ngame = "realms"\nkind = "sheet"\nmap = "random"\n' + extra +
                     'seed = 41\n')
    else:
        parts.append('[[item]]\ngame = "tanis"\nkind = "dig"\nstyle = "random"\ncount = 3\n'
                     'seed = 41\n')
    if has_product("tumba", "setup"):
        parts.append('[[item]]\ngame = "tumba"\nkind = "setup"\nmode = "advanced"\nplayers = 5\n'
                     'count = 3\nseed = 9\n')
    else:
        parts.append('[[item]]\ngame = "tanis"\nkind = "dig"\nstyle = "classic"\ncount = 3\n'
                     'seed = 9\n')
    return "\n".join(parts)


def write(folder: Path, text: str, name: str = "batch.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def tree(folder: Path) -> dict[str, bytes]:
    """Every file of a folder (no hidden temporaries) by name."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.startswith(".")}


def outputs(folder: Path) -> dict[str, bytes]:
    """The item files only (not the manifest, which names the config path)."""
    return {k: v for k, v in tree(folder).items() if k != "manifest.json"}


TANIS = '[[item]]\ngame = "tanis"\nkind = "dig"\ncount = {count}\nseed = {seed}\n'


def changed(x: Unit | Item, **fields) -> Any:
    """A unit or an item with ``fields`` changed, its request's (game, seed, formats, ...) and
    its own (index, sub, games, ...) alike."""
    asked = {k: v for k, v in fields.items() if k in Request._fields}
    own = {k: v for k, v in fields.items() if k not in asked}
    return x._replace(**own, request=x.request._replace(**asked))


def an_item(index: int, line: int, game: str, kind: str, seed: int | None, count: int,
            paper: str, mono: bool, formats: tuple[str, ...], options: dict,
            games: tuple[str, ...] = (), seed_drawn: bool = False,
            key_lines: tuple = (), lang: str = "en", cmyk: bool = False) -> Item:
    """An :class:`Item` written out field by field, as the tests state what a config gives."""
    return Item(index, line, Request(game, kind, seed, count, paper, mono, formats, lang,
                                     options, cmyk=cmyk), games, seed_drawn, key_lines)
