"""Tanis game records: `tanis simulate --record`, `tanis replay` (and --step), `tombgen validate`;
a record written by hand (tiles named as the dig sheet numbers them, a slide written as where it
ended); malformed parts exit 2 with their place, an illegal move exit 1 with the rule."""

import json
import random

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.core.errors import InputError, RuleError
from generator.games.tanis.generate import generate_dig
from generator.games.tanis.model import dig_to_fields, tile_code, types
from generator.games.tanis.records import replay


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def table_record():
    """A game begun at the table on the seed-0 random dig: layer 1 holds snake 1-10 by sheet
    number, layer 2 ankh, layer 3 falcon, layer 4 scarab. Player 1 takes tile 1 of the surface;
    player 2 plays the Explorer on tile 2, slides it one unit left (two stops of half a unit:
    written as where it ended) and takes tile 3."""
    names = types()
    return {
        "dig": dig_to_fields(generate_dig(random.Random(0), "random")),
        "tiles": {str(d + 1): [f"{names[d]}-{n}" for n in range(1, 11)] for d in range(4)},
        "first": 1,
        "moves": [{"player": 1, "do": "take", "tile": [1, 1]},
                  {"player": 2, "do": "explore", "tile": [1, 2], "dx": -1, "dy": 0},
                  {"do": "take", "tile": [1, 3]}],
    }


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    result = run("tanis", "simulate", "--games", "2", "--seed", "8", "--style", "classic",
                 "--record", str(folder / "rec"), "--out", str(folder / "sim"))
    assert result.exit_code == 0, result.output
    return folder / "rec"


def test_simulate_writes_records_that_replay_to_their_result(records):
    names = sorted(p.name for p in records.iterdir())
    assert names == ["tanis-record-8-style-classic-games-2-1.json",
                     "tanis-record-8-style-classic-games-2-2.json"]
    for path in sorted(records.iterdir()):
        doc = json.loads(path.read_text())
        assert doc["format"] == "tombgen/tanis.record" and doc["first"] == 1
        state = replay(doc, str(path)).state
        assert state.is_over() and state.scores() == doc["result"]["scores"]
        result = run("tanis", "replay", str(path))
        assert result.exit_code == 0, result.output
        assert f"winner: player {doc['result']['winner']} (" in result.stdout
        assert run("validate", str(path)).exit_code == 0


def test_a_record_written_at_the_table_replays(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table_record()))
    result = run("tanis", "replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ('move 1 (turn 1, player 1) {"do": "take", "tile": [1, 1]}: points P1 0, '
                        "P2 0; 39 tiles in the dig; player 2: start")
    assert lines[1] == ('move 2 (turn 2, player 2) {"do": "explore", "tile": [1, 2], "dx": -1, '
                        '"dy": 0}: points P1 0, P2 0; 39 tiles in the dig; player 2: slide')
    assert "  player 1: 0 points; tiles: snake 1; cards left: explorer 3, excavator 2, " \
           "expert 1" in result.stdout
    assert "  player 2: 0 points; tiles: snake 3; cards left: explorer 2, excavator 2, " \
           "expert 1" in result.stdout
    state = replay(table_record(), "t").state
    assert state.collected(0) == [tile_code("snake", 1)]
    assert state.collected(1) == [tile_code("snake", 3)]


@pytest.mark.parametrize("dx, reason", [
    (-0.75, "cannot stop layer 1 tile 2 (at (1, 0)) after (-0.75, 0): a slide ends aligned on a "
            "whole or half unit"),
    (-1.5, "cannot slide layer 1 tile 2 (at (1, 0)) to (-0.5, 0): it would leave the box"),
])
def test_a_slide_to_where_no_stop_is_is_refused_with_the_engines_words(dx, reason):
    doc = table_record()
    doc["moves"][1]["dx"] = dx
    result = replay(doc, "t")
    assert result.applied == 1 and result.error == (
        f't: move 2 (turn 2, player 2) {{"do": "explore", "tile": [1, 2], "dx": {dx}, "dy": 0}}: '
        + reason)


def test_the_first_illegal_move_is_named_with_the_rule(tmp_path):
    doc = table_record()
    doc["moves"][2] = {"do": "take", "tile": [2, 5]}    # still covered by the surface
    doc = {"format": "tombgen/tanis.record", "version": 1, **doc}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    result = run("tanis", "replay", str(path))
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert message.startswith(f'tombgen: error: {path}: move 3 (turn 2, player 2) {{"do": '
                              '"take", "tile": [2, 5]}: cannot take layer 2 tile 5 (at (')
    assert message.endswith("it is not completely visible (a tile above overlaps it)")
    check = run("validate", str(path))
    assert check.exit_code == 1 and "[illegal-move]" in check.stdout


@pytest.mark.parametrize("change, words", [
    ({"first": 3}, "[first]: 3 is not a player number from 1 to 2"),
    ({"dig": {"box": [5, 4], "layers": [[]] * 5}}, "[dig] [layers]: 5 layers; expected 1 to 4"),
    ({"dig": {"box": [5, 4], "layers": [[{"x": 0, "y": 0, "w": 1, "h": 2}] * 11]}},
     "[dig] [layers[0]]: 11 tiles; expected 1 to 10"),
    ({"tiles": {"1": []}}, "[tiles]: expected the layers 1, 2, 3, 4 (one list each)"),
    ({"moves": [{"do": "take", "tile": [5, 1]}]}, "[moves[0]] [tile][0]: 5 is not a layer from 1 "
                                                  "to 4"),
    ({"moves": [{"do": "take", "tile": [1, 11]}]}, "[tile][1]: 11 is not a tile number of layer "
                                                   "1 from 1 to 10"),
    ({"moves": [{"do": "explore", "tile": [1, 1], "dx": 1e9, "dy": 0}]}, "[dx]: expected a "
                                                                         "number of units"),
    ({"moves": [{"do": "dig"}]}, "[do]: expected one of take, explore, excavate, expert"),
    ({"players": 2}, "[players]: unknown key; a tanis record has dig, tiles, first, moves"),
])
def test_malformed_records_exit_2_naming_the_place(tmp_path, change, words):
    doc = {**table_record(), **change}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    result = run("tanis", "replay", str(path))
    assert result.exit_code == 2 and words in result.stderr, result.stderr


def test_a_tile_listed_twice_breaks_a_rule():
    doc = table_record()
    doc["tiles"]["2"][0] = "snake-1"
    with pytest.raises(RuleError, match=r"\[tiles\] \[2\]\[0\]: snake-1 is listed twice"):
        replay(doc, "t")
    doc["tiles"]["2"][0] = "sphinx-1"
    with pytest.raises(InputError, match="expected a tile such as snake-4"):
        replay(doc, "t")
