"""Every page's footer (and the PDF metadata) names the command that makes it again."""

import json
import re
import shlex

import pytest

from generator import GENERATOR
from generator.cli import main
from generator.draw.paper import make_sheet
from generator.draw.scene import Text
from generator.produce import RunInfo, footer_line


def _footer(tmp_path, runner, *args):
    result = runner.invoke(main, [*args, "--format", "svg,json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.loads(next(tmp_path.glob("*.json")).read_text())
    svg = next(tmp_path.glob("*.svg")).read_text()
    return doc, svg


def test_footer_is_the_command_with_the_options_that_differ(runner, tmp_path):
    doc, svg = _footer(tmp_path, runner, "tumba", "setup", "--mode", "advanced", "--players", "5",
                       "--paper", "letter", "--mono", "--seed", "3")
    line = f"tumba setup --mode advanced --players 5 --paper letter --mono · seed 3 · {GENERATOR}"
    assert f">{line}</text>" in svg.replace("&gt;", ">")
    assert doc["options"] == {"mode": "advanced", "players": 5} and doc["lang"] == "en"


def test_an_option_at_its_default_is_left_out(runner, tmp_path):
    _, svg = _footer(tmp_path, runner, "tumba", "setup", "--mode", "standard", "--players", "4",
                     "--seed", "3")
    assert f">tumba setup · seed 3 · {GENERATOR}</text>" in svg


def test_the_footer_remakes_the_page(runner, tmp_path):
    """Run the command the footer names: the same files, byte for byte."""
    first = tmp_path / "a"
    result = runner.invoke(main, ["tut", "trail", "--shape", "spiral", "--spread", "--players",
                                  "3", "--seed", "12", "--format", "svg,json", "--out",
                                  str(first)])
    assert result.exit_code == 0, result.output
    stem = "tut-trail-12-players-3-shape-spiral-spread"
    footer = json.loads((first / f"{stem}.json").read_text())
    svg = (first / f"{stem}.svg").read_text()
    printed = re.search(r"<text[^>]*>([^<]*· seed 12 ·[^<]*)</text>", svg).group(1)
    command = printed.split(" · ")[0]
    assert command == "tut trail --players 3 --shape spiral --spread"
    again = tmp_path / "b"
    result = runner.invoke(main, [*shlex.split(command), "--seed", "12", "--format", "svg,json",
                                  "--out", str(again)])
    assert result.exit_code == 0, result.output
    assert (again / f"{stem}.svg").read_bytes() == (first / f"{stem}.svg").read_bytes()
    assert json.loads((again / f"{stem}.json").read_text()) == footer


def test_pdf_metadata_carries_the_command_and_the_language(runner, tmp_path):
    from pypdf import PdfReader

    result = runner.invoke(main, ["tanis", "dig", "--style", "classic", "--count", "2", "--seed",
                                  "4", "--format", "pdf", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    meta = PdfReader(tmp_path / "tanis-dig-4-style-classic-count-2.pdf").metadata
    assert meta["/Subject"] == (f"tanis dig --style classic --count 2 · seed 4 · 2 items · "
                                f"{GENERATOR}")
    assert ", lang=en, " in meta["/Keywords"]


def _texts(info, paper):
    sheet = make_sheet(paper, False)
    line, full = footer_line(info, sheet)
    assert isinstance(line, Text) and line.width <= sheet.content_width + 1e-6
    return line.text, full


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_file_is_named_by_its_file_name_when_the_line_is_full(paper):
    path = "/home/someone/" + "very-long-folder-name/" * 6 + "club-night.toml"
    info = RunInfo("realms", "sheet", 21, 1, 3, {"map": path, "players": 4}, "en")
    shown, full = _texts(info, paper)
    paper_flag = " --paper letter" if paper == "letter" else ""
    assert shown == (f"realms sheet --map club-night.toml --players 4 --count 3{paper_flag} · "
                     f"seed 21 · item 2 of 3 · {GENERATOR}")
    assert path in full  # the SVG description and the PDF metadata keep the whole path


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_footer_that_cannot_fit_says_so(paper):
    info = RunInfo("realms", "sheet", 5, 0, 1, {"map": "x" * 400 + ".toml"}, "en")
    shown, full = _texts(info, paper)
    assert shown.startswith("realms sheet · seed 5 · ")
    assert shown.endswith("more options than this line holds: see the PDF metadata or the JSON")
    assert "x" * 400 in full


def test_a_short_footer_keeps_the_full_size():
    info = RunInfo("tanis", "dig", 5, 0, 1, {"style": "classic"}, "en")
    sheet = make_sheet("a4", False)
    line, _ = footer_line(info, sheet)
    assert line.size == sheet.footer_size and line.text.startswith("tanis dig --style classic ·")
