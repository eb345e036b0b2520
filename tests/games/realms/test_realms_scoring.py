"""Hidden Realms final scoring, worked by hand from the rulebook (seed 003, "Final Scoring",
"The Mummy", "Achievements"): each scoring line and its table, the Mummy in every round from 1 to
20, the tie-breaks, what a finished sheet tallies, and the score referee's limits word for word.

The sheet's limits (seeds/realms.toml [capacity]): 6 oozes over 6 skeletons, 4 sarcophagi, 4 golem
pairs, 6 mimics, 10 keys of which 2 are the Tile Table's column keys (so 8 for keys on the map),
the 4 magic items, 6 Mummy squares of 3 '!' each; 4 dice a round, 20 rounds, 4 entrances.
"""

import pytest
from games.realms.realms_helpers import game, small_map

from generator.core.errors import InputError, RuleError
from generator.games.realms.mapfile import Entrance, Finding, Map, Room, load_map
from generator.games.realms.rules.holdings import (
    Holdings, achievement_name, judge, map_key_room, max_openings, sheet_extras, tally_limits,
)
from generator.games.realms.rules.scoring import (
    achievements, check_tallies, door_states, holdings, mummy_points, ranking, score_fields,
    score_lines, sheet_tallies, tally_achievements,
)

NOTHING = {"oozes": 0, "skeletons": 0, "zombies": 0, "golems": 0, "mimics": 0, "mummy_hits": [],
           "magic_items": 0, "leftovers": 0, "connected_entrances": 0, "remaining_openings": 0,
           "open_entrances": 0, "open_rooms": 0}
ITEMS = ("wand", "skeleton-key", "hammer", "shovel")


def tallies(**changes):
    return {**NOTHING, **changes}


# ---- the Mummy ---------------------------------------------------------------------------------

def test_the_rulebook_mummy_example():
    # hits in rounds 8, 11, 13, 18: 13, 10, 2 x 8 and 2 x 3 = 45
    assert mummy_points([8, 11, 13, 18]) == [13, 10, 16, 6]
    assert mummy_points([18, 13, 8, 11]) == [13, 10, 16, 6]       # paid in the order made


def test_six_hits_in_the_first_six_rounds():
    assert mummy_points([1, 2, 3, 4, 5, 6]) == [20, 19, 2 * 18, 2 * 17, 3 * 16, 3 * 15]


@pytest.mark.parametrize("rounds, points", [([20], [1]), ([1], [20]), ([20, 20], [1, 1]),
                                            ([19, 20, 20, 20], [2, 1, 2, 2])])
def test_hits_in_the_last_round_still_score(rounds, points):
    assert mummy_points(rounds) == points


@pytest.mark.parametrize("hits, mummy", [([20], 1), ([1], 20), ([17, 18, 19, 20], 4 + 3 + 4 + 2)])
def test_the_referee_scores_a_hit_in_any_round_from_1_to_20(hits, mummy):
    t = tallies(oozes=6, skeletons=6, mummy_hits=hits)        # 12 defeats: 4 squares
    assert score_lines(check_tallies(t, "t.json"))["mummy"] == mummy


@pytest.mark.parametrize("round_", [0, 21])
def test_the_referee_refuses_a_hit_outside_the_20_rounds(round_):
    t = tallies(oozes=3, mummy_hits=[round_])
    with pytest.raises(RuleError) as err:
        check_tallies(t, "t.json")
    assert str(err.value) == (f"t.json: no sheet can show mummy_hits: a hit in round {round_} "
                              "(rounds are 1 to 20)")


# ---- the scoring lines --------------------------------------------------------------------------

@pytest.mark.parametrize("n, points", [(0, 0), (1, 5), (2, 10), (3, 20), (4, 30), (6, 30)])
def test_zombies_and_golems(n, points):
    lines = score_lines(tallies(zombies=n, golems=n))
    assert (lines["zombies"], lines["golems"]) == (points, points)


@pytest.mark.parametrize("n, points", [(0, 0), (1, 0), (2, 5), (3, 15), (4, 30),
                                       (5, 30)])     # past the table: its last entry
def test_connected_entrances(n, points):
    assert score_lines(tallies(connected_entrances=n))["entrances"] == points


def test_every_line_of_a_sheet():
    t = tallies(oozes=4, skeletons=2, zombies=4, golems=1, mimics=2, mummy_hits=[10],
                magic_items=4, leftovers=3, connected_entrances=4, remaining_openings=2,
                open_entrances=0, open_rooms=1)
    assert score_lines(t) == {
        "oozes-skeletons": 8, "zombies": 30, "golems": 5, "mimics": 8, "mummy": 11,
        "magic-items": 20, "leftovers": 3, "entrances": 30, "remaining-openings": -6,
        "open-entrances": 0, "open-rooms": -3}


def test_each_penalty_is_three_points():
    lines = score_lines(tallies(remaining_openings=5, open_entrances=2, open_rooms=3))
    assert (lines["remaining-openings"], lines["open-entrances"], lines["open-rooms"]) == (
        -15, -6, -9)


# ---- ties ----------------------------------------------------------------------------------------

def test_most_points_wins():
    a = score_lines(tallies(mimics=5))                     # 20
    b = score_lines(tallies(mimics=6))                     # 24
    assert ranking([a, b]) == [2, 1]


def test_a_tie_goes_to_fewest_negative_points():
    a = score_lines(tallies(mimics=6, magic_items=1, open_rooms=2))         # 24 + 5 - 6 = 23
    b = score_lines(tallies(mimics=5, connected_entrances=2, open_rooms=1,  # 20 + 5 - 3 + 1
                            leftovers=1))
    assert sum(a.values()) == sum(b.values()) == 23
    assert ranking([a, b]) == [2, 1]


def test_then_to_most_mummy_points():
    a = score_lines(tallies(oozes=3, mimics=2, mummy_hits=[19], open_rooms=1))  # 8 + 2 - 3
    b = score_lines(tallies(oozes=3, mimics=1, mummy_hits=[15], open_rooms=1))  # 4 + 6 - 3
    assert sum(a.values()) == sum(b.values()) == 7
    assert ranking([a, b]) == [2, 1] and ranking([b, a]) == [1, 2]


def test_players_still_tied_share_the_place():
    a = score_lines(tallies(mimics=3, open_rooms=1, mummy_hits=[18]))
    b = score_lines(tallies(mimics=3, open_rooms=1, mummy_hits=[18]))
    c = score_lines(tallies(mimics=1))
    assert ranking([a, b, c]) == [1, 1, 3]


# ---- the referee's input -------------------------------------------------------------------------

KEYS = ("oozes, skeletons, zombies, golems, mimics, mummy_hits, magic_items, leftovers, "
        "connected_entrances, remaining_openings, open_entrances, open_rooms")
TAIL = f". A score file has exactly the keys {KEYS} (and, optional, keys_found, skeleton_key)"


@pytest.mark.parametrize("doc, problems", [
    ({k: v for k, v in NOTHING.items() if k not in ("oozes", "golems")} | {"dragons": 1,
                                                                           "mimics": -1},
     "missing key(s) oozes, golems; unknown key(s) dragons; mimics: -1 is negative"),
    (tallies(dragons=1, wizards=2), "unknown key(s) dragons, wizards"),
    (tallies(oozes=True, zombies="3", golems=2.5),
     "oozes: expected whole numbers, got True; zombies: expected whole numbers, got '3'; "
     "golems: expected whole numbers, got 2.5"),
    (tallies(mummy_hits=3, magic_items=-2),
     "mummy_hits: expected a list of round numbers; magic_items: -2 is negative"),
    (tallies(mummy_hits=[3, -2, "x"]),
     "mummy_hits: -2 is negative; mummy_hits: expected whole numbers, got 'x'"),
    (tallies(skeleton_key=-1), "skeleton_key: -1 is negative"),
    (tallies(keys_found=-1, skeleton_key=True),
     "keys_found: -1 is negative; skeleton_key: expected whole numbers, got True"),
])
def test_malformed_tallies_word_for_word(doc, problems):
    with pytest.raises(InputError) as err:
        check_tallies(doc, "t.json")
    assert str(err.value) == f"t.json: {problems}{TAIL}"


def test_tallies_must_be_an_object():
    with pytest.raises(InputError) as err:
        check_tallies([], "t.json")
    assert str(err.value) == f"t.json: expected a JSON object with keys {KEYS}"


# ---- what no sheet can show ----------------------------------------------------------------------

def test_the_sheet_and_the_map_limits():
    assert map_key_room() == 8                      # 10 key circles, 2 for the column keys
    # The widest tiles (the crossing, the 3 x 3 room) have 4 openings: 3 left by the first tile,
    # 2 more by each of the other 79 dice, and 1 by each of the Wand's 3 uses.
    assert max_openings() == 3 + 79 * 2 + 3 == 164
    assert Holdings.capacity() == Holdings(6, 4, 4, 6, 8, ITEMS, 8, 2 * 16 * 15)


def counted(h: Holdings) -> tuple:
    return h.oozes, h.sarcophagi, h.golems, h.mimics, h.keys, h.items, h.rooms


def test_what_the_shipped_maps_hold():
    # counted on the map files: map-1 is the rulebook's basic map (GAMES.md §1)
    assert counted(holdings(load_map("map-1"))) == (6, 4, 4, 6, 4, ITEMS, 8)
    assert counted(holdings(load_map("map-2"))) == (5, 3, 3, 5, 4, ITEMS, 6)


def test_what_a_small_map_holds():
    # 12 x 12 with two rooms on the top row and two stone squares side by side at y 6:
    # 264 edges between squares, less 3 for each room and 7 for the stone pair = 251.
    assert Holdings.of_map(small_map()) == Holdings(1, 1, 1, 0, 0, (), 2, 251)


def test_what_a_map_of_three_rooms_holds():
    # Counted by hand: two sarcophagus rooms and a gem room on the top row (3 edges each), the
    # stone pair (7 edges): 264 - 9 - 7 = 248 passages; one mimic, two keys, the Hammer.
    m = Map.build(
        (12, 12),
        [Entrance(1, 0, "W"), Entrance(0, 8, "N"), Entrance(5, 11, "E"), Entrance(11, 5, "S")],
        [(6, 6), (7, 6)],
        [Room(0, 1, "S", "sarcophagus"), Room(0, 3, "S", "gem-red"),
         Room(0, 5, "S", "sarcophagus")],
        [Finding(1, 2, "golem-red"), Finding(1, 6, "ooze"), Finding(3, 5, "coins", 2),
         Finding(4, 4, "mimic"), Finding(5, 5, "key"), Finding(8, 8, "key"),
         Finding(9, 2, "hammer")],
        "Test map", "advanced", "for tests")
    assert Holdings.of_map(m) == Holdings(1, 2, 1, 1, 2, ("hammer",), 3, 248)


def test_a_sheet_at_every_limit_at_once_is_accepted():
    # 28 defeats unlock all 6 squares; 4 hits in round 20 (a round has 4 dice); the leftovers
    # left are exactly the keys: 10 circles.
    t = tallies(oozes=6, skeletons=6, zombies=4, golems=4, mimics=6,
                mummy_hits=[16, 17, 20, 20, 20, 20], magic_items=4, leftovers=10,
                connected_entrances=4, remaining_openings=164, open_entrances=0, open_rooms=8,
                keys_found=8, skeleton_key=1)
    assert check_tallies(t, "t.json") is t


def test_every_limit_broken_at_once():
    t = tallies(oozes=7, skeletons=8, zombies=5, golems=5, mimics=7,
                mummy_hits=[1, 1, 1, 1, 1, 21, 0], magic_items=5, leftovers=5,
                connected_entrances=3, remaining_openings=165, open_entrances=2, open_rooms=9,
                keys_found=9, skeleton_key=2)
    with pytest.raises(RuleError) as err:
        check_tallies(t, "t.json")
    room = "the sheet has room for"
    assert str(err.value).split("; ") == [
        f"t.json: no sheet can show oozes = 7 ({room} 6 oozes)",
        f"skeletons = 8 ({room} 7 defeated oozes)",
        f"zombies = 5 ({room} 4 sarcophagi)",
        f"golems = 5 ({room} 4 golems)",
        f"mimics = 7 ({room} 6 mimics)",
        f"magic_items = 5 ({room} 4 magic items)",
        f"leftovers = 5 ({room} 4 circled things left unused)",     # -1-1-1-2-1 + 10 keys
        f"open_rooms = 9 ({room} 8 rooms)",
        f"remaining_openings = 165 ({room} 164 openings)",
        f"keys_found = 9 ({room} 8 keys on the squares)",
        f"skeleton_key = 2 ({room} 1 Skeleton Key)",
        "mummy_hits: 7 hits, but 32 defeats unlock only 6 square(s) (3 '!' a square, 6 squares)",
        "mummy_hits: a hit in round 21 (rounds are 1 to 20)",
        "mummy_hits: a hit in round 0 (rounds are 1 to 20)",
        "mummy_hits: 5 hits in round 1 (a round has 4 dice)",
        # the second hit of round 1 needs 6 '!': 4 dice, less the first tile and 2 hits, and 3
        # with the Hammer make 4 defeats at most
        "mummy_hits: hit 2 in round 1 needs 6 defeats before it, but by then at most 4 "
        "monsters can be defeated (4 dice a round, less the first tile and the hits, and 3 "
        "uses of the Hammer of Shattering)",
        "connected_entrances + open_entrances = 5 (a map has 4 entrances)",
    ]


@pytest.mark.parametrize("leftovers, ok", [(23, True), (24, False)])
def test_leftovers_are_what_stays_circled(leftovers, ok):
    # 1 ooze, 2 skeletons, 2 sarcophagi, 3 golem/gem pairs (6 circles), 2 mimics and the 10 keys
    t = tallies(oozes=5, skeletons=3, zombies=2, golems=1, mimics=4, leftovers=leftovers)
    if ok:
        check_tallies(t, "t.json")
    else:
        with pytest.raises(RuleError) as err:
            check_tallies(t, "t.json")
        assert str(err.value) == ("t.json: no sheet can show leftovers = 24 (the sheet has room "
                                  "for 23 circled things left unused)")


def test_no_leftover_when_the_counts_already_overflow():
    t = tallies(oozes=6, skeletons=6, zombies=20, golems=4, mimics=6, leftovers=1)
    with pytest.raises(RuleError) as err:
        check_tallies(t, "t.json")
    assert str(err.value) == ("t.json: no sheet can show zombies = 20 (the sheet has room for 4 "
                              "sarcophagi); leftovers = 1 (the sheet has room for 0 circled "
                              "things left unused); zombies + mimics = 26 key uses (the sheet "
                              "has room for 10 keys and 3 uses of the Skeleton Key)")


@pytest.mark.parametrize("defeats, squares", [(2, 0), (3, 1), (8, 2), (17, 5), (18, 6), (30, 6)])
def test_three_marks_unlock_a_square(defeats, squares):
    t = tallies(mimics=min(defeats, 6), oozes=min(max(defeats - 6, 0), 6),
                skeletons=min(max(defeats - 12, 0), 6), golems=min(max(defeats - 18, 0), 4),
                zombies=min(max(defeats - 22, 0), 4))
    assert sum(t[k] for k in ("oozes", "skeletons", "zombies", "golems", "mimics")) == \
        min(defeats, 26)
    check_tallies({**t, "mummy_hits": [10 + i // 4 for i in range(squares)]}, "t.json")
    with pytest.raises(RuleError) as err:
        check_tallies({**t, "mummy_hits": [10 + i // 4 for i in range(squares + 1)]}, "t.json")
    assert f"{squares + 1} hits, but {min(defeats, 26)} defeats unlock only {squares} square(s)" \
        in str(err.value)


def test_limits_on_a_map_name_the_map():
    with pytest.raises(RuleError) as err:
        score_fields(tallies(mimics=6, oozes=5, skeletons=5), "t.json", "map-2")
    # map-2: 5 mimics; keys 4 on its squares + 2 column keys + 1 from a start = 7 circles
    assert str(err.value) == "t.json: no sheet can show mimics = 6 (map map-2 has room for 5 mimics)"
    # all of it circled and nothing defeated: 5 oozes, 3 sarcophagi, 3 golem/gem pairs (6),
    # 5 mimics and the 7 key circles = 26
    score_fields(tallies(leftovers=26), "t.json", "map-2")
    with pytest.raises(RuleError) as err:
        score_fields(tallies(leftovers=27), "t.json", "map-2")
    assert str(err.value) == ("t.json: no sheet can show leftovers = 27 (map map-2 has room for "
                              "26 circled things left unused)")
    with pytest.raises(RuleError) as err:
        score_fields(tallies(mimics=7), "t.json")
    assert str(err.value) == ("t.json: no sheet can show mimics = 7 (the sheet has room for 6 "
                              "mimics)")


def test_openings_are_limited_by_a_cramped_map():
    cramped = Holdings(6, 4, 4, 6, 8, ITEMS, 8, 30)
    assert tally_limits(tallies(remaining_openings=30), cramped, "the map") == []
    assert tally_limits(tallies(remaining_openings=31), cramped, "the map") == [
        "remaining_openings = 31 (the map has room for 30 openings)"]


def test_score_fields_with_and_without_a_map():
    t = tallies(mimics=5, oozes=5, skeletons=5)
    assert score_fields(t, "t.json") == {"lines": score_lines(t), "total": 45}
    assert score_fields(t, "t.json", "map-2") == {"lines": score_lines(t), "total": 45,
                                                  "achievements": []}


# ---- achievements ----------------------------------------------------------------------------------

FULL = tallies(oozes=6, skeletons=6, zombies=4, golems=4, mimics=6, magic_items=4, leftovers=10,
               connected_entrances=4)                      # 36 + 30 + 30 + 24 + 20 + 10 + 30


def test_exactly_180_points_is_enough():
    assert sum(score_lines(FULL).values()) == 180
    assert tally_achievements(FULL, Holdings.capacity()) == [
        "master-of-the-undead", "magical-warden", "the-mapmaker"]
    assert tally_achievements({**FULL, "leftovers": 9}, Holdings.capacity()) == []


def test_treasure_hunter_needs_both_optional_tallies():
    capacity = Holdings.capacity()
    both = {**FULL, "keys_found": 8, "skeleton_key": 1}
    assert "treasure-hunter" in tally_achievements(both, capacity)
    no_skeleton_key = {**FULL, "keys_found": 8}
    assert "treasure-hunter" not in tally_achievements(no_skeleton_key, capacity)
    assert "treasure-hunter" not in tally_achievements({**both, "keys_found": 7}, capacity)


def test_treasure_hunter_on_a_map_without_keys_or_skeleton_key():
    bare = Holdings(6, 4, 4, 6, 0, ("wand", "hammer", "shovel"), 8, 400)
    t = {**FULL, "magic_items": 3}
    assert "treasure-hunter" not in judge(t, bare, 180, 0)               # keys_found not given
    assert "treasure-hunter" in judge({**t, "keys_found": 0}, bare, 180, 0)


def test_achievement_names_are_the_rulebooks():
    assert [achievement_name(c) for c in ("master-of-the-undead", "the-mapmaker")] == [
        "Master of the Undead", "The Mapmaker"]


# ---- a finished sheet ------------------------------------------------------------------------------

def sheet_by_hand():
    """map-1's sheet after a game, set by hand: every count differs from the others."""
    state = game()
    s = state.sheets[0]
    s.oozes, s.oozes_def, s.skel_def = 5, 4, 0b0101
    s.sarc, s.sarc_open, s.zombies_def = 3, 2, 1
    s.golems, s.gems, s.golems_def = 0b0111, 0b1011, 0b0011
    s.mimics, s.mimics_def = 4, 3
    s.keys, s.keys_used = 5, 3
    s.hits = [20, 4]
    s.items = {"wand": 1, "hammer": 0}
    b = s.board
    entrances, doors = list(b.entrance_edge), list(b.door_edge)
    s.cov_edges = (1 << entrances[0]) | (1 << entrances[1]) | (1 << doors[0]) | (1 << doors[1])
    s.walls = (1 << entrances[1]) | (1 << doors[1])
    s.frontier = 0b10110
    return state, s


def test_a_finished_sheets_tallies():
    _, s = sheet_by_hand()
    # leftovers: 1 ooze, 2 skeletons, 1 sarcophagus, 1 zombie, golem 3, gem 4, 1 mimic, 2 keys
    assert sheet_tallies(s) == {
        "oozes": 4, "skeletons": 2, "zombies": 1, "golems": 2, "mimics": 3, "mummy_hits": [20, 4],
        "magic_items": 2, "leftovers": 10, "connected_entrances": 1, "remaining_openings": 3,
        "open_entrances": 2, "open_rooms": 6}
    assert door_states(s) == (["connected", "closed", "open", "open"],
                              ["connected", "closed"] + ["open"] * 6)


def test_keys_found_are_keys_on_covered_squares():
    _, s = sheet_by_hand()
    keys = sorted(bit for bit, (kind, _) in s.board.finding_at.items() if kind == "key")
    oozes = sorted(bit for bit, (kind, _) in s.board.finding_at.items() if kind == "ooze")
    assert (keys[0], oozes[0]) == (6, 2)                  # map-1: a key at (6, 0), an ooze at (2, 0)
    s.covered = (1 << 6) | (1 << 2) | (1 << 7)
    assert sheet_extras(s) == {"keys_found": 1, "skeleton_key": 0}
    s.covered |= 1 << keys[1]
    s.items["skeleton-key"] = 3
    assert sheet_extras(s) == {"keys_found": 2, "skeleton_key": 1}


def test_a_sheet_without_negative_points_is_the_mapmakers():
    state, s = sheet_by_hand()
    s.hits = [1, 2, 3, 4, 5, 6]                            # 202 points from the Mummy
    every = list(s.board.entrance_edge) + list(s.board.door_edge)
    s.cov_edges = s.walls = sum(1 << e for e in every)     # every door and entrance closed
    s.frontier = 0
    lines = score_lines(sheet_tallies(s))
    assert lines["remaining-openings"] == lines["open-entrances"] == lines["open-rooms"] == 0
    assert achievements(s, lines) == ["the-mapmaker", "mummy-slayer"]
