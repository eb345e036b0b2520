"""Same names for the same things: every option of every command, and every format tag, follows
the one naming table of the docs (docs/options.md, "One name, one meaning").

The click tree is walked through the registry (games, products, lazy commands). An option not in
the table, a value range or default other than the table's, a stale row, or a format tag not of
the form ``tombgen/<game>.<kind>`` fails. A cell may give exceptions after its common value, as
``4; realms: 1`` (scopes are games, commands like ``realms sheet``, or ``aid``, ``batch``…);
options that must be identical everywhere may have none.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

from generator.cli import main
from generator.registry import TEMPLATE_PACKAGES, formats, games

ROOT = Path(__file__).resolve().parents[1]
OPTIONS_MARK = "<!-- naming: options -->"
FORMATS_MARK = "<!-- naming: formats -->"

#: Options whose value and default may not differ between commands (docs/options.md).
SAME_EVERYWHERE = ("--seed", "--games", "--count", "--format", "--paper", "--mono", "--lang",
                   "--json", "--dask")

#: The one default of SAME_EVERYWHERE that differs on purpose: ``realms rate --games`` is the
#: most games a rating may play (it stops as soon as its label is clear), not the games a
#: simulate plays; near a band edge a label needs 16000 to be the same with other dice.
CAPPED = {"--games": {"realms rate"}}

#: The other: ``tombgen aid --format`` writes an aid's own files (its PDF, and PNG pictures of
#: its cards), so its default is the PDF alone.
OWN_FILES = {"--format": {"aid"}}

TAG = re.compile(r"^tombgen/([a-z]+)\.([a-z]+(?:-[a-z]+)*)$")


# ------------------------------------------------------------------------------ reading the table

def table_after(mark: str, text: str) -> list[list[str]]:
    """The body rows (cells) of the markdown table right after ``mark``."""
    lines = text[text.index(mark) + len(mark):].strip().splitlines()
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
    return list(rows[2:])  # header and separator


def plain(cell: str) -> str:
    """A cell part without backticks, escapes and parenthetical remarks."""
    text = cell.replace("`", "").replace("\\|", "|")
    text = re.sub(r"\([^()]*\)", "", text)
    return " ".join(text.split())


_SCOPE = re.compile(r"^([a-z][a-z -]*(?:,\s*[a-z][a-z -]*)*):\s*(.+)$")


def scoped(cell: str) -> tuple[str, dict[str, str]]:
    """``"4; realms: 1; tut simulate: 2"`` → ("4", {"realms": "1", "tut simulate": "2"})."""
    base, scopes = None, {}
    for part in cell.split(";"):
        found = _SCOPE.match(part.strip())
        if found:
            for scope in found.group(1).split(","):
                scopes[scope.strip()] = plain(found.group(2))
        else:
            base = plain(part)
    return base, scopes


def for_command(cell: str, path: str) -> str | None:
    """The cell's value for a command (most specific scope first)."""
    base, scopes = scoped(cell)
    if path in scopes:
        return scopes[path]
    return scopes.get(path.split(" ")[0], base)


def option_table(text: str) -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for cells in table_after(OPTIONS_MARK, text):
        flag = next(t for t in plain(cells[0]).split() if t.startswith("--"))
        assert flag not in rows, f"{flag} has two rows: one name, one meaning"
        rows[flag] = {"meaning": cells[1], "value": cells[2], "default": cells[3]}
    return rows


# ------------------------------------------------------------------------------ the click tree

def commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(main)
    found = []

    def walk(cmd, path):
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), path + [name])
        else:
            found.append((" ".join(path), cmd))

    walk(main, [])
    return found


def value_of(param: click.Option) -> str:
    """How the table writes an option's values."""
    t = param.type
    if param.is_flag:
        return "flag"
    if getattr(t, "shown", None):  # a range whose end depends on the machine (--jobs)
        return t.shown
    if isinstance(t, click.Choice):
        return "|".join(str(c) for c in t.choices)
    if isinstance(t, (click.IntRange, click.FloatRange)):
        low, high = t.min, t.max
        prefix = "" if isinstance(t, click.IntRange) else "number "
        if low is not None and high is not None:
            return f"{prefix}{low:g}–{high:g}"
        return f"{prefix}≥ {low:g}" if low is not None else f"{prefix}≤ {high:g}"
    if isinstance(t, click.Path):
        return "DIR" if not t.file_okay else "FILE"
    if t is click.INT:
        return "integer"
    if t is click.FLOAT:
        return "number"
    return param.metavar or "text"


def default_of(param: click.Option) -> str:
    default = param.default
    if param.is_flag:
        return "on" if param.default is True else "off"
    if default is None or (param.multiple and not default) or repr(default).startswith("Sentinel"):
        return "—"
    return f"{default:g}" if isinstance(default, float) else str(default)


def every_option():
    for path, cmd in commands():
        for param in cmd.params:
            if isinstance(param, click.Option):
                yield path, param


# ------------------------------------------------------------------------------ the tests

OPTIONS_PAGE = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")


def test_every_option_is_in_the_table_with_its_values_and_default():
    table = option_table(OPTIONS_PAGE)
    problems = []
    for path, param in every_option():
        flag = param.opts[0]
        row = table.get(flag)
        if row is None:
            problems.append(f"{path} {flag}: not in the naming table")
            continue
        for column, actual in (("value", value_of(param)), ("default", default_of(param))):
            wanted = for_command(row[column], path)
            if wanted != actual:
                problems.append(f"{path} {flag}: {column} {actual!r}, the table says {wanted!r}")
    assert problems == [], "\n".join(problems)


def following() -> dict[str, set[str]]:
    """Flag → the commands where a product declares its default as following another option
    (``registry.Follows``: a Tutankhamen trail's --lang is its --variant's language)."""
    from generator.registry import Follows

    found: dict[str, set[str]] = {}
    for g in games():
        for p in g.products:
            for option in p.options + p.shared_options():
                if isinstance(option.default, Follows):
                    found.setdefault(option.flag, set()).add(f"{g.name} {p.kind}")
    return found


def test_every_simulate_offers_the_same_names_for_the_same_bots():
    """--player: greedy and random in every game, the table's values; a game with more players
    (Hidden Realms: planner, quick) lists them as its exception."""
    table = option_table(OPTIONS_PAGE)
    common, scoped_values = scoped(table["--player"]["value"])
    assert set(common.split("|")) == {"greedy", "random"}
    seen = {path: param for path, param in every_option() if param.opts[0] == "--player"}
    assert sorted(seen) == [f"{g} simulate" for g in ("realms", "tanis", "tumba", "tut")]
    for path, param in seen.items():
        assert {"greedy", "random"} <= set(param.type.choices), path
    assert set(scoped_values) == {"realms simulate"}


def test_no_stale_rows_and_no_exceptions_where_there_must_be_none():
    """An option of SAME_EVERYWHERE has one value and one default everywhere; the only
    exceptions are a default that follows another option, listed for exactly those commands,
    and the cap of CAPPED and the aid's files of OWN_FILES."""
    table = option_table(OPTIONS_PAGE)
    used = {param.opts[0] for _, param in every_option()}
    assert sorted(set(table) - used) == []
    follows = following()
    assert follows == {"--lang": {"tut trail"}}
    for flag in SAME_EVERYWHERE:
        assert scoped(table[flag]["value"])[1] == {}, f"{flag} must be the same everywhere"
        exceptions = set(scoped(table[flag]["default"])[1])
        assert exceptions == (follows.get(flag, set()) | CAPPED.get(flag, set())
                              | OWN_FILES.get(flag, set())), \
            f"{flag} must be the same everywhere"


def test_a_new_dialect_fails():
    """The check can fail: another range, another default, an unknown name."""
    table = option_table(OPTIONS_PAGE)
    games_ = click.Option(["--games"], type=click.IntRange(min=20), default=200)
    assert for_command(table["--games"]["value"], "realms map") != value_of(games_)
    assert for_command(table["--games"]["default"], "realms map") != default_of(games_)
    assert "--bots" not in table
    zero = click.Option(["--games"], type=click.IntRange(min=0), default=1000)
    assert value_of(zero) == "≥ 0" != for_command(table["--games"]["value"], "tut simulate")


def test_scoped_cells():
    assert scoped("`4`; realms: `1`; tut simulate, tumba simulate: — (the file's)") == (
        "4", {"realms": "1", "tut simulate": "—", "tumba simulate": "—"})
    assert for_command("`4`; realms: `1`; realms simulate: `2`", "realms simulate") == "2"
    assert for_command("`4`; realms: `1`", "realms sheet") == "1"
    assert for_command("`4`; realms: `1`", "tut trail") == "4"


def code_format_tags() -> set[str]:
    """Every format tag the code writes: registry formats, envelope("game", "kind") calls,
    simulation documents and literal "tombgen/…" strings."""
    tags = set(formats())
    for path in (ROOT / "generator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                args = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
                if name == "envelope" and len(args) == 2:
                    tags.add(f"tombgen/{args[0]}.{args[1]}")
                if name == "document" and args and isinstance(args[0], str) and \
                        path.name != "simulation.py":
                    tags.add(f"tombgen/{args[0]}.simulation")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"tombgen/\S+", node.value):
                tags.add(node.value)
    return tags


def test_format_tags_follow_one_form_and_are_all_in_the_table():
    """A template package (registry.TEMPLATE_PACKAGES) writes its tags as a game does, in the
    same form; no player sees them, so the table leaves them out."""
    documented = {plain(cells[0]) for cells in table_after(FORMATS_MARK, OPTIONS_PAGE)}
    names = {g.name for g in games()} | {"batch"}
    tags = code_format_tags()
    for tag in tags:
        found = TAG.match(tag)
        assert found and found.group(1) in names | set(TEMPLATE_PACKAGES), \
            f"{tag}: not tombgen/<game>.<kind>"
    assert {f"tombgen/{g.name}.simulation" for g in games()} <= tags
    assert {"tombgen/null.record", "tombgen/null.simulation"} <= tags
    public = {tag for tag in tags if TAG.match(tag).group(1) not in TEMPLATE_PACKAGES}
    assert sorted(public - documented) == [] and sorted(documented - public) == []


@pytest.mark.parametrize("tag, ok", [("tombgen/tut.simulate", True), ("tut.simulation", False),
                                     ("tombgen/tut_simulation", False),
                                     ("tombgen/Tut.simulation", False)])
def test_tag_form(tag, ok):
    assert bool(TAG.match(tag)) is ok
