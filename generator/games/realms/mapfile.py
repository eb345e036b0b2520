"""Hidden Realms map files (``maps/realms/*.toml``): a parser, a writer, and finding maps.

A map file has four keys: ``name``, ``difficulty``, ``description`` and ``grid``. The grid is
text, one token per square, tokens separated by spaces, inside a frame: the first and last lines
are the top and bottom of the outer wall (``+`` corners, ``-`` wall, ``E`` entrance), and every
other line starts and ends with the left and right wall (``|`` or ``E``). The symbols are the
``[legend]`` of ``seeds/realms.toml`` and are repeated as a comment at the top of every file the
writer makes. Parse -> write -> parse gives the same map.

Broken TOML or missing keys are an :class:`InputError` (exit 2) naming file, line and column.
Problems inside the grid (unknown symbol, ragged row, room without a door...) are returned as a
:class:`Report` with ``file:line:col`` places, so every problem is listed at once (exit 1).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from generator.core.data import check, resource, resource_root
from generator.core.envelope import read_text
from generator.core.errors import InputError, RuleError
from generator.core.inputs import parse_toml
from generator.core.report import Report
from generator.games.realms.model import Entrance, Finding, Map, Room, data

FILE_SCHEMA = {"name": str, "difficulty": str, "description": str, "grid": str}
MAP_FORMAT = "tombgen/realms.map"


@dataclass
class Parsed:
    """A parsed map file: the map (None when the grid is too broken to read), the grid problems,
    and ``places``: ("cell", x, y) or ("entrance", x, y, side) -> "file:line:col"."""

    map: Map | None
    report: Report
    places: dict


def _legend():
    leg = data()["legend"]
    grid = {tok: kind for kind, tok in leg["grid"].items()}
    rooms = {tok: kind for kind, tok in leg["rooms"].items()}
    doors = {tok: side for side, tok in leg["doors"].items()}
    return leg, grid, rooms, doors


def _grid_origin(text: str) -> tuple[int, int]:
    """(line, column) in the file, 1-based, of the first character of the grid's value."""
    found = re.search(r"^[ \t]*grid[ \t]*=[ \t]*('''|\"\"\"|'|\")", text, re.MULTILINE)
    if not found:
        return 1, 1
    pos = found.end()
    if found.group(1) in ("'''", '"""'):
        # TOML drops a newline right after the opening delimiter
        if text.startswith("\r\n", pos):
            pos += 2
        elif text.startswith("\n", pos):
            pos += 1
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def parse_map_text(text: str, source: str) -> Parsed:
    """Parses the text of a map file (see the module doc)."""
    doc = parse_toml(text, source)
    check(doc, FILE_SCHEMA, source)
    line0, col0 = _grid_origin(text)
    report = Report(source)
    rows = []
    for i, line in enumerate(doc["grid"].split("\n")):
        toks = [(m.group(), (col0 if i == 0 else 1) + m.start())
                for m in re.finditer(r"\S+", line)]
        if toks:
            rows.append((line0 + i, toks))
    places: dict = {}
    frame = _read_frame(rows, source, report)
    if frame is None:
        return Parsed(None, report, places)
    width, height = frame
    entrances, stone, rooms, findings = [], [], [], []
    for y, (lineno, toks) in enumerate(rows[1:-1]):
        for x, (tok, col) in enumerate(toks[1:-1]):
            place = f"{source}:{lineno}:{col}"
            places[("cell", x, y)] = place
            _read_cell(tok, x, y, place, (stone, rooms, findings), report)
    for (x, y, side), place in _frame_entrances(rows, width, height, source, report).items():
        entrances.append(Entrance(y, x, side))
        places[("entrance", x, y, side)] = place
    places["size"] = f"{source}:{rows[0][0]}:{rows[0][1][0][1]}"
    m = Map.build((width, height), entrances, stone, rooms, findings, doc["name"],
                  doc["difficulty"], doc["description"])
    return Parsed(m, report, places)


def _read_frame(rows, source: str, report: Report) -> tuple[int, int] | None:
    """Checks the grid is a rectangle inside a frame; returns (width, height) or None."""
    if len(rows) < 3:
        report.add("grid-shape", "the grid needs a top frame line, at least one row of squares "
                   "and a bottom frame line", f"{source} [grid]")
        return None
    # the most common line length is taken as right, so one bad line gets one message
    width = Counter(len(toks) for _, toks in rows).most_common(1)[0][0] - 2
    ok = width >= 1
    for lineno, toks in rows:
        if len(toks) != width + 2:
            report.add("grid-shape", f"this line has {len(toks) - 2} square(s) between the "
                       f"walls; the other lines have {width}", f"{source}:{lineno}:{toks[0][1]}")
            ok = False
    return (width, len(rows) - 2) if ok else None


def _frame_entrances(rows, width: int, height: int, source: str, report: Report) -> dict:
    """Reads the frame tokens: walls, corners and entrances (x, y, side) -> place."""
    leg = data()["legend"]
    found = {}

    def frame_token(tok, col, lineno, wall, cell):
        place = f"{source}:{lineno}:{col}"
        if cell is None:
            if tok != leg["corner"]:
                report.add("unknown-symbol", f"{tok!r} at a corner of the frame; write "
                           f"{leg['corner']!r}", place)
        elif tok == leg["entrance"]:
            found[cell] = place
        elif tok != wall:
            report.add("unknown-symbol", f"{tok!r} on the outer wall; write {wall!r} for wall "
                       f"or {leg['entrance']!r} for an entrance", place)

    for edge, (lineno, toks) in (("N", rows[0]), ("S", rows[-1])):
        y = 0 if edge == "N" else height - 1
        for i, (tok, col) in enumerate(toks):
            cell = (i - 1, y, edge) if 0 < i <= width else None
            frame_token(tok, col, lineno, leg["wall_across"], cell)
    for y, (lineno, toks) in enumerate(rows[1:-1]):
        frame_token(*toks[0], lineno, leg["wall_down"], (0, y, "W"))
        frame_token(*toks[-1], lineno, leg["wall_down"], (width - 1, y, "E"))
    return found


def _read_cell(tok: str, x: int, y: int, place: str, out, report: Report) -> None:
    """One square's token: free, stone, a finding, coins or a room."""
    stone, rooms, findings = out
    leg, grid_tokens, room_tokens, doors = _legend()
    if tok == leg["free"]:
        return
    if tok == leg["stone"]:
        stone.append((x, y))
    elif tok in grid_tokens:
        findings.append(Finding(y, x, grid_tokens[tok]))
    elif tok.startswith(leg["coins"]) and tok[len(leg["coins"]):].isdigit():
        findings.append(Finding(y, x, "coins", int(tok[len(leg["coins"]):])))
    elif tok in room_tokens:
        rooms.append(Room(y, x, "", room_tokens[tok]))  # the validator reports the missing door
    elif tok[:-1] in room_tokens and tok[-1:] in doors:
        rooms.append(Room(y, x, doors[tok[-1]], room_tokens[tok[:-1]]))
    elif tok == leg["entrance"]:
        report.add("entrance-off-border", "an entrance belongs on the outer wall (the frame), "
                   "next to its square", place)
    else:
        report.add("unknown-symbol", f"unknown symbol {tok!r}; see the legend at the top of "
                   "the file", place)


# ------------------------------------------------------------------------------------ writer

def _tokens(m: Map) -> list[list[str]]:
    """The grid tokens of a map, frame included."""
    leg = data()["legend"]
    w, h = m.size
    cells = [[leg["free"]] * w for _ in range(h)]
    for x, y in m.stone:
        cells[y][x] = leg["stone"]
    for r in m.rooms:
        cells[r.y][r.x] = leg["rooms"][r.content] + (leg["doors"][r.door] if r.door else "")
    for f in m.findings:
        cells[f.y][f.x] = (f"{leg['coins']}{f.amount}" if f.kind == "coins"
                           else leg["grid"][f.kind])
    ent = {(e.x, e.y, e.side) for e in m.entrances}

    def wall(x, y, side, tok):
        return leg["entrance"] if (x, y, side) in ent else tok

    top = [wall(x, 0, "N", leg["wall_across"]) for x in range(w)]
    bottom = [wall(x, h - 1, "S", leg["wall_across"]) for x in range(w)]
    lines = [[leg["corner"], *top, leg["corner"]]]
    for y in range(h):
        lines.append([wall(0, y, "W", leg["wall_down"]), *cells[y],
                      wall(w - 1, y, "E", leg["wall_down"])])
    lines.append([leg["corner"], *bottom, leg["corner"]])
    return lines


def legend_comment() -> str:
    """The legend as TOML comment lines, built from the data so it never goes stale."""
    leg = data()["legend"]
    pairs = [f"{tok} {kind}" for kind, tok in leg["grid"].items()]
    half = (len(pairs) + 1) // 2
    rooms = "  ".join(f"{tok} {kind}" for kind, tok in leg["rooms"].items())
    doors = "  ".join(f"{tok} {side}" for side, tok in leg["doors"].items())
    return "\n".join([
        "# Hidden Realms map. One token per square, separated by spaces; x runs right, y down.",
        (f"# {leg['free']} free square   {leg['stone']} stone   {leg['coins']}1 {leg['coins']}2 "
         f"{leg['coins']}3 coins (the number is how many)"),
        "# findings: " + "  ".join(pairs[:half]),
        "#           " + "  ".join(pairs[half:]),
        ("# rooms (a stone square with one door): content + door side, e.g. "
         f"{leg['rooms']['sarcophagus']}{leg['doors']['E']}"),
        "#   contents: " + rooms,
        "#   door sides: " + doors,
        (f"# frame: {leg['corner']} corner, {leg['wall_across']} and {leg['wall_down']} outer "
         f"wall, {leg['entrance']} an entrance into the square next to it"),
    ])


def write_map_text(m: Map) -> str:
    """The map as a map file (TOML). ``parse_map_text`` of the result gives ``m`` back."""
    grid = "\n".join(" ".join(f"{t:<3}" for t in line).rstrip() for line in _tokens(m))
    return (f"{legend_comment()}\n\n"
            f"name = {json.dumps(m.name, ensure_ascii=False)}\n"
            f"difficulty = {json.dumps(m.difficulty, ensure_ascii=False)}\n"
            f"description = {json.dumps(m.description, ensure_ascii=False)}\n"
            f"grid = '''\n{grid}\n'''\n")


# ------------------------------------------------------------------------------------ finding

def builtin_maps() -> list[str]:
    """Names of the maps shipped in ``maps/realms/`` (file stems), sorted."""
    folder = resource_root("maps") / "realms"
    return sorted(p.stem for p in folder.glob("*.toml"))


def vocabulary() -> dict:
    """What a map file may say, for an editor: sizes, finding kinds (with their tokens and
    English names), room contents, door sides, difficulties, coin piles, the number of
    entrances, the shipped maps and the longest name and description."""
    from generator.core.i18n import catalogue
    from generator.games.realms.model import finding_kinds, room_kinds

    spec, legend = data()["map"], data()["legend"]
    cat = catalogue("en")     # magic items by their sheet names
    names = {k: cat[f"realms.names.item.{k}"] for k in finding_kinds()
             if cat.has(f"realms.names.item.{k}")}
    return {
        "min_size": spec["min_size"], "max_size": spec["max_size"],
        "entrances": spec["entrances"], "max_coin_pile": spec["max_coin_pile"],
        "difficulties": list(spec["difficulties"]),
        "findings": [{"kind": k, "token": legend["grid"][k], "name": names.get(k, k)}
                     for k in finding_kinds() if k != "coins"],
        "coins": legend["coins"],
        "rooms": [{"kind": k, "token": legend["rooms"][k]} for k in room_kinds()],
        "doors": dict(legend["doors"]),
        "maps": builtin_maps(),
        "name_length": spec["name_length"], "description_length": spec["description_length"],
    }


def map_path(name_or_path: str) -> Path:
    """A shipped map's file by name (``map-1``), or the given path if it is a file."""
    path = Path(name_or_path)
    if path.suffix in (".toml", ".json") or path.exists():
        return path
    candidate = resource("maps", f"realms/{name_or_path}.toml")
    if not candidate.exists():
        raise InputError(f"{name_or_path}: no such map file or shipped map; shipped maps: "
                         + ", ".join(builtin_maps()) + " (or give a .toml/.json file)")
    return candidate


def _file_text(path: str | Path) -> tuple[str, str, bool]:
    """(text, source name, is JSON) of a map file (``-`` = standard input, either kind)."""
    source = "<stdin>" if str(path) == "-" else str(path)
    text = read_text(path)
    as_json = str(path).endswith(".json") or (str(path) == "-" and text.lstrip().startswith("{"))
    return text, source, as_json


def read_map(path: str | Path) -> tuple[Map | None, Report, dict]:
    """Reads a map file, TOML or JSON (by suffix; ``-`` = standard input, either kind), and
    returns (map, grid problems, places)."""
    return read_map_text(*_file_text(path))


def read_map_text(text: str, source: str, as_json: bool) -> tuple[Map | None, Report, dict]:
    """:func:`read_map` for a map file's text (TOML, or with ``as_json`` a JSON map document)."""
    if as_json:
        from generator.core.envelope import check_envelope, parse_json
        from generator.validate import document_item

        doc = parse_json(text, source)
        check_envelope(doc, source, MAP_FORMAT)
        return document_item(MAP_FORMAT, doc, source).map, Report(source), {}
    parsed = parse_map_text(text, source)
    return parsed.map, parsed.report, parsed.places


def check_map_text(text: str, source: str, as_json: bool) -> tuple[Map | None, Report, dict]:
    """Reads a map file's text and validates the map: (map, every problem, places)."""
    from generator.games.realms.rules.map import validate_map

    m, report, places = read_map_text(text, source, as_json)
    if m is not None:
        report.extend(validate_map(m, places))
    report.subject = source
    return m, report, places


def load_map(name_or_path: str) -> Map:
    """A valid map by shipped name or file path; an invalid one is a RuleError with the report."""
    m, report, _ = check_map_text(*_file_text(map_path(name_or_path)))
    if not report.ok:
        raise RuleError(report.text(), report)
    return m


def shipped_map(name: str) -> Map:
    """A shipped map by name, from ``maps/realms/`` only: never a file of that name in the
    current folder (what :func:`load_map` would read first)."""
    if name not in builtin_maps():
        raise InputError(f"{name}: no shipped map of that name; shipped maps: "
                         + ", ".join(builtin_maps()))
    return load_map(str(resource("maps", f"realms/{name}.toml")))


def validate_map_file(path) -> Report:
    """``tombgen validate`` / ``tombgen realms validate`` for a map file, TOML or JSON, or a
    shipped map by name (``realms validate map-1``), as everywhere a map is taken."""
    if str(path) != "-" and not Path(path).exists():
        path = map_path(str(path))
    return check_map_text(*_file_text(path))[1]
