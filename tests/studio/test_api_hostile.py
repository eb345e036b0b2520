"""The page under attack from this machine: sizes checked before anything is built, never a 500,
no other site's page may drive it, a token beyond this machine, a bounded queue, workers that
die with the server, and no job folder left by a killed one. Each test fails on the version
before its fix (the docstring says what that version did)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from helpers import descendants
from studio_support import start_server, studio_client

MAP_JSON = None


def map_body(**changes) -> bytes:
    """A valid realms map document with some fields changed."""
    global MAP_JSON
    if MAP_JSON is None:
        from generator.core.data import resource
        from generator.games.realms.mapfile import load_map
        from generator.games.realms.model import map_to_fields

        m = load_map(str(resource("maps", "realms/map-2.toml")))
        MAP_JSON = {"format": "tombgen/realms.map", "version": 1, "seed": None,
                    "generator": "tombgen 0.1.0", "name": m.name, "difficulty": m.difficulty,
                    "description": m.description, **map_to_fields(m)}
    return json.dumps({**MAP_JSON, **changes}).encode()


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize("path, body, status, words", [
    # a grid of 3000 x 3000 squares was built in the event loop (36 MB back; 10^9: 12.5 GB)
    ("/api/realms/toml", {"size": [3000, 3000]}, 422, "each side must be 12 to 16 squares"),
    ("/api/realms/toml", {"size": [10 ** 9, 10 ** 9]}, 422, "each side must be 12 to 16"),
    ("/api/realms/toml", {"size": [-3, 12]}, 422, "the map is -3 x 12"),
    ("/api/realms/toml", {"stone": [[40, 40]]}, 422, "stone outside the map [out-of-grid]"),
    # each of these was a 500
    ("/api/realms/toml", {"name": "a\u202eb"}, 422, "a bidirectional control (U+202E)"),
    ("/api/realms/validate", {"name": "a\u202eb"}, 422, "a bidirectional control (U+202E)"),
    ("/api/realms/sheet.svg", {"name": "a\u202eb"}, 422, "a bidirectional control"),
    ("/api/realms/toml", {"description": "x" * 10_001}, 422, "10,001 characters long"),
    ("/api/realms/validate", {"description": "x" * 10_001}, 422, "at most 10,000"),
    ("/api/realms/rate", {"description": "x" * 10_001}, 422, "at most 10,000"),
    ("/api/realms/sheet.svg", {"size": [-3, 12]}, 422, "the map is -3 x 12"),
    ("/api/realms/toml", {"stone": [[1, 1]] * 300}, 400, "300 entries"),
])
def test_a_map_in_the_body_is_checked_before_anything_is_built(client, path, body, status,
                                                              words):
    start = time.monotonic()
    answer = client.post(path, content=map_body(**body), headers=JSON)
    assert answer.status_code == status, answer.text[:300]
    assert words in " ".join(answer.json()["problems"])
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("url", [
    "/api/tanis/dig.svg?page=\u00b2", "/api/tanis/dig.svg?item=\u00b2",
    "/api/tanis/dig.svg?seed=\u00b2", "/api/tanis/aid.png?page=\u00b2",
    "/api/tanis/dig.svg?page=" + "9" * 3000, "/api/tanis/dig.svg?page=\u0663",
], ids=lambda url: url[:40])
def test_unicode_digits_are_no_numbers_and_no_500(client, url):
    """int("²") raised ValueError: a 500"""
    answer = client.get(url)
    assert answer.status_code == 400, answer.text
    assert answer.json()["problems"]


def test_rating_games_of_a_product_are_bounded_as_a_ratings_are(client):
    """/api/realms/map.svg?rating_games=2001 played until the time limit stopped it (503)"""
    answer = client.get("/api/realms/map.svg?rating_games=2001&seed=1")
    assert answer.status_code == 400
    assert answer.json()["problems"] == ["--rating-games 2001: at most 2000 over HTTP "
                                         "(seeds/studio.toml, [limits] rating_games)"]


def test_a_hostile_character_in_a_refused_value_is_escaped(client):
    answer = client.get("/api/realms/sheet.svg?map=map-1%E2%80%AE")
    assert answer.status_code == 400
    assert answer.json()["problems"][0].startswith("--map map-1\\u202e: over HTTP this takes")


@pytest.mark.parametrize("method, url", [("POST", "/api/realms/rate?games=\u00b2"),
                                         ("POST", "/api/realms/rate?seed=\u00b2")])
def test_unicode_digits_in_a_rating_are_400(client, method, url):
    answer = client.request(method, url, content=map_body(), headers=JSON)
    assert answer.status_code == 400 and "a whole number" in answer.json()["problems"][0]


def test_a_content_length_that_is_no_number_is_400(client):
    from generator.studio.app import Guard

    guard = Guard(None, {"query_bytes": 4096, "body_bytes": 65536}, ("testserver",))
    scope = {"server": ("testserver", 80), "path": "/api/realms/validate", "method": "POST"}
    assert guard._refusal(scope, {"host": "testserver", "content-length": "\u00b2"}) == \
        (400, "Content-Length: \u00b2 is not a number of bytes")


# ------------------------------------------------------------------------ another site's page

@pytest.mark.parametrize("headers", [
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image"},
    {"sec-fetch-site": "same-site", "sec-fetch-mode": "cors"},
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate"},  # a link to an API file
    {"origin": "http://evil.example"},
    {"origin": "null"},
])
def test_a_request_another_site_makes_is_403(client, headers):
    """an <img> tag on any website started a build: cross-site GETs carry no Origin"""
    answer = client.get("/api/tanis/dig.svg?seed=1", headers=headers)
    assert answer.status_code == 403, answer.text
    assert "refused" in answer.json()["problems"][0]


@pytest.mark.parametrize("headers", [
    {}, {"sec-fetch-site": "same-origin", "sec-fetch-mode": "cors"},
    {"sec-fetch-site": "none", "sec-fetch-mode": "navigate"},
    {"origin": "http://testserver", "sec-fetch-site": "same-origin"},
])
def test_the_page_itself_and_tools_like_curl_are_served(client, headers):
    assert client.get("/api/seed", headers=headers).status_code == 200


def test_a_link_from_another_site_may_open_the_page(client):
    answer = client.get("/", headers={"sec-fetch-site": "cross-site",
                                      "sec-fetch-mode": "navigate"})
    assert answer.status_code == 200 and b"tombgen studio" in answer.content


# ------------------------------------------------------------------ beyond this machine: a token

def test_a_server_with_a_token_answers_only_with_it():
    """--host 0.0.0.0 turned the Host check off and had no token"""
    from studio_support import TestClient

    from generator.studio.app import make_app

    with TestClient(make_app(hosts=("testserver",), token="s3cret")) as client:
        assert client.get("/api/seed").status_code == 403
        assert client.get("/api/seed?token=wrong").status_code == 403
        assert client.get("/api/seed", headers={"x-tombgen-token": "s3cret"}).status_code == 200
        assert client.get("/api/seed?token=s3cret").status_code == 200
        page = client.get("/?token=s3cret")  # the address tombgen serve prints
        assert page.status_code == 200 and "tombgen_token=s3cret" in page.headers["set-cookie"]
        assert "HttpOnly" in page.headers["set-cookie"] and "SameSite=Strict" in \
            page.headers["set-cookie"]
        assert client.get("/api/seed").status_code == 200  # the page's requests: the cookie
        # the Host check stays
        assert client.get("/api/seed", headers={"host": "evil.example"}).status_code == 421


def test_serve_on_every_interface_prints_an_address_with_its_token():
    server, url = start_server("--port", "0", "--host", "0.0.0.0")
    try:
        assert "?token=" in url
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url.split("?")[0] + "api/seed", timeout=30)
        assert refused.value.code == 403
        port = url.split(":")[2].split("/")[0]
        token = url.split("token=")[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/seed?token={token}",
                                    timeout=30) as answer:
            assert "seed" in json.loads(answer.read())
        asked = urllib.request.Request(f"http://127.0.0.1:{port}/api/seed?token={token}",
                                       headers={"Host": "rebound.example"})
        with pytest.raises(urllib.error.HTTPError) as other:
            urllib.request.urlopen(asked, timeout=30)
        assert other.value.code == 421
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)


# ------------------------------------------------------------------------------------- jobs

def test_a_full_queue_is_429_with_retry_after():
    """the queue had no bound: 12 queued ratings delayed a 0.3 s preview to 39 s"""
    with studio_client(queue=0) as client:
        answer = client.get("/api/tanis/dig.svg?seed=1")
        assert answer.status_code == 429, answer.text
        assert answer.headers["retry-after"] == "5"
        assert "waiting for a worker" in answer.json()["problems"][0]


def test_the_runner_queues_at_most_its_bound():
    from generator.studio.jobs import JobError, Runner

    runner = Runner(workers=1, time_limit=10, queue=2)
    first = runner.new("page-1", "a")
    runner.new("page-1", "a again")  # one job per page: the newer replaces the older
    assert first.cancel_reason
    runner.new(None, "b")
    with pytest.raises(JobError) as full:
        runner.new(None, "c")
    assert full.value.status == 429 and full.value.headers == {"Retry-After": "5"}
    runner.new("page-1", "mine")  # a page may always replace its own job
    with pytest.raises(JobError):
        runner.new("page-2", "another page's")


def test_stale_job_folders_are_removed_at_the_next_start():
    """a server killed with kill -9 left its tombgen-jobs-* folder behind for good"""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = Path(tempfile.gettempdir()) / f"tombgen-jobs-{gone}-leftover"
    stale.mkdir(exist_ok=True)
    (stale / "file").write_text("x")
    mine = Path(tempfile.mkdtemp(prefix=f"tombgen-jobs-{os.getpid()}-"))
    try:
        with studio_client():
            assert not stale.exists()
            assert mine.exists()  # a live server's folder stays
    finally:
        mine.rmdir()


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_die_with_the_server_even_on_kill_9():
    """after kill -9 of the server its worker went on with its job"""
    server, url = start_server("--port", "0")
    import threading

    def ask():
        try:
            urllib.request.urlopen(url + "api/realms/map.pdf?seed=1&rating_games=2000",
                                   timeout=120)
        except Exception:  # noqa: BLE001 - the server is killed under it
            pass

    threading.Thread(target=ask, daemon=True).start()
    end = time.monotonic() + 60
    workers: set[int] = set()
    while time.monotonic() < end and len(workers) < 2:  # the forkserver and the job
        time.sleep(0.5)
        workers = set(descendants(server.pid))
    assert len(workers) >= 2, workers
    os.kill(server.pid, signal.SIGKILL)
    server.wait(30)
    end = time.monotonic() + 10
    while time.monotonic() < end and any(_running(p) for p in workers):
        time.sleep(0.2)
    assert not [p for p in workers if _running(p)]


def test_the_state_of_a_finished_build_is_json(client):
    """GET /api/jobs/<id> of a finished build put its files' bytes into JSON: a 500"""
    studio = client.app.state.studio
    assert client.get("/api/tanis/dig.svg?seed=77").status_code == 200
    job = next(j for j in reversed(studio.runner.jobs.values()) if "tanis dig 77" in j.label)
    answer = client.get(f"/api/jobs/{job.id}")
    assert answer.status_code == 200 and answer.json()["state"] == "done"
