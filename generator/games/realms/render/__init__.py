"""The Hidden Realms game sheet: one page with the rulebook's areas A-F, laid out for any map.

Layout (sizes computed from the map, the rules data and the sheet frame, never fixed for one
paper)::

    title · map name · difficulty · name line
    +-----------------------+--------+---------+
    | B map (7-9 mm squares)| A      | F       |
    |                       | rounds | scoring |
    +-----------+-----------+--+-----+---------+
    | C tiles   | D monsters   | E backpack    |
    +-----------+--------------+---------------+

The map gets the biggest squares (up to 9 mm, never under 7) that leave row 2 the room its
tables need; row 2 then gets the rest of the page. Every area is a named group ("area-A" ...
"area-F"), the header is "title", so tests find them in the scene. The words are the sheet's
language's (``[sheet]`` of the realms text catalogue); a map's name is printed in it when
``seeds/realms.toml`` [names.translated] knows it (:func:`map_title`).

The sheet's drawing is this package; this module plans the page. Its modules: :mod:`.map`
(area B), :mod:`.tables` (areas A, C and F), :mod:`.log` (areas D and E) and :mod:`.kit` (the
pieces they share).
"""

from __future__ import annotations

from typing import NamedTuple

from generator.core.errors import BuildError, InputError
from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Line, Page, translate
from generator.draw.text import measure, text
from generator.draw.widgets import line_style
from generator.games.realms.model import Map, data
from generator.games.realms.pictograms import symbols
from generator.games.realms.render.kit import HEAD_H, heading, sheet_words
from generator.games.realms.render.log import (
    backpack_area,
    backpack_height,
    backpack_min_width,
    log_area,
    log_height,
    log_min_width,
)
from generator.games.realms.render.map import map_area, map_size, stone_symbol
from generator.games.realms.render.tables import (
    rounds_area,
    rounds_min_height,
    rounds_width,
    scoring_area,
    scoring_min_height,
    tile_area,
    tile_geometry,
    tile_min_size,
)

GAP = 3.0            # mm between areas
HEADER_H = 14.0      # mm: title, map name, name line
MIN_CELL = 7.0       # mm: a map square a pencil wall fits in (GAMES.md)
MAX_CELL = 9.0       # mm: bigger squares only take room from the tables
SCORING_MIN_W = (40.0, 34.0)   # the Scoring Table's width: with pictograms, or without
NAME_LINE = 40.0     # mm: the shortest line a player's name is written on


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float


class Plan(NamedTuple):
    """Where each area goes (page mm) and the map's square size."""

    cell: float
    boxes: dict


class Header(NamedTuple):
    """What the title band says."""

    map_name: str
    detail: str           # e.g. "12 x 12 · basic map · rated standard: a strong player's..."
    player: int = 0       # 1-based; 0 = a sheet without a player number
    players: int = 1


def plan(sheet: Sheet, m: Map, say: Words | None = None, start: str = "normal") -> Plan:
    """Area boxes for map ``m`` on ``sheet`` (BuildError when even 7 mm squares do not fit),
    with room for the words of ``say`` (a translation may need more lines)."""
    say = say or sheet_words()
    w, h = m.size
    top = sheet.top + HEADER_H
    width = sheet.content_width
    a_w = rounds_width()
    row2_min = _row2_need(sheet, lambda w: backpack_height(w, say, start), say)
    row1_max = sheet.bottom - top - GAP - row2_min
    room_h = row1_max - HEAD_H - map_size(m, 0.0)[1]
    for f_min in SCORING_MIN_W:
        room_w = width - a_w - f_min - 2 * GAP - map_size(m, 0.0)[0]
        cell = min(MAX_CELL, room_w / w, room_h / h)
        if cell >= MIN_CELL:
            break
    if cell < MIN_CELL - 1e-9:
        raise BuildError(f"a {w} x {h} map needs squares of {MIN_CELL:g} mm; only {cell:.1f} mm "
                         f"fit on {sheet.paper}")
    cell = int(cell * 10) / 10      # round down to 0.1 mm: tidy numbers in the files
    b_w, b_h = map_size(m, cell)
    row1 = max(HEAD_H + b_h, rounds_min_height(), scoring_min_height())
    boxes = {"B": Box(sheet.left, top, b_w, HEAD_H + b_h)}
    x = sheet.left + b_w + GAP
    boxes["A"] = Box(x, top, a_w, row1)
    x += a_w + GAP
    boxes["F"] = Box(x, top, sheet.right - x, row1)
    boxes.update(_row2(sheet, top + row1 + GAP, lambda w: backpack_height(w, say, start), say))
    return Plan(cell, boxes)


def _row2(sheet: Sheet, y: float, backpack_h, say: Words | None = None) -> dict:
    """Tile Table, Monster Log and Backpack side by side in what is left of the page: the Tile
    Table as big as fits, then the other two share the rest (each no taller than the room);
    ``backpack_h(width)`` is the Backpack's height with its words."""
    height = sheet.bottom - y
    width = sheet.content_width
    d_min, e_min = log_min_width(), backpack_min_width()
    g = tile_geometry(width - d_min - e_min - 2 * GAP, height, say)
    extra = width - g.width - d_min - e_min - 2 * GAP
    d_w = _widest(log_height, d_min, d_min + extra / 2, height)
    e_w = _widest(backpack_h, e_min, e_min + extra / 2, height)
    if d_w is None or e_w is None:
        # the even split fails (a translation's longer words): each table gets the width its
        # words need in this height, the Tile Table the rest
        d_w, e_w = _narrowest(log_height, d_min, height), _narrowest(backpack_h, e_min, height)
        room = width - d_w - e_w - 2 * GAP
        if room < tile_min_size(say)[0] - 1e-9:
            need = _row2_need(sheet, backpack_h, say)
            raise BuildError(f"the tables below the map need {need:.1f} mm; {height:.1f} mm "
                             f"are left on {sheet.paper}")
        g = tile_geometry(room, height, say)
    gap = (width - g.width - d_w - e_w) / 2     # width nobody needs goes into the gaps
    x = sheet.left
    out = {"C": Box(x, y, g.width, height)}
    x += g.width + gap
    out["D"] = Box(x, y, d_w, height)
    x += d_w + gap
    out["E"] = Box(x, y, e_w, height)
    return out


def _row2_need(sheet: Sheet, backpack_h, say: Words | None = None) -> float:
    """The lowest row 2 can be: the Tile Table at its smallest, and the width left shared
    between the Monster Log and the Backpack (0.5 mm steps) so that the taller is lowest."""
    tile_w, tile_h = tile_min_size(say)
    d_min, e_min = log_min_width(), backpack_min_width()
    room = sheet.content_width - tile_w - 2 * GAP - d_min - e_min
    splits = [k * 0.5 for k in range(int(max(room, 0.0) / 0.5) + 1)]
    return max(tile_h, min(max(log_height(d_min + s), backpack_h(e_min + room - s))
                           for s in splits))


def _narrowest(height_of, low: float, room: float) -> float:
    """The narrowest width from ``low`` up (0.5 mm steps) whose height fits in ``room``."""
    w = low
    while height_of(w) > room + 1e-9 and w < low + 200.0:
        w += 0.5
    return w


def _widest(height_of, low: float, high: float, room: float) -> float | None:
    """The widest width in [low, high] (0.5 mm steps) whose height fits in ``room``."""
    w = high
    while w > low:
        if height_of(w) <= room + 1e-9:
            return w
        w -= 0.5
    return low if height_of(low) <= room + 1e-9 else None


def sheet_page(sheet: Sheet, m: Map, header: Header, start: str = "normal",
               say: Words | None = None) -> Page:
    """One game sheet for map ``m``, with what ``start`` circles before the first round, in the
    language of ``say`` (English without it; the pipeline adds the footer)."""
    say = say or sheet_words()
    p = plan(sheet, m, say, start)
    b = p.boxes
    items: list[Item] = [Group(tuple(_header(sheet, header, say)), name="title")]
    map_items = heading(sheet, "B", say("area.map"), b["B"].w, say("map.note"))
    map_items.append(Group(tuple(map_area(sheet, m, p.cell)), translate(0, HEAD_H)))
    areas = {
        "B": map_items,
        "A": rounds_area(sheet, b["A"].h, say).items,
        "F": scoring_area(sheet, b["F"].w, b["F"].h, say).items,
        "C": tile_area(sheet, b["C"].w, b["C"].h, say).items,
        "D": log_area(sheet, b["D"].w, b["D"].h, m, say).items,
        "E": backpack_area(sheet, b["E"].w, b["E"].h, m, start, say).items,
    }
    for name in "ABCDEF":
        box = b[name]
        items.append(Group(tuple(areas[name]), translate(box.x, box.y), name=f"area-{name}"))
    return Page(sheet.width, sheet.height, tuple(items),
                symbols(sheet) + (stone_symbol(sheet, p.cell),))


def _header(sheet: Sheet, header: Header, say: Words) -> list[Item]:
    """Title and map name; the name line (with the player number) and the map's details."""
    ink, muted = sheet.theme("ink"), sheet.theme("muted")
    x0, x1, y = sheet.left, sheet.right, sheet.top
    width = sheet.content_width
    title = text(x0, y + 5.2, say("title"), 14.0, bold=True, fill=ink, max_width=width * 0.55)
    items: list[Item] = [title,
                         text(x1, y + 5.2, header.map_name, 10.0, bold=True, anchor="end",
                              fill=ink, max_width=width - title.width - 6)]
    who = (say("name") if not header.player
           else say("player", player=header.player, players=header.players))
    name = text(x0, y + 11.0, who, 7.5, fill=ink, max_width=width * 0.3)
    items.append(name)
    # the name line is as long as the map's details leave it (never under NAME_LINE)
    line_end = x0 + min(width * 0.45, name.width + 62,
                        max(name.width + 1.5 + NAME_LINE,
                            width - 4 - measure(header.detail, 7.0)))
    items.append(Line(x0 + name.width + 1.5, y + 11.4, line_end, y + 11.4,
                      line_style(sheet, 0.3, "muted")))
    items.append(text(x1, y + 11.0, header.detail, 7.0, anchor="end", fill=muted,
                      max_width=x1 - line_end - 4))
    items.append(Line(x0, y + 12.9, x1, y + 12.9, line_style(sheet, 0.4, "accent")))
    return items


def map_title(name: str, lang: str) -> str:
    """A map's name on a sheet in ``lang``: a shipped map's translated name, a generated name
    ("The Sunken Vault") made in that language from the same words, else the name as its maker
    wrote it (``seeds/realms.toml`` [names.translated.<lang>]; English names are the maps')."""
    table = data()["names"]["translated"].get(lang)
    if table is None:
        return name
    if name in table["maps"]:
        return table["maps"][name]
    head, _, turn = name.rpartition(" ")
    if head and turn and set(turn) <= set("IVXLCDM"):     # a run's name come round again
        title = map_title(head, lang)
        return name if title == head else f"{title} {turn}"
    gen = data()["generate"]
    for a, adjective in enumerate(gen["adjectives"]):
        for n, noun in enumerate(gen["nouns"]):
            if name == f"The {adjective} {noun}":
                return _generated_title(table, a, n, lang)
    return name


def _generated_title(table, a: int, n: int, lang: str) -> str:
    """'La Crypte engloutie': the noun with its article, the adjective agreeing with it."""
    forms = ("m", "f", "mp", "fp")
    if len(table["nouns"]) != len(data()["generate"]["nouns"]) or \
            len(table["adjectives"]) != len(data()["generate"]["adjectives"]):
        raise InputError(f"seeds/realms.toml [names.translated.{lang}]: give one noun and one "
                         "adjective for each word of the [generate] lists, in their order")
    article, noun, gender = table["nouns"][n]
    adjective = table["adjectives"][a]
    if gender not in forms or len(adjective) != len(forms):
        raise InputError(f"seeds/realms.toml [names.translated.{lang}]: a noun's gender is one "
                         f"of {', '.join(forms)}, and an adjective has those four forms")
    return f"{article} {noun} {adjective[forms.index(gender)]}"
