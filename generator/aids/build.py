"""Building player-aid PDFs: content → planned cards → imposed sheets (with backs if asked).

``make_aids`` returns ``[(file name, pdf bytes)]`` without touching the disk; the CLI writes them
atomically. Every option an aid was made with is in its PDF's keywords (:func:`aid_keywords`),
so ``tombgen verify`` can rebuild an aid PDF on its own (:func:`aid_options`). Card sizes, text
settings, marks, imposition and backs come from ``seeds/cards.toml``.
"""

from __future__ import annotations

from typing import Any

from generator import GENERATOR
from generator.core.data import MapOf, load_seed
from generator.draw.content import Aid
from generator.core.errors import InputError
from generator.core.i18n import catalogue

SCHEMA = {
    "size": MapOf({"width": float, "height": float, "padding": float, "font": float,
                   "columns": int, "name": str}),
    "card": {"max_bleed": float, "min_font": float, "small_font": float, "footer_font": float,
             "footer_room": float, "footer_gap": float, "column_gap": float},
    "marks": {"length": float, "offset": float, "width": float},
    "nup": {"gutter": float, "printer_margin": float, "cut_width": float, "cut_grey": float},
    "back": MapOf({"colour": str, "pattern": str, "motif": str}),
}


def cards_data():
    """``seeds/cards.toml``, checked and frozen."""
    data = load_seed("cards.toml", SCHEMA)
    for name, size in data["size"].items():
        if size["name"] not in ("card", "page") or size["columns"] < 1:
            raise InputError(f"seeds/cards.toml [size.{name}]: name must be \"card\" or \"page\" "
                             "and columns at least 1")
    return data


def size_names() -> tuple[str, ...]:
    return tuple(cards_data()["size"])


def aid_games() -> list[str]:
    from generator.registry import games

    return [g.name for g in games() if g.aid]


def card_format(size: str, bleed: float):
    """The trim, bleed and padding of a card size (checks ``--size`` and ``--bleed``)."""
    from generator.aids.impose import CardFormat

    data = cards_data()
    if size not in data["size"]:
        raise InputError(f"--size {size}: unknown card size; choose one of {', '.join(size_names())}")
    if not 0 <= bleed <= data["card"]["max_bleed"]:
        raise InputError(f"--bleed {bleed:g}: must be between 0 and {data['card']['max_bleed']:g} mm")
    dims = data["size"][size]
    return CardFormat(dims["width"], dims["height"], bleed, dims["padding"])


def aid_paper(nup: bool, paper: str | None) -> str | None:
    """The sheet paper: only with ``--nup`` (default A4); ``--paper`` alone is an error."""
    if paper is not None and not nup:
        raise InputError(f"--paper {paper}: the paper is only chosen for --nup (without it every "
                         "card is its own page, of the card's size); add --nup or leave out --paper")
    return (paper or "a4") if nup else None


def card_style(size: str, bleed: float, mono: bool):
    """The text settings of one card size in the colour or mono theme."""
    from generator.aids.cards import Style
    from generator.draw.paper import make_sheet

    data = cards_data()
    dims, card = data["size"][size], data["card"]
    theme = make_sheet("a4", mono).theme
    return Style(size=size, kind=dims["name"], width=dims["width"], height=dims["height"],
                 bleed=bleed, padding=dims["padding"], footer_room=card["footer_room"],
                 footer_gap=card["footer_gap"], footer_font=max(card["footer_font"], card["min_font"]),
                 font=max(dims["font"], card["min_font"]),
                 small_font=round(max(card["min_font"], dims["font"] * card["small_font"]), 2),
                 columns=dims["columns"], gap=card["column_gap"], mono=mono,
                 colour={r: theme(r) for r in ("ink", "muted", "panel", "accent", "paper", "faint")})


def build_content(game: str, lang: str, variant: str) -> Aid:
    """The aid content of one game in one language."""
    from generator.registry import games, resolve

    spec = next((g for g in games() if g.name == game and g.aid), None)
    if spec is None:
        raise InputError(f"aid {game}: no player aid for this game; choose one of "
                         f"{', '.join(aid_games())} or all")
    return resolve(spec.aid)(catalogue(lang), variant)


def make_aid(game: str, *, lang: str = "en", size: str = "poker", variant: str = "en",
             mono: bool = False, bleed: float = 0.0, crop: bool = False, nup: bool = False,
             paper: str | None = None, backs: bool = False) -> tuple[str, bytes]:
    """One game's aid as (file name, PDF bytes)."""
    from generator.aids.cards import make_cards

    paper = aid_paper(nup, paper)
    fmt = card_format(size, bleed)
    cat = catalogue(lang)
    aid = build_content(game, lang, variant)
    footer = f"{cat('common.footer', game=cat(f'common.game.{game}'))} · {lang.upper()} · {GENERATOR}"
    crop = crop or nup  # imposed sheets always get crop marks
    meta = {"title": f"{aid.title} — {cat['common.aid']}", "subject": footer, "creator": GENERATOR,
            "keywords": aid_keywords(game, lang=lang, size=size, variant=variant, bleed=bleed,
                                     mono=mono, crop=crop, nup=nup, paper=paper, backs=backs)}
    cards_pdf, plan = make_cards(aid, cat, card_style(size, bleed, mono), footer, meta)
    pdf = _impose(game, cards_pdf, len(plan.pages), fmt, cat, crop=crop, nup=nup, paper=paper,
                  backs=backs, mono=mono, meta=meta)
    variant_part = f"-{variant}" if game == "tut" else ""
    name = f"{game}-aid-{lang}{variant_part}-{size}{'-nup-' + paper if nup else ''}.pdf"
    return name, pdf


def _impose(game: str, cards_pdf: bytes, count: int, fmt, cat, *, crop: bool, nup: bool,
            paper: str | None, backs: bool, mono: bool, meta: dict[str, str]) -> bytes:
    """The cards on their sheets: one per sheet, or ``nup`` on paper; a back after each sheet."""
    from generator.aids import impose as im
    from generator.draw.paper import make_sheet

    data = cards_data()
    marks, grid = data["marks"], data["nup"]
    if nup:
        sheet = make_sheet(paper)
        size = (sheet.width, sheet.height)
        room = marks["offset"] + marks["length"] / 2
        places = im.nup_places(im.nup_grid(fmt, size, grid["gutter"], grid["printer_margin"], room),
                               count)
    else:
        room = marks["offset"] + marks["length"] + 1.0 if crop else 0.0
        size, places = im.single_places(fmt, count, room)
    segments = im.crop_marks(places, fmt.bleed, size, marks["length"], marks["offset"]) if crop else []
    cuts = im.cut_lines(places) if nup and fmt.bleed == 0 and grid["gutter"] == 0 else []
    back = None
    if backs:
        from generator.aids.backs import back_pdf

        title = cat(f"common.game.{game}")
        back = (back_pdf(game, title, cat, fmt, mono, data["back"][game]),
                im.back_places(places, size[0]))
    style = {"mark_width": marks["width"], "cut_width": grid["cut_width"], "cut_grey": grid["cut_grey"]}
    return im.impose(cards_pdf, size, places, marks=segments, cuts=cuts, style=style, metadata=meta,
                     backs=back, boxes=None if nup else fmt)


#: The options an aid PDF records in its keywords, in order (what ``tombgen verify`` rebuilds it
#: from): ``tombgen, <game>, aid, lang=…, size=…, variant=…, bleed=…, mono=…, crop=…, nup=…,
#: paper=…, backs=…`` (flags as yes/no; crop as used, so always yes with nup; paper "none"
#: without nup).
AID_KEYWORDS = ("lang", "size", "variant", "bleed", "mono", "crop", "nup", "paper", "backs")


def aid_keywords(game: str, **options: Any) -> str:
    """The keywords of an aid PDF made with these :func:`make_aid` options."""
    def text(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        return f"{value:g}" if isinstance(value, float) else str(value)

    return ", ".join(["tombgen", game, "aid"]
                     + [f"{key}={text(options[key])}" for key in AID_KEYWORDS])


def aid_options(keywords: str) -> tuple[str, dict[str, Any]] | None:
    """(game, :func:`make_aid` options) back from an aid PDF's keywords; None when they are not
    an aid's or lack an option (a PDF from before aids recorded them all)."""
    parts = [p.strip() for p in keywords.split(",")]
    if len(parts) < 3 or parts[0] != "tombgen" or parts[2] != "aid":
        return None
    fields = dict(p.split("=", 1) for p in parts[3:] if "=" in p)
    if any(key not in fields for key in AID_KEYWORDS):
        return None
    flags = {"yes": True, "no": False}
    try:
        options = {"lang": fields["lang"], "size": fields["size"], "variant": fields["variant"],
                   "bleed": float(fields["bleed"]), "mono": flags[fields["mono"]],
                   "crop": flags[fields["crop"]], "nup": flags[fields["nup"]],
                   "paper": None if fields["paper"] == "none" else fields["paper"],
                   "backs": flags[fields["backs"]]}
    except (KeyError, ValueError):
        return None
    return parts[1], options


def make_aids(which: str, **options: Any) -> list[tuple[str, bytes]]:
    """``which`` = a game name or 'all'; every PDF is built before any is written."""
    names = aid_games() if which == "all" else [which]
    return [make_aid(name, **options) for name in names]
