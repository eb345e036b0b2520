"""Achievements judged against the map's own contents, and the score referee refusing tallies no
sheet (or no sheet of that map) can show — each with a legal and an illegal case."""

import json

import pytest
from games.realms.realms_helpers import game

from generator.cli import main
from generator.core.errors import RuleError
from generator.games.realms.mapfile import load_map
from generator.games.realms.rules import SeededDice, State
from generator.games.realms.rules.holdings import Holdings, tally_limits
from generator.games.realms.rules.scoring import (
    check_tallies,
    holdings,
    score_fields,
    tally_achievements,
)

# the rulebook's scoring example (134 points)
EXAMPLE = {"oozes": 3, "skeletons": 3, "zombies": 3, "golems": 3, "mimics": 6,
           "mummy_hits": [8, 11, 13, 18], "magic_items": 3, "leftovers": 5,
           "connected_entrances": 2, "remaining_openings": 0, "open_entrances": 2,
           "open_rooms": 1}
# map-2 holds 5 oozes, 3 sarcophagi, 3 golems, 5 mimics, 4 keys and the 4 magic items
MAP2_ALL = {"oozes": 5, "skeletons": 5, "zombies": 3, "golems": 3, "mimics": 5,
            "mummy_hits": [2, 3, 4, 5, 6, 7], "magic_items": 4, "leftovers": 0,
            "connected_entrances": 4, "remaining_openings": 0, "open_entrances": 0,
            "open_rooms": 0, "keys_found": 4, "skeleton_key": 1}


def test_map2_holds_fewer_monsters_than_the_log():
    h = holdings(load_map("map-2"))
    assert (h.oozes, h.sarcophagi, h.golems, h.mimics, h.keys) == (5, 3, 3, 5, 4)
    assert Holdings.capacity().oozes == 6


def undead_sheet(name: str):
    """A finished-looking sheet on map ``name``: 5 oozes, their skeletons, 3 zombies, the Mummy
    hit in rounds 2-7 (19 + 18 + 2 x 17 + 2 x 16 + 3 x 15 + 3 x 14 = 190 points)."""
    state = State(load_map(name), SeededDice(1))
    s = state.sheets[0]
    s.oozes = s.oozes_def = 5
    s.skel_def = 0b11111
    s.sarc = s.sarc_open = s.zombies_def = 3
    s.alerts = s.defeats = 18
    s.hits = [2, 3, 4, 5, 6, 7]
    return state


def test_master_of_the_undead_on_a_map_with_five_oozes():
    state = undead_sheet("map-2")
    # 25 + 20 + 190, 4 open entrances -12, 6 open rooms -18
    assert sum(state.lines().values()) == 205
    assert state.achievements() == ["master-of-the-undead", "mummy-slayer"]


def test_the_same_sheet_on_map1_misses_an_ooze_and_a_zombie():
    state = undead_sheet("map-1")            # map-1: 6 oozes, 4 sarcophagi
    assert sum(state.lines().values()) == 25 + 20 + 190 - 12 - 24
    assert state.achievements() == ["mummy-slayer"]


def test_no_achievement_under_180_points():
    state = undead_sheet("map-2")
    state.sheets[0].hits = [2, 3, 4, 5, 6, 19]            # 190 - 14 x 3 + 2 x 3 = 154
    assert sum(state.lines().values()) == 25 + 20 + 154 - 12 - 18
    assert state.achievements() == []


def test_all_five_from_tallies_on_map2_and_what_each_needs():
    h = holdings(load_map("map-2"))
    every = ["master-of-the-undead", "magical-warden", "treasure-hunter", "the-mapmaker",
             "mummy-slayer"]
    assert tally_achievements(check_tallies(dict(MAP2_ALL), "t", h), h) == every
    missing = {"keys_found": 3, "skeleton_key": 0, "magic_items": 3, "golems": 2,
               "open_rooms": 1, "zombies": 2}
    lost = {"keys_found": "treasure-hunter", "skeleton_key": "treasure-hunter",
            "magic_items": "magical-warden", "golems": "magical-warden",
            "open_rooms": "the-mapmaker", "zombies": "master-of-the-undead"}
    for key, value in missing.items():
        t = {**MAP2_ALL, key: value}
        earned = tally_achievements(check_tallies(t, "t", h), h)
        assert lost[key] not in earned and len(earned) == 4, key
    without = {k: v for k, v in MAP2_ALL.items() if k not in ("keys_found", "skeleton_key")}
    assert "treasure-hunter" not in tally_achievements(without, h)


def test_a_real_game_never_earns_more_than_its_map_allows():
    state = game()
    assert state.achievements() == []       # the score so far is far below 180


# the referee --------------------------------------------------------------------------------
@pytest.mark.parametrize("key, value", [("leftovers", 999), ("remaining_openings", 999),
                                        ("open_rooms", 9), ("skeleton_key", 2),
                                        ("keys_found", 9), ("magic_items", 5)])
def test_tallies_no_sheet_can_hold_are_refused_naming_the_key(key, value):
    with pytest.raises(RuleError, match=f"{key} = {value}"):
        check_tallies({**EXAMPLE, key: value}, "t.json")


def test_mummy_hits_need_their_defeats():
    t = {**EXAMPLE, "oozes": 1, "skeletons": 1, "zombies": 0, "golems": 0, "mimics": 0}
    with pytest.raises(RuleError, match="mummy_hits"):          # 2 defeats: no square
        check_tallies(t, "t.json")
    check_tallies({**t, "mimics": 6, "golems": 4, "mummy_hits": [8, 11, 13]}, "t.json")
    with pytest.raises(RuleError, match="5 hits in round 8"):
        check_tallies({**EXAMPLE, "mimics": 6, "mummy_hits": [8] * 5}, "t.json")


def test_the_rulebook_example_is_a_sheet_any_map_can_show():
    assert check_tallies(dict(EXAMPLE), "t.json") == EXAMPLE


def run_score(runner, doc, *args):
    return runner.invoke(main, ["realms", "score", "-", *args], input=json.dumps(doc))


def test_score_with_the_map_refuses_more_than_it_holds(runner):
    result = run_score(runner, EXAMPLE, "--map", "map-2")      # 6 mimics; map-2 holds 5
    assert result.exit_code == 1 and "mimics = 6" in result.output
    result = run_score(runner, {**EXAMPLE, "mimics": 5}, "--map", "map-2")
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "achievements: none"
    result = run_score(runner, {**EXAMPLE, "leftovers": 999})
    assert result.exit_code == 1 and "leftovers = 999" in result.output


def test_score_json_lists_the_achievements(runner):
    doc = json.loads(run_score(runner, MAP2_ALL, "--map", "map-2", "--json").output)
    assert doc["total"] == 25 + 20 + 20 + 20 + 190 + 20 + 0 + 30
    assert doc["achievements"] == ["master-of-the-undead", "magical-warden", "treasure-hunter",
                                   "the-mapmaker", "mummy-slayer"]
    text = run_score(runner, MAP2_ALL, "--map", "map-2").output
    assert "achievements: Master of the Undead, Magical Warden" in text
    plain = json.loads(run_score(runner, EXAMPLE, "--json").output)
    assert "achievements" not in plain and plain["total"] == 134


# what a map can give: its keys, and the dice before each Mummy hit ----------------------------
def test_the_rulebook_example_fits_map1_key_for_key():
    # 6 mimics and 3 opened sarcophagi (zombies defeated) took 9 keys: map-1's 4, the Tile
    # Table's two column keys and the Skeleton Key's 3 uses
    assert score_fields(dict(EXAMPLE), "t.json", "map-1", "normal")["total"] == 134
    with pytest.raises(RuleError) as err:
        score_fields({**EXAMPLE, "zombies": 4}, "t.json", "map-1", "normal")
    assert str(err.value) == (
        "t.json: no sheet can show zombies + mimics = 10 key uses (map map-1 gives at most 9: "
        "4 on its squares, 2 for the Tile Table's columns, 3 uses of the Skeleton Key; a kids "
        "start gives 1 more (--start kids))")
    assert score_fields({**EXAMPLE, "zombies": 4}, "t.json", "map-1", "kids")["total"] == 144


def test_key_uses_on_a_map_without_the_skeleton_key():
    # a map with one key on its squares and no Skeleton Key: with the two column keys, 3 keys
    holds = Holdings(6, 4, 4, 6, 1, (), 8, 200)
    t = {**EXAMPLE, "zombies": 2, "mimics": 1, "magic_items": 0}
    assert tally_limits(t, holds, "map m", "normal") == []
    assert tally_limits({**t, "mimics": 2}, holds, "map m", "easy") == [
        "zombies + mimics = 4 key uses (map m gives at most 3: 1 on its squares, 2 for the "
        "Tile Table's columns; a kids start gives 1 more (--start kids))"]
    assert tally_limits({**t, "mimics": 2}, holds, "map m", "kids") == []
    assert tally_limits({**t, "mimics": 3}, holds, "map m", "kids") == [
        "zombies + mimics = 5 key uses (map m gives at most 4: 1 on its squares, 2 for the "
        "Tile Table's columns, 1 from the kids start)"]


@pytest.mark.parametrize("rounds, hammer, ok", [
    # the k-th hit in round r needs 3k defeats; at most 4r dice were used by then, one on the
    # first tile and one on each hit, and the Hammer adds a defeat to each of its 3 uses
    ([1], True, True),          # 3 <= 4 - 1 - 1 + 3
    ([1], False, False),        # 3 > 2
    ([2, 2], True, True),       # hit 2: 6 <= 8 - 1 - 2 + 3
    ([2, 2], False, False),     # 6 > 5
    ([2, 2, 2], True, False),   # hit 3: 9 > 8 - 1 - 3 + 3
    ([1, 1, 1], True, False),   # the rulebook allows no three hits in round 1
    ([8, 11, 13, 18], False, True),
])
def test_a_hit_needs_the_defeats_its_round_can_give(rounds, hammer, ok):
    holds = Holdings(6, 4, 4, 6, 4, ("hammer",) if hammer else (), 8, 200)
    t = {**EXAMPLE, "mummy_hits": rounds}
    bad = [b for b in tally_limits(t, holds, "map m", "normal") if b.startswith("mummy_hits")]
    assert (bad == []) == ok, bad


def test_three_hits_in_round_one_are_refused_naming_why():
    with pytest.raises(RuleError) as err:
        check_tallies({**EXAMPLE, "mummy_hits": [1, 1, 1]}, "t.json")
    assert str(err.value) == (
        "t.json: no sheet can show mummy_hits: hit 2 in round 1 needs 6 defeats before it, but "
        "by then at most 4 monsters can be defeated (4 dice a round, less the first tile and "
        "the hits, and 3 uses of the Hammer of Shattering)")


def test_score_takes_the_start(runner):
    result = run_score(runner, {**EXAMPLE, "zombies": 4}, "--map", "map-1")
    assert result.exit_code == 1 and "10 key uses" in result.output
    result = run_score(runner, {**EXAMPLE, "zombies": 4}, "--map", "map-1", "--start", "kids")
    assert result.exit_code == 0, result.output
