"""Reading PDFs back as a print shop's preflight does, with tools independent of tombgen: every
colour operator of every content stream (pypdf), the ink on each plate (Ghostscript's tiffsep
separation device), what is printed where (Ghostscript's bbox device), the page boxes
(poppler's pdfinfo -box).

Ghostscript and poppler-utils are system packages (``.ci/run`` installs them).
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path
from typing import NamedTuple

MM = 72 / 25.4


class Paint(NamedTuple):
    """One colour a content stream sets: its operator, colour space and values."""

    operator: str
    space: str
    values: tuple[float, ...]


def paints(pdf: bytes) -> list[Paint]:
    """Every colour set in the PDF: on every page and in every form XObject it draws (once
    each), with the colour space it is set in (``/Reg`` and other named spaces resolved to
    their family, e.g. ``Separation /All``)."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(pdf))
    found: list[Paint] = []
    seen: set[int] = set()

    def space_name(name, resources) -> str:
        name = str(name)
        if name.startswith("/Device"):
            return name[1:]
        spaces = resources.get("/ColorSpace", {}) if resources is not None else {}
        entry = spaces.get(name)
        if entry is None:
            return name[1:]
        entry = entry.get_object()
        if isinstance(entry, list):
            return " ".join(str(v) for v in entry[:2]).replace("/", "")
        return str(entry)[1:]

    def walk(stream, resources) -> None:
        space = {"fill": "DeviceGray", "stroke": "DeviceGray"}
        content = ContentStream(stream, reader)
        for operands, op in content.operations:
            op = op.decode("latin-1")
            values = tuple(float(v) for v in operands if isinstance(v, (int, float)))
            if op in ("rg", "RG"):
                found.append(Paint(op, "DeviceRGB", values))
            elif op in ("g", "G"):
                found.append(Paint(op, "DeviceGray", values))
            elif op in ("k", "K"):
                found.append(Paint(op, "DeviceCMYK", values))
            elif op in ("cs", "CS"):
                space["fill" if op == "cs" else "stroke"] = space_name(operands[0], resources)
            elif op in ("sc", "scn", "SC", "SCN"):
                found.append(Paint(op, space["fill" if op.islower() else "stroke"], values))
            elif op == "Do" and resources is not None:
                xobject = resources.get("/XObject", {}).get(str(operands[0]))
                if xobject is not None and xobject.idnum not in seen:
                    seen.add(xobject.idnum)
                    form = xobject.get_object()
                    if form.get("/Subtype") == "/Form":
                        walk(form, form.get("/Resources", resources))

    for page in reader.pages:
        walk(page.get_contents(), page.get("/Resources"))
    return found


def colour_spaces(pdf: bytes) -> set[str]:
    """The colour spaces the PDF paints in (see :func:`paints`)."""
    return {p.space for p in paints(pdf)}


def ink_totals(pdf: bytes) -> list[float]:
    """The total ink (C + M + Y + K, 0 to 4) of every DeviceCMYK colour the PDF sets."""
    return [sum(p.values) for p in paints(pdf) if p.space == "DeviceCMYK"]


def plates(pdf: bytes, folder: Path, dpi: int = 72, text_only: bool = False) -> list:
    """Each page as a CMYK picture of its plates (PIL images, 0 = no ink, 255 = full ink),
    rasterised by Ghostscript's tiffsep device; ``text_only``: only the text is drawn (vector
    art left out, -dFILTERVECTOR; the PDFs hold no images, and -dFILTERIMAGE would drop the
    glyphs too, which Ghostscript paints from its cache as images)."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "in.pdf"
    source.write_bytes(pdf)
    for old in folder.glob("page*.tif"):
        old.unlink()
    args = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{dpi}",
            f"-sOutputFile={folder}/page%d.tif"]
    if text_only:
        args += ["-dFILTERVECTOR"]
    subprocess.run(args + [str(source)], check=True, capture_output=True, timeout=300)
    pages = sorted(folder.glob("page[0-9]*.tif"), key=lambda p: int(re.sub(r"\D", "", p.stem)))
    out = []
    for path in pages:
        if "(" in path.name:
            continue                        # one plate alone; the composite has all four
        with Image.open(path) as image:
            out.append(image.convert("CMYK").copy())
    return out


def printed_boxes(pdf: bytes, folder: Path) -> list[tuple[float, float, float, float]]:
    """What each page prints, as Ghostscript's bbox device finds it: (left, bottom, right, top)
    in mm from the page's bottom-left corner."""
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "box.pdf"
    source.write_bytes(pdf)
    run = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=bbox",
                          str(source)], capture_output=True, text=True, timeout=300)
    number = r"(-?[\d.]+)"
    boxes = re.findall(rf"%%HiResBoundingBox: {number} {number} {number} {number}", run.stderr)
    return [tuple(float(v) / MM for v in box) for box in boxes]


def page_boxes(pdf: bytes, folder: Path) -> list[dict[str, tuple[float, ...]]]:
    """Every page's boxes as poppler's ``pdfinfo -box`` reads them, in mm:
    ``{"MediaBox": (x0, y0, x1, y1), "TrimBox": …, "BleedBox": …}``."""
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "boxes.pdf"
    source.write_bytes(pdf)
    run = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "9999", str(source)],
                         capture_output=True, text=True, check=True, timeout=120)
    pages: dict[int, dict[str, tuple[float, ...]]] = {}
    for number, name, values in re.findall(r"Page\s+(\d+) (\w+Box):\s+([-\d. ]+)", run.stdout):
        pages.setdefault(int(number), {})[name] = tuple(float(v) / MM for v in values.split())
    return [pages[n] for n in sorted(pages)]
