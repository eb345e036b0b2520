"""Areas A, C and F of the game sheet: the Rounds Table, the Tile Table and the Scoring Table.

All counts, die values, rewards and points come from the rules data (``seeds/realms.toml``), so
the printed tables always match the engine. Sizes adapt to the room the page composer gives each
area, within the print limits (write-in boxes of 5 mm or more). Under the Tile Table's 3 x 3
room, the rulebook's five achievements are a checklist: a box to tick at the end of the game,
each achievement's name and what it needs besides the final score.
"""

from __future__ import annotations

from generator.core.errors import BuildError
from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import Item, Line, Polygon, Rect, Style
from generator.draw.text import fit_lines, paragraph, set_lines
from generator.draw.widgets import line_style
from generator.games.realms.model import data, distinct_forms
from generator.games.realms.render.kit import (
    HEAD_H,
    LABEL_PT,
    MIN_BOX,
    NOTE_LINE,
    NOTE_PT,
    Area,
    beside,
    block_title,
    box,
    die,
    heading,
    icon,
    label,
    note_room,
    shape_drawing,
    sheet_words,
)
from generator.games.realms.rules.constants import RULES
from generator.games.realms.rules.holdings import ACHIEVEMENTS

# Rounds Table columns (mm): round number, die slots, the Mummy's (21 - round)
NUM_W, SLOT_W, MUMMY_W = 5.0, 5.4, 5.5
COL_HEAD = 5.0
ROW_MAX = 6.2


def rounds_width() -> float:
    """Area A's width: it holds ``slots`` die slots a row."""
    return NUM_W + RULES.slots * SLOT_W + MUMMY_W


def rounds_min_height() -> float:
    return HEAD_H + COL_HEAD + RULES.rounds * MIN_BOX


def rounds_area(sheet: Sheet, height: float, say: Words) -> Area:
    """Area A: one numbered row per round, ``slots`` boxes for dice, and the points a Mummy
    hit is worth that round (before its multiplier)."""
    n, slots = RULES.rounds, RULES.slots
    width = rounds_width()
    row = min(ROW_MAX, (height - HEAD_H - COL_HEAD) / n)
    if row < MIN_BOX - 1e-9:
        raise BuildError(f"the Rounds Table needs {rounds_min_height():.0f} mm; it has "
                         f"{height:.0f}")
    items: list[Item] = heading(sheet, "A", say("area.rounds"), width)
    top = HEAD_H + COL_HEAD
    items.append(label(sheet, NUM_W / 2, top - 1.4, say("rounds.round"), NOTE_PT,
                       anchor="middle", role="muted", max_width=NUM_W))
    items.append(label(sheet, NUM_W + slots * SLOT_W / 2, top - 1.4,
                       say("rounds.dice", slots=slots), NOTE_PT, anchor="middle", role="muted",
                       max_width=slots * SLOT_W))
    items.append(icon("mummy", width - MUMMY_W / 2, top - 2.5, 3.6))
    panel = Style(stroke=None, fill=sheet.theme("panel"))
    for r in range(n):
        y = top + r * row
        if r % 2:
            items.append(Rect(0, y, width, row, panel))
        items.append(label(sheet, NUM_W / 2, y + row / 2 + 1.2, str(r + 1), LABEL_PT, bold=True,
                           anchor="middle", max_width=NUM_W))
        items.append(label(sheet, width - MUMMY_W / 2, y + row / 2 + 1.1,
                           str(RULES.mummy_base - r - 1), NOTE_PT, anchor="middle", role="muted",
                           max_width=MUMMY_W))
    grid = line_style(sheet, 0.3, "ink")
    bottom = top + n * row
    for k in range(slots + 1):
        x = NUM_W + k * SLOT_W
        items.append(Line(x, top, x, bottom, grid))
    items += [Line(0, top + r * row, width, top + r * row, grid) for r in range(n + 1)]
    items.append(Rect(0, top, width, n * row, line_style(sheet, 0.45, "ink")))
    return Area(items, width, bottom)


# ------------------------------------------------------------------------------------ C

def display_form(code: str):
    """The orientation a shape is drawn in: as flat as possible, then as narrow."""
    return min(distinct_forms(code), key=lambda f: (f.height, f.width, f.turn))


class _TileGeometry:
    """Column and row sizes of the Tile Table for a square size ``s``; ``below`` is the height
    of the achievements checklist under it."""

    def __init__(self, s: float, below: float = 0.0):
        rows = data()["table"]["rows"]
        self.s = s
        forms = [[display_form(c) for c in row["shapes"]] for row in rows]
        self.forms = forms
        widest = max(f.width for row in forms for f in row)
        self.die_w, self.reward_w = 7.0, 8.0
        self.shape_w = widest * s + 2.0
        self.col_w = self.shape_w + MIN_BOX + 3.5
        self.row_h = [max(max(f.height for f in row) * s + 2.2, MIN_BOX + 1.8) for row in forms]
        self.width = self.die_w + len(forms[0]) * self.col_w + self.reward_w
        self.room_h = max(3 * s, 11.0) + 3.0
        self.below = below
        self.height = HEAD_H + 6.2 + sum(self.row_h) + 7.0 + self.room_h + below


def tile_geometry(width: float, height: float, say: Words | None = None) -> _TileGeometry:
    """The biggest square size (2.6 to 4.2 mm) that fits the Tile Table and the achievements
    under it in width x height."""
    for tenth in range(42, 25, -1):
        g = _TileGeometry(tenth / 10)
        g = _TileGeometry(tenth / 10, achievements_height(g.width, say))
        if g.width <= width and g.height <= height:
            return g
    raise BuildError(f"the Tile Table does not fit in {width:.0f} x {height:.0f} mm")


def tile_min_size(say: Words | None = None) -> tuple[float, float]:
    g = _TileGeometry(2.6)
    g = _TileGeometry(2.6, achievements_height(g.width, say))
    return g.width, g.height


ACH_BOX = 3.2        # mm: a box to tick, not to write in
ACH_ROW = 4.0        # mm per achievement of one line


def achievements_height(width: float, say: Words | None = None) -> float:
    """The achievements checklist's height at ``width``: its title and one row per
    achievement (a second line where a translation needs one)."""
    say = say or sheet_words()
    title, note = _achievement_head(say)
    extra = sum((len(_achievement_lines(say, width, code)) - 1) * NOTE_LINE
                for code in ACHIEVEMENTS)
    return 4.6 + (0.0 if beside(title, note, width) else NOTE_LINE + 0.3) + \
        len(ACHIEVEMENTS) * ACH_ROW + extra


def _achievement_head(say: Words) -> tuple[str, str]:
    return (say("backpack.achievements"),
            say("backpack.achievements_note", points=data()["scoring"]["achievement"]))


def _achievement_lines(say: Words, width: float, code: str) -> list[str]:
    words = say("achievement.line", name=say.cat[f"realms.names.achievement.{code}"],
                what=say(f"achievement.{code}"))
    lines = fit_lines(words, NOTE_PT, width - ACH_BOX - 1.5)
    if len(lines) > 2:
        raise BuildError(f"the achievement {code!r} ({say.key(f'achievement.{code}')}) needs "
                         f"more than two lines in {width:.0f} mm")
    return lines


def _achievements(sheet: Sheet, width: float, y: float, say: Words) -> list[Item]:
    """The checklist: a box to tick once the game is over and the achievement is earned."""
    items, below = block_title(sheet, y, *_achievement_head(say), width)
    y += 4.0 + below
    for code in ACHIEVEMENTS:
        lines = _achievement_lines(say, width, code)
        # a box to tick, not a write-in box: drawn open (no paper fill), smaller than those
        items.append(Rect(0, y, ACH_BOX, ACH_BOX, Style(stroke=sheet.theme("ink"), width=0.35,
                                                        fill=None)))
        items += set_lines(ACH_BOX + 1.5, y + 2.5, lines, NOTE_PT, width - ACH_BOX - 1.5,
                           fill=sheet.theme("ink"))
        y += ACH_ROW + (len(lines) - 1) * NOTE_LINE
    return items


def tile_area(sheet: Sheet, width: float, height: float, say: Words) -> Area:
    """Area C: each row's shapes to scale with a box to mark their first use, the die a full
    row grants, the key a full column grants, and the 3 x 3 room paid with two dice."""
    g = tile_geometry(width, height, say)
    table = data()["table"]
    # the note takes two lines in the geometry; a longer one (a translation) takes a third
    # from the spare height, which otherwise makes the rows roomier (up to 4 mm each)
    lines, extra = note_room(say("tiles.note"), g.width, 2)
    if lines > 3 or g.height + extra > height + 1e-9:
        raise BuildError(f"the Tile Table's note {say.key('tiles.note')} needs {lines} lines; "
                         f"{width:.0f} x {height:.0f} mm hold two, or three with room to spare")
    pad = min((height - g.height - extra) / (len(g.row_h) + 3), 4.0)
    items: list[Item] = heading(sheet, "C", say("area.tiles"), g.width)
    items += paragraph(0, HEAD_H + 2.0, say("tiles.note"), NOTE_PT, g.width, lines,
                       fill=sheet.theme("ink"))
    y = HEAD_H + 6.2 + extra
    rule = line_style(sheet, 0.25, "faint")
    for r, (row, forms) in enumerate(zip(table["rows"], g.forms)):
        h = g.row_h[r] + pad
        items.append(Line(0, y, g.width, y, rule))
        items.append(die(row["die"], g.die_w / 2 - 0.5, y + h / 2, 5.2))
        for c, form in enumerate(forms):
            x = g.die_w + c * g.col_w
            sx = x + 1.0 + (g.shape_w - 2.0 - form.width * g.s) / 2
            items += shape_drawing(sheet, form, sx, y + (h - form.height * g.s) / 2, g.s)
            items.append(box(sheet, x + g.shape_w + 1.5, y + (h - MIN_BOX) / 2, MIN_BOX,
                             MIN_BOX))
        items += _reward(sheet, row["grants"], g.width - g.reward_w / 2, y + h / 2)
        y += h
    items.append(Line(0, y, g.width, y, rule))
    for c in range(len(table["columns"])):
        cx = g.die_w + c * g.col_w + g.col_w / 2
        items.append(icon("key", cx, y + 3.5, 4.8))
    y += 7.0 + pad
    items += _room_block(sheet, g, y, say)
    items += _achievements(sheet, g.width, y + g.room_h + pad, say)
    return Area(items, g.width, g.height + extra + pad * (len(g.row_h) + 2))


def _reward(sheet: Sheet, value: int, cx: float, cy: float) -> list[Item]:
    """The die a full row grants, after a small arrow."""
    arrow = Polygon(((cx - 3.9, cy - 1.0), (cx - 2.9, cy), (cx - 3.9, cy + 1.0)),
                    Style(stroke=None, fill=sheet.theme("muted")))
    return [arrow, die(value, cx + 0.6, cy, 4.8)]


def _room_block(sheet: Sheet, g: _TileGeometry, y: float, say: Words) -> list[Item]:
    """The 3 x 3 room and its price: two dice of any value (dice showing '?', not boxes)."""
    table = data()["table"]
    form = distinct_forms(table["room"])[0]
    s = g.s
    items = shape_drawing(sheet, form, 1.0, y + 1.0, s)
    x = 1.0 + 3 * s + 3.0
    n = table["room_dice"]
    items.append(label(sheet, x, y + 3.6, say("tiles.room"), LABEL_PT, bold=True,
                       max_width=g.width - x))
    items.append(label(sheet, x, y + 6.6, say("tiles.pay", n=n), NOTE_PT,
                       max_width=g.width - x))
    for k in range(n):
        items.append(die(None, x + 2.6 + k * 7.4, y + 10.4, 5.2))
        if k:
            items.append(label(sheet, x + 2.6 + (k - 0.5) * 7.4, y + 11.5, "+", LABEL_PT,
                               bold=True, anchor="middle", role="muted"))
    return items


# ------------------------------------------------------------------------------------ F

def _table_rule(say: Words, values) -> str:
    """'1/2/3/4: 5/10/20/30' from a scoring table indexed by count."""
    counts = "/".join(str(i) for i in range(1, len(values)))
    return say("score.ladder", counts=counts, points="/".join(str(v) for v in values[1:]))


#: The Scoring Table's lines: code (also the catalogue key of the name), pictograms, and how the
#: rule is written (a ladder of a by-count table, or the ``<code>_rule`` string with a value).
SCORING = (
    ("oozes-skeletons", ("ooze", "skeleton"), None),
    ("zombies", ("zombie",), "zombies"),
    ("golems", ("golem",), "golems"),
    ("mimics", ("mimic",), "mimic"),
    ("mummy", ("mummy",), None),
    ("magic-items", ("wand",), "magic_item"),
    ("leftovers", ("key",), "leftover"),
    ("entrances", ("entrance-connected",), "entrances"),
    ("remaining-openings", ("opening",), "penalty"),
    ("open-entrances", ("entrance-open",), "penalty"),
    ("open-rooms", ("room",), "penalty"),
)


def scoring_lines(say: Words | None = None) -> list[tuple[str, tuple[str, ...], str, str]]:
    """(code, pictograms, name, rule) of every line of the Scoring Table, from the data, in the
    language of ``say`` (English without it)."""
    say = say or sheet_words()
    sc = data()["scoring"]
    lines = []
    for code, pics, value in SCORING:
        if value is not None and isinstance(sc[value], (list, tuple)):
            rule = _table_rule(say, sc[value])
        else:
            rule = say(f"score.{code}_rule", n=sc[value] if value else 0)
        lines.append((code, pics, say(f"score.{code}"), rule))
    return lines


SCORE_ROW_MIN = 7.0
SCORING_ICONS_W = 40.0     # narrower than this, the Scoring Table drops its pictograms
SCORE_ROW_MAX = 8.6


def scoring_min_height() -> float:
    return HEAD_H + (len(scoring_lines()) + 1) * SCORE_ROW_MIN + 1.5


def scoring_area(sheet: Sheet, width: float, height: float, say: Words) -> Area:
    """Area F: one line per scoring rule (pictogram, name, rule, a box), then the total."""
    lines = scoring_lines(say)
    pitch = min(SCORE_ROW_MAX, (height - HEAD_H - 1.5) / (len(lines) + 1))
    if pitch < SCORE_ROW_MIN - 1e-9:
        raise BuildError(f"the Scoring Table needs {scoring_min_height():.0f} mm; it has "
                         f"{height:.0f}")
    items: list[Item] = heading(sheet, "F", say("area.score"), width)
    box_w = 8.5
    icon_w = 6.5 if width >= SCORING_ICONS_W else 0.0   # pictograms only when there is room
    text_w = width - icon_w - box_w - 1.0
    y = HEAD_H
    rule = line_style(sheet, 0.25, "faint")
    for code, pics, name, rule_text in lines:
        cy = y + pitch / 2
        if icon_w:
            items += _score_icons(sheet, pics, icon_w / 2 - 0.3, cy)
        items.append(label(sheet, icon_w, cy - 0.45, name, 6.5, bold=True, max_width=text_w))
        items.append(label(sheet, icon_w, cy + 2.35, rule_text, NOTE_PT, role="muted",
                           max_width=text_w))
        items.append(box(sheet, width - box_w, cy - 2.75, box_w, 5.5))
        y += pitch
        items.append(Line(0, y, width, y, rule))
    cy = y + pitch / 2 + 0.5
    items.append(label(sheet, icon_w, cy + 1.3, say("score.total"), 8.5, bold=True,
                       max_width=text_w))
    items.append(box(sheet, width - box_w - 3.0, cy - 3.2, box_w + 3.0, 6.4, heavy=True))
    return Area(items, width, y + pitch + 1.0)


def _score_icons(sheet: Sheet, pics: tuple[str, ...], cx: float, cy: float) -> list[Item]:
    """One or two pictograms centred at (cx, cy); a few are small drawings, not symbols."""
    if len(pics) == 2:
        return [icon(pics[0], cx - 1.6, cy - 1.2, 3.6), icon(pics[1], cx + 1.6, cy + 1.2, 3.6)]
    kind = pics[0]
    if kind in ("entrance-connected", "entrance-open", "opening", "room"):
        return mini_wall(sheet, kind, cx, cy)
    return [icon(kind, cx, cy, 5.0)]


def mini_wall(sheet: Sheet, kind: str, cx: float, cy: float) -> list[Item]:
    """Tiny drawings for the map's scoring lines: an entrance (a gap in the outer wall and its
    arrow) that is open (nothing drawn inside) or connected (a tile's corridor runs in from
    it), an opening (a wall with a one-square gap), a room (three black walls)."""
    heavy = line_style(sheet, 0.7, "ink", cap="square")
    s = 4.4
    x0, y0 = cx - s / 2, cy - s / 2
    if kind == "room":
        return [Line(x0, y0, x0 + s, y0, heavy), Line(x0, y0, x0, y0 + s, heavy),
                Line(x0 + s, y0, x0 + s, y0 + s, heavy)]
    if kind == "opening":
        return [Line(x0 - 0.6, cy, x0 + 0.9, cy, heavy), Line(x0 + s - 0.9, cy, x0 + s + 0.6, cy,
                                                             heavy)]
    wall_y = cy - 0.4
    items: list[Item] = [
        Line(x0 - 0.6, wall_y, x0 + 0.9, wall_y, heavy),
        Line(x0 + s - 0.9, wall_y, x0 + s + 0.6, wall_y, heavy),
        Polygon(((cx, wall_y - 0.5), (cx - 1.4, wall_y - 2.4), (cx + 1.4, wall_y - 2.4)),
                Style(stroke=None, fill=sheet.theme("accent")))]
    if kind == "entrance-connected":
        thin = line_style(sheet, 0.5, "ink", cap="square")
        items += [Line(x0 + 0.9, wall_y, x0 + 0.9, wall_y + 2.8, thin),
                  Line(x0 + s - 0.9, wall_y, x0 + s - 0.9, wall_y + 2.8, thin)]
    return items
