"""generator/guard.py called in process: the one line and the exit code every way a command
can fail ends in (a user error, Ctrl-C and signals, a fault of standard output or of a file),
the flush of standard output by the outermost command, and the signal handlers of a run.
Messages and codes are written out by hand.

A test that reaches the quieting of standard output (a stop, a fault without a file) runs with
capsys or its own standard output: guard points a real one (pytest's capture) at the null device.
"""

from __future__ import annotations

import errno
import io
import signal
import sys
import threading

import click
import pytest

from generator import guard
from generator.core.errors import InputError, RuleError
from generator.guard import Command, Group, Interrupted, guarded


def exit_code(call) -> int:
    with pytest.raises(SystemExit) as stop:
        call()
    return stop.value.code


class Flushes(io.StringIO):
    """A standard output that counts its flushes, or fails them with ``fault``."""

    def __init__(self, fault: OSError | None = None):
        super().__init__()
        self.flushes = 0
        self.fault = fault

    def flush(self):
        self.flushes += 1
        if self.fault:
            raise self.fault


# ---- fail, say ------------------------------------------------------------------------------

def test_fail_prints_one_line_on_stderr_and_exits_with_the_errors_code(capsys):
    assert exit_code(lambda: guard.fail(InputError("seeds/x.toml: no [run] table"))) == 2
    assert exit_code(lambda: guard.fail(RuleError("two kings on one square"))) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("tombgen: error: seeds/x.toml: no [run] table\n"
                   "tombgen: error: two kings on one square\n")


def test_fail_escapes_hostile_characters(capsys):
    guard_code = exit_code(lambda: guard.fail(InputError("bad \x1b[2J name")))
    assert guard_code == 2
    assert capsys.readouterr().err == "tombgen: error: bad \\x1b[2J name\n"


def test_say_writes_stderr_and_ignores_a_closed_stderr(capsys, monkeypatch):
    guard.say("one line")
    assert capsys.readouterr() == ("", "one line\n")
    for fault in (OSError(errno.EBADF, "Bad file descriptor"), ValueError("closed file")):
        def echo(*args, fault=fault, **kwargs):
            raise fault
        monkeypatch.setattr(click, "echo", echo)
        assert guard.say("lost") is None   # no exception


# ---- signals ----------------------------------------------------------------------------------

def test_interrupted_is_a_keyboard_interrupt_with_its_signal():
    stop = Interrupted(15)
    assert isinstance(stop, KeyboardInterrupt)
    assert stop.signum == 15 and stop.args == (15,)
    with pytest.raises(Interrupted) as raised:
        guard._stop(1, None)
    assert raised.value.signum == 1


@pytest.mark.parametrize("stop, code, name", [
    (KeyboardInterrupt(), 130, "Ctrl-C"),
    (Interrupted(2), 130, "Ctrl-C"),
    (Interrupted(15), 143, "SIGTERM"),
    (Interrupted(1), 129, "SIGHUP"),
    (Interrupted(3), 131, "signal 3"),
])
def test_a_stopped_run_says_how_and_exits_128_plus_the_signal(stop, code, name, capsys):
    def call():
        raise stop
    assert exit_code(lambda: guarded(call)) == code
    assert capsys.readouterr().err == (
        f"tombgen: stopped ({name}); unfinished files were removed, nothing partial is left "
        "under a final name\n")


def test_a_stopped_run_drops_what_standard_output_still_holds(tmp_path, monkeypatch, capsys):
    target = tmp_path / "stdout.txt"
    with open(target, "w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        stream.write("held in the buffer")

        def call():
            raise Interrupted(15)
        assert exit_code(lambda: guarded(call)) == 143
        stream.write(" and more")
        stream.flush()
    assert target.read_text(encoding="utf-8") == ""


# ---- errors -----------------------------------------------------------------------------------

def test_guarded_returns_the_result_and_turns_errors_into_exit_codes(capsys):
    assert guarded(lambda: 42) == 42

    def rule():
        raise RuleError("a broken rule")
    assert exit_code(lambda: guarded(rule)) == 1
    assert capsys.readouterr().err == "tombgen: error: a broken rule\n"


def test_a_file_fault_names_the_file_and_what_to_do(capsys):
    def call():
        raise OSError(errno.ENOSPC, "No space left on device", "out/x.pdf")
    assert exit_code(lambda: guarded(call)) == 2
    assert capsys.readouterr().err == (
        "tombgen: error: out/x.pdf: no space left on the device; free some space or write "
        "elsewhere (--out)\n")


@pytest.mark.parametrize("fault, words", [
    (BrokenPipeError(errno.EPIPE, "Broken pipe"),
     "standard output: the reading end of the pipe was closed"),
    (OSError(errno.ENOSPC, "No space left on device"),
     "standard output: cannot write: No space left on device"),
    (OSError("no errno at all"), "standard output: cannot write: no errno at all"),
])
def test_a_fault_without_a_file_is_standard_outputs(fault, words, capsys):
    def call():
        raise fault
    assert exit_code(lambda: guarded(call)) == 2
    assert capsys.readouterr().err == f"tombgen: error: {words}\n"


def test_os_error_gives_an_input_error(monkeypatch):
    # (in the test body: pytest puts its own standard output, a real file, back for each phase)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    named = guard._os_error(OSError(errno.EACCES, "Permission denied", "/x/y.svg"))
    assert isinstance(named, InputError)
    assert named.message == "/x/y.svg: permission denied; choose a folder you may write to (--out)"
    assert guard._os_error(OSError(errno.EIO, "")).message == \
        "standard output: cannot write: [Errno 5] "


# ---- the flush of standard output ---------------------------------------------------------------

def test_only_the_outermost_command_flushes_standard_output(monkeypatch):
    stream = Flushes()
    monkeypatch.setattr(sys, "stdout", stream)
    assert guarded(lambda: "done", top=True) == "done"
    assert stream.flushes == 1
    guarded(lambda: "done")
    assert stream.flushes == 1


def test_the_outermost_command_flushes_also_when_it_exits(monkeypatch):
    stream = Flushes()
    monkeypatch.setattr(sys, "stdout", stream)

    def leave():
        sys.exit(3)
    assert exit_code(lambda: guarded(leave, top=True)) == 3
    assert stream.flushes == 1
    assert exit_code(lambda: guarded(leave)) == 3
    assert stream.flushes == 1


def test_a_full_standard_output_at_the_flush_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", Flushes(OSError(errno.ENOSPC, "No space left on device")))
    assert exit_code(lambda: guarded(lambda: None, top=True)) == 2
    assert capsys.readouterr().err == \
        "tombgen: error: standard output: cannot write: No space left on device\n"
    monkeypatch.setattr(sys, "stdout", Flushes(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert exit_code(lambda: guarded(lambda: sys.exit(0), top=True)) == 2
    assert capsys.readouterr().err == \
        "tombgen: error: standard output: the reading end of the pipe was closed\n"


def test_no_standard_output_is_neither_flushed_nor_quieted(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    assert guard._flush_stdout() is None
    assert guard._quiet_stdout() is None
    assert guarded(lambda: 7, top=True) == 7


def test_quiet_stdout_leaves_a_stream_without_a_descriptor_alone(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    stream.write("kept")
    guard._quiet_stdout()
    assert stream.getvalue() == "kept"


def test_quiet_stdout_points_the_descriptor_at_the_null_device(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    with open(target, "w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        guard._quiet_stdout()
        stream.write("gone")
        stream.flush()
        assert stream.fileno() >= 0      # the descriptor stays open
    assert target.read_text(encoding="utf-8") == ""


# ---- the click classes ---------------------------------------------------------------------------

def make_group(seen: dict) -> Group:
    @click.group(cls=Group)
    def top():
        """A group."""

    @top.command()
    def ok():
        click.echo("fine")

    @top.command()
    def rule():
        raise RuleError("no such square")

    @top.command()
    def where():
        seen["sigterm"] = signal.getsignal(signal.SIGTERM)
        seen["sighup"] = signal.getsignal(signal.SIGHUP)

    @top.command()
    def parent():
        seen["parent"] = click.get_current_context().parent is not None

    @top.group()
    def inner():
        """A subgroup."""

    @inner.command()
    def deep():
        raise InputError("deep refusal")

    return top


def test_commands_of_a_group_are_guarded(capsys):
    top = make_group({})
    assert isinstance(top.commands["ok"], Command)
    assert isinstance(top.commands["inner"], Group)
    assert exit_code(lambda: top.main(["ok"], prog_name="t")) == 0
    assert capsys.readouterr() == ("fine\n", "")
    assert exit_code(lambda: top.main(["rule"], prog_name="t")) == 1
    assert capsys.readouterr().err == "tombgen: error: no such square\n"
    assert exit_code(lambda: top.main(["inner", "deep"], prog_name="t")) == 2
    assert capsys.readouterr().err == "tombgen: error: deep refusal\n"


def test_a_command_alone_is_guarded_and_flushes(monkeypatch, capsys):
    stream = Flushes()

    def call():
        raise RuleError("alone")
    cmd = Command("alone", callback=call)
    assert exit_code(lambda: cmd.main([], prog_name="alone")) == 1
    assert capsys.readouterr().err == "tombgen: error: alone\n"
    ok = Command("ok", callback=lambda: 5)
    monkeypatch.setattr(sys, "stdout", stream)
    assert ok.main([], prog_name="ok", standalone_mode=False) == 5
    assert stream.flushes == 1


def test_only_the_outermost_command_flushes_in_a_group(monkeypatch):
    stream = Flushes()
    monkeypatch.setattr(sys, "stdout", stream)
    seen: dict = {}
    top = make_group(seen)              # (parent echoes nothing: click.echo flushes by itself)
    top.main(["parent"], prog_name="t", standalone_mode=False)
    assert seen["parent"] is True
    assert stream.flushes == 1          # the group's, not the command's as well
    with click.Context(top) as ctx:     # a command invoked under a parent: no flush of its own
        child = click.Context(top.commands["parent"], parent=ctx)
        top.commands["parent"].invoke(child)
    assert stream.flushes == 1
    top.commands["parent"].main([], prog_name="parent", standalone_mode=False)
    assert seen["parent"] is False and stream.flushes == 2


def test_the_group_stops_sigterm_and_sighup_during_the_run_and_restores_them():
    seen: dict = {}
    before = (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP))
    make_group(seen).main(["where"], prog_name="t", standalone_mode=False)
    assert seen["sigterm"] is guard._stop and seen["sighup"] is guard._stop
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before


def test_the_group_leaves_signals_alone_outside_the_main_thread():
    seen: dict = {}
    before = signal.getsignal(signal.SIGTERM)
    errors = []

    def run():
        try:
            make_group(seen).main(["where"], prog_name="t", standalone_mode=False)
        except BaseException as exc:   # noqa: BLE001 - reported below
            errors.append(exc)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert errors == [] and seen["sigterm"] is before


def test_a_closed_standard_output_is_refused_before_any_work(monkeypatch, capsys):
    seen: dict = {}
    monkeypatch.setattr(sys, "stdout", None)
    assert exit_code(lambda: make_group(seen).main(["where"], prog_name="t")) == 2
    assert seen == {}
    assert capsys.readouterr().err == (
        "tombgen: error: standard output is closed; run tombgen with an open standard output "
        "(redirect it to a file or /dev/null)\n")


def test_a_fault_while_click_parses_is_one_line(monkeypatch, capsys):
    top = make_group({})

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(click.Group, "main", full)
    assert exit_code(lambda: top.main(["--help"], prog_name="t")) == 2
    assert capsys.readouterr().err == \
        "tombgen: error: standard output: cannot write: No space left on device\n"


def test_group_class_makes_guarded_subgroups():
    assert Group.group_class is Group and Group.command_class is Command


def test_the_group_runs_where_there_is_no_sighup(monkeypatch):
    seen: dict = {}
    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.delattr(signal, "SIGHUP")           # as on Windows
    make_group(seen).main(["parent"], prog_name="t", standalone_mode=False)
    assert seen["parent"] is True and signal.getsignal(signal.SIGTERM) == before
