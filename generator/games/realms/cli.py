"""`tombgen realms` commands: game sheets, generated maps, validate maps, score tallies,
simulate games, replay records."""

from __future__ import annotations

import sys

import click

from generator.clikit import (
    Group,
    add_products,
    declared,
    declared_option,
    echo_report,
    executor_options,
    read_json_arg,
    record_folder,
    record_option,
    replay_command,
    run_recorded,
    shared_option,
    simulate_options,
    simulation_differs,
)
from generator.registry import DataRef, Option


@click.group(name="realms", cls=Group)
def group() -> None:
    """Hidden Realms: The Mummy's Tomb — game sheets, generated maps, rules engine, bots."""


add_products(group, "realms")


def check_sheet(options: dict, count: int) -> None:
    """``realms sheet``: different sheets (``--count``) need generated maps."""
    from generator.core.errors import InputError

    if options["map"] != "random" and count > 1:
        raise InputError(f"--count {count} makes different sheets, which needs --map random; "
                         f"for copies of {options['map']} use --players {count}")


@group.command()
@click.argument("map_name", metavar="MAP")
@declared(Option("games", "Most games to play; fewer when the label is clear sooner (only a "
                 "map near a band edge plays them all). Default: [rating] rate_games of "
                 "seeds/realms.toml.", "int", low=1, metavar="N", limit="games",
                 default=DataRef("generator.games.realms.model:data", "rating.rate_games")))
@shared_option("seed", help="Seed of the dice (an integer ≥ 0). Default: a fresh one, always "
               "printed.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the tombgen/realms.rating document instead of the summary.")
@executor_options("Play the rating games")
def rate(map_name, games, seed, as_json, jobs, dask) -> None:
    """Rate a map (map-1 ... or a .toml/.json file): par, its 95% interval, p10/p90 and a
    difficulty label, played in batches until the label is clear (else borderline)."""
    from generator.core.envelope import dumps
    from generator.core.rng import fresh_seed
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.rating import rate as run
    from generator.games.realms.rating import rating_document, rating_executor, summary_text
    from generator.games.realms.records import map_ref

    m = load_map(map_name)
    seed = fresh_seed() if seed is None else seed
    click.echo(f"seed: {seed}", err=as_json)
    with rating_executor(jobs, dask):
        doc = rating_document(map_ref(map_name, m), m, run(m, games, seed, progress=playing_on))
    click.echo(dumps(doc) if as_json else summary_text(doc), nl=not as_json)


def playing_on(r) -> None:
    """After a batch that leaves the label open, a line on stderr when it is a terminal: a
    rating near a band edge plays on for minutes, and says so."""
    from generator.games.realms.rating import BORDERLINE

    if r.label == BORDERLINE and r.games < r.max_games and sys.stderr.isatty():
        lo, hi = r.interval
        click.echo(f"{r.games} games: par {r.par:g} (95% interval {lo:g}-{hi:g}) crosses a "
                   f"band edge; playing on, at most {r.max_games} games", err=True)


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def validate(file: str, as_json: bool) -> None:
    """Check a map file (TOML or JSON map): exit 0 valid, 1 problems (all listed), 2 unreadable."""
    from generator.games.realms.mapfile import validate_map_file

    report = validate_map_file(file)
    echo_report(report, as_json)


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True,
              help='Print {"lines": {...}, "total": N} (inside the tombgen envelope).')
@click.option("--map", "map_name", default=None, metavar="NAME|FILE",
              help="The map played: refuse tallies above what it holds, and list the "
                   "achievements earned on it.")
@declared_option("realms", "sheet", "start",
                 help="The game's start (the kids' start adds a key).")
def score(file: str, as_json: bool, map_name: str | None, start: str) -> None:
    """Final score from end-of-game tallies (a JSON file, or - for standard input)."""
    from generator.core.envelope import dumps, envelope
    from generator.games.realms.rules.scoring import score_fields

    source = "<stdin>" if file == "-" else file
    fields = score_fields(read_json_arg(file), source, map_name, start)
    if as_json:
        click.echo(dumps(envelope("realms", "score", None, fields)), nl=False)
        return
    click.echo(score_text(fields))


def score_text(fields: dict) -> str:
    """``realms score``'s lines: one per scoring rule, the total, the achievements earned on
    the map (when one was given)."""
    from generator.games.realms.rules.holdings import achievement_name
    from generator.games.realms.rules.scoring import LINES

    out = [f"{value:>5}  {LINES[key]}" for key, value in fields["lines"].items()]
    out.append(f"{fields['total']:>5}  total")
    if "achievements" in fields:
        names = [achievement_name(code) for code in fields["achievements"]]
        out.append("achievements: " + (", ".join(names) or "none"))
    return "\n".join(out)


@group.command()
@click.option("--map", "map_name", default="map-1", show_default=True, metavar="NAME|FILE",
              help="A shipped map's name or a map file (.toml or .json).")
@declared_option("realms", "sheet", "players",
                 help="Number of players sharing the dice (1: solo).")
@declared_option("realms", "sheet", "start",
                 help="Easy-mode presets: coins (and a key) to start with.")
@record_option("realms")
@simulate_options("realms")
def simulate(map_name, players, start, record_dir, sim) -> None:
    """Play many games on one map: scores with their spread, per-rule means, wins by seat."""
    from generator.games.realms.simulate import describe
    from generator.games.realms.simulate import simulate as run

    records = record_folder("realms", record_dir, sim)
    seats = sim.players(players)
    differs = simulation_differs(click.get_current_context(), sim, seats)

    def play(seed, executor, progress):
        return run(map_name, sim.games, seed, seats, start, records, progress=progress,
                   executor=executor, differs=differs)

    run_recorded(sim, play, describe, records)


group.add_command(replay_command("realms", "Hidden Realms"))
