"""Paper sizes, margins, print limits, themes and their press colours, from ``seeds/print.toml``.

A :class:`Sheet` is the printable frame a renderer lays out in: paper size, the safe content box
inside the margins (with room for the footer), the theme, the print limits and whether its PDF
is for press (``cmyk``). :class:`Inks` are the press colours (DeviceCMYK) of the screen colours
the themes use, checked against the rules for press when they are read (see the comment in
``seeds/print.toml``): the PDF backends draw with them in a ``--cmyk`` PDF.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from generator.core.data import MapOf, Optional, load_seed
from generator.core.errors import BuildError, InputError

#: A colour as the data gives it: its screen colour and its press colour (percent), and for
#: roles that colour text in another ink than black, its text colour (black ink only).
COLOUR = {"rgb": str, "cmyk": [float], "text": Optional([float])}

SCHEMA = {
    "paper": MapOf({"width": float, "height": float}),
    "layout": {"margin": float, "footer_size": float, "footer_gap": float},
    "limits": {"min_margin": float, "min_line": float, "min_text": float, "min_box": float,
               "min_contrast": float, "label_contrast": float, "min_grey_step": float,
               "min_detail": float},
    "press": {"max_ink": float},
    "fonts": {"family": str, "regular": str, "bold": str, "condensed": str, "condensed_bold": str,
              "svg_family": str},
    "theme": MapOf(MapOf(COLOUR)),
}

CMYK = tuple[float, float, float, float]


_INKS: list = []


def settings():
    """The print settings (loaded once; the press colours checked then)."""
    data = load_seed("print.toml", SCHEMA)
    if not _INKS:
        _INKS.append(make_inks(
            (f"seeds/print.toml [theme.{name}.{role}]", colour)
            for name, roles in data["theme"].items() for role, colour in roles.items()))
    return data


def press_inks() -> Inks:
    """The press colours of every colour the two themes use."""
    settings()
    return _INKS[0]


def paper_names() -> tuple[str, ...]:
    return tuple(settings()["paper"])


class Inks(NamedTuple):
    """Press colours by screen colour: ``'#rrggbb'`` → (c, m, y, k), each from 0 to 1; for
    fills and lines (``fill``) and for text (``text``: black ink alone)."""

    fills: Mapping[str, CMYK]
    texts: Mapping[str, CMYK]

    def fill(self, colour: str) -> CMYK:
        return self._find(self.fills, colour, "")

    def text(self, colour: str) -> CMYK:
        return self._find(self.texts, colour, " for text")

    @staticmethod
    def _find(table: Mapping[str, CMYK], colour: str, what: str) -> CMYK:
        found = table.get(colour.lower())
        if found is None:
            raise BuildError(f"colour {colour} has no press colour{what}: give it a role with "
                             "rgb and cmyk in seeds/print.toml (or the card backs' colours in "
                             "seeds/cards.toml)")
        return found

    def merged(self, other: Inks) -> Inks:
        return Inks({**self.fills, **other.fills}, {**self.texts, **other.texts})


def make_inks(colours: Iterable[tuple[str, Mapping[str, Any]]]) -> Inks:
    """The press colours of ``(place, {"rgb", "cmyk", "text"?})`` entries, checked against the
    rules for press: percentages from 0 to 100, at most ``[press] max_ink`` in all, black and
    greys in black ink alone, text in black ink alone, one press colour per screen colour.
    A broken rule is an :class:`InputError` naming the place."""
    max_ink = load_seed("print.toml", SCHEMA)["press"]["max_ink"]
    fills: dict[str, CMYK] = {}
    texts: dict[str, CMYK] = {}
    where: dict[str, str] = {}
    for place, colour in colours:
        rgb = colour["rgb"].lower()
        if len(rgb) != 7 or rgb[0] != "#" or any(c not in "0123456789abcdef" for c in rgb[1:]):
            raise InputError(f"{place} rgb: {colour['rgb']!r} is not a colour; write #rrggbb")
        fill = _percentages(place, "cmyk", colour["cmyk"], max_ink)
        text = _percentages(place, "text", colour["text"], max_ink) if "text" in colour else None
        if rgb == "#000000" and fill != (0, 0, 0, 1):
            raise InputError(f"{place} cmyk: black is black ink alone: [0, 0, 0, 100]")
        if rgb[1:3] == rgb[3:5] == rgb[5:7] and fill[:3] != (0, 0, 0):
            raise InputError(f"{place} cmyk: the grey {rgb} must print in black ink alone "
                             "(0, 0, 0, K), not in four colours")
        if text is not None and text[:3] != (0, 0, 0):
            raise InputError(f"{place} text: text prints in black ink alone: [0, 0, 0, K]")
        text = text if text is not None else fill
        if rgb in fills and (fills[rgb], texts[rgb]) != (fill, text):
            raise InputError(f"{place}: {rgb} has another press colour at {where[rgb]}; one "
                             "screen colour has one press colour")
        fills[rgb], texts[rgb], where[rgb] = fill, text, place
    return Inks(MappingProxyType(fills), MappingProxyType(texts))


def _percentages(place: str, key: str, values: tuple, max_ink: float) -> CMYK:
    if len(values) != 4 or not all(0 <= v <= 100 for v in values):
        raise InputError(f"{place} {key}: give four percentages from 0 to 100 (C, M, Y, K)")
    if sum(values) > max_ink:
        raise InputError(f"{place} {key}: {sum(values):g}% of ink in all, above the "
                         f"{max_ink:g}% of [press] max_ink in seeds/print.toml")
    c, m, y, k = (round(v / 100, 4) for v in values)
    return (c, m, y, k)


class Theme(NamedTuple):
    """Colour roles for one theme; ``mono`` tells renderers to add non-colour cues."""

    name: str
    colours: MappingProxyType
    mono: bool

    def __call__(self, role: str) -> str:
        try:
            return self.colours[role]
        except KeyError:
            raise KeyError(f"theme {self.name!r} has no colour role {role!r} (seeds/print.toml)") from None


class Sheet(NamedTuple):
    """A printable page frame: paper, content box (mm), theme, limits."""

    paper: str
    width: float
    height: float
    margin: float
    footer_size: float
    footer_gap: float
    theme: Theme
    limits: MappingProxyType
    #: Its PDF is for press: every colour in DeviceCMYK (:func:`press_inks`), text in black ink.
    cmyk: bool = False

    @property
    def inks(self) -> Inks | None:
        """The press colours its PDF is drawn with; None for a screen (RGB) PDF."""
        return press_inks() if self.cmyk else None

    @property
    def left(self) -> float:
        return self.margin

    @property
    def top(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def bottom(self) -> float:
        """Lowest y content may use: above the footer line."""
        return self.height - self.margin - self.footer_size * 25.4 / 72 - self.footer_gap

    @property
    def content_width(self) -> float:
        return self.right - self.left

    @property
    def content_height(self) -> float:
        return self.bottom - self.top

    @property
    def footer_y(self) -> float:
        return self.height - self.margin


def make_sheet(paper: str = "a4", mono: bool = False, cmyk: bool = False) -> Sheet:
    """The frame for ``paper`` ('a4'|'letter') in the colour or mono theme, its PDF for press
    (``cmyk``) or for screens and home printers."""
    data = settings()
    if paper not in data["paper"]:
        raise InputError(f"--paper {paper}: unknown paper; choose one of {', '.join(data['paper'])}")
    size = data["paper"][paper]
    theme_name = "mono" if mono else "colour"
    layout = data["layout"]
    colours = MappingProxyType({role: colour["rgb"]
                                for role, colour in data["theme"][theme_name].items()})
    return Sheet(paper, size["width"], size["height"], layout["margin"], layout["footer_size"],
                 layout["footer_gap"], Theme(theme_name, colours, mono), data["limits"], cmyk)
