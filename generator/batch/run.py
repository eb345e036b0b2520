"""Driving a batch: check the config, skip what is done, build the rest, write as results come.

Order of work: the config is checked completely first (see :mod:`generator.batch.config`).
Then the first unit still to build of every item runs — nothing is written until all of them
have succeeded, so a request that cannot be met (a generator that refuses its options) stops the
batch before any file appears, naming its config line. The other units follow in item order.

The main process writes every file atomically as its unit's result arrives, in whatever order
units finish; a multi-item PDF is joined in sub-item order straight into a temporary file renamed
when complete (parts wait their turn in the item's spool on disk, see
:mod:`generator.batch.assemble`). The manifest is saved every few seconds and at the end, also
when the run is interrupted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from generator.batch import manifest
from generator.batch.assemble import SPOOL_DIR, Assembly, PartSpool, joined_items
from generator.batch.config import Config, Item, load_config, out_folder
from generator.batch.lock import FolderLock
from generator.batch.units import Unit, UnitResult, build_unit, config_units
from generator.clikit import Quiet
from generator.core.errors import InputError, RuleError, TombgenError
from generator.core.executor import make_executor
from generator.core.output import (
    Conflict,
    check_dir,
    discard,
    in_the_way,
    prepare_dir,
    publish,
    remove_stale_parts,
    same_content,
    write_temp,
)


class Failure(NamedTuple):
    """A unit that could not be built, with the config line of its item."""

    unit: Unit
    line: int
    message: str
    #: Its files exist with other content and were left alone (no ``--force``).
    conflict: bool = False

    def text(self, config: Path) -> str:
        return f"{config}:{self.line}: {self.unit.label()}: {self.message}"


class Outcome(NamedTuple):
    """What a batch did."""

    config: Config
    folder: Path
    units: int
    built: int
    skipped: int
    written: int
    failures: list[Failure]
    #: Files that exist with other content and were left alone (no ``--force``).
    conflicts: list[Path] = []  # noqa: RUF012 - a NamedTuple default, never changed in place
    #: Files that were already there with the same bytes (left alone, recorded).
    unchanged: int = 0

    @property
    def manifest(self) -> Path:
        return self.folder / manifest.NAME

    @property
    def drawn(self) -> list[Item]:
        """Items whose seed was drawn for this run (the config gave none)."""
        return [item for item in self.config.items if item.seed_drawn]


def error_text(exc: BaseException) -> str:
    if isinstance(exc, TombgenError):
        return exc.message
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def run_batch(config_path: str | Path, *, out: str | Path | None = None, jobs: int | None = None,
              dask: Any = None, unit_fn: Callable[[Unit], UnitResult] = build_unit,
              progress: Callable | None = None, executor: Any = None,
              save_every: float = 2.0, force: bool = False,
              notify: Callable[[str], None] | None = None) -> Outcome:
    """Runs a batch config; returns what was built, skipped and what failed.

    Raises InputError/RuleError (nothing written) for a bad config or an item that cannot be
    made, or when another batch holds the folder's lock. ``unit_fn`` must be a module-level
    function (it is sent to worker processes); ``save_every`` is the least time in seconds
    between two saves of the manifest. ``force`` replaces files that exist with other content
    (without it they are left alone and listed in ``Outcome.conflicts``); ``notify`` receives
    lines worth telling before the work starts (the plan, a lock taken over).
    """
    config_path = Path(config_path)
    folder = check_dir(Path(out) if out else (out_folder(config_path) or Path("output")))
    existed = folder.is_dir()
    prepare_dir(folder)
    lock = FolderLock(folder)
    try:
        with lock:
            if lock.note and notify:
                notify(lock.note)
            return _run_locked(config_path, folder, jobs, dask, unit_fn, progress, executor,
                               save_every, force, notify)
    finally:
        if not existed:
            try:
                folder.rmdir()  # a folder made for a batch that wrote nothing
            except OSError:
                pass


def _run_locked(config_path: Path, folder: Path, jobs, dask, unit_fn, progress, executor,
                save_every: float, force: bool, notify) -> Outcome:
    try:
        old = manifest.read(folder)
    except InputError:
        if not force:
            raise
        old = None  # --force: the file that is not a manifest will be replaced
    config = load_config(config_path, _previous_items(old))
    units = config_units(config)
    _check_owner(folder, old, config, force)
    book = manifest.Manifest(folder, config, save_every)
    files_done, pdfs_done = book.carry_over(old, units)
    joined = {i: it for i, it in joined_items(config.items).items() if i not in pdfs_done}
    spools = {i: _spool(folder, it) for i, it in joined.items()}
    done = {(u.item, u.sub) for u in units if (u.item, u.sub) in files_done
            and (u.item not in spools or spools[u.item].has(u))}
    todo = [u for u in units if (u.item, u.sub) not in done]
    if notify:
        notify(f"batch {config_path}: {len(units)} unit{'s' if len(units) != 1 else ''} in "
               f"{len(config.items)} item{'s' if len(config.items) != 1 else ''}, "
               f"{len(units) - len(todo)} already made; into {folder}")
    own = executor is None
    executor = executor or make_executor(jobs, dask)
    state = _Run(config, folder, book, joined, spools, done, force)
    stopped: BaseException | None = None
    try:
        state.run(executor, unit_fn, todo, progress)
    except BaseException as exc:
        stopped = exc
        if own:
            executor.abort()  # Ctrl-C or an error: stop the workers now
            own = False
        raise
    finally:
        # a fault (a full disk…) leaves no spool behind: only a run that was stopped (Ctrl-C,
        # SIGTERM) keeps its PDF parts for the run that resumes it
        state.close(drop_spools=stopped is not None
                    and not isinstance(stopped, KeyboardInterrupt))
        if own:
            executor.close()
    return Outcome(config, folder, len(units), state.built, len(units) - len(todo),
                   state.written, state.failures, state.conflicts, state.unchanged)


def _previous_items(old: dict[str, Any] | None) -> dict[int, dict[str, Any]]:
    return {raw["item"] - 1: raw for raw in (old or {}).get("items", [])
            if isinstance(raw, dict) and isinstance(raw.get("item"), int)}


def _check_owner(folder: Path, old: dict[str, Any] | None, config: Config, force: bool) -> None:
    """A folder holding another config's batch is not taken over without ``--force``: its
    manifest would be replaced, and with it the record of its files."""
    if not old or force:
        return
    recorded = (old.get("config") or {}).get("path") if isinstance(old.get("config"), dict) \
        else None
    if recorded and recorded != str(config.path.resolve()):
        raise InputError(
            f"{folder}: holds the batch of {recorded} (its manifest.json); this config would "
            "replace that record. Give another --out, or --force to take the folder over")


def _differs(tmp: Path, path: Path) -> bool:
    """True when ``path`` exists with bytes other than the finished temporary file's."""
    import os

    return os.path.lexists(path) and not (path.is_file() and same_content(tmp, path))


def _pdf_name(item: Item) -> str:
    from generator.produce import pdf_name

    return pdf_name(item.run_info(), item.request.paper, item.request.mono, item.request.cmyk)


def _spool(folder: Path, item: Item) -> PartSpool:
    spool = PartSpool(folder, _pdf_name(item))
    spool.load()
    return spool


class _Run:
    """The mutable state of one run: writing results, joining PDFs, recording failures."""

    def __init__(self, config: Config, folder: Path, book: manifest.Manifest,
                 joined: dict[int, Item], spools: dict[int, PartSpool],
                 done: set[tuple[int, int]], force: bool = False):
        from generator.draw.pdfjoin import JoinedFile

        self.config, self.folder, self.book, self.force = config, folder, book, force
        self.spools = spools
        self.items = {it.index: it for it in config.items}
        def sink(item: Item) -> Callable[[], JoinedFile]:
            return lambda: JoinedFile(folder / _pdf_name(item), force)

        self.assemblies = {
            i: Assembly(it, sink(it), spools[i], {sub for (item, sub) in done if item == i})
            for i, it in joined.items()}
        self.built = self.written = self.unchanged = 0
        self.failures: list[Failure] = []
        self.conflicts: list[Path] = []
        self.started = False  # past the first units: files are being written
        self.ended = False  # every unit came back (not interrupted)

    def run(self, executor, unit_fn: Callable, todo: list[Unit], progress) -> None:
        firsts: dict[int, Unit] = {}
        for unit in todo:
            firsts.setdefault(unit.item, unit)
        probes = {(u.item, u.sub) for u in firsts.values()}
        order = list(firsts.values()) + [u for u in todo if (u.item, u.sub) not in probes]
        results = executor.map_unordered(unit_fn, order)
        held: list[tuple[Unit, Any]] = []
        waiting = set(probes)
        if not waiting:
            self._start()
        bar = progress(results, len(order), "building") if progress else Quiet(results)
        with bar as stream:
            for unit, result in stream:
                if self.started:
                    self.handle(unit, result)
                    continue
                held.append((unit, result))
                waiting.discard((unit.item, unit.sub))
                if not waiting:
                    self._open_gate(held, probes)
                    held = []
        self.ended = True

    def _open_gate(self, held: list[tuple[Unit, Any]], probes: set) -> None:
        """All first units are in: stop if any could not be made, else write what is held."""
        refused = [(u, r) for u, r in held
                   if (u.item, u.sub) in probes and isinstance(r, TombgenError)]
        if refused:
            lines = [f"{self.config.path}:{self.items[u.item].line_for(r.message)}: {u.label()}: "
                     f"{r.message}"
                     for u, r in sorted(refused, key=lambda x: (x[0].item, x[0].sub))]
            text = "\n".join(lines) + "\nnothing was written"
            if any(isinstance(r, InputError) for _, r in refused):
                raise InputError(text)
            raise RuleError(text)
        self._start()
        for unit, result in held:
            self.handle(unit, result)

    def _start(self) -> None:
        """From here on files are written: make the folder, clear dead runs' temporary files."""
        prepare_dir(self.folder)
        remove_stale_parts(self.folder)
        if (self.folder / SPOOL_DIR).is_dir():
            remove_stale_parts(self.folder / SPOOL_DIR)
        self.started = True
        for index in list(self.assemblies):  # PDFs whose parts are all on disk already
            if self.assemblies[index].pump():
                self._finish_pdf(index)

    def handle(self, unit: Unit, result: Any) -> None:
        if isinstance(result, BaseException):
            self._failed(unit, error_text(result))
        else:
            self._write(unit, result)
        self.book.save(force=False)

    def _failed(self, unit: Unit, message: str) -> None:
        line = self.items[unit.item].line_for(message)
        self.failures.append(Failure(unit, line, message))
        self.book.add_failure(unit, line, message)
        if unit.item in self.assemblies:
            self.assemblies.pop(unit.item).abort()

    def _write(self, unit: Unit, result: UnitResult) -> None:
        """Writes a unit's files: all of them, or (one exists with other content and there is
        no ``--force``) none, and the unit is a failure naming the files."""
        import hashlib

        staged = []
        try:
            for name, fmt, pages, data in result.files:
                staged.append((name, fmt, pages, data, write_temp(self.folder / name, data)))
            blocked = in_the_way(self.folder / name for name, *_ in staged)
            if blocked:  # none of the unit's files is published
                self._failed(unit, blocked.message)
                return
            clashes = [self.folder / name for name, *_, tmp in staged
                       if _differs(tmp, self.folder / name)]
            if clashes and not self.force:
                self._conflict(unit, clashes)
                return
            for name, fmt, pages, data, tmp in staged:
                if publish(tmp, self.folder / name, force=True):
                    self.written += 1
                else:
                    self.unchanged += 1
                self.book.add_file(unit, name, fmt, pages, hashlib.sha256(data).hexdigest(),
                                   len(data), result.validation)
        finally:
            for *_, tmp in staged:
                discard(tmp)
        self.built += 1
        assembly = self.assemblies.get(unit.item)
        if assembly is not None and result.part is not None and assembly.add(unit.sub, result.part):
            self._finish_pdf(unit.item)

    def _conflict(self, unit: Unit, paths: list[Path]) -> None:
        message = Conflict(paths).message
        line = self.items[unit.item].line
        self.failures.append(Failure(unit, line, message, conflict=True))
        self.book.add_failure(unit, line, message)
        self.conflicts.extend(paths)
        if unit.item in self.assemblies:
            self.assemblies.pop(unit.item).abort()

    def _finish_pdf(self, index: int) -> None:
        assembly = self.assemblies.pop(index)
        try:
            pages, size, sha = assembly.finish()
        except Conflict as exc:  # the joined PDF is left alone; its parts stay for a rerun
            self._conflict(assembly.units[-1], exc.paths)
            return
        # Every part passed validation (a unit that fails it raises and makes no part).
        self.book.add_pdf(assembly.item, assembly.target.path.name, pages, sha, size,
                          {"valid": True, "violations": []})
        self.written += 1

    def close(self, drop_spools: bool = False) -> None:
        """Drops unfinished PDFs (with ``drop_spools``, after a fault, their spooled parts
        too) and saves the manifest (if anything was started); a disk that is full by now must
        not hide the error that stopped the run."""
        unfinished = bool(self.assemblies)
        for assembly in self.assemblies.values():
            assembly.abort()
        self.assemblies.clear()
        if drop_spools:
            for spool in self.spools.values():
                spool.drop()
        if not self.started:
            return
        try:
            self.book.save(complete=self.ended and not unfinished and not self.failures)
        except TombgenError:
            if self.ended:
                raise
            # interrupted or failed: the error that stopped the run is the one to report; the
            # last manifest saved still describes files that are complete
