"""`tombgen tanis` commands."""

from __future__ import annotations

import click

from generator.clikit import Group, executor_options, output_options, run_product


@click.group(name="tanis", cls=Group)
def group() -> None:
    """Tanis: dig patterns (with a score pad), a score referee and bot simulations."""


@group.command()
@click.option("--style", type=click.Choice(["classic", "random"]), default="random",
              show_default=True,
              help="classic: two alternating patterns of this tool's own (not the rulebook's "
                   "example patterns; 2 different digs); random: any of the 6,302 valid "
                   "stacks, uniformly.")
@output_options(count=True)
def dig(style, seed, out, formats, paper, mono, count) -> None:
    """Make a dig pattern: how to lay the 40 tiles into the lid (SVG, PDF, JSON).

    With --count N the N digs are all different; more than the style has is an error (exit 1).
    """
    run_product("tanis", "dig", seed=seed, out=out, formats=formats, paper=paper, mono=mono,
                count=count, options={"style": style})


@group.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def score(file: str, as_json: bool) -> None:
    """Score collected tiles: groups, totals and the winner (FILE or - for stdin).

    FILE holds {"players": [{"snake": [..], "ankh": [..], "falcon": [..], "scarab": [..]},
    {...}], "first": 1} with the numbers each player collected and the player who took the
    first turn (1 or 2, as printed).
    """
    from generator.clikit import read_json_arg
    from generator.core.envelope import dumps, envelope
    from generator.games.tanis.rules_scoring import TIE_RULE, score_document

    source = "<stdin>" if file == "-" else file
    result = score_document(read_json_arg(file), source)
    if as_json:
        click.echo(dumps(envelope("tanis", "score", None, result)), nl=False)
        return
    for i, player in enumerate(result["players"], start=1):
        start = " (took the first turn)" if i == result["first"] else ""
        click.echo(f"player {i}{start}: {player['total']} points")
        by_type: dict[str, list[str]] = {}
        for g in player["groups"]:
            by_type.setdefault(g["type"], []).append(f"{_run(g['numbers'])} -> {g['points']}")
        for name, runs in by_type.items():
            click.echo(f"  {name:<7} {', '.join(runs)}")
    if result["tie"]:
        rule = TIE_RULE[result["decided_by"].removeprefix("tie-")]
        click.echo(f"tie: player {result['winner']} wins ({rule})")
    else:
        click.echo(f"winner: player {result['winner']}")


def _run(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


@group.command()
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Number of games to play.")
@click.option("--dig", "dig_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="Play every game on this dig (a `tanis dig` JSON file).")
@click.option("--style", type=click.Choice(["classic", "random"]), default="random",
              show_default=True,
              help="Without --dig: each game gets a new dig of this style (classic: this "
                   "tool's own alternating patterns).")
@click.option("--player", "players", multiple=True, default=("greedy",), show_default=True,
              help="Bot for a seat: random or greedy. Once = both seats; twice = seat 1, seat 2.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed (an integer ≥ 0). Default: a fresh one, always printed.")
@click.option("--json", "as_json", is_flag=True, help="Print the full summary as JSON.")
@executor_options()
def simulate(games, dig_file, style, players, seed, as_json, jobs, dask) -> None:
    """Play many bot games and compare: win rate by seat, scores, cards, reveal curve."""
    from generator.batch.executor import executor_for
    from generator.clikit import progress
    from generator.core.envelope import dumps
    from generator.core.errors import InputError
    from generator.core.rng import fresh_seed
    from generator.games.tanis.simulate import simulate as run, simulation_document

    source = click.get_current_context().get_parameter_source("style")
    if dig_file is not None and source is not click.core.ParameterSource.DEFAULT:
        raise InputError("give either --dig FILE or --style, not both")
    seed = fresh_seed() if seed is None else seed
    players = tuple(players) * 2 if len(players) == 1 else tuple(players)
    dig, dig_info = None, {"style": style}
    if dig_file is not None:
        from generator.games.tanis.rules import read_dig

        dig = read_dig(dig_file)
        dig_info = {"file": "<stdin>" if dig_file == "-" else dig_file}
    with executor_for(jobs, dask) as executor:
        records = run(games, seed, style=style, dig=dig, players=players, progress=progress,
                      executor=executor)
    doc = simulation_document(records, seed, players, dig_info)
    if as_json:
        click.echo(dumps(doc), nl=False)
        return
    _print_simulation(doc)


def _print_simulation(doc: dict) -> None:
    where = doc["dig"].get("file") or f"a new {doc['dig']['style']} dig each game"
    click.echo(f"seed: {doc['seed']}")
    click.echo(f"{doc['games']} games on {where}")
    for seat in doc["seats"]:
        cards = ", ".join(f"{k} {v:.2f}" for k, v in seat["cards_used"].items())
        start = " (starts)" if seat["starts"] else ""
        click.echo(f"seat {seat['seat']}{start}, {seat['bot']}: wins {seat['win_rate']:.1%}, "
                   f"mean score {seat['score']['mean']:.2f}; cards used {cards}")
    click.echo(f"ties: {doc['ties']} (won by the player who did not start)")
    click.echo(f"turns per game: mean {doc['turns']['mean']:.1f}")
    curve = doc["reveal_curve"]["mean_visible"]
    marks = "  ".join(f"{t}:{curve[t]:.1f}" for t in range(0, len(curve), 5))
    click.echo(f"visible tiles after turn  {marks}")
