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

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from generator.batch import manifest
from generator.batch.assemble import SPOOL_DIR, Assembly, PartSpool, joined_items
from generator.batch.config import Config, Item, load_config, out_folder
from generator.core.executor import make_executor
from generator.batch.units import Unit, UnitResult, build_unit, config_units
from generator.clikit import Quiet
from generator.core.errors import InputError, RuleError, TombgenError
from generator.core.output import atomic_write, check_dir, prepare_dir

_PART = re.compile(r"^\..+\.(\d+)\.\d+\.part$")


class Failure(NamedTuple):
    """A unit that could not be built, with the config line of its item."""

    unit: Unit
    line: int
    message: str

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


def remove_stale_parts(folder: Path) -> int:
    """Deletes temporary files left by runs that were killed (their process is gone)."""
    removed = 0
    for path in folder.iterdir():
        found = _PART.match(path.name)
        if found and not _alive(int(found.group(1))):
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def run_batch(config_path: str | Path, *, out: str | Path | None = None, jobs: int | None = None,
              dask: Any = None, unit_fn: Callable[[Unit], UnitResult] = build_unit,
              progress: Callable | None = None, executor: Any = None,
              save_every: float = 2.0) -> Outcome:
    """Runs a batch config; returns what was built, skipped and what failed.

    Raises InputError/RuleError (nothing written) for a bad config or an item that cannot be
    made. ``unit_fn`` must be a module-level function (it is sent to worker processes);
    ``save_every`` is the least time in seconds between two saves of the manifest.
    """
    config_path = Path(config_path)
    folder = check_dir(Path(out) if out else (out_folder(config_path) or Path("output")))
    old = manifest.read(folder)
    previous = {raw["item"] - 1: raw for raw in (old or {}).get("items", [])
                if isinstance(raw, dict) and isinstance(raw.get("item"), int)}
    config = load_config(config_path, previous)
    units = config_units(config)
    book = manifest.Manifest(folder, config, save_every)
    files_done, pdfs_done = book.carry_over(old, units)
    joined = {i: it for i, it in joined_items(config.items).items() if i not in pdfs_done}
    spools = {i: _spool(folder, it) for i, it in joined.items()}
    done = {(u.item, u.sub) for u in units if (u.item, u.sub) in files_done
            and (u.item not in spools or spools[u.item].has(u))}
    todo = [u for u in units if (u.item, u.sub) not in done]
    own = executor is None
    executor = executor or make_executor(jobs, dask)
    state = _Run(config, folder, book, joined, spools, done)
    try:
        state.run(executor, unit_fn, todo, progress)
    finally:
        state.close()
        if own:
            executor.close()
    return Outcome(config, folder, len(units), state.built, len(units) - len(todo),
                   state.written, state.failures)


def _pdf_name(item: Item) -> str:
    from generator.produce import RunInfo, pdf_name

    return pdf_name(RunInfo(item.game, item.kind, item.seed, 0, item.count, item.options))


def _spool(folder: Path, item: Item) -> PartSpool:
    spool = PartSpool(folder, _pdf_name(item))
    spool.load()
    return spool


class _Run:
    """The mutable state of one run: writing results, joining PDFs, recording failures."""

    def __init__(self, config: Config, folder: Path, book: manifest.Manifest,
                 joined: dict[int, Item], spools: dict[int, PartSpool],
                 done: set[tuple[int, int]]):
        from generator.draw.pdfjoin import JoinedFile

        self.config, self.folder, self.book = config, folder, book
        self.items = {it.index: it for it in config.items}
        self.assemblies = {
            i: Assembly(it, lambda it=it: JoinedFile(folder / _pdf_name(it)), spools[i],
                        {sub for (item, sub) in done if item == i})
            for i, it in joined.items()}
        self.built = self.written = 0
        self.failures: list[Failure] = []
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
            text = "nothing was written:\n" + "\n".join(lines)
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
            line = self.items[unit.item].line_for(error_text(result))
            self.failures.append(Failure(unit, line, error_text(result)))
            self.book.add_failure(unit, line, error_text(result))
            if unit.item in self.assemblies:
                self.assemblies.pop(unit.item).abort()
        else:
            self._write(unit, result)
        self.book.save(force=False)

    def _write(self, unit: Unit, result: UnitResult) -> None:
        import hashlib

        for name, fmt, pages, data in result.files:
            atomic_write(self.folder / name, data)
            self.book.add_file(unit, name, fmt, pages, hashlib.sha256(data).hexdigest(),
                               len(data), result.validation)
            self.written += 1
        self.built += 1
        assembly = self.assemblies.get(unit.item)
        if assembly is not None and result.part is not None and assembly.add(unit.sub, result.part):
            self._finish_pdf(unit.item)

    def _finish_pdf(self, index: int) -> None:
        assembly = self.assemblies.pop(index)
        pages, size, sha = assembly.finish()
        # Every part passed validation (a unit that fails it raises and makes no part).
        self.book.add_pdf(assembly.item, assembly.target.path.name, pages, sha, size,
                          {"valid": True, "violations": []})
        self.written += 1

    def close(self) -> None:
        """Drops unfinished PDFs and saves the manifest (if anything was started)."""
        unfinished = bool(self.assemblies)
        for assembly in self.assemblies.values():
            assembly.abort()
        self.assemblies.clear()
        if self.started:
            self.book.save(complete=self.ended and not unfinished and not self.failures)
