"""The text catalogues: the same keys in every language, the same placeholders in every
translation of a key, a missing key or value is an error naming the key and the file."""

import re
import shutil

import pytest

from generator.core.errors import BuildError, InputError
from generator.core.i18n import (
    LANGUAGES,
    Catalogue,
    catalogue,
    catalogue_root,
    placeholders,
    problems,
)


def test_every_language_has_the_same_keys_with_the_same_placeholders():
    assert problems() == []
    keys = {lang: Catalogue(lang).keys() for lang in LANGUAGES}
    assert keys["en"] == keys["fr"] and len(keys["en"]) > 100


def test_every_translation_has_the_placeholders_of_the_english():
    en, fr = Catalogue("en"), Catalogue("fr")
    for key in sorted(en.keys()):
        assert en.placeholders(key) == fr.placeholders(key), key


@pytest.fixture
def planted(tmp_path):
    """A copy of the real catalogues that a test may break."""
    root = tmp_path / "i18n"
    shutil.copytree(catalogue_root(), root)
    return root


def test_a_key_missing_in_one_language_is_found(planted):
    path = planted / "fr" / "tanis.toml"
    text = path.read_text(encoding="utf-8")
    assert '[aid.turn]\ntitle = "À votre tour"\n' in text
    path.write_text(text.replace('[aid.turn]\ntitle = "À votre tour"\n', "[aid.turn]\n"),
                    encoding="utf-8")
    found = problems(planted)
    assert len(found) == 1 and "fr/tanis.toml: missing tanis.aid.turn.title " in found[0]


def test_a_placeholder_only_one_language_has_is_found(planted):
    path = planted / "fr" / "tanis.toml"
    text = path.read_text(encoding="utf-8")
    assert "{tiles} tuiles" in text
    path.write_text(text.replace("{tiles} tuiles", "{count} tuiles"), encoding="utf-8")
    found = problems(planted)
    assert found and all("different placeholders" in p for p in found)
    assert any("tanis.aid.setup.shuffle" in p and "count" in p and "tiles" in p for p in found)
    # and the other way round: the English gains a placeholder the French lacks
    shutil.copy(catalogue_root() / "fr" / "tanis.toml", path)
    en = planted / "en" / "tanis.toml"
    en.write_text(en.read_text(encoding="utf-8").replace(
        '[aid.turn]\ntitle = "Your turn"', '[aid.turn]\ntitle = "Your turn, {player}"'),
        encoding="utf-8")
    assert any("tanis.aid.turn.title" in p for p in problems(planted))


def test_a_missing_key_is_an_error_naming_key_and_file_never_english(planted):
    cat = Catalogue("fr", planted)
    with pytest.raises(BuildError, match=r"fr/tanis\.toml: missing string tanis\.aid\.nothing "):
        cat["tanis.aid.nothing"]
    with pytest.raises(BuildError, match=r"fr/chess\.toml: no catalogue file"):
        cat["chess.aid.title"]
    (planted / "fr" / "tanis.toml").unlink()
    with pytest.raises(BuildError, match=r"fr/tanis\.toml"):
        Catalogue("fr", planted)["tanis.aid.turn.title"]


def test_values_fill_placeholders_and_a_missing_value_is_an_error():
    cat = catalogue("en")
    assert cat("tanis.aid.setup.shuffle", tiles=40).startswith("Shuffle the 40 tiles")
    with pytest.raises(BuildError, match=r"en/tanis\.toml \[tanis\.aid\.setup\.shuffle\].*tiles"):
        cat("tanis.aid.setup.shuffle")
    with pytest.raises(BuildError, match="has placeholders"):
        cat["tanis.aid.setup.shuffle"]
    assert cat["tanis.aid.turn.title"] == "Your turn"


def test_placeholders_and_literal_braces():
    assert placeholders("{a} and {b:g} but {{not}}") == {"a", "b"}
    assert "<malformed braces>" in placeholders("{oops")


def test_unknown_language_and_bad_values(planted):
    with pytest.raises(InputError, match="--lang de"):
        Catalogue("de")
    path = planted / "en" / "tanis.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[aid.bad]\nvalue = 3\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"en/tanis\.toml \[aid\.bad\.value\]: expected a string"):
        Catalogue("en", planted)["tanis.aid.turn.title"]


def test_french_punctuation_is_never_alone_at_the_start_of_a_line():
    """French puts a space before : ; ! ? and inside « »; it must not break, so it is U+00A0."""
    fr = Catalogue("fr")
    for key in fr.keys():  # noqa: SIM118 - a Catalogue has keys() but no __iter__
        text = fr.template(key)
        assert not re.search(r" [:;!?»]|« ", text), f"{key}: {text!r}"
