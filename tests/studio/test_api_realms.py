"""The map editor's API: validation as ``tombgen realms validate`` gives it, each problem placed
on its square or entrance; shipped maps; the map file writer; rating jobs with progress, a
cancel and a time limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.core.data import resource
from generator.games.realms.mapfile import load_map, parse_map_text
from generator.games.realms.model import map_to_fields

from studio_support import cli_error, finished, studio_client

MAP_1 = resource("maps", "realms/map-1.toml")


def map_1() -> dict:
    return {"format": "tombgen/realms.map", "version": 1, **map_to_fields(load_map("map-1"))}


def test_a_valid_map_is_200_in_either_form(client):
    for body in (MAP_1.read_bytes(), json.dumps(map_1()).encode()):
        answer = client.post("/api/realms/validate", content=body)
        assert answer.status_code == 200
        assert answer.json()["valid"] is True and answer.json()["problems"] == []
        assert answer.json()["map"]["size"] == [12, 12]


def test_problems_a_page_expects_are_a_200_answer(client):
    """The editor checks as the player draws: problems are then the expected answer (200 with
    ``valid`` false, so the browser logs no failed request), a map file alone stays 422."""
    doc = map_1()
    doc["stone"].append([2, 1])
    answer = client.post("/api/realms/validate?expect=problems", json=doc)
    assert answer.status_code == 200 and answer.json()["valid"] is False
    assert answer.json()["problems"][0]["code"] == "room-door-blocked"
    assert client.post("/api/realms/validate", json=doc).status_code == 422
    # unreadable is still unreadable
    assert client.post("/api/realms/validate?expect=problems", content=b"[").status_code == 400


def test_a_problem_is_placed_on_its_square(client):
    """Map 1's green gem room at (2, 2) has its door north, onto (2, 1): stone there blocks it."""
    doc = map_1()
    doc["stone"].append([2, 1])
    answer = client.post("/api/realms/validate", json=doc)
    assert answer.status_code == 422
    (problem,) = answer.json()["problems"]
    assert problem["code"] == "room-door-blocked" and problem["square"] == [2, 2]


def test_an_entrance_problem_is_placed_on_its_entrance(client):
    """Map 1's north entrance opens into (9, 0); stone there blocks it."""
    doc = map_1()
    doc["stone"].append([9, 0])
    problems = client.post("/api/realms/validate", json=doc).json()["problems"]
    blocked = [p for p in problems if p["code"] == "entrance-blocked"]
    assert [p["entrance"] for p in blocked] == [[9, 0, "N"]]


def test_the_report_is_the_commands_and_file_places_become_squares(client, tmp_path):
    text = MAP_1.read_text().replace("|   M   .   .   Gb", "|   M   .   .   Zz", 1)
    (tmp_path / "broken.toml").write_text(text)
    code, output = cli_error("realms", "validate", str(tmp_path / "broken.toml"), "--json")
    answer = client.post("/api/realms/validate?name=broken.toml", content=text)
    assert code == 1 and answer.status_code == 422
    report = answer.json()["report"]
    expected = json.loads(output)
    assert report["violations"] == [
        {**v, "where": v["where"].replace(str(tmp_path / "broken.toml"), "broken.toml")}
        for v in expected["violations"]]
    unknown = next(p for p in answer.json()["problems"] if p["code"] == "unknown-symbol")
    assert unknown["square"] == [3, 1] and unknown["where"].startswith("broken.toml:")


@pytest.mark.parametrize("body, words", [
    ("grid = [", "invalid TOML"),
    ('{"size": [12, 12]}', "expected \"format\": \"tombgen/realms.map\""),
    ('{"format": "tombgen/realms.map", "version": 1, "size": 12}', "missing key(s)"),
])
def test_an_unreadable_map_is_400(client, body, words):
    answer = client.post("/api/realms/validate", content=body)
    assert answer.status_code == 400 and words in answer.json()["problems"][0]


def test_a_name_is_a_plain_file_name(client):
    for name in ("../x.toml", "a/b.toml", ".hidden.toml"):
        answer = client.post("/api/realms/validate", params={"name": name}, content=b"x")
        assert answer.status_code == 400, name


def test_a_shipped_map_and_its_stored_rating(client):
    answer = client.get("/api/realms/maps/map-2").json()
    assert answer["map"] == map_to_fields(load_map("map-2"))
    assert answer["rating"]["label"] == "standard" and answer["rating"]["par"] == 131.0


def test_the_map_file_writer_gives_the_shipped_file_back(client):
    answer = client.post("/api/realms/toml", json=map_1())
    assert answer.status_code == 200 and answer.content == MAP_1.read_bytes()
    assert parse_map_text(answer.text, "x").map == load_map("map-1")


def test_the_sheet_of_an_invalid_map_is_422_with_the_report(client):
    doc = map_1()
    doc["stone"].append([2, 1])
    answer = client.post("/api/realms/sheet.pdf?seed=1", json=doc)
    assert answer.status_code == 422
    assert answer.json()["report"]["violations"][0]["code"] == "room-door-blocked"


def test_the_sheet_of_a_map_in_the_body_takes_no_other_map(client):
    answer = client.post("/api/realms/sheet.pdf?seed=1&map=map-2", json=map_1())
    assert answer.status_code == 400 and "--map" in answer.json()["problems"][0]


def test_a_rating_reports_progress_and_gives_the_ratings_numbers(client):
    from generator.games.realms.products import fingerprint
    from generator.games.realms.rating import rate

    started = client.post("/api/realms/rate?games=25&seed=11", json=map_1())
    assert started.status_code == 202 and started.json()["total"] == 25
    state = finished(client, started.json()["job"])
    assert state["state"] == "done" and state["done"] == state["total"] == 25
    m = load_map("map-1")
    assert state["result"] == {**rate(m, 25, 11).to_fields(), "fingerprint": fingerprint(m)}


def test_a_rating_can_be_cancelled(client):
    job = client.post("/api/realms/rate?games=2000&seed=1", json=map_1()).json()["job"]
    cancelled = client.delete(f"/api/jobs/{job}")
    assert cancelled.status_code == 200
    state = finished(client, job)
    assert state["state"] == "cancelled" and state["done"] < 2000
    assert "cancelled from the page" in state["problems"][0]


def test_a_rating_stops_at_the_time_limit():
    """A rating stops early when its label is clear: the limit is set below what the first
    batch of games takes on any machine."""
    with studio_client(time_limit=0.25) as limited:
        job = limited.post("/api/realms/rate?games=2000&seed=1", json=map_1()).json()["job"]
        state = finished(limited, job)
        assert state["state"] == "timeout" and "time limit of 0.25 s" in state["problems"][0]
        assert 0.25 <= state["seconds"] < 10


def test_a_build_past_the_time_limit_is_503():
    with studio_client(time_limit=0.2) as limited:
        answer = limited.get("/api/realms/map.json?seed=1&rating_games=2000")
        assert answer.status_code == 503 and "time limit" in answer.json()["problems"][0]


@pytest.mark.parametrize("query", ["games=0", "games=2001", "games=ten", "seed=-1"])
def test_rating_games_and_seed_are_bounded(client, query):
    answer = client.post(f"/api/realms/rate?{query}", json=map_1())
    assert answer.status_code == 400


def test_an_invalid_map_is_not_rated(client):
    doc = map_1()
    doc["entrances"] = doc["entrances"][:3]
    answer = client.post("/api/realms/rate?games=5", json=doc)
    assert answer.status_code == 422 and "entrance-count" in answer.text


def test_the_vocabulary_is_the_games_data(client):
    from generator.games.realms.model import data, finding_kinds, room_kinds

    words = client.get("/api/realms/vocabulary").json()
    assert [f["kind"] for f in words["findings"]] == [k for k in finding_kinds() if k != "coins"]
    assert [r["kind"] for r in words["rooms"]] == list(room_kinds())
    assert (words["min_size"], words["max_size"]) == (12, 16)
    assert words["doors"] == dict(data()["legend"]["doors"])
    named = {f["kind"]: f["name"] for f in words["findings"]}
    assert named["wand"] == "Wand of Shifting Walls" and named["ooze"] == "ooze"


def test_saved_maps_are_not_written_on_the_server(client, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    client.post("/api/realms/toml?name=mine.json", json=map_1())
    client.post("/api/realms/sheet.pdf?name=mine.toml&seed=1", content=MAP_1.read_bytes())
    assert list(Path(tmp_path).iterdir()) == []


def test_a_ratings_games_have_one_source(client):
    """The page's default is ``realms rate``'s (seeds/realms.toml [rating] rate_games: 16000)
    bounded by what one rating from the page may play (seeds/studio.toml: 2000)."""
    from generator.studio.settings import rating_games

    assert rating_games() == {"games": 2000, "most": 2000, "command": 16000}
    assert client.get("/api/realms/vocabulary").json()["rating"] == rating_games()
    answer = client.post("/api/realms/rate", json=map_1())
    assert answer.status_code == 202 and answer.json()["total"] == 2000
    client.delete(f"/api/jobs/{answer.json()['job']}")
