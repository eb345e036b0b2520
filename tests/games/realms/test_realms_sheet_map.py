"""The sheet follows its map and its players: the Monster Log and magic items drawn from what
the map holds, the easy and kids starts circled, one map per player for the beginner handicap,
doors marked, entrances told apart, the Mummy's squares apart, par said in words."""

import json
from itertools import combinations

import pytest
from games.realms.test_realms_sheet import in_area, page_for, texts, uses

from generator.cli import main
from generator.core.errors import InputError, RuleError
from generator.core.rng import make_rng
from generator.draw.checks import named_groups
from generator.draw.paper import make_sheet
from generator.draw.scene import Circle, Line, Polygon, Rect
from generator.games.realms.mapfile import load_map
from generator.games.realms.pictograms import symbols
from generator.games.realms.products import detail, generate_sheet, render_sheet, validate_sheet
from generator.games.realms.rating import Rating
from generator.games.realms.render import Header, sheet_page
from generator.games.realms.render.tables import mini_wall, scoring_lines


def test_monster_log_shows_map2_contents_not_capacity():
    # map-2: 5 oozes, 3 sarcophagi, golems red, blue and green, 5 mimics
    _, page = page_for(load_map("map-2"))
    counts = {k: uses(page, "area-D", f"rlm-{k}")
              for k in ("ooze", "skeleton", "sarcophagus", "zombie", "mimic")}
    assert counts == {"ooze": 5, "skeleton": 5, "sarcophagus": 3, "zombie": 3, "mimic": 5}
    golems = {c: uses(page, "area-D", f"rlm-golem-{c}") for c in ("red", "blue", "green",
                                                                  "yellow")}
    gems = {c: uses(page, "area-D", f"rlm-gem-{c}") for c in golems}
    assert golems == gems == {"red": 1, "blue": 1, "green": 1, "yellow": 0}


def test_backpack_shows_only_the_magic_items_of_the_map():
    m = load_map("map-1")
    fewer = type(m).build(m.size, m.entrances, m.stone, m.rooms,
                          [f for f in m.findings if f.kind != "hammer"], m.name, m.difficulty,
                          m.description)
    _, page = page_for(fewer)
    assert uses(page, "area-E", "rlm-hammer") == 0 and uses(page, "area-E", "rlm-wand") == 1
    assert "Hammer of Shattering" not in texts(page, "area-E")


def rings(page):
    return [i for i, _, names in in_area(page, "area-E") if isinstance(i, Circle)
            and i.style.fill is None and not any(n.startswith("symbol:") for n in names)]


@pytest.mark.parametrize("start, coins, keys", [("normal", 0, 0), ("easy", 3, 0),
                                                ("kids", 5, 1)])
def test_start_circles_coins_and_key(start, coins, keys):
    sheet = make_sheet("a4")
    m = load_map("map-1")
    page = sheet_page(sheet, m, Header(m.name, "x"), start)
    found = rings(page)
    assert len(found) == coins + keys
    # keys come first in the Backpack, then coins: the rings sit on the first icons of each
    ys = sorted({round(r.cy, 1) for r in found})
    assert len(ys) == (coins > 0) + (keys > 0)
    if coins:
        assert any(f"{coins} circled" in t for t in texts(page, "area-E"))


def test_start_option_on_the_command_line(runner, tmp_path):
    result = runner.invoke(main, ["realms", "sheet", "--start", "kids", "--seed", "1",
                                  "--format", "json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "realms-sheet-1-start-kids.json").read_text())
    assert doc["start"] == "kids" and doc["options"]["start"] == "kids"
    bad = runner.invoke(main, ["realms", "sheet", "--start", "lazy", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    with pytest.raises(InputError, match="--start lazy"):
        generate_sheet(make_rng(1), start="lazy")


def test_handicap_gives_player_one_map3_and_player_two_map1():
    item = generate_sheet(make_rng(1), "map-3,map-1", players=2)
    assert validate_sheet(item).ok
    pages = render_sheet(item, make_sheet("a4"), None)
    heads = [texts(p, "title") for p in pages]
    assert "The Long Gallery" in heads[0] and "Player 1 of 2:  name" in heads[0]
    assert "Map 1" in heads[1] and "Player 2 of 2:  name" in heads[1]
    # each page's map: map-3 has 8 rooms, map-1 8 rooms but a 12 x 12 grid of other stone
    assert uses(pages[0], "area-B", "rlm-stone") == len(load_map("map-3").stone)
    assert uses(pages[1], "area-B", "rlm-stone") == len(load_map("map-1").stone)


def test_handicap_sheet_json_and_errors(runner, tmp_path):
    result = runner.invoke(main, ["realms", "sheet", "--players", "2", "--map", "map-3,map-1",
                                  "--seed", "4", "--format", "json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "realms-sheet-4-map-map-3_map-1-players-2.json").read_text())
    assert [s["source"] for s in doc["maps"]] == ["map-3", "map-1"]
    assert doc["map"]["name"] == "The Long Gallery" and doc["maps"][1]["map"]["name"] == "Map 1"
    assert runner.invoke(main, ["validate", str(tmp_path / "realms-sheet-4-map-map-3_map-1-players-2"
                                                ".json")]).exit_code == 0
    cases = [(("--players", "3", "--map", "map-3,map-1"), 2, "2 maps for 3 player"),
             (("--players", "2", "--map", "map-3,map-2"), 1, "beginner handicap"),
             (("--players", "2", "--map", "random,map-1"), 2, "not random")]
    for args, code, words in cases:
        bad = runner.invoke(main, ["realms", "sheet", *args, "--out", str(tmp_path / "x")])
        assert bad.exit_code == code and words in bad.output, (args, bad.output)
    with pytest.raises(RuleError):
        generate_sheet(make_rng(1), "map-2,map-4", players=2)


def test_every_room_has_a_door_mark():
    for name in ("map-1", "map-4"):
        m = load_map(name)
        _, page = page_for(m)
        groups = named_groups(page)
        for r in m.rooms:
            group = f"door-{r.x}-{r.y}"
            assert group in groups, group
            drawn = [i for i, _, _ in in_area(page, group)]
            assert sum(isinstance(i, Line) for i in drawn) == 2         # the door frame
            assert sum(isinstance(i, Polygon) for i in drawn) == 1      # the notch


def test_connected_and_open_entrances_have_their_own_icons():
    sheet = make_sheet("a4")
    icons = {code: pics for code, pics, _, _ in scoring_lines()}
    connected, open_ = icons["entrances"], icons["open-entrances"]
    assert connected != open_
    assert repr(mini_wall(sheet, connected[0], 0, 0)) != repr(mini_wall(sheet, open_[0], 0, 0))
    assert repr(mini_wall(sheet, open_[0], 0, 0)) != repr(mini_wall(sheet, "opening", 0, 0))


def test_mummy_squares_stand_apart():
    sheet, page = page_for(load_map("map-1"))
    boxes = [b for i, b, _ in in_area(page, "area-D") if isinstance(i, Rect)
             and i.style.stroke and i.style.width >= 0.5]
    assert len(boxes) == 6
    for p, q in combinations(boxes, 2):
        gap = max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3])
        assert gap >= 1.2, (p, q)         # with their strokes: 1.2 mm of paper at least
    marks = [b for i, b, _ in in_area(page, "area-D") if isinstance(i, Rect)
             and i.style.stroke and i.style.width < 0.5]
    assert len(marks) == 18
    for p, q in combinations(marks, 2):
        assert max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3]) >= 0.4


def test_room_price_is_drawn_as_dice_not_boxes():
    sheet = make_sheet("a4")
    any_die = next(s for s in symbols(sheet) if s.name == "rlm-die-any")
    paper = sheet.theme("paper")
    ink_marks = [i for i in any_die.items if getattr(i, "style", None) is not None
                 and i.style.fill not in (paper, None)]
    assert len(ink_marks) > 2                        # the die's frame and a question mark
    _, page = page_for(load_map("map-1"))
    assert "+" in texts(page, "area-C")


def test_par_in_words_from_the_rating():
    m = load_map("map-2")
    r = Rating("easy", 123.4, (118.0, 129.0), 80.0, 150.0, 120.0, 200, 1, "quick")
    assert detail(m, r) == ("14 × 14 · advanced map · rated easy: a strong player's median "
                            "here is 123")
    assert "par" not in detail(m, r)
