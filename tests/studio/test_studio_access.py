"""The page for keyboard and screen reader users (Chromium, Playwright, axe-core 4.14.1 from
tests/studio/vendor/): no critical or serious axe violation on any view, at desktop and phone
width; the map editor's grid is a keyboard grid; headings in order; status changes announced."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_browser import TIMEOUT_MS

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
VIEWS = ["realms/sheet", "realms/map?seed=3&rating_games=4", "realms/editor",
         "realms/score?oozes=3&skeletons=2", "realms/aid", "tut/trail",
         "tut/score?rules=fr&value=8&players=2&held=3.3&wild=1.2&place=1.2", "tut/aid",
         "tanis/dig", "tanis/score?p1=snake1.2", "tanis/aid",
         "tumba/setup", "tumba/aid", "tumba/roll?dice=356"]
RUN = """axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
  .filter((v) => v.impact === "critical" || v.impact === "serious")
  .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" "))}`))"""


def ready(page, view: str) -> None:
    key = view.split("?")[0]
    page.wait_for_selector(f"#main[data-view='{key}']", state="attached")
    if key == "realms/editor":
        page.wait_for_selector(".verdict.good")
    elif key == "tumba/roll":
        page.wait_for_selector("section.roll:not(.busy) pre.reading[data-ready=yes]")
    elif key.endswith("/score"):
        page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    else:
        expect(page.locator(".pages")).to_have_attribute("data-ready", "yes",
                                                         timeout=TIMEOUT_MS)


@pytest.fixture(scope="module")
def audited(browser, server):
    """A page whose Content-Security-Policy lets the test add axe's script (the page itself
    runs only its own)."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_no_critical_or_serious_axe_violation_on_any_view(audited, server, width):
    audited.set_viewport_size({"width": width, "height": 900})
    found = {}
    for view in VIEWS:
        audited.goto(f"{server}#{view}")
        audited.reload()
        ready(audited, view)
        audited.evaluate(AXE.read_text(encoding="utf-8"))
        violations = audited.evaluate(RUN)
        if violations:
            found[view] = violations
    assert found == {}


def test_headings_go_down_one_level_at_a_time(audited, server):
    for view in ("tanis/dig", "realms/editor", "tumba/roll?dice=356"):
        audited.goto(f"{server}#{view}")
        audited.reload()
        ready(audited, view)
        levels = audited.evaluate(
            "[...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].filter((h) => h.offsetParent)"
            ".map((h) => Number(h.tagName[1]))")
        assert levels[0] == 1
        assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), (view, levels)


def test_the_editors_grid_is_a_keyboard_grid(page):
    page.click("nav a[href='#realms/editor']")
    page.wait_for_selector(".verdict.good")
    grid = page.locator(".grid")
    assert grid.locator("[tabindex='0']").count() == 1          # one square in the Tab order
    assert grid.locator("button.wall:not([tabindex='-1'])").count() == 0
    page.focus("[data-square='0,0']")
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.square") == "2,1"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # stone painted by keyboard before map 1's green gem room's door, as a click does
    page.click("button[data-tool=stone]")
    page.focus("[data-square='2,1']")
    page.keyboard.press("Enter")
    problem = page.wait_for_selector("[data-square='2,2'].bad")
    assert problem.get_attribute("data-problem") == "room-door-blocked"
    assert page.evaluate("document.activeElement.dataset.square") == "2,1"   # focus kept
    page.click("button[data-tool=free]")
    page.focus("[data-square='2,1']")
    page.keyboard.press(" ")
    page.wait_for_selector(".verdict.good")
    # E on an edge square opens the entrance beside it
    page.focus("[data-square='0,5']")
    page.keyboard.press("e")
    page.wait_for_selector("[data-entrance='0,5,W'].entrance")


def test_status_changes_are_announced(page):
    page.click("nav a[href='#tumba/roll']")
    page.wait_for_selector("#main[data-view='tumba/roll']")
    for selector in (".roll .status", ".roll .problem-box"):
        node = page.locator(selector)
        assert node.get_attribute("role") == "status" or node.get_attribute("aria-live")
    page.click("nav a[href='#realms/editor']")
    page.wait_for_selector(".verdict.good")
    for selector in (".verdict", ".map-problems", "p.rated"):
        node = page.locator(selector).first
        assert node.get_attribute("role") == "status" or node.get_attribute("aria-live"), selector
