"""Running independent work units: in-process, on a local process pool, or on dask.distributed.

Every executor has one method, ``map_unordered(fn, units)``: it yields ``(unit, result)`` or
``(unit, exception)`` as units finish, in any order. Units are submitted in order and never more
than ``window`` beyond the earliest unfinished one, so a consumer that must put results back in
order (a joined PDF) buffers at most ``window`` of them, whatever the number of units.

A local worker process that dies (``BrokenProcessPool``) takes its pool down; the pool is
recreated and the units that were running are run again one at a time, so the unit that kills
its worker is found and retried alone (``retries`` times) without charging its neighbours. On
dask, the scheduler reschedules the tasks of a dead worker itself and ``retries`` applies to
tasks that raise. Exceptions a unit raises are not retried locally: building is deterministic.

``make_executor(jobs, dask)`` is the entry point; simulations use it for their chunks of games
(:func:`generator.core.play.run_games`, :func:`executor_for`).
"""

from __future__ import annotations

import heapq
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from generator.core.errors import InputError

DEFAULT_RETRIES = 2


class WorkerDied(Exception):
    """A unit whose worker process died every time it was run."""


def default_jobs() -> int:
    """Worker processes when ``--jobs`` is not given: the CPUs this process may use."""
    from generator.core.limits import cpus

    return cpus()


class InProcess:
    """Runs units one after the other in this process (``--jobs 1``): no pool, no pickling."""

    jobs = 1

    def map_unordered(self, fn: Callable, units: Iterable) -> Iterator[tuple[Any, Any]]:
        for unit in units:
            try:
                yield unit, fn(unit)
            except Exception as exc:  # noqa: BLE001 - reported per unit by the caller
                yield unit, exc

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


class LocalPool:
    """A ``ProcessPoolExecutor`` of ``jobs`` workers, recreated if a worker dies."""

    def __init__(self, jobs: int, retries: int = DEFAULT_RETRIES, window: int | None = None):
        self.jobs = jobs
        self.retries = retries
        self.window = window or max(8, 4 * jobs)
        self.pool = None

    def _pool(self):
        if self.pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(self.jobs, initializer=_worker_init,
                                            initargs=(os.getpid(),))
        return self.pool

    def _reset(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = None

    def abort(self) -> None:
        """Stops at once (Ctrl-C, an error): the workers are killed, not waited for."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            try:
                process.kill()
            except (OSError, ValueError, AttributeError):
                pass
        for process in processes:
            try:
                process.join(2)
            except (OSError, ValueError, AttributeError, AssertionError):
                pass
        # A worker killed while it was sending a result leaves half a message in the result
        # pipe; the pool's manager thread then waits for the rest for ever, and the interpreter
        # waits for that thread at exit. With this process's own end of the pipe closed and the
        # workers gone, the thread reads end-of-file instead, takes the pool as broken and ends.
        writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
        if writer is not None:
            try:
                writer.close()
            except OSError:
                pass
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        # The pool's manager thread now ends, closing its wake-up pipe as it goes. Wait for it:
        # at exit the interpreter wakes every such thread through that pipe without a lock, and
        # a pipe closed in between is an "Exception ignored" traceback under the one-line stop.
        if manager is not None:
            manager.join(MANAGER_JOIN_SECONDS)

    def map_unordered(self, fn: Callable, units: Iterable) -> Iterator[tuple[Any, Any]]:
        from concurrent.futures import FIRST_COMPLETED, wait

        units = list(units)
        waiting = list(range(len(units)))  # a heap of unit positions not yet submitted
        suspects: list[int] = []  # were running when a worker died: rerun one at a time
        deaths = [0] * len(units)
        finished = [False] * len(units)
        low = 0
        running: dict[Any, int] = {}
        while waiting or suspects or running:
            if suspects:
                if not running:
                    i = suspects.pop(0)
                    running[self._pool().submit(fn, units[i])] = i
            else:
                while waiting and waiting[0] < low + self.window:
                    i = heapq.heappop(waiting)
                    running[self._pool().submit(fn, units[i])] = i
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            if not any(_is_broken(f) for f in done):
                for future in done:
                    i = running.pop(future)
                    finished[i] = True
                    yield units[i], _outcome(future)
            else:
                # The pool is gone. Keep what finished before the death; rerun the rest, one
                # at a time, so a death can be pinned on the one unit that was running.
                alone = len(running) == 1
                crashed = []
                for future, i in list(running.items()):
                    if future.done() and not _is_broken(future):
                        finished[i] = True
                        yield units[i], _outcome(future)
                    else:
                        crashed.append(i)
                running.clear()
                self._reset()
                for i in crashed:
                    deaths[i] += 1 if alone else 0
                    if deaths[i] > self.retries:
                        finished[i] = True
                        yield units[i], WorkerDied(
                            f"its worker process died each of the {deaths[i]} times it ran alone")
                    else:
                        suspects.append(i)
            while low < len(units) and finished[low]:
                low += 1

    def close(self) -> None:
        self._reset()


#: How long :meth:`LocalPool.abort` waits for a stopped pool's manager thread (seconds).
MANAGER_JOIN_SECONDS = 10


def _worker_init(parent: int | None = None) -> None:
    """Workers leave Ctrl-C to the main process, which stops the run and saves the manifest,
    and never outlive it (:func:`die_with_parent`).

    A forked worker also stops any allocation tracing it inherited (a memory benchmark of the
    main process must not slow the workers down).
    """
    import signal
    import tracemalloc

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker inherits the CLI's handler
    if tracemalloc.is_tracing():
        tracemalloc.stop()
    if parent is not None:
        die_with_parent(parent)


#: How often a worker's watchdog looks for its parent (seconds).
WATCH_SECONDS = 0.5


def die_with_parent(parent: int) -> None:
    """Makes this worker process end when its parent ends, however the parent ends (SIGKILL
    included): on Linux the kernel sends it SIGKILL (``PR_SET_PDEATHSIG``); everywhere a daemon
    thread checks every :data:`WATCH_SECONDS` that the parent is still there, and ends the
    process when it is not (its parent id changes when the parent is gone)."""
    import threading

    _linux_parent_death_signal()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)

    def watch() -> None:
        import time

        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="tombgen-parent-watch", daemon=True).start()


def die_with_process(pid: int) -> None:
    """Makes this process end when process ``pid`` (not its parent: e.g. the server whose
    forkserver started it) is gone: a daemon thread looks every :data:`WATCH_SECONDS`."""
    import threading

    from generator.core.output import pid_alive

    def watch() -> None:
        import time

        while pid_alive(pid):
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="tombgen-server-watch", daemon=True).start()


def _linux_parent_death_signal() -> None:
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl here: the watchdog thread still works
        pass


def _is_broken(future) -> bool:
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(future.exception(), BrokenProcessPool)


def _outcome(future) -> Any:
    """The result, or the exception the unit raised (returned, not raised)."""
    exc = future.exception()
    return exc if exc is not None else future.result()


class DaskExecutor:
    """Sends units to a running dask.distributed scheduler (``--dask ADDRESS``).

    A dask task costs a few milliseconds of scheduling, as much as a cheap unit. So units go in
    chunks of consecutive units, sized from the compute time measured on the workers so that a
    task lasts about :data:`TASK_SECONDS` (one unit per task at first, and for slow units).
    A task that fails as a whole (its worker died more often than the scheduler allows) fails
    each of its units.
    """

    def __init__(self, address: Any, retries: int = DEFAULT_RETRIES, window: int | None = None,
                 timeout: float | None = None):
        try:
            from distributed import Client
        except ImportError:
            raise InputError("--dask needs the dask.distributed package: "
                             "pip install 'tombgen[dask]'") from None
        if timeout is None:
            from generator.core.limits import dask_timeout

            timeout = dask_timeout()
        self.client = _connect(Client, address, timeout)
        self.retries = retries
        threads = sum(self.client.nthreads().values()) or 1
        self.jobs = threads
        self.window = window or max(8, 4 * threads)

    def map_unordered(self, fn: Callable, units: Iterable) -> Iterator[tuple[Any, Any]]:
        from distributed import as_completed

        units = list(units)
        spans: dict[Any, tuple[int, int]] = {}
        finished = [False] * len(units)
        pending = as_completed(loop=self.client.loop)
        state: dict[str, Any] = {"next": 0, "low": 0, "per_unit": None}

        def size() -> int:
            per = state["per_unit"]
            return 1 if per is None else max(1, min(MAX_CHUNK, int(TASK_SECONDS / max(per, 1e-4))))

        def top_up() -> None:
            while state["next"] < len(units):
                chunk = size()
                if state["next"] >= state["low"] + max(self.window, 2 * self.jobs * chunk):
                    break
                start, stop = state["next"], min(len(units), state["next"] + chunk)
                future = self.client.submit(run_chunk, fn, units[start:stop], pure=False,
                                            retries=self.retries)
                spans[future.key] = (start, stop)
                pending.add(future)
                state["next"] = stop

        top_up()
        for future in pending:
            start, stop = spans.pop(future.key)
            try:
                outcomes, seconds = future.result()
                per = seconds / (stop - start)
                state["per_unit"] = per if state["per_unit"] is None else (
                    0.7 * state["per_unit"] + 0.3 * per)
            except Exception as exc:  # noqa: BLE001 - e.g. KilledWorker: the whole chunk failed
                outcomes = [exc] * (stop - start)
            future.release()
            for i, outcome in zip(range(start, stop), outcomes):
                finished[i] = True
                yield units[i], outcome
            while state["low"] < len(units) and finished[state["low"]]:
                state["low"] += 1
            top_up()

    def close(self) -> None:
        self.client.close()

    def abort(self) -> None:
        self.close()


def _connect(client_class, address: Any, timeout: float):
    """A dask client connected to ``address`` within ``timeout`` seconds, or InputError.

    A client that fails to connect is closed here and its leftovers silenced: otherwise its
    finaliser reports the failure again, as a traceback, when the process exits.
    """
    import logging
    import warnings

    text = str(address)
    quiet = [logging.getLogger(name) for name in ("distributed", "distributed.client",
                                                   "distributed.comm", "tornado", "asyncio")]
    levels = [(log, log.level) for log in quiet]
    for log in quiet:
        log.setLevel(logging.CRITICAL)
    class Quiet(client_class):
        """A client that, when it fails to connect, stops its event loop at once and leaves
        nothing for its finaliser to report (dask's would wait, then print a traceback)."""

        def __init__(self, *args: Any, **kwargs: Any):
            self._tombgen_failed = False
            try:
                super().__init__(*args, **kwargs)
            except BaseException:
                self._tombgen_failed = True
                runner = getattr(self, "_loop_runner", None)
                if runner is not None:
                    try:
                        runner.stop()
                    except Exception:  # noqa: BLE001 - best effort on a client that failed
                        pass
                raise

        def __del__(self) -> None:
            if not getattr(self, "_tombgen_failed", True):
                super().__del__()

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return Quiet(text, timeout=f"{timeout}s", set_as_default=False)
    except Exception as exc:  # noqa: BLE001 - OSError, TimeoutError, ValueError, and more
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"--dask {text}: cannot reach a scheduler there within {timeout:g} s "
                         f"({why}); start one (dask scheduler) or check the address") from None
    finally:
        for log, level in levels:
            log.setLevel(level)


#: Chunked dask tasks aim at this much compute each, with at most this many units.
TASK_SECONDS = 0.25
MAX_CHUNK = 32


def run_chunk(fn: Callable, units: list) -> tuple[list, float]:
    """Runs units one after the other (one dask task): their outcomes and the time taken."""
    import time

    start = time.perf_counter()
    outcomes = []
    for unit in units:
        try:
            outcomes.append(fn(unit))
        except Exception as exc:  # noqa: BLE001 - reported per unit by the caller
            outcomes.append(exc)
    return outcomes, time.perf_counter() - start


def make_executor(jobs: int | None = None, dask: Any = None,
                  retries: int = DEFAULT_RETRIES):
    """``dask`` (a scheduler address) → :class:`DaskExecutor`; else ``jobs`` local processes.

    ``jobs`` None means the CPU count; 1 runs everything in this process.
    """
    if dask:
        return DaskExecutor(dask, retries)
    from generator.core.limits import check_jobs

    jobs = default_jobs() if jobs is None else jobs
    check_jobs(jobs)
    return InProcess() if jobs == 1 else LocalPool(jobs, retries)


@contextmanager
def executor_for(jobs: int = 1, dask: Any = None) -> Iterator[Any]:
    """The executor of a command's ``--jobs``/``--dask`` (closed on exit), or None for one job
    and no dask: callers then run their work in a plain in-process loop."""
    if jobs == 1 and not dask:
        yield None
        return
    executor = make_executor(jobs, dask)
    try:
        yield executor
    except BaseException:
        executor.abort()  # Ctrl-C or an error: stop the workers now
        raise
    executor.close()


def map_ordered(executor, fn: Callable, units: Sequence) -> Iterator[tuple[Any, Any]]:
    """``(unit, result)`` in the order of ``units`` (buffering at most the executor's window)."""
    index = {id(u): i for i, u in enumerate(units)}
    held: dict[int, tuple[Any, Any]] = {}
    want = 0
    for unit, result in executor.map_unordered(fn, units):
        held[index[id(unit)]] = (unit, result)
        while want in held:
            yield held.pop(want)
            want += 1
