"""One simulate for the four games: the same options, the same document, valid for
`tombgen validate`, and file names that differ whenever the runs differ."""

import json

import click
import pytest

from generator.cli import main
from generator.core import simulation as sim
from generator.core.errors import InputError
from generator.registry import games, resolve

#: The natural unit of a game's length (docs/simulations.md: rounds for Tutankhamen and Realms).
UNITS = {"realms": "rounds", "tut": "rounds", "tanis": "turns", "tumba": "turns"}
GAMES = [g.name for g in games()]


def simulate(runner, tmp_path, game, *args):
    result = runner.invoke(main, [game, "simulate", "--games", "12", "--seed", "3", "--out",
                                  str(tmp_path), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_the_document_has_the_same_keys_in_every_game(runner, tmp_path, game):
    doc = simulate(runner, tmp_path, game)
    assert doc["format"] == f"tombgen/{game}.simulation" and doc["version"] == 1
    assert doc["seed"] == 3 and doc["games"] == 12
    default = resolve(f"generator.games.{game}.bots:DEFAULT_PLAYER")
    assert len(doc["players"]) == len(doc["seats"]) and set(doc["players"]) == {default}
    for i, seat in enumerate(doc["seats"]):
        assert seat["seat"] == i + 1 and seat["player"] == default
        assert set(sim.SCORE_KEYS) <= set(seat["score"])
        if len(doc["seats"]) > 1:
            low, high = seat["interval"]
            assert low <= seat["win_rate"] <= high and 0 <= seat["wins"] <= 12
    assert doc["length"]["unit"] == UNITS[game]
    written = list(tmp_path.glob(f"{game}-simulation-3*.json"))
    assert len(written) == 1 and json.loads(written[0].read_text()) == doc
    check = runner.invoke(main, ["validate", str(written[0])])
    assert check.exit_code == 0 and "valid" in check.output, check.output


@pytest.mark.parametrize("game", GAMES)
def test_every_simulate_takes_the_same_shared_options(game):
    ctx = click.Context(main)
    cmd = main.get_command(ctx, game).get_command(ctx, "simulate")
    opts = {p.opts[0]: p for p in cmd.params}
    assert {"--games", "--seed", "--player", "--jobs", "--dask", "--out", "--json"} <= set(opts)
    assert opts["--games"].default == 1000 and opts["--games"].type.min == 1
    assert opts["--player"].multiple
    assert {"greedy", "random"} <= set(opts["--player"].type.choices)
    help_text = cmd.get_help(ctx)
    names = "|".join(resolve(f"generator.games.{game}.bots:BOTS"))
    assert f"[{names}]" in help_text                       # every name, listed in --help


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_table_is_data_with_the_same_names(game):
    bots = resolve(f"generator.games.{game}.bots:BOTS")
    default = resolve(f"generator.games.{game}.bots:DEFAULT_PLAYER")
    assert {"greedy", "random"} <= set(bots) and default in bots
    assert all(bots[name]().name == name for name in ("greedy", "random"))


def test_file_names_differ_per_player_set_and_repeat_for_the_same_run(runner, tmp_path):
    def name(*args):
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        result = runner.invoke(main, ["tanis", "simulate", "--games", "4", "--seed", "9",
                                      "--out", str(folder), *args])
        assert result.exit_code == 0, result.output
        (written,) = folder.iterdir()
        return written.name

    assert name() == "tanis-simulation-9-games-4.json"
    assert name("--player", "greedy") == "tanis-simulation-9-games-4.json"  # the default
    assert name("--player", "random") == "tanis-simulation-9-games-4-player-random.json"
    assert name("--player", "greedy", "--player", "random") == \
        "tanis-simulation-9-games-4-player-greedy-random.json"
    assert name("--player", "random", "--player", "greedy") == \
        "tanis-simulation-9-games-4-player-random-greedy.json"
    assert name("--style", "classic") == "tanis-simulation-9-style-classic-games-4.json"


def test_a_file_is_named_by_its_name_and_content(runner, tmp_path):
    runner.invoke(main, ["tumba", "setup", "--seed", "1", "--format", "json", "--out",
                         str(tmp_path / "a")])
    runner.invoke(main, ["tumba", "setup", "--seed", "1", "--mode", "advanced", "--format",
                         "json", "--out", str(tmp_path / "b")])
    names = []
    for setup in (tmp_path / "a" / "tumba-setup-1.json",
                  tmp_path / "b" / "tumba-setup-1-mode-advanced.json"):
        result = runner.invoke(main, ["tumba", "simulate", "--games", "2", "--seed", "1",
                                      "--setup", str(setup), "--out", str(tmp_path / "sim")])
        assert result.exit_code == 0, result.output
        names.append(result.output.strip().splitlines()[-1].split()[1])
    assert names[0] != names[1] and all("-setup-tumba-setup-1-" in n for n in names)
    assert "-setup-tumba-setup-1-mode-advanced-" in names[1]


def test_realms_with_several_players_shares_the_wins(runner, tmp_path):
    doc = simulate(runner, tmp_path, "realms", "--players", "2", "--player", "random",
                   "--player", "greedy")
    assert doc["players"] == ["random", "greedy"]
    assert sum(s["wins"] for s in doc["seats"]) == pytest.approx(12)
    assert doc["seats"][1]["wins"] > doc["seats"][0]["wins"]  # greedy beats random


def test_seat_players_repeats_the_last_and_refuses_too_many():
    known = ("greedy", "random")
    assert sim.seat_players((), 3, "greedy", known) == ["greedy"] * 3
    assert sim.seat_players(("random", "greedy"), 4, "greedy", known) == \
        ["random", "greedy", "greedy", "greedy"]
    with pytest.raises(InputError, match="given 3 times for 2 seats"):
        sim.seat_players(("random",) * 3, 2, "greedy", known)
    with pytest.raises(InputError, match="--player clever: unknown player"):
        sim.seat_players(("clever",), 2, "greedy", known)


def test_rates_and_spreads_with_intervals_by_hand():
    # Wilson 95% for 5 of 10: 0.2366 to 0.7634 (textbook value)
    assert sim.rate(5, 10) == {"count": 5, "rate": 0.5, "interval": [0.2366, 0.7634]}
    spread = sim.spread([1, 2, 3, 4])
    assert (spread["mean"], spread["median"], spread["p10"], spread["p90"]) == (2.5, 2.5, 1.3,
                                                                                  3.7)
    assert (spread["min"], spread["max"]) == (1, 4)
    # mean ± 1.96 · s/√n with s = 1.291: 2.5 ± 1.265
    assert spread["mean_interval"] == [1.23, 3.77]


def test_validate_reports_a_broken_simulation(runner, tmp_path):
    doc = simulate(runner, tmp_path, "tut")
    doc["seats"][0]["win_rate"] = 0.99
    del doc["ended"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1 and "[missing-key]" in result.output
    doc["ended"] = {}
    doc["length"]["unit"] = "turns"
    path.write_text(json.dumps(doc))
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert "[rate-interval]" in result.output and "[length-unit]" in result.output
