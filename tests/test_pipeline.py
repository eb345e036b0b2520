"""End-to-end: byte-identical output across processes, SVG and PDF agree, the wheel works."""

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from helpers import ROOT, run_tombgen


def make(tmp: Path, *args: str) -> dict[str, bytes]:
    result = run_tombgen("tanis", "dig", *args, "--out", str(tmp))
    assert result.returncode == 0, result.stderr
    return {p.name: p.read_bytes() for p in tmp.iterdir()}


def test_same_seed_two_processes_identical_bytes(tmp_path):
    a = make(tmp_path / "a", "--seed", "314", "--count", "2")
    b = make(tmp_path / "b", "--seed", "314", "--count", "2")
    assert {"tanis-dig-314-count-2-1.svg", "tanis-dig-314-count-2-2.svg",
            "tanis-dig-314-count-2-1.json", "tanis-dig-314-count-2-2.json",
            "tanis-dig-314-count-2.pdf"} <= set(a)
    assert a == b


DPI = 72  # one pixel a point: at 60 dpi a hairline astride two pixels reads as grey in one engine and black in the other


def _raster(path: Path):
    """Rasterise with two independent engines: PDFium for the PDF, resvg for the SVG."""
    import io

    from PIL import Image

    if path.suffix == ".pdf":
        import pypdfium2

        return pypdfium2.PdfDocument(str(path))[0].render(scale=DPI / 72).to_pil().convert("L")
    import resvg_py

    png = resvg_py.svg_to_bytes(svg_path=str(path), background="#ffffff", dpi=DPI)
    return Image.open(io.BytesIO(bytes(png))).convert("L")


def ink_mismatch(a, b) -> float:
    """Share of a's dark pixels with nothing nearly as dark in b within 2 px.

    Anti-aliasing, hinting and font substitution move edges by a pixel and change their grey;
    a different drawing leaves whole strokes unmatched.
    """
    from PIL import ImageChops, ImageFilter

    ink = a.point(lambda v: 255 if v < 80 else 0)
    darkest_near = b.filter(ImageFilter.MinFilter(5))
    lighter = ImageChops.subtract(darkest_near, a).point(lambda v: 255 if v > 100 else 0)
    unmatched = ImageChops.multiply(lighter, ink)
    return unmatched.histogram()[255] / max(ink.histogram()[255], 1)


def _pair(tmp: Path, pdf_seed: int, svg_seed: int, *extra: str):
    make(tmp, "--seed", str(pdf_seed), "--format", "pdf", *extra)
    make(tmp, "--seed", str(svg_seed), "--format", "svg", *extra)
    mono = "-mono" if "--mono" in extra else ""
    pdf_img = _raster(tmp / f"tanis-dig-{pdf_seed}{mono}.pdf")
    svg_img = _raster(tmp / f"tanis-dig-{svg_seed}{mono}.svg")
    assert abs(pdf_img.size[0] - svg_img.size[0]) <= 1 and abs(pdf_img.size[1] - svg_img.size[1]) <= 1
    return pdf_img, svg_img.resize(pdf_img.size)


@pytest.mark.parametrize("mono", [False, True])
def test_svg_and_pdf_rasterise_alike(tmp_path, mono):
    pdf_img, svg_img = _pair(tmp_path, 21, 21, *(["--mono"] if mono else []))
    assert ink_mismatch(pdf_img, svg_img) < 0.01
    assert ink_mismatch(svg_img, pdf_img) < 0.01


def test_different_drawings_are_caught_by_the_raster_check(tmp_path):
    """The agreement check can fail: two different digs leave strokes unmatched."""
    pdf_img, svg_img = _pair(tmp_path, 21, 22)
    assert ink_mismatch(pdf_img, svg_img) > 0.01


def test_installed_wheel_finds_its_data(tmp_path):
    """Build the wheel, install it into an isolated folder and make a sheet from elsewhere."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(wheels), str(ROOT)], check=True, capture_output=True)
    wheel = next(wheels.glob("tombgen-*.whl"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    for kind in ("seeds", "maps", "templates"):
        assert (target / "generator" / "_data" / kind).is_dir()
    assert (target / "generator" / "_data" / "templates" / "fonts" / "DejaVuSans.ttf").is_file()
    # -S: no site processing, so the editable checkout install is invisible; dependencies come
    # from the interpreter's site-packages, tombgen only from the wheel.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), sysconfig.get_paths()["purelib"],
                                                      sysconfig.get_paths()["platlib"]]))
    work = tmp_path / "elsewhere"
    work.mkdir()
    code = ("import generator, generator.core.data as d; "
            "print(generator.__file__); print(d.resource_root('seeds'))")
    probe = subprocess.run([sys.executable, "-S", "-c", code], cwd=work, env=env,
                           capture_output=True, text=True, check=True)
    module_file, seeds_root = probe.stdout.split()
    assert module_file.startswith(str(target)) and seeds_root.startswith(str(target))
    run = subprocess.run([sys.executable, "-S", "-m", "generator", "tanis", "dig", "--seed", "3",
                          "--out", "out"], cwd=work, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # the sheet made from the wheel embeds the wheel's DejaVu Sans
    assert b"+DejaVuSans" in (work / "out" / "tanis-dig-3.pdf").read_bytes()
    # the local web page's files come from the wheel too
    page = ("import warnings; warnings.simplefilter('ignore')\n"
            "from starlette.testclient import TestClient\n"
            "from generator.studio.app import make_app, static_root\n"
            "client = TestClient(make_app(hosts=('testserver',)))\n"
            "print(static_root(), client.get('/').status_code, "
            "client.get('/static/studio.js').status_code)")
    probe = subprocess.run([sys.executable, "-S", "-c", page], cwd=work, env=env,
                           capture_output=True, text=True, check=True)
    root, index, script = probe.stdout.split()
    assert root.startswith(str(target)) and (index, script) == ("200", "200")


@pytest.mark.parametrize("count", [0, -2])
def test_produce_refuses_a_run_of_no_items(tmp_path, count):
    """The library entry point refuses what the command refuses, and writes nothing."""
    from generator.core.errors import InputError
    from generator.produce import produce

    with pytest.raises(InputError, match=f"--count {count}: must be 1 or more"):
        produce("tanis", "dig", 1, count=count, out=tmp_path / "out")
    assert not (tmp_path / "out").exists()
