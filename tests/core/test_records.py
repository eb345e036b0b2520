"""The part of game records every game shares (generator.core.records): bounds with their ranges,
move objects' keys, the header, and a run's records staged, published or left out together."""

import pytest

from generator.core.errors import InputError
from generator.core.output import Conflict
from generator.core.records import (
    RecordFolder,
    move_kind,
    move_list,
    record_fields,
    sized_list,
    whole_in,
)


@pytest.mark.parametrize("value, message", [
    (0, "p: 0 is not a number of players from 1 to 8"),
    (9, "p: 9 is not a number of players from 1 to 8"),
    (2.0, "p: 2.0 is not a number of players from 1 to 8"),
    (False, "p: false is not a number of players from 1 to 8"),
    ("3", "p: '3' is not a number of players from 1 to 8"),
    (10 ** 200, "p: " + "1" + "0" * 78 + "… is not a number of players from 1 to 8"),
])
def test_whole_in_names_the_range(value, message):
    with pytest.raises(InputError) as refused:
        whole_in(value, "p", 1, 8, "a number of players")
    assert refused.value.message == message
    assert whole_in(1, "p", 1, 8) == 1 and whole_in(8, "p", 1, 8) == 8


def test_sized_lists_and_move_lists_are_bounded(monkeypatch):
    assert sized_list([1, 2], "l", 2, 2, "dice") == [1, 2]
    for value, words in (({}, "l: expected a list of dice"), ([1], "l: 1 dice; expected 2 to 2"),
                         ([1, 2, 3], "l: 3 dice; expected 2 to 2")):
        with pytest.raises(InputError) as refused:
            sized_list(value, "l", 2, 2, "dice")
        assert refused.value.message == words
    import generator.core.records as records

    monkeypatch.setattr(records, "input_limit", lambda name: 2)
    assert move_list({"moves": [{}, {}]}, "r") == [{}, {}]
    with pytest.raises(InputError, match=r"r \[moves\]: 3 moves; a record holds 0 to 2"):
        move_list({"moves": [{}] * 3}, "r")
    with pytest.raises(InputError, match=r"r \[moves\[1\]\]: expected a move object"):
        move_list({"moves": [{}, 7]}, "r")


def test_move_kinds_and_keys():
    fields = {"take": {"tile"}, "pass": set()}
    assert move_kind({"do": "take", "tile": 3, "player": 1}, "m", fields) == "take"
    for obj, words in (({"do": "jump"}, "m [do]: expected one of take, pass"),
                       ({"do": ["take"]}, "m [do]: expected one of take, pass"),
                       ({"do": "pass", "tile": 1}, "m [tile]: unknown key; a pass move has do, "
                                                   "player"),
                       ({"do": "take"}, 'm: a take move needs "tile"')):
        with pytest.raises(InputError) as refused:
            move_kind(obj, "m", fields)
        assert refused.value.message == words


def test_the_header():
    doc = {"a": 1, "moves": []}
    assert record_fields(doc, "r", "tut", ("a", "moves")) is doc
    with pytest.raises(InputError, match=r"r: missing key\(s\) b \(a tut record has a, b\)"):
        record_fields({"a": 1}, "r", "tut", ("a", "b"))
    with pytest.raises(InputError, match=r"r \[zz\]: unknown key; a tut record has a"):
        record_fields({"a": 1, "zz": 2}, "r", "tut", ("a",))
    with pytest.raises(InputError, match=r"r \[version\]"):
        record_fields({"format": "tombgen/tut.record", "a": 1}, "r", "tut", ("a",))
    full = {"format": "tombgen/tut.record", "version": 1, "seed": 3, "generator": "x",
            "result": {}, "a": 1}
    assert record_fields(full, "r", "tut", ("a",)) is full


def test_a_run_stages_its_records_and_publishes_or_leaves_nothing(tmp_path):
    folder = tmp_path / "new" / "rec"
    records = RecordFolder(folder, "tut")
    assert not folder.exists()                        # checked, not made
    records.stage(5, ["a\n", "b\n"], "players-3")
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == []
    assert records.commit() == 2
    assert sorted(p.name for p in folder.iterdir()) == ["tut-record-5-players-3-1.json",
                                                        "tut-record-5-players-3-2.json"]
    again = RecordFolder(folder, "tut")
    with pytest.raises(Conflict):
        again.stage(5, ["other\n"], "players-3")      # another run's record is in the way
    assert (folder / "tut-record-5-players-3-1.json").read_text() == "a\n"
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
    fresh = RecordFolder(tmp_path / "made", "tut")
    fresh.stage(1, ["x\n"])
    fresh.abort()
    assert not (tmp_path / "made").exists()           # the folder it made is gone too
    kept = RecordFolder(folder, "tut", force=True)
    kept.stage(5, ["other\n"], "players-3")
    kept.commit()
    assert (folder / "tut-record-5-players-3-1.json").read_text() == "other\n"
