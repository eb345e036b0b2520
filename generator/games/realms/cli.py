"""`tombgen realms` commands: game sheets, generated maps, validate maps, score tallies,
simulate games, replay records."""

from __future__ import annotations

import click

from generator.clikit import (
    Group,
    echo_report,
    executor_options,
    output_options,
    progress,
    read_json_arg,
    run_product,
    write_json_file,
)

LEVELS = ("easy", "standard", "hard")     # model.LEVELS, repeated: this module imports no game code


@click.group(name="realms", cls=Group)
def group() -> None:
    """Hidden Realms: The Mummy's Tomb — game sheets, generated maps, rules engine, bots."""


@group.command()
@click.option("--map", "map_name", default="map-1", show_default=True, metavar="NAME|FILE|random",
              help="A shipped map (map-1 ... map-4), a map file (.toml or .json), or random "
                   "for a newly generated map per sheet.")
@click.option("--difficulty", type=click.Choice(LEVELS), default=None,
              help="random: make maps rated this difficulty; a named map or file: check its "
                   "rating says so.")
@click.option("--players", type=click.IntRange(min=1), default=1, show_default=True,
              help="Copies of each sheet, one per player (each with a name line); up to 8.")
@click.option("--games", type=click.IntRange(min=0), default=None, metavar="G",
              help="random: most games that rate each map (default 40; 0 = no rating).")
@click.option("--size", default=None, metavar="N|WxH",
              help="random: the map's size, 12 to 16 a side (default: random).")
@output_options(count=True)
def sheet(map_name, difficulty, players, games, size, seed, out, formats, paper, mono,
          count) -> None:
    """Make the printable game sheet: map, rounds, tiles, monsters, backpack, scoring."""
    from generator.core.errors import InputError
    from generator.games.realms.model import data

    if map_name != "random":
        if count > 1:
            raise InputError(f"--count {count} makes different sheets, which needs --map "
                             f"random; for copies of {map_name} use --players {count}")
        if games:
            raise InputError("--games rates generated maps; use it with --map random")
    if games is None:
        games = data()["generate"]["sheet_games"] if map_name == "random" else 0
    run_product("realms", "sheet", seed=seed, out=out, formats=formats, paper=paper, mono=mono,
                count=count, options={"map": map_name, "difficulty": difficulty,
                                      "players": players, "games": games, "size": size})


@group.command(name="map")
@click.option("--size", default=None, metavar="N|WxH",
              help="Map size: N (square) or WxH, 12 to 16 a side. Default: random.")
@click.option("--difficulty", type=click.Choice(LEVELS), default=None,
              help="Steer the generator, then keep only a map rated this difficulty.")
@click.option("--games", type=click.IntRange(min=20), default=None, metavar="G",
              help="Most games that rate each map, as `realms rate` plays them (default: "
                   "[rating] games of seeds/realms.toml).")
@output_options(count=True)
@executor_options("Play the rating games")
def map_(size, difficulty, games, seed, out, formats, paper, mono, count, jobs, dask) -> None:
    """Generate maps: validated, rated by bot play; writes the map file (.toml, always), a
    preview sheet (SVG, PDF) and a JSON report."""
    from generator.core.rng import fresh_seed
    from generator.games.realms.rating import rating_executor

    from generator.games.realms.model import data

    seed = fresh_seed() if seed is None else seed
    games = games or data()["rating"]["games"]
    options = {"size": size, "difficulty": difficulty, "games": games}
    with rating_executor(jobs, dask):
        run_product("realms", "map", seed=seed, out=out, formats=formats, paper=paper,
                    mono=mono, count=count, options=options)


@group.command()
@click.argument("map_name", metavar="MAP")
@click.option("--games", type=click.IntRange(min=1), default=None, metavar="G",
              help="Most games to play (default: [rating] games of seeds/realms.toml); fewer "
                   "when the label is clear sooner.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed of the dice (an integer ≥ 0). Default: a fresh one, always shown.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the tombgen/realms.rating document instead of the summary.")
@executor_options("Play the rating games")
def rate(map_name, games, seed, as_json, jobs, dask) -> None:
    """Rate a map (map-1 ... or a .toml/.json file): par, its 95% interval, p10/p90 and a
    difficulty label, played in batches until the label is clear (else borderline)."""
    from generator.core.envelope import dumps
    from generator.core.rng import fresh_seed
    from generator.games.realms.mapfile import load_map
    from generator.games.realms.model import data
    from generator.games.realms.rating import rate as run
    from generator.games.realms.rating import rating_document, rating_executor, summary_text
    from generator.games.realms.records import map_ref

    m = load_map(map_name)
    seed = fresh_seed() if seed is None else seed
    games = games or data()["rating"]["games"]
    with rating_executor(jobs, dask):
        doc = rating_document(map_ref(map_name, m), m, run(m, games, seed))
    if as_json:
        click.echo(dumps(doc), nl=False)
    else:
        click.echo(f"seed: {seed}")
        click.echo(summary_text(doc))


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def validate(file: str, as_json: bool) -> None:
    """Check a map file (TOML or JSON map): exit 0 valid, 1 problems (all listed), 2 unreadable."""
    from generator.games.realms.rules_map import validate_map_file

    report = validate_map_file(file)
    echo_report(report, as_json)


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True,
              help='Print {"lines": {...}, "total": N} (inside the tombgen envelope).')
def score(file: str, as_json: bool) -> None:
    """Final score from end-of-game tallies (a JSON file, or - for standard input)."""
    from generator.core.envelope import dumps, envelope
    from generator.games.realms.rules_scoring import LINES, check_tallies, score_lines

    source = "<stdin>" if file == "-" else file
    lines = score_lines(check_tallies(read_json_arg(file), source))
    total = sum(lines.values())
    if as_json:
        click.echo(dumps(envelope("realms", "score", None, {"lines": lines, "total": total})),
                   nl=False)
        return
    for key, value in lines.items():
        click.echo(f"{value:>5}  {LINES[key]}")
    click.echo(f"{total:>5}  total")


@group.command()
@click.option("--map", "map_name", default="map-1", show_default=True,
              help="A shipped map's name or a map file (.toml or .json).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed (an integer ≥ 0). Default: a fresh one, always printed.")
@click.option("--player", type=click.Choice(["random", "greedy", "planner", "quick"]),
              default="planner", show_default=True,
              help="planner: plans each round (strong, slower); quick: the planner's judgement "
                   "one move at a time; greedy: one move at a time (fast); random: any legal "
                   "move, uniformly.")
@click.option("--start", type=click.Choice(["normal", "easy", "kids"]), default="normal",
              show_default=True, help="Easy-mode presets: coins (and a key) to start with.")
@click.option("--out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder for the JSON summary.")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), default=None,
              help="Also write a game record of every game into this folder.")
@executor_options()
def simulate(map_name, games, seed, player, start, out, record_dir, jobs, dask) -> None:
    """Play many solo games and print mean, median, p10, p90 and per-rule means."""
    from pathlib import Path

    from generator.batch.executor import executor_for
    from generator.core.output import file_name, prepare_dir
    from generator.core.rng import fresh_seed
    from generator.games.realms.simulate import simulate as run
    from generator.games.realms.simulate import summary_text

    if seed is None:
        seed = fresh_seed()
    click.echo(f"seed: {seed}")
    prepare_dir(out)

    def wrap(items):
        return _Bar(items, games)

    with executor_for(jobs, dask) as executor:
        doc = run(map_name, games, seed, player, start, record_dir, wrap, executor)
    click.echo(summary_text(doc))
    write_json_file(str(Path(out) / file_name("realms", "simulation", seed, "json")), doc)
    if record_dir:
        click.echo(f"wrote {games} game record(s) to {record_dir}")


class _Bar:
    """Iterates the game indices inside a progress bar (shown only on a terminal)."""

    def __init__(self, items, length: int):
        self.items, self.length = items, length

    def __iter__(self):
        with progress(self.items, self.length, "playing") as items:
            yield from items


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
def replay(file: str) -> None:
    """Replay a game record: print the final sheet and score, or the first illegal move."""
    from generator.games.realms.records import replay as run
    from generator.games.realms.sheet_text import sheet_text

    source = "<stdin>" if file == "-" else file
    result = run(read_json_arg(file), source)
    state = result.state
    for p, sheet in enumerate(state.sheets):
        if state.players > 1:
            click.echo(f"player {p + 1}:")
        click.echo(sheet_text(sheet, final=state.is_over()))
    if state.players > 1:
        click.echo("places: " + ", ".join(f"player {p + 1}: {place}"
                                          for p, place in enumerate(state.places())))
    if result.error:
        click.echo(f"tombgen: error: {result.error}", err=True)
        raise SystemExit(1)
    if not state.is_over():
        click.echo(f"(the record stops in round {state.round}; the game is not finished)")
