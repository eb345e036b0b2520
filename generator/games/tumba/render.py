"""The Tutan Tumba setup sheet: a plan of the board, a line-by-line check, and (advanced) the
placing order of the Pharaoh's Wrath procedure.

The board is drawn as players see it from the base: the tomb column in the middle with the line
numbers on it, odd lines on the left, even lines on the right, row 1 at the bottom. Every piece
is drawn at one scale (a chamber is a square; the tomb and passage proportions come from
seeds/tumba.toml), but the rulebook gives no piece sizes and the chamber side is whatever fits
the paper, so the sheet says "not to scale" rather than claim a scale it cannot know. The dashed
triangle is the outline of the standard pyramid, so an advanced board shows where it departs
from it.
"""

from __future__ import annotations

from generator.draw.paper import Sheet
from generator.draw.scene import Group, Item, Line, Page, Polygon, Rect, translate
from generator.draw.text import paragraph
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, checkbox, label, line_style, title_block
from generator.games.tumba.model import Setup, data, standard_layout
from generator.games.tumba.render_table import placing_height, placing_table

INTRO = {
    "standard": "Set the 22 burial chambers and the 2 secret passages beside the tomb as drawn: "
                "each line starts at its number on the tomb and runs outward. Every player takes "
                "the 14 mummies of one colour.",
    "advanced": "Pharaoh's Wrath: the board the placing order below leads to. Build it "
                "directly, or replay the table step by step. Only one secret passage is used; "
                "the dashed outline is the standard pyramid.",
}
LINE_TABLE_HEIGHT = 22.0
STEP_ROW = 6.0


def _geo():
    return data()["geometry"]


def _pyramid_half_width(c: float) -> float:
    """Half the base of the standard pyramid: its sides run through the outer top corners of
    the standard layout's steps (slope: one chamber inward per two rows up)."""
    geo, std = _geo(), standard_layout()
    half_tomb = geo["tomb_width"] * c / 2
    best = 0.0
    for i, line in enumerate(std):
        depth = line.chambers or (geo["passage_length"] if line.passage else 0)
        row = (i + 2) // 2
        best = max(best, half_tomb + depth * c + 0.5 * row * c)
    return best


def board_size(c: float) -> tuple[float, float]:
    """Width and height (mm) of the board diagram for a chamber side of ``c`` mm."""
    half = _pyramid_half_width(c)
    wide = _geo()["tomb_width"] * c / 2 + _geo()["max_depth"] * c
    return 2 * max(half, wide), 2 * half + 2.0


def _chamber(sheet: Sheet, x: float, y: float, c: float, caption: tuple[str, str]) -> list[Item]:
    inset = 0.5
    items: list[Item] = [Rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset,
                              line_style(sheet, 0.35, fill=sheet.theme("panel")), radius=0.8)]
    top, sub = caption
    if top:
        items.append(label(sheet, x + c / 2, y + c / 2 + (0 if sub else 1.2), top, SMALL_PT,
                           bold=True, anchor="middle", max_width=c - 2))
    if sub:
        items.append(label(sheet, x + c / 2, y + c / 2 + 3.0, sub, SMALL_PT, anchor="middle",
                           role="muted", max_width=c - 2))
    return items


def _passage(sheet: Sheet, x: float, y: float, w: float, c: float) -> list[Item]:
    inset = 0.5
    return [Rect(x + inset, y + inset, w - 2 * inset, c - 2 * inset,
                 line_style(sheet, 0.5, fill=sheet.theme("stone")), radius=0.8),
            label(sheet, x + w / 2, y + c / 2 + 1.0, "passage", SMALL_PT, bold=True,
                  anchor="middle", role="ink", max_width=w - 1.5)]


def board_diagram(sheet: Sheet, setup: Setup, c: float, captions=None) -> list[Item]:
    """The board with its origin at the middle of the pyramid's base (y grows downward)."""
    geo = _geo()
    rows, tomb_w, cap = geo["rows"], geo["tomb_width"] * c, geo["tomb_cap"] * c
    half = _pyramid_half_width(c)
    items: list[Item] = [Polygon(((-half, 0), (half, 0), (0, -2 * half)),
                                 line_style(sheet, 0.35, "faint", dash=(2.0, 1.5),
                                            fill=sheet.theme("paper")))]
    top = -rows * c - cap
    items.append(Rect(-tomb_w / 2, top, tomb_w, -top,
                      line_style(sheet, 0.6, "accent", fill=sheet.theme("layer1"))))
    items.append(label(sheet, 0, top + cap * 0.62, "TOMB", SMALL_PT, bold=True, anchor="middle",
                       role="accent", max_width=tomb_w - 2))
    for i, line in enumerate(setup.lines):
        number, side = i + 1, i % 2
        row = i // 2 + 1
        y = -row * c
        sign = -1 if side == 0 else 1
        if row > 1:
            items.append(Line(-tomb_w / 2, y + c, tomb_w / 2, y + c, line_style(sheet, 0.25, "accent")))
        # The number sits on the tomb at the line's side, as on the real board.
        items.append(label(sheet, sign * (tomb_w / 2 - 1.5), y + c / 2 + 1.6, str(number),
                           HEADING_PT, bold=True, anchor="end" if side else "start",
                           max_width=tomb_w / 2 - 2))
        items += _line_pieces(sheet, line, number, y, sign, tomb_w, c, captions)
    return items


def _line_pieces(sheet, line, number, y, sign, tomb_w, c, captions) -> list[Item]:
    items: list[Item] = []
    edge = tomb_w / 2
    if line.passage:
        w = _geo()["passage_length"] * c
        x = edge if sign > 0 else -edge - w
        items += _passage(sheet, x, y, w, c)
        edge += w
    for depth in range(1, line.chambers + 1):
        x = edge + (depth - 1) * c if sign > 0 else -edge - depth * c
        caption = captions.get((number, depth), ("", "")) if captions else ("", "")
        items += _chamber(sheet, x, y, c, caption)
    return items


def _captions(setup: Setup) -> dict[tuple[int, int], tuple[str, str]]:
    """(line, depth) → (chamber number, placer) from the replayed log (advanced only)."""
    if setup.mode != "advanced" or not setup.log:
        return {}
    from generator.games.tumba.rules_setup import replay

    state = replay(setup)
    return {(n, d + 1): (f"#{chamber}", f"P{state.placed_by.get(chamber, -1) + 1}")
            for n, stack in state.stacks.items() for d, chamber in enumerate(stack)}


def line_table(sheet: Sheet, setup: Setup, x: float, y: float, width: float) -> list[Item]:
    """One column per line: its pieces and a box to tick when it is built."""
    head = 24.0
    col = (width - head) / len(setup.lines)
    items: list[Item] = [label(sheet, x, y + 4, "Line", BODY_PT, bold=True),
                         label(sheet, x, y + 10, "Pieces", BODY_PT, bold=True),
                         label(sheet, x, y + 17, "Built", BODY_PT, bold=True)]
    for i, line in enumerate(setup.lines):
        cx = x + head + i * col
        value = "passage" if line.passage and not line.chambers else str(line.chambers)
        items.append(label(sheet, cx + col / 2, y + 4, str(i + 1), BODY_PT, bold=True,
                           anchor="middle", max_width=col - 1))
        items.append(label(sheet, cx + col / 2, y + 10, value, BODY_PT if not line.passage
                           else SMALL_PT, anchor="middle", max_width=col - 1))
        side = sheet.limits["min_box"]
        items.append(checkbox(sheet, cx + (col - side) / 2, y + 13, ""))
        items.append(Line(cx, y, cx, y + 19.5, line_style(sheet, 0.25, "faint")))
    items.append(Line(x, y + 6, x + width, y + 6, line_style(sheet, 0.25, "faint")))
    items.append(Line(x, y + 12, x + width, y + 12, line_style(sheet, 0.25, "faint")))
    return items


def render_setup(setup: Setup, sheet: Sheet, info) -> list[Page]:
    """The one-page setup sheet."""
    # The standard layout is fixed: nothing on it depends on the seed (the footer keeps it).
    made = f"seed {info.seed}" if setup.mode == "advanced" else "fixed layout"
    sub = f"{setup.mode} · {setup.players} players · {made}"
    items, y = title_block(sheet, "Tutan Tumba — board setup", sub)
    intro = paragraph(sheet.left, y, INTRO.get(setup.mode, INTRO["standard"]), BODY_PT,
                      sheet.content_width, 2, fill=sheet.theme("ink"))
    items += intro
    y += 8
    placing = setup.mode == "advanced" and bool(setup.log)
    columns = 2 if placing else 1
    steps_h = checklist_height(setup, columns)
    below = (placing_height(sheet, setup, sheet.content_width) + 3 if placing else 0) + steps_h
    bottom = sheet.bottom - LINE_TABLE_HEIGHT - 3 - below - 3
    unit_w, unit_h = board_size(1.0)
    pad = board_size(0.0)[1]
    c = min(sheet.content_width / unit_w, (bottom - y - pad) / (unit_h - pad), 24.0)
    height = board_size(c)[1]
    origin = (sheet.left + sheet.content_width / 2, y + height - 1.0)
    items.append(Group(tuple(board_diagram(sheet, setup, c, _captions(setup))),
                       translate(*origin), name="board"))
    items += _scale_note(sheet, y, c, placing)
    y += height + 3
    items.append(Group(tuple(line_table(sheet, setup, sheet.left, y, sheet.content_width)),
                       name="lines"))
    y += LINE_TABLE_HEIGHT + 3
    if placing:
        items.append(Group(tuple(placing_table(sheet, setup, sheet.left, y, sheet.content_width)),
                           name="placing"))
        y += placing_height(sheet, setup, sheet.content_width) + 3
    items.append(Group(tuple(setup_steps(sheet, setup, sheet.left, y, sheet.content_width,
                                         columns)), name="steps"))
    return [Page(sheet.width, sheet.height, tuple(items))]


def _scale_note(sheet: Sheet, y: float, c: float, numbered: bool) -> list[Item]:
    lines = ["Not to scale: one square", "is one chamber piece.", "Odd lines left,",
             "even lines right, line 1", "at the base."]
    if numbered:
        lines += ["#n: the n-th chamber placed;", "Pk: placed by player k."]
    return [label(sheet, sheet.left, y + 3 + i * 3.3, t, SMALL_PT, role="muted", max_width=45)
            for i, t in enumerate(lines)]


def _runs(setup: Setup) -> list[tuple[int, int, object]]:
    """Consecutive lines with the same pieces: (first, last, line)."""
    runs: list[tuple[int, int, object]] = []
    for i, line in enumerate(setup.lines, start=1):
        if runs and runs[-1][2] == line:
            runs[-1] = (runs[-1][0], i, line)
        else:
            runs.append((i, i, line))
    return runs


def _run_text(first: int, last: int, line) -> str:
    where = f"line {first}" if first == last else (
        f"lines {first} and {last}" if last == first + 1 else f"lines {first} to {last}")
    if line.passage:
        what = "a secret passage each" if first != last else "a secret passage"
    else:
        n = line.chambers
        what = f"{n} chamber{'s' if n != 1 else ''}" + (" each" if first != last else "")
    return f"{where[0].upper()}{where[1:]}: {what}."


def checklist_height(setup: Setup, columns: int = 1) -> float:
    """The height (mm) of the checklist of ``setup`` in ``columns`` columns."""
    return 7 + -(-len(_steps(setup)) // columns) * STEP_ROW


def setup_steps(sheet: Sheet, setup: Setup, x: float, y: float, width: float,
                columns: int = 1) -> list[Item]:
    """A short checklist for building the board and starting the game, read down the
    columns."""
    items: list[Item] = [label(sheet, x, y + 4, "Setting up", HEADING_PT, bold=True)]
    steps = _steps(setup)
    rows = -(-len(steps) // columns)
    col_w = (width - 4 * (columns - 1)) / columns
    for i, step in enumerate(steps):
        col, row = divmod(i, rows)
        cx, cy = x + col * (col_w + 4), y + 7 + row * STEP_ROW
        items.append(checkbox(sheet, cx, cy, ""))
        items.append(label(sheet, cx + 7, cy + 3.8, step, BODY_PT, max_width=col_w - 7))
    return items


def _steps(setup: Setup) -> list[str]:
    from generator.games.tumba.model import targets

    mummies = data()["components"]["mummies"]
    goal = targets(setup.mode)
    win = (f"Goal: {goal[0]} mummies in the tomb"
           + (f" ({' or '.join(map(str, goal[1:]))} by agreement)." if len(goal) > 1 else "."))
    steps = ["Put the tomb board in the middle of the table."]
    if setup.mode == "advanced" and setup.log:
        steps += ["Choose player 1 (P1): the first player.",
                  "Deal, place and move the chambers in order."]
    else:
        steps += [_run_text(*run) for run in _runs(setup)]
        steps.append("Choose the first player; turns go clockwise.")
    steps.append(f"Each player takes {mummies} mummies of one colour.")
    if setup.mode == "advanced" and setup.log:
        steps.append("Player 1 starts; turns go clockwise.")
    steps.append(win)
    return steps
