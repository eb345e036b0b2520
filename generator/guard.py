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
from collections.abc import Callable
from typing import Any

import click

from generator.core.errors import TombgenError


def fail(exc: TombgenError) -> None:
    """Prints a user error (and its report, if any) to stderr and exits with its code."""
    say(error_line(exc.message))
    sys.exit(exc.exit_code)


def error_line(message: str) -> str:
    """``tombgen: error: …``: the one way every error is written, printable on any terminal
    (hostile characters escaped) and without a word too long to read (see :func:`cut`)."""
    from generator.core.inputs import printable

    return f"tombgen: error: {cut(printable(message))}"


#: A word longer than this is cut (a value of thousands of characters echoed back): file
#: paths stay whole, values typed by hand are cut at 80 where they are quoted (click_message).
LONGEST_WORD = 240


def cut(text: str, limit: int = LONGEST_WORD) -> str:
    """``text`` with every word (run of non-spaces) longer than ``limit`` cut to 80 characters
    and an ellipsis saying how many were left out."""
    import re

    def shorten(found) -> str:
        word = found.group()
        return f"{word[:80]}… ({len(word) - 80:,} more characters)"

    return re.sub(rf"\S{{{limit + 1},}}", shorten, text)


#: A value click quoted as a Python literal ('a3', "it's"), at the start of a word.
_QUOTED = None


def click_message(exc: click.ClickException) -> str:
    """Click's message for a refused command line in tombgen's words: the option first
    (``--paper: a3 is not one of a4, letter``), values as typed (not as Python literals) and
    cut at 80 characters, no final full stop. The command line, batch configs and the local web
    page all say it this way."""
    import ast
    import re

    from generator.core.errors import shown

    global _QUOTED
    if _QUOTED is None:
        _QUOTED = re.compile(r"""(?<![^\s(])('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?=$|[\s.,:;)?])""")
    text = exc.format_message()
    text = re.sub(r"^Invalid value for (\S+): ", r"\1: ", text)

    def unquote(found) -> str:
        try:
            value = ast.literal_eval(found.group(1))
        except (ValueError, SyntaxError):
            return found.group(1)
        return shown(value, literals=False) if isinstance(value, str) else found.group(1)

    text = _QUOTED.sub(unquote, text).rstrip(".").replace(". Did you mean", "; did you mean")
    for said, meant in _WORDS:
        text = text.replace(said, meant)
    if re.match(r"[A-Z][a-z]", text):
        text = text[0].lower() + text[1:]
    return text


#: Click's names of its types, in the words of the rest of tombgen's messages.
_WORDS = (("is not a valid integer range", "is not a whole number"),
          ("is not a valid integer", "is not a whole number"),
          ("is not a valid float range", "is not a number"),
          ("is not a valid float", "is not a number"))


def usage_hint(ctx: click.Context | None) -> str:
    """The second line of a refused command line: how the command is written, and where its
    help is."""
    if ctx is None:
        return "  see tombgen --help"
    usage = ctx.get_usage().removeprefix("Usage:").strip()
    return f"  usage: {usage}  (tombgen {ctx.command_path.partition(' ')[2]} --help for more)" \
        if " " in ctx.command_path else f"  usage: {usage}  (tombgen --help for more)"


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
    from generator.core import output

    if top:
        output.forget_created()
    try:
        try:
            result = _handled(call)
        except SystemExit:
            if top:
                _flush_stdout_or_fail()
            raise
        if top:
            _flush_stdout_or_fail()
        return result
    except SystemExit as exc:
        if top and exc.code not in (0, None):
            output.remove_created()  # a failed run leaves no empty folder it made behind
        raise


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
        return InputError(f"{exc.filename}: {cause(exc, exc.filename)}")
    _quiet_stdout()
    if exc.errno == 32:  # EPIPE: whoever read our output went away
        return InputError("standard output: the reading end of the pipe was closed")
    return InputError(f"standard output: cannot write: {exc.strerror or exc}")


def _placed(parse: Callable[[], Any], ctx: click.Context) -> Any:
    """Runs click's parsing; a refusal that does not know its command learns it (click leaves
    it out for an argument given too few values), so its usage line can be shown."""
    try:
        return parse()
    except click.UsageError as exc:
        if exc.ctx is None:
            exc.ctx = ctx
        raise


class Command(click.Command):
    """A click command that turns user errors, faults and interruptions into one line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return _placed(lambda: click.Command.parse_args(self, ctx, args), ctx)

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(lambda: click.Command.invoke(self, ctx), top=ctx.parent is None)


class Group(click.Group):
    """A click group whose commands report errors, faults and interruptions the same way."""

    command_class = Command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return _placed(lambda: click.Group.parse_args(self, ctx, args), ctx)

    #: Set by :meth:`main` when it exits itself: the command's return value is then no exit
    #: code (only click's own exits, --help and --version, are).
    _exits = False

    def invoke(self, ctx: click.Context) -> Any:
        result = guarded(lambda: click.Group.invoke(self, ctx), top=ctx.parent is None)
        return None if ctx.parent is None and self._exits else result

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
        kwargs["prog_name"] = "tombgen"  # what its usage lines say, however it was started
        standalone = kwargs.pop("standalone_mode", True)
        self._exits = standalone
        try:  # click's own refusals are told here, in tombgen's words
            code = click.Group.main(  # type: ignore[call-overload]
                self, *args, standalone_mode=False, **kwargs)
        except click.ClickException as exc:  # a command line click refused
            if not standalone:
                raise
            say(error_line(click_message(exc)))
            if isinstance(exc, click.UsageError):
                say(usage_hint(exc.ctx))
            sys.exit(exc.exit_code)
        except click.Abort:
            if not standalone:
                raise
            say("tombgen: stopped (Ctrl-C)")
            sys.exit(130)
        except OSError as exc:  # while click parses: --help or --version to a full device
            fail(_os_error(exc))
        finally:
            for signum, handler in saved.items():
                signal.signal(signum, handler)
        if not standalone:
            return code
        sys.exit(code if isinstance(code, int) else 0)


Group.group_class = Group
