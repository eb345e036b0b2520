"""`tombgen tumba` commands: setup, roll, simulate, and validate on tumba files."""

import json

from click.testing import CliRunner

from generator.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_setup_writes_the_three_files(tmp_path):
    result = run("tumba", "setup", "--mode", "advanced", "--players", "5", "--seed", "9",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "seed: 9" in result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    stem = "tumba-setup-9-mode-advanced-players-5"  # the options that differ from the defaults
    assert names == [f"{stem}.json", f"{stem}.pdf", f"{stem}.svg"]
    doc = json.loads((tmp_path / f"{stem}.json").read_text())
    assert doc["format"] == "tombgen/tumba.setup" and doc["mode"] == "advanced"
    assert doc["players"] == 5 and doc["options"] == {"mode": "advanced", "players": 5}
    assert len(doc["log"]) == 5 + 22 + 1 + next(s["count"] for s in doc["log"]
                                                if s["action"] == "passage")
    check = run("validate", str(tmp_path / f"{stem}.json"))
    assert check.exit_code == 0 and "valid" in check.output


def test_setup_count_and_bad_options(tmp_path):
    result = run("tumba", "setup", "--count", "3", "--seed", "1", "--format", "json",
                 "--out", str(tmp_path))
    assert result.exit_code == 0 and len(list(tmp_path.iterdir())) == 3
    assert run("tumba", "setup", "--players", "7", "--out", str(tmp_path)).exit_code == 2
    assert run("tumba", "setup", "--mode", "wrath", "--out", str(tmp_path)).exit_code == 2


def test_validate_rejects_a_broken_setup(tmp_path):
    run("tumba", "setup", "--mode", "advanced", "--seed", "3", "--format", "json",
        "--out", str(tmp_path))
    path = tmp_path / "tumba-setup-3-mode-advanced.json"
    doc = json.loads(path.read_text())
    line = next(k for k, v in doc["lines"].items() if v != "passage")
    doc["lines"][line] = 4
    doc["log"] = []
    path.write_text(json.dumps(doc))
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "[line-over]" in result.output and "[chamber-count]" in result.output


def test_roll_json_for_the_rulebook_example():
    result = run("tumba", "roll", "2", "3", "5", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["format"] == "tombgen/tumba.roll"
    assert doc["dice"] == [2, 3, 5]
    assert doc["options"] == [[2, 3, 5], [2, 8], [3, 7], [5, 5], [10]]
    assert doc["powers"] == []


def test_roll_text_lists_options_and_powers():
    result = run("tumba", "roll", "6", "6", "3")
    assert result.exit_code == 0
    assert "3 | 6+6" in result.output and "12 (passage)" in result.output
    assert "Anubis Double [not now]" in result.output
    advanced = run("tumba", "roll", "4", "5", "6", "--mode", "advanced", "--passage", "9")
    assert advanced.exit_code == 0, advanced.output
    assert "Tutan's Wrath [yes]" in advanced.output


def test_an_advanced_roll_needs_the_board():
    # The rulebook's advanced board has one secret passage, on a line of 7-12 chosen at setup.
    bare = run("tumba", "roll", "6", "6", "2", "--mode", "advanced")
    assert bare.exit_code == 2 and "--board FILE" in bare.output and "--passage N" in bare.output
    on_9 = run("tumba", "roll", "6", "6", "2", "--mode", "advanced", "--passage", "9", "--json")
    doc = json.loads(on_9.output)
    assert [2, 6, 6] in doc["options"]              # line 6's size is not given: it has room
    assert [2, 12] in doc["options"] and not any(
        p["power"] == "secret-passage" for p in doc["powers"])   # 12 is a line, 9 the passage
    on_12 = json.loads(run("tumba", "roll", "6", "6", "2", "--passage", "12", "--json").output)
    passage = next(p for p in on_12["powers"] if p["power"] == "secret-passage")
    assert passage["lines"] == [12]
    assert run("tumba", "roll", "1", "2", "3", "--mode", "standard", "--passage", "9"
               ).exit_code == 2


def test_roll_bad_dice_exit_2():
    assert run("tumba", "roll", "0", "3", "5").exit_code == 2
    assert run("tumba", "roll", "2", "3").exit_code == 2


def _board(**extra):
    doc = {"format": "tombgen/tumba.board", "version": 1, "players": 2, "player": 1,
           "lines": {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1,
                     "10": 1, "11": "passage", "12": "passage"},
           "mummies": {"2": [2, 2, 2], "5": [0, 2]}, "tomb": [0, 1]}
    doc.update(extra)
    return doc


def test_roll_on_a_board_file(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_board()))
    result = run("tumba", "roll", "2", "2", "3", "--board", str(path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [2, 2, 3] not in doc["options"]          # line 2 is full
    anubis = next(p for p in doc["powers"] if p["power"] == "anubis-double")
    assert anubis["usable"] and anubis["lines"] == [3]


def test_roll_accepts_a_setup_file(tmp_path):
    run("tumba", "setup", "--mode", "advanced", "--seed", "4", "--format", "json",
        "--out", str(tmp_path))
    result = run("tumba", "roll", "1", "2", "3", "--board", str(tmp_path / "tumba-setup-4-mode-advanced.json"))
    assert result.exit_code == 0 and "advanced rules" in result.output
    assert "Toth's Inversion" in result.output


def test_roll_board_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = run("tumba", "roll", "1", "2", "3", "--board", str(bad))
    assert result.exit_code == 2 and "bad.json" in result.output
    shape = tmp_path / "shape.json"
    shape.write_text(json.dumps(_board(mummies={"2": [2, 2]})))
    result = run("tumba", "roll", "1", "2", "3", "--board", str(shape))
    assert result.exit_code == 2 and "mummies.2" in result.output
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps(_board(tomb=[0, 13])))
    result = run("tumba", "roll", "1", "2", "3", "--board", str(rule))
    assert result.exit_code == 1 and "mummy-count" in result.output
    missing = run("tumba", "roll", "1", "2", "3", "--board", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "not found" in missing.output


def test_simulate_text_and_json(tmp_path):
    out = ["--out", str(tmp_path)]
    result = run("tumba", "simulate", "--players", "3", "--games", "20", "--seed", "5", *out)
    assert result.exit_code == 0, result.output
    assert "seat 3 greedy: wins" in result.output and "into the tomb" in result.output
    result = run("tumba", "simulate", "--players", "2", "--games", "10", "--seed", "5",
                 "--mode", "advanced", "--player", "greedy", "--player", "random", "--json", *out)
    doc = json.loads(result.stdout)
    assert doc["format"] == "tombgen/tumba.simulation" and doc["seed"] == 5
    assert doc["players"] == ["greedy", "random"]
    wins = sum(seat["wins"] for seat in doc["seats"])
    assert wins == doc["finished"]["count"] == 10 - len(doc["capped"]) - len(doc["blocked"])
    assert set(doc["entries"]) == {"passage", "golden-triple", "maat", "osiris",
                                   "incineration", "ammit"}
    assert (tmp_path / "tumba-simulation-5-players-2-mode-advanced-games-10-player-greedy-"
                        "random.json").exists()


def test_simulate_on_a_setup_file_and_bad_options(tmp_path):
    out = ["--out", str(tmp_path)]
    run("tumba", "setup", "--mode", "advanced", "--players", "3", "--seed", "8",
        "--format", "json", "--out", str(tmp_path))
    path = tmp_path / "tumba-setup-8-mode-advanced-players-3.json"
    result = run("tumba", "simulate", "--games", "5", "--seed", "1", "--setup", str(path),
                 "--json", *out)
    doc = json.loads(result.stdout)
    assert len(doc["players"]) == 3 and doc["mode"] == "advanced" and doc["board"] == str(path)
    assert run("tumba", "simulate", "--player", "clever", "--games", "1", *out).exit_code == 2
    assert run("tumba", "simulate", "--setup", str(tmp_path / "x.json"), *out).exit_code == 2
    conflict = run("tumba", "simulate", "--games", "1", "--setup", str(path), "--players", "4",
                   *out)
    assert conflict.exit_code == 2
    assert (f"--players 4 conflicts with the setup file {path}, made for 3 players"
            in conflict.output)
    conflict = run("tumba", "simulate", "--games", "1", "--setup", str(path), "--mode",
                   "standard", *out)
    assert conflict.exit_code == 2 and "made for the advanced mode" in conflict.output
    same = run("tumba", "simulate", "--games", "1", "--setup", str(path), "--players", "3", *out)
    assert same.exit_code == 0, same.output  # agreeing with the file is no conflict
    doc = json.loads(path.read_text())
    doc["lines"]["1"] = 4
    path.write_text(json.dumps(doc))
    assert run("tumba", "simulate", "--games", "1", "--setup", str(path), *out).exit_code == 1


def test_simulate_reports_capped_games(tmp_path):
    result = run("tumba", "simulate", "--players", "6", "--games", "3", "--seed", "2",
                 "--max-turns", "5", "--json", "--out", str(tmp_path))
    doc = json.loads(result.stdout)
    assert doc["capped"] == [1, 2, 3] and doc["finished"]["count"] == 0
