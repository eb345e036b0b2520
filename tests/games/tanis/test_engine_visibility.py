"""Tanis engine: which tiles are completely visible, on hand-made stacks (half overlaps too)."""

import re

import pytest

from generator.core.errors import InputError
from generator.games.tanis.model import Dig, Tile
from generator.games.tanis.rules import Excavate, Explore, State, Take


def stack(*layers, box=(5, 4)) -> State:
    """A state on hand-made layers (top first), tile identities 0, 1, 2... in slot order."""
    dig = Dig(box, tuple(tuple(Tile(*map(float, t)) for t in layer) for layer in layers))
    return State(dig, list(range(sum(len(layer) for layer in layers))))


def test_a_tile_under_a_tile_is_hidden_and_edges_touching_do_not_hide():
    s = stack([(2, 0, 2, 1)],                       # slot 0, exactly over slot 2
              [(0, 0, 2, 1), (2, 0, 2, 1), (4, 0, 1, 2)])  # slots 1, 2, 3
    assert sorted(s.visible) == [0, 1, 3]  # slot 1 only touches slot 0's edge


def test_half_unit_overlap_hides_both_tiles_below():
    s = stack([(1.5, 0, 2, 1)],                     # covers the right half of 1, the left of 2
              [(0, 0, 2, 1), (2, 0, 2, 1), (4, 0, 1, 2)])
    assert sorted(s.visible) == [0, 3]


def test_a_sliver_of_half_a_unit_is_enough_to_hide():
    s = stack([(0, 0.5, 1, 2)],                     # vertical tile overlapping by half a unit
              [(0, 0, 1, 1), (0, 2, 1, 1), (1, 0, 2, 1)], box=(5, 4))
    # slot 1 (0..1 x 0..1) overlaps 0.5..1 in y; slot 2 (y 2..3) overlaps 2..2.5; slot 3 is clear
    assert sorted(s.visible) == [0, 3]


def test_vertical_neighbour_is_not_covered():
    s = stack([(0, 0, 2, 1)], [(0, 1, 2, 1), (0, 0, 2, 1)])
    assert sorted(s.visible) == [0, 1]


def test_deep_tile_visible_through_holes_in_every_level_above():
    s = stack([(0, 0, 2, 1)],
              [(0, 1, 2, 1)],
              [(3, 0, 1, 2), (0, 0, 2, 1)])         # slot 2 is under nothing; slot 3 under slot 0
    assert sorted(s.visible) == [0, 1, 2]


def test_a_tile_two_levels_down_is_hidden_by_the_level_between():
    s = stack([(4, 0, 1, 2)], [(0, 0, 2, 1)], [(0, 0, 1, 2)])
    assert 2 not in s.visible and 1 in s.visible


def test_taking_the_top_tile_uncovers_what_was_under_it():
    s = stack([(1.5, 0, 2, 1)], [(0, 0, 2, 1), (2, 0, 2, 1), (4, 0, 1, 2)])
    s.apply(Take(0))
    assert sorted(s.visible) == [1, 2, 3]
    assert s.known(1) == 1 and s.known(2) == 2


def test_a_slide_onto_a_half_position_hides_and_uncovers():
    # slot 0 sits on slot 2 and half of the upright slot 3; it slides left stop by stop.
    s = stack([(3, 0, 2, 1)],
              [(0, 0, 2, 1), (2, 0, 2, 1), (4, 0, 1, 2), (0, 1, 2, 1), (2, 1, 2, 1)],
              [(0, 0, 1, 2), (1, 0, 2, 1), (3, 0, 2, 1), (1, 1, 2, 1), (3, 1, 2, 1)])
    assert sorted(s.visible) == [0, 1, 4, 5]
    s.apply(Explore(0, -0.5, 0))         # right edge on the halfway line of slot 3
    assert s.pos[0] == (5, 0)            # half units: x = 2.5
    assert 2 not in s.visible and 3 not in s.visible   # both still half covered
    s.apply(Explore(0, -0.5, 0))         # exactly on slot 2
    assert 3 in s.visible and 2 not in s.visible
    s.apply(Explore(0, -1, 0))           # halfway along slots 1 and 2
    assert s.pos[0] == (2, 0)
    assert 1 not in s.visible and 2 not in s.visible and 3 in s.visible
    assert 0 in s.visible
    assert s.check_invariants() == []


def test_unseen_tiles_are_unknown_to_players():
    s = stack([(0, 0, 2, 1)], [(0, 0, 2, 1)])
    assert s.known(0) == 0 and s.known(1) is None
    assert s.code(1) == 1  # the referee knows


def test_excavating_uncovers_too():
    s = stack([(0, 0, 2, 1), (2, 0, 2, 1)], [(1, 0, 2, 1), (3, 0, 2, 1)])
    assert sorted(s.visible) == [0, 1]
    s.apply(Excavate(0))
    assert sorted(s.visible) == [1]      # slot 2 still half under slot 1
    s.apply(Take(1))
    assert sorted(s.visible) == [2, 3]


def test_tiles_outside_the_box_or_off_the_half_grid_are_refused():
    with pytest.raises(InputError, match="inside the box"):
        stack([(4, 0, 2, 1)])
    with pytest.raises(InputError, match=re.escape("multiple of 0.5")):
        stack([(0.25, 0, 2, 1)])
