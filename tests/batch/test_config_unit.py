"""Batch configs (generator/batch/config.py) in process, refusals compared word for word: the
line index, every top-level and item check, how an item's keys become a command line (on a small
click command of our own for the forms no product has yet), file paths, the lines click's
refusals point at, the limits, a drawn seed kept, aid items and their file names, collisions.
Expected values are pinned by hand."""

from pathlib import Path

import click
import pytest
from batch_support import an_item, changed, write

from generator.batch import config as cfg
from generator.batch.config import Config, Item, Lines, load_config
from generator.core.errors import InputError, RuleError, shown

T = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 1\n'
DIG_OPTIONS = "style, seed, count, format, paper, mono, cmyk, lang, force"


def refusal(tmp_path, text: str, error=InputError) -> str:
    """The whole message a config is refused with, its folder written as D."""
    with pytest.raises(error) as err:
        load_config(write(tmp_path, text, "b.toml"))
    assert type(err.value) is error
    return err.value.message.replace(str(tmp_path), "D")


def only(tmp_path, text: str) -> Item:
    [item] = load_config(write(tmp_path, text, "b.toml")).items
    return item


# -- the line index ------------------------------------------------------------------------------

def test_lines_of_top_level_keys_and_other_tables():
    lines = Lines('a = 1\nb = 2\n[[other]]\n\nx = 1\n[[other]]\n["batch"]\nout = "o"\n'
                  "[[item]]\n'kind' = \"k\"\n[[other]]\ngame = 1\n[[item]]\n")
    assert lines.key(None, "b") == 2
    assert lines.key(None, "other") == 3       # the first [[other]]
    assert lines.key("[[other]]", "x") == 5
    assert lines.key(None, "x") == 1           # x is not a top-level key: line 1
    assert lines.key(None, "batch") == 7 and lines.key("batch", "out") == 8
    assert lines.key(0, "kind") == 10          # a single-quoted key
    assert lines.key(0, "game") == 9           # game = 1 belongs to [[other]]: the header
    assert lines.items == [9, 13]
    assert Lines('["Xtra"]\nk = 1\n').key("Xtra", "k") == 2   # only the quotes are taken off


def test_lines_of_items_and_keys_not_found():
    lines = Lines('[[item]]\ngame = "a"\n[[item]]\n')
    assert (lines.item(0), lines.item(1), lines.item(2), lines.item(7)) == (1, 3, 1, 1)
    assert lines.key("batch", "nothing") == 1 and lines.key(None, "nothing") == 1
    assert lines.key(1, "nothing") == 3 and lines.key(5, "nothing") == 1
    assert Lines("").item(0) == 1


# -- the config as a whole -----------------------------------------------------------------------

def test_a_config_is_its_path_checksum_out_and_items(tmp_path):
    path = write(tmp_path, '[batch]\nout = "prints"\n' + T)
    config = load_config(path)
    assert isinstance(config, Config) and config.path == path
    assert config.out == tmp_path / "prints"
    # sha256sum of the file's bytes, worked out apart from the code
    assert config.sha256 == "36f04c950f3131f4d042c84675812cc732041bdeec4eabc1b7fe32a4c6ec7b65"
    assert load_config(write(tmp_path, T)).out is None


@pytest.mark.parametrize("text, message", [
    ("item = [1]\n", "D/b.toml:1: item must be a [[item]] table"),
    ("\n\nitem = 3\n", "D/b.toml:3: item must be a [[item]] table"),
    ('[batch]\nout = "x"\n', "D/b.toml:1: no [[item]] tables: nothing to make"),
    ("\nbatch = 3\n" + T, "D/b.toml:2: batch must be a [batch] table"),
    ("[batch]\nspeed = 1\n" + T, "D/b.toml:2: unknown key speed in [batch]; it takes: out"),
    ("[batch]\n\nout = 3\n" + T, "D/b.toml:3: out must be a folder name (a string)"),
    ('[batch]\nout = ""\n' + T, "D/b.toml:2: out must be a folder name (a string)"),
    ("\n\nitems = 3\n" + T, "D/b.toml:3: unknown top-level key items; a config holds an "
     "optional [batch] table and [[item]] tables"),
])
def test_top_level_refusals(tmp_path, text, message):
    assert refusal(tmp_path, text) == message


def test_problems_are_sorted_by_line_and_all_reported(tmp_path):
    text = ('[batch]\nout = 3\n\n[[item]]\ngame = "tanis"\nkind = "dig"\ncolour = 1\n\n'
            "[[item]]\nkind = 3\n")
    assert refusal(tmp_path, text).splitlines() == [
        "D/b.toml:2: out must be a folder name (a string)",
        f"D/b.toml:7: item 1 (tanis dig): unknown key colour: tombgen tanis dig has no "
        f"--colour; its options: {DIG_OPTIONS}",
        'D/b.toml:9: item 2: no game = "…"; every [[item]] names its game and kind']


# -- each item's checks --------------------------------------------------------------------------

@pytest.mark.parametrize("extra, message", [
    ("\n[[item]]\nkind = \"dig\"\n", 'D/b.toml:6: item 2: no game = "…"; every [[item]] names its game and kind'),
    ("[[item]]\ngame = \"tanis\"\n\nkind = 3\n", "D/b.toml:8: item 2: kind must be a string"),
    ("[[item]]\n\ngame = [1]\nkind = \"dig\"\n", "D/b.toml:7: item 2: game must be a string"),
])
def test_an_item_names_its_game_and_kind_as_strings(tmp_path, extra, message):
    assert refusal(tmp_path, T + extra) == message


@pytest.mark.parametrize("text, message", [
    (T + 'out = "x"\n', "D/b.toml:5: item 1 (tanis dig): out cannot be set per item: every file "
     "goes to one folder; set out in [batch] or give --out"),
    ('[[item]]\n\ngame = "chess"\nkind = "dig"\n', "D/b.toml:3: item 1 (chess dig): unknown "
     "game chess; choose one of realms, tut, tanis, tumba (or kind = \"aid\" with game = "
     "\"all\")"),
    ('[[item]]\ngame = "tanis"\n\nkind = "map"\n', "D/b.toml:4: item 1 (tanis map): tanis "
     "makes no map; it makes: dig, aid"),
    (T + "\ncolour = 1\n", f"D/b.toml:6: item 1 (tanis dig): unknown key colour: tombgen "
     f"tanis dig has no --colour; its options: {DIG_OPTIONS}"),
    (T + "rating_games = 1\n", "D/b.toml:5: item 1 (tanis dig): unknown key rating_games: "
     f"tombgen tanis dig has no --rating-games; its options: {DIG_OPTIONS}"),
    (T + "force = true\n", "D/b.toml:5: item 1 (tanis dig): force: how files are written is "
     "not an item option; give tombgen batch --force instead"),
    (T + "style = {a = 1}\n", "D/b.toml:5: item 1 (tanis dig): style: a table is not an "
     "option value"),
    (T + "count = true\n", "D/b.toml:5: item 1 (tanis dig): --count: true is not a whole "
     "number"),
    (T + "count = false\n", "D/b.toml:5: item 1 (tanis dig): --count: false is not a whole "
     "number"),
    (T + 'mono = "yes"\n', "D/b.toml:5: item 1 (tanis dig): mono = yes: write true or false"),
    (T + 'style = ["a", "b"]\n', "D/b.toml:5: item 1 (tanis dig): style takes one value, "
     "not a list"),
])
def test_item_refusals(tmp_path, text, message):
    assert refusal(tmp_path, text) == message


@pytest.mark.parametrize("key", ["jobs", "dask"])
def test_where_the_work_runs_is_not_an_item_option(tmp_path, key):
    text = '[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\n\n' + f'{key} = "2"\n'
    assert refusal(tmp_path, text) == (
        f"D/b.toml:6: item 1 (realms sheet): {key}: where the work runs is not an item "
        f"option; give tombgen batch --{key} instead")


def test_a_game_without_products_makes_nothing_yet(tmp_path, monkeypatch):
    from types import SimpleNamespace

    import generator.registry as registry

    empty = SimpleNamespace(name="empty", products=(), aid=None)
    monkeypatch.setattr(registry, "games", lambda: [empty])
    assert refusal(tmp_path, '[[item]]\ngame = "empty"\nkind = "x"\n') == (
        "D/b.toml:3: item 1 (empty x): empty makes no x; it makes: nothing yet")


def test_a_product_without_a_command_is_named(tmp_path, monkeypatch):
    from types import SimpleNamespace

    import generator.registry as registry

    real = registry.game("tanis")
    ghost = SimpleNamespace(name="tanis", products=(SimpleNamespace(kind="ghost"),), aid=None,
                            cli=real.cli)
    monkeypatch.setattr(registry, "games", lambda: [ghost])
    assert refusal(tmp_path, '[[item]]\ngame = "tanis"\n\nkind = "ghost"\n') == (
        "D/b.toml:4: item 1 (tanis ghost): tombgen tanis has no command ghost")


def test_the_options_named_leave_out_where_and_how_a_batch_runs(tmp_path):
    text = '[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\ncolour = 1\n'
    assert refusal(tmp_path, text) == (
        "D/b.toml:5: item 1 (realms sheet): unknown key colour: tombgen realms sheet has no "
        "--colour; its options: map, difficulty, players, rating-games, size, start, seed, "
        "count, format, paper, mono, cmyk, lang, force")


def test_an_item_keeps_its_keys_lines_and_options(tmp_path):
    """A hyphenated key finds its option (rating-games: --rating-games, rating_games)."""
    text = ('[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 3\nmono = true\n'
            'format = ["json", "svg"]\nmap = "random"\n\nrating-games = 0\n')
    item = only(tmp_path, text)
    assert item == an_item(0, 1, "realms", "sheet", 3, 1, "a4", True, ("json", "svg"),
                        {"map": "random", "difficulty": None, "players": 1, "rating_games": 0,
                         "size": None, "start": "normal"},
                        key_lines=(("seed", 4), ("mono", 5), ("format", 6), ("map", 7),
                                   ("rating-games", 9)))


def test_the_second_item_has_its_own_index_and_lines(tmp_path):
    config = load_config(write(tmp_path, T + "\n" + T.replace("1", "2") + "\ncount = 2\n"))
    second = config.items[1]
    assert (second.index, second.line, second.request.seed, second.request.count) == (1, 6, 2, 2)
    assert second.key_lines == (("seed", 9), ("count", 11))


def test_format_and_seed_keys_in_any_order(tmp_path):
    item = only(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 3\n'
                          'format = ["json", "svg"]\nmono = true\n')
    assert (item.request.seed, item.request.formats, item.request.mono) == (3, ("json", "svg"), True)


def test_a_false_flag_is_the_flag_left_out(tmp_path):
    item = only(tmp_path, '[[item]]\ngame = "tut"\nkind = "trail"\nseed = 1\nspread = false\n')
    assert item.request.options["spread"] is False


def test_a_refusal_of_a_broken_rule_is_a_rule_error(tmp_path):
    text = '[[item]]\ngame = "tut"\nkind = "trail"\nseed = 1\n\ntable = "3x3"\n'
    message = refusal(tmp_path, text, RuleError)
    assert message.startswith("D/b.toml:6: item 1 (tut trail): --table 3x3: "
                              "too small for a serpentine")
    # with a problem of unusable input as well, the whole is unusable input (exit 2)
    message = refusal(tmp_path, text + "\n" + T + "colour = 1\n").splitlines()
    assert message[0].startswith("D/b.toml:6: item 1 (tut trail): --table")
    assert message[1].startswith("D/b.toml:12: item 2 (tanis dig): unknown key colour")


# -- the command line an item stands for (on a command of our own) -------------------------------

@click.command()
@click.option("--flag/--no-flag", default=True)
@click.option("--tag", multiple=True)
@click.option("--point", nargs=2, type=int)
@click.option("--file", type=click.Path())
@click.option("--some-name", "name")
@click.option("--format")
@click.option("--out")
@click.option("--jobs")
def _tool(**kwargs):
    """A command with every kind of option a batch key may stand for."""


def argv(values, base=Path("/nowhere"), files=frozenset()):
    lines = Lines("[[item]]\n" + "".join(f"{k} = 0\n" for k in values))
    return cfg._argv(_tool, values, 0, lines, base, "tombgen x y", files)


def problem(values, base=Path("/nowhere"), files=frozenset()):
    with pytest.raises(cfg._Problem) as err:
        argv(values, base, files)
    return err.value.line, err.value.message


def test_each_value_becomes_its_flags():
    assert argv({"flag": True}) == ["--flag"]
    assert argv({"flag": False}) == ["--no-flag"]
    assert argv({"name": "a", "tag": ["x", True, 3], "point": [1, False]}) == [
        "--some-name", "a", "--tag", "x", "--tag", "true", "--tag", "3",
        "--point", "1", "false"]
    assert argv({"some_name": "b", "format": ["svg", True]}) == [
        "--some-name", "b", "--format", "svg,true"]
    assert argv({"some-name": False}) == ["--some-name", "false"]


def test_keys_the_command_does_not_take_as_items():
    assert problem({"name": "a", "out": "x"}) == (
        3, "unknown key out: tombgen x y has no --out; its options: flag, tag, point, file, "
           "some-name, format")
    assert problem({"other_key": 1}) == (
        2, "unknown key other_key: tombgen x y has no --other-key; its options: flag, tag, "
           "point, file, some-name, format")
    assert problem({"name": "a", "jobs": 2}) == (
        3, "jobs: where the work runs is not an item option; give tombgen batch --jobs "
           "instead")


def test_a_click_path_must_exist_and_is_made_absolute(tmp_path):
    (tmp_path / "notes").write_text("")
    assert argv({"file": "notes"}, tmp_path) == ["--file", str(tmp_path / "notes")]
    assert argv({"file": str(tmp_path / "notes")}, Path("/nowhere")) == [
        "--file", str(tmp_path / "notes")]
    assert problem({"file": "missing"}, tmp_path) == (
        2, f"file = missing: file not found ({tmp_path / 'missing'}); relative paths are read "
           "from the config file's folder")
    assert problem({"name": "a", "file": "-"}, tmp_path) == (
        3, 'file = "-": a batch cannot read standard input; name a file')


def test_a_name_or_file_option_reads_only_what_looks_like_a_file(tmp_path):
    names = frozenset({"name"})
    (tmp_path / "m.toml").write_text("")
    assert argv({"name": "map-1"}, tmp_path, names) == ["--some-name", "map-1"]
    assert argv({"name": "-"}, tmp_path, names) == ["--some-name", "-"]
    assert argv({"name": "m.toml"}, tmp_path, names) == ["--some-name", str(tmp_path / "m.toml")]
    for value in ("a/b", "a\\b", "X.JSON", "x.txt", "x.csv"):
        _line, message = problem({"name": value}, tmp_path, names)
        assert message == (f"name = {shown(value)}: file not found ({tmp_path / value}); relative "
                           "paths are read from the config file's folder")
    assert argv({"name": "plain"}, tmp_path) == ["--some-name", "plain"]
    assert argv({"name": "a/b"}, tmp_path) == ["--some-name", "a/b"]   # not a file option


def test_each_entry_of_a_list_is_a_file_checked():
    (_line, message) = problem({"tag": ["x", "a/b"]}, Path("/base"), frozenset({"tag"}))
    assert message.startswith("tag = a/b: file not found (/base/a/b)")


def test_a_list_given_to_a_file_option_is_checked_before_it_is_refused(tmp_path):
    text = '[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\nmap = ["maps/none.toml"]\n'
    assert refusal(tmp_path, text) == (
        "D/b.toml:5: item 1 (realms sheet): map = maps/none.toml: file not found "
        "(D/maps/none.toml); relative paths are read from the config file's folder")


# -- the line a refusal points at ----------------------------------------------------------------

def test_a_click_refusal_points_at_its_parameters_key():
    lines = Lines("[[item]]\nsome-name = 1\n\nplayers = 2\n")
    option = click.Option(["--some-name", "name"])
    players = click.Option(["--players"])
    values = {"some-name": 1, "players": 2}
    got = cfg._click_problem(click.BadParameter("no good", param=option), values, 0, lines)
    assert (got.line, got.message) == (2, "--some-name: no good")
    got = cfg._click_problem(click.BadParameter("x", param=players), {"players": 2}, 0, lines)
    assert got.line == 4
    other = click.Option(["--other"])
    got = cfg._click_problem(click.BadParameter("x", param=other), values, 0, lines)
    assert got.line == 1   # a parameter no key stands for: the item's header
    got = cfg._click_problem(click.UsageError("see --players here"), values, 0, lines)
    assert (got.line, got.message) == (4, "see --players here")
    got = cfg._click_problem(click.UsageError("nothing named"), values, 0, lines)
    assert got.line == 1


def test_a_click_refusal_finds_its_key_by_the_parameter_not_the_message():
    lines = Lines("[[item]]\nsome_name = 1\ngame = 2\nXtra = 3\n")
    values = {"some_name": 1, "game": 2, "Xtra": 3}
    game = click.Argument(["game"])   # its message names no --option
    got = cfg._click_problem(click.BadParameter("x", param=game), values, 0, lines)
    assert (got.line, got.message) == (3, "GAME: x")
    option = click.Option(["--some-name", "name"])   # the key is the option with _ for -
    got = cfg._click_problem(click.BadParameter("x", param=option), values, 0, lines)
    assert got.line == 2
    xtra = click.Option(["--Xtra"])   # options are case-sensitive; its name is xtra
    got = cfg._click_problem(click.BadParameter("x", param=xtra), {"Xtra": 3}, 0, lines)
    assert got.line == 4


def test_the_first_option_a_message_names():
    assert cfg._first_named("--b-c 3 and --a", {"a": 7, "b_c": 9}) == 9
    assert cfg._first_named("--a 3 and --b-c", {"a": 7, "b_c": 9}) == 7
    assert cfg._first_named("--ab", {"a": 7}) is None
    assert cfg._first_named("nothing", {"a": 7}) is None
    item = an_item(0, 4, "tanis", "dig", 1, 1, "a4", False, ("json",), {},
                key_lines=(("mode", 6), ("rating_games", 8)))
    assert item.line_for("--rating-games 0 with --mode x") == 8
    assert item.line_for("no option") == 4


def test_an_aid_refusal_points_at_its_key(tmp_path):
    text = '[[item]]\ngame = "tanis"\nkind = "aid"\n\nbleed = "x"\n'
    assert refusal(tmp_path, text) == (
        "D/b.toml:5: item 1 (tanis aid): --bleed: x is not a number")


def test_an_aid_option_refused_by_the_aid_points_at_its_key(tmp_path, monkeypatch):
    import generator.aids.cli as aids

    def refuse(params, given):
        raise InputError("--size tarot: not with --backs")

    monkeypatch.setattr(aids, "aid_arguments", refuse)
    text = '[[item]]\ngame = "tanis"\nkind = "aid"\n\nsize = "tarot"\n'
    assert refusal(tmp_path, text) == (
        "D/b.toml:5: item 1 (tanis aid): --size tarot: not with --backs")
    assert refusal(tmp_path, '[[item]]\ngame = "tanis"\nkind = "aid"\n') == (
        "D/b.toml:1: item 1 (tanis aid): --size tarot: not with --backs")


# -- aid items -----------------------------------------------------------------------------------

def test_an_aid_item(tmp_path):
    text = ('[[item]]\ngame = "tumba"\nkind = "dig"\nseed = 1\n[[item]]\ngame = "tut"\n'
            'kind = "aid"\nvariant = "fr"\nnup = true\npaper = "letter"\nmono = true\n')
    text = text.replace('game = "tumba"\nkind = "dig"', 'game = "tanis"\nkind = "dig"')
    aid = load_config(write(tmp_path, text, "b.toml")).items[1]
    assert aid == an_item(1, 5, "tut", "aid", None, 1, "letter", True, ("pdf",),
                       {"lang": "en", "size": "poker", "variant": "fr", "bleed": 0.0,
                        "crop": True, "nup": True, "backs": False, "cmyk": False}, ("tut",),
                       key_lines=(("variant", 8), ("nup", 9), ("paper", 10), ("mono", 11)))


def test_an_aid_item_for_every_game(tmp_path):
    item = only(tmp_path, '[[item]]\ngame = "all"\nkind = "aid"\n')
    assert (item.request.game, item.games, item.request.count) == (
        "all", ("realms", "tut", "tanis", "tumba"), 4)


@pytest.mark.parametrize("text, message", [
    ('[[item]]\nkind = "aid"\n\ngame = "chess"\n', "D/b.toml:4: item 1 (chess aid): no player "
     "aid for chess; choose one of realms, tut, tanis, tumba or all"),
    ('[[item]]\ngame = "tanis"\nkind = "aid"\n\nseed = 1\n', "D/b.toml:5: item 1 (tanis aid): "
     "unknown key seed: tombgen aid has no --seed; its options: lang, size, variant, nup, "
     "backs, bleed, crop-marks, paper, mono, cmyk, format, force"),
])
def test_aid_refusals(tmp_path, text, message):
    assert refusal(tmp_path, text) == message


def test_aid_file_names():
    options = {"lang": "fr", "size": "poker", "nup": False, "variant": "en"}
    assert cfg.aid_file_name("tanis", options, "a4") == "tanis-aid-fr-poker.pdf"
    assert cfg.aid_file_name("tanis", {**options, "nup": True}, "letter") == (
        "tanis-aid-fr-poker-nup-letter.pdf")
    assert cfg.aid_file_name("tut", options, "a4") == "tut-aid-fr-en-poker.pdf"
    assert cfg.aid_file_name("tanis", options, "a4", mono=True) == "tanis-aid-fr-poker-mono.pdf"


# -- the item as recorded ------------------------------------------------------------------------

def test_an_item_as_the_manifest_records_it():
    dig = an_item(0, 1, "tanis", "dig", 7, 2, "a4", False, ("svg", "pdf"), {"style": "random"},
               lang="fr")
    assert dig.describe() == {
        "item": 1, "line": 1, "game": "tanis", "kind": "dig", "seed": 7, "count": 2,
        "paper": "a4", "mono": False, "formats": ["svg", "pdf"], "lang": "fr",
        "options": {"style": "random"}}
    aid = an_item(2, 9, "all", "aid", None, 2, "letter", True, ("pdf",), {"lang": "en"},
               ("tanis", "tut"))
    assert aid.describe() == {
        "item": 3, "line": 9, "game": "all", "kind": "aid", "seed": None, "count": 2,
        "paper": "letter", "mono": True, "formats": ["pdf"], "options": {"lang": "en"},
        "games": ["tanis", "tut"]}
    assert (dig.number, dig.label(), aid.label()) == (1, "item 1 (tanis dig)", "item 3 (all aid)")
    # press colours are recorded (and only when asked: the plain item above has no cmyk key)
    assert changed(dig, cmyk=True).describe() == {**dig.describe(), "cmyk": True}


# -- a drawn seed kept for the next run -----------------------------------------------------------

DRAWN = an_item(0, 1, "tanis", "dig", 555, 2, "a4", False, ("json",), {}, seed_drawn=True)
BEFORE = {"game": "tanis", "kind": "dig", "count": 2, "paper": "a4", "mono": False, "seed": 41}


def test_a_drawn_seed_is_replaced_by_the_one_recorded():
    kept = cfg._keep_seed(DRAWN, BEFORE)
    assert (kept.request.seed, kept.seed_drawn) == (41, False) and kept.seed_drawn is False
    assert cfg._keep_seed(DRAWN, {**BEFORE, "lang": "en", "options": {}}).request.seed == 41
    fr = changed(DRAWN, lang="fr", options={"style": "random"})
    kept = cfg._keep_seed(fr, {**BEFORE, "lang": "fr", "options": {"style": "random"}})
    assert kept.request.seed == 41


@pytest.mark.parametrize("change", [{"game": "tut"}, {"kind": "map"}, {"count": 3},
                                    {"paper": "letter"}, {"mono": True}, {"lang": "fr"},
                                    {"options": {"style": "classic"}}, {"seed": "41"},
                                    {"seed": None}])
def test_a_drawn_seed_is_kept_only_for_the_same_item(change):
    assert cfg._keep_seed(DRAWN, {**BEFORE, **change}) == DRAWN


def test_a_drawn_seed_is_kept_only_with_the_same_press_colours():
    press = changed(DRAWN, cmyk=True)
    assert cfg._keep_seed(press, BEFORE) == press                 # recorded without cmyk
    assert cfg._keep_seed(press, {**BEFORE, "cmyk": True}).request.seed == 41
    assert cfg._keep_seed(DRAWN, {**BEFORE, "cmyk": True}) == DRAWN


def test_a_seed_given_or_nothing_recorded_keeps_the_item():
    given = changed(DRAWN, seed_drawn=False)
    assert cfg._keep_seed(given, BEFORE) == given
    assert cfg._keep_seed(DRAWN, None) == DRAWN and cfg._keep_seed(DRAWN, {}) == DRAWN


# -- items writing the same files -----------------------------------------------------------------

def test_items_of_other_seeds_papers_or_languages_write_other_files(tmp_path):
    text = (T + "\n" + T.replace("seed = 1", "seed = 2") + "\n" + T + 'paper = "letter"\n\n'
            + T + "mono = true\n\n" + T + 'lang = "fr"\n\n' + T + "cmyk = true\n")
    assert len(load_config(write(tmp_path, text, "b.toml")).items) == 6


def test_aid_items_of_other_games_or_papers_write_other_files(tmp_path):
    aid = '[[item]]\ngame = "{game}"\nkind = "aid"\nnup = true\npaper = "{paper}"\n\n'
    text = (aid.format(game="tanis", paper="a4") + aid.format(game="tumba", paper="a4")
            + aid.format(game="tanis", paper="letter"))
    assert len(load_config(write(tmp_path, text, "b.toml")).items) == 3


def test_two_aid_items_writing_the_same_file(tmp_path):
    text = '[[item]]\ngame = "all"\nkind = "aid"\n\n[[item]]\ngame = "tanis"\nkind = "aid"\n'
    assert refusal(tmp_path, text) == (
        "D/b.toml:5: item 2 would write the same files (tanis-aid-en-poker.pdf…) as item 1 "
        "(line 1); give one of them another seed or options")


# -- limits --------------------------------------------------------------------------------------

@pytest.fixture
def small_limits(monkeypatch):
    from generator.core import limits

    real = limits.run_limit
    monkeypatch.setattr(limits, "run_limit", lambda name: {"batch_items": 2, "batch_units": 4}
                        .get(name) or real(name))


def test_at_most_so_many_items(tmp_path, small_limits):
    two = T + "\n" + T.replace("seed = 1", "seed = 2")
    assert len(load_config(write(tmp_path, two)).items) == 2
    three = two + "\n" + T.replace("seed = 1", "seed = 3") + "colour = 1\n"
    assert refusal(tmp_path, three) == (
        "D/b.toml:11: [[item]] tables: 3: at most 2 (seeds/limits.toml [run] batch_items); "
        "split the config into several configs, each with its own --out folder")


def test_at_most_so_many_sub_items(tmp_path, small_limits):
    text = T + "count = 2\n\n" + T.replace("seed = 1", "seed = 2") + "count = 2\n"
    assert len(load_config(write(tmp_path, text, "b.toml")).items) == 2
    assert refusal(tmp_path, text.replace("count = 2\n", "count = 3\n", 1)) == (
        "D/b.toml:1: sub-items in all (the counts added up): 5: at most 4 (seeds/limits.toml "
        "[run] batch_units); split the config into several configs, each with its own --out "
        "folder")


# -- the out folder before the check -------------------------------------------------------------

def test_out_folder_at_a_glance(tmp_path):
    assert cfg.out_folder(write(tmp_path, '[batch]\nout = "prints"\n')) == tmp_path / "prints"
    assert cfg.out_folder(str(write(tmp_path, '[batch]\nout = "p"\n'))) == tmp_path / "p"
    for text in ("", "batch = 3\n", '[batch]\nout = ""\n', "[batch]\nout = 3\n",
                 '[other]\nout = "x"\n'):
        assert cfg.out_folder(write(tmp_path, text)) is None


def test_a_run_is_joined_only_when_a_product_makes_several_items_with_a_pdf():
    joined = an_item(0, 1, "tanis", "dig", 7, 2, "a4", False, ("svg", "pdf"), {})
    assert joined.joined and cfg.joins(joined.request)
    assert not changed(joined, count=1).joined                   # one item: its own PDF
    assert not changed(joined, formats=("svg", "json")).joined   # no PDF asked for
    aid = an_item(2, 9, "all", "aid", None, 2, "a4", False, ("pdf",), {}, ("tanis", "tut"))
    assert not aid.joined                                        # an aid's PDFs are its own


def test_a_request_as_the_manifest_records_it():
    item = an_item(0, 1, "tanis", "dig", 7, 2, "letter", True, ("svg", "pdf"), {"rows": 4},
                   lang="fr", cmyk=True)
    r = item.request
    # a file: its derived seed after the seed, every field in the manifest's order
    assert list(cfg.request_fields(r, False, 12).items()) == [
        ("game", "tanis"), ("kind", "dig"), ("seed", 7), ("derived_seed", 12), ("count", 2),
        ("paper", "letter"), ("mono", True), ("lang", "fr"), ("cmyk", True),
        ("options", {"rows": 4})]
    # a joined PDF: no derived seed of its own (null)
    assert cfg.request_fields(r, False, None)["derived_seed"] is None
    # an item: its formats, and no derived seed
    assert list(cfg.request_fields(r, False, formats=True)) == [
        "game", "kind", "seed", "count", "paper", "mono", "formats", "lang", "cmyk", "options"]
    assert cfg.request_fields(r, False, formats=True)["formats"] == ["svg", "pdf"]
    # an aid has every language; press colour only when asked for
    aid = an_item(2, 9, "all", "aid", None, 2, "a4", False, ("pdf",), {}, ("tanis", "tut"))
    assert cfg.request_fields(aid.request, True) == {
        "game": "all", "kind": "aid", "seed": None, "count": 2, "paper": "a4", "mono": False,
        "options": {}}
