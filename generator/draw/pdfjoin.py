"""Streaming concatenation of the single-item PDFs our reportlab backend writes.

A ``--count`` run or a batch makes one small PDF per item (possibly in other processes) and joins
them here, in item order, into one file. :class:`PdfJoiner` renumbers each input's objects and
appends them to the output as they come, keeping only object offsets in memory; ``finish`` then
writes one page tree, the catalogue, the document information (title, subject, keywords) and the
cross-reference table. Identical objects (a font subset the items share, a symbol drawn on every
sheet) are written once and shared, found by a hash of their renumbered bytes.

The reader is deliberately small: it accepts what :mod:`generator.draw.pdf` writes (a classic
cross-reference table, no object streams, a flat or nested page tree) and refuses anything else
with a :class:`BuildError` instead of guessing. Stream data is copied byte for byte; references
are only rewritten in the dictionary part of an object, never inside a stream.

:func:`read_info` reads the document information of such a file (or of one this module wrote) so
``tombgen verify`` can identify a PDF by its metadata.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from generator import GENERATOR
from generator.core.errors import BuildError

#: Object numbers the joiner reserves; item objects start after them.
PAGES, CATALOG, INFO = 1, 2, 3
_FIRST = 4
#: Reportlab's invariant-mode date, so joined and direct files carry the same kind of entry.
_DATE = "D:20000101000000+00'00'"
_HEADER = b"%PDF-1.4\n%\x93\x8c\x8b\x9e tombgen\n"

#: An indirect reference, with the ``/Parent`` key before it when there is one (a page's parent
#: is the one reference not followed: it points back up the tree).
_REF = re.compile(rb"(?P<parent>/Parent\s+)?(?<![\w.#+-])(?P<num>\d+) (?P<gen>\d+) R\b")
_OBJ = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj\b")
_STREAM = re.compile(rb"\bstream(\r\n|\n|\r)")
_PAGE_TYPE = re.compile(rb"/Type\s*/Page\b(?!s)")
_PAGES_TYPE = re.compile(rb"/Type\s*/Pages\b")


class _Source:
    """One input PDF: its objects located through the cross-reference table."""

    def __init__(self, data: bytes, label: str):
        self.data = data
        self.label = label
        if not data.startswith(b"%PDF-1."):
            raise BuildError(f"{label}: not a PDF file")
        try:
            self.offsets = self._xref()
        except (ValueError, IndexError, StopIteration) as exc:
            raise self.fail(f"unreadable cross-reference table ({exc})") from None
        self.bounds = self._bounds()

    def fail(self, what: str) -> BuildError:
        return BuildError(f"{self.label}: {what}; only PDFs written by tombgen's reportlab "
                          "backend can be joined")

    def _xref(self) -> dict[int, int]:
        data = self.data
        at = data.rfind(b"startxref")
        if at < 0:
            raise self.fail("no startxref")
        start = int(data[at + 9:].split()[0])
        if not data.startswith(b"xref", start):
            raise self.fail("cross-reference streams are not supported")
        pos = start + 4
        offsets: dict[int, int] = {}
        lines = iter(data[pos:].splitlines())
        for line in lines:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == b"trailer":
                break
            first, count = int(parts[0]), int(parts[1])
            for n in range(first, first + count):
                entry = next(lines).split()
                if entry[2] == b"n":
                    offsets[n] = int(entry[0])
        self.trailer = data[data.find(b"trailer", start):at]
        self.xref_at = start
        return offsets

    def _bounds(self) -> dict[int, tuple[int, int]]:
        """Each object's byte span: from its offset to the next object (or the xref)."""
        starts = sorted(self.offsets.values()) + [self.xref_at]
        nxt = {s: starts[i + 1] for i, s in enumerate(starts[:-1])}
        return {n: (off, nxt[off]) for n, off in self.offsets.items()}

    def split(self, n: int) -> tuple[bytes, bytes]:
        """Object ``n`` as (dictionary part, rest): rest is ``stream…endstream`` or empty."""
        if n not in self.bounds:
            raise self.fail(f"object {n} is referenced but missing")
        lo, hi = self.bounds[n]
        chunk = self.data[lo:hi]
        head = _OBJ.match(chunk)
        if not head or int(head.group(1)) != n:
            raise self.fail(f"object {n} is not at its cross-reference offset")
        body = chunk[head.end():]
        end = body.rfind(b"endobj")
        if end < 0:
            raise self.fail(f"object {n} has no endobj")
        body = body[:end]
        found = _STREAM.search(body)
        if found is None:
            return body.strip(), b""
        tail = body.rfind(b"endstream")
        if tail < found.end():
            raise self.fail(f"object {n} has no endstream")
        return body[:found.start()].strip(), body[found.start():tail + 9]

    def ref(self, key: bytes, where: bytes) -> int:
        found = re.search(rb"/" + key + rb"\s+(\d+)\s+(\d+)\s+R", where)
        if not found:
            raise self.fail(f"no /{key.decode()} reference")
        return int(found.group(1))

    def pages(self) -> list[int]:
        """The page objects in document order (the page tree flattened)."""
        root = self.ref(b"Root", self.trailer)
        top = self.ref(b"Pages", self.split(root)[0])
        out: list[int] = []
        self._walk(top, out, 0)
        return out

    def _walk(self, n: int, out: list[int], depth: int) -> None:
        if depth > 32:
            raise self.fail("page tree too deep")
        head, _ = self.split(n)
        if _PAGES_TYPE.search(head):
            kids = re.search(rb"/Kids\s*\[(.*?)\]", head, re.DOTALL)
            if not kids:
                raise self.fail(f"page tree node {n} has no /Kids")
            for m in _REF.finditer(kids.group(1)):
                self._walk(int(m.group("num")), out, depth + 1)
        elif _PAGE_TYPE.search(head):
            out.append(n)
        else:
            raise self.fail(f"object {n} in the page tree is neither a page nor a page tree node")


class PdfJoiner:
    """Appends single-item PDFs to ``handle`` in the order given; ``finish`` closes the file.

    Memory use is one offset per written object plus one hash per shared object, whatever the
    number of pages: the inputs themselves are dropped as soon as they are copied.
    """

    def __init__(self, handle: BinaryIO | None):
        self.handle = handle  # None: only hash the bytes (see :class:`JoinedHash`)
        self.pos = 0
        self.digest = hashlib.md5()
        self.sha256 = hashlib.sha256()
        self.offsets: dict[int, int] = {}
        self.kids: list[int] = []
        self.shared: dict[bytes, int] = {}
        self.next = _FIRST
        self.inputs = 0
        self._write(_HEADER)

    def _write(self, data: bytes) -> None:
        if self.handle is not None:
            self.handle.write(data)
        self.sha256.update(data)
        self.digest.update(data)
        self.pos += len(data)

    def _object(self, number: int, body: bytes) -> None:
        self.offsets[number] = self.pos
        self._write(b"%d 0 obj\n" % number + body + b"\nendobj\n")

    def add(self, pdf: bytes) -> int:
        """Appends every page of ``pdf`` (and what they use); returns the number of pages."""
        self.inputs += 1
        source = _Source(pdf, f"PDF part {self.inputs}")
        pages = source.pages()
        mapping: dict[int, int] = {}
        for page in pages:
            self._copy(source, page, mapping, set(), is_page=True)
            self.kids.append(mapping[page])
        return len(pages)

    def _copy(self, source: _Source, n: int, mapping: dict[int, int], path: set[int],
              is_page: bool = False) -> None:
        """Writes object ``n`` after everything it references (so it can be shared by hash)."""
        if n in mapping:
            return
        if n in path:
            raise source.fail(f"reference cycle through object {n}")
        path.add(n)
        head, stream = source.split(n)
        if not is_page and _PAGE_TYPE.search(head):
            raise source.fail(f"object {n} refers to a page outside the page tree")
        for m in _REF.finditer(head):
            if not m.group("parent"):
                self._copy(source, int(m.group("num")), mapping, path)
        path.discard(n)

        def renumber(m: re.Match) -> bytes:
            if m.group("parent"):
                return m.group("parent") + b"%d 0 R" % PAGES
            return b"%d 0 R" % mapping[int(m.group("num"))]

        body = _REF.sub(renumber, head) + (b"\n" + stream if stream else b"")
        if is_page:
            mapping[n] = self._take(body)
            return
        key = hashlib.sha256(body).digest()
        if key not in self.shared:
            self.shared[key] = self._take(body)
        mapping[n] = self.shared[key]

    def _take(self, body: bytes) -> int:
        number = self.next
        self.next += 1
        self._object(number, body)
        return number

    def finish(self, title: str, subject: str = "", keywords: str = "", lang: str = "en") -> None:
        """Writes the page tree, catalogue (with the document's language), document
        information, xref and trailer."""
        if not self.kids:
            raise BuildError("no pages to join")
        kids = b" ".join(b"%d 0 R" % k for k in self.kids)
        self._object(PAGES, b"<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>" % (len(self.kids), kids))
        self._object(CATALOG, b"<<\n/Lang %s /PageMode /UseNone /Pages %d 0 R /Type /Catalog\n>>"
                     % (pdf_string(lang), PAGES))
        info = {"Author": GENERATOR, "CreationDate": _DATE, "Creator": GENERATOR,
                "Keywords": keywords, "ModDate": _DATE, "Producer": GENERATOR,
                "Subject": subject, "Title": title}
        entries = b" ".join(b"/" + k.encode() + b" " + pdf_string(v) for k, v in info.items())
        self._object(INFO, b"<<\n" + entries + b" /Trapped /False\n>>")
        # The file identifier is a hash of everything before it: same content, same identifier.
        ident = self.digest.hexdigest().encode()
        xref_at = self.pos
        size = self.next
        rows = [b"xref\n0 %d\n" % size, b"0000000000 65535 f \n"]
        for n in range(1, size):
            rows.append(b"%010d 00000 n \n" % self.offsets[n])
        self._write(b"".join(rows))
        self._write(b"trailer\n<<\n/ID [<%s><%s>]\n/Info %d 0 R\n/Root %d 0 R\n/Size %d\n>>\n"
                    b"startxref\n%d\n%%%%EOF\n" % (ident, ident, INFO, CATALOG, size, xref_at))


def pdf_string(text: str) -> bytes:
    """A PDF text string: PDFDocEncoding-compatible Latin-1 when possible, else UTF-16BE;
    control characters and lone surrogates are escaped as in every other metadata text."""
    from generator.core.inputs import printable

    text = printable(text, None)
    try:
        raw = text.encode("latin-1")
        if any(0x7F <= b < 0xA1 for b in raw):
            raise UnicodeEncodeError("latin-1", text, 0, 1, "outside PDFDocEncoding")
    except UnicodeEncodeError:
        return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"
    out = bytearray(b"(")
    for b in raw:
        if b in b"()\\":
            out += b"\\" + bytes([b])
        elif 32 <= b < 127:
            out.append(b)
        else:
            out += b"\\%03o" % b
    out += b")"
    return bytes(out)


def join(pdfs: Iterable[bytes], title: str, subject: str = "", keywords: str = "",
         lang: str = "en") -> bytes:
    """The joined PDF in memory (for runs small enough to hold)."""
    buf = io.BytesIO()
    joiner = PdfJoiner(buf)
    for pdf in pdfs:
        joiner.add(pdf)
    joiner.finish(title, subject, keywords, lang)
    return buf.getvalue()


def part_path(path: Path) -> Path:
    """The temporary name a file is written under before its rename (as ``atomic_write``)."""
    from generator.core.output import temp_path

    return temp_path(path)


class JoinedFile:
    """A joined PDF written straight to disk under a temporary name, renamed by ``finish``.

    ``abort`` (or an exception before ``finish``) removes the temporary file: a half-written PDF
    never appears under its final name. ``finish`` publishes it under the overwrite rule of
    :func:`generator.core.output.publish` (``force``); ``complete`` only finishes the temporary
    file, for a caller that publishes it with other files (``tmp``). A fault of the file system
    is an :class:`generator.core.output.OutputError` naming the PDF.
    """

    def __init__(self, path: str | Path, force: bool = False):
        self.path = Path(path)
        self.force = force
        self.tmp = part_path(self.path)
        self.handle = self._guard(lambda: open(self.tmp, "xb"))  # noqa: SIM115 - closed by finish/abort
        self.joiner = self._guard(lambda: PdfJoiner(self.handle))  # it writes the header
        self.pages = 0

    def _guard(self, step):
        from generator.core.output import io_error

        try:
            return step()
        except OSError as exc:
            self.abort()
            raise io_error(exc, self.path) from None

    def add(self, pdf: bytes) -> None:
        self.pages += self._guard(lambda: self.joiner.add(pdf))

    def complete(self, title: str, subject: str = "", keywords: str = "",
                 lang: str = "en") -> tuple[int, str]:
        """Writes the end of the file and closes it (still under its temporary name)."""
        try:
            self._guard(lambda: self.joiner.finish(title, subject, keywords, lang))
            self._guard(self.handle.close)
        except BaseException:
            self.abort()
            raise
        return self.joiner.pos, self.joiner.sha256.hexdigest()

    def finish(self, title: str, subject: str = "", keywords: str = "",
               lang: str = "en") -> tuple[int, str]:
        """Completes and publishes the file; returns its size and SHA-256 (hex)."""
        from generator.core.output import publish

        done = self.complete(title, subject, keywords, lang)
        publish(self.tmp, self.path, self.force)
        return done

    def abort(self) -> None:
        handle = getattr(self, "handle", None)
        if handle is not None and not handle.closed:
            try:
                handle.close()
            except OSError:
                pass  # a full disk refuses the last buffered bytes; the file goes anyway
        try:
            os.unlink(self.tmp)
        except FileNotFoundError:
            pass


class JoinedHash:
    """Like :class:`JoinedFile` but keeps only the SHA-256 of the bytes (for ``verify``)."""

    def __init__(self):
        self.joiner = PdfJoiner(None)
        self.pages = 0

    def add(self, pdf: bytes) -> None:
        self.pages += self.joiner.add(pdf)

    def finish(self, title: str, subject: str = "", keywords: str = "",
               lang: str = "en") -> tuple[int, str]:
        self.joiner.finish(title, subject, keywords, lang)
        return self.joiner.pos, self.joiner.sha256.hexdigest()

    def abort(self) -> None:
        pass


# --- reading metadata back --------------------------------------------------------------------

_ESCAPES = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}


def read_info(path: str | Path) -> dict[str, str]:
    """The document information of a tombgen PDF as ``{"Title": …, "Keywords": …}``.

    Reads only the tail of the file (trailer) and the information object. Raises
    :class:`BuildError` when the file is not a PDF this module can read.
    """
    try:
        return _read_info(path)
    except (ValueError, IndexError, StopIteration) as exc:
        raise BuildError(f"{path}: malformed PDF ({exc})") from None


def _read_info(path: str | Path) -> dict[str, str]:
    with open(path, "rb") as handle:
        head = handle.read(8)
        if not head.startswith(b"%PDF-1."):
            raise BuildError(f"{path}: not a PDF file")
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - 4096))
        tail = handle.read()
        trailer = tail[tail.rfind(b"trailer"):]
        found = re.search(rb"/Info\s+(\d+)\s+(\d+)\s+R", trailer)
        xref = re.search(rb"startxref\s+(\d+)", tail[tail.rfind(b"startxref"):])
        if not found or not xref:
            raise BuildError(f"{path}: no document information in the trailer")
        handle.seek(int(xref.group(1)))
        table = handle.read(size - int(xref.group(1)))
    offset = _xref_offset(table, int(found.group(1)))
    if offset is None:
        raise BuildError(f"{path}: the document information object is not in the xref table")
    with open(path, "rb") as handle:
        handle.seek(offset)
        chunk = handle.read(1 << 16)
    end = chunk.find(b"endobj")
    return _parse_info(chunk[:end if end > 0 else len(chunk)])


def _xref_offset(table: bytes, number: int) -> int | None:
    if not table.startswith(b"xref"):
        return None
    lines = iter(table[4:].splitlines())
    for line in lines:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == b"trailer":
            return None
        first, count = int(parts[0]), int(parts[1])
        for n in range(first, first + count):
            entry = next(lines).split()
            if n == number and entry[2] == b"n":
                return int(entry[0])
    return None


def _parse_info(body: bytes) -> dict[str, str]:
    """``/Key (string)`` and ``/Key <hex>`` pairs of an information dictionary."""
    out: dict[str, str] = {}
    i = body.find(b"<<")
    while i >= 0:
        key = re.compile(rb"/([A-Za-z]+)\s*([(<])").search(body, i)
        if not key:
            break
        name = key.group(1).decode()
        if key.group(2) == b"(":
            raw, i = _literal(body, key.end())
        else:
            close = body.find(b">", key.end())
            if body[key.end():key.end() + 1] == b"<":  # a nested dictionary: skip its key
                i = key.end() + 1
                continue
            raw = bytes.fromhex(body[key.end():close].decode("ascii", "replace").strip() or "")
            i = close + 1
        out[name] = _decode(raw)
    return out


def _literal(body: bytes, i: int) -> tuple[bytes, int]:
    out = bytearray()
    depth = 1
    while i < len(body):
        c = body[i]
        if c == 0x5C:  # backslash
            nxt = body[i + 1]
            if 0x30 <= nxt <= 0x37:
                octal = re.match(rb"[0-7]{1,3}", body[i + 1:i + 4])
                assert octal is not None        # body[i + 1] is an octal digit
                digits = octal.group(0)
                out.append(int(digits, 8) & 0xFF)
                i += 1 + len(digits)
                continue
            if nxt in (10, 13):  # line continuation
                i += 2 + (nxt == 13 and body[i + 2:i + 3] == b"\n")
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
        out.append(c)
        i += 1
    return bytes(out), i


def _decode(raw: bytes) -> str:
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", "replace")
    return raw.decode("latin-1")
