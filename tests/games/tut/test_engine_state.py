"""The engine's state as bots, records and tests read it: what a fresh game holds, what a
scoring leaves behind, who is asked to decide, and the words of a refused move. Every expected
value is pinned by hand from the rulebooks (English and French) and the module's conventions
(-1: no player, no set)."""

import pytest
from games.tut.conftest import trail_with

from generator.core.errors import RuleError
from generator.games.tut.model import catalog
from generator.games.tut.rules import END, MOVE, MOVES, OVER, PASS, WILD, WILDS, State, Wild


def sid(code):
    return catalog().id_of(code)


def go(state, *targets):
    for to in targets:
        assert state.phase == MOVE
        state.apply(MOVES[to])
        assert state.check_invariants() == []


@pytest.mark.parametrize("variant, king_free", [("en", False), ("fr", True)])
def test_a_fresh_game(make_state, variant, king_free):
    state = make_state([], players=3, variant=variant)
    assert (state.phase, state.actor, state.turn, state.rounds, state.turns) == (MOVE, 0, 0, 1, 0)
    assert state.ended == "" and state.winners == [] and state.scores() == [0.0] * 3
    assert state.scoring == -1 and state.order == [] and state.queue == []
    assert state.decl_w == [0, 0, 0] and state.decl_k == -1
    assert state.king == -1 and state.king_free is king_free    # French: on the pyramid
    assert state.pos == [-1] * 3 and state.fate == [0] * (END + 1)


def test_a_tile_collected_and_a_tile_removed_are_told_apart(make_state):
    state = make_state(["horus-red", "horus-blue", "anubis-red"])
    go(state, 1, 2)                                  # tile 1 passed by both tokens: removed
    assert state.fate[:4] == [2, 1, 1, 0]


def test_moving_back_or_staying_is_refused_word_for_word(make_state):
    state = make_state(["horus-red", "horus-blue", "anubis-red", "anubis-blue"])
    go(state, 2, 0)
    for to in (1, 2):                                # back, and onto its own square
        with pytest.raises(RuleError) as refused:
            state.apply(MOVES[to])
        assert refused.value.message == "player 1 is at 3: tokens only move forward"
    assert state.pos == [2, 0] and state.phase == MOVE


def test_french_toutankhamon_taken_at_the_pyramid(make_state):
    state = make_state([], variant="fr")
    go(state, END)
    assert state.king == 0 and state.king_free is False and state.coins == [26, 26]  # free


def test_a_scoring_clears_its_decisions_and_logs_the_set(make_state):
    # English: both add Pharaohs to the cats (2-2 then 3-2); afterwards no set is being scored,
    # nobody's additions are remembered, and the log names the set with the tiles held.
    state = make_state(["cat-blue", "pharaoh", "pharaoh", "pharaoh", "mask-red", "cat-blue"])
    state.log = []
    go(state, 0, 1, 2, 3, 4, 5)
    assert state.phase == WILD and state.scoring == sid("cat-blue")
    for _ in range(3):
        state.apply(WILDS[1, False])
    assert state.phase == MOVE and state.paid == [1, 2]
    assert state.scoring == -1 and state.decl_w == [0, 0] and state.decl_k == -1
    assert state.log == [("score", sid("cat-blue"), [1, 1])]


def test_after_toutankhamon_is_added_nobody_holds_or_has_declared_it(make_state):
    state = make_state(["mask-red"] * 4 + ["pharaoh"] + ["mask-red"] * 4 + ["anubis-red"],
                       variant="fr")
    go(state, 0, 1, 2, 3, 4, END, 5, 9)
    state.apply(WILDS[0, True])
    assert state.decl_k == 1 and state.king == -1      # declared, no longer held
    state.apply(WILDS[1, False])
    assert state.phase == MOVE and state.decl_k == -1 and state.decl_w == [0, 0]


def test_only_players_with_a_wild_tile_they_may_add_are_asked(make_state):
    # English, 3 players, blue cats scored: p2 holds a cat and a Pharaoh (asked); p1 a cat and
    # King Tut (asked); p3 a Pharaoh but no cat (not asked: a Pharaoh needs a tile of the set).
    state = State.from_codes(trail_with(["cat-blue", "pharaoh", "pharaoh", "cat-blue"]), 3, "en")
    go(state, 0, 1, 2, END)                         # p1 cat, p2 Pharaoh, p3 Pharaoh, p1 King
    assert state.king == 0 and state.phase == MOVE
    go(state, 3)                                    # p2 takes the other cat: scored
    assert state.phase == WILD and state.order == [1, 0]
    assert state.current_player() == 1


def test_a_player_with_nothing_to_add_is_not_asked(make_state):
    # English: p1 takes both red cats and holds no wild tile; p2 holds King Tut but no cat
    # (the English King Tut needs a tile of the set): nobody is asked, p1 pays 2.
    state = make_state(["cat-red", "horus-red", "cat-red"])
    go(state, 0, END, 2)
    assert state.king == 1
    assert state.phase == MOVE and state.order == [] and state.paid == [2, 1]


def test_wild_options_for_a_set_not_being_scored(make_state):
    # English: p1 holds a red cat and King Tut; King Tut may go to the cats, not to a set p1
    # holds no tile of (the English King Tut needs one).
    state = make_state(["cat-red", "horus-red"])
    go(state, 0, 1, END)
    assert state.king == 0 and state.scoring == -1
    assert state.wild_options(0, sid("cat-red")) == [PASS, WILDS[0, True]]
    assert state.wild_options(0, sid("horus-red")) == [PASS]


def test_a_mask_without_a_tile_of_the_set_is_refused_for_its_reason(make_state):
    # French: p1 holds a mask and Toutankhamon but no chair; asked for the chairs (Toutankhamon
    # needs no tile), p1 may add Toutankhamon; with a mask too, the mask is refused.
    state = make_state(["pharaoh", "cat-red", "cat-red"], variant="fr")
    go(state, 0, 1, END, 2)
    assert state.phase == WILD and state.current_player() == 0
    assert state.legal_moves() == [PASS, WILDS[0, True]]
    with pytest.raises(RuleError) as refused:
        state.apply(Wild(1, True))
    assert refused.value.message == (
        "player 1 cannot add 1 Masque de pharaon tile(s) and Toutankhamon to this set: holds no "
        "tile of this set; a Masque de pharaon can only be added to a set its owner holds a "
        "tile of (French rules (Tutanchamun))")


def test_a_scoring_that_ends_the_game_leaves_the_mover_to_play(make_state):
    # English: p1 adds its Pharaoh (2 cats to 1); p2, second, pays half of 2: its last coin.
    state = make_state(["pharaoh", "cat-red", "cat-red"], coins=[5, 1])
    go(state, 0, 1, 2)
    state.apply(WILDS[1, False])
    assert state.phase == OVER and state.ended == "coins-out" and state.winners == [1]
    assert state.current_player() == 0 and state.coins == [3, 0]
