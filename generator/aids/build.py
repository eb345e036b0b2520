"""Building player-aid files: content → planned cards → imposed sheets (with backs if asked).

``make_aid`` returns ``(file name, pdf bytes)`` without touching the disk, ``make_aid_files``
that PDF and, with ``png``, one picture per card face; the CLI writes them atomically. Every
option an aid was made with is in its PDF's keywords (:func:`aid_keywords`), so ``tombgen
verify`` can rebuild an aid PDF on its own (:func:`aid_options`), and in its file names
(:func:`aid_name`), so two different aids never share a name. Card sizes, text settings,
marks, imposition, backs and their colours come from ``seeds/cards.toml``.
"""

from __future__ import annotations

from typing import Any

from generator import GENERATOR
from generator.core.data import MapOf, load_seed
from generator.core.errors import InputError
from generator.core.i18n import catalogue
from generator.draw.content import Aid
from generator.draw.paper import COLOUR

SCHEMA = {
    "size": MapOf({"width": float, "height": float, "padding": float, "font": float,
                   "columns": int, "name": str, "inset": float}),
    "card": {"max_bleed": float, "min_font": float, "small_font": float, "footer_font": float,
             "footer_room": float, "footer_gap": float, "column_gap": float},
    "marks": {"length": float, "min_length": float, "offset": float, "width": float},
    "nup": {"gutter": float, "paper_margin": float, "cut_width": float, "cut_grey": float,
            "note_font": float, "note_gap": float, "back_overlap": float},
    "png": {"dpi": int},
    "back": MapOf({"colour": COLOUR, "pattern": COLOUR, "motif": str}),
}

#: ``--bleed`` is kept to this many decimals of a millimetre.
BLEED_DECIMALS = 2


def cards_data():
    """``seeds/cards.toml``, checked and frozen (the backs' press colours too)."""
    data = load_seed("cards.toml", SCHEMA)
    for name, size in data["size"].items():
        if size["name"] not in ("card", "page") or size["columns"] < 1:
            raise InputError(f"seeds/cards.toml [size.{name}]: name must be \"card\" or \"page\" "
                             "and columns at least 1")
    back_inks()
    return data


_BACK_INKS: list = []


def back_inks():
    """The press colours of the card backs (checked as seeds/print.toml's are)."""
    if not _BACK_INKS:
        from generator.draw.paper import make_inks

        backs = load_seed("cards.toml", SCHEMA)["back"]
        _BACK_INKS.append(make_inks(
            (f"seeds/cards.toml [back.{game}.{key}]", design[key])
            for game, design in backs.items() for key in ("colour", "pattern")))
    return _BACK_INKS[0]


def size_names() -> tuple[str, ...]:
    return tuple(cards_data()["size"])


def aid_games() -> list[str]:
    from generator.registry import games

    return [g.name for g in games() if g.aid]


def card_format(size: str, bleed: float):
    """The trim, bleed and padding of a card size (checks ``--size`` and ``--bleed``; the
    bleed is kept to 0.01 mm: 1/8 in is 3.175 mm)."""
    from generator.aids.impose import CardFormat

    data = cards_data()
    if size not in data["size"]:
        raise InputError(f"--size {size}: unknown card size; choose one of {', '.join(size_names())}")
    if not 0 <= bleed <= data["card"]["max_bleed"]:
        raise InputError(f"--bleed {bleed:g}: must be between 0 and {data['card']['max_bleed']:g} mm")
    if round(bleed, BLEED_DECIMALS + 1) != bleed:
        raise InputError(f"--bleed {bleed!r}: give it to 0.001 mm at most (1/8 in is 3.175)")
    dims = data["size"][size]
    return CardFormat(dims["width"], dims["height"], bleed, dims["padding"])


def aid_paper(nup: bool, paper: str | None) -> str | None:
    """The sheet paper: only with ``--nup`` (default A4); ``--paper`` alone is an error."""
    if paper is not None and not nup:
        raise InputError(f"--paper {paper}: the paper is only chosen for --nup (without it every "
                         "card is its own page, of the card's size); add --nup or leave out --paper")
    return (paper or "a4") if nup else None


def css_colour(cmyk: tuple[float, float, float, float]) -> str:
    """A press colour as CSS (WeasyPrint writes it in DeviceCMYK)."""
    return "device-cmyk(" + " ".join(f"{v:.4f}".rstrip("0").rstrip(".") or "0"
                                     for v in cmyk) + ")"


def card_style(size: str, bleed: float, mono: bool, cmyk: bool = False, alone: bool = True):
    """The text settings of one card size in the colour or mono theme (in press colours with
    ``cmyk``); ``alone``: each card is printed on paper of its size (no ``--nup``, no crop
    marks), so without bleed its background keeps the size's ``inset``."""
    from generator.aids.cards import Style
    from generator.draw.paper import make_sheet

    data = cards_data()
    dims, card = data["size"][size], data["card"]
    sheet = make_sheet("a4", mono, cmyk)
    roles = ("ink", "muted", "panel", "accent", "paper", "faint", "band")
    colour = {r: sheet.theme(r) for r in roles}
    text = dict(colour)
    if sheet.inks is not None:
        colour = {r: css_colour(sheet.inks.fill(c)) for r, c in colour.items()}
        text = {r: css_colour(sheet.inks.text(c)) for r, c in text.items()}
    return Style(size=size, kind=dims["name"], width=dims["width"], height=dims["height"],
                 bleed=bleed, padding=dims["padding"], footer_room=card["footer_room"],
                 footer_gap=card["footer_gap"], footer_font=max(card["footer_font"], card["min_font"]),
                 font=max(dims["font"], card["min_font"]),
                 small_font=round(max(card["min_font"], dims["font"] * card["small_font"]), 2),
                 columns=dims["columns"], gap=card["column_gap"], mono=mono, colour=colour,
                 text=text, inset=dims["inset"] if alone else 0.0)


def build_content(game: str, lang: str, variant: str) -> Aid:
    """The aid content of one game in one language."""
    from generator.registry import games, resolve

    spec = next((g for g in games() if g.name == game and g.aid), None)
    if spec is None:
        raise InputError(f"aid {game}: no player aid for this game; choose one of "
                         f"{', '.join(aid_games())} or all")
    return resolve(spec.aid)(catalogue(lang), variant)


def aid_name(game: str, *, lang: str = "en", size: str = "poker", variant: str = "en",
             mono: bool = False, bleed: float = 0.0, crop: bool = False, nup: bool = False,
             paper: str | None = None, backs: bool = False, cmyk: bool = False) -> str:
    """The name (without extension) of an aid's files: game, language, Tutankhamen rules and
    size, then every option that differs from its default, so two different aids never share
    a name: ``tut-aid-en-fr-poker-us-nup-letter-backs-bleed-3.175-mono-cmyk``. Crop marks are
    named only without ``--nup`` (imposed sheets always have them)."""
    from generator.registry import game as spec_of

    parts = [game, "aid", lang] + ([variant] if spec_of(game).aid_variants else []) + [size]
    if nup:
        parts += ["nup", paper or "a4"]
    if backs:
        parts.append("backs")
    if bleed:
        parts += ["bleed", f"{bleed:g}"]
    if crop and not nup:
        parts.append("crop-marks")
    if mono:
        parts.append("mono")
    if cmyk:
        parts.append("cmyk")
    return "-".join(parts)


def make_aid(game: str, **options: Any) -> tuple[str, bytes]:
    """One game's aid as (file name, PDF bytes); ``options`` as :func:`aid_name` takes them."""
    files = make_aid_files(game, **options)
    return files[0]


def make_aid_files(game: str, *, lang: str = "en", size: str = "poker", variant: str = "en",
                   mono: bool = False, bleed: float = 0.0, crop: bool = False, nup: bool = False,
                   paper: str | None = None, backs: bool = False, cmyk: bool = False,
                   pdf: bool = True, png: bool = False) -> list[tuple[str, bytes]]:
    """One game's aid as ``[(file name, bytes)]``: the PDF (``pdf``), then with ``png`` one
    picture of every card face with its bleed (:func:`card_pictures`)."""
    from generator.aids.cards import make_cards

    paper = aid_paper(nup, paper)
    fmt = card_format(size, bleed)
    cat = catalogue(lang)
    aid = build_content(game, lang, variant)
    title = aid.name or cat(f"common.game.{game}")
    footer = f"{cat('common.footer', game=title)} · {lang.upper()} · {GENERATOR}"
    crop = crop or nup  # imposed sheets always get crop marks
    options: dict[str, Any] = {"lang": lang, "size": size, "variant": variant, "bleed": bleed,
                               "mono": mono,
                               "crop": crop, "nup": nup, "paper": paper, "backs": backs,
                               "cmyk": cmyk}
    meta = {"title": f"{aid.title} — {cat['common.aid']}", "subject": footer, "creator": GENERATOR,
            "keywords": aid_keywords(game, **options), "lang": lang}
    name = aid_name(game, **options)
    files = []
    if pdf:
        style = card_style(size, bleed, mono, cmyk, alone=not crop)
        cards_pdf, plan = make_cards(aid, cat, style, footer, meta)
        files.append((name + ".pdf", _impose(game, cards_pdf, len(plan.pages), fmt, cat,
                                             title=title, crop=crop, nup=nup, paper=paper,
                                             backs=backs, mono=mono, cmyk=cmyk, meta=meta)))
    if png:
        # pictures are RGB files: drawn from the screen colours whatever --cmyk says
        # and cut at their trim by the service: the background runs to it
        cards_pdf, _ = make_cards(aid, cat, card_style(size, bleed, mono, alone=False), footer,
                                  meta)
        back = _back(game, title, cat, fmt, mono, None) if backs else None
        files += card_pictures(name, cards_pdf, back)
    return files


def _back(game: str, title: str, cat, fmt, mono: bool, inks) -> bytes:
    """The one-page back PDF of a game's cards, named ``title``."""
    from generator.aids.backs import back_pdf

    data = cards_data()
    if inks is not None:
        inks = inks.merged(back_inks())
    return back_pdf(game, title, cat("common.aid"), fmt, mono,
                    data["back"][game], cat.lang, inks)


def card_pictures(name: str, cards_pdf: bytes, back_pdf: bytes | None) -> list[tuple[str, bytes]]:
    """Every card face as a PNG at ``[png] dpi`` with its bleed, named by card:
    ``<name>-card-01-front.png`` (and ``-back.png`` with backs), for print services that take
    one picture per face."""
    import io

    import pypdfium2

    dpi = cards_data()["png"]["dpi"]
    sources = [(cards_pdf, "front")] + ([(back_pdf, "back")] if back_pdf is not None else [])
    pictures: dict[tuple[int, str], bytes] = {}
    count = 0
    for data, face in sources:
        doc = pypdfium2.PdfDocument(data)
        try:
            count = max(count, len(doc))
            for index in range(len(doc)):
                page = doc[index]
                # exactly the card's size in pixels (pdfium rounds a fractional pixel up)
                wide = round(page.get_width() / 72 * dpi)
                image = page.render(scale=(wide - 1e-6) / page.get_width()).to_pil()
                buffer = io.BytesIO()
                image.save(buffer, "PNG", dpi=(dpi, dpi))
                pictures[(index, face)] = buffer.getvalue()
        finally:
            doc.close()
    files = []
    for index in range(count):
        files.append((f"{name}-card-{index + 1:02d}-front.png", pictures[(index, "front")]))
        if back_pdf is not None:   # one back for every card: a face per card, as services ask
            files.append((f"{name}-card-{index + 1:02d}-back.png", pictures[(0, "back")]))
    return files


def _impose(game: str, cards_pdf: bytes, count: int, fmt, cat, *, title: str, crop: bool,
            nup: bool, paper: str | None, backs: bool, mono: bool, cmyk: bool,
            meta: dict[str, str]) -> bytes:
    """The cards on their sheets: one per sheet, or ``nup`` on paper with a note saying how to
    print it; a back (showing ``title``, the game's name) after each sheet."""
    from generator.aids import impose as im
    from generator.draw.paper import make_sheet

    data = cards_data()
    marks, grid = data["marks"], data["nup"]
    mark = im.Marks(marks["length"], marks["min_length"], marks["offset"])
    inks = make_sheet("a4", mono, cmyk).inks
    overlay = None
    if nup:
        sheet = make_sheet(paper or "a4")
        size = (sheet.width, sheet.height)
        layout = im.nup_grid(fmt, size, grid["gutter"], grid["paper_margin"], mark)
        places = im.nup_places(layout, count)
        lengths = im.mark_lengths(layout, fmt.bleed, size, grid["paper_margin"], mark)
        overlay = _note(cat, fmt, size, layout, lengths, mono, inks)
    else:
        room = marks["offset"] + marks["length"] + 1.0 if crop else 0.0
        size, places = im.single_places(fmt, count, room)
        lengths = (marks["length"], marks["length"])
    segments = im.crop_marks(places, fmt.bleed, lengths, marks["offset"]) if crop else []
    cuts = im.cut_lines(places) if nup and fmt.bleed == 0 and grid["gutter"] == 0 else []
    sheets = im.Sheets(segments, cuts, overlay)
    if backs:
        behind = im.back_places(places, size[0])
        # imposed backs overlap a hair, so no seam shows between them on a screen
        under = fmt._replace(bleed=fmt.bleed + grid["back_overlap"]) if nup else fmt
        sheets = sheets._replace(
            back=_back(game, title, cat, under, mono, inks), back_places=behind,
            back_marks=im.crop_marks(behind, fmt.bleed, lengths, marks["offset"]) if crop else [],
            back_trim=(under.bleed, under.bleed))
    style = {"mark_width": marks["width"], "cut_width": grid["cut_width"], "cut_grey": grid["cut_grey"]}
    return im.impose(cards_pdf, size, places, sheets=sheets, style=style, metadata=meta,
                     boxes=None if nup else fmt)


def _note(cat, fmt, size: tuple[float, float], layout, lengths, mono: bool, inks) -> bytes:
    """A sheet-sized one-page PDF with the note "print at 100% (actual size)" in its margin,
    where :func:`generator.aids.impose.note_place` finds room for it."""
    from generator.aids import impose as im
    from generator.draw.paper import make_sheet
    from generator.draw.pdf import document_to_pdf
    from generator.draw.scene import Document, Group, Page, compose, rotate, translate
    from generator.draw.text import measure, text

    data = cards_data()
    grid, marks = data["nup"], data["marks"]
    say = cat.words("common.print")
    words = say("note", width=say.num(fmt.width), height=say.num(fmt.height))
    font = grid["note_font"]
    height = font * 25.4 / 72 * 0.97                    # ascent to descent of the line
    xs = sorted({round(layout.x0 + i * layout.pitch_x + d, 4)    # the vertical cuts' marks
                 for i in range(layout.cols) for d in (0.0, layout.width)})
    cx, cy, turn = im.note_place(size, layout.outer(fmt.bleed), xs, lengths,
                                 (measure(words, font), height), grid["paper_margin"],
                                 marks["offset"], grid["note_gap"])
    ink = make_sheet("a4", mono).theme("ink")
    baseline = 0.265 * font * 25.4 / 72                  # from the middle of the line down
    line = text(0, baseline, words, font, anchor="middle", fill=ink)
    at = (cx, size[1] - cy)
    item = Group((line,), compose(translate(*at), rotate(-90)) if turn else translate(*at), "note")
    return document_to_pdf(Document((Page(size[0], size[1], (item,)),), cat("common.aid")),
                           cat.lang, inks)


#: The options an aid PDF records in its keywords, in order (what ``tombgen verify`` rebuilds it
#: from): ``tombgen, <game>, aid, lang=…, size=…, variant=…, bleed=…, mono=…, crop=…, nup=…,
#: paper=…, backs=…, cmyk=…`` (flags as yes/no; crop as used, so always yes with nup; paper
#: "none" without nup).
AID_KEYWORDS = ("lang", "size", "variant", "bleed", "mono", "crop", "nup", "paper", "backs",
                "cmyk")


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
                   "backs": flags[fields["backs"]], "cmyk": flags[fields["cmyk"]]}
    except (KeyError, ValueError):
        return None
    return parts[1], options


def make_aids(which: str, **options: Any) -> list[tuple[str, bytes]]:
    """``which`` = a game name or 'all'; every file is built before any is written
    (``options`` as :func:`make_aid_files` takes them)."""
    names = aid_games() if which == "all" else [which]
    return [file for name in names for file in make_aid_files(name, **options)]
