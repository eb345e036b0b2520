"""The one pipeline every product goes through: seed → generate → validate → render → write.

:func:`build` makes items in memory (nothing touches the disk); :func:`write` writes the files of
built items atomically. A generated item that fails validation stops the run before any file is
written (exit 1 with the report). ``produce`` = both, as the CLI uses it; it is also the Python
entry point for scripts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, NamedTuple

from generator import GENERATOR
from generator.core.envelope import dumps, envelope
from generator.core.errors import InputError, RuleError
from generator.core.output import atomic_write, check_dir, file_name, prepare_dir
from generator.core.rng import derive_seed, make_rng
from generator.draw.paper import Sheet, make_sheet
from generator.draw.scene import Document, Page
from generator.registry import GameSpec, ProductSpec, game

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
    item = product.fn("generate")(make_rng(info.item_seed), **options)
    report = product.fn("validate")(item)
    if not report.ok:
        raise RuleError(f"generated {product.kind} failed validation (seed {seed}, item "
                        f"{index + 1}); this is a bug, please report it:\n{report.text()}", report)
    pages = []
    if render:
        pages = [add_footer(p, sheet, info.footer())
                 for p in product.fn("render")(item, sheet, info)]
    return Built(info, item, pages, product.fn("to_fields")(item))


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
        pages = f", {self.pages} page{'s' if self.pages != 1 else ''}" if self.fmt != "json" else ""
        return f"wrote {self.path} ({self.fmt}{pages}, {self.size / 1024:.1f} kB)"


def render_files(built: list[Built], formats: tuple[str, ...]) -> list[tuple[str, str, int, bytes]]:
    """All output files as (name, format, pages, bytes), before anything is written."""
    from generator.draw import pdf, svg

    files: list[tuple[str, str, int, bytes]] = []
    count = len(built)
    first = built[0].info
    for b in built:
        n = b.info.index + 1 if count > 1 else None
        if "svg" in formats:
            for p, page in enumerate(b.pages, start=1):
                suffix = "" if p == 1 else f"-p{p}"
                name = file_name(first.game, first.kind, first.seed, "svg", n)
                name = name[:-4] + suffix + ".svg"
                files.append((name, "svg", 1, svg.page_to_svg(page, _title(b))))
        if "json" in formats:
            files.append((file_name(first.game, first.kind, first.seed, "json", n), "json", 0,
                          dumps(b.document()).encode("utf-8")))
    if "pdf" in formats:
        pages = tuple(p for b in built for p in b.pages)
        doc = Document(pages, _title(built[0]), subject=first.footer() if count == 1 else
                       f"{first.game} {first.kind} · seed {first.seed} · {count} items · {GENERATOR}",
                       keywords=("tombgen", first.game, first.kind, f"seed={first.seed}",
                                 f"count={count}", f"options={_opts(first.options)}"))
        files.append((file_name(first.game, first.kind, first.seed, "pdf"), "pdf", len(pages),
                      pdf.document_to_pdf(doc)))
    return files


def _title(b: Built) -> str:
    return f"tombgen {b.info.game} {b.info.kind} {b.info.seed}"


def _opts(options: dict[str, Any]) -> str:
    return ";".join(f"{k}={v}" for k, v in sorted(options.items()))


def write(built: list[Built], out: str | Path, formats: tuple[str, ...]) -> list[Written]:
    """Writes every file of a run; all bytes are made first, then each file atomically."""
    folder = prepare_dir(out)
    files = render_files(built, formats)
    written = []
    for name, fmt, pages, data in files:
        path = atomic_write(folder / name, data)
        written.append(Written(path, fmt, pages, len(data)))
    return written


def produce(game_name: str, kind: str, seed: int, *, count: int = 1, paper: str = "a4",
            mono: bool = False, out: str | Path = "output", formats: tuple[str, ...] = FORMATS,
            options: dict[str, Any] | None = None) -> list[Written]:
    """Build and write: the library function behind every ``tombgen <game> <kind>`` command."""
    check_dir(out)
    built = build(game_name, kind, seed, count, paper, mono, options,
                  render=bool({"svg", "pdf"} & set(formats)))
    return write(built, out, formats)
