"""The Tutankhamen trail setup sheet: the table to scale, the laying order, the per-set index.

One page: title, what to do and what is assumed (tile and table size), the table with the
trail (:mod:`generator.games.tut.render_tiles`), then the laying order (below the table, or
beside it when that gives bigger cells), the per-set index with tick boxes and the count check,
and the seat balance when games were simulated (:mod:`generator.games.tut.render_panels`).
Every word comes from the text catalogue in the run's language (``[trail]`` of
``templates/i18n/<lang>/tut.toml``), with the edition's own words for the trail and its tiles
(``[trail.words.<variant>]``: the French rules lay a *fleuve* of *dalles*); the pieces' names are
the edition's (seeds/tut.toml), named in that language.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from generator.core.errors import BuildError
from generator.core.i18n import Words, catalogue
from generator.draw.paper import Sheet
from generator.draw.scene import Group, Page, Text
from generator.draw.text import paragraph
from generator.draw.widgets import BODY_PT, SMALL_PT, title_block
from generator.games.tut.model import Trail, data, names, rules, start_coins
from generator.games.tut.pictograms import symbols
from generator.games.tut.render_panels import (
    ListPlan,
    balance_height,
    balance_panel,
    index_height,
    order_list,
    order_plans,
    set_index,
)
from generator.games.tut.render_tiles import FULL_TILE, start_cell, table

GAP = 4.0
WORDS = ("trail", "trails", "tile", "tiles", "specials")
MAX_CELL = 14.0         # mm; bigger cells only waste the page
MIN_CELL = 3.6          # mm; a two-digit number at the smallest text size still fits


class EditionWords(Words):
    """The trail sheet's words (``tut.trail``) with the edition's nouns filled into every
    string: ``{trail}``, ``{tiles}``… are 'trail' and 'tiles' for the English rules, and in
    French 'chemin' / 'tuiles' for them but 'fleuve' / 'dalles' for the French rules."""

    __slots__ = ("edition",)

    def __init__(self, lang: str, variant: str):
        super().__init__(catalogue(lang), "tut.trail")
        self.edition = {w: self.cat(f"tut.trail.words.{variant}.{w}") for w in WORDS}

    def __call__(self, key: str, **values: Any) -> str:
        return self.cat(f"{self.prefix}.{key}", **{**self.edition, **values})


def trail_words(lang: str, variant: str) -> EditionWords:
    """What a trail sheet of ``variant`` in ``lang`` says things with."""
    return EditionWords(lang, variant)


def _intro(sheet: Sheet, trail: Trail, y: float, say: Words) -> list[Text]:
    r = rules(trail.variant)
    w, h = trail.table
    mm = data()["trail"]["tile_mm"]
    coins = say("coins" if r.king_on_trail else "track",
                coins=start_coins(trail.variant, trail.players))
    ink, muted = sheet.theme("ink"), sheet.theme("muted")
    lines = paragraph(sheet.left, y, say("intro", n=len(trail.tiles),
                                         rules=say(f"rules_sentence.{trail.variant}"),
                                         game=names(trail.variant, say.lang)["game"],
                                         players=trail.players, coins=coins,
                                         start=say("start")),
                      BODY_PT, sheet.content_width, 3, fill=ink)
    note = say("assumed", mm=say.num(mm), w=w, h=h, cw=say.num(w * mm / 10),
               ch=say.num(h * mm / 10))
    return lines + paragraph(sheet.left, lines[-1].y + 3.6, note, SMALL_PT, sheet.content_width,
                             2, fill=muted)


BADGE_R = 0.36          # the start badge's radius in cells at most (and 1.9 mm)
BADGE_GAP = 0.04        # cells between the badge and tile 1's edge


def badge_radius(cell: float) -> float:
    """The start badge's radius in mm for cells of ``cell`` mm (as render_tiles draws it)."""
    return min(1.9, cell * BADGE_R)


def badge_point(trail: Trail, cell: float) -> tuple[float, float]:
    """Where the start badge goes, in cells: in the free cell next to tile 1, right against
    the edge they share, so it touches tile 1 and stays clear of every other tile (players
    follow the trail by what touches what: a badge in the middle of a free cell that also
    touches tile k could be read as the start of tile k) and covers none of tile 1's marks."""
    fx, fy = start_cell(trail)
    x, y = trail.path[0]
    dx, dy = fx - x, fy - y
    off = 0.5 + badge_radius(cell) / cell + BADGE_GAP
    return x + 0.5 + dx * off, y + 0.5 + dy * off


GOOD_CELL = FULL_TILE   # mm; beyond this, bigger tiles matter less than a named list below


class Plan(NamedTuple):
    """Where things go: the cell size and how the laying order is set."""

    cell: float
    order: ListPlan


def _plan(sheet: Sheet, trail: Trail, top: float, say: Words) -> Plan:
    """The best layout that leaves room for the laying order, the index and the balance:
    the biggest cells up to a good size; then a named list before a compact one, below the
    table before beside it, fewer columns before more."""
    w, h = trail.table
    below = (index_height(sheet, trail, say) + GAP
             + (balance_height(sheet, trail, say) + GAP if trail.balance else 0.0))
    avail = sheet.bottom - top - below
    options = []
    for order in order_plans(sheet, trail, say):
        if order.beside:
            if order.height > avail:
                continue
            cell = min(MAX_CELL, (sheet.content_width - order.width - GAP) / w, avail / h)
        else:
            cell = min(MAX_CELL, sheet.content_width / w, (avail - order.height - GAP) / h)
        rank = (round(min(cell, GOOD_CELL), 1), not order.compact, not order.beside,
                -order.columns, cell)
        options.append((rank, Plan(cell, order)))
    best = max(options, key=lambda option: option[0])[1]
    if best.cell < MIN_CELL:
        raise BuildError(f"a {w} x {h} table does not fit the page with the laying order and "
                         f"the index ({best.cell:.1f} mm cells, {MIN_CELL:g} mm needed); use a "
                         "smaller --table")
    return best


def render_trail(trail: Trail, sheet: Sheet, info) -> list[Page]:
    """The one-page setup sheet of a trail, in the run's language."""
    say = trail_words(info.lang, trail.variant)
    edition = names(trail.variant, info.lang)
    items, y = title_block(sheet, say("title", game=edition["game"]),
                           say("subtitle", shape=say(f"shape.{trail.shape or 'custom'}"),
                               players=trail.players, rules=say(f"rules.{trail.variant}"),
                               seed=info.seed))
    intro = _intro(sheet, trail, y + 1.5, say)
    items += intro
    y = intro[-1].y + 3.5
    plan = _plan(sheet, trail, y, say)
    w, h = trail.table
    cell = plan.cell
    left = sheet.left if plan.order.beside else sheet.left + (sheet.content_width - w * cell) / 2
    items.append(Group(tuple(table(sheet, trail, cell, say, badge_point(trail, cell))),
                       (1, 0, 0, 1, left, y), name="table"))
    order, list_end = order_list(sheet, trail, plan.order, y + h * cell + GAP, y, say)
    items.append(order)
    y = max(y + h * cell, list_end) + GAP
    index, y = set_index(sheet, trail, y, say)
    items.append(index)
    if trail.balance:
        items.append(balance_panel(sheet, trail, y + GAP, say))
    return [Page(sheet.width, sheet.height, tuple(items), symbols(sheet, trail.variant))]
