"""Text-heavy documents: jinja2 → HTML → WeasyPrint layout → measurements, checks and PDF.

The player aids are laid out twice by WeasyPrint: once to *measure* (every unit of content at its
text width on one tall page: :func:`measure`), then, once the cards are planned, to *write* the
cards. Every text element carries ``data-key`` (its catalogue key) so that anything leaving its
text area — a word wider than a column, a card that overflows — is reported by name
(:func:`overflow_problems`): never clipped, never shrunk.

Fonts come from the files shipped in ``templates/fonts/`` through ``@font-face`` rules
(:func:`font_faces`), never from the system, and are embedded as subsets in every PDF.
WeasyPrint and jinja2 are imported here, on use only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from generator.core.data import resource

PX_PER_MM = 96 / 25.4
EPS_PX = 0.5

#: The shipped font files of the one family the aids use, by CSS weight.
FONT_FAMILY = "DejaVu Sans"
FONT_FILES = {"normal": "fonts/DejaVuSans.ttf", "bold": "fonts/DejaVuSans-Bold.ttf"}


def font_faces() -> str:
    """``@font-face`` rules loading the shipped font files (file URLs from the data folder)."""
    rules = []
    for weight, name in FONT_FILES.items():
        url = resource("templates", name).resolve().as_uri()
        rules.append(f'@font-face {{ font-family: "{FONT_FAMILY}"; font-weight: {weight}; '
                     f'font-style: normal; src: url("{url}") format("truetype"); }}')
    return "\n".join(rules)


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string (for ``content:``), safe inside a ``<style>`` element."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\A ")
    return '"' + escaped.replace("<", "\\3C ") + '"'


def render_template(folder, name: str, context: dict[str, Any]) -> str:
    """Renders a jinja2 template from ``folder`` (undefined variables are errors)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)),
                             undefined=jinja2.StrictUndefined, autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template(name).render(**context)


def layout(html: str):
    """WeasyPrint's laid-out document for ``html``."""
    from weasyprint import HTML

    return HTML(string=html).render()


# ---- measuring ---------------------------------------------------------------------------------

class Measures(NamedTuple):
    """Heights (mm, margins included) of the elements marked ``data-unit`` and ``data-row``, and
    the column widths (mm) of every table marked ``data-unit``."""

    units: dict[str, float]
    rows: dict[str, float]
    columns: dict[str, tuple[float, ...]]


def measure(document) -> Measures:
    """Reads the heights of every unit and table row in a laid-out document."""
    units: dict[str, float] = {}
    rows: dict[str, float] = {}
    columns: dict[str, list[float]] = {}
    for page in document.pages:
        for box in _descendants(page._page_box):
            element = _element(box)
            if element is None:
                continue
            unit, row, col = element.get("data-unit"), element.get("data-row"), element.get("data-col")
            if unit and unit not in units:
                units[unit] = box.margin_height() / PX_PER_MM
            if row and row not in rows:
                rows[row] = box.margin_height() / PX_PER_MM
            if col and box.element_tag == "th":
                table, _, index = col.rpartition(".")
                widths = columns.setdefault(table, [])
                if len(widths) == int(index):
                    widths.append(box.margin_width() / PX_PER_MM)
    return Measures(units, rows, {k: tuple(v) for k, v in columns.items()})


# ---- checking ----------------------------------------------------------------------------------

def overflow_problems(document) -> list[str]:
    """Every keyed element whose box leaves its text area: its column (an element marked
    ``class="slot"``) or, failing that, its page's content box."""
    problems: list[str] = []
    seen: set[str] = set()
    for number, page in enumerate(document.pages, start=1):
        box = page._page_box
        area = (box.content_box_x(), box.content_box_y(),
                box.content_box_x() + box.width, box.content_box_y() + box.height)
        _check(box, area, number, seen, problems)
    return problems


def _check(box, area, number: int, seen: set[str], problems: list[str]) -> None:
    for child in getattr(box, "children", ()) or ():
        inner = area
        element = _element(child)
        if element is not None and "slot" in (element.get("class") or "").split():
            x0, y0 = child.border_box_x(), child.border_box_y()
            inner = (x0, y0, x0 + child.border_width(), area[3])
        key = element.get("data-key") if element is not None else None
        if key and key not in seen and not any(key.startswith(k + ".") for k in seen):
            x0, y0 = child.border_box_x(), child.border_box_y()
            x1, y1 = x0 + child.border_width(), y0 + child.border_height()
            if x1 > inner[2] + EPS_PX or y1 > inner[3] + EPS_PX or x0 < inner[0] - EPS_PX:
                seen.add(key)
                problems.append(f"card {number}: {key!r} does not fit its card "
                                f"({_overshoot(x1 - inner[2], y1 - inner[3])}): "
                                f"{_text_of(child)[:60]!r}")
        _check(child, inner, number, seen, problems)


def _overshoot(dx: float, dy: float) -> str:
    parts = []
    if dx > EPS_PX:
        parts.append(f"{dx / PX_PER_MM:.1f} mm too wide")
    if dy > EPS_PX:
        parts.append(f"{dy / PX_PER_MM:.1f} mm too tall")
    return ", ".join(parts) or "outside the card"


def _descendants(box):
    for child in getattr(box, "children", ()) or ():
        yield child
        yield from _descendants(child)


def _element(box):
    """The HTML element a box was made for (None for anonymous boxes)."""
    if getattr(box, "element_tag", None) is None:
        return None
    return getattr(box, "element", None)


def _text_of(box) -> str:
    element = getattr(box, "element", None)
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())


# ---- writing -----------------------------------------------------------------------------------

def write_pdf(document, metadata: dict[str, str] | None = None) -> bytes:
    """The PDF of a laid-out document, with its metadata, byte-identical run after run."""
    if metadata:
        document.metadata.title = metadata.get("title", document.metadata.title)
        document.metadata.description = metadata.get("subject")
        document.metadata.keywords = [k for k in metadata.get("keywords", "").split(", ") if k]
        document.metadata.generator = metadata.get("creator")
        document.metadata.authors = [metadata.get("creator", "")]
    return _reproducible(lambda: document.write_pdf(uncompressed_pdf=False))


def _reproducible(write):
    """Runs ``write`` with SOURCE_DATE_EPOCH pinned: the font subsetter stamps each embedded
    font with the current time unless it is set, which would make every run's bytes differ."""
    import os

    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        return write()
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before
