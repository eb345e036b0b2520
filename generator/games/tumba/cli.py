"""`tombgen tumba` commands: setup (a product), roll (read a roll), simulate (bot games)."""

from __future__ import annotations

import click

from generator.clikit import (
    Group,
    add_products,
    declared_option,
    limited,
    record_folder,
    record_option,
    replay_command,
    run_recorded,
    simulate_options,
    simulation_differs,
)


@click.group(name="tumba", cls=Group)
def group() -> None:
    """Tutan Tumba: standard and Pharaoh's Wrath board setups, roll helper"""


add_products(group, "tumba")


@group.command()
@click.argument("dice", nargs=3, type=click.IntRange(1, 6), metavar="D1 D2 D3")
@click.option("--board", "board_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="A board JSON (or a setup JSON) to read the roll on. "
                                 "Default: an empty standard board.")
@click.option("--mode", type=click.Choice(["standard", "advanced"]), default=None,
              help="Rules to read the roll with. Default: the board's mode, else standard. "
                   "advanced needs the board: --board FILE or --passage N.")
@click.option("--passage", type=click.IntRange(7, 12), default=None,
              help="Advanced, without --board: the line (7-12) of the single secret passage, "
                   "on an empty board.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True,
              help="Language of the text (the JSON is the same in both).")
def roll(dice, board_file, mode, passage, as_json, lang) -> None:
    """Every legal way to use a roll of three dice and what the engine will do: the powers it
    triggers, the one-die re-roll (advanced), an empty House of the Dead (the turn is skipped),
    the board's Maat's Rest and Osiris lines and (with --board) the incinerations before placing
    and after each way to place."""
    from generator.clikit import read_json_arg
    from generator.core.envelope import dumps, envelope
    from generator.games.tumba.cli_text import roll_answer

    doc = read_json_arg(board_file) if board_file else None
    source = "<stdin>" if board_file == "-" else (board_file or "<board>")
    answer = roll_answer(dice, doc, source, mode, passage, lang)
    if as_json:
        click.echo(dumps(envelope("tumba", "roll", None, answer.reading.to_json())), nl=False)
    else:
        click.echo(answer.text)


@group.command()
@declared_option("tumba", "setup", "players",
                 help="Number of players. With --setup: the setup's.")
@click.option("--setup", "setup_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="A tumba setup JSON to play every game on; it fixes the players "
                                 "and the rules. Default: the standard layout, or a fresh "
                                 "advanced setup per game.")
@declared_option("tumba", "setup", "mode", help="Rules to play. With --setup: the setup's.")
@click.option("--target", type=int, default=None,
              help="Mummies in the tomb to win: 8 (default); 10 by agreement, advanced mode only.")
@click.option("--max-turns", type=limited("max_turns", "--max-turns"), default=3000,
              show_default=True,
              help="Stop (and report) a game still running after this many turns.")
@record_option("tumba")
@simulate_options("tumba")
def simulate(players, setup_file, mode, target, max_turns, record_dir, sim) -> None:
    """Play bot games: wins by seat, mummies in the tomb, game length, how mummies got in."""
    from generator.clikit import fixed_by_file
    from generator.games.tumba.simulate import describe
    from generator.games.tumba.simulate import simulate as run

    records = record_folder("tumba", record_dir, sim)
    setup = _read_setup(setup_file) if setup_file else None
    if setup is not None:
        fixed = fixed_by_file("setup file", setup_file, {
            "players": (setup.players, f"{setup.players} players"),
            "mode": (setup.mode, f"the {setup.mode} mode")})
        players, mode = fixed["players"], fixed["mode"]
    seats = sim.players(players)
    board = None if setup is None else ("<stdin>" if setup_file == "-" else setup_file)
    differs = simulation_differs(click.get_current_context(), sim, seats)

    def play(seed, executor, progress):
        return run(players, sim.games, seed, mode, setup, target, seats, max_turns, progress,
                   executor=executor, board=board, records=records, differs=differs)

    run_recorded(sim, play, describe, records)


def _read_setup(path: str):
    from generator.validate import read_item

    return read_item(path, "tumba", "setup")


group.add_command(replay_command("tumba", "Tutan Tumba"))
