"""Tanis dig patterns: generation, validation codes, JSON round trip."""

import pytest

from generator.core.errors import InputError
from generator.core.rng import make_rng
from generator.games.tanis.generate import generate_dig, tilings
from generator.games.tanis.model import Dig, Tile, dig_from_fields, dig_to_fields
from generator.games.tanis.rules_dig import validate_dig


def test_there_are_95_tilings_of_the_box():
    assert len(tilings(5, 4)) == 95


@pytest.mark.parametrize("style", ["classic", "random"])
def test_500_seeds_validate(style):
    for seed in range(500):
        dig = generate_dig(make_rng(seed), style)
        report = validate_dig(dig)
        assert report.ok, (seed, report.text())


def test_classic_alternates_two_patterns():
    dig = generate_dig(make_rng(3), "classic")
    assert dig.layers[0] == dig.layers[2] and dig.layers[1] == dig.layers[3]
    assert dig.layers[0] != dig.layers[1]


def test_random_draw_is_spread_over_stacks():
    surfaces = {generate_dig(make_rng(s), "random").layers[0] for s in range(400)}
    assert len(surfaces) > 60  # 95 possible surfaces; a uniform draw reaches most of them


def test_unknown_style():
    with pytest.raises(InputError, match="--style"):
        generate_dig(make_rng(1), "zigzag")


def good() -> Dig:
    return generate_dig(make_rng(11), "random")


def replace_layer(dig: Dig, depth: int, layer) -> Dig:
    layers = list(dig.layers)
    layers[depth] = tuple(layer)
    return Dig(dig.box, tuple(layers))


def test_good_dig_is_valid():
    assert validate_dig(good()).ok


def test_overlap():
    dig = good()
    layer = list(dig.layers[1])
    t = layer[0]
    layer[0] = Tile(t.x + 0.5, t.y, t.w, t.h) if t.x + t.w + 0.5 <= 5 else Tile(t.x - 0.5, t.y, t.w, t.h)
    assert "overlap" in validate_dig(replace_layer(dig, 1, layer)).codes


def test_gap_and_tile_count_nine():
    dig = good()
    report = validate_dig(replace_layer(dig, 2, dig.layers[2][:-1]))
    assert {"gap", "tile-count"} <= report.codes


def test_eleven_tiles():
    dig = good()
    report = validate_dig(replace_layer(dig, 2, dig.layers[2] + (dig.layers[2][0],)))
    assert "tile-count" in report.codes and "overlap" in report.codes


def test_out_of_box():
    dig = good()
    layer = list(dig.layers[0])
    layer[0] = Tile(4.0, 3.0, 2.0, 1.0)
    assert "out-of-box" in validate_dig(replace_layer(dig, 0, layer)).codes


def test_same_footprint_over_the_layer_below():
    dig = good()
    report = validate_dig(replace_layer(dig, 1, dig.layers[2]))
    assert "stacked" in report.codes
    assert all(v.code == "stacked" for v in report.violations)


def test_three_layers():
    dig = good()
    report = validate_dig(Dig(dig.box, dig.layers[:3]))
    assert report.codes == {"layer-count"}


def test_off_grid_and_tile_size():
    dig = good()
    layer = list(dig.layers[0])
    layer[0] = Tile(layer[0].x + 0.25, layer[0].y, layer[0].w, layer[0].h)
    layer[1] = Tile(layer[1].x, layer[1].y, 1.0, 1.0)
    codes = validate_dig(replace_layer(dig, 0, layer)).codes
    assert {"off-grid", "tile-size"} <= codes


def test_box_size():
    dig = good()
    assert "box-size" in validate_dig(Dig((6, 4), dig.layers)).codes


def test_every_violation_is_reported_not_only_the_first():
    dig = good()
    broken = replace_layer(replace_layer(dig, 0, dig.layers[0][:-1]), 3, dig.layers[2])
    assert {"tile-count", "gap", "stacked"} <= validate_dig(broken).codes


def test_json_round_trip():
    dig = good()
    back = dig_from_fields(dig_to_fields(dig))
    assert back.layers == dig.layers and back.box == dig.box
    fields = dig_to_fields(dig)
    assert fields["box"] == [5, 4] and len(fields["layers"]) == 4
    assert set(fields["layers"][0][0]) == {"x", "y", "w", "h"}


@pytest.mark.parametrize("doc, match", [
    ({"box": [5, 4]}, "missing key 'layers'"),
    ({"box": "5x4", "layers": []}, r"\[box\]"),
    ({"box": [5, 4], "layers": [[{"x": 0, "y": 0, "w": 1}]]}, r"layers\[0\]\[0\]"),
    ({"box": [5, 4], "layers": [[{"x": "a", "y": 0, "w": 1, "h": 2}]]}, "numbers"),
])
def test_malformed_json_fields(doc, match):
    with pytest.raises(InputError, match=match):
        dig_from_fields(doc, "f.json")


def test_messages_name_tiles_as_the_sheet_numbers_them():
    # The sheet numbers a layer's tiles in reading order of the surface view, whatever the
    # order of the JSON list: here the list is reversed, so its first entry is tile 10.
    dig = good()
    layer = sorted(dig.layers[0], key=lambda t: (t.y, t.x))[::-1]
    last = layer[0]
    layer[0] = Tile(last.x, last.y, 1.0, 1.0)              # tile 10 of the sheet, too small
    report = validate_dig(replace_layer(dig, 0, layer))
    sizes = [v for v in report.violations if v.code == "tile-size"]
    assert [v.where for v in sizes] == [f"layer 1 tile 10 at ({last.x:g}, {last.y:g})"]


def test_count_gives_distinct_digs_or_says_how_many_exist(tmp_path):
    from click.testing import CliRunner

    from generator.cli import main
    from generator.produce import build

    three = CliRunner().invoke(main, ["tanis", "dig", "--style", "classic", "--count", "3",
                                      "--seed", "4", "--out", str(tmp_path)])
    assert three.exit_code == 1 and "only 2 different digs" in three.output
    assert not list(tmp_path.iterdir())
    two = build("tanis", "dig", 4, count=2, options={"style": "classic"}, render=False)
    assert two[0].item.layers != two[1].item.layers
    many = build("tanis", "dig", 5, count=200, options={"style": "random"}, render=False)
    assert len({b.item.layers for b in many}) == 200
    single = build("tanis", "dig", 5, options={"style": "random"}, render=False)
    assert single[0].item.layers == many[0].item.layers          # item 1 = the single run


def test_every_random_dig_has_a_rank():
    from generator.games.tanis.generate import _stack_at, _stack_rank, variety

    assert variety("random") == 6302 and variety("classic") == 2
    ranks = {_stack_rank(_stack_at(r, 5, 4, 4), 5, 4, 4) for r in range(0, 6302, 97)}
    assert ranks == set(range(0, 6302, 97))


def test_classic_is_labelled_as_this_tools_own_patterns():
    from click.testing import CliRunner

    from generator.cli import main
    from generator.draw.scene import Group, Text
    from generator.produce import build

    def words(items):
        for item in items:
            if isinstance(item, Group):
                yield from words(item.items)
            elif isinstance(item, Text):
                yield item.text

    help_text = " ".join(CliRunner().invoke(main, ["tanis", "dig", "--help"]).output.split())
    assert "classic: two alternating patterns of this tool's own (not the rulebook's" in help_text
    classic = " ".join(words(build("tanis", "dig", 2, options={"style": "classic"})[0]
                             .pages[0].items))
    assert "two patterns of this tool's own, alternating; they are not the rulebook's" in classic
    plain = " ".join(words(build("tanis", "dig", 2)[0].pages[0].items))
    assert "this tool's own" not in plain
