"""Paper sizes, margins, print limits and themes, from ``seeds/print.toml``.

A :class:`Sheet` is the printable frame a renderer lays out in: paper size, the safe content box
inside the margins (with room for the footer), the theme and the print limits.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from generator.core.data import MapOf, load_seed
from generator.core.errors import InputError

SCHEMA = {
    "paper": MapOf({"width": float, "height": float}),
    "layout": {"margin": float, "footer_size": float, "footer_gap": float},
    "limits": {"min_margin": float, "min_line": float, "min_text": float, "min_box": float,
               "min_contrast": float, "min_grey_step": float},
    "fonts": {"family": str, "regular": str, "bold": str, "condensed": str, "condensed_bold": str,
              "svg_family": str},
    "theme": MapOf(MapOf(str)),
}


def settings():
    """The print settings (loaded once)."""
    return load_seed("print.toml", SCHEMA)


def paper_names() -> tuple[str, ...]:
    return tuple(settings()["paper"])


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


def make_sheet(paper: str = "a4", mono: bool = False) -> Sheet:
    """The frame for ``paper`` ('a4'|'letter') in the colour or mono theme."""
    data = settings()
    if paper not in data["paper"]:
        raise InputError(f"--paper {paper}: unknown paper; choose one of {', '.join(data['paper'])}")
    size = data["paper"][paper]
    theme_name = "mono" if mono else "colour"
    layout = data["layout"]
    return Sheet(paper, size["width"], size["height"], layout["margin"], layout["footer_size"],
                 layout["footer_gap"], Theme(theme_name, data["theme"][theme_name], mono),
                 data["limits"])
