"""Every product in French (``--lang fr``): built on both papers, in colour and mono, with the
options that change what a sheet says; fitted (print rules, no text over another); read back
from the PDF with the French words and none of the English catalogue's; a missing key is a
build error naming it. The French rules of Tutankhamen are printed in French unless --lang says
otherwise (a default that follows --variant)."""

from __future__ import annotations

import re
import shutil

import pytest

from generator.core.errors import BuildError
from generator.core.i18n import Catalogue, catalogue, catalogue_root
from generator.draw.checks import legibility_problems, print_problems, text_overlaps
from generator.draw.paper import make_sheet
from generator.draw.scene import Page, Text
from generator.produce import build, render_files

#: Options that change what each product prints (a few seeds each); every product is built in
#: both languages, on A4 and Letter, in colour and mono.
MATRIX = {
    ("tut", "trail"): [{"shape": "serpentine", "variant": "en", "players": 2},
                       {"shape": "spiral", "variant": "fr", "players": 6},
                       {"shape": "meander", "variant": "fr", "players": 3},
                       {"shape": "meander", "variant": "en", "players": 5, "rating_games": 2},
                       {"variant": "fr", "players": 4, "rating_games": 2}],
    ("tumba", "setup"): [{"mode": "standard", "players": 2}, {"mode": "advanced", "players": 6},
                         {"mode": "advanced", "players": 3}],
    ("tanis", "dig"): [{"style": "classic"}, {"style": "random"}],
    ("realms", "sheet"): [{"map": "map-2"}, {"map": "map-4", "players": 2, "start": "easy"},
                          {"map": "map-3,map-1", "players": 2, "start": "kids"},
                          {"map": "random", "size": "13x16", "rating_games": 0}],
    ("realms", "map"): [{"rating_games": 0}],
}
SEEDS = {("tut", "trail"): (3, 4), ("tumba", "setup"): (3, 4)}


#: Products known to fail the check, with why (none: keep the mechanism for the next one).
KNOWN: dict[tuple[str, str], str] = {}


@pytest.mark.parametrize("product", [
    pytest.param(p, marks=pytest.mark.xfail(reason=KNOWN[p], strict=False)) if p in KNOWN else p
    for p in MATRIX], ids=lambda p: " ".join(p))
def test_every_sheet_fits_in_both_languages(product):
    """No string overflows its box (the build fails on one) or runs over another; every page
    keeps the print rules and, in French, the legibility rules too."""
    problems = []
    for seed in SEEDS.get(product, (3,)):
        for options in MATRIX[product]:
            for lang in ("en", "fr"):
                for paper in ("a4", "letter"):
                    for mono in (False, True):
                        sheet = make_sheet(paper, mono)
                        for b in build(*product, seed, paper=paper, mono=mono, options=options,
                                       lang=lang):
                            assert b.info.lang == lang
                            for page in b.pages:
                                found = print_problems(page, sheet) + text_overlaps(page)
                                if lang == "fr":
                                    found += legibility_problems(page, sheet)
                                problems += [f"{seed} {options} {lang} {paper} {mono}: {p}"
                                             for p in found]
    assert problems == []


def test_a_text_over_another_is_found():
    """The overlap check can fail: a label that ran into its neighbour."""
    a = Text(10, 20, "Objets magiques", 8, 24.0, "start", True, "#000000", False)
    b = Text(30, 20, "entourez", 6, 10.0, "start", False, "#000000", False)
    c = Text(30, 30, "entourez", 6, 10.0, "start", False, "#000000", False)
    assert len(text_overlaps(Page(100, 100, (a, b)))) == 1
    assert text_overlaps(Page(100, 100, (a, c))) == []


# ---- read back from the PDF -------------------------------------------------------------------

#: What a French page must say (its title and key words), and the catalogue tables its words
#: come from (checked for English leftovers).
FRENCH = {
    ("tut", "trail", (("variant", "fr"),)): (
        ("Tutanchamun — disposition du fleuve", "Ordre de pose", "Triez d’abord la boîte",
         "Chaise 8", "Masques de pharaon (3 dalles)", "Pièces d’or (3 dalles)",
         "Toutankhamon : sur la pyramide", "règle française", "graine 5"), ("tut.trail",)),
    ("tut", "trail", (("variant", "en"),)): (
        ("Tutankhamen — disposition du chemin", "Masque 8", "Pharaon (3 tuiles)",
         "Sac d’or (3 tuiles)", "Roi Tut : sur la pyramide", "règle anglaise"), ("tut.trail",)),
    ("tanis", "dig", (("style", "classic"),)): (
        ("Tanis — plan de fouille", "Couche 1", "Retourner la boîte", "style classique",
         "Tanis — feuille de marque", "Explorateur", "Terrassier", "Décompte des groupes",
         "6 ou plus", "Vainqueur"), ("tanis.dig", "tanis.names")),
    ("tumba", "setup", (("mode", "advanced"),)): (
        ("Tutan Tumba — mise en place", "TOMBEAU", "Ordre de pose", "Préparatifs",
         "But : 8 momies dans le tombeau", "J1 sur la ligne"), ("tumba.setup",)),
    ("tumba", "setup", (("mode", "standard"),)): (
        ("Tutan Tumba — mise en place", "disposition fixe", "Lignes 1 à 4 : 3 chambres chacune.",
         "Pas à l’échelle"), ("tumba.setup",)),
    ("realms", "sheet", (("map", "map-2"), ("players", 2), ("start", "easy"))): (
        ("Hidden Realms : The Mummy’s Tomb", "Les Salles englouties", "Joueur 1 sur 2",
         "Manches", "Sac à dos", "Baguette des murs", "Passe-partout",
         "déjà entourées (départ « facile ») : 3", "classée standard"),
        ("realms.sheet", "realms.names")),
    ("realms", "map", (("rating_games", 0),)): (
        ("Hidden Realms : The Mummy’s Tomb", "générée, non classée", "Décompte", "Monstres"),
        ("realms.sheet", "realms.names")),
}


def pdf_text(built, tmp_path) -> str:
    """Every page's text from the run's PDF, white space (no-break spaces too) made single."""
    from pypdf import PdfReader

    pdf = next(data for _, fmt, _, data in render_files(built, ("pdf",)) if fmt == "pdf")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    words = " ".join(page.extract_text() for page in PdfReader(str(path)).pages)
    return " ".join(words.replace("\xa0", " ").split())


#: Proper names a French page prints as they are (the game's own title).
PROPER_NAMES = ("The Mummy’s Tomb",)


def english_leftovers(text: str, tables: tuple[str, ...]) -> list[str]:
    """The English catalogue's phrases (between placeholders) of ``tables`` found in ``text``,
    where the French says something else: a proper name is the same in both and not counted."""
    en, fr = Catalogue("en"), Catalogue("fr")
    for name in PROPER_NAMES:
        text = text.replace(name, "")
    found = []
    for key in sorted(en.keys()):
        if not key.startswith(tables) or en.template(key) == fr.template(key):
            continue
        for part in re.split(r"\{[^{}]*\}", en.template(key).replace("\xa0", " ")):
            phrase = " ".join(part.split()).strip(" .,:;·()")
            if sum(c.isalpha() for c in phrase) >= 4 and \
                    re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text):
                found.append(f"{key}: {phrase!r}")
    return found


@pytest.mark.parametrize("case", list(FRENCH), ids=lambda c: f"{c[0]} {c[1]} {dict(c[2])}")
def test_french_pages_read_back_in_french(case, tmp_path):
    game, kind, options = case
    expected, tables = FRENCH[case]
    built = build(game, kind, 5, options=dict(options), lang="fr")
    text = pdf_text(built, tmp_path)
    for words in expected:
        assert words in text, words
    command = built[0].info.command()
    assert f"{command} · graine 5 · tombgen" in text       # the footer remakes the page
    leftovers = english_leftovers(text.replace(command, ""), tables + ("common.page",))
    assert leftovers == []


def test_the_leftover_check_finds_english():
    """It can fail: an English phrase of the catalogue on a page."""
    text = "Tanis — plan de fouille … Turning the box over … graine 5"
    assert english_leftovers(text, ("tanis.dig",)) == ["tanis.dig.turning: 'Turning the box over'"]


def test_no_english_data_names_on_french_pages(tmp_path):
    """Names of pieces that are data are printed in the sheet's language: no English map name
    on a French Hidden Realms sheet, no English piece name on a French Tutankhamen sheet."""
    realms = pdf_text(build("realms", "sheet", 5, options={"map": "map-1"}, lang="fr"), tmp_path)
    assert "Carte 1" in realms and "Map 1" not in realms
    trail = pdf_text(build("tut", "trail", 5, lang="fr"), tmp_path)
    for english in ("Bag of Gold", "King Tut", "Scarab", "Mask", "Pharaoh"):
        assert not re.search(rf"\b{english}\b", trail), english


# ---- the catalogue ----------------------------------------------------------------------------

#: The tables of the products' sheets (besides the aids'): each language has every one.
SHEET_TABLES = ("realms.sheet.", "realms.names.", "tut.trail.", "tanis.dig.", "tanis.dig.pad.",
                "tanis.names.", "tumba.setup.", "common.page.", "common.number.")


def test_every_sheet_table_is_in_both_languages_with_the_same_placeholders():
    en, fr = Catalogue("en"), Catalogue("fr")
    for prefix in SHEET_TABLES:
        keys = {k for k in en.keys() if k.startswith(prefix)}  # noqa: SIM118 - no Catalogue.__iter__
        assert keys and keys == {k for k in fr.keys() if k.startswith(prefix)}, prefix  # noqa: SIM118
        for key in keys:
            assert en.placeholders(key) == fr.placeholders(key), key


def test_french_typography_apostrophes_and_no_break_spaces():
    """One apostrophe (’) in French, as the aids; a no-break space before : ; ! ? % and inside
    « », never a plain one (the line may not break there)."""
    fr = Catalogue("fr")
    for key in fr.keys():  # noqa: SIM118 - a Catalogue has keys() but no __iter__
        text = fr.template(key)
        assert "'" not in text, f"{key}: {text!r}"
        assert not re.search(r" [:;!?%»]|« ", text), f"{key}: {text!r}"


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """The catalogues copied where a test may break them, in use for the sheets."""
    import generator.core.i18n as i18n

    root = tmp_path / "i18n"
    shutil.copytree(catalogue_root(), root)
    monkeypatch.setattr(i18n, "catalogue_root", lambda: root)
    catalogue.cache_clear()
    yield root
    catalogue.cache_clear()


def test_a_missing_french_string_stops_the_build_naming_its_key(planted):
    path = planted / "fr" / "tumba.toml"
    text = path.read_text(encoding="utf-8")
    assert 'tomb = "TOMBEAU"\n' in text
    path.write_text(text.replace('tomb = "TOMBEAU"\n', ""), encoding="utf-8")
    with pytest.raises(BuildError, match=r"fr/tumba\.toml: missing string tumba\.setup\.tomb "):
        build("tumba", "setup", 1, lang="fr")
    build("tumba", "setup", 1, lang="en")      # English has it: no fallback either way


# ---- --lang follows --variant ----------------------------------------------------------------

def run_trail(runner, out, *args) -> tuple[str, str]:
    """(SVG, JSON) of ``tut trail --seed 2 ARGS`` made by the command."""
    from generator.cli import main

    result = runner.invoke(main, ["tut", "trail", "--seed", "2", "--format", "svg,json",
                                  "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    (svg,) = out.glob("tut-trail-2*.svg")          # file names carry the options that differ
    (doc,) = out.glob("tut-trail-2*.json")
    return svg.read_text(encoding="utf-8"), doc.read_text(encoding="utf-8")


def test_tut_trail_lang_defaults_to_the_variants_language(runner, tmp_path):
    from generator.cli import main

    svg, doc = run_trail(runner, tmp_path / "a", "--variant", "fr")
    assert "Tutanchamun — disposition du fleuve" in svg and '"lang": "fr"' in doc
    assert ">tut trail --variant fr · graine 2 · " in svg          # the default: no --lang
    svg, doc = run_trail(runner, tmp_path / "b", "--variant", "fr", "--lang", "en")
    assert "Tutanchamun — trail layout" in svg and '"lang": "en"' in doc
    assert ">tut trail --variant fr --lang en · seed 2 · " in svg
    svg, doc = run_trail(runner, tmp_path / "c")
    assert "Tutankhamen — trail layout" in svg and '"lang": "en"' in doc
    help_text = runner.invoke(main, ["tut", "trail", "--help"]).output
    assert "Default: as --variant." in " ".join(help_text.split())


def test_the_declaration_says_what_the_default_follows():
    from generator.registry import Follows, game

    trail = game("tut").product("trail")
    lang = trail.option("lang")
    assert lang.default == Follows("variant", "en")
    assert lang.describe()["default"] is None and lang.describe()["follows"] == "variant"
    assert trail.shared_default("lang", {"variant": "fr"}) == "fr"
    assert trail.shared_default("lang", {}) == "en"
    assert game("tanis").product("dig").shared_default("lang", {"style": "classic"}) == "en"


# ---- names that are data, and numbers -------------------------------------------------------

@pytest.mark.parametrize("name, french", [
    ("Map 1", "Carte 1"),                                  # seeds/realms.toml: shipped maps
    ("The Long Gallery", "La Longue Galerie"),
    ("The Pharaoh's Spiral", "La Spirale du pharaon"),
    ("The Sunken Vault", "Le Caveau englouti"),            # generated: noun, adjective agrees
    ("The Gilded Crypt", "La Crypte dorée"),
    ("The Cursed Catacombs", "Les Catacombes maudites"),
    ("The Endless Passages", "Les Passages sans fin"),
    ("Crypt of my club", "Crypt of my club"),              # a maker's own name, as written
])
def test_map_names_on_a_french_sheet(name, french):
    from generator.games.realms.render import map_title

    assert map_title(name, "fr") == french
    assert map_title(name, "en") == name


def test_every_generated_map_name_has_a_french_name():
    from generator.games.realms.model import data
    from generator.games.realms.render import map_title

    gen = data()["generate"]
    for adjective in gen["adjectives"]:
        for noun in gen["nouns"]:
            english = f"The {adjective} {noun}"
            french = map_title(english, "fr")
            assert french != english and french.split()[0] in ("Le", "La", "Les"), english


def test_numbers_as_each_language_writes_them():
    en, fr = catalogue("en").words("tut.trail"), catalogue("fr").words("tut.trail")
    assert (en.num(14.23, ".1f"), fr.num(14.23, ".1f")) == ("14.2", "14,2")
    assert (en.num(67.5), fr.num(67.5)) == ("67.5", "67,5")
    assert (en.num(20000), fr.num(20000)) == ("20,000", "20\xa0000")
    assert (en.num(200), fr.num(200)) == ("200", "200")


# ---- the footer ---------------------------------------------------------------------------------

def test_a_french_footer_keeps_the_command_and_says_the_rest_in_french():
    from generator import GENERATOR
    from generator.produce import RunInfo, footer_line, pdf_metadata

    sheet = make_sheet("a4")
    info = RunInfo("realms", "sheet", 21, 1, 3, {"map": "random", "players": 2}, "fr")
    line, full = footer_line(info, sheet)
    assert line.text == full == (f"realms sheet --map random --players 2 --count 3 --lang fr · "
                                 f"graine 21 · exemplaire 2 sur 3 · {GENERATOR}")
    _, subject, keywords = pdf_metadata(info, 3, sheet)
    assert subject == (f"realms sheet --map random --players 2 --count 3 --lang fr · graine 21 "
                       f"· 3 exemplaires · {GENERATOR}") and "lang=fr" in keywords
    long = RunInfo("realms", "sheet", 5, 0, 1, {"map": "x" * 400 + ".toml"}, "fr")
    assert footer_line(long, sheet)[0].text == (
        f"realms sheet · graine 5 · {GENERATOR} · trop d’options pour cette ligne\xa0: voyez les "
        "métadonnées du PDF ou le JSON")


def test_the_french_footer_remakes_the_page(runner, tmp_path):
    """Run the command a French page's footer names: the same files, byte for byte."""
    import shlex

    first, again = tmp_path / "a", tmp_path / "b"
    svg, _ = run_trail(runner, first, "--variant", "en", "--lang", "fr", "--shape", "meander")
    printed = re.search(r"<text[^>]*>([^<]*· graine 2 ·[^<]*)</text>", svg).group(1)
    command = printed.split(" · ")[0]
    assert command == "tut trail --shape meander --lang fr"
    again_svg, _ = run_trail(runner, again, *shlex.split(command)[2:])
    assert again_svg == svg
