"""Tutankhamen: the rules engine (English and French rules), bots and trail layouts."""

from generator.registry import GameSpec

_M = "generator.games.tut"

SPEC = GameSpec(
    name="tut",
    title="Tutankhamen: random trail layouts and a scoring referee",
    cli=f"{_M}.cli:group",
    products=(),
)
