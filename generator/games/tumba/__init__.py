"""Tutan Tumba: board setups, the rules engine, bots and the roll helper."""

from generator.registry import GameSpec

_M = "generator.games.tumba"

SPEC = GameSpec(
    name="tumba",
    title="Tutan Tumba: standard and Pharaoh's Wrath board setups, roll helper",
    cli=f"{_M}.cli:group",
    products=(),
)
