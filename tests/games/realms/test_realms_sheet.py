"""The game sheet, checked through its scene: every area is there with the right contents, the
areas never overlap, and the print rules hold for every map size on both papers."""

from itertools import pairwise

import pytest

from generator.core.rng import make_rng
from generator.draw.checks import named_groups, print_problems
from generator.draw.paper import make_sheet
from generator.draw.scene import Line, Rect, Text, Use, page_bounds, walk
from generator.games.realms.generate import generate_map
from generator.games.realms.mapfile import builtin_maps, load_map
from generator.games.realms.model import data
from generator.games.realms.pictograms import symbols
from generator.games.realms.products import SheetItem, render_sheet
from generator.games.realms.render import Header, plan, sheet_page
from generator.games.realms.render.map import STONE_SYMBOL

AREAS = {"title", "area-A", "area-B", "area-C", "area-D", "area-E", "area-F"}
PAPERS = (("a4", False), ("letter", True))


def page_for(m, paper="a4", mono=False, player=0, players=1):
    sheet = make_sheet(paper, mono)
    return sheet, sheet_page(sheet, m, Header(m.name, "test", player, players))


def in_area(page, area):
    """(primitive, page bounds) of every leaf drawn inside a named group."""
    return [(item, page_bounds(item, m), names) for item, m, names in walk(page) if area in names]


def uses(page, area, name):
    """How many times the symbol ``name`` is placed in an area."""
    found = 0
    for item in _items_of(page, area):
        if isinstance(item, Use) and item.name == name:
            found += 1
    return found


def _items_of(page, area):
    def rec(items, inside):
        for item in items:
            here = inside or getattr(item, "name", None) == area
            if hasattr(item, "items") and not isinstance(item, Use):
                yield from rec(item.items, here)
            elif here:
                yield item
    yield from rec(page.items, False)


def texts(page, area):
    return [item.text for item, _, _ in in_area(page, area) if isinstance(item, Text)]


@pytest.mark.parametrize("name", builtin_maps())
@pytest.mark.parametrize("paper, mono", PAPERS)
def test_every_area_is_drawn(name, paper, mono):
    sheet, page = page_for(load_map(name), paper, mono)
    assert AREAS <= named_groups(page)
    assert print_problems(page, sheet) == []


def test_no_two_areas_overlap():
    for name in builtin_maps():
        for paper, mono in PAPERS:
            _, page = page_for(load_map(name), paper, mono)
            boxes = {}
            for area in AREAS:
                bounds = [b for _, b, _ in in_area(page, area)]
                boxes[area] = (min(b[0] for b in bounds), min(b[1] for b in bounds),
                               max(b[2] for b in bounds), max(b[3] for b in bounds))
            for a in AREAS:
                for b in AREAS:
                    if a < b:
                        p, q = boxes[a], boxes[b]
                        apart = p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1]
                        assert apart, f"{name} {paper}: {a} {p} overlaps {b} {q}"


def test_rounds_table_has_twenty_rows_of_four_slots():
    _, page = page_for(load_map("map-1"))
    words = texts(page, "area-A")
    rounds = data()["game"]["rounds"]
    for r in range(1, rounds + 1):
        assert str(r) in words
    # the 21 - round reminder: round 1 is worth 20, round 20 is worth 1
    assert words.count("20") == 2 and words.count("1") == 2
    lines = [i for i, _, _ in in_area(page, "area-A") if isinstance(i, Line)]
    vertical = {round(i.x1, 2) for i in lines if i.x1 == i.x2}
    horizontal = {round(i.y1, 2) for i in lines if i.y1 == i.y2}
    assert len(vertical) == data()["game"]["slots"] + 1 and len(horizontal) == rounds + 1


def test_map_area_shows_every_square_and_finding():
    m = load_map("map-1")
    _, page = page_for(m)
    assert uses(page, "area-B", STONE_SYMBOL) == len(m.stone)
    grid_kinds = [f.kind for f in m.findings if f.kind != "coins"]
    for kind in set(grid_kinds):
        assert uses(page, "area-B", f"rlm-{kind}") == grid_kinds.count(kind), kind
    coins = [f for f in m.findings if f.kind == "coins"]
    assert uses(page, "area-B", "rlm-coin") == len(coins)
    assert sorted(t for t in texts(page, "area-B") if t.isdigit()) == \
        sorted(str(f.amount) for f in coins)
    for content in {r.content for r in m.rooms}:
        assert uses(page, "area-B", f"rlm-{content}") == \
            sum(r.content == content for r in m.rooms)
    # rooms: three heavy black walls each (the door side is left open)
    heavy = [i for i, _, _ in in_area(page, "area-B")
             if isinstance(i, Line) and i.style.width >= 0.9 and i.style.cap == "square"]
    assert len(heavy) >= 3 * len(m.rooms)


def test_map_squares_are_seven_mm_or_more_for_every_size():
    for w in range(12, 17):
        for h in range(12, 17):
            m, _ = generate_map(make_rng(w * 31 + h), (w, h))
            for paper, mono in PAPERS:
                sheet = make_sheet(paper, mono)
                cell = plan(sheet, m).cell
                assert 7.0 <= cell <= 9.0, (w, h, paper, cell)
                page = sheet_page(sheet, m, Header(m.name, "x"))
                assert print_problems(page, sheet) == [], (w, h, paper)
                grid = sorted({round(i.x1, 3) for i, _, _ in in_area(page, "area-B")
                               if isinstance(i, Line) and i.x1 == i.x2
                               and i.style.stroke == sheet.theme("faint")})
                steps = {round(b - a, 2) for a, b in pairwise(grid)}
                assert steps == {round(cell, 2)}, (w, h, paper, steps)


def test_write_in_boxes_are_at_least_five_mm():
    for name in ("map-1", "map-4"):
        for paper, mono in PAPERS:
            sheet, page = page_for(load_map(name), paper, mono)
            boxes = [i for i, _, names in walk_with(page) if isinstance(i, Rect) and i.style.stroke
                     and i.style.fill == sheet.theme("paper")]
            assert len(boxes) > 40
            assert min(min(b.w, b.h) for b in boxes) >= 5.0 - 1e-9


def walk_with(page):
    return [(i, m, n) for i, m, n in walk(page)]


def test_tile_table_counts():
    _, page = page_for(load_map("map-1"))
    rows = data()["table"]["rows"]
    for row in rows:
        # the row's die on the left, and the die a full row grants on the right
        assert uses(page, "area-C", f"rlm-die-{row['die']}") >= 1
    granted = [row["grants"] for row in rows]
    assert sum(uses(page, "area-C", f"rlm-die-{v}") for v in range(1, 7)) == 2 * len(rows)
    assert sorted(granted) == list(range(1, 7))
    assert uses(page, "area-C", "rlm-key") == len(data()["table"]["columns"])
    assert uses(page, "area-C", "rlm-die-any") == data()["table"]["room_dice"]
    assert "3 × 3 room" in texts(page, "area-C")
    boxes = [i for i, _, _ in in_area(page, "area-C") if isinstance(i, Rect) and i.style.stroke
             and i.style.fill]
    assert len(boxes) == sum(len(r["shapes"]) for r in rows)
    ticks = [i for i, _, _ in in_area(page, "area-C") if isinstance(i, Rect) and i.style.stroke
             and not i.style.fill]
    assert len(ticks) == 5                     # the achievements checklist


def test_monster_log_and_backpack_counts():
    _, page = page_for(load_map("map-1"))
    cap = data()["capacity"]
    assert uses(page, "area-D", "rlm-ooze") == cap["oozes"]
    assert uses(page, "area-D", "rlm-skeleton") == cap["oozes"]
    assert uses(page, "area-D", "rlm-sarcophagus") == cap["sarcophagi"]
    assert uses(page, "area-D", "rlm-zombie") == cap["sarcophagi"]
    assert uses(page, "area-D", "rlm-mimic") == cap["mimics"]
    for colour in data()["map"]["golem_colours"]:
        assert uses(page, "area-D", f"rlm-golem-{colour}") == 1
        assert uses(page, "area-D", f"rlm-gem-{colour}") == 1
    words = texts(page, "area-D")
    assert words.count("!") == cap["mummy_rows"] * cap["marks_per_square"]
    assert {"×1", "×2", "×3"} <= set(words)
    assert any("21 − round" in w for w in words)
    assert uses(page, "area-E", "rlm-key") == cap["keys"]
    assert uses(page, "area-E", "rlm-coin") == cap["coins"]
    names = {"wand": "Wand of Shifting Walls", "skeleton-key": "Skeleton Key",   # the rulebook's
             "hammer": "Hammer of Shattering", "shovel": "Shovel of Excavation"}
    for kind in data()["map"]["items"]:
        assert names[kind] in texts(page, "area-E")
        assert uses(page, "area-E", f"rlm-{kind}") == 1
    use_boxes = [i for i, _, _ in in_area(page, "area-E") if isinstance(i, Rect)
                 and i.style.stroke]
    assert len(use_boxes) == len(data()["map"]["items"]) * cap["item_uses"]


def test_scoring_table_has_a_box_per_rule_and_the_total():
    from generator.games.realms.rules.scoring import LINES

    _, page = page_for(load_map("map-1"))
    boxes = [i for i, _, _ in in_area(page, "area-F") if isinstance(i, Rect) and i.style.stroke]
    assert len(boxes) == len(LINES) + 1
    assert "Total" in texts(page, "area-F")


def test_title_names_the_map_and_players():
    m = load_map("map-3")
    _, page = page_for(m, player=2, players=3)
    words = texts(page, "title")
    assert m.name in words and any("Player 2 of 3" in w for w in words)


def test_players_get_a_page_each():
    m = load_map("map-1")
    sheet = make_sheet("a4")
    pages = render_sheet(SheetItem(m, None, "map-1", 3), sheet, None)
    assert len(pages) == 3
    heads = [" ".join(texts(p, "title")) for p in pages]
    assert [f"Player {k} of 3" in h for k, h in zip((1, 2, 3), heads)] == [True] * 3


def test_mono_keeps_every_distinction():
    """In black and white every golem/gem colour keeps its own mark shape; stone is hatched."""
    sheet = make_sheet("letter", True)
    syms = {s.name: s for s in symbols(sheet)}
    colours = data()["map"]["golem_colours"]
    golems = [repr(syms[f"rlm-golem-{c}"].items[:2]) for c in colours]
    assert len(set(golems)) == len(colours)
    assert syms["rlm-golem-red"].items[2] != syms["rlm-gem-red"].items[2]
    fills = {i.style.fill for s in syms.values() for i in s.items if hasattr(i, "style")}
    assert all(f is None or f in set(sheet.theme.colours.values()) for f in fills)
    _, page = page_for(load_map("map-1"), "letter", True)
    stone = next(s for s in page.symbols if s.name == STONE_SYMBOL)
    assert sum(isinstance(i, Line) for i in stone.items) >= 5
    items = {k: repr(syms[f"rlm-{k}"].items) for k in data()["map"]["items"]}
    assert len(set(items.values())) == len(items)
    assert repr(syms["rlm-key"].items) != items["skeleton-key"]
