"""The HTTP API of the Hidden Realms map editor. A map comes by a shipped map's name or in the
request body (a map file: TOML as in ``maps/realms/``, or a ``tombgen/realms.map`` JSON
document); nothing reads or writes a path of the machine.

    POST /api/realms/validate              the report, each problem with its square (200 / 422;
                                           ?expect=problems: 200 for both, "valid" says)
    POST /api/realms/sheet.svg|pdf|json    the map's game sheet, as ``tombgen realms sheet
                                           --map NAME`` writes it for that file (``?name=``)
    POST /api/realms/toml                  the map as a map file (the writer of ``realms map``)
    POST /api/realms/rate?games=G&seed=S   starts a rating job (202); poll /api/jobs/<id>
    GET  /api/realms/vocabulary            what the editor offers, from the game's data
    GET  /api/realms/maps/<name>           a shipped map (its fields, stored rating)

Validation is the command's (``tombgen realms validate``): the same reader, the same checks,
the same messages; the page is told which square (or entrance) each problem is on.
"""

from __future__ import annotations

import re
from typing import Any

from generator.core.errors import TombgenError, shown
from generator.studio.params import Problems, split_places
from generator.studio.service import body_text, file_response, page_of, view_of

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}")
SQUARE = re.compile(r"square \((\d+), (\d+)\)")
ENTRANCE = re.compile(r"entrance \((\d+), (\d+)\) ([NESW])")


def _name(request, as_json: bool) -> str:
    """The file name the map goes by (messages, the sheet's footer): a plain name only."""
    suffix = ".json" if as_json else ".toml"
    name = request.query_params.get("name") or f"map{suffix}"
    stem = name[:-5] if name.endswith((".toml", ".json")) else name
    if not NAME.fullmatch(stem) or ".." in stem:
        raise Problems(400, [f"name={shown(name)}: a plain file name (letters, digits, '-', '_' "
                             "and '.'), no folder"], {"name": "bad"})
    return stem + suffix


async def _map_text(request) -> tuple[str, bool, str]:
    """(text, is JSON, file name) of the map in the body."""
    studio = request.app.state.studio
    text = await body_text(request, studio.limits["body_bytes"])
    request.state.map_text = text
    as_json = ("json" in request.headers.get("content-type", "")
               or text.lstrip().startswith("{"))
    return text, as_json, _name(request, as_json)


def check(text: str, source: str, as_json: bool) -> dict[str, Any]:
    """``tombgen realms validate`` of a map file's text, each problem placed on the map."""
    from generator.games.realms.mapfile import check_map_text
    from generator.games.realms.model import map_to_fields

    try:
        m, report, places = check_map_text(text, source, as_json)
    except TombgenError as exc:  # unreadable (400), or a hostile text in it (422)
        raise Problems.of(exc) from None
    where = {place: key for key, place in places.items()}
    found = [{"code": v.code, "message": v.message, "where": v.where, **_place(v.where, where)}
             for v in report.violations]
    return {"valid": report.ok, "report": report.to_dict(), "problems": found,
            "map": map_to_fields(m) if m is not None else None}


def _place(text: str, places: dict[str, Any]) -> dict[str, Any]:
    """The square or entrance a problem's ``where`` names (a file place or the words)."""
    key = places.get(text)
    if key is not None and key[0] == "cell":
        return {"square": [key[1], key[2]]}
    if key is not None and key[0] == "entrance":
        return {"entrance": [key[1], key[2], key[3]]}
    if found := SQUARE.fullmatch(text):
        return {"square": [int(found[1]), int(found[2])]}
    if found := ENTRANCE.fullmatch(text):
        return {"entrance": [int(found[1]), int(found[2]), found[3]]}
    return {}


async def validate(request):
    """``POST /api/realms/validate``: 200 valid, 422 problems, 400 unreadable. With
    ``?expect=problems`` (the editor, checking a map as it is drawn, where problems are the
    expected answer) a map with problems is 200 too: ``valid`` says which."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    text, as_json, name = await _map_text(request)
    result = await run_in_threadpool(check, text, name, as_json)
    expected = request.query_params.get("expect") == "problems"
    return JSONResponse(result, status_code=200 if result["valid"] or expected else 422)


async def _valid_map(request) -> tuple[dict[str, Any], str, bool, dict]:
    """(map fields, file name, is JSON, the JSON document) of a body map that must be valid."""
    from starlette.concurrency import run_in_threadpool

    text, as_json, name = await _map_text(request)
    result = await run_in_threadpool(check, text, name, as_json)
    if not result["valid"]:
        lines = [_line(p) for p in result["problems"]]
        raise Problems(422, lines, report=result["report"])
    doc = _json(text) if as_json else {}
    return result["map"], name, as_json, doc


def _json(text: str) -> dict:
    import json

    return json.loads(text)


async def sheet(request):
    """``POST /api/realms/sheet.<ext>``: the sheet of the map in the body, the bytes of
    ``tombgen realms sheet --map NAME`` run beside that file (NAME from ``?name=``)."""
    from generator.studio.api import serve
    from generator.studio.params import product_request

    ext = request.path_params["ext"]
    fields, name, as_json, doc = await _valid_map(request)
    body = request.state.map_text.encode("utf-8")  # the file's bytes: they name the files
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k != "name"]
    pairs, places = split_places(pairs)
    req = product_request("realms", "sheet", pairs, fixed={"map": name})
    if req.options.get("difficulty"):
        raise Problems(400, ["--difficulty checks a shipped map's stored rating; rate a map of "
                             "your own with POST /api/realms/rate"], {"difficulty": "bad"})
    item = {"source": name, "players": req.options["players"], "difficulty": None,
            "start": req.options["start"], "map": fields, "rating": doc.get("rating")}
    return await serve(request, req, ext, places, item, {name: body})


async def toml(request):
    """``POST /api/realms/toml``: the map in the body as a map file (``maps/`` format)."""
    from starlette.concurrency import run_in_threadpool

    from generator.games.realms.mapfile import read_map_text, write_map_text

    text, as_json, name = await _map_text(request)
    result = await run_in_threadpool(check, text, name, as_json)
    if result["map"] is None:
        raise Problems(400, ["the grid cannot be read; validate the map first"])
    # a map file is written square by square: its size and squares must be a map's first
    undrawable = [p for p in result["problems"] if p["code"] in UNDRAWABLE]
    if undrawable:
        raise Problems(422, [_line(p) for p in undrawable], report=result["report"])
    try:
        m = read_map_text(text, name, as_json)[0]
        data = write_map_text(m).encode("utf-8")
    except KeyError as exc:
        raise Problems(400, [f"{shown(exc.args[0])} has no map-file symbol; use the editor's "
                             "kinds"]) from None
    stem = name.rsplit(".", 1)[0]
    return file_response(data, "toml", f"{stem}.toml")


#: Problems that leave no grid to write a map file of: a size outside the maps' range (a
#: body may say 3000 x 3000 squares), a square or an entrance off the map.
UNDRAWABLE = ("size-range", "out-of-grid", "entrance-off-border")


def _line(problem: dict[str, Any]) -> str:
    return (f"{problem['where']}: {problem['message']} [{problem['code']}]" if problem["where"]
            else problem["message"])


async def rate(request):
    """``POST /api/realms/rate?games=G&seed=S``: starts rating the map in the body by bot games
    (202 with the job); ``GET /api/jobs/<id>`` tells the progress and, at the end, the rating."""
    from starlette.responses import JSONResponse

    from generator.core.rng import fresh_seed

    studio = request.app.state.studio
    fields, _, _, _ = await _valid_map(request)
    games = _whole(request, "games", _default_games(), 1, studio.limits["rating_games"])
    seed = _whole(request, "seed", None, 0, None)
    seed = fresh_seed() if seed is None else seed
    job = studio.runner.new(page_of(request), f"rating of {fields['name'] or 'the map'}",
                            view_of(request))
    job.total = games
    studio.tasks.start_soon(studio.runner.drive, job, "generator.studio.work:rate",
                            {"fields": fields, "games": games, "seed": seed})
    return JSONResponse({**job.public(), "seed": seed}, status_code=202)


def _default_games() -> int:
    """The games a rating from the page plays by default: ``tombgen realms rate``'s ``--games``
    default, bounded by what one rating from the page may play (seeds/studio.toml [limits]
    rating_games)."""
    from generator.studio.settings import rating_games

    return rating_games()["games"]


def _whole(request, key: str, default: int | None, low: int, high: int | None) -> int | None:
    from generator.studio.params import whole

    text = request.query_params.get(key)
    if text is None:
        return default
    number = whole(text)
    if number is None or number < low or (high is not None and number > high):
        limit = f"{low} to {high}" if high is not None else f"{low} or more"
        raise Problems(400, [f"{key}={shown(text, 20)}: a whole number, {limit}"], {key: "bad"})
    return number


async def vocabulary(request):
    """``GET /api/realms/vocabulary``: what the editor offers."""
    from starlette.responses import JSONResponse

    from generator.studio.forms import realms_vocabulary

    return JSONResponse(realms_vocabulary())


async def shipped(request):
    """``GET /api/realms/maps/<name>``: a shipped map's fields and its stored rating."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    from generator.games.realms.mapfile import builtin_maps

    name = request.path_params["name"]
    if name not in builtin_maps():
        raise Problems(404, [f"no shipped map {shown(name)}; shipped: "
                             + ", ".join(builtin_maps())])
    return JSONResponse(await run_in_threadpool(_shipped, name))


def _shipped(name: str) -> dict[str, Any]:
    from generator.games.realms.mapfile import shipped_map
    from generator.games.realms.model import map_to_fields
    from generator.studio.rating import stored_rating

    m = shipped_map(name)  # from the shipped maps only: no file of the server's folder
    return {"name": name, "map": map_to_fields(m), "rating": stored_rating(name, m)}
