"""What Hidden Realms' legal_moves() offers beyond placing tiles, listed exactly: fights (each
monster's die and what it needs), opening sarcophagi, coins (their thresholds and the free
slot), the 3x3 room (every pair of dice), the Shovel and the Wand (paid with the item or with
any die), and the candidate sources of a tile. The expected lists are worked by hand from the
rulebook's rules and the data's dice (ooze 1, skeleton 2, zombie 3, golem 4, mimic 5, Mummy 6;
a coin +1/-1 costs 1, an extra die 2, a chosen die 3)."""

from games.realms.realms_helpers import game, give, place_with

from generator.games.realms.rules.legal import legal_moves, sources, wand_edges
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
)

CROSS = [(9, 0), (8, 1), (9, 1), (10, 1), (9, 2)]
FIGHTS = (Defeat, Open)
COINS = (Coin, Roll, Buy)


def of(moves, kinds) -> list:
    return [m for m in moves if isinstance(m, kinds)]


def crossed(*dice):
    """map-1 after the crossing on the top-right entrance, with ``dice`` in the round row."""
    state = game()
    state.apply(place_with(5, "X5", CROSS, [(9, 0, "N")]))
    give(state, *dice)
    return state


# ---- fights and sarcophagi -----------------------------------------------------------------

def test_each_monster_with_its_die_and_what_it_needs():
    state = crossed(1, 2, 3, 4)
    s = state.sheets[0]
    s.oozes, s.oozes_def = 2, 1          # one ooze left, and the first one's skeleton freed
    s.items = {"hammer": 1, "skeleton-key": 1}
    s.sarc, s.sarc_open = 2, 1           # a zombie freed, a sarcophagus still shut
    s.golems, s.gems = 0b0011, 0b0001    # red and blue golems found, only the red gem
    s.mimics, s.keys = 1, 1              # no 5 in the row: the mimic waits
    assert of(legal_moves(s), FIGHTS) == [
        Defeat("ooze"), Defeat("ooze", "hammer"), Defeat("skeleton"), Defeat("zombie"),
        Defeat("golem-red"), Open("key"), Open("skeleton-key")]


def test_nothing_to_fight_without_the_finding_or_its_condition():
    state = crossed(1, 2, 3, 4, )
    s = state.sheets[0]
    s.oozes = s.oozes_def = 1            # the ooze beaten, its skeleton too
    s.skel_def = 1
    s.sarc = s.sarc_open = s.zombies_def = 1
    s.golems = s.gems = s.golems_def = 0b0001
    s.golems |= 0b0100                   # the green golem, without its gem
    assert of(legal_moves(s), FIGHTS) == []


def test_the_mimic_and_the_mummy():
    state = crossed(5, 6)
    s = state.sheets[0]
    s.mimics, s.mimics_def, s.keys = 2, 1, 1
    s.alerts = 3                         # one square unlocked
    assert of(legal_moves(s), FIGHTS) == [Defeat("mimic", "key"), Defeat("mummy")]
    s.keys_used, s.items = 1, {"skeleton-key": 1}
    s.hits = [1]                         # the unlocked square is used
    assert of(legal_moves(s), FIGHTS) == [Defeat("mimic", "skeleton-key")]
    s.items["skeleton-key"] = 0
    s.alerts = 6
    assert of(legal_moves(s), FIGHTS) == [Defeat("mummy")]


def test_a_fight_needs_its_die_in_the_row():
    state = crossed(2, 3)
    s = state.sheets[0]
    s.oozes, s.mimics, s.keys, s.alerts = 1, 1, 1, 3
    assert of(legal_moves(s), FIGHTS) == []


# ---- coins ---------------------------------------------------------------------------------

def test_one_coin_changes_a_die_two_roll_one_three_buy_one():
    state = crossed(2, 5)
    s = state.sheets[0]
    s.coins = 1
    assert of(legal_moves(s), COINS) == [Coin(2, 1), Coin(2, -1), Coin(5, 1), Coin(5, -1)]
    s.coins = 2
    assert of(legal_moves(s), COINS)[4:] == [Roll()]
    s.coins = 3
    assert of(legal_moves(s), COINS)[4:] == [Roll()] + [Buy(v) for v in range(1, 7)]
    s.coins_spent = 3
    assert of(legal_moves(s), COINS) == []


def test_no_extra_die_in_a_full_row():
    state = crossed(2, 5, 5, 6)
    s = state.sheets[0]
    s.coins = 3
    assert of(legal_moves(s), (Roll, Buy)) == []


# ---- tiles, the 3x3 room, the end of the round ---------------------------------------------

def test_every_die_value_places_its_tiles():
    moves = legal_moves(crossed(1, 2).sheets[0])
    assert {m.die for m in of(moves, Place)} == {1, 2}


def test_the_room_with_every_pair_of_dice():
    assert of(legal_moves(crossed(2).sheets[0]), PlaceRoom) == []
    assert of(legal_moves(crossed(2, 5).sheets[0]), PlaceRoom) == [PlaceRoom((2, 5), 5, 0)]
    assert of(legal_moves(crossed(5, 2, 5).sheets[0]), PlaceRoom) == [
        PlaceRoom((2, 5), 5, 0), PlaceRoom((5, 5), 5, 0)]


def test_the_round_ends_only_with_every_die_used():
    state = crossed(2)
    assert End() not in legal_moves(state.sheets[0])
    give(state)
    assert legal_moves(state.sheets[0]) == [End()]


def test_no_move_is_offered_twice():
    for dice in ((1, 2), (3, 4), (5, 6), (2, 2)):
        moves = legal_moves(crossed(*dice).sheets[0])
        assert len(moves) == len(set(moves))


# ---- the Shovel and the Wand ---------------------------------------------------------------

def test_the_shovel_with_its_item_or_any_die():
    state = crossed(3)
    s = state.sheets[0]
    by_die = of(legal_moves(s), Shovel)
    squares = {(m.x, m.y, m.open) for m in by_die}
    # on each square a remaining opening enters (7, 1 from the east; 11, 1 from the west; 9, 3
    # from the north): that opening alone, or with one more side
    assert squares == {(7, 1, o) for o in ("E", "NE", "ES", "EW")} | {
        (11, 1, o) for o in ("W", "NW", "EW", "SW")} | {(9, 3, o) for o in ("N", "NE", "NS", "NW")}
    assert len(by_die) == 12 and {m.pay for m in by_die} == {3}
    s.items = {"shovel": 1}
    with_item = of(legal_moves(s), Shovel)
    assert len(with_item) == 24 and with_item[:2] == [Shovel(9, 3, "N", 0), Shovel(9, 3, "N", 3)]
    give(state)
    assert {m.pay for m in of(legal_moves(s), Shovel)} == {0}
    s.items = {"shovel": 0}
    assert of(legal_moves(s), Shovel) == []


def test_the_wand_adds_where_the_way_back_stays_and_erases_what_it_may():
    state = crossed(3)
    s = state.sheets[0]
    add, erase = wand_edges(s)
    b = s.board
    # the crossing's three remaining openings; its inner edges and the entrance are the only
    # ways back, so no wall goes there
    assert sorted(b.edge_name(e) for e in add) == [(8, 1, "W"), (9, 3, "N"), (11, 1, "W")]
    # its eight walls, none on the map's edge or beside an opening
    assert sorted(b.edge_name(e) for e in erase) == [
        (8, 1, "N"), (8, 2, "N"), (9, 0, "W"), (9, 2, "W"), (10, 0, "W"), (10, 1, "N"),
        (10, 2, "N"), (10, 2, "W")]
    wands = of(legal_moves(s), Wand)
    assert wands[:3] == [Wand(9, 3, "N", True, 3), Wand(8, 1, "W", True, 3),
                         Wand(11, 1, "W", True, 3)]       # edge order: the N edges first
    assert len(wands) == 11 and {w.pay for w in wands} == {3}
    assert sum(not w.add for w in wands) == 8
    s.items = {"wand": 2}
    assert len(of(legal_moves(s), Wand)) == 22


def test_wand_edges_among_given_walls():
    state = crossed(3)
    s = state.sheets[0]
    b = s.board
    some = (1 << b.edge(9, 2, "W")) | (1 << b.edge(10, 2, "E")) | (1 << b.edge(9, 1, "W"))
    add, erase = wand_edges(s, some)
    assert add == [] and sorted(b.edge_name(e) for e in erase) == [(9, 2, "W")]


# ---- where a tile may go -------------------------------------------------------------------

def test_the_sources_of_a_started_map_are_its_remaining_openings():
    state = crossed(3)
    assert sorted(sources(state.sheets[0])) == [(7, 1, "E"), (9, 3, "N"), (11, 1, "W")]


def test_the_sources_of_a_new_map_are_the_entrances():
    state = game()
    entrances = [(e.x, e.y, e.side) for e in state.map.entrances]
    assert sources(state.sheets[0]) == entrances


def test_the_sources_next_to_the_first_row_and_column():
    # Remaining openings on the edge between rows 0 and 1 and between columns 0 and 1, each
    # seen from both sides: the uncovered square is the one a new tile enters.
    state = crossed()
    s = state.sheets[0]
    b = s.board
    s.covered = (1 << b.cell(4, 0)) | (1 << b.cell(0, 5)) | (1 << b.cell(6, 1)) \
        | (1 << b.cell(1, 7))
    s.frontier = (1 << b.edge(4, 1, "N")) | (1 << b.edge(1, 5, "W")) \
        | (1 << b.edge(6, 1, "N")) | (1 << b.edge(1, 7, "W"))
    s.version += 1
    assert sorted(sources(s)) == [(0, 7, "E"), (1, 5, "W"), (4, 1, "N"), (6, 0, "S")]
