"""Jobs run off the event loop in processes that can be stopped, one at a time per page; the
forms are made from the option declarations, nothing written twice."""

from __future__ import annotations

import anyio
import pytest

from generator.registry import games
from generator.studio.jobs import JobError, Runner

def _fields():
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.model import map_to_fields

    return map_to_fields(load_map("map-1"))


def test_a_newer_job_of_a_page_stops_the_older_one():
    runner = Runner(workers=2, time_limit=60)
    fields = _fields()
    outcome = {}

    async def main():
        older = runner.new("page-a", "older")
        elsewhere = runner.new("page-b", "other page")

        async def run(job, games):
            try:
                outcome[job.label] = await runner.run(job, "generator.studio.work:rate",
                                                      {"fields": fields, "games": games,
                                                       "seed": 1})
            except JobError as exc:
                outcome[job.label] = exc

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(run, older, 3000)
            tasks.start_soon(run, elsewhere, 4)
            await anyio.sleep(0.5)
            newer = runner.new("page-a", "newer")
            tasks.start_soon(run, newer, 4)

    anyio.run(main)
    assert isinstance(outcome["older"], JobError) and outcome["older"].status == 409
    assert "newer request from this page" in outcome["older"].body["problems"][0]
    assert outcome["newer"]["games"] == 4 and outcome["other page"]["games"] == 4
    assert runner._processes == {}


def test_a_job_of_another_view_keeps_running_and_the_newer_waits_its_turn():
    """A rating in the editor keeps running while the player opens another view: that view's
    request is refused with 409 naming the running job (one job per page), the rating is not
    stopped; a newer request of the same view still replaces its older one."""
    runner = Runner(workers=2, time_limit=60)
    rating = runner.new("page-a", "rating of map-1", "realms/editor")
    with pytest.raises(JobError) as refused:
        runner.new("page-a", "tanis dig 12", "tanis/dig")
    assert refused.value.status == 409 and refused.value.body["busy"]["job"] == rating.id
    assert "the rating of map-1 this page started is still running;" in \
        refused.value.body["problems"][0]
    assert rating.cancel_reason == ""
    again = runner.new("page-a", "rating of map-1", "realms/editor")
    assert rating.cancel_reason == "a newer request from this page replaced it"
    # another page is not held up by this page's job
    assert runner.new("page-b", "tanis dig 12", "tanis/dig").view == "tanis/dig"
    # once it has ended, another view's job starts
    again.state = "done"
    assert runner.new("page-a", "tanis dig 12", "tanis/dig").page == "page-a"


def test_a_user_error_in_a_job_keeps_its_status_and_a_crash_is_500():
    runner = Runner(workers=1, time_limit=60)

    async def run(ref, kwargs):
        return await runner.run(runner.new(None, "x"), ref, kwargs)

    with pytest.raises(JobError) as refused:
        anyio.run(run, "generator.studio.work:rate", {"fields": {"size": 3}, "games": 1,
                                                       "seed": 1})
    assert refused.value.status == 400 and "missing key" in refused.value.body["problems"][0]
    with pytest.raises(JobError) as crashed:
        anyio.run(run, "generator.studio.work:rate", {"fields": None, "games": 1, "seed": 1})
    assert crashed.value.status == 500


def test_the_event_loop_stays_free_while_a_job_runs():
    """A job of several seconds runs while the loop keeps ticking every 50 ms."""
    runner = Runner(workers=1, time_limit=60)
    ticks = []

    async def main():
        async def tick():
            while True:
                ticks.append(anyio.current_time())
                await anyio.sleep(0.05)

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(tick)
            await runner.run(runner.new(None, "x"), "generator.studio.work:rate",
                             {"fields": _fields(), "games": 150, "seed": 1})
            tasks.cancel_scope.cancel()

    anyio.run(main)
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > 10 and max(gaps) < 0.5


SHARED_NAMES = ("lang", "paper", "mono", "cmyk")


def test_every_form_is_its_commands_declarations(client):
    from generator.aids.cli import AID_OPTIONS

    catalogue = client.get("/api/products").json()
    assert [g["name"] for g in catalogue["games"]] == [g.name for g in games()]
    for spec, shown in zip(games(), catalogue["games"]):
        for product, form in zip(spec.products, shown["products"]):
            own = [{k: v for k, v in o.items() if k != "names"} for o in form["options"]]
            assert own == [o.describe() for o in product.options]
            assert [o["name"] for o in form["shared"]] == ["count", "paper", "mono", "cmyk",
                                                           "lang"]
            assert form["languages"] == list(product.languages)
        aid = shown["aid"]
        assert aid["options"] + aid["shared"] == [
            *(o.describe() for o in AID_OPTIONS if o.name not in SHARED_NAMES),
            *(o.describe() for o in AID_OPTIONS if o.name in SHARED_NAMES)]


def test_a_file_option_offers_the_names_a_url_accepts(client):
    sheet = client.get("/api/products").json()["games"][0]["products"][0]
    (option,) = [o for o in sheet["options"] if o["name"] == "map"]
    assert option["paths"] and option["names"] == ["map-1", "map-2", "map-3", "map-4", "random"]


def test_a_changed_declaration_changes_the_form(monkeypatch):
    """The form follows whatever the declaration says (e.g. a maximum added to an option)."""
    from generator.registry import Option
    from generator.studio.forms import catalogue

    spec = next(g for g in games() if g.name == "tanis")
    product = spec.products[0]
    bigger = product._replace(options=product.options + (
        Option("depth", "How deep.", "int", default=2, low=1, high=9),))
    import generator.registry as registry

    patched = spec._replace(products=(bigger,))
    monkeypatch.setattr(registry, "_GAMES", tuple(patched if g is spec else g for g in games()))
    form = next(g for g in catalogue()["games"] if g["name"] == "tanis")["products"][0]
    assert form["options"][-1] == {"name": "depth", "flag": "--depth", "kind": "int",
                                   "default": 2, "choices": [], "low": 1, "high": 9,
                                   "metavar": "", "help": "How deep.", "paths": False,
                                   "requires": {}, "limit": "", "beyond": ""}


def test_a_rated_maps_preview_tells_its_games_and_par_so_far():
    """A generated map's preview job reports the rating's games and, in words, the par and
    interval so far; the page finds the job its view runs (``of_page``) to show them and to
    cancel it."""
    import re

    from generator.runs import make_request

    runner = Runner(workers=1, time_limit=60)
    req = make_request("realms", "map", {"seed": 5, "rating_games": 2000})
    job = runner.new("page-a", "realms map 5", "realms/map")
    assert runner.of_page("page-a", "realms/map") is job
    assert runner.of_page("page-a", "tanis/dig") is None and runner.of_page("page-b", None) is None
    seen: list[tuple[int, int, str]] = []

    async def main():
        async with anyio.create_task_group() as tasks:
            async def run():
                await runner.run(job, "generator.studio.work:item",
                                 {"req": req, "seed": 5, "index": 0})

            tasks.start_soon(run)
            while not job.finished:
                await anyio.sleep(0.05)
                if job.note and (not seen or seen[-1][0] != job.done):
                    seen.append((job.done, job.total, job.note))

    anyio.run(main)
    assert job.state == "done" and runner.of_page("page-a", "realms/map") is None
    assert seen, "no progress was reported"
    done, total, note = seen[0]
    assert 0 < done <= total == 2000
    assert re.fullmatch(rf"{done} of at most 2000 rating games of map \d+: par [0-9.]+ \(95% interval [0-9.]+–[0-9.]+\) so far, "
                        r"(easy|standard|hard|between two levels)", note), note
