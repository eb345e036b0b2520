"""Tanis: dig patterns for the layered dig box, the game engine and its bots."""

from generator.registry import GameSpec, ProductSpec

_M = "generator.games.tanis"

SPEC = GameSpec(
    name="tanis",
    title="Tanis: dig patterns for the layered dig box",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="dig",
            summary="four layers of ten tiles, laid into the lid and flipped",
            generate=f"{_M}.generate:generate_dig",
            validate=f"{_M}.rules:validate_dig",
            to_fields=f"{_M}.model:dig_to_fields",
            from_fields=f"{_M}.model:dig_from_fields",
            render=f"{_M}.render:render_dig",
            options=("style",),
            distinct=f"{_M}.generate:distinct_dig",
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
)
