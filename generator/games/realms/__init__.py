"""Hidden Realms: The Mummy's Tomb — maps, the rules engine, bots and game sheets."""

from generator.registry import GameSpec

_M = "generator.games.realms"

SPEC = GameSpec(
    name="realms",
    title="Hidden Realms: The Mummy's Tomb — game sheets and dungeon maps",
    cli=f"{_M}.cli:group",
    products=(),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    readers=((".toml", f"{_M}.rules_map:validate_map_file"),),
    documents=(("map", f"{_M}.rules_map:validate_map_document"),
               ("record", f"{_M}.records:validate_record_document")),
)
