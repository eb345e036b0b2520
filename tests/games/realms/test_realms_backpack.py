"""Monster prerequisites, the Mummy, keys, coins (wrap and slot limits) and each magic item's
restrictions — each with a legal and an illegal case."""

import pytest
from games.realms.realms_helpers import edge, game, give, place_with

from generator.core.errors import RuleError
from generator.games.realms.rules.legal import legal_moves
from generator.games.realms.rules.moves import Buy, Coin, Defeat, End, Open, Roll, Shovel, Wand

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]


def sheet_of(state):
    return state.sheets[0]


# monsters -----------------------------------------------------------------------------------
def test_ooze_then_its_skeleton():
    state = game()
    s = sheet_of(state)
    give(state, 1, 2)
    with pytest.raises(RuleError, match="no circled ooze"):
        state.apply(Defeat("ooze"))
    with pytest.raises(RuleError, match="skeleton"):
        state.apply(Defeat("skeleton"))
    s.oozes = 1
    state.apply(Defeat("ooze"))
    assert (s.oozes_def, s.coins, s.alerts) == (1, 1, 1)
    state.apply(Defeat("skeleton"))
    assert s.skel_def == 1 and s.coins == 2 and s.alerts == 2


def test_zombie_needs_an_opened_sarcophagus():
    state = game()
    s = sheet_of(state)
    give(state, 3)
    with pytest.raises(RuleError, match="open a collected sarcophagus"):
        state.apply(Defeat("zombie"))
    s.sarc = 1
    with pytest.raises(RuleError, match="needs a key"):
        state.apply(Open("key"))
    s.keys = 1
    state.apply(Open("key"))
    assert s.sarc_open == 1 and s.keys_left == 0
    state.apply(Defeat("zombie"))
    assert s.zombies_def == 1 and s.coins == 1          # one coin a defeat (seeds/realms.toml)


def test_golem_needs_its_gem():
    state = game()
    s = sheet_of(state)
    give(state, 4)
    with pytest.raises(RuleError, match="not been found"):
        state.apply(Defeat("golem-red"))
    s.golems = 1
    with pytest.raises(RuleError, match="needs its gem"):
        state.apply(Defeat("golem-red"))
    s.gems = 1
    state.apply(Defeat("golem-red"))
    assert s.golems_def == 1 and s.coins == 1


def test_mimic_needs_a_die_five_and_a_key():
    state = game()
    s = sheet_of(state)
    s.mimics = 1
    give(state, 5)
    with pytest.raises(RuleError, match="needs a key"):
        state.apply(Defeat("mimic", "key"))
    with pytest.raises(RuleError, match="cannot be used"):
        state.apply(Defeat("mimic", ""))
    s.keys = 1
    state.apply(Defeat("mimic", "key"))
    assert s.mimics_def == 1 and s.keys_used == 1 and s.coins == 1


def test_the_die_value_must_match_the_monster():
    state = game()
    s = sheet_of(state)
    s.oozes = 1
    give(state, 2)
    with pytest.raises(RuleError, match="value 1"):
        state.apply(Defeat("ooze"))


def test_mummy_needs_an_unlocked_square_and_scores_21_minus_round():
    state = game()
    s = sheet_of(state)
    give(state, 6, 6)
    with pytest.raises(RuleError, match="no unlocked square"):
        state.apply(Defeat("mummy"))
    s.alerts = s.defeats = 3
    state.round = s.round = 7
    state.apply(Defeat("mummy"))
    assert s.hits == [7] and s.hit_points == [14]
    with pytest.raises(RuleError, match="no unlocked square"):
        state.apply(Defeat("mummy"))
    s.alerts = s.defeats = 12
    state.apply(Defeat("mummy"))
    assert s.hit_points == [14, 14]


def test_every_defeat_marks_one_alert_up_to_the_table():
    state = game()
    s = sheet_of(state)
    s.oozes = 6
    for _ in range(6):
        give(state, 1)
        state.apply(Defeat("ooze"))
    assert s.alerts == 6 and s.alerts // 3 == 2


# coins --------------------------------------------------------------------------------------
def test_coin_wraps_six_to_one_and_one_to_six():
    state = game(start="kids")
    s = sheet_of(state)
    give(state, 6, 1)
    state.apply(Coin(6, 1))
    assert s.slots == [1, 1]
    state.apply(Coin(1, -1))
    assert s.slots == [6, 1] and s.balance == 3


def test_coin_needs_coins_and_an_unused_die():
    state = game()
    give(state, 3)
    with pytest.raises(RuleError, match="costs 1 coin"):
        state.apply(Coin(3, 1))
    sheet_of(state).coins = 1
    with pytest.raises(RuleError, match="value 4"):
        state.apply(Coin(4, 1))
    with pytest.raises(RuleError, match=r"\+1 or -1"):
        state.apply(Coin(3, 2))


def test_roll_and_buy_need_coins_and_a_free_slot():
    state = game(start="kids")                     # 5 coins and a key
    s = sheet_of(state)
    assert s.keys == 1 and s.balance == 5
    state.apply(Roll())                            # private die from the dice list: 3
    assert s.slots == [5, 5, 3] and s.balance == 3
    state.apply(Buy(6))
    assert s.slots == [5, 5, 3, 6] and s.balance == 0
    s.coins += 5
    with pytest.raises(RuleError, match="no free slot"):
        state.apply(Buy(2))
    with pytest.raises(RuleError, match="no free slot"):
        state.apply(Roll())
    assert not any(isinstance(m, (Roll, Buy)) for m in legal_moves(s))


def test_all_dice_before_the_next_round():
    state = game(first=(1, 2))
    with pytest.raises(RuleError, match="every die"):
        state.apply(End())


# magic items --------------------------------------------------------------------------------
def crossed():
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    return state


def test_hammer_beats_the_next_ooze_and_its_skeleton():
    state = game()
    s = sheet_of(state)
    s.oozes = 2
    give(state, 1, 1)
    with pytest.raises(RuleError, match="hammer"):
        state.apply(Defeat("ooze", "hammer"))
    state.apply(Defeat("ooze"))                     # ooze 1 down, its skeleton circled
    s.items["hammer"] = 1
    state.apply(Defeat("ooze", "hammer"))           # ooze 2 and skeleton 2, not skeleton 1
    assert s.oozes_def == 2 and s.skel_def == 0b10 and s.alerts == 3 and s.coins == 3
    give(state, 1)
    s.oozes = 3
    with pytest.raises(RuleError, match="no use left"):
        state.apply(Defeat("ooze", "hammer"))
    with pytest.raises(RuleError, match="cannot be used on a skeleton"):
        state.apply(Defeat("skeleton", "hammer"))


def test_skeleton_key_stands_for_a_key_three_times():
    state = game()
    s = sheet_of(state)
    s.sarc, s.items["skeleton-key"] = 4, 3
    for _ in range(3):
        state.apply(Open("skeleton-key"))
    assert s.sarc_open == 3 and s.items["skeleton-key"] == 0
    with pytest.raises(RuleError, match="no use left"):
        state.apply(Open("skeleton-key"))


def test_wand_adds_and_erases_walls_on_the_map_only():
    state = crossed()
    s = sheet_of(state)
    give(state, 2)
    # an open entrance is not part of the map
    with pytest.raises(RuleError, match="squares on your map"):
        state.apply(Wand(0, 8, "W", True, 2))
    with pytest.raises(RuleError, match="not collected"):
        state.apply(Wand(8, 1, "W", True, 0))
    # closing the crossing's west opening with a die
    state.apply(Wand(8, 1, "W", True, 2))
    assert s.walls & edge(state, 8, 1, "W") and not s.frontier & edge(state, 8, 1, "W")
    s.items["wand"] = 3
    with pytest.raises(RuleError, match="already"):
        state.apply(Wand(8, 1, "W", True, 0))
    # erasing it again gives the opening back
    state.apply(Wand(8, 1, "W", False, 0))
    assert s.frontier & edge(state, 8, 1, "W")


def test_wand_cannot_erase_outer_walls_or_next_to_an_opening():
    state = crossed()
    s = sheet_of(state)
    s.items["wand"] = 3
    with pytest.raises(RuleError, match="no wall"):
        state.apply(Wand(9, 1, "W", False, 0))            # inside the crossing
    give(state, 1)
    state.apply(place_with(1, "I2", [(6, 1), (7, 1)], [(7, 1, "E")]))
    # the walls (6,1) N, (7,1) N and (8,1) N lie on one line: erase the middle one...
    state.apply(Wand(7, 1, "N", False, 0))
    assert s.frontier & edge(state, 7, 1, "N")
    # ...and its neighbours on that line may not be erased any more
    for x in (6, 8):
        with pytest.raises(RuleError, match="next to an existing opening"):
            state.apply(Wand(x, 1, "N", False, 0))
    state2 = game(first=(1, 2))
    state2.apply(place_with(1, "I2", [(0, 8), (1, 8)], [(0, 8, "W")]))
    state2.sheets[0].items["wand"] = 1
    with pytest.raises(RuleError, match="map edge"):
        state2.apply(Wand(2, 8, "W", False, 0))          # (2, 8) is stone


def test_shovel_square_rules():
    state = crossed()
    s = sheet_of(state)
    give(state, 4, 4)
    with pytest.raises(RuleError, match="1 or 2 openings"):
        state.apply(Shovel(7, 1, "NES", 4))
    with pytest.raises(RuleError, match="rules 3-4"):      # no opening lines up
        state.apply(Shovel(7, 1, "N", 4))
    with pytest.raises(RuleError, match="not collected"):
        state.apply(Shovel(7, 1, "E", 0))
    state.apply(Shovel(7, 1, "E", 4))                   # one opening: closes the way west
    assert s.covered >> state.board.cell(7, 1) & 1 and not s.frontier & edge(state, 7, 1, "W")
    # (8, 0) has the crossing's walls on two sides: no shovel square there
    s.items["shovel"] = 3
    with pytest.raises(RuleError, match="without any wall"):
        state.apply(Shovel(8, 0, "E", 0))
    state.apply(Shovel(11, 1, "WN", 0))                  # two openings: extends the map
    assert s.items["shovel"] == 2 and s.frontier & edge(state, 11, 1, "N")


def test_any_die_works_for_the_wand_and_shovel_but_items_run_out():
    state = crossed()
    s = sheet_of(state)
    s.items["wand"] = 1
    give(state, 3)
    pays = {m.pay for m in legal_moves(s) if isinstance(m, Wand)}
    assert pays == {0, 3}
    state.apply(Wand(8, 1, "W", True, 0))
    assert {m.pay for m in legal_moves(s) if isinstance(m, Wand)} == {3}


def test_wand_erasing_a_closed_door_connects_the_room():
    from games.realms.realms_helpers import small_map

    from generator.games.realms.rules import ListedDice, State

    state = State(small_map(), ListedDice([(4, 4)] * 20))
    s = sheet_of(state)
    state.apply(place_with(4, "I4", [(0, 1), (1, 1), (2, 1), (3, 1)], [(0, 1, "W"), (1, 1, "N")]))
    assert s.gems == 0
    state.apply(Wand(3, 1, "N", False, 4))                 # the wall in front of the gem's door
    assert s.gems == 1                                     # connected: the red gem is collected
