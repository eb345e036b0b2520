"""`tombgen null` commands: row (the sheet), simulate (bot games), replay (game records).

The null game is a template (``TEMPLATE_PACKAGES`` of :mod:`generator.registry`): ``tombgen``
does not list this group; tests invoke it directly. A game's group is listed once its package
is in ``GAME_PACKAGES``."""

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


@click.group(name="null", cls=Group)
def group() -> None:
    """The null game (the template of a game): a row sheet, bot simulations, game records."""


add_products(group, "null")


@group.command()
@declared_option("null", "row", "counters", help="Every game on a row of this many counters "
                                                 "(default: each game's own, from its seed).")
@record_option("null")
@simulate_options("null")
def simulate(counters, record_dir, sim) -> None:
    """Play many bot games: win rate by seat, scores, length, the first player's wins."""
    from generator.games.null.model import data
    from generator.games.null.simulate import describe, simulation_document
    from generator.games.null.simulate import simulate as run

    records = record_folder("null", record_dir, sim)
    seats = sim.players(data()["play"]["players"])
    differs = simulation_differs(click.get_current_context(), sim, seats)

    def play(seed, executor, progress):
        games = run(sim.games, seed, players=seats, counters=counters, progress=progress,
                    executor=executor, records=records, differs=differs)
        return simulation_document(games, seed, seats)

    run_recorded(sim, play, describe, records)


group.add_command(replay_command("null", "null"))
