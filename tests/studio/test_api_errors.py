"""Every refusal of the API has one shape, ``{"problems": [...]}``, and the status that says
why: 400 a bad option (in the command line's words, each option named), 404 nothing there,
405 a wrong method, 413 a body too big, 414 a query too long, 421 a host it does not serve,
403 a request from another page, 422 a rule broken (with the validation report)."""

from __future__ import annotations

import pytest

from helpers import english_only
from studio_support import cli_error


def refused(answer, status: int) -> list[str]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert isinstance(body["problems"], list) and body["problems"]
    assert all(isinstance(p, str) and p for p in body["problems"])
    return body["problems"]


def test_a_bad_choice_is_400_in_the_command_lines_words(client):
    code, output = cli_error("tanis", "dig", "--style", "zigzag", "--out", "unused")
    problems = refused(client.get("/api/tanis/dig.svg?style=zigzag"), 400)
    assert code == 2 and problems[0] in output
    assert "--style: zigzag is not one of classic, random" in problems[0]


def test_every_bad_option_is_listed_and_named(client):
    answer = client.get("/api/tut/trail.pdf?players=9&shape=round&spread=maybe&colour=red")
    problems = refused(answer, 400)
    assert len(problems) == 4
    assert set(answer.json()["options"]) == {"players", "shape", "spread", "colour"}
    assert "9 is not in the range 2<=x<=6" in answer.json()["options"]["players"]
    assert "write true or false" in answer.json()["options"]["spread"]
    assert "--colour" in answer.json()["options"]["colour"]


def test_a_problem_of_the_declarations_is_400_as_the_command_says_it(client):
    code, output = cli_error("realms", "sheet", "--count", "3", "--out", "unused")
    problems = refused(client.get("/api/realms/sheet.pdf?count=3"), 400)
    assert code == 2 and problems == [output.removeprefix("tombgen: error: ").strip()]
    code, output = cli_error("realms", "sheet", "--size", "13", "--out", "unused")
    problems = refused(client.get("/api/realms/sheet.pdf?size=13"), 400)
    assert code == 2 and problems[0] in output and "only with --map random" in problems[0]


def test_an_aid_option_is_checked_as_the_command_checks_it(client):
    code, output = cli_error("aid", "tanis", "--bleed", "99", "--out", "unused")
    problems = refused(client.get("/api/tanis/aid.pdf?bleed=99"), 400)
    assert code == 2 and problems == [output.removeprefix("tombgen: error: ").strip()]
    problems = refused(client.get("/api/tanis/aid.pdf?size=huge"), 400)
    assert "--size: huge is not one of a4, a5, a6, tarot, tarot-us, poker, poker-us" in problems[0]


def test_a_language_a_sheet_is_not_printed_in_is_400(client, monkeypatch):
    english_only(monkeypatch, "tanis", "dig")   # every product is translated now
    problems = refused(client.get("/api/tanis/dig.svg?lang=fr"), 400)
    assert problems == ["--lang fr: tanis dig sheets are printed in en only so far; use --lang en"]


def test_a_rule_broken_is_422_as_the_command_says_it(client):
    code, output = cli_error("tut", "trail", "--table", "12x9", "--shape", "spiral", "--seed",
                             "1", "--out", "unused")
    problems = refused(client.get("/api/tut/trail.svg?table=12x9&shape=spiral&seed=1"), 422)
    assert code == 1 and problems == [output.removeprefix("tombgen: error: ").strip()]
    problems = refused(client.get("/api/realms/sheet.pdf?map=map-1&difficulty=hard"), 422)
    assert "rated easy" in problems[0]


@pytest.mark.parametrize("query, words", [
    ("map=/etc/passwd", "over HTTP this takes map-1, map-2, map-3, map-4, random"),
    ("map=../maps/realms/map-1.toml", "over HTTP this takes"),
    ("map=map-1,/etc/hosts&players=2", "over HTTP this takes"),
    ("format=svg", "the format is the URL's extension"),
    ("out=/tmp", "files are not written"),
    ("jobs=4", "not over HTTP"),
    ("seed=1&seed=2", "--seed is given twice"),
    ("item=0", "a whole number from 1"),
    ("count=51&map=random&rating_games=0", "at most 50 over HTTP"),
    ("map=" + "m" * 201, "201 characters; at most 200"),
])
def test_what_a_url_may_not_ask(client, query, words):
    problems = refused(client.get(f"/api/realms/sheet.pdf?{query}"), 400)
    assert any(words in p for p in problems), problems


def test_a_name_that_is_a_file_of_the_servers_folder_is_not_read(client, tmp_path, monkeypatch):
    """Neither a name the page does not offer, nor a shipped map's name that is also a file
    of the folder the server runs in: jobs run in an empty folder."""
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.model import map_to_fields

    shipped = map_to_fields(load_map("map-2"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret").write_text("name = 'x'\n")
    refused(client.get("/api/realms/sheet.pdf?map=secret"), 400)
    (tmp_path / "map-2").write_text("not a map\n")  # the command line would read this file
    answer = client.get("/api/realms/sheet.json?map=map-2&seed=4")
    assert answer.status_code == 200 and answer.json()["map"] == shipped
    assert client.get("/api/realms/maps/map-2").json()["map"] == shipped


@pytest.mark.parametrize("url", [
    "/api/chess/board.svg", "/api/tanis/board.svg", "/api/tanis/dig.png?seed=1",
    "/api/tanis/dig.svg?seed=1&page=3", "/api/chess/aid.pdf", "/api/tanis/aid.svg",
    "/api/jobs/nothing", "/api/realms/maps/map-9", "/api/nothing", "/static/nothing.js",
])
def test_nothing_there_is_404(client, url):
    refused(client.get(url), 404)


def test_an_item_beyond_the_run_is_400(client):
    refused(client.get("/api/tanis/dig.svg?seed=1&count=2&item=3"), 400)


def test_a_wrong_method_is_405(client):
    refused(client.delete("/api/tanis/dig.pdf?seed=1"), 405)
    refused(client.get("/api/realms/validate"), 405)


def test_a_body_too_big_is_413_with_or_without_its_length(client):
    big = "#" * 70_000
    refused(client.post("/api/realms/validate", content=big), 413)
    chunks = (b"#" * 10_000 for _ in range(7))  # sent in chunks: no Content-Length
    refused(client.post("/api/realms/validate", content=chunks), 413)


def test_a_query_too_long_is_414(client):
    refused(client.get("/api/tanis/dig.svg?" + "&".join(["x=1"] * 1200)), 414)


def test_another_host_is_421_and_another_origin_403(client):
    refused(client.get("/api/seed", headers={"host": "evil.example"}), 421)
    refused(client.get("/api/seed", headers={"origin": "http://evil.example"}), 403)
    assert client.get("/api/seed", headers={"origin": "http://testserver"}).status_code == 200


def test_the_page_may_run_only_its_own_script(client):
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/studio.js"' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    svg = client.get("/api/tumba/setup.svg?seed=1")
    assert "sandbox" in svg.headers["content-security-policy"]
    assert svg.headers["x-content-type-options"] == "nosniff"


def test_the_pages_files_are_served(client):
    from generator.studio.app import static_root

    names = [p.name for p in static_root().iterdir()]
    assert {"index.html", "studio.js", "studio.css", "editor.js"} <= set(names)
    for name in names:
        assert client.get(f"/static/{name}").status_code == 200


def test_no_text_from_a_request_becomes_markup_in_the_page():
    """The page builds its elements with text nodes only: no script sets innerHTML,
    outerHTML, insertAdjacentHTML or document.write."""
    from generator.studio.app import static_root

    for script in static_root().glob("*.js"):
        text = script.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in text, f"{script.name} uses {sink}"
