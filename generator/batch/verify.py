"""``tombgen verify``: regenerate items from what their files record and compare the bytes.

* a batch folder (or its ``manifest.json``): every unit of every recorded item is built again
  (through the same executors as ``tombgen batch``) and each file compared with the one on disk;
* an item's JSON: its envelope gives game, kind, seed, options and its place in a ``--count``
  run; the document is rebuilt and compared;
* a PDF: its metadata keywords give game, kind, seed, count, paper, theme and options; every
  item is rebuilt through the same path that made it (one-item PDF directly, else joined);
  a player-aid PDF's keywords give every option of ``tombgen aid``, and it is rebuilt from them;
* a folder without a manifest: each tombgen JSON and PDF in it, one by one.

Files made by another tombgen version cannot be regenerated identically; they are reported as
such. Each check is one :class:`Check`; any status other than ``ok`` means exit 1.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from generator import GENERATOR
from generator.batch import manifest
from generator.batch.assemble import Assembly, joined_items
from generator.batch.config import Item
from generator.batch.run import error_text
from generator.batch.units import build_unit, item_units
from generator.clikit import Quiet
from generator.core.errors import BuildError, InputError, shown

OK = "ok"
MISMATCH = "MISMATCH"
MISSING = "missing"
FAILED = "FAILED"
OLDER = "VERSION"
UNLISTED = "UNLISTED"


class Check(NamedTuple):
    """The verdict on one file (or one unit that could not be rebuilt)."""

    name: str
    status: str
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status == OK

    def line(self) -> str:
        return f"{self.status:<8} {self.name}" + (f"  ({self.detail})" if self.detail else "")


def _other_version(name: str, made_by: Any) -> Check:
    return Check(name, OLDER, f"made by {made_by}, this is {GENERATOR}: only that version "
                 "regenerates it byte for byte")


def verify_path(target: str | Path, *, jobs: int | None = None, dask: Any = None,
                progress: Callable | None = None, executor: Any = None) -> list[Check]:
    """Checks a folder, a JSON document or a PDF; unusable targets raise InputError."""
    path = Path(target)
    if not path.exists():
        raise InputError(f"{path}: not found; give a batch folder, a JSON or a PDF file")
    run = _Executor(jobs, dask, executor)
    try:
        if path.is_dir():
            doc = manifest.read(path)
            if doc is not None:
                return verify_manifest(path, doc, run, progress)
            return verify_loose(path, run)
        if path.suffix.lower() == ".pdf":
            return [verify_pdf(path, run)]
        if path.suffix.lower() == ".json":
            return verify_json(path, run, progress)
        raise InputError(f"{path}: verify takes a batch folder, an item's JSON or a PDF; an SVG "
                         "is checked through its item's JSON or its batch folder")
    finally:
        run.close()


class _Executor:
    """Makes the executor only when there is work for one (single items build in-process)."""

    def __init__(self, jobs, dask, given):
        self.jobs, self.dask, self.given, self.made = jobs, dask, given, None

    def get(self):
        if self.given is not None:
            return self.given
        if self.made is None:
            from generator.core.executor import make_executor

            self.made = make_executor(self.jobs, self.dask)
        return self.made

    def close(self) -> None:
        if self.made is not None:
            self.made.close()


def _compare(path: Path, data: bytes, name: str | None = None) -> Check:
    label = name or str(path)
    try:
        on_disk = path.read_bytes()
    except FileNotFoundError:
        return Check(label, MISSING, "recorded but not on disk")
    return Check(label, OK) if on_disk == data else Check(label, MISMATCH, "differs from a fresh build")


def _rebuild(items: list[Item], run: _Executor, progress, wanted: dict[str, Path],
             pdf_target: dict[int, tuple[str, Path]]) -> dict[str, Check]:
    """Builds every unit of ``items`` and compares files with the disk.

    ``wanted`` maps file names to disk paths; ``pdf_target`` maps item indexes to the (name,
    path) of their joined PDF. Returns checks by name.
    """
    from generator.draw.pdfjoin import JoinedHash

    checks: dict[str, Check] = {}
    joined = {i: Assembly(it, JoinedHash) for i, it in joined_items(items).items()
              if i in pdf_target}
    units = [u for it in items for u in item_units(it)]
    results = run.get().map_unordered(build_unit, units)
    bar = progress(results, len(units), "rebuilding") if progress else Quiet(results)
    with bar as stream:
        for unit, result in stream:
            if isinstance(result, BaseException):
                checks[unit.label()] = Check(unit.label(), FAILED, error_text(result))
                if unit.item in joined:
                    joined.pop(unit.item).abort()
                continue
            for name, _, _, data in result.files:
                if name in wanted:
                    checks[name] = _compare(wanted[name], data, name)
                else:
                    checks[name] = Check(name, MISMATCH, "made by its item but not recorded")
            assembly = joined.get(unit.item)
            if assembly and result.part is not None and assembly.add(unit.sub, result.part):
                _, _, sha = assembly.finish()
                name, target = pdf_target[unit.item]
                on_disk = manifest.file_sha256(target)
                checks[name] = (Check(name, MISSING) if on_disk is None else
                                Check(name, OK) if on_disk == sha else
                                Check(name, MISMATCH, "differs from a fresh build"))
                del joined[unit.item]
    return checks


def verify_manifest(folder: Path, doc: dict[str, Any], run: _Executor, progress) -> list[Check]:
    """Every file a batch manifest records, rebuilt and compared."""
    label = str(folder / manifest.NAME)
    if doc.get("generator") != GENERATOR:
        return [_other_version(label, doc.get("generator"))]
    items = manifest.items_from(doc, label)
    report = manifest.validate_document(doc, label)
    if not report.ok:
        raise InputError(f"{label}: not a manifest a batch wrote, so nothing is rebuilt\n"
                         f"{report.text()}")
    files = {e["name"]: e for e in doc["files"]}
    wanted = {name: folder / name for name in files}
    pdf_target = {e["item"] - 1: (name, folder / name) for name, e in files.items()
                  if e.get("sub") is None and e.get("format") == "pdf"}
    checks = _rebuild(items, run, progress, wanted, pdf_target)
    out = [checks.pop(name, Check(name, MISMATCH, "recorded but its item no longer makes it"))
           for name in files]
    out += list(checks.values())
    out += unlisted(folder, set(files))
    for failure in doc.get("failures", []):
        out.append(Check(f"item {failure.get('item')}.{failure.get('sub')}", FAILED,
                         f"failed in the batch run: {failure.get('error')}"))
    if not doc.get("complete", False) and not doc.get("failures"):
        out.append(Check(label, FAILED, "the batch run did not finish; run tombgen batch again"))
    return out


def unlisted(folder: Path, listed: set[str]) -> list[Check]:
    """Files in a batch folder that its manifest does not list (another run's, or a file put
    there by hand): each is reported, since the manifest does not vouch for it. Hidden files
    (temporary files, the lock, the part spool) are the batch's own and are not."""
    found = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.name == manifest.NAME or path.name in listed:
            continue
        what = "a folder" if path.is_dir() else "a file"
        found.append(Check(path.name, UNLISTED, f"{what} in the batch folder that its manifest "
                           "does not list"))
    return found


def verify_json(path: Path, run: _Executor, progress=None) -> list[Check]:
    """An item's JSON (or a batch manifest) rebuilt from its envelope."""
    from generator.core.envelope import read_document

    fmt, doc = read_document(path)
    if fmt == manifest.FORMAT:
        return verify_manifest(path.parent, doc, run, progress)
    return [_verify_document(path, fmt, doc)]


def _not_an_item(path: Path, fmt: str) -> InputError:
    return InputError(f"{path} [format]: a {fmt} is not an item tombgen makes from a seed, so it "
                      "cannot be made again to compare; tombgen validate checks it")


def _verify_document(path: Path, fmt: str, doc: dict[str, Any]) -> Check:
    from generator.core.envelope import dumps
    from generator.draw.paper import make_sheet
    from generator.produce import build_one
    from generator.registry import product_for_format
    from generator.validate import check_document

    pair = product_for_format(fmt)
    if pair is None:
        raise _not_an_item(path, fmt)
    if doc.get("generator") != GENERATOR:
        return _other_version(str(path), doc.get("generator"))
    check_document(fmt, doc, str(path))
    spec, product = pair
    seed, count, item = doc.get("seed"), doc.get("count", 1), doc.get("item", 1)
    options, lang = doc.get("options", {}), doc.get("lang", "en")
    if seed is None:
        raise InputError(f"{path} [seed]: no seed, so the item cannot be made again; a document "
                         "tombgen made holds the seed that made it")
    try:
        built = build_one(spec, product, seed, item - 1, count, make_sheet("a4", False), options,
                          render=False, lang=lang)
    except Exception as exc:  # noqa: BLE001 - a rebuild that fails is a failed check
        return Check(str(path), FAILED, error_text(exc))
    return _compare(path, dumps(built.document()).encode("utf-8"))


def pdf_info(path: Path) -> dict[str, str]:
    """A PDF's document information; unreadable → InputError."""
    from generator.draw.pdfjoin import read_info

    try:
        return read_info(path)
    except (BuildError, OSError) as exc:
        raise InputError(f"{path}: cannot read its metadata ({error_text(exc)})") from None


def pdf_item(path: Path, info: dict[str, str] | None = None) -> Item:
    """The run a tombgen PDF's metadata describes, as an :class:`Item` (or InputError)."""
    info = pdf_info(path) if info is None else info
    keywords = info.get("Keywords", "")
    head, found, options = keywords.partition(", options=")
    parts = head.split(", ")
    fields = dict(p.split("=", 1) for p in parts if "=" in p)
    if not found or len(parts) < 3 or parts[0] != "tombgen":
        if len(parts) > 2 and parts[2] == "aid":
            raise InputError(f"{path}: this player-aid PDF does not record all its options (it "
                             "was made before aids did); verify the batch folder "
                             "(manifest.json) that made it")
        raise InputError(f"{path}: its metadata does not identify a tombgen item")
    try:
        raw = {"item": 1, "game": parts[1], "kind": parts[2], "seed": _whole(fields, "seed", path),
               "count": _whole(fields, "count", path), "paper": fields.get("paper", "a4"),
               "mono": {"yes": True, "no": False}.get(fields.get("mono", "no")),
               "cmyk": {"yes": True, "no": False}.get(fields.get("cmyk", "no")),
               "formats": ["pdf"], "lang": fields.get("lang", "en"),
               "options": _options(options, path)}
    except KeyError as exc:
        raise InputError(f"{path}: its metadata keywords have no {exc.args[0]}=; they do not "
                         "describe a tombgen run") from None
    return manifest.check_item(raw, f"{path} (its metadata keywords)", 0)


def _whole(fields: dict[str, str], key: str, path: Path) -> int:
    """A whole number of the keywords (``seed=12``): digits only, as tombgen writes them."""
    text = fields[key]
    if not text.isascii() or not text.isdigit() or len(text) > 40:
        raise InputError(f"{path} (its metadata keywords) [{key}]: "
                         f"{shown(text, literals=False)} is not a whole number ≥ 0, as tombgen "
                         f"writes the {key}")
    return int(text)


def _options(text: str, path: Path) -> Any:
    from generator.core.inputs import parse_json

    return parse_json(text, f"{path} (its metadata keywords: options=)")


def verify_pdf(path: Path, run: _Executor) -> Check:
    """A PDF rebuilt from its metadata: directly for one item, joined for several; a
    player aid from the options its keywords record."""
    from generator.aids.build import aid_options
    from generator.registry import product_for_format

    info = pdf_info(path)
    creator = info.get("Creator", "")
    aid = aid_options(info.get("Keywords", ""))
    if aid is not None:
        if creator != GENERATOR:
            return _other_version(str(path), creator or "an unknown program")
        return _verify_aid(path, *aid)
    item = pdf_item(path, info)
    if creator != GENERATOR:
        return _other_version(str(path), creator or "an unknown program")
    r = item.request
    if product_for_format(f"tombgen/{r.game}.{r.kind}") is None:
        raise InputError(f"{path}: {r.game} {r.kind} is not an item this tombgen makes")
    if r.count == 1:
        try:
            result = build_unit(item_units(item)[0])
        except Exception as exc:  # noqa: BLE001 - a rebuild that fails is a failed check
            return Check(str(path), FAILED, error_text(exc))
        data = next(d for _, fmt, _, d in result.files if fmt == "pdf")
        return _compare(path, data)
    checks = _rebuild([item], run, None, {}, {0: (str(path), path)})
    if str(path) in checks:
        return checks[str(path)]
    failed = next(iter(checks.values()), None)
    return Check(str(path), FAILED, failed.detail if failed else "its items were not rebuilt")


def _verify_aid(path: Path, game: str, options: dict[str, Any]) -> Check:
    """A player-aid PDF rebuilt from the options its keywords record."""
    from generator.aids.build import make_aid

    try:
        _, data = make_aid(game, **options)
    except Exception as exc:  # noqa: BLE001 - a rebuild that fails is a failed check
        return Check(str(path), FAILED, error_text(exc))
    return _compare(path, data)


def verify_loose(folder: Path, run: _Executor) -> list[Check]:
    """Each tombgen JSON and PDF in a folder without a manifest."""
    from generator.core.envelope import read_document
    from generator.registry import product_for_format

    checks, others = [], []
    for path in sorted(folder.iterdir()):
        suffix = path.suffix.lower()
        if suffix not in (".json", ".pdf") or not path.is_file():
            continue
        try:
            if suffix == ".pdf":
                checks.append(verify_pdf(path, run))
                continue
            fmt, doc = read_document(path)
        except InputError:
            continue  # not a tombgen document: nothing to make again
        if product_for_format(fmt) is None:
            others.append(f"{path.name} ({fmt})")
            continue
        try:
            checks.append(_verify_document(path, fmt, doc))
        except InputError as exc:  # an item's document no run made: a failed check
            checks.append(Check(str(path), FAILED, exc.message))
    if not checks:
        found = (f"; {', '.join(others[:3])}{' …' if len(others) > 3 else ''}: tombgen "
                 "documents that are not items made from a seed (tombgen validate checks them)"
                 if others else "")
        raise InputError(f"{folder}: no manifest.json and no item of tombgen (its JSON or PDF) "
                         f"to make again and compare{found}")
    return checks
