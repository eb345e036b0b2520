"""`tombgen tanis` commands: dig (setup sheets), score (referee), simulate (bot games), replay
(game records)."""

from __future__ import annotations

import click

from generator.clikit import (
    Group,
    add_products,
    declared_option,
    record_folder,
    record_option,
    replay_command,
    run_recorded,
    simulate_options,
    simulation_differs,
)


@click.group(name="tanis", cls=Group)
def group() -> None:
    """Tanis: dig patterns (with a score pad), a score referee and bot simulations."""


add_products(group, "tanis")


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
    from generator.games.tanis.rules_scoring import score_document, score_text

    source = "<stdin>" if file == "-" else file
    result = score_document(read_json_arg(file), source)
    if as_json:
        click.echo(dumps(envelope("tanis", "score", None, result)), nl=False)
        return
    click.echo(score_text(result))


@group.command()
@click.option("--dig", "dig_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="Play every game on this dig (a `tanis dig` JSON file); it "
                                 "fixes the dig, so --style does not apply.")
@declared_option("tanis", "dig", "style", help="Without --dig: each game gets a new dig of "
                                              "this style (classic: this tool's own "
                                              "alternating patterns).")
@record_option("tanis")
@simulate_options("tanis")
def simulate(dig_file, style, record_dir, sim) -> None:
    """Play many bot games and compare: win rate by seat, scores, cards, reveal curve."""
    from generator.games.tanis.model import facts
    from generator.games.tanis.simulate import describe, simulation_document
    from generator.games.tanis.simulate import simulate as run

    records = record_folder("tanis", record_dir, sim)
    dig, dig_info = None, {"style": style}
    if dig_file is not None:
        from generator.games.tanis.rules_dig import read_dig

        dig = read_dig(dig_file)
        if click.get_current_context().get_parameter_source("style") \
                is not click.core.ParameterSource.DEFAULT:
            from generator.core.errors import InputError

            raise InputError(f"--style {style} conflicts with the dig file {dig_file}, which "
                             "fixes every layer; leave --style out")
        dig_info = {"file": "<stdin>" if dig_file == "-" else dig_file}
    seats = sim.players(facts().players)
    differs = simulation_differs(click.get_current_context(), sim, seats)

    def play(seed, executor, progress):
        games = run(sim.games, seed, style=style, dig=dig, players=seats, progress=progress,
                    executor=executor, records=records, differs=differs)
        return simulation_document(games, seed, seats, dig_info)

    run_recorded(sim, play, describe, records)


group.add_command(replay_command("tanis", "Tanis"))
