"""Finding and loading the data folders (seeds/, maps/, templates/), strictly.

Resources are looked up in the checkout first (the folders next to ``generator/``), then inside
the installed wheel (``generator/_data/``). TOML data is checked against a schema: a missing or
unknown key is an :class:`InputError` naming the file and the key path. Loaded data is frozen
(mappings become read-only, lists become tuples) and cached, so it is read once per process.

Schema language (plain Python values):
  ``int``/``str``/``float``/``bool``/``list``/``dict``  the value's type (float accepts int);
  ``{"key": schema, ...}``  a table with exactly these keys (``Optional(schema)`` may be absent);
  ``[schema]``  a list whose items all match ``schema``;
  ``MapOf(schema)``  a table with free keys, each value matching ``schema``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from generator.core.errors import InputError, shown

PACKAGE_DIR = Path(__file__).resolve().parent.parent
DATA_DIRS = ("seeds", "maps", "templates")


class Optional:
    """Marks a table key that may be absent."""

    def __init__(self, schema: Any):
        self.schema = schema


class MapOf:
    """A table with free keys whose values all match ``schema``."""

    def __init__(self, schema: Any):
        self.schema = schema


def resource_root(kind: str) -> Path:
    """The folder of one data kind ('seeds', 'maps', 'templates'): checkout first, then wheel."""
    if kind not in DATA_DIRS:
        raise ValueError(f"unknown data folder {kind!r}")
    checkout = PACKAGE_DIR.parent / kind
    if checkout.is_dir():
        return checkout
    installed = PACKAGE_DIR / "_data" / kind
    if installed.is_dir():
        return installed
    raise InputError(f"tombgen data folder '{kind}/' not found next to {PACKAGE_DIR} "
                     "or inside the installed package; reinstall tombgen")


def resource(kind: str, name: str) -> Path:
    """Path of ``name`` inside a data folder, e.g. ``resource('seeds', 'tanis.toml')``."""
    return resource_root(kind) / name


def read_toml(path: Path) -> dict:
    """Parses a TOML file; unreadable files and syntax errors become :class:`InputError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: invalid TOML: {exc}") from None


def check(value: Any, schema: Any, path: Path | str, key: str = "") -> None:
    """Checks ``value`` against ``schema``; raises :class:`InputError` naming file and key."""
    place = f"{path} [{key or 'top level'}]"
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            raise InputError(f"{place}: expected a table")
        for name in value:
            if name not in schema:
                allowed = ", ".join(sorted(schema))
                raise InputError(f"{path} [{_join(key, name)}]: unknown key; allowed here: {allowed}")
        for name, sub in schema.items():
            if name not in value:
                if isinstance(sub, Optional):
                    continue
                raise InputError(f"{path} [{_join(key, name)}]: missing key")
            check(value[name], sub.schema if isinstance(sub, Optional) else sub, path,
                  _join(key, name))
    elif isinstance(schema, list):
        if not isinstance(value, list):
            raise InputError(f"{place}: expected a list")
        for i, item in enumerate(value):
            check(item, schema[0], path, f"{key}[{i}]")
    elif isinstance(schema, MapOf):
        if not isinstance(value, dict):
            raise InputError(f"{place}: expected a table")
        for name, item in value.items():
            check(item, schema.schema, path, _join(key, name))
    elif isinstance(schema, Optional):
        check(value, schema.schema, path, key)
    elif schema is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InputError(f"{place}: expected a number, got {shown(value)}")
    elif isinstance(schema, type):
        if (isinstance(value, bool) and schema is not bool) or not isinstance(value, schema):
            raise InputError(f"{place}: expected {schema.__name__}, got {shown(value)}")
    else:  # pragma: no cover - programming error in a schema
        raise TypeError(f"bad schema {schema!r}")


def _join(key: str, name: Any) -> str:
    return f"{key}.{name}" if key else str(name)


def freeze(value: Any) -> Any:
    """Deep read-only copy: dicts → MappingProxyType, lists → tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def load_toml(path: Path | str, schema: Any) -> Any:
    """Reads, checks and freezes a TOML file at ``path``."""
    data = read_toml(Path(path))
    check(data, schema, path)
    return freeze(data)


_SEED_CACHE: dict[str, Any] = {}


def load_seed(name: str, schema: Any) -> Any:
    """Loads ``seeds/<name>`` once per process, checked against ``schema`` and frozen."""
    if name not in _SEED_CACHE:
        _SEED_CACHE[name] = load_toml(resource("seeds", name), schema)
    return _SEED_CACHE[name]
