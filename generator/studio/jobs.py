"""Jobs: the CPU-heavy work of the page (building a product, rating a map) in worker processes.

Every job runs in a process of its own, forked from a ``forkserver`` that has the pipeline
already imported, so the event loop only waits: it polls the job's pipe. A process, unlike a
thread, can be stopped: a job is killed when it passes the time limit, when it is cancelled,
when the client that asked for it goes away, or when a newer job of the same page starts (one
job at a time per page; the page names itself in the ``X-Studio-Page`` header). At most
``workers`` jobs run at once; the others wait for a slot.

A job function is named ``module:function``; it is called as ``fn(progress=report, **kwargs)``
where ``report(done, total)`` sends progress to the page, and returns picklable data. A
:class:`TombgenError` it raises comes back as the same user error (400 or 422); anything else is
a 500 with the traceback printed on the server's terminal.
"""

from __future__ import annotations

import multiprocessing
import secrets
import time
import traceback
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

#: Modules the forkserver imports once, so that each job starts with the pipeline loaded and
#: its data, fonts and text measurements warm (see :mod:`generator.studio.warm`).
PRELOAD = ["generator.studio.work", "generator.studio.warm"]
POLL = 0.05  # seconds between two looks at a running job (cancelled? past its time?)
#: Why every job stops when the server does: 503 (the service is going away), not 409 (a
#: conflict between requests, which a page answers by asking again).
SHUTDOWN = "the server is shutting down; start it again with tombgen serve"


def _cancelled_status(job) -> int:
    return 503 if job.cancel_reason == SHUTDOWN else 409

_CONTEXT: list[Any] = []


def _context():
    if not _CONTEXT:
        _same_package()
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        _CONTEXT.append(ctx)
    return _CONTEXT[0]


def _same_package() -> None:
    """Run from a checkout, the workers import this very checkout: the forkserver is a fresh
    interpreter that reads only PYTHONPATH and its current folder (Python 3.11 ignores the
    parent's sys.path there), so the checkout goes first on PYTHONPATH."""
    import os
    from pathlib import Path

    import generator

    root = Path(generator.__file__).resolve().parents[1]
    if not (root / "pyproject.toml").is_file():
        return  # installed: found where the server found it
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(root) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(root), *paths])


def prepare() -> None:
    """Starts the forkserver (it loads the pipeline and warms it) before the first job needs
    it; called in a thread when the server starts."""
    from multiprocessing import forkserver

    _context()
    forkserver.ensure_running()


def _child(conn, ref: str, kwargs: dict, folder: str, server: int | None = None) -> None:
    """The job process: run the function in an empty folder (no name given to a job can reach
    a file of the server's folder), send ("ok", result) or the error, then exit. It ends with
    the server however the server ends (``kill -9`` included): its parent, the forkserver,
    ends when the server does, and the kernel then kills it (PR_SET_PDEATHSIG); a watchdog
    looks for the server itself too."""
    import os

    from generator.core.errors import InputError, TombgenError
    from generator.core.executor import die_with_parent, die_with_process
    from generator.registry import resolve

    die_with_parent(os.getppid())
    if server is not None:
        die_with_process(server)

    def report(done: int, total: int, note: str = "") -> None:
        conn.send(("progress", done, total, note))

    try:
        os.chdir(folder)
        conn.send(("ok", resolve(ref)(progress=report, **kwargs)))
    except TombgenError as exc:
        status = 400 if isinstance(exc, InputError) else 422
        found = getattr(exc, "report", None)
        conn.send(("error", status, exc.message, found.to_dict() if found is not None else None))
    except BaseException:  # noqa: BLE001 - a bug: the server's terminal gets the traceback
        conn.send(("crash", traceback.format_exc()))
    finally:
        conn.close()


class JobError(Exception):
    """A job that did not finish (or was not taken): the HTTP status and JSON body to answer
    with, and headers (``Retry-After`` for a full queue)."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None):
        super().__init__(status, body)
        self.status, self.body, self.headers = status, body, headers or {}


@dataclass
class Job:
    """One piece of work and what the page may know of it."""

    id: str
    page: str | None
    label: str
    state: str = "queued"      # queued, running, done, failed, cancelled, timeout
    done: int = 0
    total: int = 0
    note: str = ""             # what the progress is (a rating's par so far)
    result: Any = None
    error: JobError | None = None
    cancel_reason: str = ""
    view: str | None = None    # the page's view that asked (a preview, the editor's rating)
    started: float = 0.0
    seconds: float = 0.0

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed", "cancelled", "timeout")

    def public(self) -> dict[str, Any]:
        """The job as the page sees it (``result`` only once done; problems once failed)."""
        out: dict[str, Any] = {"job": self.id, "label": self.label, "state": self.state,
                               "done": self.done, "total": self.total,
                               "seconds": round(self.seconds or self._running(), 1)}
        if self.note:
            out["note"] = self.note
        if self.state == "done" and self.result is not None:
            out["result"] = self.result
        elif self.error is not None:
            out.update(self.error.body)
        return out

    def _running(self) -> float:
        return time.monotonic() - self.started if self.started else 0.0


class Runner:
    """Starts, watches, limits and stops jobs (one runner per app)."""

    def __init__(self, workers: int, time_limit: float, keep: int = 200, queue: int = 8,
                 retry: float = 5):
        self.workers, self.time_limit, self.keep = workers, time_limit, keep
        self.queue, self.retry = queue, retry
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._pages: dict[str, Job] = {}
        self._slots: Any = None
        self._processes: dict[str, Any] = {}
        self._folder: Any = None  # the empty folder jobs run in

    def new(self, page: str | None, label: str, view: str | None = None) -> Job:
        """A queued job; a running job of the same page and view is cancelled (a newer
        preview replaces the one it makes stale). A job of another view of the page keeps
        running (a rating while the player looks at another view): the page runs one job at a
        time, so this one is refused with :class:`JobError` 409 naming the running job
        (``busy``), to be asked again once it ends. When ``queue`` jobs already wait for a
        worker, none is taken: 429 with ``Retry-After`` (a page, or a script, cannot pile up
        work that would delay everyone else's)."""
        waiting = [j for j in self.jobs.values() if j.state == "queued" and not j.cancel_reason
                   and (page is None or j.page != page)]
        if len(waiting) >= self.queue:
            raise JobError(429, {"problems": [
                f"{len(waiting)} jobs are waiting for a worker, the most the studio queues "
                f"(seeds/studio.toml, [limits] queue); ask again in {self.retry:g} s"]},
                {"Retry-After": f"{max(1, round(self.retry))}"})
        job = Job(secrets.token_urlsafe(9), page or None, label, view=view or None)
        if job.page is not None:
            older = self._pages.get(job.page)
            if older is not None and not older.finished and not older.cancel_reason:
                if older.view is not None and job.view is not None and older.view != job.view:
                    done = f" ({older.done} of {older.total})" if older.total else ""
                    raise JobError(409, {"problems": [
                        f"the {older.label} this page started is still running{done}; this "
                        "follows once it ends"], "busy": older.public()}, {"Retry-After": "1"})
                self.cancel(older, "a newer request from this page replaced it")
            self._pages[job.page] = job
        self.jobs[job.id] = job
        while len(self.jobs) > self.keep:
            oldest = next(iter(self.jobs.values()))
            if not oldest.finished:
                break
            self.jobs.popitem(last=False)
            if oldest.page is not None and self._pages.get(oldest.page) is oldest:
                del self._pages[oldest.page]
        return job

    def of_page(self, page: str | None, view: str | None) -> Job | None:
        """The job a page's view runs now, if any."""
        job = self._pages.get(page) if page else None
        if job is None or job.finished or (view and job.view != view):
            return None
        return job

    def cancel(self, job: Job, reason: str = "cancelled") -> None:
        """Stops a job (its process is killed by the loop watching it)."""
        if not job.finished and not job.cancel_reason:
            job.cancel_reason = reason

    async def run(self, job: Job, ref: str, kwargs: dict[str, Any],
                  gone: Callable[[], Awaitable[bool]] | None = None) -> Any:
        """Runs the job to its end and returns its result, or raises :class:`JobError`."""
        await self.drive(job, ref, kwargs, gone)
        if job.error is not None:
            raise job.error
        # the request that asked for it gets the result (the cache keeps it too): the job's
        # record keeps none, so 200 finished jobs hold no files (and their state is JSON)
        result, job.result = job.result, None
        return result

    async def drive(self, job: Job, ref: str, kwargs: dict[str, Any],
                    gone: Callable[[], Awaitable[bool]] | None = None) -> None:
        """Waits for a slot, then runs the job in its process until it ends or is stopped."""
        import anyio

        if self._slots is None:
            self._slots = anyio.Semaphore(self.workers)
        async with self._slots:
            if job.cancel_reason:
                return self._stopped(job, "cancelled", _cancelled_status(job), job.cancel_reason)
            await self._watch(job, ref, kwargs, gone)

    async def _watch(self, job: Job, ref: str, kwargs: dict[str, Any], gone) -> None:
        import os

        import anyio

        receive, send = _context().Pipe(duplex=False)
        if self._folder is None:
            import tempfile

            remove_stale_folders()
            self._folder = tempfile.TemporaryDirectory(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")
        process = _context().Process(target=_child, args=(send, ref, kwargs, self._folder.name,
                                                          os.getpid()), daemon=True)
        job.state, job.started = "running", time.monotonic()
        await anyio.to_thread.run_sync(process.start)
        send.close()
        self._processes[job.id] = process
        looks = 0
        try:
            while not job.finished:
                # a worker thread waits on the pipe: an answer is taken as soon as it comes
                if await anyio.to_thread.run_sync(receive.poll, POLL):
                    await self._receive(job, receive)
                    continue
                looks += 1
                if gone is not None and looks % 4 == 0 and await gone():
                    self.cancel(job, "the client went away")
                self._check(job, process, receive)
        finally:
            job.seconds = time.monotonic() - job.started
            receive.close()
            self._processes.pop(job.id, None)
            _stop(process)

    async def _receive(self, job: Job, receive) -> None:
        import anyio

        try:
            self._take(job, await anyio.to_thread.run_sync(receive.recv))
        except EOFError:
            self._failed(job, 500, "the worker process ended without an answer (out of memory?)")

    def _check(self, job: Job, process, receive) -> None:
        """Ends a job that was cancelled, passed the time limit or whose process died."""
        if job.cancel_reason:
            self._stopped(job, "cancelled", _cancelled_status(job), job.cancel_reason)
        elif time.monotonic() - job.started > self.time_limit:
            self._stopped(job, "timeout", 503, (
                f"stopped after the time limit of {self.time_limit:g} s (seeds/studio.toml, "
                "[limits] time_limit); ask for less work"))
        elif not process.is_alive() and not receive.poll():
            self._failed(job, 500, f"the worker process died (exit code {process.exitcode})")

    def _take(self, job: Job, message: tuple) -> None:
        """Applies one message of the job's process: progress, or how it ended."""
        kind = message[0]
        if kind == "progress":
            job.done, job.total, job.note = message[1], message[2], message[3]
        elif kind == "ok":
            job.result, job.state = message[1], "done"
        elif kind == "error":
            _, status, text, report = message
            body: dict[str, Any] = {"problems": [text]}
            if report is not None:
                body["report"] = report
            job.error, job.state = JobError(status, body), "failed"
        else:
            print(f"tombgen serve: job {job.label} failed:\n{message[1]}", flush=True)
            self._failed(job, 500, "internal error; the server's terminal shows the details")

    def _failed(self, job: Job, status: int, text: str) -> None:
        self._stopped(job, "failed", status, text)

    @staticmethod
    def _stopped(job: Job, state: str, status: int, text: str) -> None:
        job.error, job.state = JobError(status, {"problems": [text]}), state

    def stop_all(self) -> None:
        """Asks every job to stop (the server is shutting down): their loops end them at once,
        answer, and the connections close. Safe to call from a signal handler."""
        for job in list(self.jobs.values()):
            self.cancel(job, SHUTDOWN)

    def close(self) -> None:
        """Stops every job and ends any worker process left."""
        self.stop_all()
        for process in list(self._processes.values()):
            _stop(process)
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None


#: The folders jobs run in are named by this and the server's process id, so the next server
#: removes those of a server that was killed (:func:`remove_stale_folders`).
FOLDER_PREFIX = "tombgen-jobs-"


def remove_stale_folders() -> int:
    """Removes the job folders of servers that are gone (``kill -9`` leaves its folder
    behind); returns how many. Called when a server starts and before its first job."""
    import re
    import shutil
    import tempfile
    from pathlib import Path

    from generator.core.output import pid_alive

    removed = 0
    pattern = re.compile(re.escape(FOLDER_PREFIX) + r"(\d+)-")
    for path in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*"):
        found = pattern.match(path.name)
        if found and path.is_dir() and not path.is_symlink() \
                and not pid_alive(int(found.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def _stop(process) -> None:
    """Ends a job's process: at once if it still runs (SIGTERM, then SIGKILL)."""
    if process.is_alive():
        process.terminate()
        process.join(2)
        if process.is_alive():
            process.kill()
    process.join(1)
