"""One document of every format tombgen writes, made by its own command (for the tests of
readers: validation, read-back, fuzzing)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main

TALLIES = {"oozes": 3, "skeletons": 2, "zombies": 1, "golems": 1, "mimics": 2,
           "mummy_hits": [5, 9], "magic_items": 2, "leftovers": 3, "connected_entrances": 2,
           "remaining_openings": 4, "open_entrances": 1, "open_rooms": 1}
SCORE_SET = {"variant": "en", "value": 2, "holdings": {"A": 1, "B": 1},
             "wild": {"A": 1, "B": 1}, "king_tut": "A", "order": ["B", "A"]}
TANIS_TILES = {"players": [{"snake": [1, 2, 4, 5, 6], "ankh": [3, 4, 5, 6, 7]},
                           {"snake": [3, 9, 10], "ankh": [1, 2, 8]}], "first": 1}
BOARD = {"format": "tombgen/tumba.board", "version": 1, "mode": "standard", "players": 2,
         "player": 1, "lines": {"1": 3, "2": 3, "3": 3, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2,
                                "9": 1, "10": 1, "11": "passage", "12": "passage"},
         "mummies": {"2": [2, 2, 2], "3": [0, 1, 1]}}


def ok(runner, *args, input=None):
    result = runner.invoke(main, list(args), input=input)
    assert result.exit_code == 0, result.output
    return result


def make_documents(out: Path) -> dict[str, Path]:
    """Makes them in ``out``: {format: path}."""
    runner = CliRunner()
    j = ["--format", "json", "--out", str(out)]
    ok(runner, "realms", "sheet", "--seed", "1", *j)
    ok(runner, "realms", "map", "--seed", "2", "--size", "12", "--rating-games", "4", *j)
    ok(runner, "tut", "trail", "--seed", "3", *j)
    ok(runner, "tanis", "dig", "--seed", "4", *j)
    ok(runner, "tumba", "setup", "--seed", "5", "--mode", "advanced", *j)
    sim = ["--games", "2", "--seed", "6", "--out", str(out / "sim")]
    ok(runner, "realms", "simulate", *sim, "--record", str(out / "rec"))
    ok(runner, "tut", "simulate", *sim, "--record", str(out / "rec"))
    ok(runner, "tanis", "simulate", *sim, "--record", str(out / "rec"))
    ok(runner, "tumba", "simulate", *sim, "--record", str(out / "rec"))
    for name, args, stdin in (
            ("realms-score.json", ["realms", "score", "-", "--json", "--map", "map-2"],
             TALLIES),
            ("tut-score-set.json", ["tut", "score-set", "-", "--json"], SCORE_SET),
            ("tanis-score.json", ["tanis", "score", "-", "--json"], TANIS_TILES),
            ("tumba-roll.json", ["tumba", "roll", "2", "3", "5", "--json"], None),
            ("realms-rating.json", ["realms", "rate", "map-3", "--games", "20", "--seed", "1",
                                    "--json"], None)):
        result = ok(runner, *args, input=None if stdin is None else json.dumps(stdin))
        (out / name).write_text(result.stdout)
    (out / "tumba-board.json").write_text(json.dumps(BOARD))
    batch = out / "batch.toml"
    batch.write_text('[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 2\nseed = 7\n')
    ok(runner, "batch", str(batch), "--jobs", "1", "--out", str(out / "batch"))
    docs = {}
    for path in sorted(out.rglob("*.json")):
        fmt = json.loads(path.read_text())["format"]
        docs.setdefault(fmt, path)
    return docs
