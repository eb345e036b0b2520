"""`tombgen tut` commands: trail (setup sheets), score-set (referee), simulate (bot games),
replay (game records)."""

from __future__ import annotations

import click

from generator.clikit import (
    Group,
    add_products,
    declared_option,
    read_json_arg,
    record_folder,
    record_option,
    replay_command,
    run_recorded,
    simulate_options,
    simulation_differs,
)


@click.group(name="tut", cls=Group)
def group() -> None:
    """Tutankhamen: random trail layouts and a scoring referee"""


add_products(group, "tut")


def check_trail(options: dict, count: int) -> None:
    """``tut trail``: the table must be WxH cells with room for the trail."""
    from generator.games.tut.generate import parse_table

    parse_table(options["table"], options["shape"])


@group.command(name="score-set")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print {\"payments\": ...} as JSON.")
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True,
              help="Language of the text (the JSON is the same in both).")
def score_set(file: str, as_json: bool, lang: str) -> None:
    """Referee the scoring of one set described in FILE (JSON; - reads standard input)."""
    from generator.core.envelope import dumps, envelope
    from generator.games.tut.rules_scoring import score_request

    doc = read_json_arg(file)
    pays = score_request(doc, "<stdin>" if file == "-" else file)
    if as_json:
        click.echo(dumps(envelope("tut", "score-set", None,
                                  {"payments": [[p, c] for p, c in pays]})), nl=False)
        return
    click.echo(score_set_text(pays, doc.get("variant", "en"), lang))


def score_set_text(pays, variant: str, lang: str = "en") -> str:
    """The payments in words: the English rules pay coins, the French rules (Tutanchamun)
    have no coins: the markers advance on the score board."""
    from generator.core.i18n import catalogue

    say = catalogue(lang).words(f"tut.score_set.{variant}")
    if not pays:
        return say("nobody")
    return "\n".join(say("pays", player=player, coins=coins) for player, coins in pays)


@group.command()
@declared_option("tut", "trail", "players", help="Number of players. With --trail: the trail's.")
@declared_option("tut", "trail", "variant", help="Rules: en or fr. With --trail: the trail's.")
@click.option("--trail", "trail_file", type=click.Path(dir_okay=False, allow_dash=True),
              default=None, help="Play every game on this trail (a tut trail JSON); it fixes "
                                 "the players and the rules. Default: a fresh trail each game.")
@record_option("tut")
@simulate_options("tut")
def simulate(players, variant, trail_file, record_dir, sim) -> None:
    """Play bot games: win rate by seat, coins left, game length, endings (and a JSON file)."""
    from generator.clikit import fixed_by_file
    from generator.games.tut.simulate import describe, trail_for_simulation
    from generator.games.tut.simulate import simulate as run

    records = record_folder("tut", record_dir, sim)
    trail = trail_for_simulation(trail_file)
    if trail is not None:
        fixed = fixed_by_file("trail file", trail_file, {
            "players": (trail.players, f"{trail.players} players"),
            "variant": (trail.variant, f"the {trail.variant} rules")})
        players, variant = fixed["players"], fixed["variant"]
    seats = sim.players(players)
    tiles = list(trail.tiles) if trail is not None else None
    where = "random" if trail is None else ("<stdin>" if trail_file == "-" else trail_file)
    differs = simulation_differs(click.get_current_context(), sim, seats)

    def play(seed, executor, progress):
        return run(seats, sim.games, variant, tiles, seed, where, progress=progress,
                   executor=executor, records=records, differs=differs)

    run_recorded(sim, play, describe, records)


group.add_command(replay_command("tut", "Tutankhamen"))
