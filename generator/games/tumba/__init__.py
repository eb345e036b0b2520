"""Tutan Tumba: board setups, the rules engine, bots and the roll helper."""

from generator.registry import Bound, DataRef, GameSpec, Option, ProductSpec

_M = "generator.games.tumba"
_DATA = f"{_M}.model:data"
_PLAYERS = Bound("players", DataRef(_DATA, "components.min_players"),
                 DataRef(_DATA, "components.max_players"), "players")
_LINES = Bound("lines", 0, DataRef(_DATA, "geometry.lines"), "lines of the tomb")

SPEC = GameSpec(
    name="tumba",
    title="Tutan Tumba: standard and Pharaoh's Wrath board setups, roll helper",
    short="Tutan Tumba",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="setup",
            summary="Make a board setup sheet: a plan of the board, and the placing order (SVG, "
                    "PDF, JSON).",
            generate=f"{_M}.generate:generate_setup",
            validate=f"{_M}.rules_setup:validate_setup",
            to_fields=f"{_M}.model:setup_to_fields",
            from_fields=f"{_M}.model:setup_from_fields",
            render=f"{_M}.render:render_setup",
            options=(
                Option("mode", "standard: the fixed pyramid; advanced: a Pharaoh's Wrath setup "
                       "with its placing order.", "choice", default="standard",
                       choices=DataRef(f"{_M}.model:MODES")),
                Option("players", "Number of players; the advanced deal depends on it.", "int",
                       default=4, low=DataRef(_DATA, "components.min_players"),
                       high=DataRef(_DATA, "components.max_players")),
            ),
            languages=("en", "fr"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    documents=(("simulation", f"{_M}.simulate:validate_simulation"),
               ("record", f"{_M}.records:validate_record_document"),
               ("roll", f"{_M}.rules_roll:validate_roll_document"),
               ("board", f"{_M}.model_board:validate_board_document")),
    bounds=(
        ("setup", (_PLAYERS, _LINES,
                   # placing every chamber and passage, dealing to every player and the moves
                   # in between: far fewer than a step per chamber for every line
                   Bound("log", 0, (DataRef(_DATA, "geometry.lines"),
                                    DataRef(_DATA, "components.chambers")), "steps of a deal"))),
        ("board", (_PLAYERS, _LINES, Bound("player", 1, DataRef(_DATA, "components.max_players"),
                                           "the player to move"),
                   Bound("mummies", 0, DataRef(_DATA, "geometry.lines"), "lines of the tomb"))),
        ("simulation", (Bound("players", 0, DataRef(_DATA, "components.max_players"),
                              "players"),
                        Bound("seats", 0, DataRef(_DATA, "components.max_players"), "seats"))),
    ),
)
