"""Screenshots of the local web page for the README and docs/web-page.md:
``python docs/screenshots.py``.

Starts ``tombgen serve`` on a free port, drives Debian's Chromium with Playwright through what a
player does (a Tanis dig with a new seed, a Hidden Realms map drawn into a problem, a Tutan
Tumba roll read on a phone with mummies tapped onto the board, the French rulebook's masks
scored by the Tutankhamen set referee, the Hidden Realms rulebook's game scored), and writes
``docs/studio-product.png``, ``docs/studio-editor.png`` and the phone views (390 px wide)
``docs/studio-roll-phone.png``, ``docs/studio-set-phone.png``, ``docs/studio-score-phone.png``
and ``docs/studio-tanis-phone.png``. ``--out DIR`` writes them elsewhere.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 120_000


def start_server() -> tuple[subprocess.Popen, str]:
    """``python -m generator serve --port 0 --no-open`` from the checkout; (process, URL)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port", "0",
                               "--no-open"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    for line in server.stdout:
        found = re.search(r"(http://\S+/)", line)
        if found:
            return server, found.group(1)
    raise RuntimeError("tombgen serve did not print its address")


def product(page, url: str, out: Path) -> None:
    """A Tanis dig, classic style, seed 12: both pages previewed."""
    from playwright.sync_api import expect

    page.goto(url + "#tanis/dig")
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    page.fill("#seed", "12")
    page.select_option(".field-choice select", "classic")
    expect(page.locator(".command")).to_have_text(
        "tombgen tanis dig --style classic --seed 12", timeout=TIMEOUT_MS)
    expect(page.locator(".pages")).to_have_attribute("data-ready", "yes", timeout=TIMEOUT_MS)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "studio-product.png"))


def editor(page, url: str, out: Path) -> None:
    """Map 1 in the editor with stone painted before a room's door: the problem on its square."""
    page.goto(url + "#realms/editor")
    page.wait_for_selector(".verdict.good")
    page.click("button[data-tool=stone]")
    page.click("[data-square='2,1']")          # before the green gem room's door
    page.wait_for_selector("[data-square].bad")
    page.mouse.move(5, 5)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "studio-editor.png"))


def phone(browser):
    """A 390 px phone's page (and its context, to close)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


def set_phone(browser, url: str, out: Path) -> None:
    """The set referee on a phone: the French rulebook's two players with 3 chairs each, one
    playing two masks, the other one."""
    context, page = phone(browser)
    page.goto(url + "#tut/score?rules=fr&value=8&players=2&held=3.3&wild=1.2&place=1.2")
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    page.wait_for_timeout(300)
    page.locator("section.score").screenshot(path=str(out / "studio-set-phone.png"))
    context.close()


def tanis_phone(browser, url: str, out: Path) -> None:
    """The Tanis scorer on a phone: snakes 1-3 and ankh 5 for player 1, falcons 7 and 8 for
    player 2, who took the first turn."""
    context, page = phone(browser)
    page.goto(url + "#tanis/score?p1=snake1.2.3,ankh5&p2=falcon7.8&first=2")
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    page.wait_for_timeout(300)
    page.locator("section.score").screenshot(path=str(out / "studio-tanis-phone.png"))
    context.close()


def score_phone(browser, url: str, out: Path) -> None:
    """The final score on a phone: the Hidden Realms rulebook's scoring example on map 1."""
    context, page = phone(browser)
    page.goto(url + "#realms/score?map=map-1&oozes=3&skeletons=3&zombies=3&golems=3&mimics=6"
                    "&magic_items=3&leftovers=5&connected_entrances=2&open_entrances=2"
                    "&open_rooms=1&hits=8.11.13.18")
    page.wait_for_selector("section.score:not(.busy) pre.reading[data-ready=yes]")
    page.wait_for_timeout(300)
    page.locator("section.score").screenshot(path=str(out / "studio-score-phone.png"))
    context.close()


def roll_phone(browser, url: str, out: Path) -> None:
    """The roll helper on a 390 px phone: dice 3 5 6 tapped, a mummy of each of two players
    tapped onto lines 5 and 3, the reading with its incinerations."""
    context, page = phone(browser)
    page.goto(url + "#tumba/roll")
    for die, face in enumerate((3, 5, 6)):
        page.tap(f"button.face[data-die='{die}'][data-face='{face}']")
    page.tap("button.chamber[data-line='5'][data-depth='0']")
    page.tap("button.chamber[data-line='3'][data-depth='0']")
    page.tap("button.chamber[data-line='3'][data-depth='0']")
    page.wait_for_selector("section.roll:not(.busy) pre.reading[data-ready=yes]")
    page.wait_for_timeout(300)
    page.locator("section.roll").screenshot(path=str(out / "studio-roll-phone.png"))
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server, url = start_server()
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(TIMEOUT_MS)
            product(page, url, args.out)
            editor(page, url, args.out)
            roll_phone(browser, url, args.out)
            set_phone(browser, url, args.out)
            score_phone(browser, url, args.out)
            tanis_phone(browser, url, args.out)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    for name in ("studio-product.png", "studio-editor.png", "studio-roll-phone.png",
                 "studio-set-phone.png", "studio-score-phone.png", "studio-tanis-phone.png"):
        print(f"wrote {args.out / name}")


if __name__ == "__main__":
    main()
