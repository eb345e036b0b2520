"""Hidden Realms: The Mummy's Tomb — maps, the rules engine, bots and game sheets."""

from generator.registry import Bound, DataRef, GameSpec, Option, ProductSpec

_M = "generator.games.realms"
_DATA = f"{_M}.model:data"
_RANDOM = (("map", ("random",)),)
_SIDE = DataRef(_DATA, "map.max_size")
_GAMES = DataRef("generator.core.limits:limits", "run.games")


def _map_bounds(at: str = "") -> tuple[Bound, ...]:
    """A map's lists: no more entries than the largest map has squares (entrances: sides of
    border squares)."""
    return (Bound(f"{at}entrances", 0, (4, _SIDE), "entrances: sides of border squares"),
            Bound(f"{at}stone", 0, (_SIDE, _SIDE), "squares of the largest map"),
            Bound(f"{at}rooms", 0, (_SIDE, _SIDE), "squares of the largest map"),
            Bound(f"{at}findings", 0, (_SIDE, _SIDE), "squares of the largest map"))


_RATING_BOUNDS = (Bound("games", 1, _GAMES, "games a rating plays"),
                  Bound("max_games", 1, _GAMES, "games a rating plays"))
_RATING = "Bot games that rate each {what} (par = their median score); 0 = not rated."

SPEC = GameSpec(
    name="realms",
    title="Hidden Realms: The Mummy's Tomb — game sheets and dungeon maps",
    short="Hidden Realms",
    cli=f"{_M}.cli:group",
    products=(
        ProductSpec(
            kind="sheet",
            summary="Make the printable game sheet: map, rounds, tiles, monsters, backpack, "
                    "scoring.",
            generate=f"{_M}.products:generate_sheet",
            distinct=f"{_M}.products:distinct_sheet",
            validate=f"{_M}.products:validate_sheet",
            to_fields=f"{_M}.products:sheet_fields",
            from_fields=f"{_M}.products:sheet_from_fields",
            render=f"{_M}.products:render_sheet",
            options=(
                Option("map", "A shipped map (map-1 ... map-4), a map file (.toml or .json), or "
                       "random for a newly generated map per sheet; one per player, "
                       "comma-separated, for the beginner handicap (--players 2 --map "
                       "map-3,map-1).", default="map-1",
                       metavar="NAME|FILE|random", paths=True),
                Option("difficulty", "random: make maps rated this difficulty; a named map or "
                       "file: check its rating says so.", "choice",
                       choices=DataRef(f"{_M}.model:LEVELS")),
                Option("players", "Copies of each sheet, one per player (each with a name line).",
                       "int", default=1, low=1, high=DataRef(_DATA, "sheet.max_players")),
                Option("rating_games", _RATING.format(what="generated map") + " Default: at "
                       "most {quick} games a map, and another map laid out while the games show "
                       "one between two levels; {backed} with --difficulty, so that the label "
                       "asked for is backed.", "int", low=0, metavar="G",
                       requires=_RANDOM, limit="rating_games",
                       help_values=(("quick", DataRef(_DATA, "generate.sheet_games")),
                                    ("backed", DataRef(_DATA, "generate.difficulty_games")))),
                Option("size", "The generated map's size, 12 to 16 a side (default: random).",
                       metavar="N|WxH", requires=_RANDOM),
                Option("start", "Easy-mode starts: easy circles 3 coins, kids 5 coins and a "
                       "key.", "choice", default="normal",
                       choices=DataRef(_DATA, "start")),
            ),
            check=f"{_M}.cli:check_sheet",
            executor=f"{_M}.rating:rating_executor",
            watch=f"{_M}.rating:report_progress",
            languages=("en", "fr"),
        ),
        ProductSpec(
            kind="map",
            summary="Generate maps: validated, rated by bot play; writes the map file (.toml, "
                    "always), a preview sheet (SVG, PDF) and a JSON report.",
            generate=f"{_M}.products:generate_map_item",
            distinct=f"{_M}.products:distinct_map_item",
            validate=f"{_M}.products:validate_map_item",
            to_fields=f"{_M}.products:map_item_fields",
            describe=f"{_M}.products:describe_map",
            from_fields=f"{_M}.products:map_item_from_fields",
            render=f"{_M}.products:render_map_item",
            options=(
                Option("size", "Map size: N (square) or WxH, 12 to 16 a side. Default: random.",
                       metavar="N|WxH"),
                Option("difficulty", "Steer the generator, then keep only a map rated this "
                       "difficulty.", "choice", choices=DataRef(f"{_M}.model:LEVELS")),
                Option("rating_games", _RATING.format(what="map"), "int",
                       default=DataRef(_DATA, "rating.games"), low=0, metavar="G",
                       limit="rating_games"),
            ),
            executor=f"{_M}.rating:rating_executor",
            watch=f"{_M}.rating:report_progress",
            extra_files=f"{_M}.products:map_item_files",
            languages=("en", "fr"),
        ),
    ),
    engine=f"{_M}.rules:new_state",
    aid=f"{_M}.aid:build_aid",
    readers=((".toml", f"{_M}.mapfile:validate_map_file"),),
    documents=(("record", f"{_M}.records:validate_record_document"),
               ("simulation", f"{_M}.simulate:validate_simulation"),
               ("score", f"{_M}.rules.scoring:validate_score_document"),
               ("rating", f"{_M}.rating:validate_rating_document")),
    bounds=(
        ("map", (*_map_bounds(), *(Bound(f"rating.{b.path}", b.low, b.high, b.what)
                                   for b in _RATING_BOUNDS))),
        ("sheet", (Bound("players", 1, DataRef(_DATA, "sheet.max_players"), "players"),
                   *_map_bounds("map."),
                   Bound("maps", 0, DataRef(_DATA, "sheet.max_players"), "a map per player"),
                   *_map_bounds("maps[].map."))),
        ("rating", _RATING_BOUNDS),
        ("simulation", (Bound("players", 0, DataRef(_DATA, "sheet.max_players"), "players"),
                        Bound("seats", 0, DataRef(_DATA, "sheet.max_players"), "seats"),
                        Bound("seats[].scores", 0, _GAMES, "a score per game"))),
    ),
)
