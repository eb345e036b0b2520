"""The one pipeline every product goes through: seed → generate → validate → render → write.

:func:`build` makes items in memory (nothing touches the disk); :func:`produce` builds them one
at a time and writes their files, as the CLI does; it is also the Python entry point for
scripts. A generated item that fails validation stops the run before any file is written (exit 1
with the report).

A product may have extra files (its ``extra_files`` role: a Realms map's ``.toml``); they are
written with every run of it, whatever ``--format`` asks, next to the other files.

Files of one item (:func:`item_files`, :func:`item_pdf`) can be made on their own, in any process:
that is what ``tombgen batch`` does for each of its items. A one-item run writes its PDF directly;
a ``--count`` run makes one small PDF per item and joins them in item order with
:mod:`generator.draw.pdfjoin` — the same path a batch takes, so the same item gives the same bytes
whichever made it. :func:`pdf_metadata` is what identifies a PDF for ``tombgen verify``.

What a run is — :class:`RunInfo`, its footer and file names, :class:`Request` and
:func:`make_request` — lives in :mod:`generator.runs` and is imported here too, so
``generator.produce`` stays the one entry point for scripts. Every page's footer is the command
that remakes it (:meth:`RunInfo.footer`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from generator import GENERATOR
from generator.core.envelope import dumps, envelope
from generator.core.errors import BuildError, InputError, RuleError, shown
from generator.core.limits import check_run
from generator.core.output import Staging, check_dir, prepare_dir, remove_stale_parts
from generator.core.rng import make_rng
from generator.draw.paper import Sheet, make_sheet
from generator.draw.scene import Document, Page
from generator.registry import GameSpec, ProductSpec, game, resolve
from generator.runs import (  # noqa: F401 - the run's description, used by callers of produce
    FORMATS,
    Request,
    RunInfo,
    check_language,
    check_requires,
    check_value,
    differing,
    differs_part,
    make_request,
    page_words,
    parse_formats,
    remake_flags,
    run_stem,
)

if TYPE_CHECKING:
    from generator.draw.pdfjoin import JoinedFile


class Built(NamedTuple):
    """One item after generate/validate/render, ready to write."""

    info: RunInfo
    item: Any
    pages: list[Page]
    fields: dict[str, Any]
    extra: dict[str, Any] = {}  # noqa: RUF012 - a NamedTuple default, never changed in place
    #: The validation report of the item (it passed: else build_one raises).
    report: Any = None
    #: The sheet it was rendered for (paper, theme); recorded in the PDF metadata.
    sheet: Sheet | None = None

    def document(self) -> dict[str, Any]:
        extra = {"lang": self.info.lang, "options": self.info.options, **self.extra}
        if self.info.count > 1:
            extra = {"item": self.info.index + 1, "count": self.info.count, **extra}
        return envelope(self.info.game, self.info.kind, self.info.seed, self.fields, extra)




def footer_line(info: RunInfo, sheet: Sheet):
    """The footer text primitive: the full command if it fits the line (shrunk down to the print
    minimum), else with files named by their file name only, else a line that says the options
    are in the metadata (the page still names its seed). Returns (primitive, the full footer
    text). Its words are in the sheet's language (``common.page``)."""
    from generator.draw.text import text

    full = info.footer(sheet.paper, sheet.theme.mono, cmyk=sheet.cmyk)
    too_long = page_words(info.lang)("too_long")
    tries = (full, info.footer(sheet.paper, sheet.theme.mono, short=True, cmyk=sheet.cmyk),
             f"{info.game} {info.kind} · {info.stamp()} · {too_long}")
    for value in tries:
        try:
            return text(sheet.left, sheet.footer_y, value, sheet.footer_size,
                        fill=sheet.theme("muted"), max_width=sheet.content_width), full
        except BuildError:
            continue
    raise BuildError(f"the footer does not fit the page: {shown(tries[-1], 400)}")


def add_footer(page: Page, sheet: Sheet, info: RunInfo) -> Page:
    """The page with its footer line (the command that remakes it, seed, version) at the bottom
    margin."""
    line, full = footer_line(info, sheet)
    return Page(page.width, page.height, page.items + (line,), page.symbols, full)


def build_one(spec: GameSpec, product: ProductSpec, seed: int, index: int, count: int,
              sheet: Sheet, options: dict[str, Any], render: bool = True,
              lang: str = "en", item: Any = None) -> Built:
    """Generates, validates and renders item ``index`` of a run. ``item``, when given, is used
    instead of generating one (an item made elsewhere, e.g. from a map drawn on the local web
    page, which the options describe as the command would); it is validated all the same."""
    info = RunInfo(spec.name, product.kind, seed, index, count, options, lang)
    if item is not None:
        pass
    elif product.distinct:   # a product with few possible items keeps a run's items apart
        item = product.fn("distinct")(seed, index, count, **options)
    else:
        item = product.fn("generate")(make_rng(info.item_seed), **options)
    report = product.fn("validate")(item)
    if not report.ok:
        raise RuleError(f"generated {product.kind} failed validation (seed {seed}, item "
                        f"{index + 1}); this is a bug, please report it:\n{report.text()}", report)
    pages = []
    if render:
        pages = [add_footer(p, sheet, info) for p in product.fn("render")(item, sheet, info)]
    return Built(info, item, pages, product.fn("to_fields")(item), report=report, sheet=sheet)


def build(game_name: str, kind: str, seed: int, count: int = 1, paper: str = "a4",
          mono: bool = False, options: dict[str, Any] | None = None,
          render: bool = True, lang: str | None = None, cmyk: bool = False) -> list[Built]:
    """Builds ``count`` items in memory; raises RuleError/InputError, writes nothing.

    ``options`` not given take the defaults of the product's ``generate`` function (a library
    call may choose cheaper ones than the command, e.g. no rating games), so the JSON records
    every option and the footer names those that differ from the command's defaults. ``lang``
    None is the product's default language for these options (see ``shared_defaults``).
    """
    if count < 1:
        raise InputError(f"--count {count}: must be 1 or more")
    check_run("count", "--count", count)
    spec = game(game_name)
    product = spec.product(kind)
    opts = {**library_defaults(product), **(options or {})}
    lang = lang or product.shared_default("lang", opts)
    check_language(spec, product, lang)
    sheet = make_sheet(paper, mono, cmyk)
    return [build_one(spec, product, seed, i, count, sheet, opts, render, lang)
            for i in range(count)]


def library_defaults(product: ProductSpec) -> dict[str, Any]:
    """Each declared option's default in the product's ``generate`` function (the declared
    default where ``generate`` has none)."""
    import inspect

    declared = product.defaults()
    params = inspect.signature(product.fn("generate")).parameters
    return {name: (params[name].default if name in params
                   and params[name].default is not inspect.Parameter.empty else default)
            for name, default in declared.items()}


class Written(NamedTuple):
    path: Path
    fmt: str
    pages: int
    size: int
    #: False when the file was already there with the same bytes (left alone).
    written: bool = True

    def summary(self) -> str:
        pages = (f", {self.pages} page{'s' if self.pages != 1 else ''}"
                 if self.fmt in ("svg", "pdf") else "")
        verb = "wrote" if self.written else "unchanged"
        return f"{verb} {self.path} ({self.fmt}{pages}, {self.size / 1024:.1f} kB)"


def item_files(b: Built, formats: tuple[str, ...]) -> list[tuple[str, str, int, bytes]]:
    """One item's SVG pages, JSON and extra files as (name, format, pages, bytes); no PDF.

    Extra files (the product's ``extra_files`` role, e.g. a Realms map's ``.toml``) come
    whatever ``formats`` says: they are part of the item, like its validation.
    """
    from generator.draw import svg

    files: list[tuple[str, str, int, bytes]] = []
    info = b.info
    n = info.index + 1 if info.count > 1 else None
    stem = _stem(b)
    if "svg" in formats:
        for p, page in enumerate(b.pages, start=1):
            suffix = "" if p == 1 else f"-p{p}"
            name = _name(stem, "svg", n)
            name = name[:-4] + suffix + ".svg"
            files.append((name, "svg", 1, svg.page_to_svg(page, _title(b))))
    if "json" in formats:
        files.append((_name(stem, "json", n), "json", 0, dumps(b.document()).encode("utf-8")))
    files.extend(extra_files(b))
    return files


def _stem(b: Built) -> str:
    sheet = b.sheet
    return run_stem(b.info, *((sheet.paper, sheet.theme.mono, sheet.cmyk) if sheet
                              else ("a4", False, False)))


def _name(stem: str, ext: str, n: int | None = None) -> str:
    return f"{stem}-{n}.{ext}" if n is not None else f"{stem}.{ext}"


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
            raise BuildError(f"{info.game} {info.kind}: extra file extension {shown(ext)} must be "
                             "letters and digits, and not svg, pdf or json")
        data = data.encode("utf-8") if isinstance(data, str) else data
        files.append((_name(_stem(b), ext, n), ext, 0, data))
    return files


def pdf_name(info: RunInfo, paper: str = "a4", mono: bool = False, cmyk: bool = False) -> str:
    """The PDF of a run: one file for all its items."""
    return _name(run_stem(info, paper, mono, cmyk), "pdf")


def pdf_metadata(info: RunInfo, count: int, sheet: Sheet | None) -> tuple[str, str, tuple[str, ...]]:
    """(title, subject, keywords) of a run's PDF.

    The subject is the footer: the command that remakes the run. The keywords identify the run
    for ``tombgen verify``: game, kind, seed, count, paper, theme, press colours (``cmyk=yes``,
    only when they are), language and, last, the options as compact JSON (``options=`` runs to
    the end of the keywords).
    """
    title = f"tombgen {info.game} {info.kind} {info.seed}"
    paper, mono, cmyk = ((sheet.paper, sheet.theme.mono, sheet.cmyk) if sheet is not None
                         else ("a4", False, False))
    run = RunInfo(info.game, info.kind, info.seed, 0, count, info.options, info.lang)
    say = page_words(info.lang)
    subject = (run.footer(paper, mono, cmyk=cmyk) if count == 1 else
               f"{run.command(paper, mono, cmyk=cmyk)} · {say('seed', seed=info.seed)} · "
               f"{say('items', count=count)} · {GENERATOR}")
    keywords = ["tombgen", info.game, info.kind, f"seed={info.seed}", f"count={count}"]
    if sheet is not None:
        keywords += [f"paper={sheet.paper}", f"mono={'yes' if sheet.theme.mono else 'no'}"]
        keywords += ["cmyk=yes"] if cmyk else []
    keywords += [f"lang={info.lang}", "options=" + options_json(info.options)]
    return title, subject, tuple(keywords)


def options_json(options: dict[str, Any]) -> str:
    """Options as compact, key-sorted JSON (how PDF keywords and manifests compare them)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def item_pdf(b: Built) -> bytes:
    """The PDF of one item: the finished file of a one-item run, else the part to join (in the
    language of its sheets, in press colours for a ``--cmyk`` sheet)."""
    from generator.draw import pdf

    inks = b.sheet.inks if b.sheet is not None else None
    if b.info.count == 1:
        title, subject, keywords = pdf_metadata(b.info, 1, b.sheet)
        return pdf.document_to_pdf(Document(tuple(b.pages), title, subject, keywords),
                                   b.info.lang, inks)
    return pdf.document_to_pdf(Document(tuple(b.pages), _title(b)), b.info.lang, inks)


def join_metadata(info: RunInfo, count: int, sheet: Sheet | None) -> dict[str, str]:
    """Keyword arguments for :meth:`generator.draw.pdfjoin.PdfJoiner.finish`."""
    title, subject, keywords = pdf_metadata(info, count, sheet)
    return {"title": title, "subject": subject, "keywords": ", ".join(keywords),
            "lang": info.lang}


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
        files.append((_name(_stem(first), "pdf"), "pdf", pages, data))
    return files


def _title(b: Built) -> str:
    return f"tombgen {b.info.game} {b.info.kind} {b.info.seed}"


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
            options: dict[str, Any] | None = None, lang: str | None = None,
            notes: list[str] | None = None, force: bool = False,
            announce: Callable[[list[Written]], None] | None = None,
            cmyk: bool = False) -> list[Written]:
    """Build and write: the library function behind every ``tombgen <game> <kind>`` command.

    Items are made one at a time and their files written at once under temporary names (a
    ``--count`` run's PDF is joined page by page into one), so memory stays flat whatever the
    count; when the last item is done every file is published together (see
    :class:`generator.core.output.Staging`): a run that fails, is refused or is interrupted
    leaves no file under a final name. ``announce`` receives the files (with whether each is new
    or was already there with the same bytes) just before they are published; ``notes``, when
    given, receives each item's one-line description (see ``descriptions``).
    """
    if count < 1:
        raise InputError(f"--count {count}: must be 1 or more")
    check_run("count", "--count", count)
    check_dir(out)
    spec = game(game_name)
    product = spec.product(kind)
    opts = {**library_defaults(product), **(options or {})}
    lang = lang or product.shared_default("lang", opts)
    check_language(spec, product, lang)
    sheet = make_sheet(paper, mono, cmyk)
    render = bool({"svg", "pdf"} & set(formats))
    existed = Path(out).is_dir()
    folder = prepare_dir(out)
    remove_stale_parts(folder)
    run = _Stream(folder, force, formats, count)
    try:
        for index in range(count):
            built = build_one(spec, product, seed, index, count, sheet, opts, render, lang)
            run.add(built)
            if notes is not None:
                notes.extend(descriptions([built]))
        return run.commit(announce)
    except BaseException:
        run.abort()
        if not existed:
            _remove_empty(folder)
        raise


class _Stream:
    """The files of a run being made: each item's written under temporary names as soon as it is
    built, the PDF of several items joined on disk as they come (see :func:`produce`)."""

    def __init__(self, folder: Path, force: bool, formats: tuple[str, ...], count: int):
        self.staging = Staging(folder, force)
        self.formats, self.count = formats, count
        self.made: list[tuple[Path, str, int, int]] = []
        self.joined: JoinedFile | None = None
        self.first: Built | None = None
        self.pages = 0

    def add(self, b: Built) -> None:
        self.first = self.first or b
        for name, fmt, pages, data in item_files(b, self.formats):
            self.made.append((self.staging.add(name, data), fmt, pages, len(data)))
        if "pdf" not in self.formats:
            return
        self.pages += len(b.pages)
        if self.count == 1:
            data = item_pdf(b)
            self.made.append((self.staging.add(_name(_stem(b), "pdf"), data), "pdf",
                              len(b.pages), len(data)))
            return
        if self.joined is None:
            from generator.draw.pdfjoin import JoinedFile

            self.joined = JoinedFile(self.staging.folder / _name(_stem(b), "pdf"))
        self.joined.add(item_pdf(b))

    def commit(self, announce) -> list[Written]:
        if self.joined is not None:
            first = self.first
            assert first is not None        # set with the first item joined
            size, _ = self.joined.complete(**join_metadata(first.info, self.count, first.sheet))
            path = self.staging.adopt(self.joined.path.name, self.joined.tmp)
            self.made.append((path, "pdf", self.pages, size))
            self.joined = None
        status = self.staging.check()
        written = [Written(path, fmt, pages, size, status[path])
                   for path, fmt, pages, size in self.made]
        if announce is not None:
            announce(written)
        self.staging.commit()
        return written

    def abort(self) -> None:
        if self.joined is not None:
            self.joined.abort()
        self.staging.abort()


def _remove_empty(folder: Path) -> None:
    """Removes a folder the failed run created, if nothing else is in it."""
    try:
        folder.rmdir()
    except OSError:
        pass
