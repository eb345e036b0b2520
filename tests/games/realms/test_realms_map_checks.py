"""Every check of the Hidden Realms map validator on hand-made maps, word for word: the code,
the message and the place of each problem, all of them at once (GAMES.md §1 "A valid map").

The maps start from the 12 x 12 test map (a valid one): entrances (0, 1) W, (8, 0) N, (11, 5) E,
(5, 11) S; stone at (6, 6) and (7, 6); a sarcophagus room at (1, 0) and the red gem's room at
(3, 0), both with doors to the south; the red golem at (2, 1), an ooze at (6, 1), 2 coins at
(3, 5). Squares are (x, y); the sheet's limits are seeds/realms.toml's: sides of 12 to 16, 4
entrances, piles of 1 to 3 coins, 6 oozes, 6 mimics, 4 sarcophagi, 10 key circles of which 2
are the Tile Table's (8 for the map), one of each item, golem and gem, 50 coin circles of which
the map may fill half; names of 1 to 40 characters, descriptions up to 300, in cp1252.
"""

import pytest

from generator.games.realms.model import Entrance, Finding, Map, Room
from generator.games.realms.rules.map import validate_map

ENTRANCES = (Entrance(y=1, x=0, side="W"), Entrance(y=0, x=8, side="N"),
             Entrance(y=5, x=11, side="E"), Entrance(y=11, x=5, side="S"))
ROOMS = (Room(y=0, x=1, door="S", content="sarcophagus"),
         Room(y=0, x=3, door="S", content="gem-red"))
FINDINGS = (Finding(y=1, x=2, kind="golem-red"), Finding(y=1, x=6, kind="ooze"),
            Finding(y=5, x=3, kind="coins", amount=2))
STONE = ((6, 6), (7, 6))
# Stone closing each entrance but the first on its own square (for the first-tile checks).
SEALED = ((7, 0), (9, 0), (8, 1), (10, 5), (11, 4), (11, 6), (4, 11), (6, 11), (5, 10))


def make(size=(12, 12), entrances=ENTRANCES, stone=STONE, rooms=ROOMS, findings=FINDINGS,
         name="Test map", difficulty="advanced", description="for tests") -> Map:
    return Map.build(size, list(entrances), list(stone), list(rooms), list(findings), name,
                     difficulty, description)


def problems(m: Map, places=None) -> list[tuple[str, str, str]]:
    return [tuple(v) for v in validate_map(m, places).violations]


def test_the_test_map_is_valid():
    report = validate_map(make())
    assert report.ok and report.text() == "Test map: valid"


def test_a_map_without_a_name_is_reported_under_a_generic_subject():
    assert validate_map(make(name="")).text().startswith("realms map: ")


# ---- name, description, difficulty, size -------------------------------------------------------

def test_text_and_difficulty():
    m = make(name="", difficulty="medium", description="one\ttab ☃ and\nbreak" + "x" * 290)
    assert problems(m) == [
        ("difficulty", "difficulty 'medium'; choose one of basic, advanced, easy, standard, hard, "
         "borderline, unrated", "difficulty"),
        ("name-length", "the name has 0 characters; write 1 to 40", "name"),
        ("description-length", "the description has 309 characters; write 0 to 300",
         "description"),
        ("description-characters", "the description has characters the sheet cannot print "
         "('\\t', '\\n', '☃'); use letters, digits and punctuation on one line", "description"),
    ]


def test_a_name_too_long_with_a_character_the_sheet_cannot_print():
    assert problems(make(name="N" * 41 + "☃", description="")) == [
        ("name-length", "the name has 42 characters; write 1 to 40", "name"),
        ("name-characters", "the name has characters the sheet cannot print ('☃'); use "
         "letters, digits and punctuation on one line", "name"),
    ]


@pytest.mark.parametrize("name, description", [("N", ""), ("N" * 40, "d" * 300),
                                               ("Tombeau é", "œuvre — «x»")])
def test_text_at_its_limits_is_accepted(name, description):
    assert problems(make(name=name, description=description)) == []


@pytest.mark.parametrize("size", [(12, 16), (16, 12)])
def test_sides_of_12_to_16(size):
    w, h = size
    entrances = (Entrance(y=1, x=0, side="W"), Entrance(y=0, x=8, side="N"),
                 Entrance(y=5, x=w - 1, side="E"), Entrance(y=h - 1, x=5, side="S"))
    assert problems(make(size=size, entrances=entrances)) == []


def test_a_size_out_of_range_moves_the_border():
    off = "is not on the outer wall; its square must touch the border on that side"
    assert problems(make(size=(11, 17))) == [
        ("size-range", "the map is 11 x 17; each side must be 12 to 16 squares", "size"),
        ("entrance-off-border", f"entrance at (11, 5) side 'E' {off}", "entrance (11, 5) E"),
        ("entrance-off-border", f"entrance at (5, 11) side 'S' {off}", "entrance (5, 11) S"),
    ]


def test_places_from_the_map_file_are_used_when_known():
    places = {"size": "m.toml:1", ("entrance", 11, 5, "E"): "m.toml:2:9",
              ("cell", 12, 3): "m.toml:5:13"}
    got = problems(make(size=(11, 17)), places)
    assert [w for _, _, w in got] == ["m.toml:1", "m.toml:2:9", "entrance (5, 11) S"]
    got = problems(make(stone=STONE + ((12, 3),)), places)
    assert got == [("out-of-grid", "stone outside the map", "m.toml:5:13")]


# ---- squares -------------------------------------------------------------------------------------

def test_every_square_problem_at_once():
    m = make(stone=STONE + ((12, 3), (3, 0)),
             rooms=ROOMS + (Room(y=0, x=3, door="S", content="sarcophagus"),
                            Room(y=0, x=5, door="S", content="dragon"),
                            Room(y=2, x=12, door="W", content="sarcophagus")),
             findings=FINDINGS + (
                 Finding(y=13, x=1, kind="key"), Finding(y=6, x=6, kind="mimic"),
                 Finding(y=0, x=1, kind="key"), Finding(y=8, x=8, kind="M"),
                 Finding(y=8, x=9, kind="gem-blue"), Finding(y=9, x=1, kind="coins", amount=0),
                 Finding(y=9, x=3, kind="coins", amount=4), Finding(y=10, x=1, kind="wand"),
                 Finding(y=10, x=1, kind="hammer")))
    on_stone = "lies on stone; findings lie on free squares (rooms hold their own content)"
    assert problems(m) == [
        ("out-of-grid", "stone outside the map", "square (12, 3)"),
        ("overlap", "a square cannot be plain stone and a room", "square (3, 0)"),
        ("overlap", "a square cannot be plain stone and a room", "square (3, 0)"),
        ("room-content", "a room cannot hold 'dragon'; rooms hold gem-blue, gem-green, gem-red, "
         "gem-yellow, sarcophagus", "square (5, 0)"),
        ("out-of-grid", "room outside the map", "square (12, 2)"),
        ("two-findings", "2 rooms on one square", "square (3, 0)"),
        ("finding-on-stone", f"key {on_stone}", "square (1, 0)"),
        ("finding-on-stone", f"mimic {on_stone}", "square (6, 6)"),
        ("finding-kind", "unknown finding 'M'", "square (8, 8)"),
        ("finding-kind", "unknown finding 'gem-blue' (that is a room content)", "square (9, 8)"),
        ("coin-amount", "a coin pile holds 1 to 3 coins, not 0", "square (1, 9)"),
        ("coin-amount", "a coin pile holds 1 to 3 coins, not 4", "square (3, 9)"),
        ("out-of-grid", "key outside the map", "square (1, 13)"),
        ("two-findings", "2 findings on one square; one per square", "square (1, 10)"),
    ]


@pytest.mark.parametrize("x, y", [(0, 0), (11, 0), (0, 11), (11, 11)])
def test_the_corners_are_inside(x, y):
    stone = STONE + ((x, y),)
    assert problems(make(stone=stone)) == []


@pytest.mark.parametrize("amount", [1, 3])
def test_piles_of_one_to_three_coins(amount):
    assert problems(make(findings=FINDINGS[:2] + (Finding(y=5, x=3, kind="coins",
                                                          amount=amount),))) == []


# ---- entrances and doors -------------------------------------------------------------------------

def test_every_entrance_problem_at_once():
    m = make(entrances=(Entrance(y=1, x=0, side="W"), Entrance(y=1, x=0, side="W"),
                        Entrance(y=5, x=10, side="E"), Entrance(y=6, x=6, side="N"),
                        Entrance(y=0, x=1, side="N")))
    off = "is not on the outer wall; its square must touch the border on that side"
    assert problems(m) == [
        ("entrance-count", "the map has 5 entrance(s); it needs exactly 4", "entrances"),
        ("entrance-blocked", "the entrance leads into stone; it must open onto a free square",
         "entrance (1, 0) N"),
        ("entrance-off-border", f"entrance at (10, 5) side 'E' {off}", "entrance (10, 5) E"),
        ("entrance-off-border", f"entrance at (6, 6) side 'N' {off}", "entrance (6, 6) N"),
        ("entrance-duplicate", "the same entrance is listed 2 times", "entrance (0, 1) W"),
    ]


@pytest.mark.parametrize("entrance", [Entrance(y=0, x=0, side="W"), Entrance(y=0, x=0, side="N"),
                                      Entrance(y=11, x=11, side="E"),
                                      Entrance(y=11, x=11, side="S")])
def test_a_corner_square_opens_on_either_of_its_walls(entrance):
    assert problems(make(entrances=ENTRANCES[1:] + (entrance,))) == []


@pytest.mark.parametrize("entrance", [Entrance(y=0, x=0, side="E"), Entrance(y=0, x=0, side="S"),
                                      Entrance(y=11, x=11, side="W"),
                                      Entrance(y=11, x=11, side="N"),
                                      Entrance(y=0, x=4, side="up")])
def test_an_entrance_must_face_out(entrance):
    got = problems(make(entrances=ENTRANCES[1:] + (entrance,)))
    assert got == [("entrance-off-border", f"entrance at ({entrance.x}, {entrance.y}) side "
                    f"{entrance.side!r} is not on the outer wall; its square must touch the "
                    "border on that side", f"entrance ({entrance.x}, {entrance.y}) "
                    f"{entrance.side}")]


def test_room_doors():
    m = make(rooms=ROOMS + (Room(y=0, x=9, door="N", content="sarcophagus"),
                            Room(y=5, x=6, door="S", content="sarcophagus"),
                            Room(y=8, x=4, door="", content="sarcophagus")))
    assert problems(m) == [
        ("room-door-blocked", "the door (N) faces the map edge; a door must face a free square",
         "square (9, 0)"),
        ("room-door-blocked", "the door (S) faces stone; a door must face a free square",
         "square (6, 5)"),
        ("room-door-missing", "the room has no door; end its token with the door side "
         "(^ > v <)", "square (4, 8)"),
    ]


@pytest.mark.parametrize("door, x, y", [("E", 10, 8), ("W", 1, 8), ("N", 4, 1), ("S", 4, 10)])
def test_a_door_may_face_any_free_square(door, x, y):
    assert problems(make(rooms=ROOMS + (Room(y=y, x=x, door=door, content="sarcophagus"),))) == []


@pytest.mark.parametrize("door, x, y", [("E", 11, 8), ("W", 0, 8), ("N", 4, 0), ("S", 4, 11)])
def test_a_door_facing_each_edge(door, x, y):
    assert problems(make(rooms=ROOMS + (Room(y=y, x=x, door=door, content="sarcophagus"),))) == [
        ("room-door-blocked", f"the door ({door}) faces the map edge; a door must face a free "
         "square", f"square ({x}, {y})")]


def test_a_door_facing_another_room():
    rooms = ROOMS + (Room(y=1, x=3, door="N", content="sarcophagus"),)
    assert ("room-door-blocked", "the door (N) faces stone; a door must face a free square",
            "square (3, 1)") in problems(make(rooms=rooms))


# ---- counts and pairs ---------------------------------------------------------------------------

def test_more_than_the_sheet_holds():
    m = make(rooms=tuple(Room(y=0, x=1 + 2 * i, door="S", content="sarcophagus")
                         for i in range(5)) + (Room(y=11, x=1, door="N", content="gem-red"),
                                               Room(y=11, x=3, door="N", content="gem-red")),
             findings=tuple(Finding(y=2, x=i, kind="ooze") for i in range(7))
             + tuple(Finding(y=3, x=i, kind="mimic") for i in range(7))
             + tuple(Finding(y=4, x=i, kind="key") for i in range(9))
             + tuple(Finding(y=8, x=i, kind="coins", amount=3) for i in range(9))
             + (Finding(y=9, x=1, kind="wand"), Finding(y=9, x=2, kind="wand"),
                Finding(y=9, x=4, kind="golem-red"), Finding(y=9, x=5, kind="golem-red")))
    assert problems(m) == [
        ("too-many", "7 x ooze; the sheet has room for 6", "ooze"),
        ("too-many", "7 x mimic; the sheet has room for 6", "mimic"),
        ("too-many", "5 x sarcophagus; the sheet has room for 4", "sarcophagus"),
        ("too-many", "9 x key; the sheet has room for 8", "key"),
        ("too-many", "2 x wand; the sheet has room for 1", "wand"),
        ("too-many", "2 x golem-red; the sheet has room for 1", "golem-red"),
        ("too-many", "2 x gem-red; the sheet has room for 1", "gem-red"),
        ("coin-track", "27 coins lie on the map; at most 25 (of the 50 coin circles), so that "
         "monster rewards still count", "coins"),
    ]


def test_exactly_what_the_sheet_holds_is_accepted():
    m = make(rooms=tuple(Room(y=0, x=1 + 2 * i, door="S", content="sarcophagus")
                         for i in range(4)) + (Room(y=11, x=1, door="N", content="gem-red"),),
             findings=tuple(Finding(y=2, x=i, kind="ooze") for i in range(6))
             + tuple(Finding(y=3, x=i, kind="mimic") for i in range(6))
             + tuple(Finding(y=4, x=i, kind="key") for i in range(8))
             + tuple(Finding(y=8, x=i, kind="coins", amount=3) for i in range(8))
             + (Finding(y=9, x=1, kind="coins", amount=1), Finding(y=9, x=2, kind="wand"),
                Finding(y=9, x=4, kind="golem-red")))
    assert problems(m) == []                                  # 25 coins: half the track


def test_more_coins_than_the_sheet_has_circles():
    coins = tuple(Finding(y=8, x=i, kind="coins", amount=3) for i in range(12)) + tuple(
        Finding(y=9, x=i, kind="coins", amount=3) for i in range(5))
    assert problems(make(findings=FINDINGS[:2] + coins)) == [
        ("too-many", "51 x coins; the sheet has room for 50", "coins")]


def test_golems_and_gems_come_in_pairs():
    m = make(rooms=(ROOMS[0], Room(y=0, x=3, door="S", content="gem-blue")))
    assert problems(m) == [
        ("golem-without-gem", "the red golem has no red gem in a room; it could never be "
         "defeated", "square (2, 1)"),
        ("gem-without-golem", "the blue gem has no blue golem", "square (3, 0)"),
    ]


# ---- reach and the first tile --------------------------------------------------------------------

def test_a_walled_off_corner_is_unreachable():
    m = make(stone=((9, 9), (10, 9), (11, 9), (9, 10), (9, 11)))
    assert problems(m) == [
        ("unreachable", "4 free square(s) starting at (10, 10) cannot be reached from the "
         "entrances; open a way through the stone", "square (10, 10)")]


def test_a_pocket_of_four_squares_takes_the_shapes_of_rows_1_and_2_only():
    # Only the W entrance opens, onto the 2 x 2 pocket (0, 1)-(1, 2): the I2, L3 and O4 fit in
    # it, the row 3 to 6 shapes (4 squares in a line or a bend, 5 squares) do not.
    pocket = ((0, 0), (1, 0), (2, 1), (2, 2), (0, 3), (1, 3))
    m = make(stone=pocket + SEALED, rooms=(), findings=())
    cut = "cannot be reached from the entrances; open a way through the stone"
    none = "fits at any entrance; free the squares inside an entrance"
    assert problems(m) == [
        ("unreachable", f"122 free square(s) starting at (2, 0) {cut}", "square (2, 0)"),
        ("unreachable", f"1 free square(s) starting at (8, 0) {cut}", "square (8, 0)"),
        ("unreachable", f"1 free square(s) starting at (11, 5) {cut}", "square (11, 5)"),
        ("unreachable", f"1 free square(s) starting at (5, 11) {cut}", "square (5, 11)"),
        ("no-first-tile", f"no shape of the 3 row (T4, S4) {none}", "entrances"),
        ("no-first-tile", f"no shape of the 4 row (L4, I4) {none}", "entrances"),
        ("no-first-tile", f"no shape of the 5 row (X5, V5) {none}", "entrances"),
        ("no-first-tile", f"no shape of the 6 row (T5, U5) {none}", "entrances"),
    ]


def test_a_map_of_single_squares_at_the_entrances_has_no_first_tile():
    m = make(stone=((1, 1), (0, 0), (0, 2)) + SEALED)
    rows = [c for c, _, _ in problems(m) if c == "no-first-tile"]
    assert len(rows) == 6


def test_at_most_five_bad_characters_are_shown():
    got = problems(make(name="a\x01\x02\x03\x04\x05\x06"))
    assert got == [("name-characters", "the name has characters the sheet cannot print "
                    "('\\x01', '\\x02', '\\x03', '\\x04', '\\x05'); use letters, digits and "
                    "punctuation on one line", "name")]


def test_fifty_coins_fill_the_track_but_fit_the_sheet():
    coins = tuple(Finding(y=8, x=i, kind="coins", amount=3) for i in range(12)) + (
        Finding(y=9, x=0, kind="coins", amount=3), Finding(y=9, x=1, kind="coins", amount=3),
        Finding(y=9, x=2, kind="coins", amount=3), Finding(y=9, x=3, kind="coins", amount=3),
        Finding(y=9, x=4, kind="coins", amount=2))
    assert problems(make(findings=FINDINGS[:2] + coins)) == [
        ("coin-track", "50 coins lie on the map; at most 25 (of the 50 coin circles), so that "
         "monster rewards still count", "coins")]
