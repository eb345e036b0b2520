"""Text measurement and fitting: text never overflows its box, and never shrinks unreadably.

Widths come from the metrics of the base-14 fonts (the same fonts the PDF uses), read through
reportlab's font tables, imported on first use. :func:`text` builds a :class:`Text` that fits in
``max_width`` at the requested size, or at a smaller size not below the print minimum; when even
that does not fit it raises :class:`BuildError` naming the string.
"""

from __future__ import annotations

from generator.core.errors import BuildError
from generator.draw.paper import settings
from generator.draw.scene import PT_TO_MM, Text

_WIDTH_CACHE: dict[tuple[str, float, bool], float] = {}


def measure(value: str, size: float, bold: bool = False) -> float:
    """Advance width of ``value`` at ``size`` pt, in mm."""
    key = (value, size, bold)
    if key not in _WIDTH_CACHE:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        fonts = settings()["fonts"]
        _WIDTH_CACHE[key] = stringWidth(value, fonts["bold" if bold else "regular"], size) * PT_TO_MM
    return _WIDTH_CACHE[key]


def min_text_size() -> float:
    return settings()["limits"]["min_text"]


def text(x: float, y: float, value: str, size: float, *, anchor: str = "start",
         bold: bool = False, fill: str = "#000000", max_width: float | None = None,
         min_size: float | None = None) -> Text:
    """A fitted :class:`Text`; shrinks down to ``min_size`` (default the print minimum) or fails."""
    floor = max(min_size if min_size is not None else min_text_size(), min_text_size())
    current = size
    width = measure(value, current, bold)
    if max_width is not None:
        while width > max_width + 1e-6 and current - 0.25 >= floor - 1e-9:
            current = round(current - 0.25, 2)
            width = measure(value, current, bold)
        if width > max_width + 1e-6:
            raise BuildError(f"text does not fit: {value!r} needs {width:.1f} mm at {current:g} pt, "
                             f"box is {max_width:.1f} mm wide")
    return Text(x, y, value, current, width, anchor, bold, fill)


def wrap(value: str, size: float, max_width: float, bold: bool = False) -> list[str]:
    """Splits ``value`` into lines no wider than ``max_width`` mm (words are never cut)."""
    lines: list[str] = []
    current = ""
    for word in value.split():
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
