"""`tombgen tut` commands: trail (setup sheets), score-set (referee), simulate (bot games)."""

from __future__ import annotations

import click

from generator.clikit import Group, add_products, executor_options, read_json_arg
from generator.games.tut.model import VARIANTS, data

_TRAIL = data()["trail"]
PLAYERS = click.IntRange(_TRAIL["min_players"], _TRAIL["max_players"])


@click.group(name="tut", cls=Group)
def group() -> None:
    """Tutankhamen: random trail layouts and a scoring referee"""


add_products(group, "tut")


def check_trail(options: dict, count: int) -> None:
    """``tut trail``: the table must be WxH cells with room for the trail."""
    from generator.games.tut.generate import parse_table

    parse_table(options["table"])


@group.command(name="score-set")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print {\"payments\": ...} as JSON.")
def score_set(file: str, as_json: bool) -> None:
    """Referee the scoring of one set described in FILE (JSON; - reads standard input)."""
    from generator.core.envelope import dumps, envelope
    from generator.games.tut.rules_scoring import score_request

    pays = score_request(read_json_arg(file), "<stdin>" if file == "-" else file)
    if as_json:
        click.echo(dumps(envelope("tut", "score-set", None,
                                  {"payments": [[p, c] for p, c in pays]})), nl=False)
        return
    if not pays:
        click.echo("nobody pays for this set")
    for player, coins in pays:
        click.echo(f"{player} pays {coins}")


@group.command()
@click.option("--players", type=PLAYERS, default=4, show_default=True, help="Number of players.")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="How many games to play.")
@click.option("--variant", type=click.Choice(VARIANTS), default=None,
              help="Rules: en or fr. Default: the trail file's, else en.")
@click.option("--trail", "trail_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="Play every game on this trail (a tut trail JSON). "
                                 "Default: a fresh random trail each game.")
@click.option("--player", "bot", type=click.Choice(("random", "greedy")), default="greedy",
              show_default=True, help="The bot in every seat.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed (an integer ≥ 0). Default: a fresh one, always printed.")
@click.option("--out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder for the JSON results.")
@executor_options()
def simulate(players, games, variant, trail_file, bot, seed, out, jobs, dask) -> None:
    """Play GAMES bot games: win rate by seat, game length, endings (and a JSON file)."""
    from pathlib import Path

    from generator.core.executor import executor_for
    from generator.clikit import progress, write_json_file
    from generator.core.envelope import envelope
    from generator.core.output import check_dir, file_name
    from generator.core.rng import fresh_seed
    from generator.games.tut.simulate import describe, trail_for_simulation
    from generator.games.tut.simulate import simulate as run

    check_dir(out)
    tiles, variant = trail_for_simulation(trail_file, variant)
    seed = fresh_seed() if seed is None else seed
    click.echo(f"seed: {seed}")
    with executor_for(jobs, dask) as executor:
        result = run(players, games, variant, bot, tiles, seed, progress=progress,
                     executor=executor)
    for line in describe(result):
        click.echo(line)
    options = {"players": players, "games": games, "variant": variant, "trail": trail_file,
               "player": bot}
    doc = envelope("tut", "simulate", seed, result, {"options": options})
    Path(out).mkdir(parents=True, exist_ok=True)
    write_json_file(str(Path(out) / file_name("tut", "simulate", seed, "json")), doc)
