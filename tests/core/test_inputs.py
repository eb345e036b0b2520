"""Reading untrusted documents: size, nesting, JSON numbers, and every text checked."""

import pytest

from generator.core.errors import InputError, RuleError
from generator.core.inputs import (
    parse_json,
    parse_toml,
    printable,
    read_text,
    text_problem,
)


@pytest.mark.parametrize("text, kind", [
    ("a\x00b", "control character (U+0000)"),
    ("bell\x07", "control character (U+0007)"),
    ("esc\x1b[31m", "control character (U+001B)"),
    ("del\x7f", "control character (U+007F)"),
    ("c1\x85", "control character (U+0085)"),
    ("half\ud800", "lone surrogate (U+D800)"),
    ("\udcff", "lone surrogate (U+DCFF)"),
    ("abc\u202edcba", "bidirectional control (U+202E)"),
    ("\u2066isolate", "bidirectional control (U+2066)"),
    ("not\uffff", "non-character (U+FFFF)"),
])
def test_hostile_characters_are_named(text, kind):
    assert kind in text_problem(text)


@pytest.mark.parametrize("text", ["Map 1", "Pièces d'or", "line\nbreak\ttab\r", "×−→ 🙂", ""])
def test_ordinary_text_passes(text):
    assert text_problem(text) is None


def test_length_limit_is_ten_thousand_characters():
    assert text_problem("x" * 10_000) is None
    assert "10,001 characters long; at most 10,000" in text_problem("x" * 10_001)


def test_a_hostile_text_anywhere_is_exit_1_naming_the_field():
    with pytest.raises(RuleError, match=r"doc.json \[players\[1\].name\]: this text holds a "
                                        r"control character \(U\+0000\)"):
        parse_json('{"players": [{"name": "a"}, {"name": "b\\u0000"}]}', "doc.json")
    with pytest.raises(RuleError, match=r"doc.json \[a\]: a key here holds a lone surrogate"):
        parse_json('{"a": {"\\ud834": 1}}', "doc.json")
    with pytest.raises(RuleError, match=r"map.toml \[name\]: this text is 20,000 characters"):
        parse_toml('name = "' + "n" * 20_000 + '"\n', "map.toml")


def test_nesting_beyond_the_limit_is_exit_2_even_past_the_parsers_own_stack():
    assert parse_json("[" * 64 + "]" * 64, "x") is not None
    with pytest.raises(InputError, match="nested more than 64 deep"):
        parse_json("[" * 65 + "]" * 65, "x")
    with pytest.raises(InputError, match="nested more than 64 deep"):
        parse_json("[" * 100_000, "deep.json")  # the C parser would raise RecursionError
    with pytest.raises(InputError, match="nested more than 64 deep"):
        parse_toml("a = " + "[" * 100_000, "deep.toml")


@pytest.mark.parametrize("text, why", [
    ('{"a": NaN}', "NaN"), ('{"a": -Infinity}', "-Infinity"), ('{"a": 1e999}', "too large"),
    ('{"a": ' + "7" * 5000 + "}", "thousands of digits"), ('{"a": 1,}', "2:1|1:9"),
])
def test_numbers_no_field_takes_are_refused(text, why):
    with pytest.raises(InputError) as caught:
        parse_json(text, "n.json")
    assert any(part in caught.value.message for part in why.split("|"))


def test_files_over_the_size_limit_are_refused_before_reading(tmp_path, monkeypatch):
    import generator.core.inputs as inputs

    monkeypatch.setattr(inputs, "input_limit", lambda name: 100 if name == "bytes" else 64)
    (tmp_path / "ok.json").write_text("{}" + " " * 98)
    assert read_text(tmp_path / "ok.json").startswith("{}")
    (tmp_path / "big.json").write_text("{}" + " " * 99)
    with pytest.raises(InputError, match="larger than 100 bytes"):
        read_text(tmp_path / "big.json")
    with pytest.raises(InputError, match="larger than 100 bytes"):
        read_text("/dev/zero")  # a device that never ends


def test_standard_input_closed_or_not_utf8(tmp_path, monkeypatch):
    import sys

    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(InputError, match="standard input is closed"):
        read_text("-")
    (tmp_path / "latin.json").write_bytes(b'{"name": "caf\xe9"}')
    with pytest.raises(InputError, match=r"not UTF-8 text \(byte 14\)"):
        read_text(tmp_path / "latin.json")


def test_printable_escapes_what_a_terminal_or_pdf_cannot_take():
    assert printable("a\x00b\udcffc\u202e\nd") == "a\\x00b\\udcffc\\u202e\nd"
    assert printable("x" * 50, 10) == "x" * 10 + "… (40 more characters)"
