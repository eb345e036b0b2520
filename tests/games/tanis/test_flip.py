"""How the box is turned over (seeds/tanis.toml [box] flip): every drawing follows it, the
sheet says it in words, and any other value is refused."""

from types import MappingProxyType

from click.testing import CliRunner

from generator.cli import main
from generator.core import data as core_data
from generator.draw.scene import Group, Rect, Text
from generator.games.tanis.model import data
from generator.produce import build


def set_flip(monkeypatch, value):
    base = data()
    box = dict(base["box"], flip=value)
    monkeypatch.setitem(core_data._SEED_CACHE, "tanis.toml",
                        MappingProxyType(dict(base, box=MappingProxyType(box))))


def find(items, name):
    for item in items:
        if isinstance(item, Group):
            if item.name == name:
                return item
            found = find(item.items, name)
            if found is not None:
                return found
    return None


def texts(items):
    for item in items:
        if isinstance(item, Group):
            yield from texts(item.items)
        elif isinstance(item, Text):
            yield item.text


def lid_layer_1(monkeypatch, flip):
    """Layer 1 as drawn in the lid, on a classic dig whose surface is pattern 1 (tile 1 at
    (0, 0), 2 x 1): the box outline's unit, tile 1's corner in units, and the 'A' mark."""
    set_flip(monkeypatch, flip)
    built = next(b for seed in range(20)
                 for b in build("tanis", "dig", seed, options={"style": "classic"})
                 if b.item.layers[0][0] == b.item.layers[0][0].__class__(0.0, 0.0, 2.0, 1.0))
    page = built.pages[0]
    layer = find(page.items, "layer-1")
    outline = layer.items[0]
    unit = outline.w / 5
    tiles = [(i, item) for i, item in enumerate(layer.items) if isinstance(item, Rect)]
    one = next(layer.items[i - 1] for i, item in enumerate(layer.items)
               if isinstance(item, Text) and item.text == "1")
    mark = next(item for item in layer.items if isinstance(item, Text) and item.text == "A")
    assert len(tiles) == 11
    return (round(one.x / unit), round(one.y / unit)), (mark.x / unit, mark.y / unit), page


def test_a_book_page_flip_mirrors_left_right(monkeypatch):
    tile, mark, page = lid_layer_1(monkeypatch, "x")
    assert tile == (3, 0)                  # surface (0, 0) 2 x 1 lies at the far right
    assert mark[0] == 5 and mark[1] < 0    # corner A: far right, labelled above
    words = " ".join(texts(page.items))
    assert "like the page of a book" in words
    assert "the far right corner, where the short side on your right meets" in words


def test_tipping_the_box_toward_you_mirrors_top_bottom(monkeypatch):
    tile, mark, page = lid_layer_1(monkeypatch, "y")
    assert tile == (0, 3)                  # surface (0, 0) 2 x 1 lies nearest you, on the left
    assert mark[0] == 0 and mark[1] > 4    # corner A: near left, labelled below the box
    words = " ".join(texts(page.items))
    assert "tip it over toward you" in words
    assert "the near left corner, where the short side on your left meets" in words


def test_the_surface_is_the_same_whichever_way_the_box_turns(monkeypatch):
    surfaces = []
    for flip in ("x", "y"):
        set_flip(monkeypatch, flip)
        page = build("tanis", "dig", 3)[0].pages[0]
        surfaces.append(find(page.items, "surface"))
    assert surfaces[0] == surfaces[1]


def test_an_unknown_flip_exits_2_naming_the_key_and_the_choices(monkeypatch, tmp_path):
    set_flip(monkeypatch, "banana")
    result = CliRunner().invoke(main, ["tanis", "dig", "--seed", "1", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "tanis.toml [box.flip]: 'banana'" in result.output
    assert '"x" (left-right' in result.output and '"y" (top-bottom' in result.output
    assert not list(tmp_path.iterdir())
