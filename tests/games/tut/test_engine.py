"""The engine, rule by rule: each with a legal and an illegal case, both rule texts side by side."""

import pytest

from generator.core.errors import InputError, RuleError
from generator.games.tut.model import catalog
from generator.games.tut.rules import (
    DECLINE,
    END,
    GOLD,
    MOVE,
    MOVES,
    PASS,
    WILD,
    WILDS,
    Buy,
    State,
    Wild,
)


def sid(code):
    return catalog().id_of(code)


def go(state, *targets):
    """Plays Move(to) for whoever is to move, one target per turn; checks invariants."""
    for to in targets:
        assert state.phase == MOVE, f"expected a move, phase {state.phase}"
        state.apply(MOVES[to])
        assert state.check_invariants() == []


# ---- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, en, fr", [(2, 32, 26), (3, 26, 26), (4, 20, 20), (5, 16, 16),
                                             (6, 14, 14)])
def test_start_coins_by_variant(make_state, players, en, fr):
    assert make_state([], players, "en").coins == [en] * players
    assert make_state([], players, "fr").coins == [fr] * players


def test_player_count_and_trail_are_checked(make_state):
    with pytest.raises(InputError, match="2 to 6 players"):
        make_state([], 7, "en")
    with pytest.raises(InputError, match="unknown tile code"):
        State.from_codes(["sphinx"] * 69, 2, "en")


# ---- movement and collection ---------------------------------------------------------------------

def test_move_forward_past_tokens_and_collect_one(make_state):
    state = make_state(["horus-red", "horus-blue", "anubis-red"])
    go(state, 0, 2)                                  # player 2 passes player 1's token
    assert state.pos == [0, 2]
    assert state.hold[0][sid("horus-red")] == 1 and state.hold[1][sid("anubis-red")] == 1
    assert sum(map(sum, state.hold)) == 2            # exactly one tile each


def test_moving_back_or_onto_a_hole_is_refused(make_state):
    state = make_state(["horus-red", "horus-blue", "anubis-red"])
    go(state, 2)
    with pytest.raises(RuleError, match="no tile at trail position 3"):
        state.apply(MOVES[2])                        # collected already
    go(state, 1)
    with pytest.raises(RuleError, match="only move forward"):
        state.apply(MOVES[1])                        # player 1 at 2 may not go back to 1


def test_a_tile_passed_cannot_be_collected_later(make_state):
    state = make_state(["horus-red", "horus-blue", "anubis-red", "anubis-blue"])
    go(state, 3, 0)
    assert MOVES[1] not in state.legal_moves()      # player 1 passed tile 2 last turn
    with pytest.raises(RuleError):
        state.apply(MOVES[1])


def test_a_wrong_kind_of_decision_is_refused(make_state):
    state = make_state([])
    with pytest.raises(RuleError, match="waits for player 1 to move"):
        state.apply(PASS)


# ---- removal and when sets are scored ------------------------------------------------------------

def test_set_scored_when_its_last_tile_is_collected(make_state):
    state = make_state(["scarab-red"])
    go(state, 0)
    assert state.coins[0] == 31 and state.left[sid("scarab-red")] == 0


def test_last_tile_removed_uncollected_scores_the_set(make_state):
    state = make_state(["cat-red", "cat-red", "mask-red", "mask-red"])
    go(state, 0, 2)                                  # tile 2 (a cat) is not passed by player 1
    assert state.coins == [32, 32] and state.present[1]
    go(state, 3)                                     # now both passed it: removed, cats scored
    assert not state.present[1] and state.fate[1] == 2
    assert state.coins == [30, 32]                   # player 1 held the only cat: pays 2


def test_removal_in_trail_order_scores_sets_furthest_first(make_state):
    state = make_state(["cat-blue", "scarab-green", "cat-blue", "mask-red", "mask-red"])
    go(state, 0, 3)
    state.log = []
    go(state, 4)                                     # removes tiles 2 then 3
    assert [entry[1] for entry in state.log] == [sid("scarab-green"), sid("cat-blue")]
    assert state.coins == [30, 32]


def test_set_scored_during_removal_at_the_end_of_the_turn(make_state):
    # Player 2's move leaves tile 1 behind every token: it is removed in player 2's turn and
    # the red cats are scored from player 1's holding.
    state = make_state(["cat-red", "cat-red", "horus-red"])
    go(state, 1)
    assert state.present[0] and state.coins == [32, 32]
    go(state, 2)
    assert not state.present[0] and state.fate[0] == 2
    assert state.coins == [30, 32] and state.current_player() == 0


def test_nothing_is_removed_while_a_token_is_behind_it(make_state):
    state = make_state(["cat-red", "cat-red", "horus-red"])
    go(state, 2)
    assert state.present[0] and state.present[1]     # player 2 has not moved yet


# ---- ties for first inside a game (seed 004: "si deux joueurs sont à égalité premier, chacun avance
# de la moitié de la valeur. En cas [...] de trois joueurs à égalité premier, ces joueurs
# n'avancent pas"; seed 000: every player tied for first pays half) ---------------------------------

def test_french_game_two_tied_for_first_each_pay_half(make_state):
    state = make_state(["anubis-red"] * 6, players=3, variant="fr")
    assert state.coins == [26, 26, 26]
    go(state, 0, 1, 10, 2, 3, 11, 4)       # players 1 and 2 take the Anubis, 3 runs ahead
    assert state.coins == [26, 26, 26]
    go(state, 5)                           # the sixth Anubis: 3 tiles each for players 1, 2
    assert state.coins == [23, 23, 26]     # half of 6 each; player 3 holds none


@pytest.mark.parametrize("variant, coins", [("fr", [26, 26, 26]), ("en", [23, 23, 23])])
def test_a_game_with_three_tied_for_first(make_state, variant, coins):
    state = make_state(["anubis-red"] * 6, players=3, variant=variant)
    go(state, 0, 1, 2, 3, 4, 5)            # two Anubis each
    assert state.coins == coins            # French: nobody pays; English: half of 6 each


# ---- the end and the winner ----------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["en", "fr"])
def test_two_reach_zero_in_one_scoring_method_a_the_highest_holder_wins(make_state, variant):
    # Method A: p1 holds 4 Anubis, p2 holds 2 and stands further along; both pay their last
    # coins. The rulebook scores the single highest holder first, so p1 pays out first and wins.
    state = make_state(["anubis-red"] * 6, variant=variant, coins=[3, 3])
    go(state, 0, 1, 2, 5, 3, 6)                      # p1: 0, 2, 3; p2: 1, 5, 6
    go(state, 4)                                     # p1 takes the last Anubis: 4 vs 2 tiles
    assert state.is_over() and state.ended == "coins-out"
    assert state.pos == [4, 6]                       # p2's token is ahead, yet p1 wins
    assert state.winners == [0] and state.scores() == [1.0, 0.0]


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_two_reach_zero_in_one_scoring_method_b_the_furthest_token_wins(make_state, variant):
    # Method B: 3 Anubis each, both pay half (3) = their last coins; p2's token is further
    # along, so p2 pays first and wins (English note under method B; French: assumed the same).
    state = make_state(["anubis-red"] * 6, variant=variant, coins=[3, 3])
    go(state, 0, 1, 2, 4, 3)                         # p1: 0, 2, 3; p2: 1, 4
    go(state, 5)                                     # p2 takes the last Anubis: 3 vs 3
    assert state.is_over() and state.ended == "coins-out"
    assert state.pos == [3, 5] and state.winners == [1]


def test_first_to_pay_all_coins_ends_the_game_at_once(make_state):
    state = make_state(["scarab-red", "mask-red"], coins=[1, 5])
    go(state, 0)
    assert state.is_over() and state.winners == [0] and state.coins == [0, 5]
    assert state.legal_moves() == []


def test_trail_empty_fewest_coins_wins_english():
    from generator.core.play import RandomBot, play
    from generator.core.rng import make_rng
    from generator.games.tut.rules import new_state

    for seed in range(200):
        rng = make_rng(seed)
        state = new_state(rng, players=3, variant="en")
        play(state, [RandomBot()] * 3, rng)
        if state.ended == "trail-empty":
            low = min(state.coins)
            assert state.winners == [p for p in range(3) if state.coins[p] == low]
            assert not state.trail and all(f in (1, 2) for f in state.fate)
            return
    pytest.fail("no game ended with an empty trail")


def test_french_ends_when_every_token_is_at_the_end(make_state):
    state = make_state([], variant="fr")
    go(state, END)
    assert not state.is_over()                       # player 2 is still on the way
    go(state, END)
    for _ in range(30):                              # Toutankhamon may join any removed set
        if state.phase != WILD:
            break
        state.apply(PASS)
    assert state.is_over() and state.ended == "all-at-end"
    assert not state.trail and state.fate[:END].count(2) == END


def test_english_ends_when_the_trail_is_empty(make_state):
    state = make_state([])
    go(state, END)                                   # King Tut; player 2 must still collect
    assert not state.is_over()
    go(state, 68)                                    # the last tile: all the rest removed
    assert state.is_over() and state.ended == "trail-empty"


def test_english_does_not_end_while_king_tut_waits(make_state):
    state = make_state([])
    go(state, 68)                                    # the last trail tile; King Tut remains
    assert not state.is_over() and state.legal_moves()[-1] == MOVES[END]


def test_french_collecting_the_last_tile_is_not_reaching_the_end(make_state):
    # seeds/tut.toml: the end of the trail is the pyramid, one step beyond the last tile; a
    # token on the last tile has not reached it, moves on there later, and takes Toutankhamon
    # if nobody was first.
    state = make_state([], variant="fr")
    go(state, 68)                                    # p1 collects the trail's last tile
    assert state.pos[0] == 68 and state.king_free and state.king == -1
    assert state.can_move(0) and not state.is_over()
    go(state, 67)                                    # p2 takes the tile before it
    assert state.legal_moves() == [MOVES[END]]       # p1: only the pyramid is left ahead
    go(state, END)
    assert state.king == 0 and state.pos[0] == END and not state.can_move(0)
    assert state.current_player() == 1 and not state.is_over()


# ---- King Tut / Toutankhamon and the ledge -------------------------------------------------------

def test_king_tut_collector_pays_one_and_stands_on_the_ledge(make_state):
    state = make_state([])
    go(state, END)
    assert state.king == 0 and state.pos[0] == END and state.coins[0] == 31
    assert not state.can_move(0) and state.current_player() == 1


def test_king_tut_paying_the_last_coin_wins(make_state):
    state = make_state([], coins=[1, 9])
    go(state, END)
    assert state.is_over() and state.winners == [0]


def test_player_who_cannot_move_still_takes_part(make_state):
    state = make_state(["cat-red", "horus-red", "cat-red"])
    go(state, 0, 1, END)                             # p1 takes a cat, then King Tut: stuck
    assert state.current_player() == 1
    go(state, 2)                                     # p2 takes the last cat: 1 cat each
    assert state.phase == WILD and state.current_player() == 0
    assert state.legal_moves() == [PASS, WILDS[0, True]]
    state.apply(WILDS[0, True])                      # p1 (on the ledge) adds King Tut
    assert state.coins == [31 - 2, 32 - 1]
    assert state.current_player() == 1               # p1's turns are skipped, p2 goes on


def test_rounds_count_the_times_play_comes_back_round(make_state):
    state = make_state(["cat-red", "horus-red", "cat-red", "anubis-red", "anubis-blue"],
                       players=3)
    assert state.rounds == 1
    go(state, 0, 1)
    assert state.rounds == 1                         # p1 and p2 moved, p3 to move
    go(state, 2)
    assert state.rounds == 2 and state.current_player() == 0
    state = make_state(["cat-red", "horus-red", "cat-red"])
    go(state, 0, 1, END)                             # p1 stuck on the ledge after round 2
    assert state.rounds == 2 and state.current_player() == 1
    go(state, 2)
    state.apply(WILDS[0, True])
    assert state.current_player() == 1 and state.rounds == 3   # p2 alone: a round each turn


def test_french_toutankhamon_first_at_the_end_no_coin(make_state):
    state = make_state([], variant="fr", players=3)
    go(state, END, END)
    assert state.king == 0 and state.coins == [26, 26, 26]    # only the first takes it


def test_french_toutankhamon_counts_without_a_tile(make_state):
    state = make_state(["horus-red"] * 4, variant="fr")
    go(state, END, 0, 1, 2)                          # p1 at the end with Toutankhamon
    go(state, 3)                                     # p2 takes the last Horus: 4 tiles
    assert state.phase == WILD and state.current_player() == 0
    state.apply(WILDS[0, True])
    assert state.coins == [26 - 2, 26 - 4]           # p1 second with 1 (Toutankhamon alone)


def test_english_king_tut_needs_a_tile_of_the_set(make_state):
    state = make_state(["horus-red"] * 4)
    go(state, END, 0, 1, 2, 3)                       # p1 holds King Tut but no Horus
    assert state.phase == MOVE and state.coins == [31, 28]


# ---- Pharaoh tiles and masks ---------------------------------------------------------------------

def test_rulebook_cat_example_through_the_engine(make_state):
    state = make_state(["cat-blue", "pharaoh", "pharaoh", "mask-red", "cat-blue"])
    go(state, 0, 1, 2, 3, END)                       # A: cat, Pharaoh, King Tut; B: Pharaoh, mask
    go(state, 4)                                     # B takes the last cat: 1 cat each
    assert state.phase == WILD and state.current_player() == 1    # the mover decides first
    state.apply(WILDS[1, False])                     # B adds a Pharaoh to break the tie
    assert state.current_player() == 0
    with pytest.raises(RuleError):
        state.apply(WILDS[2, False])                 # A holds only one Pharaoh
    state.apply(WILDS[1, True])                      # A adds a Pharaoh and King Tut
    assert state.paid == [1 + 2, 1]                  # King Tut's coin, then 2 and 1
    assert state.phase == MOVE and state.wild == [0, 0] and state.king == -1


def test_english_players_answer_each_others_pharaohs(make_state):
    state = make_state(["cat-blue", "pharaoh", "pharaoh", "pharaoh", "mask-red", "cat-blue"])
    go(state, 0, 1, 2, 3, 4)                         # A: cat, Pharaoh, mask; B: 2 Pharaohs
    go(state, 5)                                     # B takes the last cat
    state.apply(WILDS[1, False])                     # B adds one: 2 vs 1
    assert state.current_player() == 0
    state.apply(WILDS[1, False])                     # A answers: 2 vs 2
    assert state.phase == WILD and state.current_player() == 1
    state.apply(WILDS[1, False])                     # B adds another: 3 vs 2
    assert state.phase == MOVE and state.paid == [1, 2]


def test_french_decides_once_each_from_the_mover(make_state):
    state = make_state(["cat-blue", "pharaoh", "pharaoh", "pharaoh", "mask-red", "cat-blue"],
                       variant="fr")
    go(state, 0, 1, 2, 3, 4, 5)                      # same holdings, French rules
    assert state.current_player() == 1
    state.apply(WILDS[2, False])                     # B's two masks break the 1-1 tie
    assert state.current_player() == 0               # A decides once, after B
    state.apply(WILDS[1, False])
    assert state.phase == MOVE and state.paid == [1, 2]


def test_english_pharaoh_needs_a_tile_of_the_set(make_state):
    state = make_state(["pharaoh", "cat-red", "cat-red"])
    go(state, 0, 1)                                  # p1 Pharaoh, p2 a cat
    go(state, 2)                                     # p1 takes the other cat -> 1 each
    assert state.phase == WILD and state.legal_moves() == [PASS, WILDS[1, False]]
    state2 = make_state(["pharaoh", "horus-red", "cat-red", "cat-red"])
    go(state2, 0, 2, 1, 3)                           # p1 holds no cat: cannot add
    assert state2.phase == MOVE and state2.coins == [32, 30]


def test_french_masks_only_break_ties(make_state):
    state = make_state(["pharaoh", "cat-red", "cat-red"], variant="fr")
    go(state, 0, 1, 2)                               # p1: mask + cat; p2: cat -> tied 1-1
    assert state.phase == WILD and state.legal_moves() == [PASS, WILDS[1, False]]
    state.apply(WILDS[1, False])
    assert state.coins == [26 - 2, 26 - 1]           # the mask wins the tie


def test_french_mask_refused_without_a_tie(make_state):
    state = make_state(["pharaoh", "horus-red", "horus-red", "mask-red", "horus-red",
                        "horus-red"], variant="fr")
    go(state, 0, 3, 1, 4, 2)                         # p1: mask, 2 Horus; p2: burial mask, Horus
    assert state.wild_options(0, sid("horus-red")) == [PASS]
    go(state, 5)                                     # last Horus to p2: 2-2 tie now
    assert state.phase == WILD and WILDS[1, False] in state.legal_moves()


def test_french_a_tie_toutankhamon_makes_can_be_broken_with_a_mask(make_state):
    # Chairs (8): the mover holds 3 chairs and a mask, the other player 2 chairs and
    # Toutankhamon. The mover, not tied, has nothing to decide at first; Toutankhamon makes it
    # 3-3, which concerns the mover again ("chaque joueur concerné décide"): the mask breaks the
    # tie, 8 and 4 instead of 4 and 4.
    state = make_state(["mask-red"] * 4 + ["pharaoh"] + ["mask-red"] * 4 + ["anubis-red"],
                       variant="fr")
    go(state, 0, 1, 2, 3, 4, END, 5)               # p2 takes Toutankhamon at the end
    assert state.king == 1 and state.current_player() == 0   # p2 cannot move any more
    go(state, 9)                                   # p1 passes chairs 7-9: removed, scored
    assert state.phase == WILD and state.current_player() == 1
    assert state.legal_moves() == [PASS, WILDS[0, True]]
    state.apply(WILDS[0, True])                    # Toutankhamon: 2 + 1 = 3, tied
    assert state.phase == WILD and state.current_player() == 0
    assert state.legal_moves() == [PASS, WILDS[1, False]]
    state.apply(WILDS[1, False])
    assert state.phase == MOVE and state.coins == [26 - 8, 26 - 4]


def test_french_mover_passes_then_decides_again_after_an_addition(make_state):
    # The same holdings, but the mover is tied from the start (3-3 without Toutankhamon would
    # need it): p1 3 chairs + mask, p2 3 chairs + mask; p1 moves, passes; p2 adds its mask;
    # p1 is asked again and answers with nothing left: p2 wins the tie.
    state = make_state(["mask-red", "mask-red", "pharaoh", "pharaoh"] + ["mask-red"] * 6,
                       variant="fr")
    go(state, 0, 1, 2, 3, 4, 5, 6, 7)             # p1: chair, mask, chair, chair; p2 alike
    go(state, 9)                                   # p1 passes chair 9 (removed after p2)
    assert state.phase == MOVE
    go(state, 8)                                   # p2 takes chair 8: 3-3 with 2 removed
    assert state.phase == WILD and state.current_player() == 1   # the mover first
    state.apply(PASS)
    assert state.current_player() == 0
    state.apply(WILDS[1, False])                   # p1 breaks the tie
    assert state.phase == WILD and state.current_player() == 1   # p2 decides again
    state.apply(WILDS[1, False])                   # 3+1 each: tied again
    assert state.phase == MOVE                     # p1 has no mask left: nobody else to ask
    assert state.coins == [26 - 4, 26 - 4]


def test_decisions_go_round_the_table_from_the_mover(make_state):
    # Three players, English: p3 takes the last red Horus (2 held) while p1 and p2 hold one
    # each, and every one of them a Pharaoh. The mover decides first, then p1, then p2; an
    # addition by p2 makes p3 and p1 decide again, in that order, and p2 is not asked again.
    state = make_state(["horus-red"] * 3 + ["pharaoh"] * 3 + ["horus-red", "anubis-red",
                                                              "anubis-red"], players=3)
    go(state, 0, 1, 2, 3, 4, 5, 7, 8, 6)
    seen = []
    while state.phase == WILD and len(seen) < 10:   # bounded: a broken engine may loop
        seen.append(state.current_player())
        state.apply(WILDS[1, False] if len(seen) == 3 else PASS)
    assert seen == [2, 0, 1, 2, 0]
    assert state.paid == [0, 2, 2]                 # p2 (1 + 1) ties p3 (2): half of 4 each


# ---- Bag of Gold ---------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["en", "fr"])
def test_gold_buys_a_tile_of_a_set_already_held(make_state, variant):
    state = make_state(["horus-red", "horus-red", "gold", "pharaoh"], variant=variant)
    go(state, 0, 1, 2)
    h = sid("horus-red")
    assert state.phase == GOLD and state.legal_moves() == [Buy(1, h), DECLINE]
    state.apply(Buy(1, h))
    assert state.hold[0][h] == 2 and state.hold[1][h] == 0
    assert state.coins == [state.start, state.start - 1]


def test_english_gold_may_go_unused(make_state):
    # "A Bag of Gold tile must be used in the same turn in which it is collected": use it then
    # or lose it (seeds/tut.toml gold_may_decline). Declining keeps the holdings as they are.
    state = make_state(["horus-red", "horus-red", "gold", "pharaoh"])
    go(state, 0, 1, 2)
    state.apply(DECLINE)
    h = sid("horus-red")
    assert state.phase == MOVE and state.current_player() == 1
    assert state.hold[0][h] == 1 and state.hold[1][h] == 1 and state.coins == [32, 32]
    with pytest.raises(RuleError, match="not a move decision"):
        state.apply(Buy(1, h))                       # the next turn is too late


def test_gold_must_buy_when_the_switch_says_so(make_state):
    import dataclasses

    state = make_state(["horus-red", "horus-red", "gold", "pharaoh"])
    state.r = dataclasses.replace(state.r, gold_may_decline=False)
    go(state, 0, 1, 2)
    assert state.legal_moves() == [Buy(1, sid("horus-red"))]
    with pytest.raises(RuleError) as refused:
        state.apply(DECLINE)
    assert refused.value.message == (
        "player 1 cannot leave the Bag of Gold unused: a purchase is possible and these rules "
        "(English rules (Tutankhamen)) make it buy")
    assert state.phase == GOLD


def test_french_gold_may_go_unused(make_state):
    # "Même si on n'a pas pu ou voulu l'utiliser, la dalle pièces d'or est écartée."
    state = make_state(["horus-red", "horus-red", "gold", "pharaoh"], variant="fr")
    go(state, 0, 1, 2)
    assert state.legal_moves() == [Buy(1, sid("horus-red")), DECLINE]
    state.apply(DECLINE)
    assert state.phase == MOVE and state.hold[1][sid("horus-red")] == 1


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_gold_needs_a_set_held_by_both(make_state, variant):
    state = make_state(["horus-red", "anubis-red", "pharaoh", "gold"], variant=variant)
    go(state, 0, 2, 3)                               # p1 Horus then gold; p2 only a Pharaoh
    assert state.phase == MOVE and state.current_player() == 1   # nothing to buy: discarded
    assert state.wild[1] == 1                        # a Pharaoh is never for sale


def test_gold_refuses_pharaoh_unheld_sets_and_oneself(make_state):
    state = make_state(["horus-red", "anubis-red", "pharaoh", "horus-red", "gold"], players=3)
    go(state, 0, 1, 2, 4)                            # p1 Horus; p2 Anubis; p3 Pharaoh; p1 gold
    assert state.phase == MOVE                       # nobody else holds a red Horus
    state = make_state(["horus-red", "anubis-red", "pharaoh", "mask-red", "horus-red", "gold"],
                       players=3)
    go(state, 0, 1, 2, 3, 4, 6, 5)                   # p1: Horus, mask, gold; p2: Anubis, Horus
    h, a = sid("horus-red"), sid("anubis-red")
    assert state.phase == GOLD and state.legal_moves() == [Buy(1, h), DECLINE]
    refusals = ((Buy(2, 16), "one pharaoh tile from player 3"),      # 16: a Pharaoh
                (Buy(1, 17), "one king-tut tile from player 2"),     # 17: King Tut
                (Buy(1, a), "one anubis-red tile from player 2"),
                (Buy(0, h), "one horus-red tile from player 1"),
                (Buy(2, h), "one horus-red tile from player 3"))
    for bad, what in refusals:
        with pytest.raises(RuleError) as refused:
            state.apply(bad)
        assert refused.value.message == (
            f"player 1 cannot buy {what}: the Bag of Gold buys a tile of a set its buyer "
            "already holds, from another player who holds one (never a Pharaoh or King Tut)")
    state.apply(Buy(1, h))
    assert state.hold[1][h] == 0 and state.hold[0][h] == 2 and state.coins[1] == 25


def test_gold_only_in_the_turn_it_is_taken(make_state):
    state = make_state(["horus-red", "horus-red", "gold", "anubis-red"], variant="fr")
    go(state, 0, 1, 2)
    state.apply(DECLINE)                             # declined: discarded
    assert state.phase == MOVE and state.current_player() == 1
    with pytest.raises(RuleError, match="not a move decision"):
        state.apply(Buy(1, sid("horus-red")))        # too late


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_gold_victim_or_seller_pays_one(make_state, variant):
    state = make_state(["horus-blue", "horus-blue", "gold"], variant=variant)
    go(state, 0, 1, 2)
    state.apply(Buy(1, sid("horus-blue")))
    start = state.start
    assert state.coins == [start, start - 1]
    assert state.hold[0][sid("horus-blue")] == 2 and state.check_invariants() == []


def test_gold_paying_the_last_coin_wins_for_the_seller(make_state):
    state = make_state(["horus-blue", "horus-blue", "gold"], coins=[9, 1])
    go(state, 0, 1, 2)
    state.apply(Buy(1, sid("horus-blue")))
    assert state.is_over() and state.winners == [1]


def test_scores_are_zero_while_playing_and_split_on_a_shared_win(make_state):
    state = make_state([])
    assert state.scores() == [0.0, 0.0]
    state.winners = [0, 1]
    assert state.scores() == [0.5, 0.5]


def test_wild_move_object_is_small_and_frozen():
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        Wild(1, False).pharaohs = 2


# ---- copies, invariants, the words of a refusal -----------------------------------------------

def test_a_copy_is_equal_and_independent(make_state):
    import copy

    state = make_state(["cat-red", "pharaoh", "cat-red", "gold", "horus-red"], players=3)
    go(state, 0, 1, 3)
    state.history = [(0, MOVES[0])]
    other = state.copy()
    for name in State.__slots__:
        if name not in ("log", "history"):
            assert getattr(other, name) == getattr(state, name), name
    assert other.log is None and other.history is None
    before = {name: copy.deepcopy(getattr(state, name)) for name in State.__slots__}
    go(other, 4, 2)                                  # play on in the copy only
    other.apply(WILDS[1, False]) if other.phase == WILD else None
    for name in State.__slots__:
        assert getattr(state, name) == before[name], f"{name} changed with the copy"
    for name in ("coins", "decl_w", "fate", "left", "order", "out", "packed", "paid", "pos",
                 "present", "queue", "trail", "wild", "winners", "hold"):
        assert getattr(other, name) is not getattr(state, name), name
    assert all(a is not b for a, b in zip(other.hold, state.hold))


@pytest.mark.parametrize("breakage, words", [
    (lambda s: s.coins.__setitem__(0, s.coins[0] - 1), "player 1: coins 31 + paid 0 != dealt 32"),
    (lambda s: s.coins.__setitem__(1, -1) or s.paid.__setitem__(1, 33),
     "player 2: coins -1 + paid 33 != dealt 32"),
    (lambda s: s.trail.pop(), "trail list and present flags disagree"),
    (lambda s: s.fate.__setitem__(5, 1), "tile 6: present=True but fate=1"),
    (lambda s: s.fate.__setitem__(68, 2), "tile 69: present=True but fate=2"),
    (lambda s: s.fate.__setitem__(END, 1), "tile 70: present=True but fate=1"),   # King Tut
    (lambda s: s.left.__setitem__(0, s.left[0] + 1), "set scarab-red: 2 tiles accounted for, "
                                                     "not 1"),
    (lambda s: s.left.__setitem__(0, -1) or s.out.__setitem__(0, 2),
     "set scarab-red: 1 tiles accounted for, not 1"),
    (lambda s: s.packed.__setitem__(3, 1), "set cat-red: packed holdings disagree with hold"),
    (lambda s: s.wild.__setitem__(0, 1), "Pharaoh tiles not conserved"),
    (lambda s: s.pos.__setitem__(1, END + 1), "token off the trail: [-1, 70]"),
    (lambda s: s.pos.__setitem__(1, -2), "token off the trail: [-1, -2]"),
    (lambda s: setattr(s, "phase", 3), "game over without a winner"),
])
def test_each_invariant_is_checked(make_state, breakage, words):
    state = make_state([])
    assert state.check_invariants() == []
    breakage(state)
    assert words in state.check_invariants()


def test_invariants_hold_at_the_french_pyramid(make_state):
    state = make_state([], variant="fr")
    go(state, END)                                   # the pyramid is never a tile to collect
    assert state.present[END] is False and state.fate[END] == 0
    assert state.check_invariants() == []
    state.fate[3] = 1                                # the French trail is checked all the same
    assert "tile 4: present=True but fate=1" in state.check_invariants()


def test_a_foreign_object_is_refused_in_words(make_state):
    state = make_state([])
    with pytest.raises(RuleError) as refused:
        state.apply("Move(3)")
    assert refused.value.message == ("a str is not a move decision; the game waits for player 1 "
                                     "to move")
    go(state, 0, 1)
    with pytest.raises(RuleError) as refused:
        state.apply(Buy(0, 0))
    assert refused.value.message == ("a Bag of Gold decision is not a move decision; the game "
                                     "waits for player 1 to move")


def test_wild_refusals_name_the_reason(make_state):
    state = make_state(["pharaoh", "cat-red", "cat-red"])
    go(state, 0, 1, 2)
    assert state.phase == WILD
    cases = {
        WILDS[2, False]: "player 1 cannot add 2 Pharaoh tile(s) to this set: they do not hold "
                         "those tiles",
        WILDS[0, True]: "player 1 cannot add 0 Pharaoh tile(s) and King Tut to this set: they "
                        "do not hold those tiles",
    }
    for move, words in cases.items():
        with pytest.raises(RuleError) as refused:
            state.apply(move)
        assert refused.value.message == words
    assert state.phase == WILD and state.legal_moves() == [PASS, WILDS[1, False]]


def test_scores_moves_and_over(make_state):
    state = make_state(["scarab-red"], coins=[1, 5])
    assert state.legal_moves()[0] == MOVES[0] and len(state.legal_moves()) == 70
    go(state, 0)
    assert state.is_over() and state.scores() == [1.0, 0.0] and state.legal_moves() == []
    assert state.ended == "coins-out" and state.winners == [0]
    french = make_state([], variant="fr")
    assert french.legal_moves()[-1] == MOVES[END] and len(french.legal_moves()) == 70


def test_can_move_in_both_texts(make_state):
    state = make_state([])
    assert state.can_move(0) and state.can_move(1)
    go(state, END)
    assert not state.can_move(0) and state.can_move(1)
    go(state, 68)
    assert state.is_over()
    french = make_state([], variant="fr")
    go(french, 68)
    assert french.can_move(0)                        # the pyramid is still ahead
    french.pos[0] = END
    assert not french.can_move(0)


def test_new_state_uses_the_tiles_given_and_draws_the_rest(make_state):
    from games.tut.conftest import trail_with

    from generator.core.rng import make_rng
    from generator.games.tut.rules import new_state

    tiles = trail_with(["scarab-green", "mask-blue"])
    state = new_state(make_rng(1), players=3, variant="fr", tiles=tiles)
    assert state.n == 3 and state.r.variant == "fr"
    assert [catalog().codes[t] for t in state.tiles[:2]] == ["scarab-green", "mask-blue"]
    shuffled = new_state(make_rng(2), players=2, variant="en")
    assert sorted(shuffled.tiles[:END]) == sorted(State.from_codes(tiles, 2).tiles[:END])
    assert len(shuffled.tiles) == END + 1 and shuffled.tiles[END] == sid("king-tut")
    with pytest.raises(InputError, match="a trail has 69 tiles, got 68"):
        State(list(range(68)), 2)
    with pytest.raises(InputError, match="unknown tile code 'sphinx'"):
        State.from_codes(["scarab-red"] * 68 + ["sphinx"], 2)


def test_refusals_name_the_first_set_and_the_mask_rule(make_state):
    state = make_state(["horus-red", "horus-red", "gold", "pharaoh"])
    go(state, 0, 1, 2)
    with pytest.raises(RuleError) as refused:
        state.apply(Buy(1, 0))                      # set 0: the red scarab, held by nobody
    assert refused.value.message.startswith("player 1 cannot buy one scarab-red tile from "
                                            "player 2:")
    with pytest.raises(RuleError) as refused:
        state.apply(Buy(1, -1))
    assert refused.value.message.startswith("player 1 cannot buy one set -1 tile from player 2:")
    # French: p1 holds Toutankhamon, a mask and 2 chairs, p2 3 chairs. Toutankhamon may go on
    # (3-3); the mask may not while there is no tie, though p1 holds one.
    french = make_state(["mask-red", "mask-red", "pharaoh"] + ["mask-red"] * 6 + ["anubis-red"],
                        variant="fr")
    go(french, 0, 1, 2, 3, 4, 5, END, 9)             # p2 passes chairs 7-9: removed, scored
    assert french.phase == WILD and french.current_player() == 0
    assert french.legal_moves() == [PASS, WILDS[0, True], WILDS[1, True]]
    with pytest.raises(RuleError) as refused:
        french.apply(WILDS[1, False])
    assert refused.value.message == (
        "player 1 cannot add 1 Masque de pharaon tile(s) to this set: is not tied with another "
        "player (2 tile(s)); a Masque de pharaon only breaks a tie between equal counts (French "
        "rules (Tutanchamun))")


def test_a_purchase_from_player_1(make_state):
    state = make_state(["horus-red", "horus-red", "mask-red", "gold", "anubis-red"])
    go(state, 0, 1, 2, 3)                            # p2 takes the gold; p1 holds a red Horus
    h = sid("horus-red")
    assert state.phase == GOLD and state.current_player() == 1
    assert state.legal_moves() == [Buy(0, h), DECLINE]
    state.apply(Buy(0, h))
    assert state.hold[0][h] == 0 and state.hold[1][h] == 2 and state.coins == [31, 32]
    assert state.phase == MOVE and state.current_player() == 0


def test_who_adds_is_not_asked_again_until_someone_answers(make_state):
    # English: B (the mover, 2 Pharaohs) adds one; A passes: nothing changed since B's
    # addition, so the decisions are over, though B still holds a Pharaoh.
    state = make_state(["cat-blue", "pharaoh", "pharaoh", "pharaoh", "mask-red", "cat-blue"])
    go(state, 0, 1, 3, 2, 4, 5)                      # A: cat, Pharaoh, mask; B: 2 Pharaohs, cat
    assert state.phase == WILD and state.current_player() == 1
    state.apply(WILDS[1, False])
    assert state.current_player() == 0
    state.apply(PASS)
    assert state.phase == MOVE and state.wild == [1, 1] and state.paid == [1, 2]
