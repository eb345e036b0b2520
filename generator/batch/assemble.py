"""Putting one item's PDF together from its units' parts, in order, as they arrive.

Units finish in any order; the joined PDF needs their parts in sub-item order. An
:class:`Assembly` appends each part as soon as its turn comes (the joiner streams to a temporary
file); a part that arrives early waits in the item's :class:`PartSpool` on disk, or, without a
spool (``verify``), in memory — at most the executor's window of them.

The spool also makes a killed run resumable: every part is appended to one file per item
(``.tombgen-parts/<pdf name>.spool``) with a header naming the unit and its inputs, so a rerun
finds the parts already made and rebuilds only the units whose part or files are missing. A
record cut short by the kill is detected by its length and dropped. The spool is deleted when
its PDF is complete.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from generator.batch.config import Item
from generator.batch.units import Unit, item_units

SPOOL_DIR = ".tombgen-parts"
_HEADER = re.compile(rb"TOMBGEN-PART ([0-9a-f]{40}) (\d+)\n")


def unit_part_key(unit: Unit) -> str:
    """Names a unit's part by the tombgen version and everything that determines its bytes."""
    from generator import GENERATOR

    return hashlib.sha256(f"{GENERATOR}\n{unit.signature()}".encode()).hexdigest()[:40]


class PartSpool:
    """The parts of one item's joined PDF, appended to one file as they arrive."""

    def __init__(self, folder: Path, pdf_name: str):
        self.path = Path(folder) / SPOOL_DIR / f"{pdf_name}.spool"
        self.index: dict[str, tuple[int, int]] = {}  # key → (offset of the data, length)
        self.handle: BinaryIO | None = None
        self.end = 0

    def load(self) -> set[str]:
        """Reads the index of a spool left by an earlier run; returns the part keys in it."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return set()
        pos = 0
        while True:
            found = _HEADER.match(data, pos)
            if not found:
                break
            start, length = found.end(), int(found.group(2))
            if start + length + 1 > len(data) or data[start + length:start + length + 1] != b"\n":
                break  # cut short when the run was killed
            self.index[found.group(1).decode()] = (start, length)
            pos = start + length + 1
        self.end = pos
        return set(self.index)

    def put(self, unit: Unit, data: bytes) -> None:
        """Appends a part (one write, so a kill leaves at most one short record at the end)."""
        if self.handle is None:
            from generator.core.output import io_error

            try:
                self.path.parent.mkdir(exist_ok=True)
                # Kept open while the item is assembled; closed by drop() or close().
                self.handle = open(self.path, "r+b" if self.path.exists() else "w+b",  # noqa: SIM115
                                   buffering=0)
                self.handle.truncate(self.end)  # drop a record cut short by an earlier kill
            except OSError as exc:
                raise io_error(exc, self.path) from None
        key = unit_part_key(unit)
        header = b"TOMBGEN-PART %s %d\n" % (key.encode(), len(data))
        try:
            os.pwrite(self.handle.fileno(), header + data + b"\n", self.end)
        except OSError as exc:
            from generator.core.output import io_error

            raise io_error(exc, self.path) from None
        self.index[key] = (self.end + len(header), len(data))
        self.end += len(header) + len(data) + 1

    def has(self, unit: Unit) -> bool:
        return unit_part_key(unit) in self.index

    def read(self, unit: Unit) -> bytes:
        start, length = self.index[unit_part_key(unit)]
        if self.handle is not None:
            return os.pread(self.handle.fileno(), length, start)
        with open(self.path, "rb") as handle:
            handle.seek(start)
            return handle.read(length)

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None

    def drop(self) -> None:
        """Deletes the spool (its PDF is complete), and the spool folder if now empty."""
        self.close()
        self.path.unlink(missing_ok=True)
        try:
            self.path.parent.rmdir()
        except OSError:
            pass  # other items' spools remain


class Assembly:
    """One item's joined PDF, fed parts in sub-item order as they become available.

    ``sink()`` makes the target (:class:`generator.draw.pdfjoin.JoinedFile` or ``JoinedHash``).
    The target is opened once two parts in a row are available (or the last one), so a batch
    that starts every item at once does not open a file per item.
    """

    def __init__(self, item: Item, sink: Callable[[], Any], spool: PartSpool | None = None,
                 on_disk: set[int] | None = None):
        self.item = item
        self.units = item_units(item)
        self.sink = sink
        self.spool = spool
        self.ready = set(on_disk or ())
        self.held: dict[int, bytes] = {}
        self.target: Any = None     # what sink() makes (a JoinedFile), once parts are ready
        self.next = 0

    def add(self, sub: int, part: bytes) -> bool:
        """Adds a part; True when every part is in (then call :meth:`finish`)."""
        if self.spool is None:
            self.held[sub] = part
        else:
            self.spool.put(self.units[sub], part)
            self.ready.add(sub)
        return self.pump((sub, part))

    def _available(self, sub: int) -> bool:
        return sub in self.held or sub in self.ready

    def pump(self, fresh: tuple[int, bytes] | None = None) -> bool:
        """Appends every part whose turn has come; True when all are in."""
        count = self.item.request.count
        while self._available(self.next):
            n = self.next
            if self.target is None and n + 1 < count and not self._available(n + 1):
                break
            if n in self.held:
                data = self.held.pop(n)
            elif fresh is not None and fresh[0] == n:
                data = fresh[1]
            else:
                assert self.spool is not None   # a part neither held nor fresh is spooled
                data = self.spool.read(self.units[n])
            if self.target is None:
                self.target = self.sink()
            self.target.add(data)
            self.next += 1
        return self.next == count

    def finish(self) -> tuple[int, int, str]:
        """(pages, size, sha256) of the finished PDF; the spool is deleted."""
        from generator.draw.paper import make_sheet
        from generator.produce import join_metadata

        item, r = self.item, self.item.request
        size, sha = self.target.finish(**join_metadata(item.run_info(), r.count,
                                                       make_sheet(r.paper, r.mono, r.cmyk)))
        if self.spool is not None:
            self.spool.drop()
        return self.target.pages, size, sha

    def abort(self) -> None:
        """Drops the unfinished PDF; the spool stays for the next run."""
        self.held.clear()
        if self.target is not None:
            self.target.abort()
        if self.spool is not None:
            self.spool.close()


def joined_items(items) -> dict[int, Item]:
    """The items whose PDF is joined from parts: products with count > 1 and a PDF."""
    return {it.index: it for it in items if it.joined}
