"""What a run is before anything is made (generator/runs.py): the command that remakes it, its
footer stamp, its file names, and the checks every front end shares, all pinned by hand."""

import pytest

from generator import GENERATOR
from generator.core.errors import InputError
from generator.runs import RunInfo, make_request, parse_formats, remake_flags, run_stem


def refusal(game, kind, values) -> str:
    with pytest.raises(InputError) as err:
        make_request(game, kind, values)
    return str(err.value)


# ---- the command, the footer, the stamp ---------------------------------------------------------

def test_a_run_at_the_defaults_is_the_bare_command():
    info = RunInfo("tanis", "dig", 5, 0, 1, {"style": "random"})
    assert info.command() == "tanis dig"
    assert info.footer() == f"tanis dig · seed 5 · {GENERATOR}"
    assert run_stem(info) == "tanis-dig-5"


def test_an_item_of_a_count_run_in_black_and_white_on_letter():
    info = RunInfo("tanis", "dig", 5, 1, 3, {"style": "random"})
    assert info.footer("letter", True) == (
        f"tanis dig --count 3 --paper letter --mono · seed 5 · item 2 of 3 · {GENERATOR}")


@pytest.mark.parametrize("index, count, stamp", [
    (0, 1, f"graine 5 · {GENERATOR}"), (1, 2, f"graine 5 · exemplaire 2 sur 2 · {GENERATOR}")])
def test_the_stamp_in_french_names_the_item_of_two_or_more(index, count, stamp):
    assert RunInfo("tanis", "dig", 5, index, count, {"style": "random"}, "fr").stamp() == stamp


def test_the_language_follows_the_variant_and_is_named_only_when_it_differs():
    french = RunInfo("tut", "trail", 2, 0, 1, {"variant": "fr", "spread": False}, "fr")
    assert french.command() == "tut trail --variant fr"            # a flag off is left out
    assert run_stem(french) == "tut-trail-2-variant-fr"
    english = RunInfo("tut", "trail", 2, 0, 1, {"variant": "fr", "spread": True}, "en")
    assert english.command() == "tut trail --variant fr --spread --lang en"
    assert run_stem(english, "letter", True) == \
        "tut-trail-2-variant-fr-spread-paper-letter-mono-lang-en"


def test_an_option_that_had_no_effect_is_not_in_the_command():
    # rating games only act on a generated map: with map-1 they did nothing
    assert RunInfo("realms", "sheet", 3, 0, 1, {"map": "map-1", "rating_games": 50}).command() \
        == "realms sheet"
    assert RunInfo("realms", "sheet", 3, 0, 1, {"map": "random", "rating_games": 50}).command() \
        == "realms sheet --map random --rating-games 50"


def test_a_file_option_by_its_path_or_in_short_by_its_name():
    info = RunInfo("realms", "sheet", 3, 0, 1, {"map": "/tmp/x y/club.toml"})
    assert info.command() == "realms sheet --map '/tmp/x y/club.toml'"
    assert info.footer() == f"realms sheet --map '/tmp/x y/club.toml' · seed 3 · {GENERATOR}"
    assert info.command(short=True) == "realms sheet --map club.toml"
    assert info.footer(short=True) == f"realms sheet --map club.toml · seed 3 · {GENERATOR}"


def test_a_long_options_part_becomes_a_hash():
    # "map-" + the 30 names joined by "_" is 183 characters, over the 120 a name part may take;
    # its sha256 begins 5ff291d279 (`printf map-map-1_map-1… | sha256sum`)
    info = RunInfo("realms", "sheet", 3, 0, 1, {"map": ",".join(["map-1"] * 30)})
    assert run_stem(info) == "realms-sheet-3-options-5ff291d279"


# ---- formats -------------------------------------------------------------------------------------

def test_formats_by_name_in_any_case_once_each():
    assert parse_formats("svg, PDF,svg") == ("svg", "pdf")
    assert parse_formats(["JSON"]) == ("json",)
    assert parse_formats("json,,svg") == ("json", "svg")


@pytest.mark.parametrize("value, shown", [("", '""'), ("svg,png", '"svg,png"'), (" , ", '" , "')])
def test_unknown_or_no_formats(value, shown):
    with pytest.raises(InputError) as err:
        parse_formats(value)
    assert str(err.value) == f"--format {shown}: choose any of svg,pdf,json separated by commas"


# ---- a request: every front end's checks ---------------------------------------------------------

def test_a_request_with_its_defaults_filled_in():
    req = make_request("tanis", "dig", {"format": "svg,json", "force": 1, "mono": 1})
    assert (req.game, req.kind, req.seed, req.count, req.paper, req.mono, req.formats,
            req.lang, req.options, req.force) == (
        "tanis", "dig", None, 1, "a4", True, ("svg", "json"), "en", {"style": "random"}, True)
    assert make_request("tut", "trail", {"variant": "fr"}).lang == "fr"   # follows the variant
    assert make_request("tut", "trail", {"variant": "fr", "lang": "en"}).lang == "en"


def test_unknown_options_are_named_with_the_product_options():
    assert refusal("tanis", "dig", {"colour": 1, "zzz": 2}) == (
        "tanis dig has no option colour, zzz; its options: style, seed, count, format, paper, "
        "mono, cmyk, lang, force")


@pytest.mark.parametrize("players, message", [(1, "--players 1: must be 2 or more"),
                                              (7, "--players 7: at most 6")])
def test_numbers_within_their_range(players, message):
    # Tutan Tumba is for 2 to 6 players
    assert refusal("tumba", "setup", {"players": players}) == message
    assert make_request("tumba", "setup", {"players": 6}).options["players"] == 6
    assert make_request("tumba", "setup", {"players": 2}).options["players"] == 2


@pytest.mark.parametrize("value, message", [
    ("3", '--players "3": expected a whole number (write it without quotes)'),
    (True, "--players true: expected a whole number"),
    (3.0, "--players 3.0: expected a whole number")])
def test_a_number_option_takes_a_number(value, message):
    # a form or a script may send the text "3"; the command line and batch convert it first
    assert refusal("tumba", "setup", {"players": value}) == message


def test_a_number_option_takes_fractions_within_its_range():
    # no product declares a fractional option yet; the kind is part of the declarations
    from generator.registry import Option
    from generator.runs import check_value

    share = Option("share", "A share of the box.", kind="number", low=0, high=1)
    check_value(share, 0.5)
    check_value(share, 1)
    for value, message in ((1.5, "--share 1.5: at most 1"), (-0.5, "--share -0.5: must be 0 or "
                           "more"), ("0.5", "--share \"0.5\": expected a number (write it "
                           "without quotes)"), (False, "--share false: expected a number")):
        with pytest.raises(InputError) as caught:
            check_value(share, value)
        assert caught.value.message == message


def test_a_limit_says_how_to_do_more():
    assert refusal("tanis", "dig", {"count": 0}) == "--count 0: must be 1 or more"
    assert refusal("tanis", "dig", {"count": 1001}) == (
        "--count 1001: at most 1,000 (seeds/limits.toml [run] count); for more items, list "
        "several [[item]] tables (other seeds) in a config for tombgen batch")


def test_a_text_option_is_checked_for_hostile_characters():
    assert refusal("tut", "trail", {"table": "16x\u202e10"}) == (
        "--table: the value holds a bidirectional control (U+202E) at character 4; remove it")


def test_an_option_without_what_it_requires():
    assert refusal("realms", "sheet", {"rating_games": 50}) == (
        "--rating-games 50: only with --map random")


def test_a_language_the_product_is_not_printed_in():
    assert refusal("tanis", "dig", {"lang": "de"}) == (
        "--lang de: tanis dig sheets are printed in en, fr only so far; use --lang en")


def test_an_option_without_effect_does_not_hide_the_next_ones():
    # rating games do nothing on map-1; the easy start declared after them still counts
    info = RunInfo("realms", "sheet", 3, 0, 1, {"map": "map-1", "rating_games": 50,
                                                 "start": "easy"})
    assert info.command() == "realms sheet --start easy"
    assert run_stem(info) == "realms-sheet-3-start-easy"


def test_remake_flags_name_a_file_by_its_path_unless_asked_short(tmp_path):
    club = tmp_path / "club.toml"
    club.write_text("x")
    info = RunInfo("realms", "sheet", 3, 0, 1, {"map": str(club)})
    assert remake_flags(info) == [f"--map {club}"]
    assert remake_flags(info, short=True) == ["--map club.toml"]
    # in a file name: the file's name and the start of the sha256 of its bytes ("x": 2d7116…)
    assert run_stem(info) == "realms-sheet-3-map-club-2d7116"


def test_a_name_part_of_exactly_120_characters_is_kept():
    # "map-" + 116 letters is 120: kept; one more is hashed (sha256 of "map-" + 117 "a": ae359e…)
    assert run_stem(RunInfo("realms", "sheet", 3, 0, 1, {"map": "a" * 116})) == \
        "realms-sheet-3-map-" + "a" * 116
    assert run_stem(RunInfo("realms", "sheet", 3, 0, 1, {"map": "a" * 117})) == \
        "realms-sheet-3-options-ae359e351b"
