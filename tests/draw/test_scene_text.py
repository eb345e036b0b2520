import pytest

from generator.core.errors import BuildError
from generator.draw.checks import named_groups, print_problems
from generator.draw.paper import make_sheet
from generator.draw.scene import (
    Circle,
    Group,
    Line,
    Page,
    Rect,
    Style,
    Symbol,
    Use,
    apply,
    compose,
    page_bounds,
    rotate,
    scale,
    translate,
    walk,
)
from generator.draw.text import measure, paragraph, text, wrap


def test_compose_applies_inner_first():
    m = compose(translate(10, 0), scale(2))
    assert apply(m, 1, 1) == (12, 2)
    x, y = apply(rotate(90), 1, 0)
    assert abs(x) < 1e-9 and abs(y - 1) < 1e-9


def test_walk_expands_groups_and_symbols():
    sym = Symbol("dot", (Circle(0, 0, 1),))
    page = Page(100, 100, (Group((Use("dot", 10, 20, 2),), translate(5, 5), name="area"),), (sym,))
    leaves = list(walk(page))
    assert len(leaves) == 1
    item, matrix, names = leaves[0]
    assert names == ("area", "symbol:dot") and page_bounds(item, matrix)[0] == pytest.approx(13, abs=0.5)
    assert named_groups(page) == {"area"}


def test_log_is_stable_text():
    page = Page(10, 10, (Line(0, 0, 1, 1), Rect(1, 1, 2, 2, Style(fill="#ffffff"))), footer="f")
    assert page.log().splitlines() == [
        "page 10x10 footer='f'",
        "  line 0,0 1,1 stroke=#000000 w=0.3 fill=None",
        "  rect 1,1 2x2 stroke=#000000 w=0.3 fill=#ffffff",
    ]


def test_measure_grows_with_text_and_size():
    assert measure("WW", 10) > measure("W", 10) > 0
    assert measure("W", 20) == pytest.approx(2 * measure("W", 10))
    assert measure("W", 10, bold=True) >= measure("W", 10)


def test_text_shrinks_within_limits_then_refuses():
    t = text(0, 0, "A fairly long label", 12, max_width=measure("A fairly long label", 10))
    assert t.size <= 10 and t.width <= measure("A fairly long label", 10) + 1e-6
    with pytest.raises(BuildError, match="does not fit: 'A fairly long label'"):
        text(0, 0, "A fairly long label", 12, max_width=5)


def test_condensed_face_only_when_the_regular_one_cannot_fit():
    label = "Connected entrances"
    regular_floor = measure(label, 6, bold=True)
    roomy = text(0, 0, label, 6.5, bold=True, max_width=regular_floor + 0.01)
    assert not roomy.condensed and roomy.size == 6
    tight = text(0, 0, label, 6.5, bold=True, max_width=regular_floor - 0.01)
    assert tight.condensed and tight.size == 6.5 and tight.width <= regular_floor - 0.01
    assert tight.width == measure(label, 6.5, bold=True, condensed=True)
    # DejaVu Sans Condensed is narrower than the regular cut, but not by half
    assert 0.5 * regular_floor < measure(label, 6, bold=True, condensed=True) < regular_floor
    with pytest.raises(BuildError, match="condensed"):
        text(0, 0, label, 6.5, bold=True, max_width=10)


def test_wrap_and_paragraph():
    lines = wrap("one two three four five six", 8, measure("one two three", 8))
    assert lines[0] == "one two three" and " ".join(lines) == "one two three four five six"
    with pytest.raises(BuildError, match="lines"):
        paragraph(0, 0, "one two three four five six", 8, measure("three", 8) + 0.1, 2)
    with pytest.raises(BuildError, match="word"):
        wrap("incomprehensibilities", 8, 5)


def test_print_problems_finds_each_kind():
    sheet = make_sheet("a4")
    page = Page(210, 297, (
        Line(1, 1, 50, 50),                                   # outside the margin
        Line(20, 20, 40, 20, Style(width=0.1)),               # too thin
        Rect(20, 30, 5, 5),                                   # fine
    ))
    problems = print_problems(page, sheet)
    assert any("margin" in p for p in problems) and any("below 0.25 mm" in p for p in problems)
    assert len(problems) == 2


def test_print_problems_text_size():
    from generator.draw.scene import Text

    page = Page(210, 297, (Text(20, 40, "tiny", 5.0, 5.0),))
    assert any("below 6 pt" in p for p in print_problems(page, make_sheet("a4")))


def test_sheet_frames():
    a4, letter = make_sheet("a4"), make_sheet("letter", mono=True)
    assert (a4.width, a4.height) == (210, 297) and (letter.width, letter.height) == (215.9, 279.4)
    assert a4.left >= a4.limits["min_margin"] and a4.bottom < a4.footer_y
    assert letter.theme.mono and letter.theme("red") == "#000000"


def test_wrap_never_breaks_at_a_no_break_space():
    """French puts a no-break space before ':' and ';': a line never starts with them, and the
    space is kept (splitting on every white space would break there and lose it)."""
    value = "Dépensez 1\xa0: un dé de plus\xa0; 2\xa0: lancez"
    for width in range(16, 80, 2):
        lines = wrap(value, 8, width)
        assert " ".join(lines) == value
        assert not any(line.startswith((":", ";")) for line in lines)
    assert wrap(value, 8, 20) == ["Dépensez 1\xa0:", "un dé de", "plus\xa0; 2\xa0:", "lancez"]
