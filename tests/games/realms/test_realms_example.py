"""The rulebook's examples: the first round replayed move by move on map-1, and the final
scoring example (134 Fame points)."""

import pytest
from games.realms.realms_helpers import game, place, place_with

from generator.core.errors import RuleError
from generator.games.realms.rules.legal import sources
from generator.games.realms.rules.moves import Buy, End
from generator.games.realms.rules.scoring import score_lines

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]
CORNER = [(7, 1), (6, 1), (5, 1), (5, 2), (5, 3)]
HALL = [(9, 3), (9, 4), (9, 5)]
CHAMBER = [(9, 6), (10, 6), (9, 7), (10, 7)]


def openings(sheet):
    return sorted(sources(sheet))


def test_first_round_example_move_by_move():
    state = game(first=(5, 5), rolls=[(3, 4)] * 19)
    sheet = state.sheets[0]
    assert sheet.slots == [5, 5]
    # 5: the crossing at the top-right entrance; first use of X5 is marked
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    assert sheet.marks == 1 << 8
    assert openings(sheet) == [(7, 1, "E"), (9, 3, "N"), (11, 1, "W")]   # three openings
    # 5: the corner toward the three coins; row 5 of the Tile Table complete -> a 2
    state.apply(place(5, "V5", CORNER))
    assert sheet.coins == 3
    assert sheet.slots == [5, 5, 2] and sheet.used == [True, True, False]
    assert openings(sheet) == [(5, 4, "N"), (9, 3, "N"), (11, 1, "W")]
    # 2: the long hall from the bottom opening of the crossing
    state.apply(place(2, "I3", HALL))
    assert openings(sheet) == [(5, 4, "N"), (9, 6, "N"), (11, 1, "W")]
    # three coins -> a die of value 2 in the last slot
    state.apply(Buy(2))
    assert sheet.balance == 0 and sheet.slots == [5, 5, 2, 2]
    # 2: the chamber collects the mimic and the shovel; row 2 complete -> a 5, row is full
    state.apply(place(2, "O4", CHAMBER))
    assert sheet.mimics == 1 and sheet.items == {"shovel": 3}
    assert sheet.mimics_def == 0 and sheet.keys == 0        # no key yet: the mimic waits
    assert sheet.carry == [5] and sheet.unused() == []
    state.apply(End())
    assert state.round == 2
    assert sheet.slots == [3, 4, 5] and sheet.carry == []   # the 5 is used in round 2
    assert sheet.marks == (1 << 8) | (1 << 9) | (1 << 2) | (1 << 3)


def test_the_mimic_needs_a_key():
    state = game()
    for move in (place_with(5, "X5", CROSS, [(9, 0, "N")]), place(5, "V5", CORNER),
                 place(2, "I3", HALL), Buy(2), place(2, "O4", CHAMBER)):
        state.apply(move)
    sheet = state.sheets[0]
    sheet.slots, sheet.used = [5], [False]
    with pytest.raises(RuleError, match="key"):
        from generator.games.realms.rules.moves import Defeat
        state.apply(Defeat("mimic", "key"))


def test_scoring_example_totals_134():
    tallies = {"oozes": 3, "skeletons": 3, "zombies": 3, "golems": 3, "mimics": 6,
               "mummy_hits": [8, 11, 13, 18], "magic_items": 3, "leftovers": 5,
               "connected_entrances": 2, "remaining_openings": 0, "open_entrances": 2,
               "open_rooms": 1}
    lines = score_lines(tallies)
    assert lines == {"oozes-skeletons": 9, "zombies": 20, "golems": 20, "mimics": 24,
                     "mummy": 45, "magic-items": 15, "leftovers": 5, "entrances": 5,
                     "remaining-openings": 0, "open-entrances": -6, "open-rooms": -3}
    assert sum(lines.values()) == 134
