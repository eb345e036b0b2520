"""Game records, the same for all four games: `simulate --record DIR` checks the folder before any
game is played and names every file by the options that differ from their defaults; `replay
FILE [--step]` and `tombgen validate` read what it wrote; the common header is checked alike."""

import json
import shutil

import pytest
from click.testing import CliRunner

from generator.cli import main

#: game -> (an option that is not the default, what it puts in the file name)
GAMES = {
    "realms": (["--map", "map-2"], "map-map-2"),
    "tut": (["--variant", "fr"], "variant-fr"),
    "tanis": (["--style", "classic"], "style-classic"),
    "tumba": (["--mode", "advanced"], "mode-advanced"),
}


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("game", GAMES)
def test_a_record_folder_in_the_way_is_refused_before_any_game(game, tmp_path):
    blocker = tmp_path / "taken"
    blocker.write_text("not a folder")
    out = tmp_path / "out"
    result = run(game, "simulate", "--games", "5", "--seed", "1", "--out", str(out),
                 "--record", str(blocker / "rec"))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"tombgen: error: --record {blocker / 'rec'}: {blocker} is "
                                     "a file, not a folder; choose a folder")
    assert "seed:" not in result.output                # refused before the run began
    assert not out.exists()


@pytest.mark.parametrize("game", GAMES)
def test_record_names_carry_the_options_and_every_record_replays(game, tmp_path):
    option, part = GAMES[game]
    rec = tmp_path / "rec"
    result = run(game, "simulate", "--games", "2", "--seed", "3", *option, "--out",
                 str(tmp_path / "out"), "--record", str(rec))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in rec.iterdir())
    assert names == [f"{game}-record-3-{part}-games-2-{n}.json" for n in (1, 2)]
    sim = [p.name for p in (tmp_path / "out").iterdir()]
    assert sim == [f"{game}-simulation-3-{part}-games-2.json"]
    for path in sorted(rec.iterdir()):
        doc = json.loads(path.read_text())
        assert doc["format"] == f"tombgen/{game}.record" and "result" in doc
        stepped = run(game, "replay", str(path), "--step")
        assert stepped.exit_code == 0, stepped.output
        steps = [line for line in stepped.stdout.splitlines() if line.startswith("move ")]
        assert len(steps) == len(doc["moves"])
        assert steps[0].startswith("move 1 (") and steps[-1].startswith(f"move {len(steps)} (")
        plain = run(game, "replay", str(path))
        assert plain.stdout == stepped.stdout.split("\n", len(steps))[-1]
        assert run("validate", str(path)).exit_code == 0
        # the envelope may be left out of a record written by hand
        bare = {k: v for k, v in doc.items() if k not in ("format", "version", "seed",
                                                          "generator", "result")}
        path.write_text(json.dumps(bare))
        assert run(game, "replay", str(path)).stdout == plain.stdout


@pytest.mark.parametrize("game", GAMES)
def test_a_record_for_another_game_or_with_unknown_keys_exits_2(game, tmp_path):
    other = next(g for g in GAMES if g != game)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": f"tombgen/{other}.record", "version": 1}))
    result = run(game, "replay", str(path))
    assert result.exit_code == 2
    assert f'"tombgen/{other}.record" is not "tombgen/{game}.record"' in result.stderr
    path.write_text(json.dumps({"format": f"tombgen/{game}.record", "version": 1,
                                "extra": 1}))
    result = run(game, "replay", str(path))
    assert result.exit_code == 2 and "[extra]: unknown key; a " in result.stderr


def test_a_run_that_fails_publishes_no_record(tmp_path):
    out, rec = tmp_path / "out", tmp_path / "rec"
    args = ["tut", "simulate", "--games", "2", "--seed", "4", "--out", str(out), "--record",
            str(rec)]
    assert run(*args).exit_code == 0
    simulation = next(out.iterdir())
    simulation.write_text("something else\n")           # the simulation's file is in the way
    shutil.rmtree(rec)
    result = run(*args)
    assert result.exit_code == 2 and simulation.read_text() == "something else\n"
    assert not rec.exists()                              # nothing written, not even the folder
    simulation.unlink()
    assert run(*args).exit_code == 0
    first = sorted(rec.iterdir())[0]
    first.write_text("a record of another game\n")      # now a record is in the way
    simulation.unlink()
    result = run(*args)
    assert result.exit_code == 2 and str(first) in result.stderr
    assert first.read_text() == "a record of another game\n"
    assert not simulation.exists()                       # refused before the simulation's file
    assert [p.name for p in rec.iterdir() if p.name.startswith(".")] == []
