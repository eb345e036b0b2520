"""`tombgen aid`: player-aid cards for one game or all of them."""

from __future__ import annotations

import click

from generator.clikit import Command, shared_option


def _size(ctx, param, value: str) -> str:
    from generator.aids.build import size_names

    if value not in size_names():
        raise click.BadParameter(f"unknown size {value!r}; choose one of {', '.join(size_names())}")
    return value


def chosen_paper(ctx: click.Context) -> str | None:
    """The ``--paper`` given for the sheets of ``--nup``, or None when it was not given (the
    shared option's default only applies with ``--nup``)."""
    given = ctx.get_parameter_source("paper")
    return None if given is click.core.ParameterSource.DEFAULT else ctx.params["paper"]


@click.command(cls=Command)
@click.argument("game")
@shared_option("lang", help="Language of the cards.")
@click.option("--size", default="poker", show_default=True, callback=_size,
              help="Card size: a4, a5, a6, tarot or poker (see seeds/cards.toml).")
@click.option("--variant", type=click.Choice(["en", "fr"]), default="en", show_default=True,
              help="Tutankhamen rules: English (en) or French (fr).")
@click.option("--nup", is_flag=True,
              help="Impose as many cards as fit on A4/Letter sheets, with crop marks and cut lines.")
@click.option("--backs", is_flag=True,
              help="A card-back page after every sheet, mirrored for long-edge duplex printing.")
@click.option("--bleed", type=float, default=0.0, show_default=True,
              help="Extend backgrounds this many mm past the trim.")
@click.option("--crop-marks", is_flag=True, help="Crop marks around each card (always on with --nup).")
@shared_option("paper", help="Sheet size for --nup (only with --nup).")
@shared_option("mono", help="Black-and-white theme.")
@click.option("--out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder for the PDF files.")
def aid(game, lang, size, variant, nup, backs, bleed, crop_marks, paper, mono, out) -> None:
    """Player-aid cards for GAME (realms, tut, tanis, tumba) or all, as PDF.

    Every table on the cards is computed from the rules data and engines. Aids are not seeded:
    the same options and version always give the same file.
    """
    from generator.aids.build import aid_paper, make_aids
    from generator.core.output import atomic_write, check_dir, prepare_dir

    paper = chosen_paper(click.get_current_context())
    aid_paper(nup, paper)
    check_dir(out)
    files = make_aids(game, lang=lang, size=size, variant=variant, mono=mono, bleed=bleed,
                      crop=crop_marks or nup, nup=nup, paper=paper, backs=backs)
    folder = prepare_dir(out)
    for name, data in files:
        path = atomic_write(folder / name, data)
        click.echo(f"wrote {path} (pdf, {len(data) / 1024:.1f} kB)")
