"""Placement rules 1-7, each with a legal and an illegal case, and every edge meeting of
GAMES.md's edge semantics."""

import pytest
from games.realms.realms_helpers import edge, game, give, place, place_with, small_map

from generator.core.errors import RuleError
from generator.games.realms.rules.legal import legal_moves, sources
from generator.games.realms.rules.moves import Place
from generator.games.realms.rules.scoring import door_states, sheet_tallies

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]


def crossed():
    """map-1 after the crossing at the top-right entrance; the next dice are set by tests."""
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    return state


# rule 1 -------------------------------------------------------------------------------------
def test_rule1_mirrored_and_turned_tiles_are_legal():
    state = game()
    give(state, 5, 5)
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    # the corner of the example is the shape mirrored (a turn of 4 or more)
    move = place(5, "V5", [(7, 1), (6, 1), (5, 1), (5, 2), (5, 3)])
    state.apply(move)
    turns = {m.turn for m in legal_moves(state.sheets[0]) if isinstance(m, Place)}
    assert len(turns) > 1


def test_rule1_only_eight_turns():
    state = game()
    with pytest.raises(RuleError, match="turns 0-7"):
        state.apply(Place(5, "X5", 8, 8, 0))


# rule 2 -------------------------------------------------------------------------------------
def test_rule2_first_tile_at_an_entrance():
    state = game(first=(1, 2))
    state.apply(place_with(1, "I2", [(0, 8), (1, 8)], [(0, 8, "W")]))
    assert state.sheets[0].started


def test_rule2_first_tile_elsewhere_is_refused():
    state = game(first=(1, 2))
    with pytest.raises(RuleError, match="rule 2"):
        state.apply(place(1, "I2", [(4, 4), (5, 4)]))
    # covering an entrance square with a wall on the entrance is not enough either
    with pytest.raises(RuleError, match="rule 2"):
        state.apply(place_with(1, "I2", [(0, 7), (0, 8)], [(0, 7, "N")]))
    assert not state.sheets[0].started


# rules 3 and 4 -------------------------------------------------------------------------------
def test_rule4_aligned_opening_is_legal():
    state = crossed()
    give(state, 1)
    state.apply(place_with(1, "I2", [(6, 1), (7, 1)], [(7, 1, "E")]))
    assert (7, 1, "E") not in sources(state.sheets[0])


def test_rule3_no_second_dungeon_at_another_entrance():
    state = crossed()
    give(state, 1)
    with pytest.raises(RuleError, match="rules 3-4"):
        state.apply(place_with(1, "I2", [(0, 8), (1, 8)], [(0, 8, "W")]))


def test_rule4_corner_contact_or_wall_contact_is_refused():
    state = crossed()
    give(state, 1)
    with pytest.raises(RuleError, match="rules 3-4"):       # touches only by a corner
        state.apply(place(1, "I2", [(6, 3), (7, 3)]))
    with pytest.raises(RuleError, match="rules 3-4"):       # its wall meets the opening
        state.apply(place_with(1, "I2", [(7, 1), (7, 2)], [(7, 1, "N")]))


# rule 5 -------------------------------------------------------------------------------------
def test_rule5_inside_the_map_and_off_stone():
    state = crossed()
    give(state, 3, 1)
    with pytest.raises(RuleError, match="rule 5"):
        state.apply(Place(1, "I2", 0, 11, 1))                # would reach x = 12
    with pytest.raises(RuleError, match="rule 5"):
        state.apply(place_with(1, "I2", [(9, 3), (10, 3)], [(9, 3, "W")]))  # (10, 3) is stone
    state.apply(place_with(1, "I2", [(9, 3), (9, 4)], [(9, 3, "N")]))


# rule 6 -------------------------------------------------------------------------------------
def test_rule6_wall_along_another_tiles_wall_is_refused():
    state = crossed()
    give(state, 1)
    # (8, 0) would put a wall on top of the crossing's wall at (8, 1) N
    with pytest.raises(RuleError, match="rule 6"):
        state.apply(place_with(1, "I2", [(7, 0), (8, 0)], [(8, 0, "E")]))


def test_rule6_walls_along_the_map_edge_and_stone_are_fine():
    state = crossed()
    give(state, 1, 2, 3, 4)
    sheet = state.sheets[0]
    b = state.board
    outer = stone = 0
    for y in range(b.h):
        for x in range(b.w):
            for s, (dx, dy) in {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.items():
                e = edge(state, x, y, s)
                if b.blocked_edges & e:
                    if b.inside(x + dx, y + dy):
                        stone |= e
                    else:
                        outer |= e
    walls = [m for m in legal_moves(sheet) if isinstance(m, Place)]
    masks = [(b.masks[(m.shape, m.turn)].walls << (m.y * b.S + m.x)) for m in walls]
    assert any(w & outer for w in masks) and any(w & stone for w in masks)


# rule 7 and edge semantics ------------------------------------------------------------------
def _edge_dead_end(state):
    """A legal move whose tile has an opening on the map edge or stone."""
    b, sheet = state.board, state.sheets[0]
    for move in legal_moves(sheet):
        if isinstance(move, Place):
            tm = b.masks[(move.shape, move.turn)]
            opens = tm.opens << (move.y * b.S + move.x)
            if opens & b.blocked_edges:
                state._dead = opens & b.blocked_edges
                return move
    raise AssertionError("no such move")


def test_opening_on_edge_is_drawn_as_wall_not_counted():
    state = crossed()
    sheet = state.sheets[0]
    give(state, 1, 2, 3, 4)
    move = _edge_dead_end(state)
    before = sheet_tallies(sheet)["remaining_openings"]
    state.apply(move)
    assert sheet.walls & state._dead == state._dead
    assert not sheet.frontier & state._dead
    assert sheet_tallies(sheet)["remaining_openings"] <= before + 2


def test_opening_meets_opening_is_connected():
    state = crossed()
    sheet = state.sheets[0]
    give(state, 1)
    state.apply(place_with(1, "I2", [(6, 1), (7, 1)], [(7, 1, "E")]))
    e = edge(state, 8, 1, "W")
    assert not sheet.walls & e and not sheet.frontier & e and sheet.cov_edges & e


def _find(want):
    """A state of a seeded random game with a legal tile move whose masks satisfy
    ``want(sheet, opens, walls)``; returns (state, move, edges hit)."""
    from generator.core.play import RandomBot
    from generator.core.rng import make_rng
    from generator.games.realms.rules import new_state

    for seed in range(20):
        rng = make_rng(seed)
        state = new_state(rng)
        b, sheet = state.board, state.sheets[0]
        while not state.is_over():
            for m in legal_moves(sheet):
                if isinstance(m, Place):
                    tm, sh = b.masks[(m.shape, m.turn)], m.y * b.S + m.x
                    hit = want(sheet, tm.opens << sh, tm.walls << sh)
                    if hit:
                        return state, m, hit
            state.apply(RandomBot().choose(state, rng))
    raise AssertionError("no such move")


def grown():
    """map-1 after the crossing and a junction west of it (more walls and openings)."""
    state = crossed()
    give(state, 3)
    state.apply(place_with(3, "T4", [(5, 1), (6, 1), (7, 1), (6, 2)], [(7, 1, "E")]))
    return state


def test_rule7_opening_meeting_another_tiles_wall_is_a_dead_end():
    state, move, hit = _find(lambda sheet, opens, walls: opens & sheet.walls & sheet.cov_edges)
    sheet = state.sheets[0]
    state.apply(move)
    assert sheet.walls & hit == hit and not sheet.frontier & hit


def test_wall_facing_an_existing_opening_makes_it_a_dead_end():
    state, move, hit = _find(lambda sheet, opens, walls: walls & sheet.frontier)
    sheet = state.sheets[0]
    state.apply(move)
    assert sheet.walls & hit == hit and not sheet.frontier & hit


def test_opening_facing_unmapped_square_is_a_remaining_opening():
    state = grown()
    sheet = state.sheets[0]
    assert sheet.frontier & edge(state, 6, 2, "S")           # T4's stem faces (6, 3)
    assert sheet_tallies(sheet)["remaining_openings"] == sheet.frontier.bit_count() == 4


def test_entrance_and_room_states():
    from generator.games.realms.rules import ListedDice, State
    state = State(small_map(), ListedDice([(4, 4)] * 20))
    sheet = state.sheets[0]
    assert door_states(sheet) == (["open"] * 4, ["open", "open"])
    state.apply(place_with(4, "I4", [(0, 1), (1, 1), (2, 1), (3, 1)], [(0, 1, "W"), (1, 1, "N")]))
    ents, rooms = door_states(sheet)
    by_place = {(e.x, e.y): st for e, st in zip(state.map.entrances, ents)}
    assert by_place[(0, 1)] == "connected" and rooms == ["connected", "closed"]
    assert sheet.sarc == 1 and sheet.gems == 0          # closed room: its gem is lost
    assert sheet.golems == 1                            # the red golem was covered
    t = sheet_tallies(sheet)
    assert t["open_rooms"] == 0 and t["open_entrances"] == 3 and t["connected_entrances"] == 1


def test_candidate_generation_matches_a_full_scan():
    """fits() (from the openings) finds exactly what trying every shape, turn and square finds."""
    from generator.core.play import RandomBot
    from generator.core.rng import make_rng
    from generator.games.realms.rules import new_state
    from generator.games.realms.rules.constants import RULES
    from generator.games.realms.rules.legal import fits

    def scan(sheet, v):
        b, out = sheet.board, set()
        for code in RULES.rows[v]:
            for turn in range(8):
                tm = b.masks[(code, turn)]
                for y in range(-1, b.h + 1):
                    for x in range(-1, b.w + 1):
                        try:
                            sheet.check_fit(tm, x, y)
                        except RuleError:
                            continue
                        out.add((id(tm), x, y))
        return out

    for seed in range(3):
        rng = make_rng(seed)
        state = new_state(rng)
        sheet = state.sheets[0]
        while not state.is_over():
            if state.round % 4 == 1:
                for v in range(1, 7):
                    assert {(id(tm), x, y) for tm, x, y, _ in fits(sheet, sheet.board.by_side[v])} \
                        == scan(sheet, v)
            state.apply(RandomBot().choose(state, rng))
