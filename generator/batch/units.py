"""Work units: one sub-item of one config item, built anywhere, returned as bytes.

A :class:`Unit` is small and picklable; :func:`build_unit` (module level, so process pools and
dask can ship it by reference) makes its files in memory through the same functions a
``tombgen <game> <kind>`` run uses and returns a :class:`UnitResult`. Workers never write files:
the main process writes them as results arrive, so the output does not depend on where or in
which order units ran.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from generator.batch.config import Config, Item
from generator.core.errors import shown


class Unit(NamedTuple):
    """Sub-item ``sub`` (0-based) of config item ``item`` (0-based)."""

    item: int
    sub: int
    game: str
    kind: str
    seed: int | None
    count: int  # type: ignore[assignment]  # a field named like tuple.count, read by name only
    paper: str
    mono: bool
    formats: tuple[str, ...]
    options: dict[str, Any]
    lang: str = "en"  # products (an aid's language is one of its options)
    cmyk: bool = False  # products: the PDF in press colours (an aid's: one of its options)

    @property
    def is_aid(self) -> bool:
        return self.kind == "aid"

    @property
    def derived_seed(self) -> int | None:
        from generator.core.rng import derive_seed

        return None if self.seed is None else derive_seed(self.seed, self.sub)

    @property
    def joined(self) -> bool:
        """Its pages go into the item's joined PDF (a product run of more than one item)."""
        return not self.is_aid and self.count > 1 and "pdf" in self.formats

    def label(self) -> str:
        if self.is_aid:
            return f"item {self.item + 1} ({self.game} aid)"
        return f"item {self.item + 1}.{self.sub + 1} ({self.game} {self.kind}, seed {self.seed})"

    def signature(self) -> str:
        """What determines its bytes (compared with the manifest when resuming)."""
        from generator.produce import options_json

        return options_json({"game": self.game, "kind": self.kind, "seed": self.seed,
                             "sub": self.sub, "count": self.count, "paper": self.paper,
                             "mono": self.mono, "lang": self.lang, "options": self.options,
                             **({"cmyk": True} if self.cmyk else {})})


class UnitResult(NamedTuple):
    """A built unit: files as (name, format, pages, bytes); the PDF part to join, if any."""

    files: list[tuple[str, str, int, bytes]]
    part: bytes | None
    part_pages: int
    validation: dict[str, Any] | None


def item_units(item: Item) -> list[Unit]:
    """Every unit of a config item, in order."""
    if item.is_aid:
        return [Unit(item.index, j, game, "aid", None, 1, item.paper, item.mono, ("pdf",),
                     item.options) for j, game in enumerate(item.games)]
    return [Unit(item.index, j, item.game, item.kind, item.seed, item.count, item.paper,
                 item.mono, item.formats, item.options, item.lang, item.cmyk)
            for j in range(item.count)]


def config_units(config: Config) -> list[Unit]:
    return [u for item in config.items for u in item_units(item)]


def build_unit(unit: Unit) -> UnitResult:
    """Builds one unit in memory: validate, render, SVG/JSON bytes and its PDF (part)."""
    if unit.is_aid:
        return _build_aid(unit)
    from generator.draw.paper import make_sheet
    from generator.produce import build_one, item_files, item_pdf, pdf_name
    from generator.registry import game

    spec = game(unit.game)
    product = spec.product(unit.kind)
    sheet = make_sheet(unit.paper, unit.mono, unit.cmyk)
    assert unit.seed is not None        # a product unit is seeded (aids returned above)
    render = bool({"svg", "pdf"} & set(unit.formats))
    built = build_one(spec, product, unit.seed, unit.sub, unit.count, sheet, dict(unit.options),
                      render, unit.lang)
    files = item_files(built, unit.formats)
    part, pages = None, 0
    if "pdf" in unit.formats:
        pdf = item_pdf(built)
        if unit.count == 1:
            files.append((pdf_name(built.info, unit.paper, unit.mono, unit.cmyk), "pdf",
                          len(built.pages), pdf))
        else:
            part, pages = pdf, len(built.pages)
    report = built.report
    validation = None if report is None else {
        "valid": report.ok, "violations": sorted(report.codes)}
    return UnitResult(files, part, pages, validation)


def _build_aid(unit: Unit) -> UnitResult:
    from generator.aids.build import make_aid
    from generator.batch.config import aid_file_name
    from generator.core.errors import BuildError

    name, data = make_aid(unit.game, mono=unit.mono, paper=unit.paper, **unit.options)
    expected = aid_file_name(unit.game, unit.options, unit.paper, unit.mono)
    if name != expected:  # the batch checked names for clashes before building
        raise BuildError(f"aid file {shown(name)}: expected {shown(expected)}; batch naming is out of date")
    return UnitResult([(name, "pdf", 0, data)], None, 0, None)
