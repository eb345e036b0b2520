"""The README and the pages of docs/ say what the code does.

- Every fenced block of a page is a sample of output, and says which command made it: the line
  right above it is ``<!-- sample: tombgen ARGS -->`` (exit 0) or ``<!-- sample: tombgen ARGS
  (exit N) -->``; the block starts with the command as typed (``$ tombgen ARGS``) and goes on
  with what it prints, standard output and standard error as a terminal shows them. Each command
  is run again,
  in a temporary folder holding a copy of ``docs/examples/``, and must print that text exactly.
  Indented blocks show only what one types or writes (commands, config files, input documents,
  outlines of formats), never what tombgen prints.
- Every command of ``tombgen --help`` and its groups is shown on some page.
- ``mkdocs.yml`` lists every page; the README stays short, links only to pages that exist, gives
  the test command CI runs and the system packages CI installs, and its examples use options the
  commands have.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
README = ROOT / "README.md"
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")

MARKER = re.compile(r"^<!-- sample: tombgen (.+?)(?: \(exit (\d+)\))? -->$")
FENCE = "```"


def fenced_blocks(text: str) -> list[tuple[int, str | None, str]]:
    """(line number, the marker line above it or None, the block's text) of every fenced block."""
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].startswith(FENCE):
            start = i
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith(FENCE))
            above = lines[start - 1] if start else None
            blocks.append((start + 1, above, "\n".join(lines[start + 1:end])))
            i = end + 1
        else:
            i += 1
    return blocks


def indented_blocks(text: str) -> list[tuple[int, str]]:
    """(line number, first line) of every indented code block (after a blank line)."""
    lines = text.split("\n")
    found = []
    for n, line in enumerate(lines):
        if line.startswith("    ") and line.strip() and n and not lines[n - 1].strip() \
                and not line.lstrip().startswith(("-", "|")):
            found.append((n + 1, line.strip()))
    return found


def samples() -> list[tuple[str, str, int, str]]:
    """(page, command, exit code, text) of every sample of the docs and the README."""
    found = []
    for page in PAGES + [README]:
        for _, above, text in fenced_blocks(page.read_text(encoding="utf-8")):
            marker = MARKER.match(above or "")
            if marker:
                found.append((page.name, marker.group(1), int(marker.group(2) or 0), text))
    return found


SAMPLES = samples()


def test_every_fenced_block_is_a_sample_with_its_command():
    problems = []
    for page in PAGES + [README]:
        for line, above, _ in fenced_blocks(page.read_text(encoding="utf-8")):
            if not MARKER.match(above or ""):
                problems.append(f"{page.name}:{line}: a block without <!-- sample: tombgen ... -->")
    assert problems == [], "\n".join(problems)
    markers = sum(len(re.findall(r"^<!-- sample:", p.read_text(encoding="utf-8"), re.MULTILINE))
                  for p in PAGES + [README])
    assert markers == len(SAMPLES), "a sample marker that is not right above a fenced block"
    assert len(SAMPLES) >= 10


def test_what_tombgen_prints_is_never_an_unchecked_indented_block():
    """Output shown as an indented block would escape the check of the samples."""
    printed = ("tombgen: error", "wrote ", "unchanged ", "seed: ")
    problems = [f"{page.name}:{line}: {first}" for page in PAGES + [README]
                for line, first in indented_blocks(page.read_text(encoding="utf-8"))
                if first.startswith(printed)]
    assert problems == [], "\n".join(problems)


def test_the_checks_of_blocks_can_fail():
    page = "text\n\n<!-- sample: tombgen tumba roll 1 2 3 -->\n```\nout\n```\n\n```\nbare\n```\n"
    blocks = fenced_blocks(page)
    assert [bool(MARKER.match(above or "")) for _, above, _ in blocks] == [True, False]
    assert MARKER.match("<!-- sample: tombgen batch x.toml (exit 2) -->").groups() == (
        "batch x.toml", "2")
    assert indented_blocks("text\n\n    wrote output/x.svg\n") == [(3, "wrote output/x.svg")]


@pytest.mark.parametrize("page, command, code, text", SAMPLES,
                         ids=[f"{s[0]}: {s[1]}" for s in SAMPLES])
def test_a_sample_is_what_its_command_prints(page, command, code, text, tmp_path, monkeypatch):
    shutil.copytree(DOCS / "examples", tmp_path / "docs" / "examples")
    monkeypatch.chdir(tmp_path)
    typed, _, printed = text.partition("\n")
    assert typed == f"$ tombgen {command}", f"{page}: the block shows another command: {typed}"
    result = CliRunner().invoke(main, shlex.split(command))
    assert result.exit_code == code, result.output
    assert result.output.rstrip("\n") == printed, f"{page}: tombgen {command}"


# ------------------------------------------------------------------------------ commands

def command_paths() -> list[str]:
    ctx = click.Context(main)
    found = []

    def walk(cmd, path):
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), path + [name])
        else:
            found.append(" ".join(path))

    walk(main, [])
    return found


def test_every_command_is_shown_in_the_docs():
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    paths = command_paths()
    assert {"realms sheet", "tut score-set", "serve", "verify", "aid", "batch"} <= set(paths)
    missing = [path for path in paths if f"tombgen {path}" not in text]
    assert missing == []


# ------------------------------------------------------------------------------ the site

def test_the_site_lists_every_page():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^\s*- (?:.+: )?([\w-]+\.md)\s*$", config, re.MULTILINE)
    assert sorted(listed) == sorted(p.name for p in PAGES)
    assert re.search(r"^strict: true$", config, re.MULTILINE)


def test_links_between_pages_lead_to_pages():
    problems = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (DOCS / target).exists():
                problems.append(f"{page.name}: {target}")
    assert problems == []


# ------------------------------------------------------------------------------ the README

README_TEXT = README.read_text(encoding="utf-8")


def test_the_readme_is_short_and_links_into_the_docs():
    assert len(README_TEXT.splitlines()) <= 250
    links = re.findall(r"\]\(([^)#\s]+)\)", README_TEXT)
    assert [link for link in links if not (ROOT / link).exists()] == []
    linked = {Path(link).name for link in links if link.startswith("docs/")}
    assert sorted(p.name for p in PAGES if p.name != "index.md" and p.name not in linked) == []
    assert "ARCHITECTURE.md" not in README_TEXT


def test_the_readme_gives_the_test_command_and_the_packages_of_ci():
    ci_tests = re.search(r"^(python -m pytest[^|\n]*?)\s*(?:2>&1)?\s*\|", CI, re.MULTILINE).group(1)
    quick = README_TEXT[README_TEXT.index("## Quick start"):]
    assert f"python -m pip install -e \".[test]\" && {ci_tests}\n" in quick
    assert "tombgen serve" in quick
    packages = re.search(r"for pkg in (.+?); do", CI, re.DOTALL).group(1).replace("\\\n", " ").split()
    before = README_TEXT[:README_TEXT.index("## Quick start")]
    installed = set(re.findall(r"apt-get install ([^\n]+)", before)[0].split()) | set(
        re.findall(r"apt-get install ([^\n]+)", before)[1].split())
    assert sorted(set(packages) - installed) == []


def test_the_readme_gives_the_exit_codes():
    table = README_TEXT[README_TEXT.index("## Exit codes"):]
    assert re.findall(r"^\| (\d+)", table, re.MULTILINE)[:3] == ["0", "1", "2"]


def product_examples() -> list[list[str]]:
    section = README_TEXT[README_TEXT.index("## What it makes"):]
    table = section[section.index("\n|"):].strip().split("\n\n")[0]
    rows = table.splitlines()[2:]
    return [shlex.split(re.findall(r"`([^`]+)`", row.split(" | ")[-1])[-1]) for row in rows]


def test_the_readme_examples_use_options_their_commands_have():
    examples = product_examples()
    assert len(examples) >= 15
    problems = []
    for argv in examples:
        assert argv[0] == "tombgen", argv
        cmd, rest = main, argv[1:]
        while isinstance(cmd, click.Group):
            cmd, rest = cmd.get_command(click.Context(main), rest[0]), rest[1:]
            assert cmd is not None, argv
        flags = {opt for p in cmd.params for opt in p.opts + p.secondary_opts}
        problems += [f"{' '.join(argv)}: {a}" for a in rest if a.startswith("--")
                     and a.split("=")[0] not in flags]
    assert problems == []
