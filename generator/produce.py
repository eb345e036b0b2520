"""The one pipeline every product goes through: seed → generate → validate → render → write.

:func:`build` makes items in memory (nothing touches the disk); :func:`write` writes the files of
built items atomically. A generated item that fails validation stops the run before any file is
written (exit 1 with the report). ``produce`` = both, as the CLI uses it; it is also the Python
entry point for scripts.

A product may have extra files (its ``extra_files`` role: a Realms map's ``.toml``); they are
written with every run of it, whatever ``--format`` asks, next to the other files.

Files of one item (:func:`item_files`, :func:`item_pdf`) can be made on their own, in any process:
that is what ``tombgen batch`` does for each of its items. A one-item run writes its PDF directly;
a ``--count`` run makes one small PDF per item and joins them in item order with
:mod:`generator.draw.pdfjoin` — the same path a batch takes, so the same item gives the same bytes
whichever made it. :func:`pdf_metadata` is what identifies a PDF for ``tombgen verify``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from generator import GENERATOR
from generator.core.envelope import dumps, envelope
from generator.core.errors import BuildError, InputError, RuleError
from generator.core.output import atomic_write, check_dir, file_name, prepare_dir
from generator.core.rng import derive_seed, make_rng
from generator.draw.paper import Sheet, make_sheet
from generator.draw.scene import Document, Page
from generator.registry import GameSpec, ProductSpec, game, resolve

FORMATS = ("svg", "pdf", "json")


class RunInfo(NamedTuple):
    """What a renderer may show about the run: seed, item number, options."""

    game: str
    kind: str
    seed: int
    index: int
    count: int
    options: dict[str, Any]

    @property
    def item_seed(self) -> int:
        return derive_seed(self.seed, self.index)

    def footer(self) -> str:
        item = f" · item {self.index + 1} of {self.count}" if self.count > 1 else ""
        return f"{self.game} {self.kind} · seed {self.seed}{item} · {GENERATOR}"


class Built(NamedTuple):
    """One item after generate/validate/render, ready to write."""

    info: RunInfo
    item: Any
    pages: list[Page]
    fields: dict[str, Any]
    extra: dict[str, Any] = {}
    #: The validation report of the item (it passed: else build_one raises).
    report: Any = None
    #: The sheet it was rendered for (paper, theme); recorded in the PDF metadata.
    sheet: Sheet | None = None

    def document(self) -> dict[str, Any]:
        extra = {"options": self.info.options, **self.extra}
        if self.info.count > 1:
            extra = {"item": self.info.index + 1, "count": self.info.count, **extra}
        return envelope(self.info.game, self.info.kind, self.info.seed, self.fields, extra)


def parse_formats(value: str | Iterable[str]) -> tuple[str, ...]:
    """``'svg,pdf'`` → ('svg', 'pdf'); unknown names → InputError."""
    names = [v.strip().lower() for v in (value.split(",") if isinstance(value, str) else value)]
    names = [n for n in names if n]
    bad = [n for n in names if n not in FORMATS]
    if bad or not names:
        raise InputError(f"--format {','.join(names) or value!r}: choose any of svg,pdf,json "
                         "separated by commas")
    return tuple(dict.fromkeys(names))


def add_footer(page: Page, sheet: Sheet, footer: str) -> Page:
    """The page with its footer line (kind, seed, version) at the bottom margin."""
    from generator.draw.text import text

    line = text(sheet.left, sheet.footer_y, footer, sheet.footer_size,
                fill=sheet.theme("muted"), max_width=sheet.content_width)
    return Page(page.width, page.height, page.items + (line,), page.symbols, footer)


def build_one(spec: GameSpec, product: ProductSpec, seed: int, index: int, count: int,
              sheet: Sheet, options: dict[str, Any], render: bool = True) -> Built:
    """Generates, validates and renders item ``index`` of a run."""
    info = RunInfo(spec.name, product.kind, seed, index, count, options)
    if product.distinct:   # a product with few possible items keeps a run's items apart
        item = product.fn("distinct")(seed, index, count, **options)
    else:
        item = product.fn("generate")(make_rng(info.item_seed), **options)
    report = product.fn("validate")(item)
    if not report.ok:
        raise RuleError(f"generated {product.kind} failed validation (seed {seed}, item "
                        f"{index + 1}); this is a bug, please report it:\n{report.text()}", report)
    pages = []
    if render:
        pages = [add_footer(p, sheet, info.footer())
                 for p in product.fn("render")(item, sheet, info)]
    return Built(info, item, pages, product.fn("to_fields")(item), report=report, sheet=sheet)


def build(game_name: str, kind: str, seed: int, count: int = 1, paper: str = "a4",
          mono: bool = False, options: dict[str, Any] | None = None,
          render: bool = True) -> list[Built]:
    """Builds ``count`` items in memory; raises RuleError/InputError, writes nothing."""
    if count < 1:
        raise InputError(f"--count {count}: must be 1 or more")
    spec = game(game_name)
    product = spec.product(kind)
    sheet = make_sheet(paper, mono)
    opts = dict(options or {})
    return [build_one(spec, product, seed, i, count, sheet, opts, render) for i in range(count)]


class Written(NamedTuple):
    path: Path
    fmt: str
    pages: int
    size: int

    def summary(self) -> str:
        pages = (f", {self.pages} page{'s' if self.pages != 1 else ''}"
                 if self.fmt in ("svg", "pdf") else "")
        return f"wrote {self.path} ({self.fmt}{pages}, {self.size / 1024:.1f} kB)"


def item_files(b: Built, formats: tuple[str, ...]) -> list[tuple[str, str, int, bytes]]:
    """One item's SVG pages, JSON and extra files as (name, format, pages, bytes); no PDF.

    Extra files (the product's ``extra_files`` role, e.g. a Realms map's ``.toml``) come
    whatever ``formats`` says: they are part of the item, like its validation.
    """
    from generator.draw import svg

    files: list[tuple[str, str, int, bytes]] = []
    info = b.info
    n = info.index + 1 if info.count > 1 else None
    if "svg" in formats:
        for p, page in enumerate(b.pages, start=1):
            suffix = "" if p == 1 else f"-p{p}"
            name = file_name(info.game, info.kind, info.seed, "svg", n)
            name = name[:-4] + suffix + ".svg"
            files.append((name, "svg", 1, svg.page_to_svg(page, _title(b))))
    if "json" in formats:
        files.append((file_name(info.game, info.kind, info.seed, "json", n), "json", 0,
                      dumps(b.document()).encode("utf-8")))
    files.extend(extra_files(b))
    return files


def extra_files(b: Built) -> list[tuple[str, str, int, bytes]]:
    """The files of the product's ``extra_files`` role for one item (none without the role)."""
    info = b.info
    product = game(info.game).product(info.kind)
    if not product.extra_files:
        return []
    n = info.index + 1 if info.count > 1 else None
    files = []
    for ext, data in product.fn("extra_files")(b.item):
        if ext in FORMATS or not ext.isalnum():
            raise BuildError(f"{info.game} {info.kind}: extra file extension {ext!r} must be "
                             "letters and digits, and not svg, pdf or json")
        data = data.encode("utf-8") if isinstance(data, str) else data
        files.append((file_name(info.game, info.kind, info.seed, ext, n), ext, 0, data))
    return files


def pdf_name(info: RunInfo) -> str:
    """The PDF of a run: one file for all its items."""
    return file_name(info.game, info.kind, info.seed, "pdf")


def pdf_metadata(info: RunInfo, count: int, sheet: Sheet | None) -> tuple[str, str, tuple[str, ...]]:
    """(title, subject, keywords) of a run's PDF.

    The keywords identify the run for ``tombgen verify``: game, kind, seed, count, paper, theme
    and, last, the options as compact JSON (``options=`` runs to the end of the keywords).
    """
    title = f"tombgen {info.game} {info.kind} {info.seed}"
    subject = (RunInfo(info.game, info.kind, info.seed, 0, 1, info.options).footer()
               if count == 1 else
               f"{info.game} {info.kind} · seed {info.seed} · {count} items · {GENERATOR}")
    keywords = ["tombgen", info.game, info.kind, f"seed={info.seed}", f"count={count}"]
    if sheet is not None:
        keywords += [f"paper={sheet.paper}", f"mono={'yes' if sheet.theme.mono else 'no'}"]
    keywords.append("options=" + options_json(info.options))
    return title, subject, tuple(keywords)


def options_json(options: dict[str, Any]) -> str:
    """Options as compact, key-sorted JSON (how PDF keywords and manifests compare them)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def item_pdf(b: Built) -> bytes:
    """The PDF of one item: the finished file of a one-item run, else the part to join."""
    from generator.draw import pdf

    if b.info.count == 1:
        title, subject, keywords = pdf_metadata(b.info, 1, b.sheet)
        return pdf.document_to_pdf(Document(tuple(b.pages), title, subject, keywords))
    return pdf.document_to_pdf(Document(tuple(b.pages), _title(b)))


def join_metadata(info: RunInfo, count: int, sheet: Sheet | None) -> dict[str, str]:
    """Keyword arguments for :meth:`generator.draw.pdfjoin.PdfJoiner.finish`."""
    title, subject, keywords = pdf_metadata(info, count, sheet)
    return {"title": title, "subject": subject, "keywords": ", ".join(keywords)}


def render_files(built: list[Built], formats: tuple[str, ...]) -> list[tuple[str, str, int, bytes]]:
    """All output files as (name, format, pages, bytes), before anything is written."""
    files: list[tuple[str, str, int, bytes]] = []
    for b in built:
        files.extend(item_files(b, formats))
    if "pdf" in formats:
        first = built[0]
        pages = sum(len(b.pages) for b in built)
        if len(built) == 1 and first.info.count == 1:
            data = item_pdf(first)
        else:
            from generator.draw import pdfjoin

            data = pdfjoin.join((item_pdf(b) for b in built),
                                **join_metadata(first.info, len(built), first.sheet))
        files.append((pdf_name(first.info), "pdf", pages, data))
    return files


def _title(b: Built) -> str:
    return f"tombgen {b.info.game} {b.info.kind} {b.info.seed}"


def write(built: list[Built], out: str | Path, formats: tuple[str, ...]) -> list[Written]:
    """Writes every file of a run; all bytes are made first, then each file atomically."""
    folder = prepare_dir(out)
    files = render_files(built, formats)
    written = []
    for name, fmt, pages, data in files:
        path = atomic_write(folder / name, data)
        written.append(Written(path, fmt, pages, len(data)))
    return written


class Request(NamedTuple):
    """What a product command asked :func:`produce` to make (see :func:`capture`)."""

    game: str
    kind: str
    seed: int
    count: int
    paper: str
    mono: bool
    formats: tuple[str, ...]
    options: dict[str, Any]


class _Captured(BaseException):
    """Raised by :func:`produce` while capturing: stops the command before it writes."""

    def __init__(self, request: Request):
        super().__init__(request)
        self.request = request


_CAPTURING = [False]


def capture(call: Callable[[], Any]) -> Request | None:
    """Runs ``call`` (a product command's callback) and returns what it asked to produce.

    Nothing is built or written and the command's output is swallowed: this is how ``tombgen
    batch`` learns the exact options a command passes on (defaults filled in, values converted)
    without knowing any game. Returns None if the callback never called :func:`produce`.
    """
    import contextlib
    import io

    _CAPTURING[0] = True
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            call()
    except _Captured as done:
        return done.request
    finally:
        _CAPTURING[0] = False
    return None


def descriptions(built: list[Built]) -> list[str]:
    """Each item's one-line summary from its product's ``describe`` role (none without it)."""
    lines = []
    for b in built:
        ref = game(b.info.game).product(b.info.kind).describe
        line = resolve(ref)(b.item) if ref else None
        if line:
            lines.append(line)
    return lines


def produce(game_name: str, kind: str, seed: int, *, count: int = 1, paper: str = "a4",
            mono: bool = False, out: str | Path = "output", formats: tuple[str, ...] = FORMATS,
            options: dict[str, Any] | None = None,
            notes: list[str] | None = None) -> list[Written]:
    """Build and write: the library function behind every ``tombgen <game> <kind>`` command.

    ``notes``, when given, receives each item's one-line description (see ``descriptions``).
    """
    if _CAPTURING[0]:
        raise _Captured(Request(game_name, kind, seed, count, paper, mono, tuple(formats),
                                dict(options or {})))
    check_dir(out)
    built = build(game_name, kind, seed, count, paper, mono, options,
                  render=bool({"svg", "pdf"} & set(formats)))
    written = write(built, out, formats)
    if notes is not None:
        notes.extend(descriptions(built))
    return written
