"""The batch manifest: what a batch wrote, so a rerun can resume and ``verify`` can check it.

``manifest.json`` in the output folder (format ``tombgen/batch.manifest``) records the config
(path and SHA-256), the items as checked, and one entry per file: its name, item, sub-item,
seeds, options, format, pages, SHA-256 and validation result; plus the units that failed. It is
written atomically, every few seconds during a run and at the end, so an interrupted run leaves
a manifest describing exactly the files that were complete.

A rerun keeps a unit when every file it makes is recorded with the same inputs (game, kind,
seeds, count, paper, theme, options) and the file on disk still has the recorded SHA-256; a
joined PDF is kept on the same terms. Everything else is built again.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path
from typing import Any

from generator import GENERATOR
from generator.batch.config import Config, Item, request_fields
from generator.batch.units import Unit
from generator.core.envelope import envelope
from generator.core.errors import InputError, shown
from generator.core.inputs import is_whole

NAME = "manifest.json"
FORMAT = "tombgen/batch.manifest"
_FORMAT_ORDER = {"svg": 0, "json": 1, "pdf": 2}


def file_sha256(path: Path) -> str | None:
    """SHA-256 of a file, or None if it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def read(folder: Path) -> dict[str, Any] | None:
    """The manifest in ``folder``, or None if there is none.

    A ``manifest.json`` that is not a readable tombgen manifest (another program's file, a
    damaged one, one over the input limits) is an InputError: a batch would replace it, so it
    is not taken for an empty folder.
    """
    from generator.core.envelope import check_envelope
    from generator.core.errors import TombgenError
    from generator.core.inputs import read_json

    path = Path(folder) / NAME
    if not path.exists():
        return None
    try:
        doc = read_json(path)
        check_envelope(doc, str(path), FORMAT)
    except TombgenError as exc:
        raise InputError(f"{exc.message}\n{path}: not a tombgen batch manifest; a batch would "
                         "replace it: give another --out, or --force to replace it") from None
    return doc


def unit_key(unit: Unit) -> str:
    return unit.signature()


def entry_key(entry: dict[str, Any]) -> str:
    """The signature of the unit that made a file entry (see :meth:`Unit.signature`)."""
    from generator.produce import options_json

    return options_json({"game": entry.get("game"), "kind": entry.get("kind"),
                         "seed": entry.get("seed"), "sub": (entry.get("sub") or 0) - 1,
                         "count": entry.get("count"), "paper": entry.get("paper"),
                         "mono": entry.get("mono"), "lang": entry.get("lang", "en"),
                         "options": entry.get("options"),
                         **({"cmyk": True} if entry.get("cmyk") else {})})


def pdf_key(item: Item | dict[str, Any]) -> str:
    """The signature of a joined PDF: its item's inputs."""
    from generator.produce import options_json

    get = item.get if isinstance(item, dict) else lambda k: getattr(item.request, k)
    return options_json({"pdf": True, "game": get("game"), "kind": get("kind"),
                         "seed": get("seed"), "count": get("count"), "paper": get("paper"),
                         "mono": get("mono"), "lang": get("lang") or "en",
                         "options": get("options"), **({"cmyk": True} if get("cmyk") else {})})


class Manifest:
    """The manifest of one batch run, kept in memory and saved now and then."""

    def __init__(self, folder: Path, config: Config, every: float = 2.0):
        self.folder = Path(folder)
        self.config = config
        # name → (sort key, the entry's JSON line): only the encoded line is kept, about half a
        # kilobyte per file, so a long batch holds little more than its file names.
        self.rows: dict[str, tuple[tuple, str]] = {}
        self.failures: list[dict[str, Any]] = []
        self.every = every
        self.saved_at = 0.0

    # -- resuming --------------------------------------------------------------------------

    def carry_over(self, old: dict[str, Any] | None, units: list[Unit]) -> tuple[set, set]:
        """Keeps the entries of an earlier run that still hold.

        Returns the (item, sub) of units whose own files (all but a joined PDF) are intact, and
        the indexes of items whose joined PDF is intact. An earlier manifest from another
        tombgen version keeps nothing: its bytes may differ from this version's.
        """
        if not old or old.get("generator") != GENERATOR:
            return set(), set()
        by_key: dict[str, list[dict[str, Any]]] = {}
        for entry in old.get("files", []):
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                key = pdf_key(entry) if entry.get("sub") is None else entry_key(entry)
                by_key.setdefault(key, []).append(entry)
        done = set()
        for unit in units:
            entries = by_key.get(unit_key(unit), [])
            wanted = set(unit.request.formats) - ({"pdf"} if unit.joined else set())
            if {e.get("format") for e in entries} >= wanted and self._intact(entries):
                done.add((unit.item, unit.sub))
                self._keep(unit.item, entries)
        pdfs = set()
        for item in self.config.items:
            if not item.joined:
                continue
            entries = by_key.get(pdf_key(item), [])
            if entries and self._intact(entries):
                pdfs.add(item.index)
                self._keep(item.index, entries)
        return done, pdfs

    def _intact(self, entries: list[dict[str, Any]]) -> bool:
        return all(file_sha256(self.folder / e["name"]) == e.get("sha256") for e in entries)

    def _keep(self, index: int, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            self._put({**entry, "item": index + 1})

    def _put(self, entry: dict[str, Any]) -> None:
        """Records a file entry, encoded once (saves only write the lines out)."""
        name = entry["name"]
        key = (entry["item"], entry["sub"] or 1 << 30, _FORMAT_ORDER.get(entry["format"], 9), name)
        self.rows[name] = (key, json.dumps(entry, ensure_ascii=False))

    # -- recording -------------------------------------------------------------------------

    def add_file(self, unit: Unit, name: str, fmt: str, pages: int, sha: str, size: int,
                 validation: dict[str, Any] | None) -> None:
        self._put({"name": name, "item": unit.item + 1, "sub": unit.sub + 1,
                   **request_fields(unit.request, unit.is_aid, unit.derived_seed),
                   "format": fmt, "pages": pages, "size": size, "sha256": sha,
                   "validation": validation})

    def add_pdf(self, item: Item, name: str, pages: int, sha: str, size: int,
                validation: dict[str, Any]) -> None:
        self._put({"name": name, "item": item.number, "sub": None,
                   **request_fields(item.request, derived=None), "format": "pdf",
                   "pages": pages, "size": size, "sha256": sha, "validation": validation})

    def add_failure(self, unit: Unit, line: int, error: str) -> None:
        r = unit.request
        self.failures.append({"item": unit.item + 1, "sub": unit.sub + 1, "line": line,
                              "game": r.game, "kind": r.kind, "seed": r.seed,
                              "error": error})

    def document(self, complete: bool) -> dict[str, Any]:
        """The manifest as a JSON-ready dict."""
        return self._head(complete, [json.loads(self.rows[name][1]) for name in self._order()])

    def _head(self, complete: bool, files: list) -> dict[str, Any]:
        failures = sorted(self.failures, key=lambda f: (f["item"], f["sub"]))
        return envelope("batch", "manifest", None, {
            "config": {"path": str(self.config.path.resolve()), "sha256": self.config.sha256},
            "complete": complete,
            "items": [item.describe() for item in self.config.items],
            "files": files,
            "failures": failures,
        })

    def save(self, complete: bool = False, force: bool = True) -> None:
        """Writes the manifest atomically (unless ``force`` is off and one was just written).

        The text is streamed to a temporary file, line by line, and renamed; between forced
        saves the interval grows with the manifest, so saving stays a small part of a run.
        """
        import os

        from generator.core.output import io_error
        from generator.draw.pdfjoin import part_path

        now = time.monotonic()
        if not force and now - self.saved_at < self.every:
            return
        rows = self.rows
        lines = (rows[name][1] for name in self._order())
        path = self.folder / NAME
        tmp = part_path(path)
        try:
            with open(tmp, "x", encoding="utf-8") as handle:
                handle.writelines(manifest_chunks(self._head(complete, []), lines))
            os.replace(tmp, path)  # the manifest is the batch's own: always replaced
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise io_error(exc, path) from None
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        self.saved_at = time.monotonic()
        self.every = max(self.every, 30 * (self.saved_at - now))

    def _order(self) -> list[str]:
        rows = self.rows
        return sorted(rows, key=lambda name: rows[name][0])


def manifest_chunks(doc: dict[str, Any], files: Any = None):
    """The manifest's JSON text in pieces: the envelope indented, one line per item, file and
    failure. ``files`` (encoded lines) replaces ``doc["files"]`` when given.

    One compact line per entry keeps it readable and lets the fast C encoder do the work (an
    indented dump of thousands of entries would be rewritten every few seconds).
    """
    yield "{\n"
    for n, (key, value) in enumerate(doc.items()):
        yield ("" if n == 0 else ",\n") + f"  {json.dumps(key)}: "
        if key == "files" and files is not None:
            value = files
        elif not (isinstance(value, list) and value and all(isinstance(v, dict) for v in value)):
            yield json.dumps(value, ensure_ascii=False)
            continue
        first = True
        for row in value:
            text = row if isinstance(row, str) else json.dumps(row, ensure_ascii=False)
            yield ("[\n    " if first else ",\n    ") + text
            first = False
        yield "[]" if first else "\n  ]"
    yield "\n}\n"


def manifest_text(doc: dict[str, Any]) -> str:
    """The manifest document as JSON text (see :func:`manifest_chunks`)."""
    return "".join(manifest_chunks(doc))


def items_from(doc: dict[str, Any], source: str = NAME) -> list[Item]:
    """The items a manifest recorded (for ``verify``), as :class:`Item` values, each checked as
    a batch config's item is before any work (:func:`check_item`): InputError naming the
    place otherwise."""
    from generator.core.limits import beyond, run_limit

    raw_items = doc.get("items", [])
    if not isinstance(raw_items, list):
        raise InputError(f"{source} [items]: expected a list of items, found {shown(raw_items)}")
    if len(raw_items) > run_limit("batch_items"):
        raise InputError(f"{source} [items]: " + beyond("batch_items", "items:", len(raw_items)))
    items = [check_item(raw, f"{source} [items[{i}]]", i) for i, raw in enumerate(raw_items)]
    units = sum(item.request.count for item in items)
    if units > run_limit("batch_units"):
        raise InputError(f"{source} [items]: " + beyond("batch_units", "sub-items in all:",
                                                         units))
    return items


#: The keys of a manifest's item (:meth:`Item.describe`), and those it may leave out.
ITEM_KEYS = ("item", "line", "game", "kind", "seed", "count", "paper", "mono", "cmyk",
             "formats", "lang", "options", "games")
_OPTIONAL = ("line", "seed", "cmyk", "lang", "options", "games")


def check_item(raw: Any, place: str, index: int) -> Item:
    """One item of a manifest as :meth:`Item.describe` wrote it, back as an :class:`Item`: its
    number, a product or a player aid tombgen makes, a count within ``--count``'s limit, a
    paper, a theme, formats and options the command takes. Anything else is an InputError
    naming the place: a manifest no batch wrote is not rebuilt."""
    from generator.core.inputs import is_whole
    from generator.core.limits import run_limit
    from generator.draw.paper import paper_names
    from generator.registry import product_for_format
    from generator.runs import FORMATS, check_recorded

    if not isinstance(raw, dict):
        raise InputError(f"{place}: expected an item object, found {shown(raw)}")
    for key in raw:
        if key not in ITEM_KEYS:
            raise InputError(f"{place} [{shown(key)}]: not a key of a manifest's item; its keys: "
                             + ", ".join(ITEM_KEYS))
    missing = [k for k in ITEM_KEYS if k not in raw and k not in _OPTIONAL]
    if missing:
        raise InputError(f"{place}: missing key(s) {', '.join(missing)}")
    game, kind, count = raw["game"], raw["kind"], raw["count"]
    aid = kind == "aid"
    if raw["item"] != index + 1:
        raise InputError(f"{place} [item]: {shown(raw['item'])} is not its number ({index + 1})")
    if not aid and product_for_format(f"tombgen/{game}.{kind}") is None:
        raise InputError(f"{place}: {shown(game)} {shown(kind)} is not a product tombgen makes")
    if not is_whole(count) or not 1 <= count <= run_limit("count"):
        raise InputError(f"{place} [count]: {shown(count)} is out of range (items of one run: "
                         f"1–{run_limit('count'):,}, seeds/limits.toml [run] count)")
    seed = raw.get("seed")
    if (seed is not None and (not is_whole(seed) or seed < 0)) or (seed is None and not aid):
        raise InputError(f"{place} [seed]: {shown(seed)} is not a seed (a whole number ≥ 0)")
    paper_ok = raw["paper"] in paper_names() or (aid and raw["paper"] is None)  # not --nup
    if not paper_ok or not isinstance(raw["mono"], bool):
        raise InputError(f"{place}: paper must be one of {', '.join(paper_names())} and mono "
                         "true or false")
    if not isinstance(raw.get("cmyk", False), bool):
        raise InputError(f"{place} [cmyk]: {shown(raw['cmyk'])} is not true or false")
    formats = raw["formats"]
    if not isinstance(formats, list) or not formats or any(f not in FORMATS for f in formats):
        raise InputError(f"{place} [formats]: expected a list of {', '.join(FORMATS)}")
    options = raw.get("options", {})
    if aid:
        games = _aid_games(raw.get("games"), count, place)
        _check_aid_options(options, f"{place}")
    else:
        games = ()
        check_recorded(game, kind, options, place)
    lang = raw.get("lang", "en")
    if not aid and lang not in _languages(game, kind):
        raise InputError(f"{place} [lang]: {shown(lang)} is not a language {game} {kind} is "
                         "printed in")
    line = raw.get("line", 0)
    from generator.runs import Request

    request = Request(game, kind, seed, count, raw["paper"], raw["mono"], tuple(formats), lang,
                      options, cmyk=raw.get("cmyk", False))
    return Item(index, line if is_whole(line) else 0, request, games)


def _languages(game: str, kind: str) -> tuple[str, ...]:
    from generator.registry import game as game_spec

    return game_spec(game).product(kind).languages


def _aid_games(games: Any, count: int, place: str) -> tuple[str, ...]:
    from generator.aids.build import aid_games

    known = aid_games()
    if not isinstance(games, list) or len(games) != count or any(g not in known for g in games):
        raise InputError(f"{place} [games]: expected the {count} game(s) of the aid, each one "
                         f"of {', '.join(known)}")
    return tuple(games)


#: The keyword arguments of an aid a manifest records, and the declaration (``tombgen aid``'s
#: option) each is checked against.
AID_ARGUMENTS = {"lang": "lang", "size": "size", "variant": "variant", "bleed": "bleed",
                 "crop": "crop_marks", "nup": "nup", "backs": "backs", "cmyk": "cmyk"}


def _check_aid_options(options: Any, place: str) -> None:
    from generator.aids.cli import AID_OPTIONS
    from generator.runs import check_value

    declared = {o.name: o for o in AID_OPTIONS}
    if not isinstance(options, dict):
        raise InputError(f"{place} [options]: expected an object of option values")
    for name, value in options.items():
        if name not in AID_ARGUMENTS:
            raise InputError(f"{place} [options.{shown(name)}]: not an option of a player aid; "
                             f"its options: {', '.join(AID_ARGUMENTS)}")
        try:
            check_value(declared[AID_ARGUMENTS[name]], value)
        except InputError as exc:
            raise InputError(f"{place} [options.{name}]: {exc.message}") from None


_SHA = re.compile(r"^[0-9a-f]{64}$")


def validate_document(doc: dict[str, Any], source: str):
    """``tombgen validate`` of a ``tombgen/batch.manifest``: the config it came from, its
    items, and every file entry a plain name in the folder (no path), listed once, with its
    item, size and SHA-256. Whether the files on disk match is ``tombgen verify``'s work."""
    from generator.core.report import Report

    report = Report(source)
    config = doc.get("config")
    if not (isinstance(config, dict) and isinstance(config.get("path"), str)
            and isinstance(config.get("sha256"), str) and _SHA.match(config["sha256"])):
        report.add("manifest-config", "config must be {\"path\", \"sha256\"}", "config")
    if not isinstance(doc.get("complete"), bool):
        report.add("manifest-complete", "complete must be true or false", "complete")
    items = {item.number: item for item in items_from(doc, source)}
    files = doc.get("files")
    if not isinstance(files, list):
        report.add("manifest-files", "files must be a list of file entries", "files")
        return report
    seen: set[str] = set()
    for i, entry in enumerate(files):
        _check_entry(report, entry, items, seen, f"files[{i}]")
    if not isinstance(doc.get("failures", []), list):
        report.add("manifest-failures", "failures must be a list", "failures")
    return report


def _check_entry(report, entry: Any, items: dict[int, Item], seen: set[str], where: str) -> None:
    if not isinstance(entry, dict):
        report.add("manifest-entry", "a file entry is an object", where)
        return
    name = entry.get("name")
    if not isinstance(name, str) or not name or name.startswith(".") or "/" in name \
            or "\\" in name or name == NAME:
        report.add("manifest-name", f"{shown(name)} is not the name of a file in the folder", where)
    elif name in seen:
        report.add("manifest-twice", f"{name} is listed twice", where)
    else:
        seen.add(name)
    number = entry.get("item")
    item = items.get(number) if is_whole(number) else None
    sub = entry.get("sub")
    if item is None:
        report.add("manifest-item", f"item {shown(entry.get('item'))} is not one of the items", where)
    elif sub is not None and not (is_whole(sub) and 1 <= sub <= item.request.count):
        report.add("manifest-sub", f"sub {shown(sub)} is not within the item's count", where)
    size, sha = entry.get("size"), entry.get("sha256")
    if not is_whole(size) or size < 0 \
            or not isinstance(sha, str) or not _SHA.match(sha):
        report.add("manifest-hash", "a file entry has its size and SHA-256", where)
