"""The null game: the template a new game is copied from (docs/adding-a-game.md).

A counting game, as small as a game can be and still have every role: a row of counters; two
players take turns taking 1 to ``[play] take`` of them (seeds/null.toml); whoever takes the
last counter wins. It is listed in ``TEMPLATE_PACKAGES``, not ``GAME_PACKAGES``
(:mod:`generator.registry`), so no player sees it: no command, batch item, web form or docs
list names it; the tests build and play it as they do a game.
"""

from generator.registry import Bound, DataRef, GameSpec, Option, ProductSpec

_M = "generator.games.null"
_DATA = f"{_M}.model:data"

SPEC = GameSpec(
    name="null",
    title="The null game: the template of a game package",
    short="Null game",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="row",
            summary="Make a row sheet: the counters to cross out and a name line for each "
                    "player (SVG, PDF, JSON).",
            generate=f"{_M}.generate:generate_row",
            validate=f"{_M}.rules:validate_row",
            to_fields=f"{_M}.model:row_to_fields",
            from_fields=f"{_M}.model:row_from_fields",
            render=f"{_M}.render:render_row",
            options=(
                Option("counters", "Counters in the row, {fewest} to {most}. Default: drawn "
                       "from the seed.", "int", low=DataRef(_DATA, "row.fewest"),
                       high=DataRef(_DATA, "row.most"), metavar="N",
                       help_values=(("fewest", DataRef(_DATA, "row.fewest")),
                                    ("most", DataRef(_DATA, "row.most")))),
            ),
            languages=("en", "fr"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    documents=(("simulation", f"{_M}.simulate:validate_simulation"),
               ("record", f"{_M}.records:validate_record_document")),
    bounds=(
        ("simulation", (Bound("players", 0, DataRef(_DATA, "play.players"), "players"),
                        Bound("seats", 0, DataRef(_DATA, "play.players"), "seats"))),
    ),
)
