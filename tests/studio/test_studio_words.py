"""Errors in words on the page (Chromium, Playwright): a stopped server is said to be stopped,
with how to start it again; no character of the page is one DejaVu Sans (the default font it
names, installed with the page's products) lacks, such as an emoji; a map drawn into a problem,
the answer the editor expects, logs no error in the browser's console."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from studio_support import ROOT, start_server
from test_browser import TIMEOUT_MS
from test_studio_browser import open_view

from generator.core.data import resource

STOPPED = ("The studio's server does not answer: it has stopped. Start it again with the "
           "command tombgen serve in a terminal, then reload this page.")


def test_every_character_of_the_page_is_in_its_font():
    from fontTools.ttLib import TTFont

    covered = set()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = TTFont(resource("templates", f"fonts/{name}"))
        covered |= set(font.getBestCmap())
    missing = {}
    for path in sorted((ROOT / "templates" / "studio").iterdir()):
        if path.suffix in (".js", ".css", ".html"):
            for char in set(path.read_text(encoding="utf-8")):
                if ord(char) > 0x7F and ord(char) not in covered:
                    missing.setdefault(path.name, []).append(f"U+{ord(char):04X}")
    assert missing == {}
    # the check itself: the hourglass emoji the page once showed is not in the font
    assert 0x23F3 not in covered


def test_a_stopped_server_is_said_in_words(browser):
    process, url = start_server("--port", "0")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(url + "#tumba/roll?dice=356")
        page.wait_for_selector("section.roll:not(.busy) pre.reading[data-ready=yes]")
        process.terminate()
        process.wait(30)
        page.click("button.face[data-die='0'][data-face='4']")
        expect(page.locator(".roll .problem-box")).to_have_text(STOPPED, timeout=TIMEOUT_MS)
        # a product's view says the same
        open_view(page, "tanis/dig")
        expect(page.locator(".product .problem-box")).to_have_text(STOPPED, timeout=TIMEOUT_MS)
        # and a page opened on no server at all is the browser's own error page: nothing to test
    finally:
        context.close()
        if process.poll() is None:
            process.kill()


def test_a_map_drawn_into_a_problem_logs_no_console_error(page):
    logged: list[str] = []
    page.on("console", lambda message: logged.append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning") else None)
    open_view(page, "realms/editor")
    page.wait_for_selector(".verdict.good")
    page.click("button[data-tool=stone]")
    page.click("[data-square='2,1']")
    page.wait_for_selector("[data-square='2,2'].bad")
    page.click("button[data-tool=free]")
    page.click("[data-square='2,1']")
    page.wait_for_selector(".verdict.good")
    assert logged == []


def test_busy_is_drawn_not_an_emoji(page):
    open_view(page, "tanis/dig")
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    # the busy state may last less than a poll: an observer reads the status's marker the
    # moment the class is set
    page.evaluate("""() => {
      window.busySeen = [];
      const product = document.querySelector('.product');
      new MutationObserver(() => {
        if (product.classList.contains('busy')) {
          window.busySeen.push(getComputedStyle(product.querySelector('.status'),
                                                '::before').content);
        }
      }).observe(product, {attributes: true, attributeFilter: ['class']});
    }""")
    page.fill("#seed", "5")
    seen: list[str] = []
    for _ in range(200):                      # the preview starts after the typing settles
        seen = page.evaluate("window.busySeen")
        if seen:
            break
        page.wait_for_timeout(50)
    assert seen, "the preview of seed 5 never showed its busy state"
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    for content in seen:
        assert re.fullmatch(r'""|none', content), content


def test_a_rating_says_why_it_stopped_and_its_command(page, tmp_path):
    """Map 1 is easy, far from a band edge: its rating stops at an early look, and says so;
    the command shown plays the same games (same par)."""
    from click.testing import CliRunner

    from generator.cli import main

    open_view(page, "realms/editor")
    page.wait_for_selector(".verdict.good")
    assert page.input_value("#rating-games") == "2000"   # realms rate's 16000, the page's bound
    page.fill("#rating-games", "1000")
    page.click("text=Rate with the bot")
    rated = page.locator("p.rated")
    expect(rated).to_contain_text("It stopped after", timeout=TIMEOUT_MS)
    found = re.search(r"Rated easy: par ([0-9.]+) .* over (\d+) bot games; .* It stopped after "
                      r"(\d+) of at most 1000 games: the interval already lay inside the easy "
                      r"band", rated.text_content())
    assert found and found[2] == found[3] and int(found[2]) < 1000, rated.text_content()
    command = page.locator(".editor .command").first.text_content()
    seed = re.fullmatch(r"tombgen realms rate map-1 --games 1000 --seed (\d+)", command)
    assert seed, command
    out = CliRunner().invoke(main, ["realms", "rate", "map-1", "--games", "1000", "--seed",
                                    seed[1], "--json"]).output
    assert f'"par": {found[1]}' in out or f'"par": {float(found[1])}' in out, out
    assert f'"games": {found[2]}' in out


def test_a_map_file_of_no_maps_size_is_refused_before_drawing(page, tmp_path):
    import json

    open_view(page, "realms/editor")
    page.wait_for_selector(".verdict.good")
    cells = page.locator(".grid [data-square]").count()
    doc = {"format": "tombgen/realms.map", "version": 1, "name": "Huge", "difficulty": "advanced",
           "description": "", "size": [300, 300], "entrances": [], "stone": [], "rooms": [],
           "findings": []}
    (tmp_path / "huge.json").write_text(json.dumps(doc))
    page.set_input_files(".editor input[type=file]", str(tmp_path / "huge.json"))
    expect(page.locator(".verdict")).to_have_text("huge.json cannot be read")
    expect(page.locator(".map-problems")).to_contain_text(
        "huge.json: the map is 300 × 300 squares; a map has 12 to 16 squares a side")
    assert page.locator(".grid [data-square]").count() == cells   # the old map, not redrawn


def test_an_aid_shows_its_command_line(page):
    open_view(page, "tut/aid")
    expect(page.locator(".product .command")).to_have_text("tombgen aid tut", timeout=TIMEOUT_MS)
