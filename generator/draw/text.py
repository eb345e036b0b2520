"""Text measurement and fitting: text never overflows its box, and never shrinks unreadably.

Widths come from the advance widths of the shipped font (DejaVu Sans, :mod:`generator.draw.fonts`),
the same faces every PDF embeds and every SVG names, so a measured text prints at the width it was
laid out for. :func:`text` builds a :class:`Text` that fits in ``max_width`` at the requested
size, or at a smaller size not below the print minimum, or — last resort — in the condensed cut
of the family; when even that does not fit it raises :class:`BuildError` naming the string.
"""

from __future__ import annotations

import re

from generator.core.errors import BuildError
from generator.draw.fonts import advance
from generator.draw.paper import settings
from generator.draw.scene import PT_TO_MM, Text

_WIDTH_CACHE: dict[tuple[str, float, bool, bool], float] = {}
#: Size step of the fitting (pt).
STEP = 0.25
#: Where a line may break: ordinary white space, never a no-break space.
_BREAKS = re.compile(r"[ \t\r\n]+")


def measure(value: str, size: float, bold: bool = False, condensed: bool = False) -> float:
    """Advance width of ``value`` at ``size`` pt, in mm."""
    key = (value, size, bold, condensed)
    found = _WIDTH_CACHE.get(key)
    if found is None:
        found = _WIDTH_CACHE[key] = advance(value, size, bold, condensed) * PT_TO_MM
    return found


def min_text_size() -> float:
    """The smallest text size a sheet may print (pt, ``print.toml [limits] min_text``)."""
    return settings()["limits"]["min_text"]


def text(x: float, y: float, value: str, size: float, *, anchor: str = "start",
         bold: bool = False, fill: str = "#000000", max_width: float | None = None,
         min_size: float | None = None) -> Text:
    """A fitted :class:`Text` in ``max_width`` mm, or a :class:`BuildError` naming the string.

    The regular face shrinks in steps down to ``min_size`` (default, and never below, the print
    minimum); when even that is too wide, the condensed cut of the face tries again from
    ``size``. Text is never clipped.
    """
    floor = max(min_size if min_size is not None else min_text_size(), min_text_size())
    fitted = _fit(value, size, floor, bold, False, max_width)
    if fitted is None:
        fitted = _fit(value, size, floor, bold, True, max_width)
    if fitted is None:
        width = measure(value, floor, bold, True)
        raise BuildError(f"text does not fit: {value!r} needs {width:.1f} mm at {floor:g} pt "
                         f"(condensed), box is {max_width:.1f} mm wide")
    current, width, condensed = fitted
    return Text(x, y, value, current, width, anchor, bold, fill, condensed)


def _fit(value: str, size: float, floor: float, bold: bool, condensed: bool,
         max_width: float | None) -> tuple[float, float, bool] | None:
    """(size, width, condensed) of the largest step from ``size`` down to ``floor`` that fits."""
    current = size
    width = measure(value, current, bold, condensed)
    if max_width is None:
        return current, width, condensed
    while width > max_width + 1e-6 and current - STEP >= floor - 1e-9:
        current = round(current - STEP, 2)
        width = measure(value, current, bold, condensed)
    return (current, width, condensed) if width <= max_width + 1e-6 else None


def wrap(value: str, size: float, max_width: float, bold: bool = False) -> list[str]:
    """Splits ``value`` into lines no wider than ``max_width`` mm (words are never cut). A
    no-break space (U+00A0, French before ``: ; ! ?``) joins its neighbours into one word."""
    lines: list[str] = []
    current = ""
    for word in _BREAKS.split(value.strip()):
        candidate = f"{current} {word}" if current else word
        if measure(candidate, size, bold) <= max_width:
            current = candidate
            continue
        if not current or measure(word, size, bold) > max_width:
            raise BuildError(f"text does not fit: the word {word!r} of {value!r} is wider "
                             f"than {max_width:.1f} mm at {size:g} pt")
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    return lines


def paragraph(x: float, y: float, value: str, size: float, max_width: float, max_lines: int,
              *, bold: bool = False, fill: str = "#000000", leading: float = 1.2) -> list[Text]:
    """Wrapped lines from baseline ``y`` down; more than ``max_lines`` lines is a build error."""
    lines = wrap(value, size, max_width, bold)
    if len(lines) > max_lines:
        raise BuildError(f"text does not fit: {value!r} needs {len(lines)} lines, "
                         f"the box holds {max_lines}")
    step = size * PT_TO_MM * leading
    return [text(x, y + i * step, line, size, bold=bold, fill=fill) for i, line in enumerate(lines)]


def fit_lines(value: str, size: float, max_width: float, bold: bool = False) -> list[str]:
    """``value`` on one line when it fits ``max_width`` (shrunk down to the print minimum, or in
    the condensed cut, as :func:`text` would set it), else its words wrapped at ``size``: a
    longer translation takes another line rather than failing."""
    if measure(value, min_text_size(), bold, condensed=True) <= max_width + 1e-6:
        return [value]
    return wrap(value, size, max_width, bold)


def set_lines(x: float, y: float, lines: list[str], size: float, max_width: float, *,
              bold: bool = False, fill: str = "#000000", leading: float = 1.2) -> list[Text]:
    """Lines (from :func:`fit_lines` or :func:`wrap`) from baseline ``y`` down, each fitted to
    ``max_width``."""
    step = size * PT_TO_MM * leading
    return [text(x, y + i * step, line, size, bold=bold, fill=fill, max_width=max_width)
            for i, line in enumerate(lines)]
