"""The studio's limits, from ``seeds/studio.toml`` (checked and frozen when first read)."""

from __future__ import annotations

from typing import Any

from generator.core.data import load_seed

SCHEMA = {
    "limits": {"body_bytes": int, "query_bytes": int, "value_chars": int, "count": int,
               "rating_games": int, "time_limit": float, "workers": int, "queue": int,
               "retry_seconds": float},
    "cache": {"items": int, "bytes": int, "jobs": int},
    "preview": {"aid_dpi": int, "pdf_with_item_seconds": float},
}


def settings() -> Any:
    """``seeds/studio.toml``."""
    return load_seed("studio.toml", SCHEMA)


def limits() -> Any:
    """The ``[limits]`` table: what one request may ask for."""
    return settings()["limits"]


def rating_games() -> dict[str, int]:
    """The rating's games, from their one source: ``command`` the default of ``tombgen realms
    rate --games`` (seeds/realms.toml [rating] rate_games), ``most`` the page's bound,
    ``games`` the page's default (the smaller)."""
    from generator.games.realms.cli import rate as command

    declared: Any = next(p for p in command.params if p.name == "games").default
    default = int(declared() if callable(declared) else declared)
    most = int(limits()["rating_games"])
    return {"games": min(default, most), "most": most, "command": default}
