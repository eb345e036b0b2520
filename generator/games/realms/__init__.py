"""Hidden Realms: The Mummy's Tomb — maps, the rules engine, bots and game sheets."""

from generator.registry import GameSpec, ProductSpec

_M = "generator.games.realms"

SPEC = GameSpec(
    name="realms",
    title="Hidden Realms: The Mummy's Tomb — game sheets and dungeon maps",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="sheet",
            summary="the one-page game sheet (areas A-F) of a shipped, file or generated map",
            generate=f"{_M}.products:generate_sheet",
            validate=f"{_M}.products:validate_sheet",
            to_fields=f"{_M}.products:sheet_fields",
            from_fields=f"{_M}.products:sheet_from_fields",
            render=f"{_M}.products:render_sheet",
            options=("map", "difficulty", "players", "games", "size"),
        ),
        ProductSpec(
            kind="map",
            summary="a generated map, validated and rated by simulated bot games",
            generate=f"{_M}.products:generate_map_item",
            validate=f"{_M}.products:validate_map_item",
            to_fields=f"{_M}.products:map_item_fields",
            describe=f"{_M}.products:describe_map",
            from_fields=f"{_M}.products:map_item_from_fields",
            render=f"{_M}.products:render_map_item",
            options=("size", "difficulty", "games"),
            extra_files=f"{_M}.products:map_item_files",
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    readers=((".toml", f"{_M}.rules_map:validate_map_file"),),
    documents=(("record", f"{_M}.records:validate_record_document"),
               ("rating", f"{_M}.rating:validate_rating_document")),
)
