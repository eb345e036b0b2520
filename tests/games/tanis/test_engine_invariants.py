"""check_invariants on broken states: each invariant of the Tanis engine, broken by hand on a
fresh game (seed 5: 40 tiles in the dig, layer 1 visible), is reported in its own words, and
nothing else is. The sentences are pinned by hand."""

import pytest

from generator.core.rng import make_rng
from generator.games.tanis.rules import new_state
from generator.games.tanis.rules_board import EXCAVATED, OVER, SLIDE

TOP = list(range(10))               # layer 1's tiles: the visible ones of a fresh game


def _under_first(s):
    """Tile 0's support on layer 2 marked excavated (the engine never does that)."""
    t = next(t for t in range(40) if s.board.level[t] == 1 and s.mask[t] & s.mask[0])
    s.where[t] = EXCAVATED


def _overlap(s):
    s.pos[1], s.mask[1] = s.pos[0], s.mask[0]


def _slide_bad(s):
    s.phase, s.slide = SLIDE, (10, 0)


BROKEN = {
    "a tile nowhere": (lambda s: s.where.__setitem__(0, 5), [
        "tiles [0] are nowhere", "39 tiles in the dig but the count says 40",
        "the tiles out of play do not match the tiles taken or excavated",
        "level occupancy out of date", f"visible tiles {TOP} but should be {TOP[1:]}"]),
    "the count of tiles": (lambda s: setattr(s, "left", 39),
                           ["40 tiles in the dig but the count says 39"]),
    "two identical identities": (lambda s: setattr(s, "codes", (s.codes[1], *s.codes[1:])),
                                 ["two slots carry the same tile identity"]),
    "tiles out of play": (lambda s: s.gone.__setitem__(0, 1),
                          ["the tiles out of play do not match the tiles taken or excavated"]),
    "a player's holdings": (lambda s: s.held[1].__setitem__(2, 4),
                            ["player 2's holdings do not match the tiles taken"]),
    "over with tiles left": (lambda s: setattr(s, "phase", OVER),
                             [f"dig has 40 tiles but the step is {OVER}"]),
    "a tile outside the box": (lambda s: s.pos.__setitem__(0, (9, 0)), [
        "layer 1 tile 1 (at (4.5, 0)) is outside the box", "level occupancy out of date"]),
    "a stale footprint": (lambda s: s.mask.__setitem__(0, s.mask[1]),
                          ["layer 1 tile 1 (at (0, 0)): footprint out of date"]),
    "a tile with nothing under it": (_under_first, [
        "39 tiles in the dig but the count says 40",
        "the tiles out of play do not match the tiles taken or excavated",
        "level occupancy out of date", "a tile of layer 1 is not held up by layer 2"]),
    "a visible tile missing": (lambda s: setattr(s, "visible", s.visible[:-1]),
                               [f"visible tiles {TOP[:-1]} but should be {TOP}"]),
    "a visible tile unseen": (lambda s: setattr(s, "seen", 0),
                              ["a visible tile is not marked as seen"]),
    "a card lost": (lambda s: s.cards[0].__setitem__(1, 1),
                    ["player 1: 1 excavator left and 0 used, starting hand has 2"]),
    "a slide outside its step": (lambda s: setattr(s, "slide", (0, 0)),
                                 ["a slide is noted outside the slide step"]),
    "a slide step without a tile": (lambda s: setattr(s, "phase", SLIDE),
                                    ["the slide step has no tile"]),
    "a slide of a hidden tile, no card": (_slide_bad, [
        "the sliding layer 2 tile 1 (at (0, 0)) is not a visible tile of the dig",
        "a slide goes on but no Explorer card was played"]),
}


def test_a_fresh_game_keeps_every_invariant():
    assert new_state(make_rng(5)).check_invariants() == []


@pytest.mark.parametrize("name", BROKEN)
def test_each_broken_invariant_is_reported(name):
    breakage, expected = BROKEN[name]
    state = new_state(make_rng(5))
    breakage(state)
    assert state.check_invariants() == expected


def test_two_tiles_on_one_square_of_a_level():
    state = new_state(make_rng(5))
    _overlap(state)
    # tile 1 moved onto tile 0's square reads as the sheet numbers it there
    assert state.check_invariants() == [
        "layer 1 tile 7 (at (0, 0)) overlaps another tile of its level",
        "level occupancy out of date"]


# ---- a game refused at its start, and the turns counted ------------------------------------------

def test_a_game_needs_an_identity_per_tile_and_a_real_first_player():
    from generator.core.errors import InputError
    from generator.games.tanis.generate import generate_dig
    from generator.games.tanis.rules import State, deal

    dig = generate_dig(make_rng(5), "random")
    codes = deal(make_rng(5), 40)
    with pytest.raises(InputError) as refused:
        State(dig, codes[:39])
    assert refused.value.message == "39 tile identities for 40 tiles in the dig"
    for first in (-1, 2):
        with pytest.raises(InputError) as refused:
            State(dig, codes, first=first)
        assert refused.value.message == f"first player {first}: use 0 to 1"
    assert State(dig, codes, first=1).current_player() == 1
    with pytest.raises(InputError) as refused:
        new_state(make_rng(5), players=3)
    assert refused.value.message == "Tanis is played by 2 players, not 3"


def test_turns_are_counted_and_pass_to_the_other_player():
    state = new_state(make_rng(5))
    assert state.turn == 0
    for turn in (1, 2, 3):
        state.apply(next(m for m in state.legal_moves() if type(m).__name__ == "Take"))
        while state.current_player() == (turn - 1) % 2 and state.turn < turn:
            state.apply(state.legal_moves()[0])
        assert state.turn == turn and state.current_player() == turn % 2
