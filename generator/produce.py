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

:func:`make_request` turns option values into a checked :class:`Request` from the products'
option declarations in the registry: the product commands, batch items and (later) forms all go
through it, so a product's options are known without running anything. Every page's footer is
the command that remakes it (:meth:`RunInfo.footer`), written from the same declarations.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from generator import GENERATOR
from generator.core.envelope import dumps, envelope
from generator.core.errors import BuildError, InputError, RuleError
from generator.core.output import atomic_write, check_dir, file_name, prepare_dir
from generator.core.rng import derive_seed, make_rng
from generator.draw.paper import Sheet, make_sheet
from generator.draw.scene import Document, Page
from generator.registry import Follows, GameSpec, ProductSpec, game, resolve

FORMATS = ("svg", "pdf", "json")


class RunInfo(NamedTuple):
    """What a renderer may show about the run: seed, item number, options, language."""

    game: str
    kind: str
    seed: int
    index: int
    count: int
    options: dict[str, Any]
    #: The language the sheet is printed in (``--lang``); one the product declares.
    lang: str = "en"

    @property
    def item_seed(self) -> int:
        return derive_seed(self.seed, self.index)

    def command(self, paper: str = "a4", mono: bool = False, short: bool = False) -> str:
        """The command that makes the run again: product and every option that differs from its
        default, as CLI flags (``short``: files by their name only)."""
        flags = remake_flags(self, paper, mono, short)
        return " ".join([self.game, self.kind, *flags])

    def footer(self, paper: str = "a4", mono: bool = False, short: bool = False) -> str:
        """``realms sheet --map random --difficulty easy · seed 21 · tombgen 0.1.0``: what
        remakes the page (item k of a ``--count`` run is named too), its words in the sheet's
        language (the command is the command)."""
        return f"{self.command(paper, mono, short)} · {self.stamp()}"

    def stamp(self) -> str:
        """``seed 21 · item 2 of 5 · tombgen 0.1.0`` in the sheet's language."""
        say = page_words(self.lang)
        item = (" · " + say("item", n=self.index + 1, count=self.count)) if self.count > 1 else ""
        return f"{say('seed', seed=self.seed)}{item} · {GENERATOR}"


def page_words(lang: str):
    """The words every page's footer uses (``common.page`` of the text catalogue)."""
    from generator.core.i18n import catalogue

    return catalogue(lang).words("common.page")


def remake_flags(info: RunInfo, paper: str = "a4", mono: bool = False,
                 short: bool = False) -> list[str]:
    """The options of a run that differ from their declared defaults, written as CLI flags, in
    the order the product declares them, then --count, --paper, --mono, --lang. An option whose
    ``requires`` is not met did nothing and is left out (the command would refuse it)."""
    import shlex
    from pathlib import PurePath

    product = game(info.game).product(info.kind)
    defaults = product.defaults()
    shared = {name: product.shared_default(name, info.options) for name in ("paper", "lang")}
    flags = []
    for option in product.options:
        value = info.options.get(option.name, defaults[option.name])
        if value == defaults[option.name] or (option.kind == "flag" and not value):
            continue
        if any(info.options.get(other) not in allowed for other, allowed in option.requires):
            continue  # it had no effect (e.g. rating games for a shipped map)
        if option.kind == "flag":
            flags.append(option.flag)
            continue
        text = str(value)
        if short and option.paths and ("/" in text or "\\" in text):
            text = PurePath(text).name
        flags.append(f"{option.flag} {shlex.quote(text)}")
    if info.count > 1:
        flags.append(f"--count {info.count}")
    if paper != shared["paper"]:
        flags.append(f"--paper {paper}")
    if mono:
        flags.append("--mono")
    if info.lang != shared["lang"]:
        flags.append(f"--lang {info.lang}")
    return flags


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
        extra = {"lang": self.info.lang, "options": self.info.options, **self.extra}
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


def footer_line(info: RunInfo, sheet: Sheet):
    """The footer text primitive: the full command if it fits the line (shrunk down to the print
    minimum), else with files named by their file name only, else a line that says the options
    are in the metadata (the page still names its seed). Returns (primitive, the full footer
    text). Its words are in the sheet's language (``common.page``)."""
    from generator.draw.text import text

    full = info.footer(sheet.paper, sheet.theme.mono)
    too_long = page_words(info.lang)("too_long")
    tries = (full, info.footer(sheet.paper, sheet.theme.mono, short=True),
             f"{info.game} {info.kind} · {info.stamp()} · {too_long}")
    for value in tries:
        try:
            return text(sheet.left, sheet.footer_y, value, sheet.footer_size,
                        fill=sheet.theme("muted"), max_width=sheet.content_width), full
        except BuildError:
            continue
    raise BuildError(f"the footer does not fit the page: {tries[-1]!r}")


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
          render: bool = True, lang: str | None = None) -> list[Built]:
    """Builds ``count`` items in memory; raises RuleError/InputError, writes nothing.

    ``options`` not given take the defaults of the product's ``generate`` function (a library
    call may choose cheaper ones than the command, e.g. no rating games), so the JSON records
    every option and the footer names those that differ from the command's defaults. ``lang``
    None is the product's default language for these options (see ``shared_defaults``).
    """
    if count < 1:
        raise InputError(f"--count {count}: must be 1 or more")
    spec = game(game_name)
    product = spec.product(kind)
    opts = {**library_defaults(product), **(options or {})}
    lang = lang or product.shared_default("lang", opts)
    check_language(spec, product, lang)
    sheet = make_sheet(paper, mono)
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


def check_language(spec: GameSpec, product: ProductSpec, lang: str) -> None:
    """InputError unless the product is printed in ``lang`` (it says which languages it has)."""
    if lang not in product.languages:
        raise InputError(f"--lang {lang}: {spec.name} {product.kind} sheets are printed in "
                         f"{', '.join(product.languages)} only so far; use --lang "
                         f"{product.languages[0]}")


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

    The subject is the footer: the command that remakes the run. The keywords identify the run
    for ``tombgen verify``: game, kind, seed, count, paper, theme, language and, last, the options
    as compact JSON (``options=`` runs to the end of the keywords).
    """
    title = f"tombgen {info.game} {info.kind} {info.seed}"
    paper, mono = (sheet.paper, sheet.theme.mono) if sheet is not None else ("a4", False)
    run = RunInfo(info.game, info.kind, info.seed, 0, count, info.options, info.lang)
    say = page_words(info.lang)
    subject = (run.footer(paper, mono) if count == 1 else
               f"{run.command(paper, mono)} · {say('seed', seed=info.seed)} · "
               f"{say('items', count=count)} · {GENERATOR}")
    keywords = ["tombgen", info.game, info.kind, f"seed={info.seed}", f"count={count}"]
    if sheet is not None:
        keywords += [f"paper={sheet.paper}", f"mono={'yes' if sheet.theme.mono else 'no'}"]
    keywords += [f"lang={info.lang}", "options=" + options_json(info.options)]
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
    """What to make: a product, the run's settings and the product's options — what a product
    command, a batch item (and later a form) ask for. ``seed`` None: draw a fresh one."""

    game: str
    kind: str
    seed: int | None
    count: int
    paper: str
    mono: bool
    formats: tuple[str, ...]
    lang: str
    options: dict[str, Any]


def make_request(game_name: str, kind: str, values: dict[str, Any]) -> Request:
    """A checked :class:`Request` from option values by name (the shared options and the
    product's own, as the command line or a batch item gives them; the missing ones take their
    defaults). Everything the declarations say is enforced here, for every caller: an unknown
    option, one given without the options it requires, a language the product does not have,
    and the product's own ``check`` are InputErrors. Nothing is built.
    """
    spec = game(game_name)
    product = spec.product(kind)
    shared = {o.name: o.resolved().default for o in product.shared_options()}
    defaults = product.defaults()
    unknown = sorted(set(values) - set(shared) - set(defaults))
    if unknown:
        raise InputError(f"{game_name} {kind} has no option {', '.join(unknown)}; its options: "
                         + ", ".join(list(defaults) + list(shared)))
    options = {name: values.get(name, default) for name, default in defaults.items()}
    check_requires(product, options, defaults)
    run = {**shared, **{k: v for k, v in values.items() if k in shared}}
    for name, default in shared.items():   # a default that follows another option
        if isinstance(default, Follows) and (run[name] is None or run[name] is default):
            run[name] = product.shared_default(name, options)
    check_language(spec, product, run["lang"])
    if run["count"] < 1:
        raise InputError(f"--count {run['count']}: must be 1 or more")
    if product.check:
        product.fn("check")(options, run["count"])
    return Request(game_name, kind, run["seed"], run["count"], run["paper"], bool(run["mono"]),
                   parse_formats(run["format"]), run["lang"], options)


def check_requires(product: ProductSpec, options: dict[str, Any],
                   defaults: dict[str, Any]) -> None:
    """An option given (not at its default) needs the values its declaration ``requires``."""
    for option in product.options:
        if options[option.name] == defaults[option.name]:
            continue
        for other, allowed in option.requires:
            if options[other] not in allowed:
                need = "|".join(str(a) for a in allowed)
                raise InputError(f"{option.flag} {options[option.name]}: only with "
                                 f"{product.option(other).flag} {need}")


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
            notes: list[str] | None = None) -> list[Written]:
    """Build and write: the library function behind every ``tombgen <game> <kind>`` command.

    ``notes``, when given, receives each item's one-line description (see ``descriptions``).
    """
    check_dir(out)
    built = build(game_name, kind, seed, count, paper, mono, options,
                  render=bool({"svg", "pdf"} & set(formats)), lang=lang)
    written = write(built, out, formats)
    if notes is not None:
        notes.extend(descriptions(built))
    return written
