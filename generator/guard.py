"""Where every command's failures end: one line on stderr and an exit code, never a traceback.

The click :class:`Group` and :class:`Command` of every tombgen command run it through
:func:`guarded`, once for all commands: a :class:`TombgenError` exits with its code (1 a broken
rule, 2 unusable input); Ctrl-C exits 130 and SIGTERM 143 (SIGHUP 129) after the command's own
clean-up has removed its temporary files and stopped its workers; an ``OSError`` the writers did
not already name (standard output full, closed or a broken pipe) is one line and exit 2. The
outermost command also flushes standard output itself, so a full device is reported there
rather than as Python's "Exception ignored" at exit. A closed standard output is refused before
any work.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import click

from generator.core.errors import TombgenError


def fail(exc: TombgenError) -> None:
    """Prints a user error (and its report, if any) to stderr and exits with its code."""
    from generator.core.inputs import printable

    say(f"tombgen: error: {printable(exc.message)}")
    sys.exit(exc.exit_code)


def say(line: str) -> None:
    """One line on stderr, if stderr can still take it (a closed stderr is not an error)."""
    try:
        click.echo(line, err=True)
    except (OSError, ValueError):
        pass


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal (SIGTERM, SIGHUP): handled like Ctrl-C, with its own
    exit code (128 + the signal number)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop(signum, frame) -> None:
    raise Interrupted(signum)


def guarded(call: Callable[[], Any], top: bool = False) -> Any:
    """Runs a command and turns every way it can fail for a user into one line and an exit
    code, never a traceback: a TombgenError (its code), Ctrl-C (130) or SIGTERM (143) after the
    command's own cleanup, and a fault of the file system or of standard output (2). ``top``:
    the outermost command, which also flushes standard output and reports if it cannot."""
    try:
        result = _handled(call)
    except SystemExit:
        if top:
            _flush_stdout_or_fail()
        raise
    if top:
        _flush_stdout_or_fail()
    return result


def _handled(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except TombgenError as exc:
        fail(exc)
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else 2
        name = {2: "Ctrl-C", 15: "SIGTERM", 1: "SIGHUP"}.get(signum, f"signal {signum}")
        _quiet_stdout()
        say(f"tombgen: stopped ({name}); unfinished files were removed, nothing partial is "
            "left under a final name")
        sys.exit(128 + signum)
    except OSError as exc:
        fail(_os_error(exc))


def _flush_stdout() -> None:
    stream = sys.stdout
    if stream is not None:
        stream.flush()


def _flush_stdout_or_fail() -> None:
    try:
        _flush_stdout()
    except OSError as exc:
        fail(_os_error(exc))


def _quiet_stdout() -> None:
    """Points standard output at the null device, so the bytes Python still holds for it are
    dropped quietly at exit (after a fault of standard output, or when the run is stopped)."""
    import os

    stream = sys.stdout
    if stream is None:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass  # not a real file (a test runner's buffer): nothing is flushed at exit anyway


def _os_error(exc: OSError) -> TombgenError:
    """A fault not already named by the writer: a file it names, else standard output."""
    from generator.core.errors import InputError
    from generator.core.output import cause

    if exc.filename:
        return InputError(f"{exc.filename}: {cause(exc)}")
    _quiet_stdout()
    if exc.errno == 32:  # EPIPE: whoever read our output went away
        return InputError("standard output: the reading end of the pipe was closed")
    return InputError(f"standard output: cannot write: {exc.strerror or exc}")


class Command(click.Command):
    """A click command that turns user errors, faults and interruptions into one line."""

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(lambda: click.Command.invoke(self, ctx), top=ctx.parent is None)


class Group(click.Group):
    """A click group whose commands report errors, faults and interruptions the same way."""

    command_class = Command

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(lambda: click.Group.invoke(self, ctx), top=ctx.parent is None)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """The entry point: SIGTERM and SIGHUP stop a run like Ctrl-C (its cleanup runs: no
        temporary file stays behind, workers are stopped); a closed standard output is refused
        before any work."""
        import signal

        if sys.stdout is None:
            say("tombgen: error: standard output is closed; run tombgen with an open standard "
                "output (redirect it to a file or /dev/null)")
            sys.exit(2)
        saved = {}
        for signum in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if signum is not None:
                try:
                    saved[signum] = signal.signal(signum, _stop)
                except ValueError:  # not the main thread: leave signals alone
                    pass
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:  # while click parses: --help or --version to a full device
            fail(_os_error(exc))
        finally:
            for signum, handler in saved.items():
                signal.signal(signum, handler)


Group.group_class = Group
