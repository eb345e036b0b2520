"""The panels of the Tutankhamen trail sheet around the table.

- The laying order: every tile by trail number, with a small tile and its name, in columns
  (compact, with the colour letter and value instead of the name, when the table needs room).
- The per-set index, to sort the box before laying: one row per kind, one column per colour,
  each set with a tick box and its tile numbers along the trail; a row for the special tiles;
  and the count check (63 numbered + Bag of Gold ×3 + Pharaoh ×3 = 69 on the trail, King Tut
  on the pyramid). It also serves as the legend (pictograms, colours and their borders).
- The seat balance of simulated games: each seat's win rate with its 95% interval, the same
  seat's rate on random trails, the verdict and the game length in rounds.

Every word comes from the text catalogue (``tut.trail`` in ``templates/i18n/<lang>/tut.toml``,
held as ``say``); the pieces' names from the edition's names in the sheet's language.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.core.i18n import Words
from generator.draw.paper import Sheet
from generator.draw.scene import PT_TO_MM, Group, Item, Use
from generator.draw.text import fit_lines, measure, set_lines, text, wrap
from generator.draw.widgets import BODY_PT, HEADING_PT, SMALL_PT, checkbox, label
from generator.games.tut.model import (
    GOLD,
    KING,
    PHARAOH,
    Trail,
    colour_of,
    data,
    facts,
    gender,
    kind_of,
    names,
    plural,
)
from generator.games.tut.pictograms import BOX, symbol_name
from generator.games.tut.render_tiles import frame, letter, pyramid, value_of

LIST_ROW = 4.1          # mm per line of the order list
LIST_HEAD = 6.0         # mm for the order list's heading
LIST_PAD = 11.2         # number and small tile before an entry's name
LIST_FIT_PT = 6.5       # entries must fit their column at this size (text may shrink to 6 pt)
INDEX_HEAD = 5.5        # heading line of the index
INDEX_COLS = 5.0        # the colour headers
INDEX_ROW = 6.0         # one set row: a 5 mm tick box and the numbers
COUNT_LINE = 3.2
BALANCE_H = 15.5


# ---- the laying order ----------------------------------------------------------------------------

class ListPlan(NamedTuple):
    """One way to set the laying order: its columns, width and height, whether it sits beside
    the table, and whether entries are compact (colour letter and value instead of names)."""

    columns: int
    width: float
    height: float
    beside: bool
    compact: bool


def _entry(trail: Trail, code: str, compact: bool, say: Words) -> str:
    """A tile of the laying order: 'Horus blue 4' ('Chaise verte 8'), a special's name, or
    compact 'B4'."""
    value, colour = value_of(code), colour_of(code)
    if compact:
        return f"{letter(say, colour)}{value}" if value is not None and colour is not None else ""
    name = names(trail.variant, say.lang)[kind_of(code)]
    if colour is None:
        return name
    feminine = gender(trail.variant, say.lang, kind_of(code)) == "f"
    return say("set", name=name, value=value,
               colour=say(f"{'colour_feminine' if feminine else 'colour'}.{colour}"))


def order_plans(sheet: Sheet, trail: Trail, say: Words) -> list[ListPlan]:
    """Ways to set the laying order: below the table (full width, as many columns as the
    entries allow, from 5) or beside it (2 or 3 columns); with names, or compact."""
    n = len(trail.tiles)
    plans = []
    for compact in (False, True):
        need = LIST_PAD + 0.5 + max(measure(_entry(trail, c, compact, say), LIST_FIT_PT)
                                    for c in trail.tiles)
        most = max(1, int(sheet.content_width // need))
        plans += [ListPlan(c, sheet.content_width, LIST_HEAD + -(-n // c) * LIST_ROW, False,
                           compact) for c in range(min(5, most), most + 1)]
        if not compact:
            plans += [ListPlan(c, c * need, LIST_HEAD + -(-n // c) * LIST_ROW, True, False)
                      for c in (2, 3) if c * need < sheet.content_width / 2]
    return plans


def order_list(sheet: Sheet, trail: Trail, plan: ListPlan, below_y: float,
               top: float, say: Words) -> tuple[Group, float]:
    """The laying order (number, small tile, name) in columns, top to bottom; with the y where
    it ends. Beside the table it stands at the right from ``top``; else below from ``below_y``."""
    x, y = (sheet.right - plan.width, top) if plan.beside else (sheet.left, below_y)
    # Only the English rulebook lays the trail from the pyramid back: the French text says so
    # nowhere, so its sheet does not credit it with that.
    below = "order.below_en" if trail.variant == "en" else "order.below"
    key = "order.beside" if plan.beside else "order.compact" if plan.compact else below
    items: list[Item] = [label(sheet, x, y + 3.5, say(key, last=len(trail.tiles),
                                                       **_legend(say)),
                               HEADING_PT - 1.5, bold=True, max_width=plan.width)]
    ink = sheet.theme("ink")
    rows = -(-len(trail.tiles) // plan.columns)
    col_w = plan.width / plan.columns
    for i, code in enumerate(trail.tiles):
        col, row = divmod(i, rows)
        px, py = x + col * col_w, y + LIST_HEAD + row * LIST_ROW
        items.append(text(px + 5.2, py + 2.9, str(i + 1), SMALL_PT, bold=True, anchor="end",
                          fill=ink, max_width=5.2))
        items += frame(sheet, code, px + 6.2, py + 0.1, 3.8, radius=0.5)
        items.append(Use(symbol_name(code, trail.variant), px + 8.1, py + 2.0, 3.1 / BOX))
        words = _entry(trail, code, plan.compact, say)
        if words:
            items.append(text(px + LIST_PAD, py + 2.9, words, SMALL_PT, fill=ink,
                              max_width=col_w - LIST_PAD - 0.3))
    return Group(tuple(items), name="order"), y + LIST_HEAD + rows * LIST_ROW


def _legend(say: Words) -> dict[str, str]:
    """'R, B, G' and 'red, blue, green' for the compact list's heading."""
    return {"letters": ", ".join(letter(say, c) for c in facts().colours),
            "colours": ", ".join(say(f"colour.{c}") for c in facts().colours)}


# ---- the per-set index ---------------------------------------------------------------------------

def _count_text(trail: Trail, say: Words) -> str:
    edition = names(trail.variant, say.lang)
    specials = dict(data()["specials"])
    numbered = sum(value_of(c) is not None for c in trail.tiles)
    return say("index.count", numbered=numbered, sets=len(data()["kind"]) * len(facts().colours),
               gold=specials["gold"], gold_name=plural(trail.variant, say.lang, GOLD),
               pharaoh=specials["pharaoh"],
               pharaoh_name=plural(trail.variant, say.lang, PHARAOH), on_trail=len(trail.tiles), king=edition[KING],
               start=say("start"))


def index_height(sheet: Sheet, trail: Trail, say: Words) -> float:
    """Height of the per-set index with its count check."""
    lines = len(wrap(_count_text(trail, say), SMALL_PT, sheet.content_width))
    return INDEX_HEAD + INDEX_COLS + (len(data()["kind"]) + 1) * INDEX_ROW + lines * COUNT_LINE


def _numbers(trail: Trail) -> dict[str, str]:
    """Tile code → its trail numbers, in order, as text."""
    found: dict[str, list[str]] = {}
    for i, code in enumerate(trail.tiles):
        found.setdefault(code, []).append(str(i + 1))
    return {code: ", ".join(numbers) for code, numbers in found.items()}


def _kind_width(trail: Trail, say: Words) -> float:
    edition = names(trail.variant, say.lang)
    widest = max(measure(say("index.kind", name=edition[k["code"]], value=k["value"]),
                         BODY_PT, bold=True) for k in data()["kind"])
    return 8.5 + max(widest, measure(say("index.specials"), BODY_PT, bold=True) - 6.0)


def set_index(sheet: Sheet, trail: Trail, y: float, say: Words) -> tuple[Group, float]:
    """The per-set index (see the module doc) from ``y``; with the y where it ends."""
    ink, x = sheet.theme("ink"), sheet.left
    kind_w = _kind_width(trail, say)
    col_w = (sheet.content_width - kind_w) / len(facts().colours)
    items: list[Item] = [label(sheet, x, y + 3.8, say("index.head"), HEADING_PT - 1.5,
                               bold=True, max_width=sheet.content_width)]
    y += INDEX_HEAD
    for c, colour in enumerate(facts().colours):
        cx = x + kind_w + c * col_w
        items += frame(sheet, f"scarab-{colour}", cx + 0.5, y, 4.0, radius=0.6)
        items.append(text(cx + 6.0, y + 3.1, _colour_label(colour, say), SMALL_PT, bold=True,
                          fill=ink, max_width=col_w - 6.5))
    y += INDEX_COLS
    numbers = _numbers(trail)
    edition = names(trail.variant, say.lang)
    for spec in data()["kind"]:
        code = spec["code"]
        items.append(Use(symbol_name(f"{code}-{facts().colours[0]}", trail.variant, ink=True),
                         x + 2.8, y + 3.0, 5.0 / BOX))
        items.append(text(x + 6.5, y + 4.0, say("index.kind", name=edition[code],
                                                 value=spec["value"]), BODY_PT, bold=True,
                          fill=ink, max_width=kind_w - 7.0))
        for c, colour in enumerate(facts().colours):
            cx = x + kind_w + c * col_w
            items.append(checkbox(sheet, cx + 0.5, y + 0.4, ""))
            items.append(text(cx + 7.0, y + 4.0, numbers.get(f"{code}-{colour}", "–"), SMALL_PT,
                              fill=ink, max_width=col_w - 7.5))
        y += INDEX_ROW
    items += _specials_row(sheet, trail, (x, y, kind_w, col_w), numbers, say)
    y += INDEX_ROW
    for line in wrap(_count_text(trail, say), SMALL_PT, sheet.content_width):
        items.append(text(x, y + 2.6, line, SMALL_PT, fill=sheet.theme("muted")))
        y += COUNT_LINE
    return Group(tuple(items), name="index"), y


def _colour_label(colour: str, say: Words) -> str:
    return say("index.colour", colour=say(f"colour.{colour}"), letter=letter(say, colour))


def _specials_row(sheet: Sheet, trail: Trail, place: tuple[float, float, float, float],
                  numbers: dict[str, str], say: Words) -> list[Item]:
    """Bag of Gold and Pharaoh tiles with their numbers, King Tut on the pyramid; ``place``
    is (x, y, width of the name column, width of a colour column)."""
    x, y, kind_w, col_w = place
    ink = sheet.theme("ink")
    edition = names(trail.variant, say.lang)
    counts = dict(data()["specials"])
    items: list[Item] = [text(x, y + 4.0, say("index.specials"), BODY_PT, bold=True, fill=ink,
                              max_width=kind_w - 0.5)]
    several = {code: plural(trail.variant, say.lang, code) for code in (GOLD, PHARAOH)}
    cells = [(GOLD, say("index.special", name=several[GOLD], count=counts["gold"],
                        numbers=numbers.get(GOLD, "–"))),
             (PHARAOH, say("index.special", name=several[PHARAOH], count=counts["pharaoh"],
                           numbers=numbers.get(PHARAOH, "–"))),
             (KING, say("index.king", name=edition[KING]))]
    for c, (code, words) in enumerate(cells):
        cx = x + kind_w + c * col_w
        items.append(checkbox(sheet, cx + 0.5, y + 0.4, ""))
        if code == KING:
            items += pyramid(sheet, trail.variant, cx + 6.3, y + 0.2, 5.4)
        else:
            items.append(Use(symbol_name(code, trail.variant), cx + 9.0, y + 2.9, 4.6 / BOX))
        items.append(text(cx + 12.2, y + 4.0, words, SMALL_PT, fill=ink,
                          max_width=col_w - 12.5))
    return items


# ---- the seat balance ----------------------------------------------------------------------------

def balance_height(sheet: Sheet, trail: Trail, say: Words) -> float:
    """Height of the seat-balance panel (none without simulated games): a heading or a verdict
    too long for one line (a translation) takes a second."""
    if not trail.balance:
        return 0.0
    head, verdict = _balance_lines(sheet, trail, say)
    return BALANCE_H + (len(head) - 1) * HEAD_LINE + (len(verdict) - 1) * VERDICT_LINE


HEAD_LINE = BODY_PT * PT_TO_MM * 1.2
VERDICT_LINE = SMALL_PT * PT_TO_MM * 1.2


def _balance_lines(sheet: Sheet, trail: Trail, say: Words) -> tuple[list[str], list[str]]:
    """The panel's heading and verdict, each as its lines."""
    balance = trail.balance
    assert balance is not None      # the panel is drawn only for simulated trails
    head = say("balance.head", games=say.num(balance["games"]), bot=say(f"bot.{balance['bot']}"),
               rounds=say.num(balance["rounds"]["mean"], ".1f"))
    return (fit_lines(head, BODY_PT, sheet.content_width, True),
            fit_lines(_verdict(trail, say), SMALL_PT, sheet.content_width,
                      bool(balance["imbalance"])))


def _pct(v: float) -> str:
    return f"{v * 100:.0f}"


def _verdict(trail: Trail, say: Words) -> str:
    balance = trail.balance
    assert balance is not None      # the panel is drawn only for simulated trails
    ref = balance.get("reference")
    if ref is None:
        return say("balance.unknown", players=trail.players)
    if not balance["imbalance"]:
        return say("balance.fair", ref_games=say.num(ref["games"]))
    seats = say("balance.separator").join(
        say("balance.off", seat=o["seat"], direction=say(f"balance.{o['direction']}"))
        for o in balance["imbalance"])
    return say("balance.unfair", seats=seats, ref_games=say.num(ref["games"]))


def balance_panel(sheet: Sheet, trail: Trail, y: float, say: Words) -> Group:
    """Seat balance from simulated games: each seat's rate and interval against random trails,
    the verdict, the game length in rounds."""
    balance = trail.balance
    assert balance is not None      # the panel is drawn only for simulated trails
    ink, x, width = sheet.theme("ink"), sheet.left, sheet.content_width
    head, verdict = _balance_lines(sheet, trail, say)
    items: list[Item] = [*set_lines(x, y + 3.0, head, BODY_PT, width, bold=True, fill=ink)]
    y += (len(head) - 1) * HEAD_LINE
    rates = balance["win_rate"]
    ref = balance.get("reference")
    step = width / max(len(rates), 1)
    for i, (rate, (lo, hi)) in enumerate(zip(rates, balance["interval"])):
        px = x + i * step
        items.append(text(px, y + 7.3, say("balance.seat", seat=i + 1, rate=_pct(rate)),
                          SMALL_PT, bold=True, fill=ink, max_width=step - 1.5))
        detail = (say("balance.interval", lo=_pct(lo), hi=_pct(hi), ref=_pct(ref["win_rate"][i]))
                  if ref else say("balance.no_ref", lo=_pct(lo), hi=_pct(hi)))
        items.append(text(px, y + 10.4, detail, SMALL_PT, fill=ink, max_width=step - 1.5))
    items += set_lines(x, y + 14.2, verdict, SMALL_PT, width, bold=bool(balance["imbalance"]),
                       fill=ink)
    return Group(tuple(items), name="balance")
