"""The page in a real browser (headless Chromium driven by Playwright): a player makes a Tanis
dig and sees its preview, downloads its PDF (the command line's bytes), draws a Hidden Realms
map into a broken rule and sees the problem on its square, fixes it, and prints the map's
sheet (the bytes of ``realms sheet --map`` on the map file the page saves).

The server is ``tombgen serve --port 0`` in a subprocess and Chromium tests/test_browser.py's
fixture (both through tests/studio/conftest.py): it skips, saying so, only when Chromium is not
installed, and .ci/run installs it and sets TOMBGEN_REQUIRE_CHROMIUM, under which a missing
Chromium fails the run instead.
"""

from __future__ import annotations

import re

from pathlib import Path

from playwright.sync_api import expect
from studio_support import cli_files
from test_browser import TIMEOUT_MS


def open_view(page, view: str) -> None:
    """Click the view's link and wait until it is the view shown: the click's hashchange swaps
    the views a moment later, and until then the fields on the page are the last view's."""
    page.click(f"nav a[href='#{view}']")
    page.wait_for_selector(f"#main[data-view='{view}']", state="attached")


def downloaded(page, selector: str) -> tuple[str, bytes]:
    with page.expect_download() as info:
        page.click(selector)
    return info.value.suggested_filename, Path(info.value.path()).read_bytes()


def test_a_tanis_dig_previewed_and_its_pdf_is_the_commands(page, tmp_path):
    open_view(page, "tanis/dig")
    page.fill("#seed", "12")
    expect(page.locator(".command")).to_have_text("tombgen tanis dig --seed 12", timeout=TIMEOUT_MS)
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    images = page.locator(".pages img")
    assert images.count() == 2
    for index in range(2):
        width = images.nth(index).evaluate("img => img.complete && img.naturalWidth")
        assert width > 500
    assert page.locator(".command").text_content() == "tombgen tanis dig --seed 12"
    name, data = downloaded(page, "button[data-file=pdf]")
    assert name == "tanis-dig-12.pdf"
    assert data == cli_files(tmp_path, "tanis", "dig", "--seed", "12")[name]


def test_a_bad_option_is_shown_on_its_field(page):
    open_view(page, "tut/trail")
    page.wait_for_selector(".pages[data-ready=yes]")
    page.fill(".field-int input >> nth=0", "9")
    page.wait_for_selector(".field.invalid")
    assert "9 is not in the range 2<=x<=6" in page.locator(".field.invalid").text_content()


def test_text_from_a_request_is_shown_as_text(page):
    """A value typed into a field comes back in the refusal, and is shown, not run."""
    open_view(page, "tut/trail")
    page.wait_for_selector(".pages[data-ready=yes]")
    page.fill("input[placeholder=WxH]", "<img src=x onerror=alert(1)><b>12x9</b>")
    page.wait_for_selector(".problem-box li")
    shown = page.locator(".problem-box").text_content()
    assert "<img src=x onerror=alert(1)><b>12x9</b>" in shown
    assert page.locator(".problem-box img, .problem-box b, .field img").count() == 0


def test_a_map_edited_into_a_problem_and_fixed_then_printed(page, tmp_path):
    open_view(page, "realms/editor")
    page.wait_for_selector(".verdict.good")
    # a shipped map, unchanged, prints as the command prints it by name
    name, pdf = downloaded(page, "text=Sheet PDF")
    assert pdf == cli_files(tmp_path, "realms", "sheet", "--map", "map-1", "--seed", "1")[name]
    # Map 1's green gem room at (2, 2) opens north onto (2, 1): stone there blocks its door
    page.click("button[data-tool=stone]")
    page.click("[data-square='2,1']")
    problem = page.wait_for_selector("[data-square='2,2'].bad")
    assert problem.get_attribute("data-problem") == "room-door-blocked"
    assert "door" in page.locator(".map-problems").text_content()
    page.click("button[data-tool=free]")
    page.click("[data-square='2,1']")
    page.wait_for_selector(".verdict.good")
    assert page.locator(".grid .bad").count() == 0
    # renamed, it is a map of one's own: printed from the map file the page saves
    page.fill(".editor input[type=text]", "The Edited Tomb")
    toml_name, toml = downloaded(page, "text=Save .toml")
    assert toml_name == "map-1.toml" and b'name = "The Edited Tomb"' in toml
    (tmp_path / toml_name).write_bytes(toml)
    pdf_name, pdf = downloaded(page, "text=Sheet PDF")
    made = cli_files(tmp_path, "realms", "sheet", "--map", toml_name, "--seed", "1")
    # named as the command names it: the file's name and a hash of its bytes
    assert re.fullmatch(r"realms-sheet-1-map-map-1-[0-9a-f]{6}\.pdf", pdf_name)
    assert made[pdf_name] == pdf


def test_the_editors_sheet_waits_for_another_views_preview(page, server, tmp_path):
    """A generated map's preview (its rating games, about 8 s) still runs when the editor is
    opened: the editor's Sheet PDF says what it waits for, then downloads once that job has
    ended (here: once it is cancelled, so that the test need not wait for its games)."""
    refused: list[dict] = []
    page.on("response", lambda r: refused.append(r.json())
            if r.status == 409 and "/api/realms/sheet.pdf" in r.url else None)
    # the first view's preview done, the map's is the page's one job
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    with page.expect_request(lambda r: "/api/realms/map." in r.url):
        page.goto(server.split("#")[0] + "#realms/map?seed=5&rating_games=2000")
    page.wait_for_timeout(500)                      # the server has taken the preview's job
    open_view(page, "realms/editor")
    page.wait_for_selector(".print .status", state="attached")
    # every status the print section shows, read the moment it is set (a wait may be short)
    page.evaluate("""() => {
      window.printSaid = [];
      const status = document.querySelector('.print .status');
      new MutationObserver(() => window.printSaid.push(status.textContent))
        .observe(status, {childList: true, characterData: true, subtree: true});
    }""")
    # a sheet no other test made (none cached); set without an input event, which would
    # preview it
    page.evaluate("() => { document.querySelector('.print .seed-row input').value = '7'; }")
    with page.expect_download(timeout=TIMEOUT_MS) as info:
        page.click("text=Sheet PDF")
        for _ in range(200):
            busy = [body["busy"]["job"] for body in refused if "busy" in body]
            if busy:
                break
            page.wait_for_timeout(50)
        assert busy, "the preview had ended before the sheet was asked for"
        page.evaluate("job => fetch(`/api/jobs/${job}`, {method: 'DELETE'}).then((r) => r.status)",
                      busy[0])
    name = info.value.suggested_filename
    data = Path(info.value.path()).read_bytes()
    assert data == cli_files(tmp_path, "realms", "sheet", "--map", "map-1", "--seed", "7")[name]
    assert any(said.startswith("Waiting: this page's ") for said in page.evaluate("window.printSaid"))


def test_a_shipped_maps_stored_rating_is_shown_with_its_interval(page):
    open_view(page, "realms/editor")
    page.wait_for_selector(".verdict.good")
    # Map 1's stored rating (seeds/realms.toml [rating.shipped.map-1]), against map-3's par
    assert page.locator("p.rated").text_content() == (
        "Rated easy: par 162 (95% interval 159–164; p10 114, p90 205) over 2000 bot games; "
        "map-3 par 121.5.")


def test_a_rated_maps_preview_shows_its_games_and_can_be_cancelled(page, server):
    """The Generated map preview says how its rating is getting on (the games, the par and its
    interval so far) and offers Cancel, which stops it."""
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    page.goto(server.split("#")[0] + "#realms/map?seed=5&rating_games=2000")
    status = page.locator(".product .status")
    expect(status).to_contain_text(re.compile(r"Making… \d+ of at most 2000 rating games of map "
                                              r"1: par [0-9.]+ \(95% interval [0-9.]+–[0-9.]+\) "
                                              r"so far, "), timeout=TIMEOUT_MS)
    page.click(".product .toolbar button:has-text('Cancel')")
    expect(status).to_have_text("Cancelled. Change an option, or press New seed, to make "
                                "another.")
    expect(page.locator(".pages")).to_have_attribute("data-ready", "cancelled")
    assert page.locator(".product .toolbar button:has-text('Cancel')").is_hidden()
