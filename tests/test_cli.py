"""The command-line contract: help, version, shared options, exit codes, files written."""

import json

import click
import pytest
from helpers import run_tombgen

from generator import __version__
from generator.cli import main
from generator.registry import games


def all_commands():
    """(path, command) of every command and group, games loaded through the registry."""
    ctx = click.Context(main)
    out = []

    def rec(cmd, path):
        out.append((path, cmd))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                rec(cmd.get_command(ctx, name), path + [name])

    rec(main, [])
    return out


def test_version(runner):
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"tombgen {__version__}"


def test_every_registered_game_is_a_command():
    names = {path[0] for path, _ in all_commands() if path}
    assert {g.name for g in games()} <= names and "validate" in names


@pytest.mark.parametrize("path", [p for p, _ in all_commands()], ids=lambda p: " ".join(p) or "tombgen")
def test_help_of_every_command(runner, path):
    result = runner.invoke(main, path + ["--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "--help" in result.output


def test_dig_writes_three_files_and_prints_seed(runner, tmp_path):
    result = runner.invoke(main, ["tanis", "dig", "--seed", "42", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "seed: 42"
    files = sorted(p.name for p in tmp_path.iterdir())
    assert {"tanis-dig-42.json", "tanis-dig-42.pdf", "tanis-dig-42.svg"} <= set(files)
    # one summary line per file written, naming it
    assert len(lines) == 1 + len(files)
    assert all(any(f"/{name} (" in line for line in lines[1:]) for name in files)
    doc = json.loads((tmp_path / "tanis-dig-42.json").read_text())
    assert doc["format"] == "tombgen/tanis.dig" and doc["seed"] == 42
    assert doc["options"] == {"style": "random"}


def test_fresh_seed_is_printed(runner, tmp_path):
    result = runner.invoke(main, ["tanis", "dig", "--out", str(tmp_path), "--format", "json"])
    seed = int(result.output.splitlines()[0].split(": ")[1])
    assert (tmp_path / f"tanis-dig-{seed}.json").exists()


def test_count_makes_distinct_items_and_one_pdf(runner, tmp_path):
    from pypdf import PdfReader

    result = runner.invoke(main, ["tanis", "dig", "--seed", "5", "--count", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    stem = "tanis-dig-5-count-3"  # the run's options name its files: --count too
    assert {f"{stem}-1.json", f"{stem}-1.svg", f"{stem}-2.json", f"{stem}-2.svg",
            f"{stem}-3.json", f"{stem}-3.svg", f"{stem}.pdf"} <= names
    pages_per_item = len([n for n in names if n.startswith(f"{stem}-1") and n.endswith(".svg")])
    assert len(PdfReader(tmp_path / f"{stem}.pdf").pages) == 3 * pages_per_item
    layers = [json.loads((tmp_path / f"{stem}-{i}.json").read_text())["layers"] for i in (1, 2, 3)]
    assert len({json.dumps(x) for x in layers}) == 3
    # item 1 of a run is the item of a single run with that seed
    runner.invoke(main, ["tanis", "dig", "--seed", "5", "--format", "json", "--out", str(tmp_path / "one")])
    single = json.loads((tmp_path / "one" / "tanis-dig-5.json").read_text())["layers"]
    assert single == layers[0]


def test_format_subset(runner, tmp_path):
    result = runner.invoke(main, ["tanis", "dig", "--seed", "1", "--format", "pdf", "--out", str(tmp_path)])
    assert result.exit_code == 0 and [p.name for p in tmp_path.iterdir()] == ["tanis-dig-1.pdf"]
    assert len(result.output.strip().splitlines()) == 2


def test_validate_valid_and_broken(runner, tmp_path):
    runner.invoke(main, ["tanis", "dig", "--seed", "9", "--format", "json", "--out", str(tmp_path)])
    path = tmp_path / "tanis-dig-9.json"
    ok = runner.invoke(main, ["validate", str(path)])
    assert ok.exit_code == 0 and "valid" in ok.output
    doc = json.loads(path.read_text())
    doc["layers"][1] = doc["layers"][2]
    doc["layers"][0] = doc["layers"][0][:9]
    path.write_text(json.dumps(doc))
    bad = runner.invoke(main, ["validate", str(path)])
    assert bad.exit_code == 1
    assert "[stacked]" in bad.output and "[tile-count]" in bad.output and "[gap]" in bad.output
    as_json = runner.invoke(main, ["validate", "--json", str(path)])
    assert as_json.exit_code == 1 and json.loads(as_json.output)["valid"] is False


def _no_files(folder):
    return not folder.exists() or not any(folder.rglob("*"))


@pytest.mark.parametrize("args, message", [
    (["validate", "{tmp}/missing.json"], "file not found"),
    (["validate", "{tmp}/bad.json"], "invalid JSON"),
    (["validate", "{tmp}/unknown.json"], "unknown format"),
    (["tanis", "dig", "--paper", "a3", "--out", "{tmp}/out"], "--paper: a3 is not one of a4, letter"),
    (["tanis", "dig", "--lang", "de", "--out", "{tmp}/out"], "--lang: de is not one of en, fr"),
    (["tanis", "dig", "--count", "0", "--out", "{tmp}/out"], "--count"),
    (["tanis", "dig", "--count", "-2", "--out", "{tmp}/out"], "--count"),
    (["tanis", "dig", "--format", "png", "--out", "{tmp}/out"], "--format"),
    (["tanis", "dig", "--out", "{tmp}/afile/out"], "is a file"),
    (["tanis", "dig", "--seed", "-1", "--out", "{tmp}/out"], "--seed"),
])
def test_bad_input_exits_2_with_one_message_and_no_files(tmp_path, args, message):
    (tmp_path / "bad.json").write_text('{"format": ')
    (tmp_path / "unknown.json").write_text('{"format": "tombgen/chess.board", "version": 1}')
    (tmp_path / "afile").write_text("")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    result = run_tombgen(*args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 4
    assert _no_files(tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "bad.json", "unknown.json"]


def test_validate_from_stdin():
    result = run_tombgen("validate", "-", input='{"format": "tombgen/tanis.dig", "version": 1, '
                                                 '"box": [5, 4], "layers": []}')
    assert result.returncode == 1 and "[layer-count]" in result.stdout


def test_product_descriptions_come_from_the_built_items(runner, tmp_path):
    """A product's one-line description is printed even when no JSON is written."""
    result = runner.invoke(main, ["tut", "trail", "--seed", "3", "--rating-games", "4", "--format",
                                  "svg", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1].startswith("seat balance: seat 1 ")
    plain = runner.invoke(main, ["tut", "trail", "--seed", "3", "--format", "svg", "--out",
                                 str(tmp_path / "plain")])
    assert "seat balance" not in plain.output


def test_the_command_list_imports_no_command_beside_the_games():
    """`tombgen --help` lists aid, batch, verify and serve from their lines in LAZY_COMMANDS,
    so it imports none of their modules (nor a game's modules): the help starts fast."""
    import subprocess
    import sys

    from generator.cli import LAZY_COMMANDS

    code = ("import sys\nfrom generator.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('generator.'))))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(run.stdout.splitlines()[-1].split())
    for target, line in LAZY_COMMANDS.values():
        assert target.split(":")[0] not in loaded
        assert " ".join(line.split()[:4]) in " ".join(run.stdout.split())
    # a game's package (its spec) is read, none of its modules
    assert not any(m.count(".") > 2 for m in loaded if m.startswith("generator.games.")), loaded


@pytest.mark.parametrize("name", ["aid", "batch", "verify", "serve"])
def test_each_listed_command_beside_the_games_runs_its_module(name):
    from generator.cli import LAZY_COMMANDS

    command = main.get_command(click.Context(main), name)
    target = LAZY_COMMANDS[name][0]
    assert isinstance(command, click.Command) and command.name == name
    assert command.callback.__module__ == target.split(":")[0]
