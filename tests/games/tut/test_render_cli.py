"""The trail sheet (one page, print rules, pictograms as symbols) and the tut commands."""

import json

import pytest

from generator.cli import main
from generator.draw.checks import named_groups, print_problems
from generator.draw.paper import make_sheet
from generator.draw.scene import Text, Use, walk
from generator.games.tut.generate import SHAPES
from generator.produce import build

OPTIONS = {"players": 4, "variant": "en", "shape": "serpentine", "table": "16x10",
           "spread": False, "no_specials_before": 0, "rating_games": 0}


def page_of(seed=3, paper="a4", mono=False, **options):
    built = build("tut", "trail", seed, paper=paper, mono=mono, options={**OPTIONS, **options})
    assert len(built[0].pages) == 1
    return built[0].pages[0], make_sheet(paper, mono)


@pytest.mark.parametrize("paper, mono", [("a4", False), ("a4", True), ("letter", False),
                                         ("letter", True)])
@pytest.mark.parametrize("shape", SHAPES)
def test_sheet_passes_print_rules(paper, mono, shape):
    page, sheet = page_of(paper=paper, mono=mono, shape=shape, variant="fr", players=6,
                          rating_games=4)
    assert print_problems(page, sheet) == []
    assert {"table", "legend", "order", "balance"} <= named_groups(page)


@pytest.mark.parametrize("table", ["10x16", "30x30", "30x3"])
def test_other_tables_fit_one_page(table):
    page, sheet = page_of(table=table, shape="meander", paper="letter")
    assert print_problems(page, sheet) == []


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


def test_mono_keeps_colours_apart_with_letters_and_greys():
    page, sheet = page_of(mono=True)
    letters = {item.text for item, _, names in walk(page) if isinstance(item, Text)
               and "table" in names}
    assert {"R", "B", "G"} <= letters
    greys = {sheet.theme(f"tint-{c}") for c in ("red", "blue", "green")}
    assert len(greys) == 3


def test_balance_reaches_the_sheet_and_the_json(runner, tmp_path):
    result = runner.invoke(main, ["tut", "trail", "--seed", "8", "--rating-games", "6",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "seat balance: seat 1" in result.output
    doc = json.loads((tmp_path / "tut-trail-8.json").read_text())
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
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "tut-trail-21.json", "tut-trail-21.pdf", "tut-trail-21.svg"]
    doc = json.loads((tmp_path / "tut-trail-21.json").read_text())
    assert doc["format"] == "tombgen/tut.trail" and doc["variant"] == "fr"
    assert doc["players"] == 5 and doc["table"] == [14, 12] and len(doc["tiles"]) == 69
    assert len(doc["path"]) == 69 and len(doc["pyramid"]) == 2
    assert doc["options"] == {"players": 5, "variant": "fr", "shape": "spiral",
                              "table": "14x12", "spread": True, "no_specials_before": 8,
                              "rating_games": 0}
    assert "balance" not in doc
    check = runner.invoke(main, ["validate", str(tmp_path / "tut-trail-21.json")])
    assert check.exit_code == 0 and "valid" in check.output


def test_validate_rejects_a_broken_trail_with_codes(runner, tmp_path):
    runner.invoke(main, ["tut", "trail", "--seed", "4", "--format", "json", "--spread",
                         "--out", str(tmp_path)])
    path = tmp_path / "tut-trail-4.json"
    doc = json.loads(path.read_text())
    doc["path"][10], doc["path"][11] = doc["path"][11], doc["path"][10]
    doc["tiles"][0] = "king-tut"
    path.write_text(json.dumps(doc))
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert "[path-gap]" in result.output and "[tile-code]" in result.output


@pytest.mark.parametrize("args, message", [
    (["--table", "3x3"], "needs room"),
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
    trail = str(tmp_path / "tut-trail-4.json")
    result = runner.invoke(main, ["tut", "simulate", "--games", "5", "--trail", trail,
                                  "--seed", "1", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["variant"] == "fr" and doc["trail"] == trail and len(doc["players"]) == 5
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
