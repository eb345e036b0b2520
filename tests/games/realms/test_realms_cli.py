"""`tombgen realms ...` and `tombgen validate` on realms files: output and exit codes."""

import json
from pathlib import Path

from helpers import run_tombgen

from generator.cli import main

ROOT = Path(__file__).resolve().parents[3]
MAP1 = str(ROOT / "maps" / "realms" / "map-1.toml")
EXAMPLE = {"oozes": 3, "skeletons": 3, "zombies": 3, "golems": 3, "mimics": 6,
           "mummy_hits": [8, 11, 13, 18], "magic_items": 3, "leftovers": 5,
           "connected_entrances": 2, "remaining_openings": 0, "open_entrances": 2,
           "open_rooms": 1}


def test_validate_toml_and_json_maps(runner, tmp_path):
    result = runner.invoke(main, ["realms", "validate", MAP1])
    assert result.exit_code == 0 and "valid" in result.output
    result = runner.invoke(main, ["validate", MAP1])
    assert result.exit_code == 0 and "valid" in result.output
    from generator.core.envelope import dumps, envelope
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.model import map_to_fields

    doc = envelope("realms", "map", None, map_to_fields(load_map("map-3")))
    path = tmp_path / "m.json"
    path.write_text(dumps(doc))
    for args in (["realms", "validate", str(path)], ["validate", str(path)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
    doc["findings"].append({"x": 0, "y": 0, "kind": "golem-red"})
    doc["findings"].append({"x": 0, "y": 0, "kind": "ooze"})
    path.write_text(dumps(doc))
    result = runner.invoke(main, ["validate", str(path), "--json"])
    assert result.exit_code == 1
    codes = {v["code"] for v in json.loads(result.output)["violations"]}
    assert "two-findings" in codes


def test_validate_bad_inputs_exit_codes(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(MAP1).read_text().replace("Gb  ", "Zz  ", 1))
    proc = run_tombgen("realms", "validate", str(bad))
    assert proc.returncode == 1 and f"{bad}:" in proc.stdout and "unknown-symbol" in proc.stdout
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [\n")
    proc = run_tombgen("realms", "validate", str(broken))
    assert proc.returncode == 2 and "broken.toml:" in proc.stderr and "Traceback" not in proc.stderr
    badjson = tmp_path / "b.json"
    badjson.write_text('{"format": "tombgen/realms.map",')
    proc = run_tombgen("validate", str(badjson))
    assert proc.returncode == 2 and "b.json:1:" in proc.stderr


def test_score_text_and_json(runner, tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(EXAMPLE))
    result = runner.invoke(main, ["realms", "score", str(path)])
    assert result.exit_code == 0 and result.output.strip().splitlines()[-1].split()[0] == "134"
    assert len(result.output.strip().splitlines()) == 12
    result = runner.invoke(main, ["realms", "score", "-", "--json"], input=json.dumps(EXAMPLE))
    doc = json.loads(result.output)
    assert doc["total"] == 134 and doc["lines"]["mummy"] == 45


def test_score_bad_keys_exit_2(runner):
    for doc in ({k: v for k, v in EXAMPLE.items() if k != "oozes"},
                {**EXAMPLE, "dragons": 1}, {**EXAMPLE, "mimics": -1},
                {**EXAMPLE, "mummy_hits": [3, -2]}):
        result = runner.invoke(main, ["realms", "score", "-"], input=json.dumps(doc))
        assert result.exit_code == 2, doc
    result = runner.invoke(main, ["realms", "score", "-"], input="{")
    assert result.exit_code == 2
    result = runner.invoke(main, ["realms", "score", "-"], input=json.dumps({**EXAMPLE, "zombies": 5}))
    assert result.exit_code == 1


def test_simulate_writes_summary_and_records_then_replay(runner, tmp_path):
    out, rec = tmp_path / "out", tmp_path / "rec"
    result = runner.invoke(main, ["realms", "simulate", "--games", "3", "--seed", "9",
                                  "--out", str(out), "--record", str(rec)])
    assert result.exit_code == 0, result.output
    assert "mean" in result.output and "p10" in result.output and "p90" in result.output
    doc = json.loads((out / "realms-simulation-9-games-3.json").read_text())
    seat = doc["seats"][0]
    assert doc["format"] == "tombgen/realms.simulation" and len(seat["scores"]) == 3
    assert set(seat["lines"]) >= {"mummy", "open-rooms"}
    assert seat["wins"] is None and doc["length"]["unit"] == "rounds"  # solo: nobody wins
    assert set(seat["achievements"]) == {"master-of-the-undead", "magical-warden",
                                         "treasure-hunter", "the-mapmaker", "mummy-slayer"}
    assert "Mummy Slayer (" in result.output
    record = rec / "realms-record-9-games-3-2.json"
    result = runner.invoke(main, ["realms", "replay", str(record)])
    assert result.exit_code == 0
    *_, total_line, earned, final = result.output.strip().splitlines()
    assert final == f"final score: {seat['scores'][1]}"
    assert int(total_line.split()[0]) == seat["scores"][1] and total_line.endswith("total")
    # the planner's game 2 of seed 9: every ooze, skeleton and zombie of map-1, six Mummy hits
    # and 180 points or more (pinned by hand)
    assert earned == "achievements: Master of the Undead, Mummy Slayer"
    assert seat["scores"][1] >= 180
    assert runner.invoke(main, ["validate", str(record)]).exit_code == 0


def test_replay_stops_at_the_first_illegal_move(runner, tmp_path):
    rec = {"format": "tombgen/realms.record", "version": 1, "seed": None,
           "generator": "test", "map": "map-1", "players": 1, "start": "normal",
           "dice": {"rolls": [[5, 5]] + [[1, 2]] * 19},
           "moves": [{"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8, "y": 0},
                     {"do": "defeat", "target": "mummy"}]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    proc = run_tombgen("realms", "replay", str(path))
    assert proc.returncode == 1 and "move 2" in proc.stderr and "value 6" in proc.stderr
    assert "Traceback" not in proc.stderr
    rec["moves"][1] = {"do": "fly"}
    path.write_text(json.dumps(rec))
    assert run_tombgen("realms", "replay", str(path)).returncode == 2
    assert run_tombgen("validate", str(path)).returncode == 2
