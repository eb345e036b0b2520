"""Game records (`tumba simulate --record`, `tumba replay`, `tombgen validate`), the action counts
of `simulate --json`, the targets of each mode, and the incinerations `tumba roll --board` lists."""

import json

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.core.errors import InputError
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
    SETH,
    Anubis,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Place,
    Reroll,
    SethMove,
    Strike,
    Wrath,
)
from generator.games.tumba.records import (
    move_from_json,
    move_to_json,
    position_text,
    record_doc,
    replay,
    status,
)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    result = run("tumba", "simulate", "--players", "3", "--games", "4", "--seed", "11",
                 "--mode", "advanced", "--record", str(folder), "--json",
                 "--out", str(tmp_path_factory.mktemp("simulation")))
    assert result.exit_code == 0, result.output
    return folder, json.loads(result.stdout)


def test_simulate_writes_one_record_per_game_and_counts_the_moves(records):
    folder, summary = records
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"tumba-record-11-players-3-mode-advanced-games-4-{n}.json"
                     for n in range(1, 5)]
    actions = summary["actions"]
    assert set(actions) == {"place", "golden-triple", "anubis", "maat", "osiris",
                            "incineration", "toth", "reroll", "seth", "wrath"}
    totals = {}
    for path in folder.iterdir():
        doc = json.loads(path.read_text())
        assert doc["format"] == "tombgen/tumba.record" and doc["dice"].keys() == {"throws"}
        for move in doc["moves"]:
            totals[move["do"]] = totals.get(move["do"], 0) + 1
    assert totals.get("place", 0) == actions["place"]
    assert totals.get("seth", 0) == actions["seth"] and totals.get("reroll", 0) == actions["reroll"]


def test_replay_prints_the_final_board_and_the_winner(records):
    folder, _ = records
    for path in folder.iterdir():
        doc = json.loads(path.read_text())
        result = run("tumba", "replay", str(path))
        assert result.exit_code == 0, result.stderr
        winner = doc["result"]["winner"]
        assert f"winner: player {winner} (8 mummies in the tomb" in result.stdout
        assert "| tomb |" in result.stdout and "tomb: P1 " in result.stdout
        state = replay(doc, str(path)).state
        assert list(state.tomb) == doc["result"]["tomb"] and state.turn == doc["result"]["turns"]
        assert run("validate", str(path)).exit_code == 0


def test_replay_stops_at_the_first_illegal_move(records, tmp_path):
    folder, _ = records
    doc = json.loads(next(folder.iterdir()).read_text())
    first = next(i for i, m in enumerate(doc["moves"]) if m["do"] == "place")
    doc["moves"][first]["lines"] = [13]                      # no line 13
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    result = run("tumba", "replay", str(bad))
    assert result.exit_code == 1
    assert f"move {first + 1} " in result.stderr and "cannot be split into groups" in result.stderr
    check = run("validate", str(bad))
    assert check.exit_code == 1 and "[illegal-move]" in check.stdout


def test_replay_checks_whose_turn_it_is(records, tmp_path):
    folder, _ = records
    doc = json.loads(next(folder.iterdir()).read_text())
    doc["moves"][0]["player"] = 3 if doc["moves"][0]["player"] != 3 else 2
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(doc))
    result = run("tumba", "replay", str(path))
    assert result.exit_code == 1 and "turn, not player" in result.stderr


@pytest.mark.parametrize("change, words", [
    ({"dice": {"rolls": [[1, 2, 3]]}}, "[dice]"),
    ({"mode": "wrath"}, "[mode]"),
    ({"moves": [{"do": "dance"}]}, "moves[0]"),
    ({"moves": [{"do": "wrath", "shift": 2, "crossed": False}]}, "[shift]"),
    ({"target": 12}, "[target]"),
])
def test_malformed_records_exit_2(records, tmp_path, change, words):
    folder, _ = records
    doc = json.loads(next(folder.iterdir()).read_text())
    doc.update(change)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    result = run("tumba", "replay", str(path))
    assert result.exit_code == 2 and words in result.stderr


def test_a_standard_record_keeps_to_8_mummies(records, tmp_path):
    folder, _ = records
    doc = json.loads(next(folder.iterdir()).read_text())
    doc.update({"mode": "standard", "target": 10})
    with pytest.raises(InputError, match="10-mummy game belongs to the advanced mode"):
        replay(doc, "r.json")


@pytest.mark.parametrize("move", [
    ROLL, PASS, SETH, GOLDEN, Place((2, 8)), Maat(9), Osiris(1), GoldenRemove(1, 0, 0),
    GoldenRemove(2, 3, 2), Anubis(6), Strike(3, 2), Reroll(5), SethMove(6, "outer", 10),
    Wrath(-1, True), Jump(5, 2, -1, 1),
])
def test_moves_round_trip_through_json(move):
    assert move_from_json(move_to_json(move), "m") == move


@pytest.mark.parametrize("obj, words", [
    ({"do": "dance"}, "m [do]: expected one of roll, pass, seth, golden, place, maat, osiris, "
                      "golden-remove, anubis, strike, reroll, seth-move, wrath, jump"),
    ({"do": "roll", "line": 2}, "m [line]: unknown key; a roll move has do, player"),
    ({"do": "strike", "line": 3}, 'm: a strike move needs "depth"'),
    ({"do": "place", "lines": []}, "m [lines]: expected a list of 1 to 3 line numbers"),
    ({"do": "place", "lines": [1, 2, 3, 4]}, "m [lines]: expected a list of 1 to 3 line numbers"),
    ({"do": "place", "lines": [2, True]}, "m [lines]: expected a list of 1 to 3 line numbers"),
    ({"do": "maat", "line": "9"}, "m [line]: expected a whole number, got '9'"),
    ({"do": "golden-remove", "from": 0, "line": 0, "depth": 0},
     "m [from]: expected a player number from 1, got 0"),
    ({"do": "seth-move", "from": 6, "end": "inner", "to": 10},
     "m [end]: expected one of tomb, outer, got 'inner'"),
    ({"do": "wrath", "shift": 2, "crossed": False}, "m [shift]: expected one of 1, -1, got 2"),
    ({"do": "wrath", "shift": 1, "crossed": 0}, "m [crossed]: expected true or false, got 0"),
    ({"do": "jump", "line": 5, "depth": 2, "dx": True, "dy": 0},
     "m [dx]: expected one of -1, 0, 1, got true"),
])
def test_malformed_move_objects(obj, words):
    with pytest.raises(InputError) as refused:
        move_from_json(obj, "m")
    assert refused.value.message == words


def test_move_objects_as_written():
    assert move_to_json(Place((8, 2))) == {"do": "place", "lines": [8, 2]}
    assert move_from_json({"do": "place", "lines": [8, 2]}, "m") == Place((2, 8))
    assert move_to_json(GoldenRemove(1, 0, 0)) == {"do": "golden-remove", "from": 2, "line": 0,
                                                   "depth": 0}
    assert move_to_json(SethMove(6, "outer", 10)) == {"do": "seth-move", "from": 6,
                                                      "end": "outer", "to": 10}
    assert move_to_json(Reroll(5)) == {"do": "reroll", "die": 5}
    assert move_to_json(SETH) == {"do": "seth"}


def test_simulate_targets_by_mode(tmp_path):
    standard = run("tumba", "simulate", "--games", "1", "--target", "10")
    assert standard.exit_code == 2 and "10-mummy game belongs to the advanced mode" in \
        standard.stderr
    advanced = run("tumba", "simulate", "--games", "2", "--seed", "3", "--target", "10",
                   "--mode", "advanced", "--json", "--out", str(tmp_path))
    assert advanced.exit_code == 0 and json.loads(advanced.stdout)["target"] == 10


def test_roll_on_a_board_lists_the_incinerations(tmp_path):
    # Player 1 (to move) sits in line 1 chamber 3 and line 7 chamber 2; player 2 in line 1
    # chamber 2, line 3 chamber 1 and line 5 chamber 2. Line 7 chamber 2 jumps down over line 5
    # chamber 2 into line 3 chamber 2, then over line 3 chamber 1 into the tomb.
    board = {"format": "tombgen/tumba.board", "version": 1, "players": 2, "player": 1,
             "lines": {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2,
                       "9": 1, "10": 1, "11": "passage", "12": "passage"},
             "mummies": {"1": [0, 2, 1], "3": [2, 0, 0], "5": [0, 2], "7": [0, 1]},
             "tomb": [0, 1]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    doc = json.loads(run("tumba", "roll", "1", "2", "3", "--board", str(path), "--json").stdout)
    def step(jump):
        to = jump["to"]
        return tuple(jump["over"]) + ((to,) if isinstance(to, str) else tuple(to))

    chains = {(tuple(c["from"]), tuple(step(j) for j in c["jumps"]))
              for c in doc["incinerations"]}
    assert ((7, 2), ((5, 2, 3, 2), (3, 1, "tomb"))) in chains
    assert ((1, 3), ((1, 2, 1, 1), (3, 1, 5, 1))) in chains
    assert len(chains) == 2
    text = run("tumba", "roll", "1", "2", "3", "--board", str(path)).stdout
    assert ("from line 7 chamber 2: over line 5 chamber 2 to line 3 chamber 2, then over "
            "line 3 chamber 1 into the tomb") in text


def test_a_setup_is_played_with_its_own_mode_and_players(tmp_path):
    import random

    from generator.games.tumba.generate import generate_setup
    from generator.games.tumba.simulate import simulate

    standard = generate_setup(random.Random(1), "standard", 4)
    with pytest.raises(InputError, match="setup is standard for 4 players, the options ask for "
                                         "advanced with 4 players"):
        simulate(4, 1, 1, "advanced", standard)
    with pytest.raises(InputError, match="ask for standard with 6 players"):
        simulate(6, 1, 1, "standard", standard)
    assert simulate(4, 1, 1, "standard", standard)["games"] == 1


# ---- records written at the table: the throws listed ------------------------------------------

STANDARD = {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1, "10": 1,
            "11": "passage", "12": "passage"}


def table_record(throws, moves):
    return {"mode": "standard", "players": 2, "lines": STANDARD, "dice": {"throws": throws},
            "moves": moves}


TWO_TURNS = [{"player": 1, "do": "place", "lines": [2, 3, 5]},
             {"player": 2, "do": "place", "lines": [7]},
             {"player": 2, "do": "pass"}]                 # no incineration


def test_a_record_with_its_throws_written_at_the_table_replays(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table_record([[2, 3, 5], [1, 2, 4]], TWO_TURNS)))
    result = run("tumba", "replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ('move 1 (turn 1, player 1) {"do": "place", "lines": [2, 3, 5]}: tomb P1 0 '
                        "P2 0; dice 1-2-4; player 2: use")
    assert lines[1] == ('move 2 (turn 2, player 2) {"do": "place", "lines": [7]}: tomb P1 0 P2 0; '
                        "dice 1-2-4; player 2: attack")
    state = replay(table_record([[2, 3, 5], [1, 2, 4]], TWO_TURNS), "t").state
    board = state.board.cells
    assert board[2][2] == board[3][2] == board[5][1] == 0 and board[7][1] == 1   # outermost
    assert lines[-1] == ("(the record stops in turn 3, player 1 to move; the game is not "
                         "finished)")


@pytest.mark.parametrize("throws, error", [
    ([[2, 3, 5]], 't: move 1 (turn 1, player 1) {"do": "place", "lines": [2, 3, 5]}: the game '
                  "throws the dice after this move, and [dice] lists no throw left (1 listed)"),
    ([[2, 3, 5], [1, 2, 4], [6, 6, 6], [4]], "t [dice][throws]: 1 die listed after the last "
                                              "throw the game made; remove them"),
    ([[2], [3, 5, 1], [2, 4, 6]], 't: move 1 (turn 1, player 1) {"do": "place", "lines": [2, 3, '
                                  '5]}: [dice] throw lists do not match the game\'s throws: by '
                                  "this move it has thrown 6 dice, in the middle of a listed "
                                  "throw"),
    ([], "t [dice][throws]: the game throws the dice before the first move, and no throw is "
         "listed"),
])
def test_the_throws_must_match_the_games(throws, error):
    assert replay(table_record(throws, TWO_TURNS), "t").error == error


def test_throws_are_bounded_and_checked(tmp_path):
    for throws, words in (([[2, 3]], "[dice][throws][0]: expected a throw of three dice (one "
                                     "for a re-roll), each 1-6"),
                          ([[2, 3, 7]], "[dice][throws][0]: expected a throw"),
                          ({"a": 1}, "[dice][throws]: expected a list of throws")):
        with pytest.raises(InputError) as refused:
            replay(table_record(throws, TWO_TURNS), "t")
        assert words in refused.value.message
    doc = table_record([[2, 3, 5]], TWO_TURNS)
    doc["players"] = 7
    with pytest.raises(InputError, match=r"\[players\]: 7 is not a number of players from 2 to "
                                         "6"):
        replay(doc, "t")


def test_a_seed_still_stands_for_the_throws(records):
    folder, _ = records
    doc = json.loads(next(folder.iterdir()).read_text())
    throws = doc["dice"]["throws"]
    assert all(len(t) in (1, 3) for t in throws)
    state = replay(doc, "r").state
    assert state.is_over() and list(state.tomb) == doc["result"]["tomb"]


# ---- a simulated game's record, and its dice as a seed ----------------------------------------

@pytest.mark.parametrize("players, seed, mode, target, result", [
    # player 1 wins (a winner numbered from 1); a turn rolls an unusable throw and throws again
    (4, 6, "standard", None, {"winner": 1, "tomb": [8, 3, 4, 3], "turns": 29, "over": True}),
    # the 10-mummy game, with one-die re-rolls among its throws
    (3, 1, "advanced", 10, {"winner": 1, "tomb": [10, 9, 9], "turns": 49, "over": True}),
    # a re-roll that still cannot be used: its die and the next turn's throw come together
    (2, 3, "advanced", None, {"winner": 2, "tomb": [4, 8], "turns": 22, "over": True}),
], ids=["standard-4-players", "advanced-target-10", "advanced-reroll-then-throw"])
def test_a_simulated_game_is_recorded_as_played(players, seed, mode, target, result):
    from generator.games.tumba.simulate import play_game

    played = play_game(players, seed, mode, target=target, record=True)
    doc = json.loads(json.dumps(record_doc(played, seed)))
    assert doc["result"] == result and doc["target"] == (target or 8)
    assert (doc["mode"], doc["players"], len(doc["moves"])) == (mode, players,
                                                                 len(played.history))
    assert all(len(throw) in (1, 3) for throw in doc["dice"]["throws"])
    for dice in (doc["dice"], {"seed": played.dice_seed}):     # the throws, or their seed
        again = replay(dict(doc, dice=dice), "r")
        assert again.error is None and again.applied == len(doc["moves"])
        assert (again.state.winner + 1, list(again.state.tomb), again.state.turn) == (
            result["winner"], result["tomb"], result["turns"])


def test_the_texts_of_a_finished_and_a_blocked_game():
    from generator.games.tumba.records import result_text, validate_record_document
    from generator.games.tumba.simulate import play_game

    over = play_game(4, 6, "standard", record=True)
    assert over.dice and not any(line.startswith("dice of player")
                                 for line in position_text(over).splitlines())
    assert result_text(over) == "winner: player 1 (8 mummies in the tomb, after 29 turns)"
    over.winner, over.blocked = -1, True
    assert result_text(over) == "no winner: every player was left without a mummy to play"
    doc = record_doc(play_game(4, 6, "standard", record=True), 6)
    doc["moves"][0]["lines"] = [13]
    report = validate_record_document(doc, "r.json")
    assert report.subject == "r.json" and report.violations[0].message.startswith(
        'r.json: move 1 (turn 1, player 1) {"do": "place", "lines": [13]}: ')


def test_a_replay_by_seed_names_the_turn_of_an_illegal_move():
    doc = dict(table_record([], [{"do": "place", "lines": [13]}]), dice={"seed": 4})
    assert replay(doc, "t").error.startswith('t: move 1 (turn 1, player 1) {"do": "place", '
                                             '"lines": [13]}: ')


def test_the_dice_in_front_of_the_player_are_shown_with_the_position():
    state = replay(table_record([[2, 3, 5], [1, 2, 4]], TWO_TURNS[:1]), "t").state
    assert "dice of player 2: 1 2 4" in position_text(state).splitlines()
    two = replay(table_record([[2, 3, 5], [1, 2, 4], [6, 6, 6], [4], [5]], TWO_TURNS), "t")
    assert two.error == ("t [dice][throws]: 2 dice listed after the last throw the game made; "
                         "remove them")


def test_a_replay_by_seed_steps_and_a_board_off_the_rules_is_named():
    from generator.core.errors import RuleError
    from generator.games.tumba.model import parse_lines
    from generator.games.tumba.rules import State

    first = State(2, parse_lines(STANDARD, "t"), "standard", seed=4).legal_moves()[0]
    doc = dict(table_record([], [move_to_json(first)]), dice={"seed": 4})
    stepped = replay(doc, "t", step=True)
    assert len(stepped.steps) == 1 and stepped.steps[0].startswith(
        f"move 1 (turn 1, player 1) {json.dumps(move_to_json(first))}: tomb P1 0 P2 0")
    early = replay(table_record([], TWO_TURNS), "t")
    assert early.state.turn == 1 and early.applied == 0        # stopped before the first throw
    bad = table_record([[2, 3, 5]], [])
    bad["lines"] = dict(STANDARD, **{"1": 1})                   # a chamber short: not standard
    with pytest.raises(RuleError) as refused:
        replay(bad, "t")
    assert refused.value.report.subject == "t"
    assert refused.value.message.startswith("t: the board is not a standard setup\n")


def test_an_unfinished_game_has_no_winner_yet():
    from generator.games.tumba.simulate import play_game

    capped = play_game(2, 1, "standard", record=True, max_turns=5)
    assert record_doc(capped, 1)["result"] == {"winner": None, "tomb": [0, 0], "turns": 6,
                                               "over": False}


def test_a_record_of_no_moves_stops_before_the_first_throw():
    done = replay(table_record([], []), "t")
    assert (done.applied, done.error, done.state.turn, done.state.phase) == (0, None, 1, "start")
    assert status(done.state) == "tomb P1 0 P2 0; player 1: start"
    assert position_text(done.state).splitlines()[0] == ("Tutan Tumba, standard rules, 2 players, "
                                                         "target 8; turn 1")
    assert position_text(done.state).splitlines()[-1] == "moves made: none"


@pytest.mark.parametrize("seed, ok", [(0, True), (2 ** 64 - 1, True), (2 ** 64, False), (-1, False),
                                      (True, False)], ids=["0", "top", "2^64", "-1", "true"])
def test_a_dice_seed_is_a_whole_number_of_64_bits(seed, ok):
    doc = dict(table_record([], []), dice={"seed": seed})
    if ok:
        assert replay(doc, "t").state.dice_seed == seed
        return
    with pytest.raises(InputError) as refused:
        replay(doc, "t")
    assert refused.value.message == ('t [dice]: expected {"throws": [[2, 3, 5], ...]} (every '
                                     'throw, in order) or {"seed": N} with N a whole number '
                                     "from 0 to 18446744073709551615")


def test_a_target_the_mode_refuses_is_named():
    doc = dict(table_record([], []), target=10)
    with pytest.raises(InputError) as refused:
        replay(doc, "t")
    assert refused.value.message == ("t [target]: target 10: the standard game is won with 8 "
                                     "mummies in the tomb; the 10-mummy game belongs to the "
                                     "advanced mode")
