"""Legibility measured on scenes: text contrast against what lies under it, grey-only kinds,
and no "to scale" without the scale.

Expected ratios are WCAG 2 values worked out by hand (or published: #777777 on white is the
well-known 4.48:1 just below AA), never recomputed with the module's formula.
"""

import re

import pytest

from generator.draw.checks import (
    contrast,
    grey_step_problems,
    legibility_problems,
    luminance,
    text_contrasts,
)
from generator.draw.paper import make_sheet
from generator.draw.scene import (
    Circle,
    Group,
    Page,
    Polygon,
    Rect,
    Style,
    Symbol,
    Text,
    Use,
    compose,
    rotate,
    translate,
    walk,
)
from generator.produce import build
from generator.registry import games

PRODUCTS = [(g.name, p.kind) for g in games() for p in g.products]


def label(x, y, value="label", fill="#000000", size=8.0, width=10.0):
    return Text(x, y, value, size, width, fill=fill)


def test_contrast_ratios_match_wcag():
    assert luminance("#ffffff") == pytest.approx(1.0) and luminance("#000000") == 0.0
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#123456", "#123456") == pytest.approx(1.0)


def test_background_is_the_last_fill_painted_under_the_text():
    page = Page(100, 100, (
        Rect(10, 10, 40, 20, Style(stroke=None, fill="#000080")),     # navy
        Rect(10, 10, 40, 20, Style(fill=None)),                         # outline only: ignored
        label(12, 20, fill="#ffffff"),
        Group((Rect(0, 0, 30, 10, Style(fill="#ffff00")),), translate(10, 40)),
        Group((label(2, 6),), translate(10, 40)),
        label(60, 80),                                                  # on the paper
    ))
    found = {(c.text.y, c.background) for c in text_contrasts(page)}
    assert found == {(20, "#000080"), (6, "#ffff00"), (80, "#ffffff")}


def test_a_text_painted_before_a_shape_is_not_on_it():
    page = Page(100, 100, (label(12, 20), Rect(10, 10, 40, 20, Style(fill="#000000"))))
    assert text_contrasts(page)[0].background == "#ffffff"


def test_circles_polygons_symbols_and_rotation_are_followed():
    sym = Symbol("dot", (Circle(0, 0, 5, Style(stroke=None, fill="#000000")),))
    page = Page(100, 100, (
        Use("dot", 20, 20, 2.0), label(12, 21.5, fill="#ffffff", size=6, width=16),
        Group((Polygon(((0, -10), (40, -10), (40, 10), (0, 10)), Style(fill="#cc0000")),
               label(5, 2, fill="#ffffff", width=20)), compose(translate(40, 60), rotate(30))),
    ), (sym,))
    circle, polygon = text_contrasts(page)
    assert circle.background == "#000000" and circle.ratio == pytest.approx(21.0)
    assert polygon.background == "#cc0000"


def test_the_worst_point_of_a_text_counts():
    """A label that runs off its dark box onto white paper reads badly there."""
    page = Page(100, 100, (Rect(10, 10, 15, 10, Style(stroke=None, fill="#000000")),
                           label(12, 16, fill="#ffffff", width=30)))
    worst = text_contrasts(page)[0]
    assert worst.background == "#ffffff" and worst.ratio == pytest.approx(1.0)


def test_low_contrast_is_reported_with_text_colours_and_ratio():
    page = Page(100, 100, (Rect(10, 10, 40, 20, Style(fill="#d08c60")),
                           Group((label(12, 20, "7", fill="#555555", width=3),), name="layer-4")))
    problems = legibility_problems(page, make_sheet("a4"))
    assert len(problems) == 1
    assert "layer-4" in problems[0] and "'7'" in problems[0] and "#555555 on #d08c60" in problems[0]
    assert "2.70:1" in problems[0]


def grid(fills, size=10.0, name="table"):
    return Group(tuple(Rect(i * 12, 0, size, size, Style(fill=f)) for i, f in enumerate(fills)),
                 translate(10, 10), name=name)


def test_grey_only_kinds_need_a_big_enough_step():
    # #c8c8c8 and #e4e4e4 (the old mono tiles): luminances 0.578 and 0.776 -> 1.32:1
    close = Page(100, 100, (grid(["#c8c8c8", "#e4e4e4", "#c8c8c8", "#e4e4e4"]),))
    problems = grey_step_problems(close, 2.0)
    assert len(problems) == 1 and "1.32:1" in problems[0] and "table" in problems[0]
    # white and #767676 (luminance 0.181): 4.54:1
    apart = Page(100, 100, (grid(["#ffffff", "#767676", "#ffffff", "#767676"]),))
    assert grey_step_problems(apart, 2.0) == []


def test_grey_steps_that_are_not_kinds_are_not_compared():
    one_header = Page(100, 100, (grid(["#f0f0f0", "#ffffff", "#ffffff"]),))
    sizes = Page(100, 100, (grid(["#f0f0f0", "#f0f0f0"]), grid(["#ffffff", "#ffffff"], 8)))
    groups = Page(100, 100, (grid(["#d9d9d9"] * 2, name="layer-2"),
                             grid(["#ffffff"] * 2, name="layer-3")))
    hues = Page(100, 100, (grid(["#f7dcd8", "#d8e5f5", "#f7dcd8", "#d8e5f5"]),))
    for page in (one_header, sizes, groups, hues):
        assert grey_step_problems(page, 2.0) == []


@pytest.mark.parametrize("game_name, kind", PRODUCTS)
def test_every_product_is_legible_in_colour_and_mono(game_name, kind):
    """Every text reads at >= 4.5:1 on its background; no grey-only kinds under 2:1."""
    problems = []
    for seed in range(4):
        for paper in ("a4", "letter"):
            for mono in (False, True):
                sheet = make_sheet(paper, mono)
                for n, page in enumerate(build(game_name, kind, seed, paper=paper,
                                               mono=mono)[0].pages, start=1):
                    problems += [f"seed {seed} {paper} {'mono' if mono else 'colour'} p{n}: {p}"
                                 for p in legibility_problems(page, sheet)]
    assert problems == []


@pytest.mark.parametrize("game_name, kind", PRODUCTS)
def test_no_sheet_claims_a_scale_it_does_not_state(game_name, kind):
    """'To scale' only with the scale itself (1:N); Tutan Tumba's plan says it is not to scale."""
    for paper in ("a4", "letter"):
        for page in build(game_name, kind, 2, paper=paper)[0].pages:
            for item, _, _ in walk(page):
                said = getattr(item, "text", "").lower()
                if "to scale" in said:
                    assert "not to scale" in said or re.search(r"\b1\s?:\s?\d", said), said


def test_the_tumba_plan_says_it_is_not_to_scale():
    texts = [item.text for item, _, _ in walk(build("tumba", "setup", 2)[0].pages[0])
             if isinstance(item, Text)]
    assert any(t.startswith("Not to scale") for t in texts)

