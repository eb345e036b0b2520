"""What the page builds its forms from: every product and player aid with its options, each
option as its declaration describes itself (:meth:`generator.registry.Option.describe`), so a
form offers exactly what the command line does (names, kinds, choices, ranges, defaults, help,
what an option requires) and nothing is written twice. The Hidden Realms editor's vocabulary
(finding kinds, room contents, door sides, sizes) comes from the game's data the same way.
"""

from __future__ import annotations

from typing import Any

from generator.registry import SHARED_OPTIONS, games
from generator.studio.params import NOT_OVER_HTTP, allowed_names
from generator.studio.settings import limits

SHARED = {o.name for o in SHARED_OPTIONS}


def form_shared(options) -> tuple:
    """The shared options a form shows (``--format`` is the download asked for, ``--seed`` has
    a field of its own with "new seed")."""
    return tuple(o for o in options if o.name not in NOT_OVER_HTTP and o.name != "seed")


def _described(option, game: str | None = None, kind: str | None = None) -> dict[str, Any]:
    out = option.describe()
    if out["paths"] and game and kind:
        out["names"] = allowed_names(game, kind, option.name)
    if option.name == "count":
        out["high"] = limits()["count"]
    return out


def catalogue() -> dict[str, Any]:
    """Every game with its products (options, languages, files) and its player aid."""
    from generator.aids.cli import AID_OPTIONS

    out = []
    for spec in games():
        products = []
        for product in spec.products:
            options = [_described(o, spec.name, product.kind) for o in product.options]
            products.append({
                "kind": product.kind, "summary": product.summary,
                "languages": list(product.languages),
                "files": ["svg", "pdf", "json"],
                "options": options,
                "shared": [_described(o) for o in form_shared(product.shared_options())]})
        aid = None
        if spec.aid:
            aid = {"kind": "aid", "summary": "Player-aid cards: reference tables computed from "
                   "the rules, as PDF (previewed page by page).", "files": ["pdf"],
                   "options": [_described(o) for o in AID_OPTIONS if o.name not in SHARED],
                   "shared": [_described(o) for o in AID_OPTIONS if o.name in SHARED]}
        out.append({"name": spec.name, "title": spec.title, "short": spec.short or spec.name,
                    "products": products, "aid": aid})
    return {"games": out, "limits": dict(limits())}


def realms_vocabulary() -> dict[str, Any]:
    """What the map editor offers: the map files' vocabulary
    (:func:`generator.games.realms.mapfile.vocabulary`) and the page's rating games."""
    from generator.games.realms.mapfile import vocabulary
    from generator.studio.settings import rating_games

    return {**vocabulary(), "rating": rating_games()}
