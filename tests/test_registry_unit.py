"""generator/registry.py called in process: data references, defaults that follow another
option, an option's description (what a form is built from), the lookups of games, products
and document formats. Expected values are read off seeds/*.toml and the games' declarations by
hand, never recomputed with the registry's own code."""

from __future__ import annotations

import pytest

import generator.registry as registry
from generator.registry import (
    DataRef,
    Follows,
    Option,
    follow,
    game,
    games,
    product_for_format,
    resolve,
)

TUT = "generator.games.tut.model:data"
REALMS = "generator.games.realms.model:data"


# ---- resolve, DataRef ----------------------------------------------------------------------------

def test_resolve_imports_module_and_attribute():
    assert resolve("generator.registry:games") is games
    assert resolve("generator.core.limits:MORE")["games"] == \
        "for more games, run the simulation again with other --seed values"


def test_a_data_reference_reads_a_number_a_list_and_a_table():
    assert DataRef(TUT, "trail.max_players").get() == 6              # seeds/tut.toml
    assert DataRef(TUT, "trail.min_players").get() == 2
    assert DataRef(TUT, "trail.shapes").get() == ("serpentine", "spiral", "meander")
    assert DataRef(REALMS, "start").get() == ("normal", "easy", "kids")   # a table: its keys
    assert DataRef(REALMS, "start.kids").get() == ("coins", "keys")
    assert DataRef(REALMS, "start.kids.coins").get() == 5


def test_a_data_reference_to_a_value_that_is_not_a_function():
    assert DataRef("generator.core.i18n:LANGUAGES").get() == ("en", "fr")
    assert DataRef("generator.core.limits:MORE", "max_turns").get() == \
        "a game this long is stuck; report it with its seed"


# ---- follow, Follows -----------------------------------------------------------------------------

def test_follows_says_which_option_it_follows():
    assert Follows("variant", "en").words == "as --variant"
    assert Follows("no_specials_before").words == "as --no-specials-before"
    assert Follows("variant").fallback is None


def test_follow_takes_the_other_options_value_when_it_is_a_choice():
    lang = Follows("variant", "en")
    assert follow(lang, {"variant": "fr"}, ("en", "fr")) == "fr"
    assert follow(lang, {"variant": "de"}, ("en", "fr")) == "en"     # not a choice: fallback
    assert follow(lang, {"variant": "de"}) == "de"                   # no choices: any value
    assert follow(lang, {"variant": None}) == "en"                   # not given: fallback
    assert follow(lang, {}) == "en"
    assert follow(Follows("variant"), {"variant": "de"}, ("en",)) is None


def test_follow_gives_any_other_default_as_it_is():
    assert follow("a4", {"paper": "letter"}, ("a4", "letter")) == "a4"
    assert follow(None, {"x": 1}) is None


# ---- Option --------------------------------------------------------------------------------------

def test_an_option_flag_has_dashes_for_underscores():
    assert Option("no_specials_before", "K").flag == "--no-specials-before"
    assert Option("seed", "S").flag == "--seed"


def test_resolved_reads_every_data_reference():
    option = Option("players", "P", "int", default=DataRef(TUT, "trail.min_players"),
                    choices=DataRef(TUT, "trail.shapes"), low=DataRef(TUT, "trail.min_players"),
                    high=DataRef(TUT, "trail.max_players"))
    o = option.resolved()
    assert (o.default, o.choices, o.low, o.high) == (2, ("serpentine", "spiral", "meander"), 2, 6)
    assert o.name == "players" and o.help == "P" and o.kind == "int"


def test_resolved_puts_data_into_the_help():
    option = Option("players", "{low} to {high} players; {low}", "int",
                    help_values=(("low", DataRef(TUT, "trail.min_players")), ("high", 6)))
    assert option.resolved().help == "2 to 6 players; 2"
    braces = Option("x", "a {literal} brace")                    # no values: left as written
    assert braces.resolved().help == "a {literal} brace"


def test_the_sheet_help_quotes_the_rating_games_of_the_data(monkeypatch):
    from generator.games.realms import model
    rating = game("realms").product("sheet").option("rating_games")
    assert ("Default: at most 160 games a map, and another map laid out while the games show "
            "one between two levels; 320 with --difficulty") in rating.describe()["help"]
    real = model.data()
    monkeypatch.setattr(model, "data", lambda: {**real, "generate": {
        **real["generate"], "sheet_games": 7, "difficulty_games": 70}})
    assert ("Default: at most 7 games a map, and another map laid out while the games show "
            "one between two levels; 70 with --difficulty") in rating.describe()["help"]


def test_resolved_reads_a_limit_only_when_no_high_is_declared():
    assert Option("count", "N", "int", low=1, limit="count").resolved().high == 1000
    assert Option("count", "N", "int", low=1, high=7, limit="count").resolved().high == 7
    assert Option("count", "N", "int", low=1).resolved().high is None
    plain = Option("x", "X", "choice", choices=["a", "b"]).resolved()
    assert plain.choices == ("a", "b") and plain.default is None


def test_describe_a_shared_option_with_a_limit():
    count = game("tanis").product("dig").option("count")
    assert count.describe() == {
        "name": "count", "flag": "--count", "kind": "int", "default": 1, "choices": [],
        "low": 1, "high": 1000, "metavar": "N", "help": "Number of distinct items.",
        "paths": False, "requires": {}, "limit": "count",
        "beyond": "for more items, list several [[item]] tables (other seeds) in a config for "
                  "tombgen batch"}


def test_describe_an_option_that_follows_another():
    lang = game("tut").product("trail").option("lang")
    assert lang.describe() == {
        "name": "lang", "flag": "--lang", "kind": "choice", "default": None,
        "choices": ["en", "fr"], "low": None, "high": None, "metavar": "",
        "help": "Language of the printed text.", "paths": False, "requires": {}, "limit": "",
        "beyond": "", "follows": "variant"}


def test_describe_an_option_with_requirements_data_and_files():
    sheet = game("realms").product("sheet")
    rating = sheet.option("rating_games").describe()
    assert rating["default"] is None               # 12 or 40 games: with or without --difficulty
    assert rating["requires"] == {"map": ["random"]}
    assert rating["limit"] == "rating_games" and rating["high"] == 10000
    assert rating["beyond"] == ("a rating or balance is already within a few points with a few "
                                "hundred games; for more, run the game's simulate with other "
                                "--seed values")
    assert "follows" not in rating
    assert sheet.option("map").describe()["paths"] is True
    assert sheet.option("start").describe()["choices"] == ["normal", "easy", "kids"]
    assert sheet.option("players").describe()["high"] == 8


# ---- ProductSpec, GameSpec -----------------------------------------------------------------------

def test_a_product_finds_its_own_and_the_shared_options():
    trail = game("tut").product("trail")
    assert trail.option("shape").default == "serpentine"
    assert trail.option("paper").default == "a4"
    with pytest.raises(KeyError) as missing:
        trail.option("colour")
    assert missing.value.args == ("trail has no option 'colour'",)


def test_shared_options_take_the_products_own_defaults():
    trail = game("tut").product("trail")
    names = [o.name for o in trail.shared_options()]
    assert names == ["seed", "count", "format", "paper", "mono", "cmyk", "lang", "force"]
    assert trail.option("lang").default == Follows("variant", "en")
    assert game("tanis").product("dig").option("lang").default == "en"


def test_the_shared_default_of_a_following_option():
    trail = game("tut").product("trail")
    assert trail.shared_default("lang", {}) == "en"                 # variant's default, en
    assert trail.shared_default("lang", {"variant": "fr"}) == "fr"
    assert trail.shared_default("lang", {"variant": "xx"}) == "en"  # not a language: fallback
    assert trail.shared_default("paper", {"variant": "fr"}) == "a4"


def test_defaults_are_a_products_own_options_with_data_read():
    assert game("tut").product("trail").defaults() == {
        "players": 4, "variant": "en", "shape": "serpentine", "table": None, "spread": False,
        "no_specials_before": 0, "rating_games": 0}
    assert game("realms").product("sheet").defaults()["rating_games"] is None


def test_a_game_finds_its_products():
    assert game("tanis").product("dig").kind == "dig"
    with pytest.raises(KeyError) as missing:
        game("tanis").product("trail")
    assert missing.value.args == ("tanis has no product 'trail'",)


# ---- the games -----------------------------------------------------------------------------------

def test_games_are_loaded_once_in_the_declared_order(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", None)
    first = games()
    assert [g.name for g in first] == ["realms", "tut", "tanis", "tumba"]
    assert registry._GAMES is first
    assert games() is first


def test_game_finds_a_game_by_name():
    assert game("tumba").title == ("Tutan Tumba: standard and Pharaoh's Wrath board setups, "
                                   "roll helper")
    with pytest.raises(KeyError) as missing:
        game("chess")
    assert missing.value.args == ("chess",)


def test_a_template_is_found_by_name_but_listed_nowhere(monkeypatch):
    """The null game (TEMPLATE_PACKAGES) is built by name, as a game is, and is in no list of
    the games: not in games(), the formats tombgen validate reads, or a format lookup."""
    monkeypatch.setattr(registry, "_TEMPLATES", None)
    assert registry.TEMPLATE_PACKAGES == ("null",)
    assert game("null").name == "null" and game("null").product("row").kind == "row"
    assert registry.templates() is registry._TEMPLATES and registry.templates() is \
        registry.templates()
    assert "null" not in [g.name for g in games()]
    assert not [f for f in registry.formats() if f.startswith("tombgen/null.")]
    assert product_for_format("tombgen/null.row") is None
    assert registry.document_checker("tombgen/null.record") is None


def test_product_for_format():
    spec, product = product_for_format("tombgen/tanis.dig")
    assert (spec.name, product.kind) == ("tanis", "dig")
    assert product_for_format("tombgen/tanis.trail") is None
    assert product_for_format("tombgen/chess.dig") is None
    assert product_for_format("tombgen/tanis") is None
    assert product_for_format("TOMBGEN/tanis.dig") is None      # not a tombgen format
    assert product_for_format("nothing/tanis.dig") is None


def test_every_game_has_a_short_name_and_says_whether_its_aid_has_variants():
    """The page's navigation names the games by ``short``; an aid's files carry its rule text
    only for a game whose aid has several (Tutankhamen: the English and French rules)."""
    from generator.aids.build import aid_name
    from generator.registry import games

    assert {g.name: g.short for g in games()} == {
        "realms": "Hidden Realms", "tut": "Tutankhamen", "tanis": "Tanis",
        "tumba": "Tutan Tumba"}
    assert {g.name: g.aid_variants for g in games()} == {
        "realms": (), "tut": ("en", "fr"), "tanis": (), "tumba": ()}
    assert aid_name("tut", variant="fr") == "tut-aid-en-fr-poker"
    assert aid_name("tanis", variant="fr") == "tanis-aid-en-poker"
