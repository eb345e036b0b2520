"""The part of game records every game shares (generator.core.records): bounds with their ranges,
move objects' keys, the header, and a run's records staged, published or left out together."""

from dataclasses import dataclass

import pytest

from generator.core.errors import InputError
from generator.core.output import Conflict
from generator.core.records import (
    Key,
    Kind,
    MoveCodec,
    RecordFolder,
    Replay,
    boolean,
    from_one,
    integer,
    mapped,
    move_kind,
    move_list,
    one_of,
    record_fields,
    record_report,
    replay_moves,
    sized_list,
    text,
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


def test_optional_keys_are_allowed_not_needed():
    fields, optional = {"wand": {"x"}}, {"wand": {"pay"}}
    assert move_kind({"do": "wand", "x": 1}, "m", fields, optional) == "wand"
    assert move_kind({"do": "wand", "x": 1, "pay": 0}, "m", fields, optional) == "wand"
    with pytest.raises(InputError) as refused:
        move_kind({"do": "wand", "x": 1, "tool": 0}, "m", fields, optional)
    assert refused.value.message == "m [tool]: unknown key; a wand move has do, player, pay, x"
    with pytest.raises(InputError, match='m: a wand move needs "x"'):
        move_kind({"do": "wand", "pay": 0}, "m", fields, optional)


# ---- one codec for every game's move objects -------------------------------------------------

@dataclass(frozen=True)
class Step:
    to: int
    fast: bool = False


@dataclass(frozen=True)
class Give:
    seat: int
    what: str


@dataclass(frozen=True)
class Far:
    to: int


@dataclass(frozen=True)
class Rest:
    pass


@dataclass(frozen=True)
class Sit:
    seat: int
    side: str


@dataclass(frozen=True)
class Hop:
    to: int
    fast: bool


def _far(value, place, ctx):
    return integer(value, place) * ctx


def codec() -> MoveCodec:
    """The test game's codec, built in each test (so that what builds it is measured too)."""
    return MoveCodec("test", (
        Kind("step", Step, (Key("to", integer), Key("fast", boolean, optional=True))),
        Kind("give", Give, (from_one("from", "seat"), Key("what", one_of("gold", "gem")))),
        Kind("far", Far, (Key("to", _far, lambda to, ctx: to // ctx),)),   # tens, with ctx 10
        Kind("rest", move=Rest()),
        Kind("hop", Hop, (mapped("way", {"up": 1, "down": -1}, "to"), Key("fast", boolean))),
        # keys named as the attributes they are read into
        Kind("sit", Sit, (from_one("seat"), mapped("side", {"left": "L", "right": "R"}))),
    ))


@pytest.mark.parametrize("obj, move", [
    ({"do": "step", "to": 3}, Step(3)),                       # an optional key left out
    ({"do": "step", "to": -2, "fast": True, "player": 2}, Step(-2, True)),
    ({"do": "give", "from": 1, "what": "gem"}, Give(0, "gem")),  # counted from 1 in JSON
    ({"do": "give", "from": 4, "what": "gold"}, Give(3, "gold")),
    ({"do": "rest"}, Rest()),
    ({"do": "far", "to": 4}, Far(40)),                        # read with the context
    ({"do": "hop", "way": "down", "fast": True}, Hop(-1, True)),    # a name for its value
    ({"do": "sit", "seat": 2, "side": "right"}, Sit(1, "R")),
])
def test_the_codec_reads_each_kind(obj, move):
    assert codec().from_json(obj, "m", 4, 10) == move


@pytest.mark.parametrize("move, obj", [
    (Step(3), {"do": "step", "to": 3, "fast": False}),        # every key written, in order
    (Give(0, "gem"), {"do": "give", "from": 1, "what": "gem"}),
    (Rest(), {"do": "rest"}),
    (Far(40), {"do": "far", "to": 4}),                        # written with the context
    (Hop(1, False), {"do": "hop", "way": "up", "fast": False}),   # a value by its name
    (Sit(0, "L"), {"do": "sit", "seat": 1, "side": "left"}),
])
def test_the_codec_writes_each_kind(move, obj):
    assert codec().to_json(move, 10) == obj
    assert list(codec().to_json(move, 10)) == list(obj)
    assert codec().from_json(codec().to_json(move, 10), "m", 4, 10) == move


def test_a_kind_made_otherwise_writes_its_type():
    codec = MoveCodec("test", (Kind("far", lambda to: Step(to * 2), (Key("to", integer),),
                                    type=Step),))
    assert codec.to_json(Step(6, True)) == {"do": "far", "to": 6}
    assert codec.from_json({"do": "far", "to": 6}, "m") == Step(12)


@pytest.mark.parametrize("obj, words", [
    ([], 'm: expected a move object {"do": ...}'),
    ({"do": "jump"}, "m [do]: expected one of step, give, far, rest, hop, sit"),
    ({"do": "step"}, 'm: a step move needs "to"'),
    ({"do": "rest", "to": 1}, "m [to]: unknown key; a rest move has do, player"),
    ({"do": "step", "to": 1.5}, "m [to]: expected a whole number, got 1.5"),
    ({"do": "step", "to": True}, "m [to]: expected a whole number, got true"),
    ({"do": "step", "to": 1, "fast": 1}, "m [fast]: expected true or false, got 1"),
    ({"do": "give", "from": 0, "what": "gem"}, "m [from]: expected a player number from 1, got 0"),
    ({"do": "give", "from": "1", "what": "gem"},
     "m [from]: expected a player number from 1, got '1'"),
    ({"do": "give", "from": 1, "what": "coin"}, "m [what]: expected one of gold, gem, got 'coin'"),
    ({"do": "rest", "player": 5}, "m [player]: 5 is not a player number from 1 to 4"),
    ({"do": "rest", "player": 0}, "m [player]: 0 is not a player number from 1 to 4"),
    ({"do": "hop", "way": "left", "fast": True}, "m [way]: expected one of up, down, got 'left'"),
    ({"do": "hop", "way": 1, "fast": True}, "m [way]: expected one of up, down, got 1"),
])
def test_the_codec_refuses_malformed_objects(obj, words):
    with pytest.raises(InputError) as refused:
        codec().from_json(obj, "m", 4, 10)
    assert refused.value.message == words


def test_readers_on_their_own():
    assert text("a", "p") == "a"
    with pytest.raises(InputError, match=r"p: expected a string, got 5"):
        text(5, "p")
    assert one_of(1, -1)(-1, "p") == -1
    with pytest.raises(InputError, match=r"p: expected one of 1, -1, got true"):
        one_of(1, -1)(True, "p")               # true is not 1
    assert boolean(False, "p") is False and integer(0, "p") == 0


def test_the_codec_names_its_game_and_kinds():
    made = codec()
    assert made.game == "test" and list(made.kinds) == ["step", "give", "far", "rest", "hop",
                                                        "sit"]
    assert made.fields == {"step": {"to"}, "give": {"from", "what"}, "far": {"to"},
                           "rest": set(), "hop": {"way", "fast"}, "sit": {"seat", "side"}}
    assert made.optional == {"step": {"fast"}, "give": set(), "far": set(), "rest": set(),
                             "hop": set(), "sit": set()}
    # without the table's size the player is not checked (the replay checks whose turn it is)
    assert made.from_json({"do": "rest", "player": 9}, "m") == Rest()


def test_the_codec_refuses_a_move_of_another_game():
    with pytest.raises(TypeError, match="not a test move"):
        codec().to_json(Give)
    with pytest.raises(TypeError, match="not a test move"):
        codec().to_json(("step", 3))


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


def test_the_bounds_and_lists_word_for_word():
    with pytest.raises(InputError) as refused:
        whole_in(5, "p", 1, 3)
    assert refused.value.message == "p: 5 is not a whole number from 1 to 3"
    with pytest.raises(InputError) as refused:
        record_fields({}, "r", "tut", ("a", "b"))
    assert refused.value.message == "r: missing key(s) a, b (a tut record has a, b)"
    with pytest.raises(InputError) as refused:
        move_list({"moves": [3]}, "r")
    assert refused.value.message == 'r [moves[0]]: expected a move object {"do": ..., ...}'
    # a name of 80 characters is shown whole, one more is cut to 80
    for key, shown in (("k" * 80, "k" * 80), ("k" * 81, "k" * 79 + "…")):
        with pytest.raises(InputError) as refused:
            record_fields({key: 1}, "r", "tut", ())
        assert refused.value.message.startswith(f"r [{shown}]: unknown key")


class _Counter:
    """A game of one counter: a move adds its number, refused above 3."""

    def __init__(self):
        self.total = 0

    def apply(self, move):
        from generator.core.errors import RuleError

        if move > 3:
            raise RuleError(f"{move} is more than 3")
        self.total += move


def test_a_replay_counts_what_it_applied():
    state = _Counter()
    empty = replay_moves(state, [], [], "r", lambda s: 0, lambda s: "turn 1", str)
    assert (empty.applied, empty.error, empty.steps) == (0, None, [])
    done = replay_moves(state, [1, 2, 5, 1], [{}, {"player": 1}, {}, {}], "r", lambda s: 0,
                        lambda s: f"total {s.total}", lambda m: {"add": m})
    assert done.applied == 2 and state.total == 3
    assert done.error == 'r: move 3 (total 3, player 1) {"add": 5}: 5 is more than 3'
    report = record_report(done, "r.json")
    assert report.to_dict() == {"subject": "r.json", "valid": False, "violations": [
        {"code": "illegal-move", "message": done.error, "where": "moves[2]"}]}
    assert record_report(Replay(state, 4), "r.json").to_dict()["valid"] is True


def test_a_record_folder_starts_empty_and_leaves_a_folder_it_did_not_make(tmp_path):
    records = RecordFolder(tmp_path, "tanis")
    assert records.count == 0 and records.commit() == 0          # nothing staged, nothing published
    assert records.name(7, 2) == "tanis-record-7-2.json"
    records.stage(7, ["x\n"])
    assert records.commit() == 1 and records.commit() == 1       # published once
    assert (tmp_path / "tanis-record-7-1.json").read_text() == "x\n"
    other = RecordFolder(tmp_path, "tanis", force=True)
    other.abort()                                                # nothing staged: nothing to undo
    assert tmp_path.exists() and (tmp_path / "tanis-record-7-1.json").exists()
    other.stage(7, ["y\n"])
    other.abort()
    assert tmp_path.exists() and (tmp_path / "tanis-record-7-1.json").read_text() == "x\n"
    made = RecordFolder(tmp_path / "made", "tanis")
    made.stage(7, ["z\n"])
    made.abort()                                                 # the folder it made: removed
    (tmp_path / "made").mkdir()                                  # ... and made again by another
    made.abort()
    assert (tmp_path / "made").is_dir()                          # not this run's: left alone


def test_a_folder_gone_bad_before_the_records_are_written_is_named_as_record(tmp_path):
    records = RecordFolder(tmp_path / "rec", "tut")                # fine when checked
    (tmp_path / "rec").write_text("a file now")
    with pytest.raises(InputError) as refused:
        records.stage(1, ["x\n"])
    assert refused.value.message.startswith(f"--record {tmp_path / 'rec'}: ")
