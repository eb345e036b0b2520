"""The Wand never walls off the way back: "it should always be possible to trace a path back to
the original entrance" (the rulebook, on connected entrances and rooms). A wall may close an
opening or split a loop; it may not close the starting entrance, nor cut a part of the map off.
Legal and illegal cases, the moves offered, the refusal word for word, and the invariant."""

import pytest
from games.realms.realms_helpers import edge, game, give, place_with

from generator.core.errors import RuleError
from generator.games.realms.rules import sheet_invariants
from generator.games.realms.rules.legal import legal_moves, wand_edges
from generator.games.realms.rules.moves import PlaceRoom, Wand

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]
REFUSAL = ("a wall there would leave part of your map with no path back to the entrance you "
           "started from")


def mapped():
    """map-1: the crossing on the top-right entrance (9, 0) N, then the 3x3 room west of it,
    joined through the crossing's west opening; the room's squares make loops."""
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    give(state, 3, 4, 2)
    state.apply(PlaceRoom((3, 4), 5, 0))
    return state


def added(state) -> set:
    return {(m.x, m.y, m.side) for m in legal_moves(state.sheets[0])
            if isinstance(m, Wand) and m.add}


def test_the_first_tile_names_the_starting_entrance():
    state = mapped()
    assert state.sheets[0].origin == edge(state, 9, 0, "N")


@pytest.mark.parametrize("where", [
    (9, 0, "N"),     # the starting entrance itself
    (9, 1, "N"),     # between the entrance square and the rest of the crossing
    (8, 1, "W"),     # the only way from the room to the crossing
    (10, 1, "W"),    # the crossing's east arm would be cut off
])
def test_a_wall_that_cuts_the_way_back_is_refused(where):
    state = mapped()
    assert where not in added(state)
    with pytest.raises(RuleError) as refused:
        state.apply(Wand(*where, True, 2))
    assert str(refused.value) == REFUSAL
    assert not state.sheets[0].walls & edge(state, *where)


@pytest.mark.parametrize("where", [
    (6, 0, "W"),     # inside the room: the squares around still join
    (6, 2, "N"),
    (11, 1, "W"),    # a remaining opening closed (the east side of (10, 1))
    (9, 3, "N"),     # the south side of (9, 2), another remaining opening
])
def test_a_wall_that_keeps_every_path_is_allowed(where):
    state = mapped()
    assert where in added(state)
    state.apply(Wand(*where, True, 2))
    sheet = state.sheets[0]
    assert sheet.walls & edge(state, *where) and sheet.reached() == sheet.covered
    assert state.check_invariants() == []


def test_after_a_wall_splits_a_loop_its_other_side_becomes_a_cut():
    state = mapped()
    give(state, 2, 2)
    state.apply(Wand(6, 0, "W", True, 2))     # (5, 0) | (6, 0) walled
    assert (5, 1, "N") not in added(state)     # (5, 0) now hangs on (5, 1) alone
    with pytest.raises(RuleError, match="no path back"):
        state.apply(Wand(5, 1, "N", True, 2))


def test_wand_edges_lists_no_cutting_wall():
    state = mapped()
    sheet = state.sheets[0]
    add, _ = wand_edges(sheet)
    assert add and not any(sheet.cut_walls() >> e & 1 for e in add)
    assert sheet.cut_walls().bit_count() == 6


def test_a_map_cut_off_its_entrance_breaks_the_invariant():
    state = mapped()
    sheet = state.sheets[0]
    sheet.walls |= edge(state, 8, 1, "W")      # planted: the room cut off
    sheet.version += 1
    assert sheet_invariants(sheet) == [("a mapped square with no path back to the starting "
                                       "entrance")]
