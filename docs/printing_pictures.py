"""The pictures of docs/printing.md: ``python docs/printing_pictures.py``.

Runs the commands the page shows (``tombgen aid …``) from the checkout into a temporary folder
and draws a sheet of each PDF as PNG (pypdfium2; 60 dpi, a single card 150 dpi), so the pictures
are what the commands make. ``--out DIR`` writes them elsewhere.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: (picture, command arguments after ``tombgen``, the sheet to draw: 1 = the first page, dpi)
PICTURES = (
    ("printing-poker-a4.png", ["aid", "tumba", "--nup"], 1, 60),
    ("printing-poker-a4-backs.png", ["aid", "tumba", "--nup", "--backs"], 2, 60),
    ("printing-poker-letter.png", ["aid", "tumba", "--nup", "--paper", "letter"], 1, 60),
    ("printing-tarot-letter.png", ["aid", "realms", "--size", "tarot", "--nup", "--paper",
                                   "letter"], 1, 60),
    ("printing-poker-us-bleed.png", ["aid", "tanis", "--size", "poker-us", "--bleed", "3.175",
                                     "--crop-marks", "--backs"], 1, 150),
    ("printing-poker-us-bleed-back.png", ["aid", "tanis", "--size", "poker-us", "--bleed",
                                          "3.175", "--crop-marks", "--backs"], 2, 150),
)


def make(out: Path) -> list[Path]:
    import pypdfium2

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, sheet, dpi in PICTURES:
            folder = Path(tmp) / name
            subprocess.run([sys.executable, "-m", "generator", *args, "--out", str(folder)],
                           cwd=ROOT, env=env, check=True, capture_output=True)
            (pdf,) = folder.glob("*.pdf")
            doc = pypdfium2.PdfDocument(str(pdf))
            try:
                image = doc[sheet - 1].render(scale=dpi / 72).to_pil()
            finally:
                doc.close()
            target = out / name
            image.save(target, "PNG", optimize=True)
            written.append(target)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    for path in make(args.out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
