"""The Tutan Tumba setup sheet: a plan of the board, a line-by-line check, and (advanced) the
placing order of the Pharaoh's Wrath procedure.

The board is drawn as players see it from the base: the tomb column in the middle with the line
numbers on it, odd lines on the left, even lines on the right, row 1 at the bottom. Every piece
is drawn at one scale (a chamber is a square; the tomb and passage proportions come from
seeds/tumba.toml), but the rulebook gives no piece sizes and the chamber side is whatever fits
the paper, so the sheet says "not to scale" rather than claim a scale it cannot know. The dashed
triangle is the outline of the standard pyramid, so an advanced board shows where it departs
from it. Every word comes from the text catalogue in the run's language (``[setup]`` of
``templates/i18n/<lang>/tumba.toml``).
"""

from __future__ import annotations

from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Group, Item, Line, Page, Polygon, Rect, Text, translate
from generator.draw.text import paragraph, set_lines, wrap
from generator.draw.widgets import (
    BODY_PT,
    HEADING_PT,
    SMALL_PT,
    checkbox,
    label,
    line_style,
    title_block,
)
from generator.games.tumba.model import Setup, data, facts, standard_layout
from generator.games.tumba.render_table import placing_height, placing_table

LINE_TABLE_HEIGHT = 22.0
STEP_ROW = 6.0
NOTE_W = 45.0        # mm: the note beside the plan
NOTE_LINE = 3.3


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


def _passage(sheet: Sheet, x: float, y: float, w: float, c: float, say: Words) -> list[Item]:
    inset = 0.5
    return [Rect(x + inset, y + inset, w - 2 * inset, c - 2 * inset,
                 line_style(sheet, 0.5, fill=sheet.theme("stone")), radius=0.8),
            label(sheet, x + w / 2, y + c / 2 + 1.0, say("passage"), SMALL_PT, bold=True,
                  anchor="middle", role="ink", max_width=w - 1.5)]


def board_diagram(sheet: Sheet, setup: Setup, c: float, say: Words,
                  captions=None) -> list[Item]:
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
    items.append(label(sheet, 0, top + cap * 0.62, say("tomb"), SMALL_PT, bold=True,
                       anchor="middle", role="accent", max_width=tomb_w - 2))
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
        items += _line_pieces(sheet, line, (number, y, sign), tomb_w, c, captions, say)
    return items


def _line_pieces(sheet, line, where, tomb_w, c, captions, say: Words) -> list[Item]:
    """A line's passage and chambers; ``where`` is (line number, y, side sign)."""
    number, y, sign = where
    items: list[Item] = []
    edge = tomb_w / 2
    if line.passage:
        w = _geo()["passage_length"] * c
        x = edge if sign > 0 else -edge - w
        items += _passage(sheet, x, y, w, c, say)
        edge += w
    for depth in range(1, line.chambers + 1):
        x = edge + (depth - 1) * c if sign > 0 else -edge - depth * c
        caption = captions.get((number, depth), ("", "")) if captions else ("", "")
        items += _chamber(sheet, x, y, c, caption)
    return items


def _captions(setup: Setup, say: Words) -> dict[tuple[int, int], tuple[str, str]]:
    """(line, depth) → (chamber number, placer) from the replayed log (advanced only)."""
    if setup.mode != "advanced" or not setup.log:
        return {}
    from generator.games.tumba.rules_setup import replay

    state = replay(setup)
    return {(n, d + 1): (say("chamber_tag", n=chamber),
                         say("player_tag", n=state.placed_by.get(chamber, -1) + 1))
            for n, stack in state.stacks.items() for d, chamber in enumerate(stack)}


def line_table(sheet: Sheet, setup: Setup, x: float, y: float, width: float,
               say: Words) -> list[Item]:
    """One column per line: its pieces and a box to tick when it is built."""
    head = 24.0
    col = (width - head) / len(setup.lines)
    items: list[Item] = [label(sheet, x, y + dy, say(f"lines.{key}"), BODY_PT, bold=True,
                               max_width=head - 1.5)
                         for key, dy in (("line", 4), ("pieces", 10), ("built", 17))]
    for i, line in enumerate(setup.lines):
        cx = x + head + i * col
        value = say("passage") if line.passage and not line.chambers else str(line.chambers)
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
    """The one-page setup sheet, in the run's language."""
    say = catalogue(info.lang).words("tumba.setup")
    # The standard layout is fixed: nothing on it depends on the seed (the footer keeps it).
    made = say("seed", seed=info.seed) if setup.mode == "advanced" else say("fixed")
    sub = say("subtitle", mode=say(f"mode.{setup.mode}"), players=setup.players, made=made)
    items, y = title_block(sheet, say("title"), sub)
    intro, y = _intro(sheet, setup, y, say)
    items += intro
    placing = setup.mode == "advanced" and bool(setup.log)
    columns = 2 if placing else 1
    steps_h = checklist_height(setup, say, sheet.content_width, columns)
    below = (placing_height(sheet, setup, sheet.content_width, say) + 3 if placing
             else 0) + steps_h
    bottom = sheet.bottom - LINE_TABLE_HEIGHT - 3 - below - 3
    unit_w, unit_h = board_size(1.0)
    pad = board_size(0.0)[1]
    c = min(sheet.content_width / unit_w, (bottom - y - pad) / (unit_h - pad), 24.0)
    height = board_size(c)[1]
    origin = (sheet.left + sheet.content_width / 2, y + height - 1.0)
    items.append(Group(tuple(board_diagram(sheet, setup, c, say, _captions(setup, say))),
                       translate(*origin), name="board"))
    items += _scale_note(sheet, y, placing, say)
    y += height + 3
    items.append(Group(tuple(line_table(sheet, setup, sheet.left, y, sheet.content_width, say)),
                       name="lines"))
    y += LINE_TABLE_HEIGHT + 3
    if placing:
        items.append(Group(tuple(placing_table(sheet, setup, sheet.left, y, sheet.content_width,
                                               say)), name="placing"))
        y += placing_height(sheet, setup, sheet.content_width, say) + 3
    items.append(Group(tuple(setup_steps(sheet, setup, (sheet.left, y, sheet.content_width),
                                         say, columns)), name="steps"))
    return [Page(sheet.width, sheet.height, tuple(items))]


def _intro(sheet: Sheet, setup: Setup, y: float, say: Words) -> tuple[list[Text], float]:
    """What to build, from ``y`` (two lines in English, more if a translation needs them); with
    the y below it."""
    comp = data()["components"]
    words = say(f"intro.{setup.mode}", chambers=comp["chambers"], passages=comp["passages"],
                mummies=comp["mummies"])
    lines = len(wrap(words, BODY_PT, sheet.content_width))
    return (paragraph(sheet.left, y, words, BODY_PT, sheet.content_width, lines,
                      fill=sheet.theme("ink")),
            y + 8 + (lines - 2) * BODY_PT * PT_TO_MM * 1.2)


def _scale_note(sheet: Sheet, y: float, numbered: bool, say: Words) -> list[Item]:
    """'Not to scale…' in the top left corner beside the pyramid, wrapped in its narrow column
    (with what the chamber captions mean when they are numbered)."""
    lines = wrap(say("scale"), SMALL_PT, NOTE_W)
    if numbered:
        lines += wrap(say("numbered"), SMALL_PT, NOTE_W)
    return [label(sheet, sheet.left, y + 3 + i * NOTE_LINE, t, SMALL_PT, role="muted",
                  max_width=NOTE_W) for i, t in enumerate(lines)]


def _runs(lines) -> list[tuple[int, int, object]]:
    """Consecutive lines with the same pieces: (first, last, line)."""
    runs: list[tuple[int, int, object]] = []
    for i, line in enumerate(lines, start=1):
        if runs and runs[-1][2] == line:
            runs[-1] = (runs[-1][0], i, line)
        else:
            runs.append((i, i, line))
    return runs


def _run_text(first: int, last: int, line, say: Words) -> str:
    """'Lines 1 to 4: 3 chambers each.'"""
    where = say("run.one" if first == last else "run.two" if last == first + 1 else "run.many",
                first=first, last=last)
    each = "_each" if first != last else ""
    if line.passage:
        what = say(f"run.passage{each}")
    else:
        what = say(f"run.{'chamber' if line.chambers == 1 else 'chambers'}{each}",
                   n=line.chambers)
    return say("run.sentence", where=where[0].upper() + where[1:], what=what)


def run_sentences(lines, say: Words) -> list[str]:
    """The lines of a layout as sentences, one per run of lines with the same pieces
    ('Lines 1 to 4: 3 chambers each.'): the sheet's checklist and the aid's standard board."""
    return [_run_text(*run, say) for run in _runs(lines)]


def _step_lines(setup: Setup, say: Words, width: float,
                columns: int) -> list[list[str]]:
    """Each step of the checklist as its lines (a step too long for its column wraps)."""
    col_w = (width - 4 * (columns - 1)) / columns
    return [wrap(step, BODY_PT, col_w - 7) for step in _steps(setup, say)]


def checklist_height(setup: Setup, say: Words, width: float, columns: int = 1) -> float:
    """The height (mm) of the checklist of ``setup`` in ``columns`` columns of ``width``."""
    steps = _step_lines(setup, say, width, columns)
    rows = -(-len(steps) // columns)
    heights = [sum(_step_height(s) for s in steps[c * rows:(c + 1) * rows])
               for c in range(columns)]
    return 7 + max(heights)


def _step_height(lines: list[str]) -> float:
    return STEP_ROW + (len(lines) - 1) * BODY_PT * PT_TO_MM * 1.2


def setup_steps(sheet: Sheet, setup: Setup, at: tuple[float, float, float], say: Words,
                columns: int = 1) -> list[Item]:
    """A short checklist for building the board and starting the game, read down the
    columns; ``at`` is (x, y, width)."""
    x, y, width = at
    items: list[Item] = [label(sheet, x, y + 4, say("steps"), HEADING_PT, bold=True,
                               max_width=width)]
    steps = _step_lines(setup, say, width, columns)
    rows = -(-len(steps) // columns)
    col_w = (width - 4 * (columns - 1)) / columns
    for col in range(columns):
        cx, cy = x + col * (col_w + 4), y + 7
        for lines in steps[col * rows:(col + 1) * rows]:
            items.append(checkbox(sheet, cx, cy, ""))
            items += set_lines(cx + 7, cy + 3.8, lines, BODY_PT, col_w - 7,
                               fill=sheet.theme("ink"))
            cy += _step_height(lines)
    return items


def _steps(setup: Setup, say: Words) -> list[str]:
    from generator.games.tumba.model import targets

    mummies = facts().mummies
    goal = targets(setup.mode)
    win = (say("step.goal_agreed", n=goal[0], others=say("step.or").join(map(str, goal[1:])))
           if len(goal) > 1 else say("step.goal", n=goal[0]))
    steps = [say("step.board")]
    advanced = setup.mode == "advanced" and setup.log
    if advanced:
        steps += [say("step.first"), say("step.deal")]
    else:
        steps += run_sentences(setup.lines, say)
        steps.append(say("step.choose"))
    steps.append(say("step.mummies", mummies=mummies))
    steps.append(power_lines_text(setup.lines, say, advanced=setup.mode == "advanced"))
    if advanced:
        steps.append(say("step.starts"))
    steps.append(win)
    return steps


def power_lines_text(lines, say: Words, advanced: bool = False) -> str:
    """'On this board, Maat's Rest: lines 5 to 10 (1 or 2 chambers); the Osiris Maneuver: lines
    1 to 4 (3 chambers).' The engine goes by a line's length, so on an advanced board these are
    wherever the lines of those lengths stand (and they change when chambers move)."""
    from generator.games.tumba.cli_text import line_runs

    powers = data()["powers"]
    aid = catalogue(say.lang).words("tumba.aid")

    def where(sizes) -> str:
        found = [i for i, line in enumerate(lines, start=1)
                 if not line.passage and line.chambers in sizes]
        if not found:
            return say("step.nowhere")
        return say("step.line_one" if len(found) == 1 else "step.line_list",
                   lines=line_runs(found, aid))

    text = say("step.lines", maat=where(powers["maat_sizes"]),
               maat_sizes=aid("or").join(map(str, powers["maat_sizes"])),
               osiris=where(powers["osiris_sizes"]),
               osiris_sizes=aid("or").join(map(str, powers["osiris_sizes"])))
    return text + (" " + say("step.lines_moved") if advanced else "")
