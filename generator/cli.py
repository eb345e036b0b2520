"""The ``tombgen`` command: a thin click group; each game contributes its own sub-group.

Game groups are imported only when used (``tombgen tanis …``), so ``tombgen --help`` stays fast.
"""

from __future__ import annotations

import click

from generator import __version__
from generator.guard import Group
from generator.registry import games, resolve

#: Commands beside the games: where each lives (imported only when run) and the line --help
#: lists for it, so that listing them imports none of them.
LAZY_COMMANDS = {
    "aid": ("generator.aids.cli:aid", "Player-aid cards for one game or all four, as PDF."),
    "batch": ("generator.batch.cli:batch",
              "Make many items from a TOML config, with a manifest; a rerun resumes."),
    "verify": ("generator.batch.cli:verify",
               "Make files again and compare bytes: a batch folder, an item or a PDF."),
    "serve": ("generator.studio.cli:serve",
              "Start the local web page: make, preview and print, edit maps."),
}


class TombgenGroup(Group):
    """Top-level group: game sub-groups come from the registry, other commands from
    LAZY_COMMANDS; both are imported only when used, so every command starts fast."""

    def list_commands(self, ctx):
        return sorted([g.name for g in games()] + list(LAZY_COMMANDS) + list(self.commands))

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
        if name in LAZY_COMMANDS:
            return resolve(LAZY_COMMANDS[name][0])
        for spec in games():
            if spec.name == name:
                return resolve(spec.cli)
        return None

    def format_commands(self, ctx, formatter):
        rows = [(g.name, g.title) for g in games()]
        rows += [(name, line) for name, (_, line) in LAZY_COMMANDS.items()]
        rows += [(name, cmd.get_short_help_str(70)) for name, cmd in self.commands.items()]
        with formatter.section("Commands"):
            formatter.write_dl(sorted(rows))


@click.group(cls=TombgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tombgen", message="%(prog)s %(version)s")
def main() -> None:
    """Printable sheets, maps, setups and player aids for four Egyptian-themed tabletop games.

    Every item is made from a seed, checked by its game's rules engine and written as SVG, PDF
    and JSON. Run `tombgen GAME --help` for a game's commands.
    """


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def validate(file: str, as_json: bool) -> None:
    """Validate any tombgen document: JSON by its "format", or a game file (realms .toml map)."""
    from generator.clikit import echo_report
    from generator.validate import validate_file

    report = validate_file(file)
    echo_report(report, as_json)
