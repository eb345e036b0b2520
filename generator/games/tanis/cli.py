"""`tombgen tanis` commands."""

from __future__ import annotations

import click

from generator.clikit import Group, output_options, run_product


@click.group(name="tanis", cls=Group)
def group() -> None:
    """Tanis: dig patterns for the layered dig box."""


@group.command()
@click.option("--style", type=click.Choice(["classic", "random"]), default="random",
              show_default=True,
              help="classic: the two alternating patterns; random: any valid stack, uniformly.")
@output_options(count=True)
def dig(style, seed, out, formats, paper, mono, count) -> None:
    """Make a dig pattern: how to lay the 40 tiles into the lid (SVG, PDF, JSON)."""
    run_product("tanis", "dig", seed=seed, out=out, formats=formats, paper=paper, mono=mono,
                count=count, options={"style": style})
