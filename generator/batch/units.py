"""Work units: one sub-item of one config item, built anywhere, returned as bytes.

A :class:`Unit` is small and picklable; :func:`build_unit` (module level, so process pools and
dask can ship it by reference) makes its files in memory through the same functions a
``tombgen <game> <kind>`` run uses and returns a :class:`UnitResult`. Workers never write files:
the main process writes them as results arrive, so the output does not depend on where or in
which order units ran.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from generator.batch.config import Config, Item, joins
from generator.core.errors import shown

if TYPE_CHECKING:
    from generator.runs import Request


class Unit(NamedTuple):
    """Sub-item ``sub`` (0-based) of config item ``item`` (0-based), and what it makes: its
    item's :class:`~generator.runs.Request` (an aid unit's: kind "aid", one game, one PDF)."""

    item: int
    sub: int
    request: Request

    @property
    def is_aid(self) -> bool:
        return self.request.kind == "aid"

    @property
    def derived_seed(self) -> int | None:
        from generator.core.rng import derive_seed

        seed = self.request.seed
        return None if seed is None else derive_seed(seed, self.sub)

    @property
    def joined(self) -> bool:
        """Its pages go into the item's joined PDF (:func:`~generator.batch.config.joins`)."""
        return joins(self.request)

    def label(self) -> str:
        r = self.request
        if self.is_aid:
            return f"item {self.item + 1} ({r.game} aid)"
        return f"item {self.item + 1}.{self.sub + 1} ({r.game} {r.kind}, seed {r.seed})"

    def signature(self) -> str:
        """What determines its bytes (compared with the manifest when resuming)."""
        from generator.produce import options_json

        r = self.request
        return options_json({"game": r.game, "kind": r.kind, "seed": r.seed,
                             "sub": self.sub, "count": r.count, "paper": r.paper,
                             "mono": r.mono, "lang": r.lang, "options": r.options,
                             **({"cmyk": True} if r.cmyk else {})})


class UnitResult(NamedTuple):
    """A built unit: files as (name, format, pages, bytes); the PDF part to join, if any."""

    files: list[tuple[str, str, int, bytes]]
    part: bytes | None
    part_pages: int
    validation: dict[str, Any] | None


def item_units(item: Item) -> list[Unit]:
    """Every unit of a config item, in order."""
    r = item.request
    if item.is_aid:
        return [Unit(item.index, j, r._replace(game=game, count=1))
                for j, game in enumerate(item.games)]
    return [Unit(item.index, j, r) for j in range(r.count)]


def config_units(config: Config) -> list[Unit]:
    return [u for item in config.items for u in item_units(item)]


def build_unit(unit: Unit) -> UnitResult:
    """Builds one unit in memory: validate, render, SVG/JSON bytes and its PDF (part)."""
    if unit.is_aid:
        return _build_aid(unit)
    from generator.draw.paper import make_sheet
    from generator.produce import build_one, item_files, item_pdf, pdf_name
    from generator.registry import game

    r = unit.request
    spec = game(r.game)
    product = spec.product(r.kind)
    sheet = make_sheet(r.paper, r.mono, r.cmyk)
    assert r.seed is not None           # a product unit is seeded (aids returned above)
    render = bool({"svg", "pdf"} & set(r.formats))
    built = build_one(spec, product, r.seed, unit.sub, r.count, sheet, dict(r.options), render,
                      r.lang)
    files = item_files(built, r.formats)
    part, pages = None, 0
    if "pdf" in r.formats:
        pdf = item_pdf(built)
        if r.count == 1:
            files.append((pdf_name(built.info, r.paper, r.mono, r.cmyk), "pdf",
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

    r = unit.request
    name, data = make_aid(r.game, mono=r.mono, paper=r.paper, **r.options)
    expected = aid_file_name(r.game, r.options, r.paper, r.mono)
    if name != expected:  # the batch checked names for clashes before building
        raise BuildError(f"aid file {shown(name)}: expected {shown(expected)}; batch naming is out of date")
    return UnitResult([(name, "pdf", 0, data)], None, 0, None)
