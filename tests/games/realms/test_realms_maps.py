"""Map files: the shipped maps, parse -> write -> parse, the JSON form, and every validator
check with its bad-input case (all problems listed with line and column)."""

import json
from pathlib import Path

import pytest
from games.realms.realms_helpers import small_map

from generator.core.errors import InputError
from generator.games.realms.mapfile import (
    builtin_maps,
    load_map,
    parse_map_text,
    read_map,
    write_map_text,
)
from generator.games.realms.model import Finding, Map, data, map_from_fields, map_to_fields
from generator.games.realms.mapfile import validate_map_file
from generator.games.realms.rules.map import validate_map

ROOT = Path(__file__).resolve().parents[3]


def test_shipped_maps_are_valid_and_differ():
    names = builtin_maps()
    assert names[0] == "map-1" and len(names) >= 4
    maps = [load_map(n) for n in names]
    assert {m.size for m in maps} >= {(12, 12), (16, 16)}
    assert len({m.stone for m in maps}) == len(maps)
    assert len({len(m.rooms) for m in maps}) > 1
    assert len({tuple((e.x, e.y, e.side) for e in m.entrances) for m in maps}) == len(maps)
    assert [m.difficulty for m in maps] == ["basic"] + ["advanced"] * (len(maps) - 1)


def test_map1_holds_the_basic_counts():
    m = load_map("map-1")
    basic = data()["map"]["basic"]
    kinds = [f.kind for f in m.findings]
    assert m.size == (12, 12) and len(m.entrances) == 4
    assert kinds.count("ooze") == basic["ooze"] and kinds.count("mimic") == basic["mimic"]
    assert kinds.count("key") == basic["key"]
    assert sum(1 for k in kinds if k.startswith("golem-")) == basic["golem"]
    assert sum(f.amount for f in m.findings if f.kind == "coins") == basic["coins"]
    assert sum(1 for k in kinds if k in data()["map"]["items"]) == basic["items"]
    assert all(1 <= f.amount <= 3 for f in m.findings if f.kind == "coins")
    contents = [r.content for r in m.rooms]
    assert contents.count("sarcophagus") == basic["sarcophagus"]
    assert sum(1 for c in contents if c.startswith("gem-")) == basic["gem"]


@pytest.mark.parametrize("name", builtin_maps())
def test_parse_write_parse_is_exact(name):
    path = ROOT / "maps" / "realms" / f"{name}.toml"
    m, report, _ = read_map(path)
    text = write_map_text(m)
    again = parse_map_text(text, "again")
    assert report.ok and again.report.ok and again.map == m
    assert text == path.read_text(encoding="utf-8")          # shipped files are in writer form


def test_json_form_round_trip():
    m = load_map("map-2")
    fields = map_to_fields(m)
    assert set(fields) >= {"size", "entrances", "stone", "rooms", "findings"}
    assert json.loads(json.dumps(fields)) == fields
    assert map_from_fields(fields, "x") == m
    assert map_from_fields(map_to_fields(small_map()), "x") == small_map()


def _toml(grid: str, **keys) -> str:
    head = {"name": "T", "difficulty": "advanced", "description": "d", **keys}
    return "".join(f"{k} = {json.dumps(v)}\n" for k, v in head.items()) + f"grid = '''\n{grid}'''\n"


def _map1_grid() -> list[str]:
    text = (ROOT / "maps" / "realms" / "map-1.toml").read_text()
    return text.split("'''\n")[1].splitlines()


def test_unknown_symbols_and_entrance_in_the_grid_list_line_and_column(tmp_path):
    rows = _map1_grid()
    rows[2] = rows[2].replace("M ", "X ", 1)                 # line 2 of the grid
    rows[5] = rows[5].replace(" . ", " E ", 1)
    rows[7] = rows[7].replace("grv", "gr ", 1)                # a room without a door
    path = tmp_path / "bad.toml"
    path.write_text(_toml("\n".join(rows) + "\n"))
    report = validate_map_file(path)
    codes = [v.code for v in report.violations]
    assert {"unknown-symbol", "entrance-off-border", "room-door-missing"} <= set(codes)
    first = report.violations[0].where
    assert first.startswith(f"{path}:7:")                     # grid starts on file line 5
    assert all(v.where.count(":") == 2 for v in report.violations
               if v.code in ("unknown-symbol", "room-door-missing"))


def test_ragged_rows_are_reported_with_their_line(tmp_path):
    rows = _map1_grid()
    rows[3] += " ."
    report = validate_map_file(_write(tmp_path, _toml("\n".join(rows) + "\n")))
    assert [v.code for v in report.violations] == ["grid-shape"]
    assert report.violations[0].where.endswith(":8:1")


def _write(tmp_path, text, name="m.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_broken_toml_is_an_input_error_with_place(tmp_path):
    path = _write(tmp_path, "name = \"x\ngrid = 3\n")
    with pytest.raises(InputError, match=r"m.toml:1:\d+: invalid TOML"):
        read_map(path)
    with pytest.raises(InputError, match="missing key"):
        read_map(_write(tmp_path, "name = 'x'\n", "n.toml"))


def _bad(**changes) -> Map:
    m = load_map("map-1")
    return Map.build(changes.get("size", m.size), changes.get("entrances", m.entrances),
                     changes.get("stone", m.stone), changes.get("rooms", m.rooms),
                     changes.get("findings", m.findings), changes.get("name", m.name),
                     m.difficulty, changes.get("description", m.description))


# 13 more coins on free squares of map-1's last two rows
PILES = tuple(Finding(11, x, "coins", 2) for x in (0, 2, 5, 8, 10)) + (Finding(10, 0, "coins", 3),)


def test_validator_checks_each_rule():
    m = load_map("map-1")
    assert validate_map(m).ok
    cases = {
        "size-range": _bad(size=(11, 12)),
        "two-findings": _bad(findings=m.findings + (Finding(0, 2, "ooze"),)),   # on (2, 0)
        "finding-on-stone": _bad(findings=m.findings + (Finding(2, 2, "key"),)),
        "too-many": _bad(findings=m.findings + (Finding(0, 1, "ooze"),)),       # a 7th ooze
        "golem-without-gem": _bad(rooms=tuple(r for r in m.rooms if r.content != "gem-red")),
        "gem-without-golem": _bad(findings=tuple(f for f in m.findings if f.kind != "golem-red")),
        "entrance-count": _bad(entrances=m.entrances[:3]),
        "unreachable": _bad(stone=m.stone + ((0, 1), (1, 0))),                  # walls in (0, 0)
        "coin-amount": _bad(findings=m.findings + (Finding(0, 0, "coins", 7),)),
        "finding-kind": _bad(findings=m.findings + (Finding(0, 0, "dragon"),)),
        # 12 + 14 coins: more than half of the 50-circle coin track
        "coin-track": _bad(findings=m.findings + PILES + (Finding(10, 2, "coins", 1),)),
        "name-length": _bad(name="x" * 41),
        "name-characters": _bad(name="Map\n1"),
        "description-length": _bad(description="y" * 301),
        "description-characters": _bad(description="a tomb \u2603"),
        # stone right inside every entrance: no 1 (hall or bend) can start the map
        "no-first-tile": _bad(stone=m.stone + ((9, 1), (1, 8), (2, 10))),
    }
    for code, bad in cases.items():
        assert code in validate_map(bad).codes, code


def test_validator_accepts_the_limits_themselves():
    m = load_map("map-1")
    ok = [_bad(name="x" * 40), _bad(name="Le Tombeau d\u2019\u00c9ros \u2014 II"),
          _bad(description="y" * 300),
          _bad(findings=m.findings + PILES)]                              # 12 + 13 = 25 coins
    for bad in ok:
        assert validate_map(bad).ok, validate_map(bad).text()
    assert "name-length" in validate_map(_bad(name="")).codes


def test_room_door_facing_stone_and_entrance_off_border_in_json():
    fields = map_to_fields(load_map("map-1"))
    fields["rooms"][0]["door"] = "E"                           # (1, 2) E faces stone (2, 2)
    fields["entrances"][0] = {"x": 5, "y": 5, "side": "N"}
    codes = validate_map(map_from_fields(fields, "j")).codes
    assert {"room-door-blocked", "entrance-off-border"} <= codes


def test_every_problem_is_listed_at_once():
    # map-1 cut to 11 squares wide loses its last column: the $1, red golem, key, ooze, $3 and
    # ooze of column 11 and the right-hand entrance of row 3 fall outside; a 7th ooze on the ooze at
    # (2, 0) and an unknown finding "M" (the file token, not a kind) come on top.
    m = load_map("map-1")
    bad = _bad(size=(11, 12), findings=m.findings + (Finding(0, 2, "ooze"), Finding(0, 1, "M")))
    assert [(v.code, v.where) for v in validate_map(bad).violations] == [
        ("size-range", "size"),
        ("finding-kind", "square (1, 0)"),
        ("out-of-grid", "square (11, 0)"),
        ("out-of-grid", "square (11, 2)"),
        ("out-of-grid", "square (11, 4)"),
        ("out-of-grid", "square (11, 5)"),
        ("out-of-grid", "square (11, 8)"),
        ("out-of-grid", "square (11, 10)"),
        ("two-findings", "square (2, 0)"),
        ("entrance-off-border", "entrance (11, 3) E"),
        ("too-many", "ooze"),
    ]
    messages = [v.message for v in validate_map(bad).violations]
    assert messages[0] == "the map is 11 x 12; each side must be 12 to 16 squares"
    assert messages[2:4] == ["coins outside the map", "golem-red outside the map"]
    assert messages[-1] == "7 x ooze; the sheet has room for 6"
