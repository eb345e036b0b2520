"""The Tutankhamen trail setup sheet: the table to scale, a legend, the laying order.

Every tile is drawn in its cell with its trail number (top left), its kind as a pictogram in the
set's colour, its value (bottom right) and its colour letter (bottom left: the cue that survives
black-and-white printing, with the tile's grey level). A line joins consecutive tiles so the trail
can be followed where rows touch. Tile 1 carries the start badge; the pyramid cell holds King
Tut. Below: the legend, the numbered order in columns, and the seat balance if games were run.
"""

from __future__ import annotations

from generator.core.errors import BuildError
from generator.draw.paper import Sheet
from generator.draw.scene import Circle, Group, Item, Page, Polygon, Polyline, Rect, Style, Use
from generator.draw.text import measure, paragraph, text
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, label, line_style, title_block
from generator.games.tut.model import Trail, catalog, data, rules, set_name, start_coins
from generator.games.tut.pictograms import BOX, SPECIALS, symbol_name, symbols

MIN_TEXT = 6.0
LIST_COLUMNS = 5
LIST_ROW = 4.3          # mm per line of the order list
LEGEND_ROW = 7.5        # mm per legend line
FULL_TILE = 10.5        # cells at least this big show the pictogram with all labels
SMALL_TILE = 7.5        # cells smaller than this show the trail number only
LIST_COL = 38.0         # width of one column of the order list
GAP = 5.0
MAX_CELL = 14.0         # mm; bigger cells only waste the page
LIST_HEAD = 6.0         # mm for the order list's heading
BALANCE_H = 12.0        # mm for the seat-balance block


def _colour_of(code: str) -> str | None:
    if code in SPECIALS:
        return None
    return code.partition("-")[2]


def _value_of(code: str) -> int | None:
    cat = catalog()
    i = cat.codes.index(code)
    return cat.value[i] if i < cat.sets else None


def _letter(colour: str) -> str:
    cols = data()["colours"]
    return cols["letters"][cols["codes"].index(colour)]


def _tint(sheet: Sheet, code: str) -> str:
    colour = _colour_of(code)
    return sheet.theme(f"tint-{colour}" if colour else "tint-gold")


def _edge(sheet: Sheet, code: str) -> str:
    colour = _colour_of(code)
    return sheet.theme(colour) if colour else sheet.theme("accent")


def tile(sheet: Sheet, code: str, number: int, x: float, y: float, size: float) -> list[Item]:
    """One tile in the cell at (x, y), as much as its size allows (see :func:`_tile_marks`)."""
    inset = 0.45
    frame = Rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset,
                 Style(stroke=_edge(sheet, code), width=0.45, fill=_tint(sheet, code)),
                 radius=0.9)
    return [frame, *_tile_marks(sheet, code, number, x, y, size, 0.9 + inset)]


def _tile_marks(sheet: Sheet, code: str, number: int, x: float, y: float, size: float,
                pad: float) -> list[Item]:
    """Big cells: number, pictogram, colour letter and value in the corners. Medium cells:
    number, a smaller pictogram to the right, letter and value as one label. Small cells: the
    number only (the order list below says the rest; the grey level still tells the colour)."""
    ink = sheet.theme("ink")
    colour, value = _colour_of(code), _value_of(code)
    if size < SMALL_TILE:
        return [text(x + size / 2, y + size / 2 + 1.0, str(number), MIN_TEXT, bold=True,
                     anchor="middle", fill=ink)]
    items: list[Item] = [text(x + pad, y + pad + 2.0, str(number), MIN_TEXT, bold=True,
                              fill=ink)]
    base = y + size - pad - 0.1
    if size >= FULL_TILE:
        art = size * 0.56
        items.append(Use(symbol_name(code), x + size / 2, y + size / 2 + 0.25, art / BOX))
        if colour:
            items.append(text(x + pad, base, _letter(colour), MIN_TEXT, fill=ink))
        if value is not None:
            items.append(text(x + size - pad, base, str(value), MIN_TEXT + 0.5, bold=True,
                              anchor="end", fill=ink))
        return items
    art = size * 0.42
    items.append(Use(symbol_name(code), x + size - pad - art / 2, y + size / 2 - 0.2, art / BOX))
    if colour:
        items.append(text(x + pad, base, f"{_letter(colour)}{value}", MIN_TEXT, fill=ink))
    return items


def _table(sheet: Sheet, trail: Trail, cell: float) -> list[Item]:
    """The table outline, faint grid, trail line, tiles, start badge and pyramid at (0, 0)."""
    w, h = trail.table
    faint = line_style(sheet, 0.25, "faint")
    items: list[Item] = [Rect(0, 0, w * cell, h * cell, Style(stroke=None, fill=sheet.theme("panel")))]
    items += [Polyline(((i * cell, 0), (i * cell, h * cell)), faint) for i in range(1, w)]
    items += [Polyline(((0, j * cell), (w * cell, j * cell)), faint) for j in range(1, h)]
    items.append(Rect(0, 0, w * cell, h * cell, line_style(sheet, 0.5)))
    centres = [((cx + 0.5) * cell, (cy + 0.5) * cell) for cx, cy in (*trail.path, trail.pyramid)]
    items.append(Polyline(tuple(centres), line_style(sheet, 1.0, "accent", cap="round")))
    for i, (code, (cx, cy)) in enumerate(zip(trail.tiles, trail.path)):
        items += tile(sheet, code, i + 1, cx * cell, cy * cell, cell)
    items += _pyramid(sheet, trail.pyramid[0] * cell, trail.pyramid[1] * cell, cell)
    if trail.path:
        sx, sy = trail.path[0]
        items += start_badge(sheet, (sx + 1) * cell - 1.2, sy * cell + 1.2)
    return items


def start_badge(sheet: Sheet, cx: float, cy: float) -> list[Item]:
    """A round 'S' badge: where the tokens start."""
    r = 1.9
    return [Circle(cx, cy, r, Style(stroke=sheet.theme("paper"), width=0.3,
                                    fill=sheet.theme("accent"))),
            text(cx, cy + 0.8, "S", MIN_TEXT, bold=True, anchor="middle",
                 fill=sheet.theme("paper"))]


def _pyramid(sheet: Sheet, x: float, y: float, size: float) -> list[Item]:
    tri = Polygon(((x + size / 2, y + 0.6), (x + size - 0.6, y + size - 0.6),
                   (x + 0.6, y + size - 0.6)),
                  Style(stroke=sheet.theme("accent"), width=0.5, fill=sheet.theme("tint-gold")))
    art = size * 0.36
    return [tri, Use("tut-king-tut", x + size / 2, y + size * 0.66, art / BOX)]


def _legend(sheet: Sheet, trail: Trail, x: float, y: float, width: float) -> list[Item]:
    """Two rows: the five kinds with values; colours, specials, start and pyramid."""
    r = rules(trail.variant)
    ink = sheet.theme("ink")
    items: list[Item] = []
    kinds = data()["kind"]
    step = width / len(kinds)
    for k, spec in enumerate(kinds):
        px = x + k * step
        items.append(Use(f"tut-{spec['code']}-ink", px + 2.8, y + 2.6, 5.2 / BOX))
        items.append(text(px + 6.5, y + 2.0, f"{spec['name']} {spec['value']}", BODY_PT,
                          bold=True, fill=ink, max_width=step - 7))
        items.append(text(px + 6.5, y + 5.2, f"3 sets of {spec['tiles']} tile"
                          f"{'s' if spec['tiles'] > 1 else ''}", SMALL_PT,
                          fill=sheet.theme("muted"), max_width=step - 7))
    y += LEGEND_ROW
    cols = data()["colours"]
    entries: list[tuple[str, str]] = [(f"swatch-{c}", f"{c} ({letter})")
                                      for c, letter in zip(cols["codes"], cols["letters"])]
    entries += [("tut-gold", "Bag of Gold"), ("tut-pharaoh", r.pharaoh),
                ("pyramid", f"pyramid, {r.king}"), ("start", "start: before tile 1")]
    widths = [6.5 + measure(name, SMALL_PT) for _, name in entries]
    spacing = (width - sum(widths)) / (len(entries) - 1)
    if spacing < 1.5:
        raise BuildError("the legend does not fit on one line; shorten the variant's names "
                         "in seeds/tut.toml")
    px = x
    for (what, name), used in zip(entries, widths):
        if what.startswith("swatch-"):
            colour = what[len("swatch-"):]
            items.append(Rect(px + 0.6, y + 0.3, 4.4, 4.4,
                              Style(stroke=sheet.theme(colour), width=0.45,
                                    fill=sheet.theme(f"tint-{colour}")), radius=0.7))
            items.append(text(px + 2.8, y + 3.6, _letter(colour), MIN_TEXT, bold=True,
                              anchor="middle", fill=ink))
        elif what == "pyramid":
            items += _pyramid(sheet, px, y - 0.4, 5.6)
        elif what == "start":
            items += start_badge(sheet, px + 2.8, y + 2.5)
        else:
            items.append(Use(what, px + 2.8, y + 2.5, 5.0 / BOX))
        items.append(text(px + 6.5, y + 3.6, name, SMALL_PT, fill=ink))
        px += used + spacing
    return items


def _order_list(sheet: Sheet, trail: Trail, x: float, y: float, width: float,
                columns: int) -> list[Item]:
    """The laying order: number, small tile, name, in columns top to bottom."""
    ink = sheet.theme("ink")
    rows = -(-len(trail.tiles) // columns)
    col_w = width / columns
    items: list[Item] = []
    for i, code in enumerate(trail.tiles):
        col, row = divmod(i, rows)
        px, py = x + col * col_w, y + row * LIST_ROW
        items.append(text(px + 5.2, py + 2.9, str(i + 1), SMALL_PT, bold=True, anchor="end",
                          fill=ink))
        items.append(Rect(px + 6.2, py + 0.1, 3.8, 3.8,
                          Style(stroke=_edge(sheet, code), width=0.3, fill=_tint(sheet, code)),
                          radius=0.5))
        items.append(Use(symbol_name(code), px + 8.1, py + 2.0, 3.1 / BOX))
        value = _value_of(code)
        name = set_name(code) + (f" {value}" if value is not None else "")
        if code == "pharaoh":
            name = rules(trail.variant).pharaoh
        items.append(text(px + 11.2, py + 2.9, name, SMALL_PT, fill=ink, max_width=col_w - 11.5))
    return items


def _balance(sheet: Sheet, balance: dict, x: float, y: float, width: float) -> list[Item]:
    """Seat balance from simulated games: one bar per seat, with its win rate."""
    ink = sheet.theme("ink")
    rates = balance["win_rate"]
    head = (f"Seat balance on this trail: {balance['games']} games of {balance['bot']} bots, "
            f"mean {balance['mean_turns']:g} turns; seat 1 moves first")
    items: list[Item] = [label(sheet, x, y + 3.0, head, BODY_PT, bold=True, max_width=width)]
    step = width / max(len(rates), 1)
    bar_max = step - 24
    for i, rate in enumerate(rates):
        px = x + i * step
        items.append(text(px, y + 8.6, f"Seat {i + 1}", SMALL_PT, fill=ink))
        items.append(Rect(px + 9.5, y + 6.2, max(bar_max * rate, 0.6), 3.0,
                          Style(stroke=None, fill=sheet.theme("accent"))))
        items.append(text(px + 10.5 + max(bar_max * rate, 0.6), y + 8.6, f"{rate * 100:.0f}%",
                          SMALL_PT, fill=ink))
    return items


def _intro(sheet: Sheet, trail: Trail, y: float) -> list[Item]:
    r = rules(trail.variant)
    w, h = trail.table
    mm = data()["trail"]["tile_mm"]
    coins = start_coins(trail.variant, trail.players)
    what = "coins" if r.king_on_trail else "points on the score track"
    value = (f"Lay the {len(trail.tiles)} tiles face up exactly as drawn, cell by cell (a cell is "
             f"one {mm:g} mm tile; the table is {w} x {h} cells, {w * mm / 10:g} x "
             f"{h * mm / 10:g} cm). The line joins the tiles in trail order, from the start "
             f"badge to the pyramid. {r.name}, {trail.players} players, {coins} {what} each.")
    return paragraph(sheet.left, y, value, BODY_PT, sheet.content_width, 3, fill=sheet.theme("ink"))


def _layout(sheet: Sheet, trail: Trail, top: float) -> tuple[float, int, bool]:
    """(cell size, list columns, list beside the table?) giving the biggest cells that fit."""
    w, h = trail.table
    n = len(trail.tiles)
    avail = (sheet.bottom - top - 2 * LEGEND_ROW - GAP
             - (BALANCE_H + GAP if trail.balance else 0.0))
    best = (min(MAX_CELL, sheet.content_width / w,
                (avail - LIST_HEAD - -(-n // LIST_COLUMNS) * LIST_ROW - GAP) / h),
            LIST_COLUMNS, False)
    for columns in (2, 3):
        if LIST_HEAD + -(-n // columns) * LIST_ROW > avail:
            continue
        room = sheet.content_width - columns * LIST_COL - GAP
        cell = min(MAX_CELL, room / w, avail / h)
        if cell > best[0] + 0.5:        # beside only when clearly better
            best = (cell, columns, True)
    return best


def render_trail(trail: Trail, sheet: Sheet, info) -> list[Page]:
    """The one-page setup sheet of a trail."""
    shape = trail.shape or "custom"
    items, y = title_block(sheet, "Tutankhamen — trail layout",
                           f"{shape} · {trail.players} players · {trail.variant} rules · "
                           f"seed {info.seed}")
    intro = _intro(sheet, trail, y + 1.5)
    items += intro
    y = intro[-1].y + 4.0
    cell, columns, beside = _layout(sheet, trail, y)
    w, h = trail.table
    rows = -(-len(trail.tiles) // columns)
    if beside:
        list_x, list_w = sheet.right - columns * LIST_COL, columns * LIST_COL
        left, list_y = sheet.left, y
    else:
        list_x, list_w = sheet.left, sheet.content_width
        left, list_y = sheet.left + (sheet.content_width - w * cell) / 2, y + h * cell + GAP
    items.append(Group(tuple(_table(sheet, trail, cell)), (1, 0, 0, 1, left, y), name="table"))
    heading = ("Laying order (1 is the first tile after the start; the rulebook lays them "
               "from the pyramid back, 69 to 1)" if not beside else "Laying order (1 = first)")
    items.append(label(sheet, list_x, list_y + 3.5, heading, HEADING_PT - 1.5, bold=True,
                       max_width=list_w))
    items.append(Group(tuple(_order_list(sheet, trail, list_x, list_y + LIST_HEAD, list_w,
                                         columns)), name="order"))
    list_end = list_y + LIST_HEAD + rows * LIST_ROW
    y = max(y + h * cell, list_end) + GAP
    items.append(Group(tuple(_legend(sheet, trail, sheet.left, y, sheet.content_width)),
                       name="legend"))
    y += 2 * LEGEND_ROW + GAP
    if trail.balance:
        items.append(Group(tuple(_balance(sheet, trail.balance, sheet.left, y,
                                          sheet.content_width)), name="balance"))
    return [Page(sheet.width, sheet.height, tuple(items), symbols(sheet))]
