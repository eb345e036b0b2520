"""Planning the cards from measured heights: whole blocks, headings kept with what follows,
tables split only when longer than a card, with their header; errors name the key."""

import re

import pytest

from generator.aids.paginate import FIRST_ROWS, Heading, Heights, Part, Title, Whole, paginate
from generator.core.errors import BuildError
from generator.draw.content import Aid, Para, Section, Steps, Table

CAP = 100.0


def aid(*sections) -> Aid:
    return Aid("t", "T", "", tuple(sections))


def heights(a: Aid, blocks, title=10.0, heading=5.0, continued=6.0, rows=None) -> Heights:
    return Heights(title, tuple(heading for _ in a.sections), tuple(continued for _ in a.sections),
                   tuple(tuple(b) for b in blocks), rows or {})


def para(key):
    return Para(key, key)


def test_blocks_fill_a_card_then_move_whole_under_a_continued_heading():
    a = aid(Section("s", "S", (para("a"), para("b"), para("c"))))
    plan = paginate(a, heights(a, [[40, 40, 30]]), CAP, 1, "test")
    # 10 + 5 + 40 + 40 = 95: "c" (30) does not fit the 5 mm left, so it moves whole
    assert plan.pages == [[[Title(), Heading(0), Whole(0, 0), Whole(0, 1)]],
                          [[Heading(0, continued=True), Whole(0, 2)]]]


def test_a_heading_never_ends_a_card():
    a = aid(Section("s1", "S1", (para("a"),)), Section("s2", "S2", (para("b"),)))
    plan = paginate(a, heights(a, [[60], [30]]), CAP, 1, "test")
    # 10 + 5 + 60 = 75; the heading of s2 (5) would fit, but not with its first block (30)
    assert plan.pages[0] == [[Title(), Heading(0), Whole(0, 0)]]
    assert plan.pages[1] == [[Heading(1), Whole(1, 0)]]


def test_an_introduction_stays_with_what_it_introduces():
    a = aid(Section("s", "S", (para("a"), Para("intro", "intro", keep=True), para("b"))))
    plan = paginate(a, heights(a, [[50, 10, 30]]), CAP, 1, "test")
    assert plan.pages[1] == [[Heading(0, continued=True), Whole(0, 1), Whole(0, 2)]]


def test_a_table_that_fits_a_card_is_never_split():
    table = Table("tab", ("h",), tuple(("r",) for _ in range(8)))
    a = aid(Section("s", "S", (para("a"), table)))
    rows = {(0, 1): (6.0, (5.0,) * 8)}                # 46 mm in all
    plan = paginate(a, heights(a, [[50, 46]], rows=rows), CAP, 1, "test")
    assert plan.pages[1] == [[Heading(0, continued=True), Part(0, 1, 0, 8)]]


def test_a_long_table_splits_between_rows_and_every_part_has_its_header():
    n = 40
    table = Table("tab", ("h",), tuple((str(i),) for i in range(n)))
    a = aid(Section("s", "S", (table,)))
    rows = {(0, 0): (6.0, (4.0,) * n)}
    plan = paginate(a, heights(a, [[166]], rows=rows), CAP, 1, "test")
    parts = [p for page in plan.pages for slot in page for p in slot if isinstance(p, Part)]
    assert [(p.start, p.end) for p in parts] == [(0, 19), (19, 40)]
    # (100 - 10 - 5 - 6) // 4 = 19 rows on the first card; the second is headed "(continued)"
    assert plan.pages[1][0][0] == Heading(0, continued=True)


def test_no_table_part_is_a_lone_row():
    n = 21
    table = Table("tab", ("h",), tuple((str(i),) for i in range(n)))
    a = aid(Section("s", "S", (table,)))
    rows = {(0, 0): (6.0, (4.0,) * n)}
    plan = paginate(a, heights(a, [[90]], rows=rows), CAP, 1, "test")
    parts = [p for page in plan.pages for slot in page for p in slot if isinstance(p, Part)]
    assert [(p.start, p.end) for p in parts] == [(0, 19), (19, 21)]
    three = aid(Section("s", "S", (table._replace(rows=table.rows[:20]),)))
    plan = paginate(three, heights(three, [[86]], rows={(0, 0): (6.0, (4.0,) * 20)}), CAP, 1, "t")
    parts = [p for page in plan.pages for slot in page for p in slot if isinstance(p, Part)]
    assert [(p.start, p.end) for p in parts] == [(0, 18), (18, 20)]


def test_a_long_table_starts_on_a_new_card_when_few_of_its_rows_fit():
    n = 40
    table = Table("tab", ("h",), tuple((str(i),) for i in range(n)))
    a = aid(Section("s1", "S1", (para("a"),)), Section("s2", "S2", (table,)))
    rows = {(1, 0): (6.0, (4.0,) * n)}
    # after 10 + 5 + 55 = 70 mm, heading + header + FIRST_ROWS rows (35 mm) do not fit
    plan = paginate(a, heights(a, [[55], [166]], rows=rows), CAP, 1, "test")
    assert plan.pages[0] == [[Title(), Heading(0), Whole(0, 0)]]
    assert plan.pages[1][0][:2] == [Heading(1), Part(1, 0, 0, 22)]   # (100 - 5 - 6) // 4
    assert FIRST_ROWS * 4 + 6 + 5 > 100 - 70


def test_a_section_on_a_card_of_its_own_and_columns():
    a = aid(Section("s1", "S1", (para("a"),)),
            Section("s2", "S2", (para("b"),), new_card=True))
    plan = paginate(a, heights(a, [[10], [10]]), CAP, 1, "test")
    assert len(plan.pages) == 2 and plan.pages[1] == [[Heading(1), Whole(1, 0)]]
    two = paginate(a, heights(a, [[10], [10]]), CAP, 2, "test")
    assert two.pages == [[[Title(), Heading(0), Whole(0, 0)], [Heading(1), Whole(1, 0)]]]
    assert two.page_of_section(1) == 1 and plan.page_of_section(1) == 2


def test_a_block_taller_than_a_card_is_an_error_naming_its_key():
    a = aid(Section("s", "S", (para("a"), Steps("tanis.aid.long.list", ("x",)))))
    with pytest.raises(BuildError, match=r"'tanis.aid.long.list' is 120.0 mm tall but a test "
                                         r"card holds 100.0 mm"):
        paginate(a, heights(a, [[10, 120]]), CAP, 1, "test")
    tall_row = Table("tab.key", ("h",), (("r",), ("r",), ("r",)))
    b = aid(Section("s", "S", (tall_row,)))
    with pytest.raises(BuildError, match=re.escape("tab.key")):
        paginate(b, heights(b, [[300]], rows={(0, 0): (6.0, (4.0, 200.0, 4.0))}), CAP, 1, "test")


def test_a_long_table_starts_afresh_when_that_saves_a_scrap_of_rows():
    n = 30
    table = Table("tab", ("h",), tuple((str(i),) for i in range(n)))
    a = aid(Section("s1", "S1", (para("a"),)), Section("s2", "S2", (table,)))
    rows = {(1, 0): (6.0, (4.0,) * n)}
    # here: 100 - 10 - 5 - 40 = 45 mm left: heading + header + 8 rows, then 22 more: 2 parts;
    # afresh: 22 rows, then 8: also 2 parts and the same cards, so the table starts here
    plan = paginate(a, heights(a, [[40], [126]], rows=rows), CAP, 1, "test")
    assert plan.pages[0][0][-1] == Part(1, 0, 0, 8)
    # 37 rows: here 8 + 22 + 7 (3 parts) but afresh 22 + 15 (2 parts, no more cards): afresh
    long = Table("tab", ("h",), tuple((str(i),) for i in range(37)))
    b = aid(Section("s1", "S1", (para("a"),)), Section("s2", "S2", (long,)))
    plan = paginate(b, heights(b, [[40], [154]], rows={(1, 0): (6.0, (4.0,) * 37)}), CAP, 1, "t")
    assert plan.pages[0] == [[Title(), Heading(0), Whole(0, 0)]]
    assert [p for p in plan.pages[1][0] if isinstance(p, Part)] == [Part(1, 0, 0, 22)]
