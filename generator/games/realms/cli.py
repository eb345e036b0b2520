"""`tombgen realms` commands."""

import click

from generator.clikit import Group


@click.group(name="realms", cls=Group)
def group() -> None:
    """Hidden Realms: The Mummy's Tomb — game sheets and dungeon maps"""
