"""Tanis: dig patterns for the layered dig box, the game engine and its bots."""

from generator.registry import Bound, DataRef, GameSpec, Option, ProductSpec

_M = "generator.games.tanis"
_DATA = f"{_M}.model:data"

SPEC = GameSpec(
    name="tanis",
    title="Tanis: dig patterns for the layered dig box",
    short="Tanis",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="dig",
            summary="Make a dig pattern: how to lay the 40 tiles into the lid (SVG, PDF, JSON).",
            generate=f"{_M}.generate:generate_dig",
            validate=f"{_M}.rules_dig:validate_dig",
            to_fields=f"{_M}.model:dig_to_fields",
            from_fields=f"{_M}.model:dig_from_fields",
            render=f"{_M}.render:render_dig",
            options=(
                Option("style", "classic: two alternating patterns of this tool's own (not the "
                       "rulebook's example patterns; 2 different digs); random: any of the 6,302 "
                       "valid stacks, uniformly.", "choice", default="random",
                       choices=DataRef(f"{_M}.generate:STYLES")),
            ),
            distinct=f"{_M}.generate:distinct_dig",
            languages=("en", "fr"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    documents=(("simulation", f"{_M}.simulate:validate_simulation"),
               ("record", f"{_M}.records:validate_record_document"),
               ("score", f"{_M}.rules_scoring:validate_score_output")),
    bounds=(
        ("dig", (Bound("layers", 0, DataRef(_DATA, "box.layers"), "layers in the box"),
                 Bound("layers[]", 0, DataRef(_DATA, "box.tiles_per_layer"),
                       "tiles in a layer"))),
        ("simulation", (Bound("players", 0, DataRef(_DATA, "play.players"), "players"),
                        Bound("seats", 0, DataRef(_DATA, "play.players"), "seats"))),
        ("score", (Bound("players", 0, DataRef(_DATA, "play.players"), "players"),)),
    ),
)
