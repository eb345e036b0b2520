"""Tutankhamen: the rules engine (English and French rules), bots and trail layouts."""

from generator.registry import Bound, DataRef, Follows, GameSpec, Option, ProductSpec

_M = "generator.games.tut"
_DATA = f"{_M}.model:data"

SPEC = GameSpec(
    name="tut",
    title="Tutankhamen: random trail layouts and a scoring referee",
    short="Tutankhamen",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="trail",
            summary="Make a trail layout: the 69 tiles on the table, to copy (SVG, PDF, JSON).",
            generate=f"{_M}.generate:generate_trail",
            validate=f"{_M}.rules_trail:validate_trail",
            to_fields=f"{_M}.model:trail_to_fields",
            describe=f"{_M}.balance:describe_trail",
            from_fields=f"{_M}.model:trail_from_fields",
            render=f"{_M}.render:render_trail",
            options=(
                Option("players", "Number of players.", "int", default=4,
                       low=DataRef(_DATA, "trail.min_players"),
                       high=DataRef(_DATA, "trail.max_players")),
                Option("variant", "Rules: en (Tutankhamen) or fr (Tutanchamun).", "choice",
                       default="en", choices=DataRef(f"{_M}.model:VARIANTS")),
                Option("shape", "How the trail winds across the table.", "choice",
                       default="serpentine", choices=DataRef(_DATA, "trail.shapes")),
                Option("table", "Table size in tile cells. Default: the table of seeds/tut.toml "
                       "(16x10).", metavar="WxH"),
                Option("spread", "No two tiles of one set side by side.", "flag", default=False),
                Option("no_specials_before", "No Bag of Gold or Pharaoh among the first K tiles.",
                       "int", default=0, low=0, metavar="K"),
                Option("rating_games", "Bot games (greedy) played on each trail; its seat "
                       "balance goes into the JSON and onto the sheet. 0 = none.", "int",
                       default=0, low=0, metavar="G", limit="rating_games"),
            ),
            check=f"{_M}.cli:check_trail",
            languages=("en", "fr"),
            # the sheet speaks the language of its rules unless --lang says otherwise (the
            # variants' codes are the languages of their rule texts)
            shared_defaults=(("lang", Follows("variant", "en")),),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    aid_variants=("en", "fr"),
    documents=(("simulation", f"{_M}.simulate:validate_simulation"),
               ("record", f"{_M}.records:validate_record_document"),
               ("score-set", f"{_M}.rules_scoring:validate_score_set_document")),
    bounds=(
        ("trail", (Bound("players", DataRef(_DATA, "trail.min_players"),
                         DataRef(_DATA, "trail.max_players"), "players at the table"),
                   Bound("table[]", 1, DataRef(_DATA, "trail.max_side"), "cells a table side"),
                   Bound("tiles", 0, DataRef(_DATA, "trail.length"), "tiles on the trail"),
                   Bound("path", 0, DataRef(_DATA, "trail.length"), "cells of the trail"))),
        ("simulation", (Bound("players", 0, DataRef(_DATA, "trail.max_players"), "players"),
                        Bound("seats", 0, DataRef(_DATA, "trail.max_players"), "seats"))),
        ("score-set", (Bound("payments", 0, DataRef(_DATA, "trail.max_players"),
                             "players who pay"),)),
    ),
)
