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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from generator import GENERATOR
from generator.core.envelope import dumps, envelope
from generator.core.errors import BuildError, InputError, RuleError
from generator.core.limits import check_run
from generator.core.output import Staging, check_dir, prepare_dir, remove_stale_parts
from generator.core.rng import derive_seed, make_rng
from generator.draw.paper import Sheet, make_sheet
from generator.draw.scene import Document, Page
from generator.registry import SHARED_OPTIONS, GameSpec, ProductSpec, game, resolve

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
        remakes the page (item k of a ``--count`` run is named too)."""
        item = f" · item {self.index + 1} of {self.count}" if self.count > 1 else ""
        return f"{self.command(paper, mono, short)} · seed {self.seed}{item} · {GENERATOR}"


def _shared_default(name: str) -> Any:
    return next(o.default for o in SHARED_OPTIONS if o.name == name)


def differing(info: RunInfo, paper: str = "a4", mono: bool = False
              ) -> list[tuple[Any, Any]]:
    """What distinguishes a run from the defaults: (declaration or shared option name, value)
    for each of the product's options that differs from its declared default and had an effect,
    in declaration order, then paper, mono (value None: a flag) and language. The footer's
    command and the file names are both made from it."""
    product = game(info.game).product(info.kind)
    defaults = product.defaults()
    out: list[tuple[Any, Any]] = []
    for option in product.options:
        value = info.options.get(option.name, defaults[option.name])
        if value == defaults[option.name] or (option.kind == "flag" and not value):
            continue
        if any(info.options.get(other) not in allowed for other, allowed in option.requires):
            continue  # it had no effect (e.g. rating games for a shipped map)
        out.append((option, None if option.kind == "flag" else value))
    if paper != _shared_default("paper"):
        out.append(("paper", paper))
    if mono:
        out.append(("mono", None))
    if info.lang != _shared_default("lang"):
        out.append(("lang", info.lang))
    return out


def remake_flags(info: RunInfo, paper: str = "a4", mono: bool = False,
                 short: bool = False) -> list[str]:
    """The options of a run that differ from their declared defaults, written as CLI flags, in
    the order the product declares them, then --count, --paper, --mono, --lang. An option whose
    ``requires`` is not met did nothing and is left out (the command would refuse it)."""
    import shlex
    from pathlib import PurePath

    flags = []
    shared = []
    for option, value in differing(info, paper, mono):
        if isinstance(option, str):
            shared.append(f"--{option}" + ("" if value is None else f" {value}"))
            continue
        if value is None:
            flags.append(option.flag)
            continue
        text = str(value)
        if short and option.paths and ("/" in text or "\\" in text):
            text = PurePath(text).name
        flags.append(f"{option.flag} {shlex.quote(text)}")
    if info.count > 1:
        flags.append(f"--count {info.count}")
    return flags + shared


#: A file name's options part longer than this is replaced by a hash of it (file systems allow
#: 255 bytes for a name).
NAME_PART_MAX = 120


def differs_part(info: RunInfo, paper: str = "a4", mono: bool = False) -> str:
    """The options part of a run's file names: ``style-classic``, ``map-club-3f9a2c-mono``…
    (empty at the defaults), so two runs that make different files never share a name, and the
    same run always gets the same one. A file given as an option is named by its name and a
    hash of its bytes."""
    import hashlib

    from generator.core.output import name_part

    parts = []
    for option, value in differing(info, paper, mono):
        name = option if isinstance(option, str) else option.flag[2:]
        paths = not isinstance(option, str) and option.paths
        parts.append(name if value is None else f"{name}-{name_part(value, paths)}")
    text = "-".join(parts)
    if len(text) > NAME_PART_MAX:
        text = "options-" + hashlib.sha256(text.encode()).hexdigest()[:10]
    return text


def run_stem(info: RunInfo, paper: str = "a4", mono: bool = False) -> str:
    """``<game>-<kind>-<seed>[-<what differs>]``: what every file of a run is named from."""
    differs = differs_part(info, paper, mono)
    return f"{info.game}-{info.kind}-{info.seed}" + (f"-{differs}" if differs else "")


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


#: The footer when even the shortened command does not fit the line: the page still names its
#: seed, and says where the full command is (the JSON and the PDF metadata carry every option).
TOO_LONG = ("{product} · seed {seed}{item} · {generator} · more options than this line holds: "
            "see the PDF metadata or the JSON")


def footer_line(info: RunInfo, sheet: Sheet):
    """The footer text primitive: the full command if it fits the line (shrunk down to the print
    minimum), else with files named by their file name only, else a line that says the options
    are in the metadata. Returns (primitive, the full footer text)."""
    from generator.draw.text import text

    full = info.footer(sheet.paper, sheet.theme.mono)
    item = f" · item {info.index + 1} of {info.count}" if info.count > 1 else ""
    tries = (full, info.footer(sheet.paper, sheet.theme.mono, short=True),
             TOO_LONG.format(product=f"{info.game} {info.kind}", seed=info.seed, item=item,
                             generator=GENERATOR))
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
              lang: str = "en") -> Built:
    """Generates, validates and renders item ``index`` of a run."""
    info = RunInfo(spec.name, product.kind, seed, index, count, options, lang)
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
        pages = [add_footer(p, sheet, info) for p in product.fn("render")(item, sheet, info)]
    return Built(info, item, pages, product.fn("to_fields")(item), report=report, sheet=sheet)


def build(game_name: str, kind: str, seed: int, count: int = 1, paper: str = "a4",
          mono: bool = False, options: dict[str, Any] | None = None,
          render: bool = True, lang: str = "en") -> list[Built]:
    """Builds ``count`` items in memory; raises RuleError/InputError, writes nothing.

    ``options`` not given take the defaults of the product's ``generate`` function (a library
    call may choose cheaper ones than the command, e.g. no rating games), so the JSON records
    every option and the footer names those that differ from the command's defaults.
    """
    if count < 1:
        raise InputError(f"--count {count}: must be 1 or more")
    check_run("count", "--count", count)
    spec = game(game_name)
    product = spec.product(kind)
    check_language(spec, product, lang)
    sheet = make_sheet(paper, mono)
    opts = {**library_defaults(product), **(options or {})}
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
    return run_stem(b.info, *((sheet.paper, sheet.theme.mono) if sheet else ("a4", False)))


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
            raise BuildError(f"{info.game} {info.kind}: extra file extension {ext!r} must be "
                             "letters and digits, and not svg, pdf or json")
        data = data.encode("utf-8") if isinstance(data, str) else data
        files.append((_name(_stem(b), ext, n), ext, 0, data))
    return files


def pdf_name(info: RunInfo, paper: str = "a4", mono: bool = False) -> str:
    """The PDF of a run: one file for all its items."""
    return _name(run_stem(info, paper, mono), "pdf")


def pdf_metadata(info: RunInfo, count: int, sheet: Sheet | None) -> tuple[str, str, tuple[str, ...]]:
    """(title, subject, keywords) of a run's PDF.

    The subject is the footer: the command that remakes the run. The keywords identify the run
    for ``tombgen verify``: game, kind, seed, count, paper, theme, language and, last, the options
    as compact JSON (``options=`` runs to the end of the keywords).
    """
    title = f"tombgen {info.game} {info.kind} {info.seed}"
    paper, mono = (sheet.paper, sheet.theme.mono) if sheet is not None else ("a4", False)
    run = RunInfo(info.game, info.kind, info.seed, 0, count, info.options, info.lang)
    subject = (run.footer(paper, mono) if count == 1 else
               f"{run.command(paper, mono)} · seed {info.seed} · {count} items · {GENERATOR}")
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
        files.append((_name(_stem(first), "pdf"), "pdf", pages, data))
    return files


def _title(b: Built) -> str:
    return f"tombgen {b.info.game} {b.info.kind} {b.info.seed}"


def write(built: list[Built], out: str | Path, formats: tuple[str, ...],
          force: bool = False) -> list[Written]:
    """Writes every file of built items: all staged first, then published together under the
    overwrite rule (:func:`generator.core.output.publish`; ``force`` replaces other content)."""
    folder = prepare_dir(out)
    staging = Staging(folder, force)
    made = []
    try:
        for name, fmt, pages, data in render_files(built, formats):
            made.append((staging.add(name, data), fmt, pages, len(data)))
    except BaseException:
        staging.abort()
        raise
    done = staging.commit()
    return [Written(path, fmt, pages, size, done[path]) for path, fmt, pages, size in made]


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
    #: ``--force``: replace files that exist with other content (how to write, not what).
    force: bool = False


def make_request(game_name: str, kind: str, values: dict[str, Any]) -> Request:
    """A checked :class:`Request` from option values by name (the shared options and the
    product's own, as the command line or a batch item gives them; the missing ones take their
    defaults). Everything the declarations say is enforced here, for every caller: an unknown
    option, one given without the options it requires, a language the product does not have,
    and the product's own ``check`` are InputErrors. Nothing is built.
    """
    spec = game(game_name)
    product = spec.product(kind)
    shared = {o.name: o.resolved().default for o in SHARED_OPTIONS}
    defaults = product.defaults()
    unknown = sorted(set(values) - set(shared) - set(defaults))
    if unknown:
        raise InputError(f"{game_name} {kind} has no option {', '.join(unknown)}; its options: "
                         + ", ".join(list(defaults) + list(shared)))
    options = {name: values.get(name, default) for name, default in defaults.items()}
    run = {**shared, **{k: v for k, v in values.items() if k in shared}}
    for option in product.options + SHARED_OPTIONS:
        check_value(option, options[option.name] if option.name in options else run[option.name])
    check_requires(product, options, defaults)
    check_language(spec, product, run["lang"])
    if product.check:
        product.fn("check")(options, run["count"])
    return Request(game_name, kind, run["seed"], run["count"], run["paper"], bool(run["mono"]),
                   parse_formats(run["format"]), run["lang"], options, bool(run["force"]))


def check_value(option, value: Any) -> None:
    """An option's value within its declaration: a number in its range (a limit's message
    says how to do more), a text without hostile characters (InputError, exit 2). Click has
    checked what came from a command line; other callers (a form, a script) get the same."""
    from generator.core.inputs import check_option_text
    from generator.core.limits import beyond

    if value is None:
        return
    o = option.resolved()
    if o.kind in ("int", "number") and not isinstance(value, bool) \
            and isinstance(value, (int, float)):
        if o.high is not None and value > o.high:
            raise InputError(beyond(o.limit, o.flag, value) if o.limit else
                             f"{o.flag} {value}: at most {o.high}")
        if o.low is not None and value < o.low:
            raise InputError(f"{o.flag} {value}: must be {o.low} or more")
    elif o.kind == "text" and isinstance(value, str):
        check_option_text(o.flag, value)


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
            options: dict[str, Any] | None = None, lang: str = "en",
            notes: list[str] | None = None, force: bool = False,
            announce: Callable[[list[Written]], None] | None = None) -> list[Written]:
    """Build and write: the library function behind every ``tombgen <game> <kind>`` command.

    Items are made one at a time and their files written at once under temporary names (a
    ``--count`` run's PDF is joined page by page into one), so memory stays flat whatever the
    count; when the last item is done every file is published together (see
    :class:`generator.core.output.Staging`): a run that fails, is refused or is interrupted
    leaves no file under a final name. ``announce`` receives the files (with whether each is new
    or was already there with the same bytes) just before they are published; ``notes``, when
    given, receives each item's one-line description (see ``descriptions``).
    """
    check_run("count", "--count", count)
    check_dir(out)
    spec = game(game_name)
    product = spec.product(kind)
    check_language(spec, product, lang)
    sheet = make_sheet(paper, mono)
    opts = {**library_defaults(product), **(options or {})}
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
        self.joined = None
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
