"""The Starlette app of ``tombgen serve``: the page (``templates/studio/``), the API and the
guards every request passes.

Safe by default: the server answers only requests addressed to it by a local name (or the
``--host`` it was given: a web page elsewhere cannot reach it through a DNS name it controls),
refuses requests a page of another origin sends (403), bounds the query (414) and the body
(413), and sends a Content-Security-Policy that lets the page run only its own script and
show only its own images and the files it made. No request names a file of the machine: maps
come by shipped name or in the body, files go back in the answer.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from generator.core.data import resource_root
from generator.core.errors import TombgenError, shown
from generator.studio.jobs import JobError
from generator.studio.params import Problems, whole

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
#: The page runs only its own script and styles; images are its own, data: or blob: (files it
#: made); nothing may frame it. API answers (SVG opened alone) may not run anything at all.
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
               "img-src 'self' blob: data:; connect-src 'self'; object-src 'none'; "
               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


def static_root():
    """The page's files: ``templates/studio/`` of the checkout or of the installed wheel."""
    return resource_root("templates") / "studio"


class Guard:
    """ASGI middleware: host, origin, token, query and body-size checks, and the security
    headers.

    * Host: the request must be addressed to a local name, a name given with ``--host``, or
      the address the connection came in on (a page elsewhere cannot reach the server through
      a DNS name it controls).
    * Another site: a browser tells which site a request comes from (Fetch Metadata's
      ``Sec-Fetch-Site``, and ``Origin``); one another site makes (an ``<img>`` tag, a form, a
      script) is refused with 403, so no web page can start work here. Following a link to the
      page itself is allowed; tools that send neither header (curl, scripts) are not browsers
      and are served.
    * Token: a server listening beyond this machine (``--host 0.0.0.0``) answers only requests
      holding its token: the address it prints carries it (``?token=…``), the page is then
      served with it as a cookie, so its own requests hold it; a script sends the header
      ``X-Tombgen-Token`` or the same ``?token=``.
    """

    def __init__(self, app, limits: dict[str, Any], hosts: tuple[str, ...],
                 token: str | None = None):
        self.app, self.limits, self.hosts, self.token = app, limits, set(hosts), token

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, text = refusal
            return await _send_json(send, status, {"problems": [text]})
        api = scope["path"].startswith("/api/")
        cookie = self._cookie(scope)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                extra = [(b"x-content-type-options", b"nosniff"),
                         (b"referrer-policy", b"no-referrer"),
                         (b"content-security-policy",
                          (FILE_POLICY if api else PAGE_POLICY).encode())]
                if api:
                    extra.append((b"cache-control", b"no-store"))
                if cookie:
                    extra.append((b"set-cookie", cookie))
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _refusal(self, scope, headers: dict[str, str]) -> tuple[int, str] | None:
        origin = headers.get("origin")
        host = headers.get("host", "")
        name = host[1:].partition("]")[0] if host.startswith("[") else host.partition(":")[0]
        server = (scope.get("server") or ("",))[0]
        if name not in self.hosts and name != server:
            return 421, (f"this server answers to {', '.join(sorted(self.hosts))}, not "
                         f"{shown(name)}")
        site = headers.get("sec-fetch-site", "")
        if site in ("cross-site", "same-site") and not _opens_the_page(scope, headers):
            return 403, (f"a request another site's page makes ({shown(site)}) is refused: no "
                         f"web page but this one may use the studio; open http://{host}/")
        if origin is not None and origin.split("://", 1)[-1] != host:
            return 403, (f"requests from another page ({shown(origin)}) are refused; open the "
                         f"studio at http://{host}/")
        if self.token and not self._has_token(scope, headers):
            return 403, ("this server listens beyond this machine and answers only with its "
                         "token: open the address tombgen serve printed (it ends in ?token=…), "
                         "or send the header X-Tombgen-Token")
        query = scope.get("query_string", b"")
        if len(query) > self.limits["query_bytes"]:
            return 414, (f"the query has {len(query)} bytes; at most "
                         f"{self.limits['query_bytes']} (seeds/studio.toml, [limits] "
                         "query_bytes)")
        size = headers.get("content-length", "")
        if size and whole(size, 30) is None:
            return 400, f"Content-Length: {shown(size)} is not a number of bytes"
        if size and int(size) > self.limits["body_bytes"]:
            return 413, (f"the request body has {size} bytes; at most "
                         f"{self.limits['body_bytes']} (seeds/studio.toml, [limits] body_bytes)")
        return None

    def _has_token(self, scope, headers: dict[str, str]) -> bool:
        import hmac

        token = (self.token or "").encode()
        given = [headers.get("x-tombgen-token", ""), _query_token(scope),
                 _cookies(headers).get(TOKEN_COOKIE, "")]
        return any(hmac.compare_digest(g.encode(), token) for g in given if g)

    def _cookie(self, scope) -> bytes | None:
        """The token as a cookie, when the page is opened with it: the page's own requests
        then hold it (HttpOnly: no script reads it; SameSite=Strict: no other site's request
        carries it)."""
        if not self.token or scope["path"] != "/" or not _query_token(scope):
            return None
        return (f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict").encode()


TOKEN_COOKIE = "tombgen_token"


def _opens_the_page(scope, headers: dict[str, str]) -> bool:
    """A link from elsewhere to the page itself: harmless, it starts no work."""
    return (scope["method"] == "GET" and scope["path"] == "/"
            and headers.get("sec-fetch-mode") == "navigate")


def _query_token(scope) -> str:
    from urllib.parse import parse_qs

    query = scope.get("query_string", b"").decode("latin-1")
    return (parse_qs(query).get("token") or [""])[0]


def _cookies(headers: dict[str, str]) -> dict[str, str]:
    found = {}
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key:
            found[key] = value
    return found


async def _send_json(send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


def _routes(root) -> list:
    from starlette.responses import FileResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from generator.studio import api, realms, table

    async def index(request):
        return FileResponse(root / "index.html")

    return [
        Route("/", index),
        Route("/api/products", api.products),
        Route("/api/seed", api.seed),
        Route("/api/page/job", api.page_job, methods=["GET"]),
        Route("/api/jobs/{job}", api.job_state, methods=["GET"]),
        Route("/api/jobs/{job}", api.job_cancel, methods=["DELETE"]),
        Route("/api/realms/validate", realms.validate, methods=["POST"]),
        Route("/api/realms/toml", realms.toml, methods=["POST"]),
        Route("/api/realms/rate", realms.rate, methods=["POST"]),
        Route("/api/realms/vocabulary", realms.vocabulary),
        Route("/api/realms/maps/{name}", realms.shipped),
        Route("/api/realms/sheet.{ext:str}", realms.sheet, methods=["POST"]),
        Route("/api/tumba/roll", table.roll, methods=["POST"]),
        Route("/api/tanis/score", table.score, methods=["POST"]),
        Route("/api/tut/score-set", table.score_set, methods=["GET", "POST"]),
        Route("/api/realms/score", table.tallies, methods=["GET", "POST"]),
        Route("/api/{game}/{kind}.{ext}", api.product_file),
        Mount("/static", StaticFiles(directory=root), name="static"),
    ]


def _lifespan(studio):
    """While the app runs: the forkserver starts warming at once, background jobs (ratings)
    run in a task group, and every job is stopped when it ends."""

    @contextlib.asynccontextmanager
    async def lifespan(app):
        import threading

        import anyio

        from generator.studio.jobs import prepare, remove_stale_folders

        remove_stale_folders()  # a killed server's job folders
        threading.Thread(target=prepare, daemon=True).start()
        async with anyio.create_task_group() as tasks:
            studio.tasks = tasks
            try:
                yield
            finally:
                studio.runner.close()
                tasks.cancel_scope.cancel()

    return lifespan


async def _refused(request, exc):
    from generator.studio.service import problems

    return problems(exc.status, exc.body() if isinstance(exc, Problems) else exc.body,
                    getattr(exc, "headers", None))


async def _user_error(request, exc):
    """A user error of the pipeline reached a handler unasked: 400 unusable, 422 a rule."""
    return await _refused(request, Problems.of(exc))


async def _not_found(request, exc):
    from generator.studio.service import problems

    return problems(exc.status_code, {"problems": [f"{request.url.path}: {exc.detail}"]})


def make_app(hosts: tuple[str, ...] = (), limits: dict[str, Any] | None = None,
             token: str | None = None):
    """The app; ``hosts``: names it answers to besides the local ones (and the address each
    connection came in on); ``limits``: replaces some of seeds/studio.toml's (tests use a
    short time limit); ``token``: what every request must hold (a server listening beyond
    this machine)."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware

    from generator.studio.service import Studio
    from generator.studio.settings import settings

    merged = {**settings()["limits"], **(limits or {})}
    studio = Studio(merged, dict(settings()["cache"]))
    app = Starlette(routes=_routes(static_root()), lifespan=_lifespan(studio),
                    middleware=[Middleware(Guard, limits=merged, hosts=(*LOCAL_HOSTS, *hosts),
                                           token=token)],
                    exception_handlers={Problems: _refused, JobError: _refused,
                                        TombgenError: _user_error,
                                        404: _not_found, 405: _not_found})
    app.state.studio = studio
    return app
