"""The table companion and the address in a real browser (Chromium, Playwright): the Tutan Tumba
roll helper reads a roll, tapped or typed, on every kind of board exactly as ``tombgen tumba
roll`` prints it, on a 390 px phone too, asking nothing of any other site; every view's options
live in the address, so a reload or a shared link opens the same item and the back button goes
back."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from playwright.sync_api import expect
from studio_support import cli_files, one
from test_browser import TIMEOUT_MS
from test_studio_browser import downloaded, open_view

from generator.cli import main

READING = "[...document.querySelectorAll('pre.reading .line')].map((l) => l.textContent).join('')"


def printed(*args: str) -> str:
    result = CliRunner().invoke(main, ["tumba", "roll", *args])
    assert result.exit_code == 0, result.output
    return result.output


def reading(page) -> str:
    page.wait_for_selector("section.roll:not(.busy) pre.reading[data-ready=yes]")
    return page.evaluate(READING)


def tap_dice(page, *faces: int) -> None:
    for die, face in enumerate(faces):
        page.click(f"button.face[data-die='{die}'][data-face='{face}']")


def wait_for_command(page, text: str) -> None:
    expect(page.locator(".roll .command")).to_have_text(text, timeout=TIMEOUT_MS)


def test_tapped_dice_on_the_standard_board_read_as_the_command(page, server):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_view(page, "tumba/roll")
    tap_dice(page, 3, 5, 6)
    wait_for_command(page, "tombgen tumba roll 3 5 6")
    assert reading(page) == printed("3", "5", "6")
    assert "  3 | 5+6      → lines 3, 11 (passage)\n" in reading(page)
    assert page.locator("button.face[aria-pressed=true]").count() == 3
    # nothing but the page's own server was asked for anything
    assert asked and all(url.startswith((server, "blob:")) for url in asked)


def test_typed_dice_and_french(page):
    open_view(page, "tumba/roll")
    page.select_option("#roll-lang", "fr")
    page.fill("#roll-dice", "2 6 6")
    wait_for_command(page, "tombgen tumba roll 2 6 6 --lang fr")
    assert reading(page) == printed("2", "6", "6", "--lang", "fr")
    page.fill("#roll-dice", "7 1 1")
    expect(page.locator(".roll .status")).to_have_text("Three dice, each 1 to 6: e.g. 3 5 6.")


def test_mummies_placed_by_tapping_give_the_incinerations_of_the_saved_board(page, tmp_path):
    open_view(page, "tumba/roll")
    tap_dice(page, 3, 5, 6)
    wait_for_command(page, "tombgen tumba roll 3 5 6")
    page.click("button.chamber[data-line='5'][data-depth='0']")           # player 1
    for _ in range(2):
        page.click("button.chamber[data-line='3'][data-depth='0']")       # player 2
    wait_for_command(page, "tombgen tumba roll 3 5 6 --board board.json")
    expect(page.locator("button.chamber[data-line='3'][data-depth='0']")).to_have_text("2")
    text = reading(page)
    assert "from line 5 chamber 1: over line 3 chamber 1 to line 1 chamber 1" in text
    name, data = downloaded(page, "text=Save board.json")
    assert name == "board.json"
    (tmp_path / name).write_bytes(data)
    assert text == printed("3", "5", "6", "--board", str(tmp_path / name))


def test_an_advanced_passage_and_a_setup_file(page, tmp_path):
    open_view(page, "tumba/roll")
    page.select_option("#roll-board", "passage")
    page.select_option("#roll-passage", "9")
    tap_dice(page, 1, 1, 2)
    wait_for_command(page, "tombgen tumba roll 1 1 2 --passage 9")
    assert reading(page) == printed("1", "1", "2", "--passage", "9")
    assert page.locator("button.chamber:enabled").count() == 0   # sizes not given: no tapping
    setup = one(cli_files(tmp_path, "tumba", "setup", "--mode", "advanced", "--seed", "3",
                          "--format", "json"), "*.json")
    (tmp_path / "setup.json").write_bytes(setup)
    page.select_option("#roll-board", "file")
    page.set_input_files("#roll-file", str(tmp_path / "setup.json"))
    wait_for_command(page, "tombgen tumba roll 1 1 2 --board board.json")
    assert reading(page) == printed("1", "1", "2", "--board", str(tmp_path / "setup.json"))
    assert page.locator(".tumba-board .passage").count() == 1   # the setup's one passage


def test_a_board_that_is_no_position_is_said_in_words(page):
    open_view(page, "tumba/roll")
    tap_dice(page, 3, 5, 6)
    page.select_option("#roll-board", "file")
    page.fill("#roll-json", json.dumps({"players": 2, "lines": {"1": 3}}))
    expect(page.locator(".roll .problem-box")).to_contain_text("board.json [lines]")
    page.fill("#roll-json", "{oops")
    expect(page.locator(".roll .problem-box")).to_contain_text("board.json: not JSON")


def test_the_roll_helper_fits_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(TIMEOUT_MS)
    phone.goto(server + "#tumba/roll?dice=356")
    assert reading(phone) == printed("3", "5", "6")
    phone.tap("button.chamber[data-line='5'][data-depth='0']")
    wait_for_command(phone, "tombgen tumba roll 3 5 6 --board board.json")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("button.face", "button.chamber"):
        box = phone.locator(selector).first.bounding_box()
        assert box["width"] >= 34 and box["height"] >= 34, selector   # a finger's target
    context.close()


def test_a_reload_and_a_shared_link_open_the_same_roll(page, browser, server):
    open_view(page, "tumba/roll")
    tap_dice(page, 4, 4, 1)
    page.click("button.chamber[data-line='2'][data-depth='1']")
    wait_for_command(page, "tombgen tumba roll 4 4 1 --board board.json")
    before = reading(page)
    url = page.url
    assert "dice=441" in url and "board=placed" in url and "m=2%3A01" in url, url
    page.reload()
    page.wait_for_selector("#main[data-view='tumba/roll']")
    assert reading(page) == before, (url, page.url)
    other = browser.new_page()
    other.set_default_timeout(TIMEOUT_MS)
    other.goto(url)
    assert reading(other) == before
    expect(other.locator("button.chamber[data-line='2'][data-depth='1']")).to_have_text("1")
    other.close()


def test_a_products_options_in_the_address_and_the_back_button(page, browser, server):
    open_view(page, "tanis/dig")
    page.fill("#seed", "12")
    page.check(".field-flag input >> nth=0")
    command = page.locator(".product .command")
    expect(command).to_have_text(re.compile(r"--mono.*--seed 12$"), timeout=TIMEOUT_MS)
    shown = command.text_content()
    url = page.url
    assert "seed=12" in url and "mono=true" in url
    # a shared link opens the same item
    other = browser.new_page()
    other.set_default_timeout(TIMEOUT_MS)
    other.goto(url)
    expect(other.locator(".product .command")).to_have_text(shown, timeout=TIMEOUT_MS)
    assert other.input_value("#seed") == "12"
    other.close()
    # the back button goes back to the view before, with its options
    open_view(page, "tut/trail")
    page.go_back()
    page.wait_for_selector("#main[data-view='tanis/dig']", state="attached")
    expect(page.locator(".product .command")).to_have_text(shown, timeout=TIMEOUT_MS)
    assert page.url == url


def test_a_long_preview_survives_opening_another_view(page):
    """A generated map rated by 1000 bot games takes a while: opening another view meanwhile
    does not stop it (that view waits its turn, saying for what), and back on its view the
    preview is there."""
    page.wait_for_selector(".pages[data-ready=yes]")   # the first view's preview is made
    open_view(page, "realms/map")
    page.fill("#seed", "3")
    page.wait_for_selector(".product.busy", state="attached")
    page.wait_for_timeout(1500)   # its request is in, the job running
    open_view(page, "tanis/dig")
    status = page.locator(".product .status")
    expect(status).to_contain_text("Waiting: this page's realms map 3 is running",
                                   timeout=TIMEOUT_MS)
    open_view(page, "realms/map")
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=3 * TIMEOUT_MS)
    assert page.locator(".product .problem-box li").count() == 0
    assert "--seed 3" in page.locator(".product .command").text_content()
    open_view(page, "tanis/dig")
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)


def test_the_tanis_scorer_by_tapping_tiles(page, tmp_path):
    open_view(page, "tanis/score")
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    for tile in ("snake 1", "snake 2", "snake 3"):
        page.click(f"button[data-tile='{tile}']")                 # player 1
    for tile in ("falcon 7", "falcon 8"):
        page.click(f"button[data-tile='{tile}']", click_count=1)
        page.click(f"button[data-tile='{tile}']")                 # player 2
    page.select_option("#score-first", "2")
    expect(page.locator("section.score .status")).to_have_text("winner: player 1")
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    text = page.locator("section.score pre.reading").text_content()
    name, data = downloaded(page, "text=Save score.json")
    (tmp_path / name).write_bytes(data)
    result = CliRunner().invoke(main, ["tanis", "score", str(tmp_path / name)])
    assert text == result.output
    assert "p1=snake1.2.3" in page.url and "first=2" in page.url
    page.reload()
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    assert page.locator("section.score pre.reading").text_content() == text


def scored(page) -> str:
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    return page.locator("section.score pre.reading").text_content()


def test_the_set_referee_scores_the_french_rulebooks_masks(page, tmp_path):
    """The French rulebook's example: 3 chairs each, two masks beat one: B advances 8, A 4."""
    open_view(page, "tut/score")
    expect(page.locator("section.score .status")).to_have_text("nobody pays for this set")
    page.select_option("#set-variant", "fr")
    page.select_option("#set-value", "8")
    for name, held, wild in (("A", "3", "1"), ("B", "3", "2")):
        page.fill(f"#set-held-{name}", held)
        page.fill(f"#set-wild-{name}", wild)
    page.select_option("#set-lang", "fr")
    expect(page.locator("section.score .status")).to_have_text("scored")
    text = scored(page)
    assert text == ("B avance de 8 sur le tableau de marque\n"
                    "A avance de 4 sur le tableau de marque\n")
    name, data = downloaded(page, "text=Save score-set.json")
    assert name == "score-set.json"
    (tmp_path / name).write_bytes(data)
    result = CliRunner().invoke(main, ["tut", "score-set", str(tmp_path / name), "--lang", "fr"])
    assert result.output == text
    assert page.locator("section.score .command").text_content() == \
        "tombgen tut score-set score-set.json --lang fr"
    assert "rules=fr" in page.url and "held=3.3" in page.url and "wild=1.2" in page.url
    page.reload()
    assert scored(page) == text
    # two tokens on one place: said before asking, in words
    page.select_option("#set-place-B", "1")
    expect(page.locator("section.score .problem-box li")).to_have_text(
        "A and B are both at token place 1: give each player its own place (1: furthest along "
        "the trail)")


def test_the_final_score_of_the_rulebooks_game(page, tmp_path):
    """The Hidden Realms rulebook's scoring example: 134 Fame points; on map-2, which holds 5
    mimics, its 6 are refused."""
    open_view(page, "realms/score")
    expect(page.locator("section.score .status")).to_have_text("0 points")
    page.fill("#tally-mummy_hits", "8 11 13 18")
    for key, value in (("oozes", 3), ("skeletons", 3), ("zombies", 3), ("golems", 3),
                       ("mimics", 6), ("magic_items", 3), ("leftovers", 5),
                       ("connected_entrances", 2), ("open_entrances", 2), ("open_rooms", 1)):
        page.fill(f"#tally-{key}", str(value))
    expect(page.locator("section.score .status")).to_have_text("134 points")
    text = scored(page)
    name, data = downloaded(page, "text=Save tallies.json")
    (tmp_path / name).write_bytes(data)
    result = CliRunner().invoke(main, ["realms", "score", str(tmp_path / name), "--map", "map-1"])
    assert result.exit_code == 0 and result.output == text
    assert page.locator("section.score .command").text_content() == \
        "tombgen realms score tallies.json --map map-1"
    assert "hits=8.11.13.18" in page.url and "mimics=6" in page.url
    page.reload()
    assert scored(page) == text
    page.select_option("#tally-map", "map-2")
    expect(page.locator("section.score .problem-box li")).to_have_text(
        "tallies.json: no sheet can show mimics = 6 (map map-2 has room for 5 mimics)")
    page.fill("#tally-mummy_hits", "8 eleven")
    expect(page.locator("section.score .problem-box li")).to_contain_text(
        "Mummy hits: eleven is not a round number")
