"""Batch configs: options checked by the real commands, every error naming its config line."""

import pytest
from batch_support import example_config, has_product, write
from helpers import english_only

from generator.batch.config import Lines, load_config
from generator.core.errors import InputError, RuleError


def problems(tmp_path, text: str) -> list[str]:
    """The error lines a config produces (``file:line: message``)."""
    with pytest.raises((InputError, RuleError)) as err:
        load_config(write(tmp_path, text))
    return err.value.message.splitlines()


def line_of(messages: list[str], number: int) -> str:
    found = [m for m in messages if m.split(":")[1] == str(number)]
    assert found, (number, messages)
    return found[0]


def test_example_config_is_parsed_with_the_commands_defaults(tmp_path):
    config = load_config(write(tmp_path, example_config()))
    first, second = config.items
    one, two = first.request, second.request
    assert one.count in (3, 6) and one.seed == 41 and first.line == 1
    if has_product("realms", "sheet"):
        assert (one.game, one.kind, one.count) == ("realms", "sheet", 6)
        assert one.options["map"] == "random"
    assert one.formats == ("svg", "pdf", "json") and one.paper == "a4" and not one.mono
    if has_product("tumba", "setup"):
        assert (two.game, two.kind) == ("tumba", "setup")
        assert two.options == {"mode": "advanced", "players": 5}
    assert two.seed == 9 and two.count == 3 and second.line == first.line + 7
    assert len(config.sha256) == 64


def test_options_reach_the_item_as_the_command_passes_them(tmp_path):
    text = ('[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 3\nformat = ["json", "svg"]\n'
            'paper = "letter"\nmono = true\n')
    item = load_config(write(tmp_path, text)).items[0]
    r = item.request
    assert r.options == {"style": "random"}  # the command's default, filled in
    assert r.formats == ("json", "svg") and r.paper == "letter" and r.mono
    assert r.count == 1 and not item.seed_drawn


def test_comma_separated_format_and_hyphenated_keys(tmp_path):
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 3\nformat = "pdf"\n'
    assert load_config(write(tmp_path, text)).items[0].request.formats == ("pdf",)


def test_a_missing_seed_is_drawn_and_kept_on_the_next_run(tmp_path):
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 2\n'
    item = load_config(write(tmp_path, text)).items[0]
    assert item.seed_drawn and isinstance(item.request.seed, int)
    before = {0: item.describe()}
    again = load_config(write(tmp_path, text), before).items[0]
    assert again.request.seed == item.request.seed and not again.seed_drawn


def test_out_in_the_batch_table_is_relative_to_the_config(tmp_path):
    text = '[batch]\nout = "prints"\n\n[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 1\n'
    assert load_config(write(tmp_path, text)).out == tmp_path / "prints"


BAD = """\
[batch]
out = "x"
speed = 3

[[item]]
game = "tanis"
kind = "dig"
style = "zigzag"

[[item]]
game = "chess"
kind = "board"

[[item]]
game = "tanis"
kind = "map"

[[item]]
game = "tanis"
kind = "dig"
colour = "red"

[[item]]
game = "tanis"
kind = "dig"
count = 0

[[item]]
kind = "dig"

[[item]]
game = "tanis"
kind = "dig"
mono = "yes"

[[item]]
game = "tanis"
kind = "dig"
out = "elsewhere"

[[item]]
game = "tanis"
kind = "dig"
style = ["random", "classic"]
"""


def test_every_problem_is_reported_with_its_line(tmp_path):
    messages = problems(tmp_path, BAD)
    assert all(m.startswith(str(tmp_path / "batch.toml") + ":") for m in messages)
    assert "unknown key speed in [batch]" in line_of(messages, 3)
    assert "zigzag is not one of" in line_of(messages, 8) and "item 1 (tanis dig)" in line_of(messages, 8)
    assert "unknown game chess" in line_of(messages, 11)
    assert "tanis makes no map" in line_of(messages, 16)
    assert "unknown key colour" in line_of(messages, 21) and "--style" not in line_of(messages, 21)
    assert "--count" in line_of(messages, 26)
    assert "no game" in line_of(messages, 28)
    assert "write true or false" in line_of(messages, 34)
    assert "out cannot be set per item" in line_of(messages, 39)
    assert "takes one value, not a list" in line_of(messages, 44)
    assert len(messages) == 10


def test_unknown_top_level_key_and_no_items(tmp_path):
    assert "unknown top-level key items" in problems(tmp_path, 'items = 3\n')[0]
    assert "no [[item]] tables" in problems(tmp_path, '[batch]\nout = "x"\n')[0]


def test_invalid_toml_names_the_place(tmp_path):
    message = problems(tmp_path, '[[item]]\ngame = "tanis\n')[0]
    assert "invalid TOML" in message and "batch.toml:2:" in message


def test_option_range_of_another_game(tmp_path):
    if has_product("tumba", "setup"):
        text = '[[item]]\ngame = "tumba"\nkind = "setup"\nseed = 1\n\nplayers = 9\n'
        assert "--players" in line_of(problems(tmp_path, text), 6)
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 1\n\nseed = 2\n'
    assert "invalid TOML" in problems(tmp_path, text)[0]


def test_a_command_callback_refusal_names_its_key(tmp_path):
    """tut trail checks --table in its callback: the message still points at the key."""
    if has_product("tut", "trail"):
        text = '[[item]]\ngame = "tut"\nkind = "trail"\nseed = 1\ntable = "3x3"\n'
        assert "--table" in line_of(problems(tmp_path, text), 5)
    if has_product("realms", "sheet"):  # a named map cannot make different sheets
        text = '[[item]]\ngame = "realms"\nkind = "sheet"\nmap = "map-1"\nseed = 1\ncount = 2\n'
        assert "--count" in line_of(problems(tmp_path, text), 6)
        text = '[[item]]\ngame = "realms"\nkind = "sheet"\nmap = "maps/none.toml"\n'
        assert "file not found" in line_of(problems(tmp_path, text), 4)
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = -1\n'
    assert "--seed" in line_of(problems(tmp_path, text), 4)


def test_file_paths_are_relative_to_the_config_and_must_exist(tmp_path):
    """Only options declared to take files (realms --map) read paths; the file must exist."""
    text = '[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\nmap = "maps/mine.toml"\n'
    assert "file not found" in line_of(problems(tmp_path, text), 5)
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "mine.toml").write_text("")
    # Found, so resolved to an absolute path (read when the item is made).
    item = load_config(write(tmp_path, text)).items[0]
    assert item.request.options["map"] == str((tmp_path / "maps" / "mine.toml").resolve())
    # An option that takes no file keeps its value: the command refuses it as a style.
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 1\nstyle = "maps/mine.toml"\n'
    assert "is not one of" in line_of(problems(tmp_path, text), 5)


def test_options_are_resolved_without_running_the_command(tmp_path, monkeypatch):
    """A config is checked from the products' declarations: neither the command's callback nor
    the pipeline runs, and what each option requires is enforced with the key's line."""
    import generator.produce as produce

    def refuse(*args, **kwargs):
        raise AssertionError("the pipeline ran while a config was checked")

    monkeypatch.setattr(produce, "produce", refuse)
    monkeypatch.setattr(produce, "build", refuse)
    text = ('[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\nmap = "random"\n'
            'rating_games = 0\nlang = "en"\n')
    item = load_config(write(tmp_path, text)).items[0]
    assert item.request.options == {"map": "random", "difficulty": None, "players": 1,
                            "rating_games": 0, "size": None, "start": "normal"}
    assert item.request.lang == "en"
    text = '[[item]]\ngame = "realms"\nkind = "sheet"\nseed = 1\n\nsize = "14"\n'
    assert "--size 14: only with --map random" in line_of(problems(tmp_path, text), 6)
    english_only(monkeypatch, "tanis", "dig")
    text = '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 1\nlang = "fr"\n'
    assert "printed in en only" in line_of(problems(tmp_path, text), 5)




def test_a_trail_item_is_printed_in_its_rules_language_unless_lang_says_otherwise(tmp_path):
    """--lang follows --variant in batch items exactly as on the command line."""
    base = '[[item]]\ngame = "tut"\nkind = "trail"\nseed = 1\n'
    assert load_config(write(tmp_path, base + 'variant = "fr"\n')).items[0].request.lang == "fr"
    assert load_config(write(tmp_path, base)).items[0].request.lang == "en"
    both = base + 'variant = "fr"\nlang = "en"\n'
    assert load_config(write(tmp_path, both)).items[0].request.lang == "en"


def test_two_items_writing_the_same_files(tmp_path):
    text = ('[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 4\ncount = 2\n\n'
            '[[item]]\ngame = "tanis"\nkind = "dig"\nseed = 4\ncount = 2\n')
    message = line_of(problems(tmp_path, text), 7)
    assert "same files" in message and "item 1 (line 1)" in message
    # a run of one item and a run of two name their files apart (--count is in the names)
    other = text.replace("count = 2\n", "", 1)
    assert len(load_config(write(tmp_path, other)).items) == 2


def test_aid_items(tmp_path):
    text = '[[item]]\ngame = "all"\nkind = "aid"\nlang = "fr"\n'
    item = load_config(write(tmp_path, text)).items[0]
    assert item.is_aid and item.request.options["lang"] == "fr" and "tanis" in item.games
    bad = '[[item]]\ngame = "tanis"\nkind = "aid"\nlang = "de"\nseed = 3\nbleed = 9\n'
    messages = problems(tmp_path, bad)
    assert "unknown key seed" in line_of(messages, 5)


def test_lines_index():
    lines = Lines('# c\n[batch]\nout = "x"\n\n[[item]]\ngame = "a"\n"kind" = "b"\n[[item]]\n'
                  'game = "c"\n')
    assert lines.items == [5, 8]
    assert lines.key("batch", "out") == 3
    assert lines.key(0, "kind") == 7 and lines.key(1, "game") == 9
    assert lines.key(1, "nothing") == 8
