"""Tanis engine: the Explorer's slide rules, Excavator, Expert, card counts and turn steps."""

import pytest

from generator.core.errors import RuleError
from generator.games.tanis.model import Dig, Tile, tile_code
from generator.games.tanis.rules import (
    EXPERT_MOVE,
    SLIDE,
    START,
    Excavate,
    Expert,
    Explore,
    State,
    Take,
)


def stack(*layers, box=(5, 4), codes=None) -> State:
    dig = Dig(box, tuple(tuple(Tile(*map(float, t)) for t in layer) for layer in layers))
    n = sum(len(layer) for layer in layers)
    return State(dig, codes if codes is not None else list(range(n)))


def slide_stack() -> State:
    """Slot 0 (top, 1 x 2 upright at x 0) on a floor level covering x 0-4, rows 0-1.

    Slot 1 (top, upright at x 3) is an obstacle; the level below leaves x 4-5 and y 2-4 empty.
    """
    return stack([(0, 0, 1, 2), (3, 0, 1, 2)],
                 [(0, 0, 2, 1), (2, 0, 2, 1), (0, 1, 2, 1), (2, 1, 2, 1)])


def gap_stack() -> State:
    """Slot 0 at x 0 on a level with a hole at x 2-3 between two supported areas."""
    return stack([(0, 0, 1, 2)],
                 [(0, 0, 2, 1), (0, 1, 2, 1), (3, 0, 2, 1), (3, 1, 2, 1)])


# ---- the slide rules, each legal and illegal -------------------------------------------------
# Rulebook: "The tile must come to rest aligned with the edges of the tiles below or at the
# halfway point of a tile." and "They may stop moving it at any time."

def test_a_stop_halfway_along_a_tile_below_is_legal():
    s = slide_stack()
    # Slot 0 (1 wide) at x 0-1 over two 2-long tiles at x 0-2: moved 1 unit its right edge is
    # on their right edges, its left edge on their halfway line.
    assert Explore(0, 1, 0) in s.legal_moves()
    s.apply(Explore(0, 1, 0))
    assert s.pos[0] == (2, 0) and s.phase == SLIDE and s.check_invariants() == []


def test_a_stop_on_neither_an_edge_nor_a_halfway_point_is_illegal():
    s = slide_stack()
    assert Explore(0, 0.5, 0) not in s.legal_moves()      # edges at 0.5 and 1.5: nothing below
    with pytest.raises(RuleError, match="aligned on an edge or the halfway point of a tile below"):
        s.apply(Explore(0, 0.5, 0))
    assert s.pos[0] == (0, 0) and s.cards_used(0)["explorer"] == 0


def test_the_explorer_moves_one_stop_at_a_time_in_one_direction():
    s = slide_stack()
    with pytest.raises(RuleError, match="one stop at a time"):
        s.apply(Explore(0, 2, 0))                          # x 2 is a stop, but not the next
    s.apply(Explore(0, 1, 0))
    assert Explore(0, 1, 0) in s.legal_moves()             # on to the next stop, x 2
    with pytest.raises(RuleError, match="one straight line"):
        s.apply(Explore(0, -1, 0))
    with pytest.raises(RuleError, match="this Explorer slides layer 1 tile 1"):
        s.apply(Explore(1, 0, 0.5))
    s.apply(Explore(0, 1, 0))
    assert s.pos[0] == (4, 0) and s.cards_used(0)["explorer"] == 1   # one card for the slide
    assert not any(isinstance(m, Explore) for m in s.legal_moves())  # next would push tile 2


def test_slide_pushing_another_tile_is_illegal():
    s = slide_stack()
    s.apply(Explore(0, 1, 0))
    s.apply(Explore(0, 1, 0))
    with pytest.raises(RuleError, match="push layer 1 tile 2"):
        s.apply(Explore(0, 0.5, 0))


def test_slide_over_a_gap_is_illegal_even_if_it_ends_supported():
    s = gap_stack()
    assert Explore(0, 1, 0) in s.legal_moves()           # x 1-2: still on the left area
    with pytest.raises(RuleError, match="gap"):
        s.apply(Explore(0, 3, 0))                        # x 3-4 is supported, x 2-3 is not
    s.apply(Explore(0, 1, 0))
    assert not any(isinstance(m, Explore) for m in s.legal_moves())


def test_slide_ending_over_empty_space_is_illegal():
    s = slide_stack()
    with pytest.raises(RuleError, match="gap"):
        s.apply(Explore(0, 0, 0.5))                       # rows below y 2 are empty
    with pytest.raises(RuleError, match="gap"):
        s.apply(Explore(1, 1, 0))                         # x 4-5 has nothing below


def test_slide_off_the_box_is_illegal():
    s = slide_stack()
    assert not any(isinstance(m, Explore) and m.tile == 0 and m.dx < 0 for m in s.legal_moves())
    with pytest.raises(RuleError, match="leave the box"):
        s.apply(Explore(0, -0.5, 0))


def test_bottom_level_stops_on_whole_units_of_the_box_floor():
    s = stack([(0, 0, 2, 1)], box=(5, 4))
    assert Explore(0, 1, 0) in s.legal_moves() and Explore(0, 0, 1) in s.legal_moves()
    with pytest.raises(RuleError, match="aligned on an edge"):
        s.apply(Explore(0, 0.5, 0))
    for _ in range(3):
        s.apply(Explore(0, 1, 0))
    assert s.pos[0] == (6, 0)
    assert not any(isinstance(m, Explore) for m in s.legal_moves())  # x 3.5 leaves the box


def test_diagonal_slide_is_illegal():
    s = stack([(0, 0, 2, 1)])
    with pytest.raises(RuleError, match="diagonally"):
        s.apply(Explore(0, 1, 1))
    s.apply(Explore(0, 1, 0))                             # the straight version is fine


def test_slide_not_aligned_on_a_half_unit_is_illegal():
    s = stack([(0, 0, 2, 1)])
    with pytest.raises(RuleError, match="whole or half unit"):
        s.apply(Explore(0, 0.25, 0))
    s.apply(Explore(0, 1, 0))


def test_slide_of_nothing_is_illegal():
    with pytest.raises(RuleError, match="must move"):
        stack([(0, 0, 2, 1)]).apply(Explore(0, 0, 0))


def test_only_a_completely_visible_tile_slides():
    s = stack([(0, 0, 2, 1)], [(0, 0, 2, 1), (0, 1, 2, 1)], [(0, 0, 2, 1), (0, 1, 2, 1)])
    with pytest.raises(RuleError, match="not completely visible"):
        s.apply(Explore(1, 0, 0.5))


def test_a_refused_move_changes_nothing():
    s = slide_stack()
    before = (list(s.pos), list(s.cards[0]), s.phase, s.player)
    with pytest.raises(RuleError):
        s.apply(Explore(0, 2.5, 0))
    assert (list(s.pos), list(s.cards[0]), s.phase, s.player) == before


def rulebook_example() -> State:
    """Snake 7 (top) lies on Scarab 1; Snake 6 lies to the right of it on the level below."""
    codes = [tile_code("snake", 7), tile_code("scarab", 1), tile_code("snake", 6),
             tile_code("ankh", 1), tile_code("ankh", 2), tile_code("ankh", 3)]
    return stack([(0, 0, 2, 1)],
                 [(0, 0, 2, 1), (2, 0, 2, 1), (4, 0, 1, 2), (0, 1, 2, 1), (2, 1, 2, 1)],
                 codes=codes)


def test_rulebook_slide_example_stopping_halfway():
    s = rulebook_example()
    slides = [m for m in s.legal_moves() if isinstance(m, Explore) and m.tile == 0]
    assert slides == [Explore(0, 1, 0), Explore(0, 0, 0.5)]  # first stops: right and down
    s.apply(Explore(0, 1, 0))                            # halfway along Scarab 1: stop here
    assert 1 not in s.visible and 2 not in s.visible
    s.apply(Take(0))                                     # may take the slid tile itself
    assert s.phase == START and s.current_player() == 1


def test_rulebook_slide_example_all_the_way_over_snake_6():
    s = rulebook_example()
    s.apply(Explore(0, 1, 0))
    s.apply(Explore(0, 1, 0))                            # on: it fully covers Snake 6
    assert s.pos[0] == (4, 0)
    assert 1 in s.visible and 2 not in s.visible
    assert s.known(1) == tile_code("scarab", 1)
    # Further stops: front edge on the halfway line of the upright tile (x 2.5), then x 3.
    assert Explore(0, 0.5, 0) in s.legal_moves()
    s.apply(Take(1))
    assert s.collected(0) == [tile_code("scarab", 1)]


# ---- turn steps after a card ------------------------------------------------------------------

def test_after_a_slide_the_same_player_must_take_any_visible_tile():
    s = slide_stack()
    s.apply(Explore(0, 1, 0))
    assert s.phase == SLIDE and s.current_player() == 0
    assert all(isinstance(m, Take) or m == Explore(0, 1, 0) for m in s.legal_moves())
    with pytest.raises(RuleError, match="cannot play the excavator now"):
        s.apply(Excavate(1))
    s.apply(Take(0))                                      # the slid tile itself may be taken
    assert s.phase == START and s.current_player() == 1


def test_excavator_removes_a_tile_that_never_scores():
    codes = [tile_code("snake", 1), tile_code("snake", 2), tile_code("snake", 3),
             tile_code("ankh", 9)]
    s = stack([(0, 0, 1, 2), (1, 0, 1, 2), (2, 0, 1, 2), (3, 0, 1, 2)], codes=codes)
    s.apply(Take(0))                                       # p1: snake 1
    s.apply(Take(3))                                       # p2: ankh 9
    s.apply(Excavate(1))                                   # p1 removes snake 2 ...
    with pytest.raises(RuleError, match="no longer in the dig"):
        s.apply(Take(1))                                   # ... and must take a different one
    s.apply(Take(2))                                       # snake 3
    assert s.is_over()
    assert s.excavated() == [tile_code("snake", 2)]
    assert tile_code("snake", 2) not in s.collected(0) + s.collected(1)
    assert s.scores() == [0, 0]                            # snake 1 and 3: two lone tiles


def test_excavator_needs_a_tile_left_to_take():
    s = stack([(0, 0, 1, 2)])
    assert not any(isinstance(m, Excavate) for m in s.legal_moves())
    with pytest.raises(RuleError, match="1 tile"):
        s.apply(Excavate(0))


def test_expert_refuses_two_of_one_type():
    codes = [tile_code("snake", 4), tile_code("snake", 5), tile_code("scarab", 5)]
    s = stack([(0, 0, 1, 2), (1, 0, 1, 2), (2, 0, 1, 2)], codes=codes)
    s.apply(EXPERT_MOVE)
    s.apply(Take(0))
    assert s.current_player() == 0
    assert s.legal_moves() == [Take(2)]
    with pytest.raises(RuleError, match="same type"):
        s.apply(Take(1))
    s.apply(Take(2))
    assert s.collected(0) == sorted([codes[0], codes[2]]) and s.current_player() == 1


def test_expert_turn_ends_after_one_tile_when_no_other_type_is_visible():
    codes = [tile_code("falcon", 1), tile_code("falcon", 2), tile_code("ankh", 1)]
    s = stack([(0, 0, 1, 2), (1, 0, 1, 2)], [(0, 0, 2, 1)], codes=codes)
    s.apply(Expert())
    s.apply(Take(0))
    assert s.phase == START and s.current_player() == 1    # only falcon 2 was visible


def test_expert_is_declared_before_the_takes():
    s = stack([(0, 0, 1, 2), (1, 0, 1, 2)])
    s.apply(Take(0))
    with pytest.raises(RuleError, match="expert"):
        s.apply(Expert())                                   # one tile left: too late to declare


def wide_row() -> State:
    """Ten upright tiles on one level of a 19 x 2 box: every tile can always slide."""
    kinds = ("snake", "ankh", "falcon", "scarab")
    codes = [tile_code(kinds[i % 4], i // 4 + 1) for i in range(10)]
    return stack([(2 * i, 0, 1, 2) for i in range(10)], box=(19, 2), codes=codes)


def test_each_player_has_three_explorers():
    s = wide_row()
    for _ in range(3):
        slide = next(m for m in s.legal_moves() if isinstance(m, Explore))
        s.apply(slide)
        s.apply(Take(slide.tile))
        s.apply(Take(s.visible[0]))                         # the other player takes
    assert s.cards_used(0)["explorer"] == 3 and s.cards_left(0)["explorer"] == 0
    assert not any(isinstance(m, Explore) for m in s.legal_moves())
    with pytest.raises(RuleError, match="no explorer card left"):
        s.apply(Explore(s.visible[0], 0.5, 0))


def test_each_player_has_two_excavators_and_one_expert():
    s = wide_row()
    for _ in range(2):
        s.apply(Excavate(s.visible[0]))
        s.apply(Take(s.visible[0]))
        s.apply(Take(s.visible[0]))
    with pytest.raises(RuleError, match="no excavator card left"):
        s.apply(Excavate(s.visible[0]))
    s.apply(Expert())
    s.apply(Take(s.visible[0]))
    s.apply(Take(s.legal_moves()[0].tile))
    s.apply(Take(s.visible[0]))
    with pytest.raises(RuleError, match="no expert card left"):
        s.apply(Expert())
    assert s.cards_left(0) == {"explorer": 3, "excavator": 0, "expert": 0}
    assert s.cards_left(1) == {"explorer": 3, "excavator": 2, "expert": 1}
    assert s.phase == START and s.check_invariants() == []


def test_nothing_is_legal_after_the_last_tile():
    s = stack([(0, 0, 1, 2)])
    s.apply(Take(0))
    assert s.is_over() and s.legal_moves() == []
    with pytest.raises(RuleError, match="over"):
        s.apply(Take(0))


def test_bad_tile_numbers_and_foreign_moves_are_refused():
    s = stack([(0, 0, 1, 2)])
    with pytest.raises(RuleError, match="tiles 0 to 0"):
        s.apply(Take(5))
    with pytest.raises(RuleError, match="not a Tanis move"):
        s.apply("take")
    assert s.phase == START


def _refusal(state, *moves):
    for move in moves[:-1]:
        state.apply(move)
    with pytest.raises(RuleError) as refused:
        state.apply(moves[-1])
    return refused.value.message


def test_each_refused_slide_says_where_and_why_in_full():
    t1 = "layer 1 tile 1 (at (0, 0))"
    assert _refusal(slide_stack(), Explore(0, 0.5, 0)) == (
        f"cannot stop {t1} at (0.5, 0): a slide comes to rest with an edge aligned on an edge "
        "or the halfway point of a tile below")
    assert _refusal(slide_stack(), Explore(0, 2, 0)) == (
        f"cannot slide {t1} straight to (2, 0): the Explorer moves a tile one stop at a time "
        "and its next stop that way is (1, 0)")
    assert _refusal(slide_stack(), Explore(0, 1, 0), Explore(0, 1, 0), Explore(0, 0.5, 0)) == (
        "cannot slide layer 1 tile 1 (at (2, 0)) to (2.5, 0): it would push layer 1 tile 2 "
        "(at (3, 0))")
    gap = "it would pass over a gap (the level below does not hold it up there)"
    assert _refusal(gap_stack(), Explore(0, 3, 0)) == f"cannot slide {t1} to (1.5, 0): {gap}"
    assert _refusal(slide_stack(), Explore(0, 0, 0.5)) == f"cannot slide {t1} to (0, 0.5): {gap}"
    assert _refusal(slide_stack(), Explore(1, 1, 0)) == (
        f"cannot slide layer 1 tile 2 (at (3, 0)) to (3.5, 0): {gap}")
    assert _refusal(slide_stack(), Explore(0, -0.5, 0)) == (
        f"cannot slide {t1} to (-0.5, 0): it would leave the box")
    assert _refusal(slide_stack(), Explore(0, 0, -1)) == (
        f"cannot slide {t1} to (0, -0.5): it would leave the box")


def test_a_slide_down_the_box_floor_names_its_next_stop():
    floor = stack([(0, 0, 2, 1)], box=(5, 4))
    assert _refusal(floor, Explore(0, 0, 2)) == (
        "cannot slide layer 1 tile 1 (at (0, 0)) straight to (0, 2): the Explorer moves a tile "
        "one stop at a time and its next stop that way is (0, 1)")
    assert _refusal(stack([(0, 0, 2, 1)], box=(5, 4)), Explore(0, 0, 1.5)) == (
        "cannot stop layer 1 tile 1 (at (0, 0)) at (0, 1.5): a slide comes to rest with an edge "
        "aligned on an edge or the halfway point of a tile below")


def test_excavator_and_expert_need_two_tiles_in_the_dig():
    # seeds/tanis.toml: both cards are played only while at least 2 tiles are in the dig
    two = stack([(0, 0, 2, 1), (2, 0, 2, 1)], box=(4, 1))
    assert [type(m).__name__ for m in two.legal_moves()] == [
        "Take", "Take", "Excavate", "Excavate", "Expert"]
    one = stack([(0, 0, 2, 1)], box=(2, 1))
    assert [type(m).__name__ for m in one.legal_moves()] == ["Take"]


def test_the_stops_ahead_of_a_tile_on_the_box_floor():
    # a 2 x 1 tile at the corner of a 5 x 4 box: a stop every whole unit, in half units
    floor = stack([(0, 0, 2, 1)], box=(5, 4))
    assert floor.stops_ahead(0, 0, 1) == [(0, 2), (0, 4), (0, 6)]
    assert floor.stops_ahead(0, 1, 0) == [(2, 0), (4, 0), (6, 0)]
    assert floor.stops_ahead(0, -1, 0) == []


def test_a_new_game_takes_its_style_and_first_player():
    from generator.core.errors import InputError
    from generator.core.rng import make_rng
    from generator.games.tanis.generate import classic_from
    from generator.games.tanis.rules import deal, new_state

    state = new_state(make_rng(7), style="classic", first=1)
    assert state.current_player() == 1
    layer1 = {(t.x, t.y, t.w, t.h) for t in classic_from(0, 4)[0]} | {
        (t.x, t.y, t.w, t.h) for t in classic_from(1, 4)[0]}
    top = {(state.pos[t][0] * 0.5, state.pos[t][1] * 0.5) for t in range(10)}
    assert top <= {(x, y) for x, y, _, _ in layer1}     # the top layer is a classic pattern's
    with pytest.raises(InputError) as refused:
        deal(make_rng(7), 41)
    assert refused.value.message == "a dig of 41 tiles needs more than the 40 tiles of the game"


def test_a_tile_against_the_far_walls_of_the_box_goes_no_further():
    right = stack([(3, 0, 2, 1)], box=(5, 4))           # against the right wall
    assert right.stops_ahead(0, 1, 0) == [] and right.stops_ahead(0, -1, 0) == [
        (4, 0), (2, 0), (0, 0)]
    assert _refusal(right, Explore(0, 0.5, 0)) == (
        "cannot slide layer 1 tile 1 (at (3, 0)) to (3.5, 0): it would leave the box")
    bottom = stack([(0, 3, 2, 1)], box=(5, 4))          # against the far wall
    assert bottom.stops_ahead(0, 0, 1) == [] and bottom.stops_ahead(0, 0, -1) == [
        (0, 4), (0, 2), (0, 0)]
    assert _refusal(bottom, Explore(0, 0, 0.5)) == (
        "cannot slide layer 1 tile 1 (at (0, 3)) to (0, 3.5): it would leave the box")


def test_a_slide_straight_to_the_far_wall_names_its_next_stop():
    floor = stack([(0, 0, 2, 1)], box=(5, 4))       # x 3 and y 3 touch the far walls
    assert _refusal(floor, Explore(0, 3, 0)) == (
        "cannot slide layer 1 tile 1 (at (0, 0)) straight to (3, 0): the Explorer moves a tile "
        "one stop at a time and its next stop that way is (1, 0)")
    assert _refusal(stack([(0, 0, 2, 1)], box=(5, 4)), Explore(0, 0, 3)) == (
        "cannot slide layer 1 tile 1 (at (0, 0)) straight to (0, 3): the Explorer moves a tile "
        "one stop at a time and its next stop that way is (0, 1)")
