"""The last rules: the Wand next to any existing opening, the Shovel only extending a map, the
beginner handicap (one map per player), and each with a legal and an illegal case."""

import pytest
from games.realms.realms_helpers import edge, game, give, place_with, small_map

from generator.core.errors import RuleError
from generator.core.play import play
from generator.core.rng import make_rng
from generator.games.realms.bots import GreedyBot
from generator.games.realms.mapfile import load_map
from generator.games.realms.records import replay
from generator.games.realms.rules import ListedDice, SeededDice, State
from generator.games.realms.rules.legal import legal_moves, wand_edges
from generator.games.realms.rules.moves import Shovel, Wand

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]


def crossed_and_hall():
    """map-1: the crossing at the top-right entrance, a hall (6, 1)-(7, 1) joined to its west
    opening, and the wall (7, 1) N erased by the wand: an opening facing (7, 0)."""
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    give(state, 1, 4, 4)
    state.apply(place_with(1, "I2", [(6, 1), (7, 1)], [(7, 1, "E")]))
    state.apply(Wand(7, 1, "N", False, 4))
    return state


def test_wand_may_not_erase_next_to_a_connected_opening():
    state = crossed_and_hall()
    s = state.sheets[0]
    state.apply(Shovel(7, 0, "S", 4))                 # a square joins the opening: connected
    assert not s.frontier & edge(state, 7, 1, "N")    # no remaining opening there any more
    s.items["wand"] = 3
    for x in (6, 8):                                  # the walls beside it on its line
        with pytest.raises(RuleError) as refused:
            state.apply(Wand(x, 1, "N", False, 0))
        assert str(refused.value) == ("the wand cannot erase a wall next to an existing "
                                      "opening (connected or not)")
    erasable = wand_edges(s)[1]
    assert state.board.edge(6, 1, "N") not in erasable
    state.apply(Wand(6, 2, "N", False, 0))            # the hall's south wall: nothing beside it
    assert s.frontier & edge(state, 6, 2, "N")


def test_wand_may_not_erase_next_to_a_connected_room_door():
    state = State(small_map(), ListedDice([(4, 4)] * 20))
    s = state.sheets[0]
    # the gallery's north opening at (1, 1) joins the sarcophagus room's door
    state.apply(place_with(4, "I4", [(0, 1), (1, 1), (2, 1), (3, 1)],
                           [(0, 1, "W"), (1, 1, "N")]))
    door = edge(state, 1, 1, "N")
    assert s.sarc == 1 and s.openings & door and not s.frontier & door
    with pytest.raises(RuleError, match="next to an existing opening"):
        state.apply(Wand(2, 1, "N", False, 4))        # beside the door, on its line
    state.apply(Wand(2, 2, "N", False, 4))            # the south wall: legal
    assert s.frontier & edge(state, 2, 2, "N")


def test_shovel_never_starts_a_map():
    state = game(first=(3, 4))
    s = state.sheets[0]
    assert not any(isinstance(m, Shovel) for m in legal_moves(s))
    with pytest.raises(RuleError, match="cannot start one"):
        state.apply(Shovel(9, 0, "NS", 3))            # on the top-right entrance
    assert not s.started and s.unused() == [3, 4]


def test_shovel_extends_a_started_map():
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    give(state, 3)
    shovels = [m for m in legal_moves(state.sheets[0]) if isinstance(m, Shovel)]
    assert Shovel(11, 1, "W", 3) in shovels
    state.apply(Shovel(11, 1, "W", 3))
    assert state.sheets[0].covered >> state.board.cell(11, 1) & 1


# the beginner handicap ----------------------------------------------------------------------
def test_handicap_gives_each_player_their_map():
    advanced, basic = load_map("map-3"), load_map("map-1")
    state = State([advanced, basic], SeededDice(4, 2), players=2)
    assert [s.board.map for s in state.sheets] == [advanced, basic]
    assert state.sheets[0].slots == state.sheets[1].slots          # the dice are shared
    result = play(state, [GreedyBot(), GreedyBot()], make_rng(4), check=True)
    assert state.is_over() and not result.capped and len(state.scores()) == 2


@pytest.mark.parametrize("names", [("map-3", "map-2"), ("map-4", "map-3"),
                                   ("map-1", "map-3", "map-2")])
def test_different_maps_only_as_the_handicap(names):
    maps = [load_map(n) for n in names]
    with pytest.raises(RuleError, match="beginner handicap"):
        State(maps, SeededDice(1, len(maps)), players=len(maps))


def test_one_map_per_player_or_one_for_all():
    with pytest.raises(RuleError, match="2 maps for 3 players"):
        State([load_map("map-3"), load_map("map-1")], SeededDice(1, 3), players=3)
    state = State([load_map("map-4"), load_map("map-4"), load_map("map-1")], SeededDice(1, 3), 3)
    assert state.sheets[2].board.map.name == "Map 1"


def test_a_record_replays_the_handicap():
    doc = {"format": "tombgen/realms.record", "version": 1, "seed": None, "generator": "t",
           "map": ["map-3", "map-1"], "players": 2, "start": "normal",
           "dice": {"rolls": [[5, 5]] + [[1, 2]] * 19},
           "moves": [{"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8, "y": 0,
                      "player": 2}]}
    result = replay(doc, "r.json")
    assert result.error and "player 1's turn" in result.error        # player 1 plays first
    doc["moves"] = [{"do": "place", "die": 5, "shape": "X5", "turn": 0, "x": 8, "y": 0}]
    result = replay(doc, "r.json")
    # (8, 0) on map-3 is not at an entrance: the first tile is refused on player 1's map
    assert result.error and "rule 2" in result.error
