"""Areas D and E of the game sheet: the Monster Log (with the Mummy's table) and the Backpack.

The Monster Log prints what the map holds (map-2's five oozes get five circles, its three golems
their three colours); the tables are laid out for the sheet's full capacity, so every sheet has
the same shape. Die values and coin rewards come from the rules data. Every monster, key, coin
and magic item is printed as the same pictogram the map uses, spaced so a pencil can circle it
when found and cross it off when defeated or used. A start of the easy mode (``[start]``) has
its coins and key circled already.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.core.errors import BuildError
from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Circle, Item, Polygon, Style
from generator.draw.text import fit_lines, paragraph, set_lines, text
from generator.games.realms.model import Map, data, golem_colours
from generator.games.realms.render.kit import (
    HEAD_H,
    LABEL_PT,
    MIN_BOX,
    NOTE_PT,
    Area,
    box,
    die,
    heading,
    NOTE_LINE,
    beside,
    block_title,
    icon,
    label,
    note_room,
)
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.holdings import Holdings

LEFT_W = 11.5        # mm: the die (and key) a row's fight needs
RIGHT_W = 8.5        # mm: the coins it gives
PITCH_MAX = 7.4
TITLE_H = 3.6
MARK_W = 5.8         # mm: one '!' box (a 5 mm box and a gap that keeps the boxes apart)
SQUARE_W = 7.0
SQUARE_H = 5.8
MUMMY_PITCH = 7.6    # mm from one Mummy row to the next: the hit squares stand apart
UNIT_GAP = 3.0       # mm between the two squares of a row


class Row(NamedTuple):
    """One row of the Monster Log: what a fight needs, the circles, the coins it gives."""

    needs: tuple[str, ...]      # "die-N" and/or "key"
    kinds: tuple[str, ...]      # one pictogram per circle
    coins: int                  # 0: no reward printed


def log_sections(m: Map | None = None) -> list[tuple[str, list[Row]]]:
    """The Monster Log's sections from the data (dice, rewards): one circle per monster map
    ``m`` holds, or, without a map, the sheet's full capacity. Each section is named by its
    title's key (``monsters.<key>`` of the sheet's words)."""
    mon = data()["monsters"]
    holds = _holds(m)
    cap = {"oozes": holds.oozes, "sarcophagi": holds.sarcophagi, "mimics": holds.mimics}
    colours = _golem_colours(m)

    def need(monster: str, *extra: str) -> tuple[str, ...]:
        return (f"die-{mon[monster]['die']}", *extra)

    return [
        ("oozes", [
            Row(need("ooze"), ("ooze",) * cap["oozes"], mon["ooze"]["coins"]),
            Row(need("skeleton"), ("skeleton",) * cap["oozes"], mon["skeleton"]["coins"])]),
        ("sarcophagi", [
            Row(("key",), ("sarcophagus",) * cap["sarcophagi"], 0),
            Row(need("zombie"), ("zombie",) * cap["sarcophagi"], mon["zombie"]["coins"])]),
        ("golems", [
            Row(need("golem"), tuple(f"golem-{c}" for c in colours), mon["golem"]["coins"]),
            Row((), tuple(f"gem-{c}" for c in colours), 0)]),
        ("mimics", [
            Row(need("mimic", "key"), ("mimic",) * cap["mimics"], mon["mimic"]["coins"])]),
    ]


def _holds(m: Map | None) -> Holdings:
    return Holdings.capacity() if m is None else Holdings.of_map(m)


def _golem_colours(m: Map | None) -> tuple[str, ...]:
    """The golem colours of map ``m`` (every colour the sheet has, without a map)."""
    colours = golem_colours()[:data()["capacity"]["golems"]]
    if m is None:
        return colours
    kinds = {f.kind for f in m.findings}
    return tuple(c for c in colours if f"golem-{c}" in kinds)


def _mummy_rows() -> list[list[int]]:
    """The Mummy's squares grouped in rows by multiplier: [[1, 1], [2, 2], [3, 3]]."""
    rows: list[list[int]] = []
    for m in RULES.multipliers[:RULES.mummy_rows]:
        if rows and rows[-1][-1] == m:
            rows[-1].append(m)
        else:
            rows.append([m])
    return rows


def _unit_w() -> float:
    return RULES.marks_per_square * MARK_W + 2.6 + SQUARE_W


def log_min_width() -> float:
    widest = max(len(r.kinds) for _, rows in log_sections() for r in rows)
    per_row = max(len(r) for r in _mummy_rows())
    return max(LEFT_W + widest * 6.2 + RIGHT_W, per_row * (_unit_w() + UNIT_GAP) + 6.0)


def _row_pitch(pitch: float) -> float:
    return max(pitch - 0.4, 6.0)


def log_height(width: float) -> float:
    """Area D's height for a width (rows get taller as circles get bigger)."""
    pitch = _pitch(width)
    n_rows = sum(len(rows) for _, rows in log_sections())
    body = len(log_sections()) * (TITLE_H + 1.2) + n_rows * _row_pitch(pitch)
    return HEAD_H + body + TITLE_H + 6.6 + len(_mummy_rows()) * MUMMY_PITCH


def _pitch(width: float) -> float:
    widest = max(len(r.kinds) for _, rows in log_sections() for r in rows)
    return min(PITCH_MAX, (width - LEFT_W - RIGHT_W) / widest)


def log_area(sheet: Sheet, width: float, height: float, m: Map | None,
             say: Words) -> Area:
    """Area D: each monster table (circle when found, cross off when defeated) and the Mummy;
    the circles are what map ``m`` holds."""
    if width < log_min_width() - 1e-6 or log_height(width) > height + 1e-6:
        raise BuildError(f"the Monster Log needs {log_min_width():.0f} x {log_height(width):.0f}"
                         f" mm; it has {width:.0f} x {height:.0f}")
    pitch = _pitch(width)
    size = min(5.8, pitch - 1.0)
    # spare height opens up the gaps between sections (up to 6.5 mm each)
    spread = min((height - log_height(width)) / (len(log_sections()) + 1), 6.5)
    items: list[Item] = heading(sheet, "D", say("area.monsters"), width, say("monsters.note"))
    y = HEAD_H
    for key, rows in log_sections(m):
        y += spread
        items.append(label(sheet, 0, y + 2.7, say(f"monsters.{key}"), 6.5, bold=True,
                           max_width=width))
        y += TITLE_H + 1.2
        for row in rows:
            cy = y + _row_pitch(pitch) / 2
            items += _needs(row.needs, cy)
            for k, kind in enumerate(row.kinds):
                items.append(icon(kind, LEFT_W + (k + 0.5) * pitch, cy, size))
            if row.coins:
                items += coins_reward(sheet, row.coins, width - RIGHT_W / 2, cy)
            y += _row_pitch(pitch)
    items += _mummy(sheet, width, y + spread, say)
    return Area(items, width, log_height(width) + spread * (len(log_sections()) + 1))


def _needs(needs: tuple[str, ...], cy: float) -> list[Item]:
    out: list[Item] = []
    x = 2.6
    for need in needs:
        if need.startswith("die-"):
            out.append(die(int(need[4:]), x, cy, 4.8))
        else:
            out.append(icon(need, x, cy, 4.4))
        x += 5.6
    return out


def coins_reward(sheet: Sheet, n: int, cx: float, cy: float) -> list[Item]:
    """'+n' and a coin: what a defeat gives, inside the reward column (``RIGHT_W`` around cx)."""
    return [text(cx - 0.9, cy + 1.1, f"+{n}", LABEL_PT, anchor="end", bold=True,
                 fill=sheet.theme("ink"), max_width=RIGHT_W / 2 - 0.9),
            icon("coin", cx + 1.5, cy, 3.8)]


def _mummy(sheet: Sheet, width: float, y: float, say: Words) -> list[Item]:
    """The Mummy: rows of '!' boxes, each three unlocking a square for a hit's points."""
    base = RULES.mummy_base
    items: list[Item] = [icon("mummy", 2.2, y + 2.6, 4.4), die(6, 7.6, y + 2.6, 4.4),
                         label(sheet, 11.0, y + 3.1, say("monsters.mummy"),
                               6.5, bold=True, max_width=width - 11.0)]
    y += TITLE_H + 1.6
    for k, line in enumerate((say("monsters.unlock"), say("monsters.formula", base=base))):
        items.append(label(sheet, 0, y + 1.6 + k * 2.6, line, NOTE_PT, role="muted",
                           max_width=width))
    y += 5.0
    unit = _unit_w()
    ink, muted = sheet.theme("ink"), sheet.theme("muted")
    for row in _mummy_rows():
        cy = y + 3.2
        x = 0.0
        for _ in row:
            for k in range(RULES.marks_per_square):
                items.append(box(sheet, x + k * MARK_W, cy - MIN_BOX / 2, MIN_BOX, MIN_BOX))
                items.append(text(x + k * MARK_W + MIN_BOX / 2, cy + 1.3, "!", 7.5,
                                  anchor="middle", bold=True, fill=muted))
            ax = x + RULES.marks_per_square * MARK_W + 0.3
            items.append(Polygon(((ax, cy - 1.1), (ax + 1.8, cy), (ax, cy + 1.1)),
                                 Style(stroke=None, fill=ink)))
            items.append(box(sheet, ax + 2.3, cy - SQUARE_H / 2, SQUARE_W, SQUARE_H, heavy=True))
            x += unit + UNIT_GAP
        items.append(label(sheet, width, cy + 1.3, say("monsters.multiplier", n=row[0]), 8.0,
                           bold=True, anchor="end", max_width=width - x + UNIT_GAP))
        y += MUMMY_PITCH
    return items


# ------------------------------------------------------------------------------------ E

def _coin_note(say: Words) -> str:
    c = data()["coins"]
    return say("backpack.coin_uses", adjust=c["adjust"], roll=c["roll"], buy=c["buy"],
               cap=data()["capacity"]["coins"])


def backpack_height(width: float, say: Words | None = None, start: str = "normal") -> float:
    """Area E's height for a width: its rows, and what the sheet's words add when they are
    given (a note on a line of its own, a third line, an item's second line)."""
    cap = data()["capacity"]
    per_row = _per_row(width)
    coin_rows = -(-cap["coins"] // per_row)
    key_rows = -(-cap["keys"] // per_row)
    p = _bp_pitch(width, per_row)
    return (HEAD_H + 4.0 + key_rows * p + 4.0 + coin_rows * p + 5.6
            + 4.0 + len(data()["map"]["items"]) * 9.2 + 3.0
            + (_backpack_extra(say, width, start) if say is not None else 0.0))


def _heads(say: Words, start: str) -> dict[str, tuple[str, str]]:
    """The title and note of each block of the Backpack: keys, coins, magic items."""
    preset = data()["start"][start]
    heads = {key: (say(f"backpack.{key}"),
                   say("backpack.ready", ready=ready, start=say(f"start.{start}")) if ready
                   else say(f"backpack.{key}_note"))
             for key, ready in (("keys", preset["keys"]), ("coins", preset["coins"]))}
    heads["items"] = (say("backpack.items"), say("backpack.items_note"))
    return heads


def _backpack_extra(say: Words, width: float, start: str) -> float:
    """The height the words need beyond one line each: the coin note's third line, notes moved
    below their titles, the items' second lines."""
    lines, extra = note_room(_coin_note(say), width, 2)
    if lines > 3:
        raise BuildError(f"the Backpack's coin note {say.key('backpack.coin_uses')} needs "
                         f"{lines} lines in {width:.0f} mm; it has room for three")
    extra += sum(NOTE_LINE + 0.3 for title, note in _heads(say, start).values()
                 if not beside(title, note, width))
    return extra + _items_extra(say, width)


def _per_row(width: float) -> int:
    return 10 if width / 10 >= 5.6 else max(5, int(width // 5.6))


def _bp_pitch(width: float, per_row: int) -> float:
    return min(6.2, width / per_row)


def backpack_min_width() -> float:
    return 10 * 5.6


def backpack_area(sheet: Sheet, width: float, height: float, m: Map | None, start: str,
                  say: Words) -> Area:
    """Area E: key and coin circles (the ``start``'s already circled), coin uses, and the
    magic items map ``m`` holds with their use boxes."""
    need = backpack_height(width, say, start)
    if need > height + 1e-6:
        raise BuildError(f"the Backpack needs {need:.0f} mm; it has {height:.0f}")
    cap = data()["capacity"]
    preset = data()["start"][start]
    per_row = _per_row(width)
    p = _bp_pitch(width, per_row)
    heads = _heads(say, start)
    lines, _ = note_room(_coin_note(say), width, 2)
    spread = min((height - need) / 4, 7.0)   # spare height between the blocks
    items: list[Item] = heading(sheet, "E", say("area.backpack"), width)
    y = HEAD_H
    for kind, key, n, ready in (("key", "keys", cap["keys"], preset["keys"]),
                                ("coin", "coins", cap["coins"], preset["coins"])):
        head, below = block_title(sheet, y, *heads[key], width)
        items += head
        y += 4.0 + below
        size = min(p - 0.9, 5.2)
        for k in range(n):
            r, c = divmod(k, per_row)
            cx, cy = (c + 0.5) * p, y + (r + 0.5) * p
            items.append(icon(kind, cx, cy, size))
            if k < ready:
                items.append(pencil_ring(sheet, cx, cy, size / 2 + 0.35))
        y += -(-n // per_row) * p + spread
    items += paragraph(0, y + 2.1 - spread, _coin_note(say), NOTE_PT, width, lines,
                       fill=sheet.theme("muted"))
    y += 5.6 + (lines - 2) * NOTE_LINE
    items += _items(sheet, width, y, spread / 3, _holds(m).items, say, heads["items"])
    return Area(items, width, need + 4 * spread)


def pencil_ring(sheet: Sheet, cx: float, cy: float, r: float) -> Circle:
    """A ring around a pictogram, as a player circles a thing gained."""
    return Circle(cx, cy, r, Style(stroke=sheet.theme("ink"), width=0.5, fill=None))


ITEM_X = 6.4                 # mm: an item's name and reminder, right of its pictogram
NAME_LINE = LABEL_PT * PT_TO_MM * 1.2


def _item_lines(say: Words, width: float, kind: str) -> tuple[list[str], list[str]]:
    """An item's name (beside its use boxes) and reminder, each on one line or two."""
    boxes_w = RULES.item_uses * (MIN_BOX + 0.8)
    name = fit_lines(say.cat[f"realms.names.item.{kind}"], LABEL_PT,
                     width - ITEM_X - boxes_w - 1, bold=True)
    note = fit_lines(say(f"item.{kind}"), NOTE_PT, width - ITEM_X)
    if len(name) > 2 or len(note) > 2:
        raise BuildError(f"the magic item {kind!r} ({say.key(f'item.{kind}')}, "
                         f"realms.names.item.{kind}) needs more than two lines in {width:.0f} mm")
    return name, note


def _items_extra(say: Words, width: float) -> float:
    """Height the items' second lines and the closing note's take beyond one line each (every
    item the sheet can hold, as :func:`backpack_height` counts them)."""
    extra = 0.0
    for kind in data()["map"]["items"]:
        name, note = _item_lines(say, width, kind)
        extra += (len(name) - 1) * NAME_LINE + (len(note) - 1) * NOTE_LINE
    return extra + (len(fit_lines(say("backpack.any_die"), NOTE_PT, width)) - 1) * NOTE_LINE


def _items(sheet: Sheet, width: float, y: float, spread: float, held: tuple[str, ...],
           say: Words, head: tuple[str, str]) -> list[Item]:
    """Each magic item the map holds: pictogram, name, use boxes, and what a use does."""
    uses = RULES.item_uses
    items, below = block_title(sheet, y, *head, width)
    y += 4.0 + below
    boxes_w = uses * (MIN_BOX + 0.8)
    for kind in held:
        name, note = _item_lines(say, width, kind)
        items.append(icon(kind, 2.6, y + 2.8, 5.0))
        items += set_lines(ITEM_X, y + 3.2, name, LABEL_PT, width - ITEM_X - boxes_w - 1,
                           bold=True, fill=sheet.theme("ink"))
        for k in range(uses):
            items.append(box(sheet, width - boxes_w + k * (MIN_BOX + 0.8) + 0.8, y + 0.3,
                             MIN_BOX, MIN_BOX))
        y += (len(name) - 1) * NAME_LINE
        items += set_lines(ITEM_X, y + 7.6, note, NOTE_PT, width - ITEM_X,
                           fill=sheet.theme("muted"))
        y += 9.2 + (len(note) - 1) * NOTE_LINE + spread
    items += set_lines(0, y + 1.8, fit_lines(say("backpack.any_die"), NOTE_PT, width), NOTE_PT,
                       width, fill=sheet.theme("ink"))
    return items
