"""The Hidden Realms engine's refusals word for word (each names the rule and what would make the
move legal), its dice sources, its moves' JSON, the rules data read afresh, and the invariants
on broken sheets."""

import pytest
from games.realms.realms_helpers import game, give, place_with, small_map

from generator.core.errors import InputError, RuleError
from generator.games.realms.mapfile import load_map
from generator.games.realms.rules import ListedDice, SeededDice, State, seat_maps, sheet_invariants
from generator.games.realms.model import data
from generator.games.realms.rules.constants import RULES, read_rules
from generator.games.realms.rules.moves import (
    Buy,
    Coin,
    Defeat,
    End,
    Open,
    Place,
    PlaceRoom,
    Roll,
    Shovel,
    Wand,
    canonical_edge,
    move_from_json,
    move_to_json,
)
from generator.games.realms.rules.sheet import Sheet

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]


def refusal(state, move) -> str:
    with pytest.raises(RuleError) as refused:
        state.apply(move)
    return str(refused.value)


def crossed(*dice):
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    give(state, *dice)
    return state


# ---- dice and the round row ----------------------------------------------------------------

def test_a_move_needs_its_die_and_the_row_is_shown():
    state = crossed(3)
    state.sheets[0].used = [True]
    state.sheets[0].slots, state.sheets[0].used = [3, 5], [True, False]
    assert refusal(state, Defeat("ooze")) == (
        "defeating a ooze needs an unused die of value 1; round 1's row has [3x 5] (x = used)")
    give(state)
    assert refusal(state, Place(2, "I3", 0, 6, 1)) == (
        "placing I3 needs an unused die of value 2; round 1's row has no dice")


def test_the_round_ends_with_every_die_used():
    state = crossed(3, 5)
    state.sheets[0].used = [True, False]
    assert refusal(state, End()) == (
        "every die of the round must be used first (1 left: [3x 5] (x = used))")


def test_a_finished_round_waits_for_the_others():
    state = State(load_map("map-1"), ListedDice([(1, 2)] * 20, [[], []], 2), 2)
    give(state, 1)
    state.sheets[0].slots, state.sheets[0].used = [], []
    state.apply(End())
    assert state.current_player() == 1
    state.sheets[1].slots, state.sheets[1].used = [], []
    state.sheets[0].ended = True
    with pytest.raises(RuleError) as refused:
        state.sheets[0].apply(End())
    assert str(refused.value) == "this player's round is over; wait for the other players"


def test_not_a_move():
    state = crossed(3)
    assert refusal(state, "place") == "not a Hidden Realms move: 'place'"


def test_extra_dice_go_to_this_row_then_the_next():
    state = crossed(1, 2, 3)
    s = state.sheets[0]
    s._add_die(6)
    s._add_die(4)
    s._add_die(5)
    assert s.slots == [1, 2, 3, 6] and s.carry == [4, 5]
    s.start_round(2, (2, 2))
    assert s.slots == [2, 2, 4, 5] and s.carry == [] and s.used == [False] * 4
    s.carry = [1, 2, 3]
    s.start_round(3, (6, 6))
    assert s.slots == [6, 6, 1, 2] and s.carry == [3]


# ---- placing -------------------------------------------------------------------------------

def test_the_tile_table_and_the_turns():
    state = crossed(2)
    assert refusal(state, Place(2, "X5", 0, 6, 1)) == (
        "a die of value 2 places I3 or O4 (Tile Table), not X5")
    assert refusal(state, Place(7, "X5", 0, 6, 1)) == (
        "a die of value 7 places nothing (Tile Table), not X5")
    assert refusal(state, Place(2, "I3", 9, 6, 1)) == "turn 9: a tile has turns 0-7 (rule 1)"


def test_placement_rules_word_for_word():
    state = crossed(2, 2, 2, 2)
    assert refusal(state, Place(2, "I3", 0, 10, 1)) == (
        "placement rule 5: I3 at (10, 1) would stick out of the 12 x 12 map")
    assert refusal(state, Place(2, "I3", 0, -1, 1)) == (
        "placement rule 5: I3 at (-1, 1) would stick out of the 12 x 12 map")
    assert refusal(state, Place(2, "I3", 0, 7, 1)) == (
        "I3 at (7, 1) would overlap squares already mapped")
    assert refusal(state, Place(2, "I3", 0, 0, 0)).startswith("placement rule")


def test_the_first_tile_and_the_later_ones():
    state = game(first=(1, 2))
    assert refusal(state, Place(1, "I2", 0, 4, 4)) == (
        "placement rule 2: the first tile needs one of its openings on an entrance")
    state = crossed(1)
    assert refusal(state, Place(1, "I2", 0, 0, 8)) == (
        "placement rules 3-4: no opening of I2 at (0, 8) lines up with a remaining opening of "
        "your dungeon")


def test_the_room_needs_two_dice():
    state = crossed(2)
    assert refusal(state, PlaceRoom((2, 2), 5, 0)) == (
        "the 3x3 room needs an unused die of value 2; round 1's row has [2] (x = used)")
    assert refusal(state, PlaceRoom((2, 5), 5, 0)) == (
        "the 3x3 room needs an unused die of value 5; round 1's row has [2] (x = used)")
    give(state, 2, 2)
    state.apply(PlaceRoom((2, 2), 5, 0))
    assert state.sheets[0].covered >> state.board.cell(6, 1) & 1


# ---- monsters ------------------------------------------------------------------------------

def test_targets_and_tools():
    state = crossed(1, 5)
    assert refusal(state, Defeat("dragon")) == (
        "unknown target 'dragon'; targets: ooze, skeleton, zombie, golem-<colour>, mimic, mummy")
    assert refusal(state, Defeat("ooze", "key")) == (
        "'key' cannot be used on a ooze; allowed: (none), hammer")
    assert refusal(state, Defeat("mimic", "")) == (
        "'' cannot be used on a mimic; allowed: key, skeleton-key")
    assert refusal(state, Defeat("ooze")) == (
        "no circled ooze left to defeat; oozes are found on the map first")
    assert refusal(state, Defeat("mimic", "key")) == "no circled mimic left to defeat"
    s = state.sheets[0]
    s.mimics = 1
    assert refusal(state, Defeat("mimic", "key")) == "a mimic needs a key and you have none left"
    assert refusal(state, Defeat("mimic", "skeleton-key")) == (
        "the skeleton-key is not collected or has no use left")
    s.oozes = 1
    assert refusal(state, Defeat("ooze", "hammer")) == (
        "the hammer is not collected or has no use left")


def test_skeletons_zombies_and_golems():
    state = crossed(2, 3, 4)
    assert refusal(state, Defeat("skeleton")) == (
        "no circled skeleton: a skeleton is freed by defeating its ooze")
    assert refusal(state, Defeat("zombie")) == (
        "no freed zombie: open a collected sarcophagus with a key first")
    assert refusal(state, Defeat("golem-pink")) == (
        "unknown golem 'golem-pink'; colours: red, blue, green, yellow")
    assert refusal(state, Defeat("golem-blue")) == "the golem-blue has not been found"
    s = state.sheets[0]
    s.golems = 0b0010
    assert refusal(state, Defeat("golem-blue")) == (
        "the golem-blue needs its gem: connect the room of the blue gem first")
    s.gems = s.golems_def = 0b0010
    assert refusal(state, Defeat("golem-blue")) == "the golem-blue is already defeated"


def test_the_skeleton_of_each_ooze_in_turn():
    state = crossed(1, 1, 2)
    s = state.sheets[0]
    s.oozes, s.items = 3, {"hammer": 1}
    state.apply(Defeat("ooze"))                  # ooze 1: its skeleton is freed
    state.apply(Defeat("ooze", "hammer"))        # ooze 2 and its skeleton at once
    assert s.oozes_def == 2 and s.skel_def == 0b10 and s.coins == 3 and s.alerts == 3
    state.apply(Defeat("skeleton"))              # the skeleton of ooze 1
    assert s.skel_def == 0b11 and s.defeats == 4


def test_sarcophagi_and_the_mummy():
    state = crossed(6)
    assert refusal(state, Open("key")) == (
        "no collected sarcophagus to open: connect a sarcophagus room first")
    s = state.sheets[0]
    s.sarc = 1
    assert refusal(state, Open("key")) == "opening a sarcophagus needs a key and you have none left"
    assert refusal(state, Open("hammer")) == (
        'opening a sarcophagus needs a key: tool "key" or "skeleton-key"')
    assert refusal(state, Defeat("mummy")) == (
        "no unlocked square: 0 '!' marked, every 3 unlock one square (0 used)")
    s.alerts, s.hits = 18, [1, 2, 3, 4, 5, 6]
    assert refusal(state, Defeat("mummy")) == "the Mummy has taken every hit it can"


def test_the_mummy_hits_score_by_round_and_multiplier():
    state = crossed(6, 6)
    s = state.sheets[0]
    s.alerts = 18
    s.round = 4
    for _ in range(2):
        state.apply(Defeat("mummy"))
    give(state, 6, 6)
    s.round = 10
    state.apply(Defeat("mummy"))
    state.apply(Defeat("mummy"))
    assert s.hits == [4, 4, 10, 10] and s.hit_points == [17, 17, 22, 22]


# ---- coins ---------------------------------------------------------------------------------

def test_coin_refusals():
    state = crossed(3, 4, 5, 6)
    s = state.sheets[0]
    assert refusal(state, Coin(3, 2)) == "a coin changes a die by +1 or -1"
    assert refusal(state, Coin(3, 1)) == "changing a die costs 1 coin(s); you have 0"
    assert refusal(state, Roll()) == "no free slot in this round's row for another die"
    assert refusal(state, Buy(7)) == "a die shows 1 to 6, not 7"
    assert refusal(state, Buy(2)) == "no free slot in this round's row for another die"
    give(state, 3)
    assert refusal(state, Roll()) == "rolling an extra die costs 2 coin(s); you have 0"
    assert refusal(state, Buy(2)) == "buying a die costs 3 coin(s); you have 0"
    s.coins = 3
    state.apply(Buy(2))
    assert s.slots == [3, 2] and s.balance == 0


def test_a_coin_changes_the_first_unused_die_of_the_value():
    state = crossed(4, 4)
    s = state.sheets[0]
    s.coins, s.used = 2, [True, False]
    state.apply(Coin(4, -1))
    assert s.slots == [4, 3] and s.coins_spent == 1


# ---- the Wand and the Shovel ---------------------------------------------------------------

def test_wand_and_shovel_refusals():
    state = crossed(3, 3)
    assert refusal(state, Wand(3, 3, "N", True, 0)) == (
        "the wand only changes walls of squares on your map; open rooms and open entrances are "
        "not part of it")
    assert refusal(state, Wand(8, 1, "N", True, 3)) == "there is a wall there already"
    assert refusal(state, Wand(8, 1, "W", False, 3)) == "there is no wall there to erase"
    assert refusal(state, Wand(20, 1, "N", True, 3)) == (
        "no edge (20, 1) N on this map (edges are named N or W)")
    assert refusal(state, Wand(8, 1, "S", True, 3)) == (
        "no edge (8, 1) S on this map (edges are named N or W)")
    assert refusal(state, Wand(8, 1, "W", True, 0)) == (
        "the wand is not collected or has no use left; pay with a die instead (any value)")
    assert refusal(state, Wand(8, 1, "W", True, 5)) == (
        "the wand's action paid with a die needs an unused die of value 5; round 1's row has "
        "[3 3] (x = used)")
    assert refusal(state, Shovel(9, 3, "NEW", 3)) == (
        "a shovel room has 2 or 3 walls, so 1 or 2 openings, not 'NEW'")
    assert refusal(state, Shovel(9, 3, "NN", 3)) == (
        "a shovel room has 2 or 3 walls, so 1 or 2 openings, not 'NN'")
    assert refusal(state, Shovel(12, 3, "N", 3)) == "(12, 3) is outside the map"
    assert refusal(state, Shovel(9, 2, "N", 3)) == "the shovel needs a square without any wall on it"
    new = game()
    assert refusal(new, Shovel(9, 0, "N", 5)) == (
        "the shovel adds a square to your map, so it cannot start one: the first tile is a Tile "
        "Table shape on an entrance")


def test_the_wand_erases_only_walls_of_the_map():
    state = game(first=(1, 2))
    state.apply(place_with(1, "I2", [(0, 8), (1, 8)], [(0, 8, "W")]))
    give(state, 4)
    # the hall's east opening faces stone at (2, 8): drawn closed, and it stays so
    assert refusal(state, Wand(2, 8, "W", False, 4)) == (
        "walls along the map edge or stone cannot be erased")


# ---- the game ------------------------------------------------------------------------------

def test_states_and_seats():
    with pytest.raises(RuleError) as refused:
        State(load_map("map-1"), SeededDice(1), 0)
    assert str(refused.value) == "a game needs at least one player"
    with pytest.raises(RuleError) as refused:
        seat_maps((load_map("map-1"),), 2)
    assert str(refused.value) == ("1 maps for 2 players: give one map for everyone, or one per "
                                  "player")
    with pytest.raises(RuleError) as refused:
        Sheet(State(load_map("map-1"), SeededDice(1)).board, lambda: 1, "hard")
    assert str(refused.value) == "unknown start 'hard'; choose one of normal, easy, kids"
    state = State(load_map("map-1"), SeededDice(3), 2)
    assert state.current_player() == 0 and state.round == 1
    for sheet in state.sheets:
        sheet.slots, sheet.used = [], []
    state.apply(End())
    assert state.current_player() == 1
    state.apply(End())
    assert state.round == 2 and state.current_player() == 0


def test_the_game_ends_after_round_20():
    state = State(load_map("map-1"), ListedDice([()] * 20), 1)
    for _ in range(20):
        state.apply(End())
    assert state.is_over() and state.legal_moves() == [] and state.round == 20
    with pytest.raises(RuleError) as refused:
        state.apply(End())
    assert str(refused.value) == "the game is over (after round 20)"


# ---- dice sources --------------------------------------------------------------------------

def test_seeded_dice_share_the_rolls_and_keep_each_players_extra_dice_apart():
    a, b = SeededDice(11, 2), SeededDice(11, 2)
    assert [a.round_roll(r) for r in range(1, 4)] == [b.round_roll(r) for r in range(1, 4)]
    assert all(len(a.round_roll(r)) == 2 and all(1 <= d <= 6 for d in a.round_roll(r))
               for r in range(3))
    first = [a.extra(1) for _ in range(5)]
    b.extra(0)                                  # player 1's die does not move player 2's stream
    assert [b.extra(1) for _ in range(5)] == first and a.to_json() == {"seed": 11}


def test_listed_dice_play_back_and_say_when_they_run_out():
    dice = ListedDice([(1, 2), (3, 4)], [[5], []], 2)
    assert dice.round_roll(1) == (1, 2) and dice.round_roll(2) == (3, 4)
    with pytest.raises(RuleError) as refused:
        dice.round_roll(3)
    assert str(refused.value) == "the dice list has no roll for round 3"
    assert dice.extra(0) == 5
    with pytest.raises(RuleError) as refused:
        dice.extra(0)
    assert str(refused.value) == "the dice list has no more extra rolls for player 1"
    with pytest.raises(RuleError) as refused:
        dice.extra(1)
    assert str(refused.value) == "the dice list has no more extra rolls for player 2"
    assert dice.to_json() == {"rolls": [[1, 2], [3, 4]], "extra": [[5], []]}
    assert ListedDice([(1, 2)], players=3).extra_rolls == [[], [], []]


# ---- moves as JSON -------------------------------------------------------------------------

MOVES = [
    (Place(5, "X5", 0, 8, 0), {"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8,
                               "y": 0}),
    (PlaceRoom((3, 4), 2, 5), {"do": "room", "dice": [3, 4], "x": 2, "y": 5}),
    (Defeat("mimic", "key"), {"do": "defeat", "target": "mimic", "tool": "key"}),
    (Open("skeleton-key"), {"do": "open", "tool": "skeleton-key"}),
    (Coin(4, -1), {"do": "coin", "die": 4, "delta": -1}),
    (Roll(), {"do": "roll"}),
    (Buy(2), {"do": "buy", "value": 2}),
    (Wand(3, 4, "N", True, 0), {"do": "wand", "x": 3, "y": 4, "side": "N", "wall": "add",
                                "pay": 0}),
    (Wand(3, 4, "W", False, 2), {"do": "wand", "x": 3, "y": 4, "side": "W", "wall": "erase",
                                 "pay": 2}),
    (Shovel(3, 4, "NE", 2), {"do": "shovel", "x": 3, "y": 4, "open": "NE", "pay": 2}),
    (End(), {"do": "end"}),
]


@pytest.mark.parametrize("move, doc", MOVES)
def test_a_move_and_its_json(move, doc):
    assert move_to_json(move) == doc and move_from_json(doc, "moves[0]") == move


def test_json_defaults_and_edge_names():
    assert move_from_json({"do": "defeat", "target": "ooze"}, "m") == Defeat("ooze", "")
    assert move_from_json({"do": "open"}, "m") == Open("key")
    assert move_from_json({"do": "wand", "x": 3, "y": 4, "side": "S", "wall": "add"}, "m") == \
        Wand(3, 5, "N", True, 0)
    assert move_from_json({"do": "wand", "x": 3, "y": 4, "side": "E", "wall": "erase"}, "m") == \
        Wand(4, 4, "W", False, 0)
    assert move_from_json({"do": "shovel", "x": 1, "y": 2, "open": "N"}, "m") == \
        Shovel(1, 2, "N", 0)
    assert move_from_json({"do": "end", "player": 2}, "m") == End()
    assert canonical_edge(3, 4, "N") == (3, 4, "N") and canonical_edge(3, 4, "W") == (3, 4, "W")


@pytest.mark.parametrize("doc, words", [
    ([], 'm: expected a move object {"do": ...}'),
    ({"do": 3}, "m [do]: expected one of place, room, defeat, open, coin, roll, buy, wand, "
                "shovel, end"),
    ({"do": "jump"}, "m [do]: expected one of place, room"),
    ({"do": "place", "die": 5}, 'm: a place move needs "shape"'),
    ({"do": "end", "die": 5}, "m [die]: unknown key; a end move has do, player"),
    ({"do": "wand", "x": 1, "y": 1, "side": "N", "wall": "add", "tool": "key"},
     "m [tool]: unknown key; a wand move has do, player, pay, side, wall, x, y"),
    ({"do": "buy", "value": 2.5}, "m [value]: expected a whole number, got 2.5"),
    ({"do": "coin", "die": True, "delta": 1}, "m [die]: expected a whole number, got true"),
    ({"do": "wand", "x": 1, "y": 1, "side": "N", "wall": "add", "pay": "die"},
     "m [pay]: expected a whole number, got 'die'"),
    ({"do": "room", "dice": [3], "x": 1, "y": 1}, "m [dice]: expected two die values"),
    ({"do": "room", "dice": [3, True], "x": 1, "y": 1}, "m [dice]: expected two die values"),
    ({"do": "room", "dice": "34", "x": 1, "y": 1}, "m [dice]: expected two die values"),
    ({"do": "place", "die": 5, "shape": 5, "turn": 0, "x": 0, "y": 0},
     "m [shape]: expected a string, got 5"),
    ({"do": "defeat", "target": "ooze", "tool": None}, "m [tool]: expected a string, got null"),
    ({"do": "wand", "x": 1, "y": 1, "side": "N", "wall": "move"},
     "m [wall]: expected one of add, erase, got 'move'"),
    ({"do": "wand", "x": 1, "y": 1, "side": "U", "wall": "add"},
     "m [side]: expected one of N, E, S, W, got 'U'"),
])
def test_malformed_json_moves(doc, words):
    with pytest.raises(InputError) as refused:
        move_from_json(doc, "m")
    assert str(refused.value).startswith(words)


# ---- the rules data, read afresh -----------------------------------------------------------

def test_the_rules_data():
    rules = read_rules(data())
    assert (rules.rounds, rules.slots, rules.faces, rules.dice_rolled, rules.mummy_base) == (
        20, 4, 6, 2, 21)
    assert (rules.coin_adjust, rules.coin_roll, rules.coin_buy) == (1, 2, 3)
    assert (rules.cap_oozes, rules.cap_sarcophagi, rules.cap_golems, rules.cap_mimics) == (
        6, 4, 4, 6)
    assert (rules.cap_keys, rules.cap_coins, rules.item_uses) == (10, 50, 3)
    assert (rules.mummy_rows, rules.marks_per_square, rules.max_alerts) == (6, 3, 18)
    assert rules.monster_die == {"ooze": 1, "skeleton": 2, "zombie": 3, "golem": 4, "mimic": 5,
                                 "mummy": 6}
    # one coin a monster: the assumed rewards as calibrated (seeds/realms.toml, docs/realms-maps.md)
    assert rules.monster_coins == {"ooze": 1, "skeleton": 1, "zombie": 1, "golem": 1,
                                   "mimic": 1, "mummy": 0}
    assert rules.die_monster[5] == "mimic" and rules.multipliers == (1, 1, 2, 2, 3, 3)
    assert rules.colours == ("red", "blue", "green", "yellow")
    assert rules.items == ("wand", "skeleton-key", "hammer", "shovel")
    assert (rules.room, rules.room_dice, rules.column_keys, rules.ncolumns) == ("R9", 2, 1, 2)
    assert rules.rows[5] == ("X5", "V5") and rules.row_grants == (6, 5, 4, 3, 2, 1)
    assert rules.row_masks == (0b11, 0b1100, 0b110000, 0b11000000, 0b1100000000,
                               0b110000000000)
    assert rules.col_masks == (0b010101010101, 0b101010101010)
    assert rules.entrances == 4 and rules.scoring["penalty"] == 3
    assert rules.start["kids"]["keys"] == 1 and RULES.rounds == 20
    assert rules.tools["ooze"] == ("", "hammer") and rules.tools["mimic"] == ("key", "skeleton-key")
    assert all(rules.tools[k] == ("",) for k in ("skeleton", "zombie", "golem", "mummy"))


# ---- invariants on broken sheets -----------------------------------------------------------

BROKEN = [
    (lambda s: setattr(s, "coins_spent", s.coins + 1), "coins spent exceed coins collected"),
    (lambda s: setattr(s, "coins", 51), "coin circles overflow"),
    (lambda s: setattr(s, "keys_used", 1), "keys used exceed keys collected"),
    (lambda s: setattr(s, "alerts", 1), "'!' marks differ from defeats"),
    (lambda s: setattr(s, "hits", [3]), "a hit without an unlocked square"),
    (lambda s: setattr(s, "oozes_def", 1), "more oozes defeated than found"),
    (lambda s: setattr(s, "skel_def", 1), "a skeleton defeated before its ooze"),
    (lambda s: setattr(s, "zombies_def", 1), "zombies/sarcophagi out of order"),
    (lambda s: setattr(s, "golems_def", 1), "a golem defeated without its gem"),
    (lambda s: setattr(s, "mimics_def", 1), "more mimics defeated than found"),
    (lambda s: s.items.update(wand=4), "item uses out of range"),
    (lambda s: s.used.append(False), "round row overflow"),
    (lambda s: setattr(s, "covered", s.covered | s.board.stone), "a tile covers stone"),
    (lambda s: setattr(s, "walls", s.walls | s.frontier), "an opening with a wall"),
    (lambda s: setattr(s, "frontier", s.frontier | (s.fresh & -s.fresh)),
     "an opening off the map"),
    (lambda s: setattr(s, "findings_left", 0), "findings lost"),
]


@pytest.mark.parametrize("breaks, words", BROKEN)
def test_each_broken_invariant_is_named(breaks, words):
    state = crossed(3)
    sheet = state.sheets[0]
    assert sheet_invariants(sheet) == []
    breaks(sheet)
    sheet.version += 1
    assert words in sheet_invariants(sheet)
    assert f"player 1: {words}" in state.check_invariants()


def test_sheets_on_different_rounds_break_the_game():
    state = State(small_map(), SeededDice(2), 2)
    state.sheets[1].round = 3
    assert state.check_invariants() == ["sheets are on different rounds"]


def test_three_players_use_their_round_in_turn_then_the_next_is_rolled():
    dice = ListedDice([(1, 2), (3, 4), (5, 6)] + [(1, 1)] * 17, [[], [], []], 3)
    state = State(load_map("map-1"), dice, 3)
    assert [s.slots for s in state.sheets] == [[1, 2]] * 3
    order = []
    for _ in range(3):
        p = state.current_player()
        order.append(p)
        sheet = state.sheets[p]
        sheet.used = [True] * len(sheet.slots)
        state.apply(End())
    assert order == [0, 1, 2] and state.round == 2
    assert [s.slots for s in state.sheets] == [[3, 4]] * 3
    assert [p for p, _ in state.history] == [0, 1, 2]


# ---- the state's own reports: a fresh game's start, places and achievements -----------------

def test_new_state_deals_the_start_asked_for():
    from generator.core.rng import make_rng
    from generator.games.realms.rules import new_state

    kids = new_state(make_rng(1), players=2, start="kids")
    assert [(s.coins, s.keys) for s in kids.sheets] == [(5, 1), (5, 1)]   # [start.kids]
    plain = new_state(make_rng(1))
    assert [(s.coins, s.keys) for s in plain.sheets] == [(0, 0)]


def test_places_share_a_tie_and_rank_a_lead():
    state = State(load_map("map-1"), ListedDice([(5, 5)] * 20, [[3, 3, 3, 3]] * 2), 2)
    assert state.places() == [1, 1]                  # nothing scored: a tie shares first place
    second = state.sheets[1]
    second.mimics = second.mimics_def = 1             # test set-up: player 2 defeated a mimic
    assert state.lines() == state.lines(0) != state.lines(1)
    assert state.places() == [2, 1]
    assert state.achievements() == state.achievements(0) == []
