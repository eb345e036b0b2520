"""Studio test fixtures: one app per module, its helpers importable (studio_support)."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import test_browser  # noqa: E402  (the tests' folder goes on sys.path first)
from studio_support import start_server, studio_client  # noqa: E402

browser = test_browser.browser  # Chromium, for the page tests
TIMEOUT_MS = test_browser.TIMEOUT_MS


@pytest.fixture(scope="module")
def client():
    with studio_client() as opened:
        yield opened


@pytest.fixture(scope="module")
def server():
    process, url = start_server("--port", "0")
    yield url
    process.terminate()
    process.wait(30)


@pytest.fixture
def page(browser, server):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1300, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server)
    yield opened
    context.close()
    assert errors == []
