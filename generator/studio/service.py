"""The shared machinery of the API's handlers: the job runner, the cache of finished results,
reading request bodies within their limit, and the answers (files with their headers, problems).

Results are cached by what was asked: the pipeline is deterministic (same request, same
version, same bytes), so a second request for the same item, another page of it or its JSON
once its SVG is made, is answered without building anything again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any
from urllib.parse import quote

from generator.studio.jobs import Runner
from generator.studio.params import Problems, whole

PAGE_HEADER = "x-studio-page"
VIEW_HEADER = "x-studio-view"
TYPES = {"svg": "image/svg+xml", "pdf": "application/pdf", "json": "application/json",
         "png": "image/png", "toml": "application/toml; charset=utf-8"}


class Cache:
    """Finished results by key, least recently used first out, bounded in count and bytes."""

    def __init__(self, items: int, size: int):
        self.items, self.size = items, size
        self._data: OrderedDict[Any, tuple[int, Any]] = OrderedDict()
        self._bytes = 0

    def get(self, key: Any) -> Any:
        found = self._data.get(key)
        if found is None:
            return None
        self._data.move_to_end(key)
        return found[1]

    def put(self, key: Any, value: Any) -> None:
        weight = _weight(value)
        if weight > self.size:
            return
        if key in self._data:
            self._bytes -= self._data.pop(key)[0]
        self._data[key] = (weight, value)
        self._bytes += weight
        while len(self._data) > self.items or self._bytes > self.size:
            self._bytes -= self._data.popitem(last=False)[1][0]


def _weight(value: Any) -> int:
    if isinstance(value, (bytes, str)):
        return len(value)
    if isinstance(value, dict):
        return sum(_weight(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(_weight(v) for v in value)
    return 16


class Studio:
    """What every handler shares: the limits, the runner and the cache."""

    def __init__(self, limits: dict[str, Any], cache: dict[str, Any]):
        self.limits = limits
        self.runner = Runner(limits["workers"], limits["time_limit"], cache["jobs"],
                             limits["queue"], limits["retry_seconds"])
        self.cache = Cache(cache["items"], cache["bytes"])
        from generator.studio.settings import settings

        self.preview = dict(settings()["preview"])   # how previews are made
        self.tasks: Any = None  # the lifespan's task group: background jobs (ratings) run in it

    async def result(self, request, key: Any, ref: str, kwargs: dict[str, Any],
                     label: str) -> Any:
        """The cached result for ``key``, or the job's (run now, in a worker process)."""
        found = self.cache.get(key)
        if found is not None:
            return found
        job = self.runner.new(page_of(request), label, view_of(request))
        value = await self.runner.run(job, ref, kwargs, request.is_disconnected)
        self.cache.put(key, value)
        return value


def view_of(request) -> str | None:
    """The view of the page a request comes from (its ``X-Studio-View`` header), if it says."""
    return request.headers.get(VIEW_HEADER, "")[:64] or None


def page_of(request) -> str | None:
    """The page a request comes from (its ``X-Studio-Page`` header), if it says."""
    page = request.headers.get(PAGE_HEADER, "")
    return page[:64] or None


async def body_text(request, limit: int) -> str:
    """The request body as text, refused beyond ``limit`` bytes (413) or when it is not UTF-8."""
    declared = whole(request.headers.get("content-length", ""), 30)
    if declared is not None and declared > limit:
        raise Problems(413, [_too_big(declared, limit)])
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise Problems(413, [_too_big(len(data), limit)])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Problems(400, [f"the request body is not UTF-8 text (byte {exc.start})"]) from None


def _too_big(size: int, limit: int) -> str:
    return (f"the request body has {size} bytes or more; at most {limit} (seeds/studio.toml, "
            "[limits] body_bytes)")


def problems(status: int, body: dict[str, Any], headers: dict[str, str] | None = None):
    """A JSON answer with problems (every refusal of the API has this shape)."""
    from starlette.responses import JSONResponse

    return JSONResponse(body, status_code=status, headers=headers or None)


def file_response(data: bytes, ext: str, name: str, about: dict[str, Any] | None = None):
    """A file as the command writes it; ``about`` goes into ``X-Tombgen-*`` headers (seed,
    items, pages, the command, notes, the files of the item), text percent-encoded."""
    from starlette.responses import Response

    headers = {"Content-Disposition": f'inline; filename="{name}"'}
    for key, value in (about or {}).items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        headers[f"X-Tombgen-{key.title()}"] = quote(text, safe=" ,:/=-_.[]{}\"")
    return Response(data, media_type=TYPES.get(ext, "application/octet-stream"),
                    headers=headers)
