"""`tombgen tut` commands."""

import click

from generator.clikit import Group


@click.group(name="tut", cls=Group)
def group() -> None:
    """Tutankhamen: random trail layouts and a scoring referee"""
