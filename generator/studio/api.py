"""The HTTP API of the products and the player aids: the page's only way in.

    GET /api/<game>/<kind>.svg|pdf|json?seed=S&paper=…&mono=…&lang=…&<option>=…
        [&item=K][&page=N]
    GET /api/<game>/aid.pdf|png?<aid option>=…[&page=N]
    GET /api/products          every product and aid with its options (the forms)
    GET /api/seed              a fresh seed
    GET|DELETE /api/jobs/<id>  a background job (a rating): its progress, or cancel it

A product URL answers exactly the bytes ``tombgen <game> <kind>`` writes with the same options:
the SVG of page N of item K (``-pN`` files), the run's one PDF (every item of a ``--count``
run), the JSON of item K, or an extra file (``.toml`` of a generated map). A bad option is 400
``{"problems": [...], "options": {name: problem}}`` in the command line's words; a rule broken
is 422 with the validation report (``"report"``); an unknown game, product, file or job is 404.
"""

from __future__ import annotations

import json
from typing import Any

from generator.registry import game, games
from generator.studio.params import (
    Problems,
    aid_command,
    aid_request,
    product_request,
    split_places,
)
from generator.studio.service import Studio, file_response

def studio_of(request) -> Studio:
    return request.app.state.studio


def _product(game_name: str, kind: str):
    try:
        if game_name not in {g.name for g in games()}:   # a template package is no game here
            raise KeyError(game_name)
        return game(game_name).product(kind)
    except KeyError:
        raise Problems(404, [f"no product {game_name} {kind}; GET /api/products lists them"]) \
            from None


async def product_file(request):
    """``GET /api/<game>/<kind>.<ext>``: a product's file, or an aid's."""
    game_name, kind, ext = (request.path_params[k] for k in ("game", "kind", "ext"))
    pairs = list(request.query_params.multi_items())
    if kind == "aid":
        return await aid_file(request, game_name, ext, pairs)
    _product(game_name, kind)
    pairs, places = split_places(pairs)
    req = product_request(game_name, kind, pairs)
    return await serve(request, req, ext, places)


def _key(req, fields: Any) -> str:
    """What identifies a run (the format asked for does not change any file's bytes)."""
    return json.dumps([req._replace(formats=())._asdict(), fields], sort_keys=True, default=str)


async def serve(request, req, ext: str, places: dict[str, int], fields: dict | None = None,
                inputs: dict[str, bytes] | None = None):
    """One file of the run ``req`` (``fields``: an item given by the page, e.g. a drawn map's
    sheet; ``inputs``: the file an option names, by its bytes, which the file names hash as the
    command's do), built in a worker process unless already made."""
    import hashlib

    from generator.core.rng import fresh_seed

    studio = studio_of(request)
    seed = fresh_seed() if req.seed is None else req.seed
    req = req._replace(seed=seed)
    label = f"{req.game} {req.kind} {seed}"
    about: dict[str, Any] = {"seed": str(seed), "items": str(req.count)}
    given = sorted((name, hashlib.sha256(data).hexdigest()) for name, data in (inputs or {}).items())
    key = _key(req, fields) + json.dumps(given)
    if ext == "pdf":
        made = await studio.result(request, (key, "pdf"), "generator.studio.work:pdf",
                                   {"req": req, "seed": seed, "fields": fields, "files": inputs},
                                   label)
        name, data = made["pdf"]
        return file_response(data, "pdf", name, {**about, **_told(made, seed, made["pages"])})
    index = places["item"]
    if index > req.count:
        raise Problems(400, [f"item={index}: the run has {req.count} item(s)"], {"item": "bad"})
    made = await studio.result(request, (key, index), "generator.studio.work:item",
                               {"req": req, "seed": seed, "index": index - 1, "fields": fields,
                                "files": inputs,
                                "pdf_after": studio.preview["pdf_with_item_seconds"]}, label)
    if "run_pdf" in made:     # a slow item's PDF, made with it: its download is not made again
        studio.cache.put((key, "pdf"), made.pop("run_pdf"))
        studio.cache.put((key, index), made)                  # weighed without the PDF
    files = ["svg", "pdf", "json", *made["extra"]]
    told = {**about, **_told(made, seed, len(made["svg"])), "files": ",".join(files)}
    if ext == "svg":
        page = places["page"]
        if page > len(made["svg"]):
            raise Problems(404, [f"page={page}: the item has {len(made['svg'])} page(s)"])
        name, data = made["svg"][page - 1]
    elif ext == "json":
        name, data = made["json"]
    elif ext in made["extra"]:
        name, data = made["extra"][ext]
    else:
        raise Problems(404, [f"no .{ext} file: tombgen {req.game} {req.kind} writes "
                             + ", ".join(files)])
    return file_response(data, ext, name, told)


def _told(made: dict[str, Any], seed: int, pages: int) -> dict[str, Any]:
    return {"pages": str(pages), "command": f"tombgen {made['command']} --seed {seed}",
            "notes": made["notes"]}


async def aid_file(request, game_name: str, ext: str, pairs: list[tuple[str, str]]):
    """``GET /api/<game>/aid.pdf`` (the aid as ``tombgen aid <game>`` writes it) or ``.png``
    (page N as a picture, to preview)."""
    from generator.aids.build import aid_games

    if game_name not in aid_games() or ext not in ("pdf", "png"):
        raise Problems(404, [f"no aid file {game_name} aid.{ext}; aids: "
                             + ", ".join(f"/api/{g}/aid.pdf" for g in aid_games())])
    pairs, places = split_places(pairs)
    if places["item"] != 1:
        raise Problems(400, ["item=: an aid is one document"], {"item": "bad"})
    arguments = aid_request(game_name, pairs)
    key = json.dumps([game_name, arguments], sort_keys=True)
    made = await studio_of(request).result(request, key, "generator.studio.work:aid",
                                           {"name": game_name, "arguments": arguments},
                                           f"{game_name} aid")
    name, data = made["pdf"]
    about = {"pages": str(len(made["png"])), "files": "pdf",
             "command": aid_command(game_name, pairs)}
    if ext == "pdf":
        return file_response(data, "pdf", name, about)
    page = places["page"]
    if page > len(made["png"]):
        raise Problems(404, [f"page={page}: the aid has {len(made['png'])} page(s)"])
    return file_response(made["png"][page - 1], "png", f"{name[:-4]}-p{page}.png", about)


async def products(request):
    """``GET /api/products``: what the forms are made of."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    from generator.studio.forms import catalogue

    return JSONResponse(await run_in_threadpool(catalogue))


async def seed(request):
    """``GET /api/seed``: a fresh seed, drawn as the command line draws one."""
    from starlette.responses import JSONResponse

    from generator.core.rng import fresh_seed

    return JSONResponse({"seed": fresh_seed()})


def _job(request):
    job = studio_of(request).runner.jobs.get(request.path_params["job"])
    if job is None:
        raise Problems(404, ["no such job (finished jobs are forgotten after a while)"])
    return job


async def job_state(request):
    """``GET /api/jobs/<id>``: state, progress (done of total) and, once done, the result."""
    from starlette.responses import JSONResponse

    return JSONResponse(_job(request).public())


async def page_job(request):
    """``GET /api/page/job``: the job the asking page's view runs now (its preview), 404 when
    it runs none."""
    from starlette.responses import JSONResponse

    from generator.studio.service import page_of, view_of

    job = studio_of(request).runner.of_page(page_of(request), view_of(request))
    if job is None:
        raise Problems(404, ["this view of the page runs no job now"])
    return JSONResponse(job.public())


async def job_cancel(request):
    """``DELETE /api/jobs/<id>``: stop the job (its worker process is killed)."""
    from starlette.responses import JSONResponse

    job = _job(request)
    studio_of(request).runner.cancel(job, "cancelled from the page")
    return JSONResponse(job.public())
