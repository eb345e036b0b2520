"""generator/clikit.py called in process: click options made from declarations (each kind, its
range, limit, default and help), the list and lazy choices, item files checked against the
command line, simulation file names, progress, reports and JSON files. Messages, help texts and
limits are written out by hand (seeds/limits.toml: [run] count 1000, games 100000, [jobs]
per_cpu 4)."""

from __future__ import annotations

import io
import json

import click
import pytest
from click.testing import CliRunner

from generator import clikit
from generator.clikit import (
    LazyChoice,
    Limited,
    Quiet,
    Simulation,
    click_option,
    declared,
    fixed_by_file,
    limited,
)
from generator.core.errors import InputError
from generator.core.report import Report
from generator.registry import DataRef, Follows, Option

TUT = "generator.games.tut.model:data"


def command_of(*options: Option, **extra) -> click.Command:
    """A command printing the parsed values of these declared options as JSON."""
    def show(**values):
        click.echo(json.dumps(values, sort_keys=True))
    return click.Command("t", params=[click_option(o) for o in options], callback=show,
                         **extra)


def run(cmd: click.Command, *args: str):
    return CliRunner().invoke(cmd, list(args))


def values(cmd: click.Command, *args: str) -> dict:
    result = run(cmd, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def refusal(cmd: click.Command, *args: str) -> str:
    """The last line of click's refusal (exit 2)."""
    result = run(cmd, *args)
    assert result.exit_code == 2, result.output
    return result.output.strip().splitlines()[-1]


def help_of(cmd: click.Command) -> str:
    return " ".join(run(cmd, "--help").output.split())


# ---- Limited, limited, jobs_type -----------------------------------------------------------------

def test_a_limited_option_refuses_more_than_its_limit_with_the_way_to_do_more():
    cmd = command_of(Option("count", "Items.", "int", default=1, low=1, limit="count"))
    assert values(cmd, "--count", "1000") == {"count": 1000}
    assert refusal(cmd, "--count", "1001") == (
        "Error: Invalid value for '--count': 1001: at most 1,000 (seeds/limits.toml [run] "
        "count); for more items, list several [[item]] tables (other seeds) in a config for "
        "tombgen batch")
    assert refusal(cmd, "--count", "0") == \
        "Error: Invalid value for '--count': 0 is not in the range 1<=x<=1000."
    assert refusal(cmd, "--count", "many") == \
        "Error: Invalid value for '--count': 'many' is not a valid integer."


def test_limited_keeps_its_bounds_message_and_shown_text():
    kind = limited("games", "--games", low=2)
    assert (kind.min, kind.max, kind.shown) == (2, 100000, None)
    assert kind.message(100001) == (
        "--games 100001: at most 100,000 (seeds/limits.toml [run] games); for more games, run "
        "the simulation again with other --seed values")
    assert limited("games", "--games").min == 1


def test_limited_refuses_past_the_maximum_only():
    kind = Limited(None, None, lambda v: f"{v} is too many")
    assert kind.convert("123456789", None, None) == 123456789
    kind = Limited(1, 5, lambda v: f"--n {v} is too many")
    assert kind.convert("5", None, None) == 5
    with pytest.raises(click.BadParameter) as refused:
        kind.convert("6", None, None)
    assert refused.value.message == "--n 6 is too many"   # no option: the flag stays


def test_jobs_type_is_one_to_four_per_cpu(monkeypatch):
    import generator.core.limits as limits

    monkeypatch.setattr(limits, "cpus", lambda: 2)
    kind = clikit.jobs_type()
    assert (kind.min, kind.max, kind.shown) == (1, 8, "1–4×CPUs")
    with pytest.raises(click.BadParameter) as refused:
        kind.convert("9", None, None)
    assert refused.value.message == (
        "--jobs 9: at most 8 here (4 per CPU, 2 CPUs; seeds/limits.toml [jobs] per_cpu): more "
        "processes than that only compete for the same CPUs; for more, use --dask with a "
        "cluster")


# ---- click_option: each kind ---------------------------------------------------------------------

def test_an_int_option_with_and_without_a_range():
    cmd = command_of(Option("players", "Players.", "int", default=4,
                            low=DataRef(TUT, "trail.min_players"),
                            high=DataRef(TUT, "trail.max_players")),
                     Option("size", "Size.", "int"), Option("low_only", "L.", "int", low=0))
    assert values(cmd) == {"players": 4, "size": None, "low_only": None}
    assert values(cmd, "--players", "6", "--size", "-3", "--low-only", "0") == \
        {"players": 6, "size": -3, "low_only": 0}
    assert refusal(cmd, "--players", "7") == \
        "Error: Invalid value for '--players': 7 is not in the range 2<=x<=6."
    assert refusal(cmd, "--low-only", "-1") == \
        "Error: Invalid value for '--low-only': -1 is not in the range x>=0."
    assert refusal(cmd, "--size", "2.5") == \
        "Error: Invalid value for '--size': '2.5' is not a valid integer."
    text = help_of(cmd)
    assert "--players INTEGER RANGE Players. [default: 4; 2<=x<=6]" in text
    assert "--size INTEGER Size." in text and "--size INTEGER Size. [default" not in text


def test_a_number_option_with_and_without_a_range():
    cmd = command_of(Option("spread", "Spread.", "number", default=0.5, low=0, high=1),
                     Option("scale", "Scale.", "number"))
    assert values(cmd) == {"spread": 0.5, "scale": None}
    assert values(cmd, "--spread", "1", "--scale", "-2.5") == {"spread": 1.0, "scale": -2.5}
    assert refusal(cmd, "--spread", "1.5") == \
        "Error: Invalid value for '--spread': 1.5 is not in the range 0<=x<=1."
    assert refusal(cmd, "--scale", "x") == \
        "Error: Invalid value for '--scale': 'x' is not a valid float."


def test_a_choice_option_ignores_case_and_reads_data_choices_when_used():
    cmd = command_of(Option("shape", "Shape.", "choice", default="serpentine",
                            choices=DataRef(TUT, "trail.shapes")),
                     Option("tone", "Tone.", "choice", choices=("warm", "cold")))
    assert values(cmd, "--shape", "SPIRAL", "--tone", "Cold") == \
        {"shape": "spiral", "tone": "cold"}
    assert refusal(cmd, "--shape", "zigzag") == ("Error: Invalid value for '--shape': 'zigzag' "
                                                 "is not one of 'serpentine', 'spiral', "
                                                 "'meander'.")
    assert refusal(cmd, "--tone", "hot") == \
        "Error: Invalid value for '--tone': 'hot' is not one of 'warm', 'cold'."
    assert "[serpentine|spiral|meander]" in help_of(cmd)
    shape = click_option(Option("shape", "S.", "choice", choices=DataRef(TUT, "trail.shapes")))
    assert isinstance(shape.type, LazyChoice) and shape.type._values is None   # not read yet


def test_a_list_option_takes_names_separated_by_commas():
    cmd = command_of(Option("format", "Formats.", "list", default="svg,pdf,json",
                            choices=("svg", "pdf", "json"), metavar="LIST"))
    assert values(cmd) == {"format": ["svg", "pdf", "json"]}
    assert values(cmd, "--format", " PDF, svg,,pdf ") == {"format": ["pdf", "svg"]}
    assert refusal(cmd, "--format", "svg,png,gif") == ("Error: Invalid value for '--format': "
                                                       '"svg,png,gif": choose any of '
                                                       "svg,pdf,json separated by commas")
    assert refusal(cmd, "--format", ",") == ("Error: Invalid value for '--format': \",\": choose "
                                             "any of svg,pdf,json separated by commas")
    assert "--format LIST Formats. [default: svg,pdf,json]" in help_of(cmd)


def test_a_list_option_given_a_sequence():
    parse = clikit._any_of(("svg", "pdf"))
    assert parse(None, None, ["PDF", " svg", ""]) == ("pdf", "svg")


def test_a_flag_and_a_text_option():
    cmd = command_of(Option("mono", "Mono.", "flag", default=False),
                     Option("table", "Table.", metavar="WxH"), Option("on", "On.", "flag",
                                                                      default=True))
    assert values(cmd) == {"mono": False, "table": None, "on": True}
    assert values(cmd, "--mono", "--table", "12x8") == {"mono": True, "table": "12x8", "on": True}
    text = help_of(cmd)
    assert "--mono Mono." in text and "--table WxH Table." in text
    assert "--table WxH Table. [default" not in text


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError) as wrong:
        click_option(Option("x", "X.", "colour"))
    assert str(wrong.value) == "option x: unknown kind 'colour'"


def test_a_following_default_is_shown_as_such():
    cmd = command_of(Option("lang", "Language.", "choice", default=Follows("variant", "en"),
                            choices=("en", "fr")))
    assert values(cmd) == {"lang": None}
    assert "--lang [en|fr] Language. Default: as --variant." in help_of(cmd)
    assert "[default" not in help_of(cmd)


# ---- declared options on other commands ----------------------------------------------------------

def test_declared_option_shared_option_and_declared():
    @click.command()
    @clikit.declared_option("tut", "trail", "players", help="Seats.")
    @clikit.shared_option("paper", default=None)
    @clikit.shared_option("mono")
    @declared(Option("level", "Level.", "choice", choices=("a", "b")))
    def cmd(players, paper, mono, level):
        click.echo(json.dumps([players, paper, mono, level]))

    assert json.loads(run(cmd).output) == [4, None, False, None]
    assert json.loads(run(cmd, "--players", "2", "--paper", "letter", "--mono", "--level",
                          "b").output) == [2, "letter", True, "b"]
    text = help_of(cmd)
    assert "--players INTEGER RANGE Seats. [default: 4; 2<=x<=6]" in text
    assert "--mono Black-and-white print theme." in text
    assert "Paper size." in text and "[default: a4]" not in text
    assert [p.name for p in cmd.params] == ["players", "paper", "mono", "level"]


# ---- executor options ----------------------------------------------------------------------------

def test_executor_params_and_options(monkeypatch):
    import generator.core.limits as limits

    monkeypatch.setattr(limits, "cpus", lambda: 1)
    jobs, dask = clikit.executor_params("Rate the maps", jobs_default=None, jobs_help="Workers.")
    assert (jobs.opts, jobs.default, jobs.show_default, jobs.help) == \
        (["--jobs"], None, False, "Workers.")
    assert (dask.opts, dask.default, dask.metavar) == (["--dask"], None, "ADDRESS")
    assert dask.help == ("Rate the maps on a running dask.distributed scheduler instead (e.g. "
                         "tcp://10.0.0.5:8786).")
    jobs, dask = clikit.executor_params()
    assert (jobs.default, jobs.show_default, jobs.help) == (1, True, clikit.JOBS_HELP)
    assert dask.help.startswith("Play the games on a running")

    @click.command()
    @clikit.executor_options("Build")
    def cmd(jobs, dask):
        click.echo(f"{jobs} {dask}")

    assert [p.name for p in cmd.params] == ["jobs", "dask"]
    assert run(cmd).output == "1 None\n"
    assert run(cmd, "--jobs", "4", "--dask", "tcp://h:1").output == "4 tcp://h:1\n"
    assert refusal(cmd, "--jobs", "5").startswith("Error: Invalid value for '--jobs': 5: at most "
                                                 "4 here (4 per CPU, 1 CPU; ")


# ---- LazyChoice ----------------------------------------------------------------------------------

def test_lazy_choice_reads_its_values_once_from_a_reference_or_a_function():
    calls = []

    def source():
        calls.append(1)
        return ["a", "b"]
    lazy = LazyChoice(source)
    assert calls == [] and lazy.case_sensitive is True
    assert lazy.choices == ("a", "b") and lazy.choices == ("a", "b")
    assert calls == [1]
    assert LazyChoice("generator.core.i18n:LANGUAGES", case_sensitive=False).choices == \
        ("en", "fr")
    lazy.choices = ["c"]
    assert lazy.choices == ("c",)
    assert LazyChoice("generator.core.i18n:LANGUAGES").convert("fr", None, None) == "fr"
    with pytest.raises(click.BadParameter):
        LazyChoice("generator.core.i18n:LANGUAGES").convert("FR", None, None)


# ---- progress, Quiet, echo_report, read_json_arg -------------------------------------------------

def test_progress_is_quiet_unless_stderr_is_a_terminal(monkeypatch):
    import sys

    items = [1, 2, 3]
    with clikit.progress(items, 3, "playing") as seen:
        assert seen is items
    quiet = Quiet(items)
    assert quiet.__exit__(None, None, None) is False

    class Tty:
        def isatty(self):
            return True

        def write(self, text):
            return len(text)

        def flush(self):
            pass
    monkeypatch.setattr(sys, "stderr", Tty())
    bar = clikit.progress(items, 3, "playing")
    assert not isinstance(bar, Quiet)
    assert (bar.length, bar.label, bar.file) == (3, "playing", sys.stderr)


def test_echo_report_prints_and_exits_by_the_verdict(capsys):
    good, bad = Report("x.json"), Report("y.json")
    bad.add("dig-tile", "tile 3 overlaps tile 4")
    for report, code in ((good, 0), (bad, 1)):
        for as_json in (False, True):
            with pytest.raises(SystemExit) as stop:
                clikit.echo_report(report, as_json)
            assert stop.value.code == code
            out = capsys.readouterr().out
            assert out == (report.json() if as_json else report.text()) + "\n"


def test_read_json_arg_reads_a_file(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"a": [1, 2]}', encoding="utf-8")
    assert clikit.read_json_arg(str(path)) == {"a": [1, 2]}
    with pytest.raises(InputError):
        clikit.read_json_arg(str(tmp_path / "missing.json"))


# ---- write_json_file -----------------------------------------------------------------------------

def test_write_json_file_writes_once_and_says_so(tmp_path, capsys):
    target = tmp_path / "sub" / "doc.json"
    doc = {"format": "tombgen/x", "n": 1}
    clikit.write_json_file(str(target), doc)
    data = target.read_text(encoding="utf-8")
    assert json.loads(data) == doc
    size = len(data.encode())
    out, err = capsys.readouterr()
    assert out == f"wrote {target} (json, {size / 1024:.1f} kB)\n" and err == ""
    clikit.write_json_file(str(target), doc, err=True)
    assert capsys.readouterr() == ("", f"unchanged {target} (json, {size / 1024:.1f} kB)\n")
    stale = target.parent / ".doc.json.0.2.part"   # left by a killed run (no process 0)
    stale.write_text("x", encoding="utf-8")
    with pytest.raises(InputError):
        clikit.write_json_file(str(target), {"n": 2})
    assert not stale.exists()
    clikit.write_json_file(str(target), {"n": 2}, force=True)
    assert json.loads(target.read_text(encoding="utf-8")) == {"n": 2}


def test_write_json_file_size_in_kilobytes(tmp_path, capsys):
    target = tmp_path / "big.json"
    clikit.write_json_file(str(target), {"text": "é" * 1000})
    size = len(target.read_bytes())
    assert size > 2000                        # é is two bytes: bytes, not characters, are counted
    assert capsys.readouterr().out == f"wrote {target} (json, {size / 1024:.1f} kB)\n"


# ---- product commands ----------------------------------------------------------------------------
# (made afresh here: the commands of generator.cli are made once, when it is imported)

def test_a_product_command_has_its_own_then_the_shared_options():
    cmd = clikit.product_command("tumba", "setup")
    assert isinstance(cmd, clikit.Command) and cmd.name == "setup"
    assert [p.name for p in cmd.params] == ["mode", "players", "seed", "count", "format",
                                            "paper", "mono", "cmyk", "lang", "force", "out"]
    out = next(p for p in cmd.params if p.name == "out")
    assert (out.default, out.show_default, out.help) == ("output", True, "Folder for the files.")
    assert cmd.help == ("Make a board setup sheet: a plan of the board, and the placing order "
                        "(SVG, PDF, JSON).")
    sheet = clikit.product_command("realms", "sheet")
    assert [p.name for p in sheet.params][-3:] == ["out", "jobs", "dask"]
    jobs = sheet.params[-2]
    assert jobs.help == "Worker processes to play the games on; the results are the same for " \
                        "any number."
    assert sheet.params[-1].help.startswith("Play the rating games on a running")


def test_a_product_command_prints_the_seed_and_each_file(tmp_path):
    cmd = clikit.product_command("tumba", "setup")
    result = run(cmd, "--seed", "3", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0
    assert result.output == f"seed: 3\nwrote {tmp_path}/tumba-setup-3.json (json, 0.4 kB)\n"
    doc = json.loads((tmp_path / "tumba-setup-3.json").read_text(encoding="utf-8"))
    assert doc["seed"] == 3 and doc["options"]["mode"] == "standard"
    again = run(cmd, "--seed", "3", "--format", "json", "--out", str(tmp_path), "--mode",
                "advanced", "--players", "5", "--paper", "letter", "--mono", "--lang", "fr")
    assert again.exit_code == 0, again.output
    name = "tumba-setup-3-mode-advanced-players-5-paper-letter-mono-lang-fr.json"
    assert again.output == f"seed: 3\nwrote {tmp_path}/{name} (json, 3.5 kB)\n"
    doc = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    assert (doc["options"]["mode"], doc["options"]["players"], doc["lang"]) == \
        ("advanced", 5, "fr")


def test_a_product_command_without_a_seed_draws_one(tmp_path, monkeypatch):
    import generator.core.rng as rng

    monkeypatch.setattr(rng, "fresh_seed", lambda: 41)
    result = run(clikit.product_command("tumba", "setup"), "--format", "json", "--out",
                 str(tmp_path), "--count", "2")
    assert result.output == (f"seed: 41\nwrote {tmp_path}/tumba-setup-41-count-2-1.json (json, "
                             f"0.4 kB)\nwrote {tmp_path}/tumba-setup-41-count-2-2.json (json, "
                             "0.4 kB)\n")


def test_a_product_that_plays_games_builds_in_its_executor(tmp_path, monkeypatch):
    from contextlib import contextmanager

    import generator.games.realms.rating as rating

    used = []

    @contextmanager
    def executor(jobs, dask):
        used.append((jobs, dask))
        yield
    monkeypatch.setattr(rating, "rating_executor", executor)
    cmd = clikit.product_command("realms", "map")
    result = run(cmd, "--seed", "3", "--format", "json", "--out", str(tmp_path),
                 "--rating-games", "2", "--size", "12", "--jobs", "2", "--dask", "tcp://h:1")
    assert result.exit_code == 0, result.output
    assert used == [(2, "tcp://h:1")]
    stem = f"{tmp_path}/realms-map-3-size-12-rating-games-2"
    lines = result.output.splitlines()
    assert lines[:3] == ["seed: 3", f"wrote {stem}.json (json, 4.6 kB)",
                         f"wrote {stem}.toml (toml, 1.5 kB)"]
    assert lines[3].startswith("The Sealed Tomb: 12 x 12, rated ")   # the description
    assert len(lines) == 4
    run(cmd, "--seed", "4", "--format", "json", "--out", str(tmp_path), "--rating-games", "0")
    assert used[1] == (1, None)


def test_add_products_adds_one_command_per_product():
    group = clikit.Group("realms")
    clikit.add_products(group, "realms")
    assert sorted(group.commands) == ["map", "sheet"]
    assert all(isinstance(c, clikit.Command) for c in group.commands.values())


def test_absolute_paths_makes_file_options_absolute(tmp_path, monkeypatch):
    from generator.registry import game

    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("x", encoding="utf-8")
    sheet = game("realms").product("sheet")
    given = {"map": "map-1,mine.toml,-,,random", "size": "mine.toml", "players": 2}
    out = clikit.absolute_paths(sheet, given)
    assert out == {"map": f"map-1,{tmp_path}/mine.toml,-,,random", "size": "mine.toml",
                   "players": 2}
    assert given["map"] == "map-1,mine.toml,-,,random"      # a copy: the input is unchanged
    assert clikit.absolute_paths(sheet, {"map": None}) == {"map": None}
    assert clikit.absolute_paths(sheet, {}) == {}


# ---- simulations ---------------------------------------------------------------------------------

def sim(**changes) -> Simulation:
    fields = {"game": "tut", "games": 10, "seed": 5, "player": (), "jobs": 1, "dask": None,
              "out": "o", "as_json": False}
    return Simulation(**{**fields, **changes})


def test_a_simulation_seats_its_players():
    assert sim().players(3) == ["greedy", "greedy", "greedy"]
    assert sim(player=("random",)).players(2) == ["random", "random"]
    assert sim(player=("random", "greedy")).players(3) == ["random", "greedy", "greedy"]
    assert sim(game="realms").players(1) == ["planner"]
    with pytest.raises(InputError) as refused:
        sim(player=("planner",)).players(2)
    assert refused.value.message == "--player planner: unknown player; choose one of greedy, random"
    assert sim().force is False


def test_simulate_options_hand_the_command_one_simulation():
    seen = []

    @click.command()
    @click.option("--players", type=int, default=2)
    @clikit.simulate_options("tanis")
    def cmd(players, sim):
        seen.append((players, sim))

    assert [p.name for p in cmd.params] == ["players", "games", "seed", "player", "out",
                                            "as_json", "force", "jobs", "dask"]
    assert run(cmd).exit_code == 0
    assert seen[-1] == (2, Simulation("tanis", 1000, None, (), 1, None, "output", False, False))
    result = run(cmd, "--players", "3", "--games", "7", "--seed", "9", "--player", "random",
                 "--player", "greedy", "--out", "x", "--json", "--force", "--jobs", "2",
                 "--dask", "tcp://h:1")
    assert result.exit_code == 0, result.output
    assert seen[-1] == (3, Simulation("tanis", 7, 9, ("random", "greedy"), 2, "tcp://h:1", "x",
                                      True, True))
    assert refusal(cmd, "--games", "100001").startswith(
        "Error: Invalid value for '--games': 100001: at most 100,000 (seeds/limits.toml [run] "
        "games)")
    assert refusal(cmd, "--seed", "-1") == \
        "Error: Invalid value for '--seed': -1 is not in the range x>=0."
    assert refusal(cmd, "--player", "planner") == ("Error: Invalid value for '--player': "
                                                   "'planner' is not one of 'greedy', 'random'.")
    text = help_of(cmd)
    for words in ("--games N Games to play. [default: 1000; 1<=x<=100000]",
                  "--seed INT Seed (an integer ≥ 0). Default: a fresh one, always printed.",
                  "--player [greedy|random] Player of a seat, once per seat in order; the last "
                  "one given plays the remaining seats. Default: the game's default player in "
                  "every seat.",
                  "--out DIRECTORY Folder for the JSON document. [default: output]",
                  "--json Print the JSON document on stdout too.",
                  "--force Replace a document or game record that exists with other content."):
        assert words in text


def test_fixed_by_file_refuses_a_conflicting_option_only():
    @click.command()
    @click.option("--players", type=int, default=4)
    @click.option("--mode", default="standard")
    @click.option("--file", "path", default="s.json")
    def cmd(players, mode, path):
        fixed = fixed_by_file("setup file", path, {"players": (5, "5 players"),
                                                   "mode": ("advanced", "the advanced mode")})
        click.echo(json.dumps(fixed))

    ok = {"players": 5, "mode": "advanced"}
    assert json.loads(run(cmd).output) == ok                       # defaults: the file's
    assert json.loads(run(cmd, "--players", "5").output) == ok     # the same value: fine
    assert json.loads(run(cmd, "--mode", "advanced").output) == ok
    result = run(cmd, "--players", "4")                            # the default, but given
    assert isinstance(result.exception, InputError)
    assert result.exception.message == ("--players 4 conflicts with the setup file s.json, made "
                                        "for 5 players; leave --players out to play the file's")
    result = run(cmd, "--mode", "standard", "--file", "-")
    assert result.exception.message == ("--mode standard conflicts with the setup file <stdin>, "
                                        "made for the advanced mode; leave --mode out to play "
                                        "the file's")


def test_a_simulation_file_is_named_by_what_differs_from_the_defaults(tmp_path):
    names = []

    @click.command()
    @click.option("--players", type=int, default=4)
    @click.option("--setup", default=None)
    @click.option("--spread", is_flag=True)
    @click.argument("extra", required=False)
    @clikit.simulate_options("tut")
    def cmd(players, setup, spread, extra, sim):
        ctx = click.get_current_context()
        doc = {"seed": sim.seed, "players": sim.players(players), "n": players}
        names.append(clikit.simulation_file_name(ctx, sim, doc))

    def name(*args):
        result = run(cmd, "--seed", "5", *args)
        assert result.exit_code == 0, result.output
        return names[-1]

    assert name() == "tut-simulation-5.json"
    assert name("--players", "4", "--games", "1000", "--jobs", "3", "--out", "x", "--json",
                "--force", "xyz") == "tut-simulation-5.json"
    assert name("--players", "3", "--games", "20") == "tut-simulation-5-players-3-games-20.json"
    assert name("--spread") == "tut-simulation-5-spread-yes.json"
    assert name("--player", "greedy") == "tut-simulation-5.json"
    assert name("--player", "random", "--player", "greedy") == \
        "tut-simulation-5-player-random-greedy.json"
    assert name("--player", "greedy", "--player", "random", "--player", "random") == \
        "tut-simulation-5-player-greedy-random.json"
    assert name("--player", "random", "--players", "2") == \
        "tut-simulation-5-players-2-player-random.json"
    setup = tmp_path / "my setup.json"
    setup.write_text("{}", encoding="utf-8")
    assert name("--setup", str(setup)) == "tut-simulation-5-setup-my_setup-44136f.json"
    assert name("--setup", "-") == "tut-simulation-5-setup-stdin-" + \
        __import__("hashlib").sha256(b'{\n  "seed": 5,\n  "players": [\n    "greedy",\n    '
                                     b'"greedy",\n    "greedy",\n    "greedy"\n  ],\n  "n": 4'
                                     b'\n}\n').hexdigest()[:6] + ".json"


# ---- what the first mutation run of clikit.py showed untested ------------------------------------

def test_limited_fails_with_the_option_and_context_it_was_given():
    param = click.Option(["--count"])
    ctx = click.Context(click.Command("t"))
    kind = Limited(1, 5, lambda v: f"--count {v}: at most 5")
    for given in ("many", "6", "0"):
        with pytest.raises(click.BadParameter) as refused:
            kind.convert(given, param, ctx)
        assert refused.value.param is param and refused.value.ctx is ctx
    with pytest.raises(click.BadParameter) as refused:
        kind.convert("6", param, ctx)
    assert refused.value.message == "6: at most 5"        # the flag is said by click itself


def test_data_choices_are_read_when_parsed_not_when_the_command_is_made(monkeypatch):
    import generator.core.i18n as i18n

    calls = []

    def tones():
        calls.append(1)
        return ("warm", "cold")
    monkeypatch.setattr(i18n, "TONES_FOR_A_TEST", tones, raising=False)
    option = Option("tone", "Tone.", "choice", choices=DataRef("generator.core.i18n:"
                                                                "TONES_FOR_A_TEST"))
    cmd = command_of(option)
    assert calls == []
    assert values(cmd, "--tone", "COLD") == {"tone": "cold"}
    assert calls == [1]


def test_declared_with_its_own_help():
    @click.command()
    @declared(Option("level", "Level.", "choice", choices=("a", "b")), help="How hard.")
    def cmd(level):
        pass
    assert cmd.params[0].help == "How hard."


def test_absolute_paths_goes_on_after_an_option_that_names_no_file(tmp_path, monkeypatch):
    from types import SimpleNamespace

    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.toml").write_text("x", encoding="utf-8")
    (tmp_path / "-").write_text("a file named -", encoding="utf-8")
    product = SimpleNamespace(options=(Option("a", "A."), Option("b", "B.", paths=True),
                                       Option("c", "C.", paths=True)))
    assert clikit.absolute_paths(product, {"a": "f.toml", "b": 3, "c": "f.toml,-"}) == \
        {"a": "f.toml", "b": 3, "c": f"{tmp_path}/f.toml,-"}    # - is standard input


def test_a_product_command_with_force_replaces_other_content(tmp_path):
    cmd = clikit.product_command("tumba", "setup")
    target = tmp_path / "tumba-setup-3.json"
    target.write_text("{}", encoding="utf-8")
    result = run(cmd, "--seed", "3", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 2 and target.read_text(encoding="utf-8") == "{}"
    result = run(cmd, "--seed", "3", "--format", "json", "--out", str(tmp_path), "--force")
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text(encoding="utf-8"))["seed"] == 3


def test_executor_options_help_texts(monkeypatch):
    import generator.core.limits as limits

    monkeypatch.setattr(limits, "cpus", lambda: 1)

    @click.command()
    @clikit.executor_options("Build", jobs_default=None, jobs_help="Builders.")
    def cmd(jobs, dask):
        click.echo(f"{jobs} {dask}")

    @click.command()
    @clikit.executor_options()
    def plain(jobs, dask):
        click.echo(f"{jobs} {dask}")

    jobs, dask = cmd.params
    assert (jobs.default, jobs.show_default, jobs.help) == (None, False, "Builders.")
    assert dask.help == ("Build on a running dask.distributed scheduler instead (e.g. "
                         "tcp://10.0.0.5:8786).")
    jobs, dask = plain.params
    assert (jobs.default, jobs.show_default, jobs.help) == (1, True, clikit.JOBS_HELP)
    assert dask.help.startswith("Play the games on a running dask")
    assert run(cmd).output == "None None\n"


SEATS = [{"seat": 1, "player": "greedy", "win_rate": 0.5, "interval": [0.25, 0.75],
          "score": {"mean": 10, "mean_interval": [8, 12], "median": 10, "p10": 6, "p90": 14}},
         {"seat": 2, "player": "random", "win_rate": None, "interval": None,
          "score": {"mean": 7.5, "mean_interval": [6, 9], "median": 7, "p10": 4, "p90": 11}}]
LENGTH = {"unit": "turns", "mean": 20, "mean_interval": [18, 22], "median": 19, "p10": 15,
          "p90": 25}
LINES = ["seat 1 greedy: wins 50.0% [25.0%-75.0%], score mean 10 [8-12], median 10, p10 6, "
         "p90 14",
         "seat 2 random: score mean 7.5 [6-9], median 7, p10 4, p90 11",
         "length in turns: mean 20 [18-22], median 19, p10 15, p90 25",
         "described"]


def simulate_command(calls: list) -> click.Command:
    @click.command()
    @clikit.simulate_options("tanis")
    def cmd(sim):
        def play(seed, executor, progress):
            calls.append((seed, executor, progress))
            return {"seed": seed, "players": ["greedy", "greedy"], "seats": SEATS,
                    "length": LENGTH}
        sim.run(play, lambda doc: ["described"])
    return cmd


@pytest.fixture
def executors(monkeypatch):
    """executor_for recorded: (jobs, dask) of each call; it hands out the string 'pool'."""
    from contextlib import contextmanager

    import generator.core.executor as executor

    used = []

    @contextmanager
    def executor_for(jobs=1, dask=None):
        used.append((jobs, dask))
        yield "pool"
    monkeypatch.setattr(executor, "executor_for", executor_for)
    return used


def test_a_simulation_run_prints_plays_and_writes(tmp_path, executors):
    calls = []
    cmd = simulate_command(calls)
    result = CliRunner().invoke(cmd, ["--seed", "12", "--out", str(tmp_path), "--jobs", "2",
                                      "--dask", "tcp://h:1"])
    assert result.exit_code == 0, result.output
    path = tmp_path / "tanis-simulation-12.json"
    size = len(path.read_bytes())
    assert result.stdout == "\n".join(["seed: 12", *LINES, f"wrote {path} (json, "
                                       f"{size / 1024:.1f} kB)"]) + "\n"
    assert calls == [(12, "pool", clikit.progress)] and executors == [(2, "tcp://h:1")]
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 12


def test_a_simulation_run_without_a_seed_draws_one(tmp_path, executors, monkeypatch):
    import generator.core.rng as rng

    monkeypatch.setattr(rng, "fresh_seed", lambda: 77)
    calls = []
    result = CliRunner().invoke(simulate_command(calls), ["--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "seed: 77" and calls[0][0] == 77
    assert executors == [(1, None)]


def test_a_simulation_run_with_json_prints_the_document_alone_on_stdout(tmp_path, executors):
    result = CliRunner().invoke(simulate_command([]), ["--seed", "3", "--out", str(tmp_path),
                                                       "--json"])
    assert result.exit_code == 0, result.output
    path = tmp_path / "tanis-simulation-3.json"
    assert result.stdout == path.read_text(encoding="utf-8")       # nothing after it
    assert result.stderr.splitlines()[:5] == ["seed: 3", *LINES]
    assert result.stderr.splitlines()[5].startswith(f"wrote {path} (json, ")


def test_a_simulation_run_replaces_only_with_force(tmp_path, executors):
    from generator.core.output import write_file

    path = tmp_path / "tanis-simulation-4.json"
    path.write_text("{}", encoding="utf-8")
    seen = []

    @click.command()
    @clikit.simulate_options("tanis")
    def cmd(sim):
        def play(seed, executor, progress):
            # library code writing under the command's --force (a game record)
            seen.append(write_file(tmp_path / "record.json", f"{seed}\n"))
            return {"seed": seed, "players": ["greedy"], "seats": SEATS[:1], "length": LENGTH}
        sim.run(play, lambda doc: [])

    (tmp_path / "record.json").write_text("old\n", encoding="utf-8")
    result = CliRunner().invoke(cmd, ["--seed", "4", "--out", str(tmp_path)])
    assert result.exit_code == 1 and path.read_text(encoding="utf-8") == "{}"
    result = CliRunner().invoke(cmd, ["--seed", "4", "--out", str(tmp_path), "--force"])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 4
    assert (tmp_path / "record.json").read_text(encoding="utf-8") == "4\n"
    assert seen == [True]


def test_repeated_last_players_are_named_once_for_four_seats():
    names = []

    @click.command()
    @clikit.simulate_options("tut")
    @click.option("--spread", is_flag=True)       # declared after the simulate options
    def cmd(spread, sim):
        doc = {"seed": sim.seed, "players": sim.players(4)}
        names.append(clikit.simulation_file_name(click.get_current_context(), sim, doc))

    run(cmd, "--seed", "1", "--player", "random", "--player", "greedy", "--player", "random")
    assert names[-1] == "tut-simulation-1-player-random-greedy-random.json"
    run(cmd, "--seed", "1", "--player", "random", "--spread")
    assert names[-1] == "tut-simulation-1-player-random-spread-yes.json"


def test_progress_on_a_terminal_shows_a_bar_over_the_items(monkeypatch):
    import sys

    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr(sys, "stderr", Tty())
    bar = clikit.progress((n for n in [4, 5, 6]), 3, "playing")   # no length of its own
    assert bar.length == 3
    with bar as items:
        assert list(items) == [4, 5, 6]
    assert "playing" in sys.stderr.getvalue()


def test_write_json_file_rounds_the_size_in_kibibytes(tmp_path, capsys):
    target = tmp_path / "k.json"
    doc = {"t": "a" * 1062}                 # {"t": "aaa…"} with two-space indent: 1076 bytes
    clikit.write_json_file(str(target), doc)
    assert len(target.read_bytes()) == 1076
    assert capsys.readouterr().out == f"wrote {target} (json, 1.1 kB)\n"   # 1076 / 1024 = 1.05
