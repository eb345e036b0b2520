"""`tombgen tumba` commands."""

import click

from generator.clikit import Group


@click.group(name="tumba", cls=Group)
def group() -> None:
    """Tutan Tumba: standard and Pharaoh's Wrath board setups, roll helper"""
