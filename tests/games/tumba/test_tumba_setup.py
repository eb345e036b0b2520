"""Setups: the standard layout, the Pharaoh's Wrath procedure, validation codes, JSON."""

from dataclasses import replace

import pytest

from generator.core.errors import InputError
from generator.core.rng import make_rng
from generator.games.tumba.generate import advanced_setup, allowed_lines, deal, generate_setup
from generator.games.tumba.model import (
    Line,
    Setup,
    Step,
    data,
    setup_from_fields,
    setup_to_fields,
    standard_layout,
)
from generator.games.tumba.rules_setup import replay, validate_setup


def adv(seed=1, players=4) -> Setup:
    return advanced_setup(make_rng(seed), players)


def with_lines(setup: Setup, **changes) -> Setup:
    lines = list(setup.lines)
    for key, line in changes.items():
        lines[int(key[1:]) - 1] = line
    return replace(setup, lines=tuple(lines), log=())


def test_standard_layout_is_the_rulebook_pyramid():
    setup = generate_setup(make_rng(0), "standard", 3)
    counts = [line.chambers for line in setup.lines]
    assert counts == [3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 0, 0]
    assert [n + 1 for n, line in enumerate(setup.lines) if line.passage] == [11, 12]
    assert setup.chambers == 22 and validate_setup(setup).ok


def test_standard_validation_names_each_changed_line():
    setup = generate_setup(make_rng(0), "standard", 3)
    broken = with_lines(setup, l5=Line(3), l11=Line(1))
    report = validate_setup(broken)
    assert report.codes == {"standard-layout"}
    assert {v.where for v in report.violations} == {"line 5", "line 11"}


def test_dealing_starts_left_of_the_first_player():
    assert deal(4) == [5, 6, 6, 5]           # players 2 and 3 get the extra chambers
    assert deal(2) == [11, 11] and deal(5) == [4, 5, 5, 4, 4] and sum(deal(6)) == 22


def test_600_advanced_setups_are_valid():
    for seed in range(600):
        players = 2 + seed % 5
        setup = adv(seed, players)
        report = validate_setup(setup)
        assert report.ok, (seed, report.text())
        assert setup.chambers == 22
        passage = [i + 1 for i, line in enumerate(setup.lines) if line.passage]
        assert len(passage) == 1 and 7 <= passage[0] <= 12


def test_advanced_log_follows_the_procedure():
    setup = adv(3, 4)
    actions = [s.action for s in setup.log]
    assert actions[:4] == ["deal"] * 4 and [s.player for s in setup.log[:4]] == [1, 2, 3, 0]
    places = [s for s in setup.log if s.action == "place"]
    assert len(places) == 22 and [s.player for s in places[:5]] == [0, 1, 2, 3, 0]
    passage = next(s for s in setup.log if s.action == "passage")
    assert passage.line == places[-1].line and passage.player == places[-1].player
    moves = [s for s in setup.log if s.action == "move"]
    assert len(moves) == passage.count
    stacks = replay(setup).stacks
    assert stacks[passage.line] == [] and sum(map(len, stacks.values())) == 22


def test_placing_keeps_the_procedure_finishable():
    cfg = data()["advanced_setup"]
    counts = [0] + [2] * 11 + [0]               # one chamber left, line 12 still empty
    assert allowed_lines(counts, 0, cfg) == [12]
    counts = [0] + [0] + [2] * 11               # line 1 empty and one chamber left: impossible
    assert allowed_lines(counts, 0, cfg) == []
    counts = [0] + [3] * 6 + [1] * 6            # the passage lines keep room for the last one
    assert set(allowed_lines(counts, 2, cfg)) == set(range(7, 13))


def test_same_seed_same_setup_and_different_seeds_differ():
    assert adv(11) == adv(11)
    assert len({adv(s).lines for s in range(20)}) > 15


@pytest.mark.parametrize("change, code", [
    ({"l1": Line(3), "l2": Line(3), "l3": Line(3)}, "chamber-count"),      # 23 or more
    ({"l2": Line(4)}, "line-over"),
    ({"l9": Line(2, True)}, "passage-shared"),
    ({"l3": Line(0, True)}, "passage-line"),
])
def test_broken_advanced_setups_are_rejected_with_their_code(change, code):
    base = adv(2, 3)
    assert validate_setup(replace(base, log=())).ok
    broken = with_lines(base, **change)
    assert code in validate_setup(broken).codes


def test_23_chambers_exactly():
    base = replace(adv(2, 3), log=())
    lines = list(base.lines)
    n = next(i for i, line in enumerate(lines) if not line.passage and line.chambers < 3)
    lines[n] = Line(lines[n].chambers + 1)
    report = validate_setup(replace(base, lines=tuple(lines)))
    assert report.codes == {"chamber-count"}


def test_a_four_chamber_line_keeping_22():
    lines = [Line(4), Line(1), Line(1)] + [Line(2)] * 9
    lines[8] = Line(0, True)                        # the passage alone on line 9
    setup = Setup("advanced", 4, tuple(lines))
    assert setup.chambers == 22 and validate_setup(setup).codes == {"line-over"}


def test_a_passage_sharing_its_line_alone():
    lines = list(standard_layout())
    lines[10], lines[11] = Line(0), Line(0)
    lines[9] = Line(1, True)
    lines[10] = Line(1)
    lines[0] = Line(2)
    setup = Setup("advanced", 4, tuple(lines))
    report = validate_setup(setup)
    assert "passage-shared" in report.codes and "chamber-count" not in report.codes


def test_passage_count_and_empty_lines():
    assert validate_setup(Setup("advanced", 4, standard_layout())).codes == {"passage-count"}
    lines = list(adv(1).lines)
    n = next(i for i, line in enumerate(lines) if line.chambers == 1)
    lines[n] = Line(0)
    assert validate_setup(replace(adv(1), lines=tuple(lines), log=())).codes == {
        "line-empty", "chamber-count"}


def test_players_and_mode_are_checked():
    assert "players" in validate_setup(replace(adv(), players=7, log=())).codes
    assert "mode" in validate_setup(replace(adv(), mode="wrath")).codes


def test_tampered_logs_are_caught():
    setup = adv(4, 3)
    log = list(setup.log)
    i = next(k for k, s in enumerate(log) if s.action == "place")
    log[i] = replace(log[i], player=(log[i].player + 1) % 3)
    assert "log-turn" in validate_setup(replace(setup, log=tuple(log))).codes
    log = list(setup.log)
    log[0] = replace(log[0], count=log[0].count + 1)
    assert "log-deal" in validate_setup(replace(setup, log=tuple(log))).codes
    log = [s for s in setup.log if s.action != "move"]
    report = validate_setup(replace(setup, log=tuple(log)))
    assert {"log-move", "log-mismatch"} <= report.codes
    assert "log-unexpected" in validate_setup(replace(generate_setup(make_rng(0)),
                                                      log=setup.log)).codes


def test_json_round_trip():
    for setup in (adv(9, 5), generate_setup(make_rng(0), "standard", 2)):
        fields = setup_to_fields(setup)
        assert setup_from_fields(fields) == setup
    fields = setup_to_fields(adv(9, 5))
    assert set(fields) == {"mode", "players", "lines", "log"}
    assert list(fields["lines"]) == [str(n) for n in range(1, 13)]
    assert list(fields["lines"].values()).count("passage") == 1
    place = next(s for s in fields["log"] if s["action"] == "place")
    assert set(place) == {"step", "action", "player", "chamber", "line"}
    assert place["player"] == 1                     # players are numbered from 1 in JSON


@pytest.mark.parametrize("doc, where", [
    ({"mode": "standard", "players": 2, "lines": {}, "log": []}, "lines"),
    ({"mode": "standard", "players": 2, "log": []}, "missing"),
    ({"mode": "standard", "players": "two", "lines": {}, "log": []}, "players"),
])
def test_malformed_setup_json_is_an_input_error(doc, where):
    with pytest.raises(InputError, match=where):
        setup_from_fields(doc, "x.json")


def test_bad_line_values_name_the_line():
    fields = setup_to_fields(adv())
    fields["lines"]["4"] = "tunnel"
    with pytest.raises(InputError, match=r"lines\.4"):
        setup_from_fields(fields, "x.json")
    fields["lines"]["4"] = {"chambers": 1, "passage": True}
    assert setup_from_fields(fields, "x.json").lines[3] == Line(1, True)


def test_generate_refuses_bad_options():
    with pytest.raises(InputError):
        generate_setup(make_rng(0), "wrath", 4)
    with pytest.raises(InputError):
        generate_setup(make_rng(0), "advanced", 7)


def test_steps_serialise_with_their_own_keys():
    assert Step("move", 1, line=9, chamber=4, to=2).to_json(30) == {
        "step": 30, "action": "move", "player": 2, "chamber": 4, "line": 9, "to": 2}
