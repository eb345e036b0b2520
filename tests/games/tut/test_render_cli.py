"""The trail sheet (one page, print rules, pictograms as symbols) and the tut commands."""

import json
import re

import pytest

from generator.cli import main
from generator.draw.checks import named_groups, print_problems, text_overlaps
from generator.draw.paper import make_sheet
from generator.draw.scene import Circle, Rect, Text, Use, walk
from generator.games.tut.generate import SHAPES
from generator.produce import build, render_files

OPTIONS = {"players": 4, "variant": "en", "shape": "serpentine", "table": "16x10",
           "spread": False, "no_specials_before": 0, "rating_games": 0}


def page_of(seed=3, paper="a4", mono=False, **options):
    built = build("tut", "trail", seed, paper=paper, mono=mono, options={**OPTIONS, **options})
    assert len(built[0].pages) == 1
    return built[0].pages[0], make_sheet(paper, mono)


def texts_in(page, group):
    return [item.text for item, _, names in walk(page) if isinstance(item, Text)
            and group in names]


@pytest.mark.parametrize("paper, mono", [("a4", False), ("a4", True), ("letter", False),
                                         ("letter", True)])
@pytest.mark.parametrize("shape", SHAPES)
def test_sheet_passes_print_rules(paper, mono, shape):
    page, sheet = page_of(paper=paper, mono=mono, shape=shape, variant="fr", players=6,
                          rating_games=4)
    assert print_problems(page, sheet) == []
    assert {"table", "index", "order", "balance"} <= named_groups(page)


@pytest.mark.parametrize("table", ["10x16", "30x30", "30x5", "5x23", "11x11"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant", ["en", "fr"])
def test_other_tables_fit_one_page(table, paper, variant):
    """In English and (the French rules' default) in French."""
    page, sheet = page_of(table=table, shape="meander", paper=paper, rating_games=2,
                          variant=variant)
    assert print_problems(page, sheet) == [] and text_overlaps(page) == []


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("table", ["16x10", "30x30", "11x12"])
def test_start_badge_never_covers_a_tile_number(shape, table):
    for seed in range(6):
        page, _ = page_of(seed=seed, shape=shape, table=table)
        items = [(item, m) for item, m, names in walk(page) if "table" in names]
        badge = next(item for item, _ in items if isinstance(item, Circle))
        bx0, by0, bx1, by1 = badge.bounds()
        trail = build("tut", "trail", seed, options={**OPTIONS, "shape": shape,
                                                     "table": table})[0].item
        from generator.games.tut.render_tiles import start_cell

        sx, sy = start_cell(trail)
        assert (sx, sy) not in trail.path and (sx, sy) != trail.pyramid
        assert abs(sx - trail.path[0][0]) + abs(sy - trail.path[0][1]) == 1
        for item, _ in items:
            if isinstance(item, Text) and item.text.isdigit():
                x0, y0, x1, y1 = item.bounds()
                assert x1 <= bx0 or bx1 <= x0 or y1 <= by0 or by1 <= y0, (seed, item.text)


def test_every_tile_numbered_and_drawn_with_a_defined_pictogram():
    page, _ = page_of()
    texts = [item.text for item, _, names in walk(page) if isinstance(item, Text)
             and "table" in names]
    assert {str(n) for n in range(1, 70)} <= set(texts)
    defined = [s.name for s in page.symbols]
    assert len(defined) == len(set(defined))          # each pictogram defined once per page

    def uses(items):
        for item in items:
            if isinstance(item, Use):
                yield item.name
            elif hasattr(item, "items"):
                yield from uses(item.items)

    used = list(uses(page.items))
    assert set(used) <= set(defined) and len(used) >= 69 * 2


def test_mono_tells_colours_apart_by_border_not_grey_or_letter():
    from generator.games.tut.render_tiles import frame

    sheet = make_sheet("a4", mono=True)
    looks = {}
    for colour in ("red", "blue", "green"):
        rects = frame(sheet, f"horus-{colour}", 0, 0, 10)
        # what is left once fills and colours are ignored: how many outlines, which dashes
        looks[colour] = tuple((r.style.dash is not None, round(r.w, 2)) for r in rects)
        assert all(r.style.stroke == sheet.theme("ink") for r in rects if r.style.stroke)
    assert looks == {"red": ((False, 10),), "blue": ((True, 10),),
                     "green": ((False, 10), (False, 8.5))}


def test_tile_borders_follow_the_sets_colours():
    built = build("tut", "trail", 3, mono=True, options=OPTIONS)
    trail, page = built[0].item, built[0].pages[0]
    rects = [item for item, _, names in walk(page) if isinstance(item, Rect)
             and "table" in names and item.w < 14 and item.style.stroke]
    dashed = sum(1 for r in rects if r.style.dash)
    blue = sum(1 for c in trail.tiles if c.endswith("-blue"))
    green = sum(1 for c in trail.tiles if c.endswith("-green"))
    assert dashed == blue == 21
    inner = sum(1 for r in rects if r.w < 10 and not r.style.fill)
    assert inner == green == 21


def test_index_lists_every_set_with_its_numbers_and_the_count():
    built = build("tut", "trail", 11, options={**OPTIONS, "shape": "meander"})
    trail, page = built[0].item, built[0].pages[0]
    texts = texts_in(page, "index")
    for code in set(trail.tiles):
        numbers = ", ".join(str(i + 1) for i, c in enumerate(trail.tiles) if c == code)
        if code in ("gold", "pharaoh"):
            name = "Bag of Gold" if code == "gold" else "Pharaoh"
            assert f"{name}: {numbers}" in texts
        else:
            assert numbers in texts, code
    assert any("63 numbered tiles (15 sets) + Bag of Gold (3 tiles) + Pharaoh (3 tiles) = 69 "
               "tiles on the trail" in t for t in texts)
    assert "King Tut: on the pyramid" in texts
    boxes = [item for item, _, names in walk(page) if isinstance(item, Rect)
             and "checkbox" in names and "index" in names]
    assert len(boxes) == 15 + 3 and all(b.w >= 5 for b in boxes)      # pencil-sized


def test_assumptions_are_printed_as_assumptions():
    page, _ = page_of(table="20x12")
    words = " ".join(item.text for item, _, _ in walk(page) if isinstance(item, Text))
    assert "Assumed: 45 mm tiles on a table of 20 × 12 tiles (90 × 54 cm)" in words
    assert "If your tiles are not 45 mm" in words and "seeds/tut.toml" in words


def pdf_text(built, tmp_path) -> str:
    """The first page's text read back from the PDF (no-break spaces as spaces)."""
    from pypdf import PdfReader

    pdf = next(data for name, fmt, _, data in render_files(built, ("pdf",)) if fmt == "pdf")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    return PdfReader(str(path)).pages[0].extract_text().replace("\xa0", " ")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_french_sheet_names_and_pictograms(paper, tmp_path):
    """The French rules print in French by default (--lang follows --variant): the names of
    the French text (seed 004), the sheet's words in French."""
    built = build("tut", "trail", 5, paper=paper, options={**OPTIONS, "variant": "fr"})
    assert built[0].info.lang == "fr"
    words = pdf_text(built, tmp_path)
    for name in ("Tutanchamun — disposition du fleuve", "Chaise 8", "Masques de pharaon (3 dalles)",
                 "Pièces d’or (3 dalles)", "Toutankhamon : sur la pyramide", "Scarabée 1",
                 "rouge (R)", "vert (V)", "Dalles spéciales", "règle française"):
        assert name in words, name
    # The laying order names each tile where the page has room (A4), else colour and value;
    # French colours agree with the name (la chaise verte, le scarabée vert).
    assert ("Chaise rouge 8" in words and "Chaise verte 8" in words) == (paper == "a4")
    for english in ("Mask 8", "Bag of Gold", "King Tut", "Chair", "on the pyramid", "Laying",
                    "red", "seed", "players", "tuiles?", "chemin"):
        assert not re.search(rf"\b{english}\b", words), english
    page = built[0].pages[0]
    used = {item.name for item, _, _ in walk_uses(page)}
    assert {"tut-chair-red", "tut-chair-blue", "tut-chair-green", "tut-mask"} <= used
    assert not {"tut-mask-red", "tut-crown"} & used            # no burial mask, no crown
    symbols = {s.name: s for s in page.symbols}
    from generator.games.tut.pictograms import chair, mask

    sheet = make_sheet(paper)
    assert symbols["tut-mask"].items == tuple(mask(sheet.theme("accent"), sheet.theme("paper")))
    assert symbols["tut-chair-red"].items == tuple(chair(sheet.theme("red"),
                                                         sheet.theme("paper")))


@pytest.mark.parametrize("variant, lang, names, absent", [
    ("fr", "en", ("Tutanchamun — trail layout", "Chair 8", "Pharaoh's Mask (3 tiles)",
                  "Gold Coins (3 tiles)", "Tutankhamun: on the pyramid", "French rules"),
     ("Chaise", "Toutankhamon")),
    ("en", "fr", ("Tutankhamen — disposition du chemin", "Masque 8", "Pharaon (3 tuiles)",
                  "Sac d’or (3 tuiles)", "Roi Tut : sur la pyramide", "règle anglaise"),
     ("Mask 8", "Bag of Gold")),
])
def test_either_rules_in_either_language(variant, lang, names, absent, tmp_path):
    """--lang against the variant's own language: the edition's pieces named in the sheet's
    language (seeds/tut.toml [variant.*.names_in]), and the footer says --lang."""
    built = build("tut", "trail", 5, options={**OPTIONS, "variant": variant}, lang=lang)
    words = pdf_text(built, tmp_path)
    for name in names:
        assert name in words, name
    for name in absent:
        assert name not in words, name
    assert f"--lang {lang} ·" in words and ("--variant fr" in words) == (variant == "fr")


def test_english_sheet_keeps_the_burial_mask_and_the_pharaoh_crown():
    page, _ = page_of(variant="en")
    used = {item.name for item, _, _ in walk_uses(page)}
    assert {"tut-mask-red", "tut-crown", "tut-ankh"} <= used and "tut-chair-red" not in used
    assert "Mask 8" in texts_in(page, "index")


def walk_uses(page):
    def rec(items):
        for item in items:
            if isinstance(item, Use):
                yield item, None, None
            elif hasattr(item, "items"):
                yield from rec(item.items)
    return rec(page.items)


def test_balance_reaches_the_sheet_and_the_json(runner, tmp_path):
    result = runner.invoke(main, ["tut", "trail", "--seed", "8", "--rating-games", "6",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "seat balance: seat 1 " in result.output
    assert "(95% intervals) over 6 greedy games;" in result.output
    doc = json.loads((tmp_path / "tut-trail-8-rating-games-6.json").read_text())
    assert doc["balance"]["games"] == 6 and len(doc["balance"]["win_rate"]) == 4
    page, _ = page_of(seed=8, rating_games=6)
    heads = [i.text for i, _, n in walk(page) if isinstance(i, Text) and "balance" in n]
    assert any(t.startswith("Seat balance on this trail: 6 games") for t in heads)


def test_trail_command_files_and_json_fields(runner, tmp_path):
    result = runner.invoke(main, ["tut", "trail", "--seed", "21", "--players", "5", "--variant",
                                  "fr", "--shape", "spiral", "--table", "14x12", "--spread",
                                  "--no-specials-before", "8", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "seed: 21"
    # file names carry the options that differ from the defaults
    stem = ("tut-trail-21-players-5-variant-fr-shape-spiral-table-14x12-spread-"
            "no-specials-before-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"{stem}.json", f"{stem}.pdf", f"{stem}.svg"]
    doc = json.loads((tmp_path / f"{stem}.json").read_text())
    assert doc["format"] == "tombgen/tut.trail" and doc["variant"] == "fr"
    assert doc["players"] == 5 and doc["table"] == [14, 12] and len(doc["tiles"]) == 69
    assert len(doc["path"]) == 69 and len(doc["pyramid"]) == 2
    assert doc["options"] == {"players": 5, "variant": "fr", "shape": "spiral",
                              "table": "14x12", "spread": True, "no_specials_before": 8,
                              "rating_games": 0}
    assert "balance" not in doc
    check = runner.invoke(main, ["validate", str(tmp_path / f"{stem}.json")])
    assert check.exit_code == 0 and "valid" in check.output


def test_validate_rejects_a_broken_trail_with_codes(runner, tmp_path):
    runner.invoke(main, ["tut", "trail", "--seed", "4", "--format", "json", "--spread",
                         "--out", str(tmp_path)])
    path = tmp_path / "tut-trail-4-spread.json"
    doc = json.loads(path.read_text())
    doc["path"][10], doc["path"][11] = doc["path"][11], doc["path"][10]
    doc["tiles"][0] = "king-tut"
    path.write_text(json.dumps(doc))
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert "[path-gap]" in result.output and "[tile-code]" in result.output


def test_trail_table_too_small_for_the_shape_exits_1(runner, tmp_path):
    result = runner.invoke(main, ["tut", "trail", "--table", "12x9", "--shape", "spiral",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "too small for a spiral" in result.output
    assert "smallest tables that fit: 12x11, 14x9" in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, message", [
    (["--table", "3x40"], "1 to 30 cells"),
    (["--players", "7"], "7"),
    (["--shape", "zigzag"], "zigzag"),
    (["--no-specials-before", "65"], "must be 0 to 63"),
])
def test_trail_bad_options_exit_2(runner, tmp_path, args, message):
    result = runner.invoke(main, ["tut", "trail", *args, "--out", str(tmp_path)])
    assert result.exit_code == 2 and message in result.output
    assert not list(tmp_path.iterdir())


def test_simulate_command_prints_and_writes_json(runner, tmp_path):
    args = ["tut", "simulate", "--players", "3", "--games", "30", "--player", "random",
            "--variant", "fr", "--seed", "2"]
    result = runner.invoke(main, args + ["--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "seat 1 random: wins" in result.output
    assert "length in rounds: mean" in result.output and "how games ended" in result.output
    name = "tut-simulation-2-players-3-variant-fr-games-30-player-random.json"
    doc = json.loads((tmp_path / name).read_text())
    assert doc["format"] == "tombgen/tut.simulation" and doc["games"] == 30
    assert abs(sum(s["win_rate"] for s in doc["seats"]) - 1) < 0.01
    assert sum(e["count"] for e in doc["ended"].values()) == 30
    again = runner.invoke(main, args + ["--out", str(tmp_path / "b")])
    assert again.exit_code == 0
    assert (tmp_path / "b" / name).read_text() == (tmp_path / name).read_text()


def test_simulate_on_a_trail_file_plays_its_players_and_rules(runner, tmp_path):
    runner.invoke(main, ["tut", "trail", "--seed", "4", "--variant", "fr", "--players", "5",
                         "--format", "json", "--out", str(tmp_path)])
    trail = str(tmp_path / "tut-trail-4-players-5-variant-fr.json")
    result = runner.invoke(main, ["tut", "simulate", "--games", "5", "--trail", trail,
                                  "--seed", "1", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["variant"] == "fr" and doc["trail"] == trail and len(doc["players"]) == 5
    assert "length in rounds: mean" in result.output
    for option, value, words in (("--players", "3", "made for 5 players"),
                                 ("--variant", "en", "made for the fr rules")):
        result = runner.invoke(main, ["tut", "simulate", "--games", "5", "--trail", trail,
                                      option, value, "--out", str(tmp_path)])
        assert result.exit_code == 2
        assert f"{option} {value} conflicts with the trail file {trail}, {words}" in result.output


def test_simulate_rejects_bad_trail_files(runner, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "tombgen/tanis.dig", "version": 1}))
    result = runner.invoke(main, ["tut", "simulate", "--games", "2", "--trail", str(bad),
                                  "--out", str(tmp_path)])
    assert result.exit_code == 2 and "is not a tut trail" in result.output
    runner.invoke(main, ["tut", "trail", "--seed", "4", "--format", "json", "--out", str(tmp_path)])
    doc = json.loads((tmp_path / "tut-trail-4.json").read_text())
    doc["tiles"] = doc["tiles"][:-1]
    bad.write_text(json.dumps(doc))
    result = runner.invoke(main, ["tut", "simulate", "--games", "2", "--trail", str(bad),
                                  "--out", str(tmp_path)])
    assert result.exit_code == 1 and "tile-count" in result.output
