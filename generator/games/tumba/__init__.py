"""Tutan Tumba: board setups, the rules engine, bots and the roll helper."""

from generator.registry import GameSpec, ProductSpec

_M = "generator.games.tumba"

SPEC = GameSpec(
    name="tumba",
    title="Tutan Tumba: standard and Pharaoh's Wrath board setups, roll helper",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="setup",
            summary="the burial chambers and passages beside the tomb, standard or advanced",
            generate=f"{_M}.generate:generate_setup",
            validate=f"{_M}.rules_setup:validate_setup",
            to_fields=f"{_M}.model:setup_to_fields",
            from_fields=f"{_M}.model:setup_from_fields",
            render=f"{_M}.render:render_setup",
            options=("mode", "players"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    documents=(("record", f"{_M}.records:validate_record_document"),),
)
