"""Building player-aid PDFs: content → jinja2 HTML → WeasyPrint cards → imposed PDF.

``make_aids`` returns ``[(file name, pdf bytes)]`` without touching the disk; the CLI writes them
atomically. Every option an aid was made with is in its PDF's keywords (:func:`aid_keywords`),
so ``tombgen verify`` can rebuild an aid PDF on its own (:func:`aid_options`). Card sizes and print settings come from ``seeds/cards.toml``.
"""

from __future__ import annotations

from typing import Any

from generator import GENERATOR
from generator.aids.content import Aid
from generator.core.data import MapOf, load_seed, resource_root
from generator.core.errors import InputError
from generator.core.i18n import Catalogue, catalogue
from generator.draw.documents import (
    CardFormat, crop_marks, impose, nup_layout, render_template, single_layout, write_cards,
)
from generator.draw.paper import make_sheet
from generator.registry import games, resolve

SCHEMA = {
    "size": MapOf({"width": float, "height": float}),
    "card": {"padding": float, "max_bleed": float, "base_font": float, "min_font": float},
    "marks": {"length": float, "offset": float, "width": float},
    "nup": {"gutter": float, "margin": float},
}


def cards_data():
    """``seeds/cards.toml``, checked and frozen."""
    return load_seed("cards.toml", SCHEMA)


def size_names() -> tuple[str, ...]:
    return tuple(cards_data()["size"])


def aid_games() -> list[str]:
    return [g.name for g in games() if g.aid]


def card_format(size: str, bleed: float) -> CardFormat:
    data = cards_data()
    if size not in data["size"]:
        raise InputError(f"--size {size}: unknown card size; choose one of {', '.join(size_names())}")
    if not 0 <= bleed <= data["card"]["max_bleed"]:
        raise InputError(f"--bleed {bleed:g}: must be between 0 and {data['card']['max_bleed']:g} mm")
    dims = data["size"][size]
    return CardFormat(dims["width"], dims["height"], bleed)


def build_content(game: str, lang: str, variant: str) -> Aid:
    """The aid content of one game in one language."""
    spec = next((g for g in games() if g.name == game and g.aid), None)
    if spec is None:
        raise InputError(f"aid {game}: no player aid for this game; choose one of "
                         f"{', '.join(aid_games())} or all")
    return resolve(spec.aid)(catalogue(lang), variant)


def html_for(aid: Aid, cat: Catalogue, fmt: CardFormat, mono: bool, footer: str) -> str:
    """The HTML of one aid's cards."""
    data = cards_data()
    theme = make_sheet("a4", mono).theme
    return render_template(resource_root("templates") / "aids", "cards.html.j2", {
        "aid": aid, "fmt": fmt, "padding": data["card"]["padding"], "mono": mono,
        "base_font": data["card"]["base_font"], "footer": footer, "lang": cat.lang,
        "colour": {role: theme(role) for role in ("ink", "muted", "panel", "accent", "paper", "faint")},
    })


def make_aid(game: str, *, lang: str = "en", size: str = "poker", variant: str = "en",
             mono: bool = False, bleed: float = 0.0, crop: bool = False, nup: bool = False,
             paper: str = "a4") -> tuple[str, bytes]:
    """One game's aid as (file name, PDF bytes)."""
    data = cards_data()
    fmt = card_format(size, bleed)
    cat = catalogue(lang)
    aid = build_content(game, lang, variant)
    footer = f"{cat('common.footer', game=cat(f'common.game.{game}'))} · {lang.upper()} · {GENERATOR}"
    crop = crop or nup  # imposed sheets always get crop marks
    meta = {"title": f"{aid.title} — {cat('common.aid')}", "subject": footer,
            "keywords": aid_keywords(game, lang=lang, size=size, variant=variant, bleed=bleed,
                                     mono=mono, crop=crop, nup=nup, paper=paper),
            "creator": GENERATOR}
    cards_pdf = write_cards(html_for(aid, cat, fmt, mono, footer), metadata=meta)
    count = _page_count(cards_pdf)
    marks = data["marks"]
    mark_room = marks["offset"] + marks["length"] + 1.0 if crop else 0.0
    if nup:
        sheet = make_sheet(paper)
        size_mm, places = nup_layout(fmt, count, (sheet.width, sheet.height),
                                     data["nup"]["gutter"] + 2 * mark_room, data["nup"]["margin"])
        segments = crop_marks(fmt, places, marks["length"], marks["offset"])
    else:
        size_mm, places = single_layout(fmt, count, mark_room)
        segments = crop_marks(fmt, places, marks["length"], marks["offset"]) if crop else []
    pdf = impose(cards_pdf, fmt, size_mm, places, segments, marks["width"], meta)
    variant_part = f"-{variant}" if game == "tut" else ""
    name = f"{game}-aid-{lang}{variant_part}-{size}{'-nup-' + paper if nup else ''}.pdf"
    return name, pdf


#: The options an aid PDF records in its keywords, in order (what ``tombgen verify`` rebuilds it
#: from): ``tombgen, <game>, aid, lang=…, size=…, variant=…, bleed=…, mono=…, crop=…, nup=…,
#: paper=…`` (flags as yes/no; crop as used, so always yes with nup).
AID_KEYWORDS = ("lang", "size", "variant", "bleed", "mono", "crop", "nup", "paper")


def aid_keywords(game: str, **options: Any) -> str:
    """The keywords of an aid PDF made with these :func:`make_aid` options."""
    def text(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
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
                   "paper": fields["paper"]}
    except (KeyError, ValueError):
        return None
    return parts[1], options


def make_aids(which: str, **options: Any) -> list[tuple[str, bytes]]:
    """``which`` = a game name or 'all'; every PDF is built before any is written."""
    names = aid_games() if which == "all" else [which]
    return [make_aid(name, **options) for name in names]


def _page_count(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)
