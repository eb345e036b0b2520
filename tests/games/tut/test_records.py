"""Tutankhamen game records: `tut simulate --record`, `tut replay` (and --step), `tombgen
validate`; a record written by hand from a game at the table; every malformed part exit 2 at once
with its place, an illegal move exit 1 with the move and the rule."""

import json

import pytest
from click.testing import CliRunner
from games.tut.conftest import trail_with

from generator.cli import main
from generator.core.errors import InputError, RuleError
from generator.games.tut.records import move_from_json, move_to_json, replay
from generator.games.tut.rules import DECLINE, END, MOVES, PASS, WILDS, Buy


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


#: The French chairs of the engine tests, as a table would write them down: Toutankhamon makes
#: a 3-3 tie, the mover breaks it with a mask (8 and 4).
TABLE = {
    "variant": "fr", "players": 2,
    "tiles": trail_with(["mask-red"] * 4 + ["pharaoh"] + ["mask-red"] * 4 + ["anubis-red"]),
    "moves": [{"player": 1, "do": "move", "to": 1}, {"player": 2, "do": "move", "to": 2},
              {"player": 1, "do": "move", "to": 3}, {"player": 2, "do": "move", "to": 4},
              {"player": 1, "do": "move", "to": 5}, {"player": 2, "do": "move", "to": "pyramid"},
              {"player": 1, "do": "move", "to": 6}, {"do": "move", "to": 10},
              {"player": 2, "do": "wild", "pharaohs": 0, "king": True},
              {"player": 1, "do": "wild", "pharaohs": 1, "king": False}],
}


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    result = run("tut", "simulate", "--players", "3", "--variant", "fr", "--games", "3",
                 "--seed", "5", "--record", str(folder / "rec"), "--out", str(folder / "sim"))
    assert result.exit_code == 0, result.output
    return folder / "rec"


def test_simulate_writes_a_record_per_game_named_by_the_options(records):
    names = sorted(p.name for p in records.iterdir())
    assert names == [f"tut-record-5-players-3-variant-fr-games-3-{n}.json" for n in (1, 2, 3)]
    doc = json.loads((records / names[0]).read_text())
    assert doc["format"] == "tombgen/tut.record" and doc["variant"] == "fr"
    assert doc["players"] == 3 and len(doc["tiles"]) == 69 and doc["result"]["over"] is True


def test_replay_reaches_the_recorded_result(records):
    for path in sorted(records.iterdir()):
        doc = json.loads(path.read_text())
        state = replay(doc, str(path)).state
        assert state.is_over() and [p + 1 for p in state.winners] == doc["result"]["winners"]
        assert state.coins == doc["result"]["coins"]
        result = run("tut", "replay", str(path))
        assert result.exit_code == 0, result.output
        winners = " and ".join(f"player {p}" for p in doc["result"]["winners"])
        assert f"winner: {winners} (" in result.stdout
        assert run("validate", str(path)).exit_code == 0


def test_a_record_written_at_the_table_replays(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE))                # no format, no version: written by hand
    result = run("tut", "replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ('move 1 (turn 1, player 1) {"do": "move", "to": 1}: to go: P1 26 P2 26; '
                        "player 2 to move")
    assert lines[9] == ('move 10 (turn 8, player 1) {"do": "wild", "pharaohs": 1, "king": '
                        'false}: to go: P1 18 P2 22; player 1 to move')
    assert "  player 1: 18 to go, token on 10; holds anubis-red 1\n" in result.stdout
    assert "  player 2: 22 to go, token at the pyramid; holds nothing\n" in result.stdout
    assert lines[-1] == ("(the record stops in turn 9, player 1 to move; the game is not "
                         "finished)")
    assert run("validate", str(path)).exit_code == 2      # validate needs the format
    doc = {"format": "tombgen/tut.record", "version": 1, **TABLE}
    path.write_text(json.dumps(doc))
    assert run("validate", str(path)).output.strip() == f"{path}: valid"


def test_the_first_illegal_move_is_named_with_the_rule(tmp_path):
    doc = json.loads(json.dumps(TABLE))
    doc["moves"][9] = {"player": 1, "do": "wild", "pharaohs": 2, "king": False}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    result = run("tut", "replay", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f'tombgen: error: {path}: move 10 (turn 8, player 1) {{"do": "wild", "pharaohs": 2, '
        '"king": false}: player 1 cannot add 2 Masque de pharaon tile(s) to this set: they do '
        "not hold those tiles")
    # the position reached is shown: the chairs wait to be scored, Toutankhamon was added
    assert "  player 1: 26 to go, token on 10; holds anubis-red 1, mask-red 3, Masque de " \
        "pharaon 1\n" in result.stdout
    doc["moves"][9] = {"player": 2, "do": "pass"}
    path.write_text(json.dumps(doc))
    result = run("tut", "replay", str(path))
    assert result.exit_code == 1 and result.stderr.strip().endswith(
        "move 10 (turn 8, player 1) {\"do\": \"pass\"}: it is player 1's turn, not player 2's")
    doc["moves"][9] = {"do": "move", "to": 11}
    path.write_text(json.dumps(doc))
    result = run("tut", "replay", str(path))
    assert result.exit_code == 1 and result.stderr.strip().endswith(
        "a move along the trail is not a wild decision; the game waits for player 1 to add "
        "wild tiles or pass")
    path.write_text(json.dumps({"format": "tombgen/tut.record", "version": 1, **doc}))
    check = run("validate", str(path))
    assert check.exit_code == 1 and "[illegal-move]" in check.stdout


@pytest.mark.parametrize("change, words", [
    ({"players": 9}, "[players]: 9 is not a number of players from 2 to 6"),
    ({"players": 10 ** 30}, "[players]: 1000000000000000000000000000000 is not a number of "
                            "players from 2 to 6"),
    ({"players": True}, "[players]: true is not a number of players from 2 to 6"),
    ({"variant": "de"}, "[variant]: expected one of en, fr"),
    ({"tiles": ["scarab-red"] * 70}, "[tiles]: 70 tile codes; expected 69 to 69"),
    ({"tiles": ["sphinx"] * 69}, "[tiles[0]]: expected a tile code such as horus-red"),
    ({"moves": {"do": "pass"}}, "[moves]: expected a list of moves"),
    ({"moves": [{"do": "jump"}]}, "[moves[0]] [do]: expected one of move, buy, decline, wild, "
                                  "pass"),
    ({"moves": [{"do": "move"}]}, "[moves[0]]: a move move needs \"to\""),
    ({"moves": [{"do": "move", "to": 70}]}, "[moves[0]] [to]: 70 is not a trail tile number "
                                            "(or \"pyramid\") from 1 to 69"),
    ({"moves": [{"do": "move", "to": 3, "with": 1}]}, "[moves[0]] [with]: unknown key"),
    ({"moves": [{"do": "pass", "player": 3}]}, "[moves[0]] [player]: 3 is not a player number "
                                               "from 1 to 2"),
    ({"moves": [{"do": "buy", "from": 2, "set": "sphinx"}]}, "[moves[0]] [set]: expected a tile"),
    ({"moves": [{"do": "wild", "pharaohs": 4, "king": False}]}, "[pharaohs]: 4 is not a number "
                                                                "of wild tiles from 0 to 3"),
    ({"dice": []}, "[dice]: unknown key; a tut record has variant, players, tiles, moves"),
])
def test_malformed_records_exit_2_naming_the_place(tmp_path, change, words):
    doc = {**json.loads(json.dumps(TABLE)), **change}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    result = run("tut", "replay", str(path))
    assert result.exit_code == 2 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_trail_that_is_not_the_games_tiles_breaks_a_rule():
    doc = json.loads(json.dumps(TABLE))
    doc["tiles"][0] = "scarab-red"                      # a second red scarab, one chair less
    with pytest.raises(RuleError) as refused:
        replay(doc, "t.json")
    assert refused.value.message == ("t.json [tiles]: not the game's 69 trail tiles (-1 mask-red, "
                                     "+1 scarab-red)")


def test_the_moves_are_bounded(monkeypatch):
    import generator.core.records as records

    monkeypatch.setattr(records, "input_limit", lambda name: 3)
    with pytest.raises(InputError) as refused:
        replay(TABLE, "t.json")
    assert refused.value.message == ("t.json [moves]: 10 moves; a record holds 0 to 3 "
                                     "(seeds/limits.toml [input] record_moves)")


@pytest.mark.parametrize("move", [MOVES[0], MOVES[68], MOVES[END], Buy(1, 6), DECLINE, PASS,
                                  WILDS[2, True], WILDS[0, True]])
def test_moves_round_trip_through_json(move):
    assert move_from_json(move_to_json(move), "m", 2) == move
    assert move_to_json(MOVES[END]) == {"do": "move", "to": "pyramid"}
