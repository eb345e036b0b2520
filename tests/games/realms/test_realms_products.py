"""`realms sheet` and `realms map`: files written, JSON formats, validation of what they wrote,
determinism, option errors, and a broken map file refused with its reasons and no output."""

import json

from generator.cli import main
from helpers import only
from generator.produce import build, render_files

BROKEN = """name = "Broken"
difficulty = "advanced"
description = "two problems"
grid = '''
+ - - - - - - - - - - - E +
| . . . . . . . . . . . . |
| . . . . . . . . . . . . |
| . . . . . . . . . . . . |
| . . . # # # . . . . . . E
| . . . # Gr # . . . . . . |
| . . . # # # . . . . . . |
| . . . . . . . . . . . . |
| . . . . . . . . . . . . |
E . . . . . . . . . . . . |
| . . . . . . . . . . . . |
| . . . . . . . . . . . . |
| . . . . . . . . . . . . |
+ - - - E - - - - - - - - +
'''
"""


def run(runner, *args):
    return runner.invoke(main, ["realms", *args])


def test_sheet_of_map1_writes_three_files(runner, tmp_path):
    result = run(runner, "sheet", "--seed", "7", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["realms-sheet-7.json", "realms-sheet-7.pdf", "realms-sheet-7.svg"]
    doc = json.loads((tmp_path / "realms-sheet-7.json").read_text())
    assert doc["format"] == "tombgen/realms.sheet" and doc["source"] == "map-1"
    assert doc["map"]["name"] == "Map 1" and doc["rating"]["label"] == "easy"
    assert doc["options"]["map"] == "map-1" and doc["players"] == 1
    check = runner.invoke(main, ["validate", str(tmp_path / "realms-sheet-7.json")])
    assert check.exit_code == 0, check.output


def test_random_sheets_are_distinct_with_a_page_per_player(runner, tmp_path):
    result = run(runner, "sheet", "--map", "random", "--count", "3", "--players", "2",
                 "--rating-games", "0", "--seed", "5", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    stem = "realms-sheet-5-map-random-players-2-rating-games-0-count-3"  # the options that differ from the defaults
    docs = [json.loads((tmp_path / f"{stem}-{n}.json").read_text()) for n in (1, 2, 3)]
    maps = [json.dumps({k: d["map"][k] for k in ("size", "stone", "rooms", "findings")})
            for d in docs]
    assert len(set(maps)) == 3
    assert all(d["rating"] is None and d["map"]["difficulty"] == "unrated" for d in docs)
    assert (tmp_path / f"{stem}-2-p2.svg").exists()
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / f"{stem}.pdf").pages) == 6


def test_random_sheet_is_rated_by_default(runner, tmp_path):
    result = run(runner, "sheet", "--map", "random", "--size", "12", "--difficulty", "easy",
                 "--seed", "2", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "realms-sheet-2-map-random-difficulty-easy-size-12.json")
                     .read_text())
    r = doc["rating"]
    assert r["label"] == "easy" and r["games"] <= r["max_games"] == 320
    assert r["interval"][0] >= r["bands"]["easy"][0]       # the whole interval is easy
    assert doc["map"]["size"] == [12, 12] and doc["map"]["difficulty"] == "easy"


def test_a_plain_random_sheet_is_rated_until_labelled(runner, tmp_path):
    """Without --difficulty too, at most 160 games rate a map, stopping once the interval lies
    inside one band: this seed's map is labelled at the first look, 20 games."""
    result = run(runner, "sheet", "--map", "random", "--size", "12", "--seed", "2",
                 "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    r = json.loads((tmp_path / "realms-sheet-2-map-random-size-12.json").read_text())["rating"]
    assert r["max_games"] == 160 and r["games"] == 20
    assert r["label"] == "easy" and r["interval"][0] >= r["bands"]["easy"][0]


def test_a_library_call_leaves_a_random_sheet_unrated_unless_asked():
    from generator.produce import build

    opts = {"map": "random", "size": "12"}
    (plain,) = build("realms", "sheet", 2, options=opts, render=False)
    assert plain.item.rating is None                 # generate_sheet's own default: 0 games
    (rated,) = build("realms", "sheet", 2, options={**opts, "rating_games": None}, render=False)
    assert rated.item.rating.max_games == 160        # None: the command's default


def test_map_command_writes_toml_preview_and_report(runner, tmp_path):
    result = run(runner, "map", "--size", "13x12", "--difficulty", "standard", "--rating-games",
                 "40", "--seed", "3", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    stem = "realms-map-3-size-13x12-difficulty-standard-rating-games-40"
    assert names == [f"{stem}.json", f"{stem}.pdf", f"{stem}.svg", f"{stem}.toml"]
    assert "rated standard: par" in result.output
    doc = json.loads((tmp_path / f"{stem}.json").read_text())
    assert doc["format"] == "tombgen/realms.map" and doc["size"] == [13, 12]
    r = doc["rating"]
    assert r["label"] == "standard" == doc["difficulty"] and r["games"] in (20, 40)
    assert r["reference"]["map"] == "map-3" and r["spread"] == round(r["p90"] - r["p10"], 2)
    assert doc["generation"]["difficulty"] == "standard" and doc["generation"]["rated_maps"] >= 1
    for name in (f"{stem}.json", f"{stem}.toml"):
        check = runner.invoke(main, ["validate", str(tmp_path / name)])
        assert check.exit_code == 0, check.output
    # the map file prints as a sheet, and the JSON keeps its rating on the sheet
    sheet = run(runner, "sheet", "--map", str(tmp_path / f"{stem}.json"), "--difficulty",
                "standard", "--format", "json", "--seed", "1", "--out", str(tmp_path / "s"))
    assert sheet.exit_code == 0, sheet.output
    sdoc = json.loads(only(tmp_path / "s", "realms-sheet-1-map-*.json").read_text())
    assert sdoc["rating"]["par"] == r["par"]
    toml_sheet = run(runner, "sheet", "--map", str(tmp_path / f"{stem}.toml"), "--format",
                     "json", "--seed", "1", "--out", str(tmp_path / "t"))
    assert toml_sheet.exit_code == 0, toml_sheet.output


def test_map_without_json_still_writes_the_map_file(runner, tmp_path):
    result = run(runner, "map", "--size", "12", "--rating-games", "20", "--format", "svg", "--seed",
                 "8", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "realms-map-8-size-12-rating-games-20.svg", "realms-map-8-size-12-rating-games-20.toml"]


def test_old_map_json_still_validates(runner, tmp_path):
    from generator.core.envelope import dumps, envelope
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.model import map_to_fields

    path = tmp_path / "m.json"
    path.write_text(dumps(envelope("realms", "map", None, map_to_fields(load_map("map-2")))))
    assert runner.invoke(main, ["validate", str(path)]).exit_code == 0
    doc = json.loads(path.read_text())
    doc["findings"].append({"x": 0, "y": 0, "kind": "dragon"})
    path.write_text(json.dumps(doc))
    bad = runner.invoke(main, ["validate", str(path)])
    assert bad.exit_code == 1 and "finding-kind" in bad.output


def test_broken_map_file_exits_1_with_reasons_and_writes_nothing(runner, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text(BROKEN)
    out = tmp_path / "out"
    result = run(runner, "sheet", "--map", str(broken), "--seed", "1", "--out", str(out))
    assert result.exit_code == 1
    assert "unreachable" in result.output and "golem-without-gem" in result.output
    assert "broken.toml:" in result.output
    assert not out.exists() or not any(out.iterdir())


def test_difficulty_of_a_named_map_is_checked(runner, tmp_path):
    bad = run(runner, "sheet", "--map", "map-1", "--difficulty", "hard", "--out", str(tmp_path))
    assert bad.exit_code == 1 and "rated easy" in bad.output
    ok = run(runner, "sheet", "--map", "map-2", "--difficulty", "standard", "--seed", "1",
             "--format", "json", "--out", str(tmp_path))
    assert ok.exit_code == 0, ok.output


def test_option_errors(runner, tmp_path):
    cases = [(("sheet", "--map", "map-2", "--count", "2"), 2, "--players 2"),
             (("sheet", "--map", "nowhere"), 2, "no such map"),
             (("sheet", "--players", "9"), 2, "9"),
             (("sheet", "--map", "random", "--size", "big"), 2, "--size big"),
             (("sheet", "--size", "12"), 2, "--map random"),
             (("map", "--size", "11"), 1, "constraint size-range"),
             (("sheet", "--rating-games", "5"), 2, "--rating-games 5: only with --map random"),
             (("map", "--rating-games", "-1"), 2, "--rating-games")]
    for args, code, words in cases:
        result = run(runner, *args, "--seed", "1", "--out", str(tmp_path / "x"))
        assert result.exit_code == code, (args, result.output)
        assert words in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert not (tmp_path / "x").exists()


def test_same_seed_same_bytes_with_rating():
    opts = {"size": "12", "difficulty": None, "rating_games": 20}
    first = render_files(build("realms", "map", 9, options=opts), ("svg", "pdf", "json"))
    again = render_files(build("realms", "map", 9, options=opts), ("svg", "pdf", "json"))
    assert first == again
    sheet = {"map": "random", "difficulty": None, "players": 2, "rating_games": 0, "size": None}
    assert (render_files(build("realms", "sheet", 4, 2, options=sheet), ("pdf", "json"))
            == render_files(build("realms", "sheet", 4, 2, options=sheet), ("pdf", "json")))
