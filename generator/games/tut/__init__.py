"""Tutankhamen: the rules engine (English and French rules), bots and trail layouts."""

from generator.registry import GameSpec, ProductSpec

_M = "generator.games.tut"

SPEC = GameSpec(
    name="tut",
    title="Tutankhamen: random trail layouts and a scoring referee",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="trail",
            summary="a seeded trail of the 69 tiles laid out on the table, ending at the pyramid",
            generate=f"{_M}.generate:generate_trail",
            validate=f"{_M}.rules_trail:validate_trail",
            to_fields=f"{_M}.model:trail_to_fields",
            describe=f"{_M}.model:describe_trail",
            from_fields=f"{_M}.model:trail_from_fields",
            render=f"{_M}.render:render_trail",
            options=("players", "variant", "shape", "table", "spread", "no_specials_before",
                     "simulate"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
)
