"""The validation gate of the pipeline (``generator/produce.py`` ``build_one``): an item the
generator got wrong is reported with every violation and never rendered, and a run that meets
one writes no file and exits 1."""

from dataclasses import replace

import pytest

from generator.cli import main
from generator.core.errors import RuleError
from generator.games.tanis import generate as tanis_generate
from generator.games.tumba import generate as tumba_generate
from generator.games.tumba import render as tumba_render
from generator.produce import build, produce

# Tutan Tumba is for 2 to 6 players and a line holds 1 to 3 chambers, 3 on every line of the
# standard layout (rulebook): 9 players and 5 chambers on line 1 break three rules.
PROBLEMS = ("tumba setup: 3 problem(s)\n"
            "  - players: 9 players; the game is for 2-6 [players]\n"
            "  - line 1: holds 5 chambers; a line holds at most 3 [line-over]\n"
            "  - line 1: holds 5 chambers; the standard layout has 3 chambers [standard-layout]")
MESSAGE = ("generated setup failed validation (seed 5, item 1); this is a bug, please report it:\n"
           + PROBLEMS)


def broken(setup):
    lines = (replace(setup.lines[0], chambers=5),) + tuple(setup.lines[1:])
    return replace(setup, players=9, lines=lines)


@pytest.fixture
def bad_generator(monkeypatch):
    """The real generator, then two rules broken; every render call is recorded."""
    real, rendered = tumba_generate.generate_setup, []
    monkeypatch.setattr(tumba_generate, "generate_setup", lambda *a, **k: broken(real(*a, **k)))
    real_render = tumba_render.render_setup

    def render(*args, **kwargs):
        rendered.append(args)
        return real_render(*args, **kwargs)

    monkeypatch.setattr(tumba_render, "render_setup", render)
    return rendered


def test_an_invalid_generated_item_is_reported_not_rendered(bad_generator):
    with pytest.raises(RuleError) as err:
        build("tumba", "setup", 5)
    assert str(err.value) == MESSAGE
    assert bad_generator == []


def test_the_gate_lists_every_violation_in_its_report(bad_generator):
    with pytest.raises(RuleError) as err:
        build("tumba", "setup", 5, render=False)
    codes = [v.code for v in err.value.report.violations]
    assert codes == ["players", "line-over", "standard-layout"]


def test_a_valid_item_passes_the_gate_and_is_rendered(monkeypatch):
    rendered = []
    real_render = tumba_render.render_setup
    monkeypatch.setattr(tumba_render, "render_setup",
                        lambda *a, **k: rendered.append(a) or real_render(*a, **k))
    built = build("tumba", "setup", 5)
    assert built[0].report.ok and len(rendered) == 1 and built[0].pages


def test_a_run_meeting_an_invalid_item_writes_nothing(bad_generator, tmp_path):
    out = tmp_path / "out"
    with pytest.raises(RuleError):
        produce("tumba", "setup", 5, out=out)
    assert not out.exists() or list(out.iterdir()) == []
    assert bad_generator == []


def test_the_command_exits_1_with_the_report(bad_generator, runner, tmp_path):
    result = runner.invoke(main, ["tumba", "setup", "--seed", "5", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert PROBLEMS in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_item_made_elsewhere_goes_through_the_same_gate(tmp_path):
    from generator.draw.paper import make_sheet
    from generator.produce import build_one
    from generator.registry import game

    spec = game("tumba")
    product = spec.product("setup")
    good = build("tumba", "setup", 5, render=False)[0].item
    with pytest.raises(RuleError) as err:
        build_one(spec, product, 5, 0, 1, make_sheet("a4", False), {"mode": "standard"},
                  item=broken(good))
    assert str(err.value) == MESSAGE


def test_a_distinct_product_is_checked_too(monkeypatch):
    # Tanis digs of a run are drawn apart by distinct_dig, not generate_dig: the gate is the same.
    real = tanis_generate.distinct_dig

    def overlapping(*args, **kwargs):
        dig = real(*args, **kwargs)
        surface = list(dig.layers[0])
        surface[1] = surface[0]                   # two tiles on one place, a gap where one was
        return replace(dig, layers=(tuple(surface),) + dig.layers[1:])

    monkeypatch.setattr(tanis_generate, "distinct_dig", overlapping)
    with pytest.raises(RuleError) as err:
        build("tanis", "dig", 5, render=False)
    assert str(err.value).startswith("generated dig failed validation (seed 5, item 1)")
    assert [v.code for v in err.value.report.violations] == ["overlap", "gap"]
