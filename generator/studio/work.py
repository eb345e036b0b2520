"""What the page's worker processes run (see :mod:`generator.studio.jobs`): a product's files
through the command line's pipeline, a player aid, a map's rating.

Each function takes ``progress(done, total)`` and returns plain data: file names and bytes, the
command that remakes the item and its one-line descriptions. Items are made by
:func:`generator.produce.build_one` and their files by the functions the command writes with
(:func:`generator.produce.item_files`, :func:`generator.produce.render_files`), so the bytes are
the command's.
"""

from __future__ import annotations

from typing import Any, Callable

from generator.produce import Built, Request, build_one, descriptions
from generator.produce import item_files as files_of
from generator.produce import render_files
from generator.registry import game

Progress = Callable[..., None]   # (done, total) or (done, total, note)


def _quiet(done: int, total: int, note: str = "") -> None:
    pass


def _built(req: Request, seed: int, index: int, fields: dict | None,
           progress: Callable[..., None] = _quiet) -> Built:
    """Item ``index`` of the run ``req`` asks for; from its JSON ``fields`` when given (an item
    made on the page, e.g. a sheet of a drawn map), else generated as the command does; a
    product that plays games while building (a rated map) tells ``progress`` how they go."""
    from contextlib import nullcontext

    from generator.draw.paper import make_sheet

    spec = game(req.game)
    product = spec.product(req.kind)
    item = None if fields is None else product.fn("from_fields")(fields, "<page>")
    with product.fn("watch")(progress) if product.watch else nullcontext():
        return build_one(spec, product, seed, index, req.count,
                         make_sheet(req.paper, req.mono, req.cmyk), req.options, True, req.lang,
                         item)


def _about(req: Request, built: list[Built]) -> dict[str, Any]:
    return {"command": built[0].info.command(req.paper, req.mono, cmyk=req.cmyk),
            "notes": descriptions(built)}


def item(req: Request, seed: int, index: int, fields: dict | None = None,
         files: dict[str, bytes] | None = None, pdf_after: float | None = None,
         progress: Progress = _quiet) -> dict[str, Any]:
    """Item ``index`` (0-based) of a run: its SVG pages, JSON and extra files, each as
    (file name, bytes), as ``tombgen <game> <kind>`` writes them; ``files``: a file an option
    names, given by its bytes (a map sent to the page), named as the command names it. An item
    of a one-item run that took ``pdf_after`` seconds or more to make also gives the run's PDF
    (``"run_pdf"``, what :func:`pdf` answers), so that it is not made again."""
    from generator.core.output import given_files

    with given_files(files or {}):
        return _item(req, seed, index, fields, pdf_after, progress)


def _item(req: Request, seed: int, index: int, fields: dict | None,
          pdf_after: float | None = None, progress: Progress = _quiet) -> dict[str, Any]:
    import time

    started = time.perf_counter()
    b = _built(req, seed, index, fields, progress)
    out: dict[str, Any] = {"svg": [], "json": None, "extra": {}, **_about(req, [b])}
    if pdf_after is not None and req.count == 1 and time.perf_counter() - started >= pdf_after:
        out["run_pdf"] = _pdf_of(req, [b])
    for name, fmt, _, data in files_of(b, ("svg", "json")):
        if fmt == "svg":
            out["svg"].append((name, data))
        elif fmt == "json":
            out["json"] = (name, data)
        else:
            out["extra"][fmt] = (name, data)
    return out


def pdf(req: Request, seed: int, fields: dict | None = None,
        files: dict[str, bytes] | None = None, progress: Progress = _quiet) -> dict[str, Any]:
    """The PDF of a run (every item of a ``--count`` run joined) as (file name, bytes);
    ``files`` as for :func:`item`."""
    from generator.core.output import given_files

    with given_files(files or {}):
        return _pdf(req, seed, fields, progress)


def _pdf(req: Request, seed: int, fields: dict | None, progress: Progress) -> dict[str, Any]:
    built = []
    for index in range(req.count):
        built.append(_built(req, seed, index, fields))
        progress(index + 1, req.count)
    return _pdf_of(req, built)


def _pdf_of(req: Request, built: list[Built]) -> dict[str, Any]:
    name, _, pages, data = next(f for f in render_files(built, ("pdf",)) if f[1] == "pdf")
    return {"pdf": (name, data), "pages": pages, **_about(req, built)}


def aid(name: str, arguments: dict[str, Any], progress: Progress = _quiet) -> dict[str, Any]:
    """A game's player aid as ``tombgen aid`` writes it, and each page as a PNG preview."""
    from generator.aids.build import make_aid
    from generator.studio.settings import settings

    file_name, data = make_aid(name, **arguments)
    return {"pdf": (file_name, data), "png": png_pages(data, settings()["preview"]["aid_dpi"])}


def png_pages(data: bytes, dpi: int) -> list[bytes]:
    """Every page of a PDF as PNG (the aids have no SVG to preview)."""
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    pages = []
    try:
        for index in range(len(doc)):
            image = doc[index].render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, "PNG")
            pages.append(buffer.getvalue())
    finally:
        doc.close()
    return pages


def rate(fields: dict, games: int, seed: int, progress: Progress = _quiet) -> dict[str, Any]:
    """A map's rating by bot games (see :mod:`generator.studio.rating`)."""
    from generator.games.realms.model import map_from_fields
    from generator.studio.rating import rate_map

    return rate_map(map_from_fields(fields, "<page>"), games, seed, progress)
