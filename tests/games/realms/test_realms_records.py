"""Hidden Realms game records: every count bounded before anything is built (a record with a
huge `players` is refused at once, a 9-player record is not replayed), with the range in the
message."""

import json

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.core.errors import InputError
from generator.games.realms.records import replay

RECORD = {"map": "map-1", "players": 1, "start": "normal",
          "dice": {"rolls": [[5, 5]] + [[1, 2]] * 19},
          "moves": [{"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8, "y": 0}]}


def test_a_record_written_by_hand_replays_and_steps():
    result = replay(RECORD, "r", step=True)
    assert result.error is None and result.applied == 1
    (line,) = result.steps
    assert line.startswith('move 1 (round 1, player 1) {"do": "place", "die": 5, "shape": "X5", '
                           '"turn": 0, "x": 8, "y": 0}: score P1 ')
    assert line.endswith("; round 1, player 1 to play")


@pytest.mark.parametrize("change, message", [
    ({"players": 9}, "r [players]: 9 is not a number of players from 1 to 8"),
    ({"players": 10 ** 15}, "r [players]: 1000000000000000 is not a number of players from 1 to 8"),
    ({"players": 0}, "r [players]: 0 is not a number of players from 1 to 8"),
    ({"players": 2, "map": ["map-1"]}, "r [map]: 1 maps (one per player); expected 2 to 2"),
    ({"dice": {"rolls": [[1, 2]] * 21}}, "r [dice] [rolls]: 21 rolls (one per round); expected 0 "
                                         "to 20"),
    ({"dice": {"rolls": [[1, 2, 3]]}}, "r [dice] [rolls[0]]: 3 dice; expected 2 to 2"),
    ({"dice": {"rolls": [[1, 7]]}}, "r [dice] [rolls[0]]: expected dice, each a whole number "
                                    "from 1 to 6"),
    ({"dice": {"rolls": [], "extra": [[]] * 2}}, "r [dice] [extra]: 2 lists of extra dice (one "
                                                 "per player); expected 0 to 1"),
    ({"dice": {"seed": -1}}, "r [dice] [seed]: -1 is not a seed from 0 to "
                             "9223372036854775808"),
    ({"start": "hard"}, "r [start]: expected one of normal, easy, kids"),
    ({"moves": [{"do": "end", "player": 2}]}, "r [moves[0]] [player]: 2 is not a player number "
                                              "from 1 to 1"),
    ({"bonus": 3}, "r [bonus]: unknown key; a realms record has map, players, start, dice, "
                   "moves"),
])
def test_counts_and_keys_are_checked_before_any_work(change, message):
    with pytest.raises(InputError) as refused:
        replay({**RECORD, **change}, "r")
    assert refused.value.message == message


def test_a_huge_player_count_is_refused_at_once_by_the_command(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({**RECORD, "players": 10 ** 12,
                                "dice": {"seed": 5}}))
    result = CliRunner().invoke(main, ["realms", "replay", str(path)])
    assert result.exit_code == 2 and "is not a number of players from 1 to 8" in result.stderr
    path.write_text(json.dumps({"format": "tombgen/realms.record", "version": 1,
                                **RECORD, "players": 9, "dice": {"seed": 5}}))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "[players]: 9 is not" in result.stderr
