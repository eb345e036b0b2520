"""`tombgen aid`: player-aid cards for one game or all of them."""

from __future__ import annotations

import click

from generator.clikit import Command, shared_option


def _size(ctx, param, value: str) -> str:
    from generator.aids.build import size_names

    if value not in size_names():
        raise click.BadParameter(f"unknown size {value!r}; choose one of {', '.join(size_names())}")
    return value


@click.command(cls=Command)
@click.argument("game")
@shared_option("lang", help="Language of the cards.")
@click.option("--size", default="poker", show_default=True, callback=_size,
              help="Card size: a4, a5, a6, tarot or poker (see seeds/cards.toml).")
@click.option("--variant", type=click.Choice(["en", "fr"]), default="en", show_default=True,
              help="Tutankhamen rules: English (en) or French (fr).")
@click.option("--nup", is_flag=True, help="Impose the cards on A4/Letter sheets with crop marks.")
@click.option("--bleed", type=float, default=0.0, show_default=True,
              help="Extend backgrounds this many mm past the trim.")
@click.option("--crop-marks", is_flag=True, help="Crop marks around each card (always on with --nup).")
@shared_option("paper", help="Sheet size for --nup.")
@shared_option("mono", help="Black-and-white theme.")
@click.option("--out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder for the PDF files.")
@shared_option("force", help="Replace files that exist with other content.")
def aid(game, lang, size, variant, nup, bleed, crop_marks, paper, mono, out, force) -> None:
    """Player-aid cards for GAME (realms, tut, tanis, tumba) or all, as PDF.

    Every table on the cards is computed from the rules data and engines. Aids are not seeded:
    the same options and version always give the same file.
    """
    from generator.aids.build import make_aids
    from generator.core.output import check_dir, prepare_dir, write_all

    check_dir(out)
    files = make_aids(game, lang=lang, size=size, variant=variant, mono=mono, bleed=bleed,
                      crop=crop_marks or nup, nup=nup, paper=paper)
    folder = prepare_dir(out)
    done = write_all(folder, files, force)
    for name, data in files:
        verb = "wrote" if done[folder / name] else "unchanged"
        click.echo(f"{verb} {folder / name} (pdf, {len(data) / 1024:.1f} kB)")
