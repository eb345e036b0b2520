"""``tombgen batch`` and ``tombgen verify``: thin commands over :mod:`generator.batch`.

Only click is imported here; the batch machinery loads when a command runs.
"""

from __future__ import annotations

import click

from generator.clikit import Command, executor_options, shared_option

_executor_options = executor_options(
    "Do the work", jobs_default=None,
    jobs_help="Worker processes (default: the number of CPUs; 1 = no pool).")


def _check_executor(jobs, dask) -> None:
    from generator.core.errors import InputError

    if jobs is not None and dask:
        raise InputError("give --jobs or --dask, not both")


@click.command(cls=Command)
@click.argument("config", type=click.Path(dir_okay=False))
@_executor_options
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Folder for the files and manifest.json (default: out in the config's "
                   "[batch] table, else output/).")
@shared_option("force", help="Replace files that exist with other content, and take over a "
                             "folder holding another config's batch.")
def batch(config: str, jobs: int | None, dask: str | None, out: str | None, force: bool) -> None:
    """Make many items from a TOML config, with a manifest; a rerun resumes.

    Each [[item]] names a game and kind (a product, or "aid") and that command's options:
    see the README for the format. Every item is checked before any work starts.
    """
    from generator.batch.run import run_batch
    from generator.clikit import progress

    _check_executor(jobs, dask)
    outcome = run_batch(config, out=out, jobs=jobs, dask=dask, progress=progress, force=force,
                        notify=click.echo)
    for item in outcome.drawn:
        r = item.request
        click.echo(f"item {item.number} ({r.game} {r.kind}): seed {r.seed}")
    items = len(outcome.config.items)
    click.echo(f"{outcome.units} unit{'s' if outcome.units != 1 else ''} in {items} "
               f"item{'s' if items != 1 else ''}: {outcome.built} built, {outcome.skipped} "
               "skipped (already made, files unchanged)")
    same = f" ({outcome.unchanged} already there with the same bytes)" if outcome.unchanged \
        else ""
    click.echo(f"wrote {outcome.written} file{'s' if outcome.written != 1 else ''}{same} to "
               f"{outcome.folder}; manifest {outcome.manifest}")
    for failure in (f for f in outcome.failures if not f.conflict):
        click.echo(f"tombgen: error: {failure.text(outcome.config.path)}", err=True)
    if outcome.conflicts:
        shown = ", ".join(p.name for p in outcome.conflicts[:3])
        more = " …" if len(outcome.conflicts) > 3 else ""
        click.echo(f"tombgen: error: {len(outcome.conflicts)} file(s) in {outcome.folder} exist "
                   f"with other content and were left alone ({shown}{more}); give --force to "
                   "replace them, or another --out", err=True)
        raise SystemExit(2)
    if outcome.failures:
        click.echo(f"tombgen: error: {len(outcome.failures)} unit(s) failed; the other files "
                   "are written; run the same command again to retry them", err=True)
        raise SystemExit(1)


@click.command(cls=Command)
@click.argument("target", type=click.Path())
@_executor_options
def verify(target: str, jobs: int | None, dask: str | None) -> None:
    """Regenerate files and compare bytes: a batch FOLDER, an item's JSON, or a PDF.

    Prints one line per file (ok, MISMATCH, missing, FAILED, VERSION, and UNLISTED for a file
    in a batch folder that its manifest does not list) and exits 1 if any file does not match.
    """
    from generator.batch.verify import verify_path
    from generator.clikit import progress

    _check_executor(jobs, dask)
    checks = verify_path(target, jobs=jobs, dask=dask, progress=progress)
    for check in checks:
        click.echo(check.line())
    bad = [c for c in checks if not c.ok]
    click.echo(f"{len(checks) - len(bad)} of {len(checks)} match")
    if bad:
        names = ", ".join(c.name for c in bad[:5]) + (" …" if len(bad) > 5 else "")
        click.echo(f"tombgen: error: {len(bad)} do not match: {names}", err=True)
        raise SystemExit(1)
