"""`tombgen aid`: player-aid cards for one game or all of them.

The command's options are declared once, as :data:`AID_OPTIONS` (registry ``Option`` data, like
a product's): the click options are made from them, and so is the form of the local web page.
``--format`` (:data:`FORMAT_OPTION`) says which files the command writes: the PDF, and one PNG
per card face for print services that take pictures.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import click

from generator.clikit import Command, declared, shared_option
from generator.core.errors import InputError
from generator.registry import SHARED_OPTIONS, DataRef, Option


def _shared(name: str, help: str, **changes: Any) -> Option:
    return next(o for o in SHARED_OPTIONS if o.name == name)._replace(help=help, **changes)


#: Every option of ``tombgen aid`` (besides GAME and --out), in --help order.
AID_OPTIONS = (
    _shared("lang", "Language of the cards."),
    Option("size", "Card size (see seeds/cards.toml).", "choice", default="poker",
           choices=DataRef("generator.aids.build:size_names")),
    Option("variant", "Tutankhamen rules: English (en) or French (fr).", "choice", default="en",
           choices=("en", "fr")),
    Option("nup", "Impose as many cards as fit on A4/Letter sheets, with crop marks and cut "
           "lines.", "flag", default=False),
    Option("backs", "A card-back page after every sheet, mirrored for long-edge duplex "
           "printing.", "flag", default=False),
    Option("bleed", "Extend backgrounds this many mm past the trim.", "number", default=0.0),
    Option("crop_marks", "Crop marks around each card (always on with --nup).", "flag",
           default=False),
    _shared("paper", "Sheet size for --nup (only with --nup).", requires=(("nup", (True,)),)),
    _shared("mono", "Black-and-white theme."),
    _shared("cmyk", "PDF for press: every colour in CMYK from the print theme, text in black "
            "ink alone, crop marks on every plate (the PNGs stay RGB)."),
)

#: Which files ``tombgen aid`` writes (not an option of the aid itself: the local web page
#: answers with one file, a batch item writes the PDF).
FORMAT_OPTION = Option("format", "Any of pdf,png, comma-separated: png is one picture per card "
                       "face (fronts, and backs with --backs) at 300 dpi with its bleed.",
                       "list", default="pdf", choices=("pdf", "png"), metavar="LIST")


def aid_arguments(values: dict[str, Any], given: Collection[str]) -> dict[str, Any]:
    """The keyword arguments of :func:`generator.aids.build.make_aids` for the command's parsed
    option values; ``given`` names the options given explicitly (``--paper`` is only chosen for
    ``--nup``: given without it is an InputError). Imposed sheets always get crop marks. The
    command itself takes ``--format`` out first: anywhere else (a batch item), ``png`` is an
    InputError, since only the command writes the pictures."""
    from generator.aids.build import aid_paper, card_format

    if "format" in given and "png" in (values.get("format") or ()):
        raise InputError("--format png: card pictures are written by tombgen aid itself, not "
                         "here; run tombgen aid ... --format pdf,png")
    card_format(values["size"], values["bleed"])
    paper = aid_paper(values["nup"], values["paper"] if "paper" in given else None)
    return {"lang": values["lang"], "size": values["size"], "variant": values["variant"],
            "mono": values["mono"], "bleed": values["bleed"],
            "crop": bool(values["crop_marks"] or values["nup"]), "nup": values["nup"],
            "paper": paper, "backs": values["backs"], "cmyk": values["cmyk"]}


def given_options(ctx: click.Context) -> set[str]:
    """The options given on the command line (not left at their defaults)."""
    return {name for name in ctx.params
            if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT}


def _with_options(fn):
    for option in reversed(AID_OPTIONS + (FORMAT_OPTION,)):
        fn = declared(option)(fn)
    return fn


@click.command(cls=Command)
@click.argument("game")
@_with_options
@click.option("--out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder for the PDF files.")
@shared_option("force", help="Replace files that exist with other content.")
def aid(game: str, out: str, force: bool, format: tuple[str, ...], **values: Any) -> None:
    """Player-aid cards for GAME (realms, tut, tanis, tumba) or all, as PDF (and PNG).

    Every table on the cards is computed from the rules data and engines. Aids are not seeded:
    the same options and version always give the same file.
    """
    from generator.aids.build import make_aids
    from generator.core.output import check_dir, prepare_dir, write_all

    given = given_options(click.get_current_context()) - {"format"}
    arguments = aid_arguments(values, given)
    check_dir(out)
    files = make_aids(game, pdf="pdf" in format, png="png" in format, **arguments)
    folder = prepare_dir(out)
    done = write_all(folder, files, force)
    for name, data in files:
        verb = "wrote" if done[folder / name] else "unchanged"
        click.echo(f"{verb} {folder / name} ({name.rsplit('.', 1)[-1]}, "
                   f"{len(data) / 1024:.1f} kB)")
