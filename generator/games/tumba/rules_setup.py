"""What makes a Tutan Tumba setup valid; replaying the Pharaoh's Wrath log.

``validate_setup`` reports every violation with its own code:
  ``mode``              the mode is neither standard nor advanced
  ``players``           not 2-6 players
  ``standard-layout``   (standard) a line differs from the fixed layout
  ``chamber-count``     (advanced) not exactly 22 chambers on the board
  ``line-over``         a line with more than 3 chambers
  ``line-empty``        (advanced) a line with neither chambers nor the passage
  ``passage-count``     (advanced) not exactly one secret passage
  ``passage-shared``    a passage on a line that also holds chambers
  ``passage-line``      (advanced) the passage outside lines 7-12
  ``log-unexpected``    (standard) a setup log, though the standard layout has none
  ``log-deal``          (advanced log) the dealing is not one by one from the first player's left
  ``log-turn``          (advanced log) a chamber placed out of turn or by a player with none left
  ``log-place``         (advanced log) a placement on a missing or full line, or a line left empty
  ``log-last``          (advanced log) the last chamber is not on a line of 7-12
  ``log-passage``       (advanced log) the passage step does not clear the last chamber's line
  ``log-move``          (advanced log) a cleared chamber moved wrongly, or not at all
  ``log-mismatch``      (advanced log) replaying the log does not give the setup's lines
An advanced setup may come without a log (a board built by hand); then only the board is checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core.report import Report
from generator.games.tumba.generate import deal, placing_order
from generator.games.tumba.model import MODES, Setup, Step, data, facts, standard_layout


def validate_setup(setup: Setup) -> Report:
    """Every violation of a setup (see module doc for the codes)."""
    report = Report("tumba setup")
    comp = data()["components"]
    if setup.mode not in MODES:
        report.add("mode", f"mode {setup.mode!r} is unknown; use standard or advanced", "mode")
    if not comp["min_players"] <= setup.players <= comp["max_players"]:
        report.add("players", f"{setup.players} players; the game is for {comp['min_players']}"
                   f"-{comp['max_players']}", "players")
    for i, line in enumerate(setup.lines):
        if line.chambers > facts().max_per_line:
            report.add("line-over", f"holds {line.chambers} chambers; a line holds at most 3",
                       f"line {i + 1}")
        if line.passage and line.chambers:
            report.add("passage-shared", f"the passage shares its line with {line.chambers} "
                       "chamber(s); it must be alone", f"line {i + 1}")
    if setup.mode == "standard":
        _check_standard(setup, report)
    elif setup.mode == "advanced":
        _check_advanced(setup, report)
        if setup.log and comp["min_players"] <= setup.players <= comp["max_players"]:
            replay(setup, report)  # the deal needs a number of players the game has
    return report


def _check_standard(setup: Setup, report: Report) -> None:
    for i, (line, want) in enumerate(zip(setup.lines, standard_layout())):
        if line != want:
            report.add("standard-layout", f"holds {_describe(line)}; the standard layout has "
                       f"{_describe(want)}", f"line {i + 1}")
    if setup.log:
        report.add("log-unexpected", "the standard layout is fixed and has no setup log", "log")


def _describe(line) -> str:
    parts = [f"{line.chambers} chamber{'s' if line.chambers != 1 else ''}"] if line.chambers else []
    if line.passage:
        parts.append("a passage")
    return " and ".join(parts) or "nothing"


def _check_advanced(setup: Setup, report: Report) -> None:
    cfg, comp = data()["advanced_setup"], data()["components"]
    if setup.chambers != comp["chambers"]:
        report.add("chamber-count", f"{setup.chambers} chambers on the board; the game has "
                   f"exactly {comp['chambers']}", "lines")
    passages = [i + 1 for i, line in enumerate(setup.lines) if line.passage]
    if len(passages) != cfg["passages"]:
        report.add("passage-count", f"{len(passages)} secret passages; the Pharaoh's Wrath uses "
                   f"exactly {cfg['passages']}", "lines")
    for n in passages:
        if n not in cfg["passage_lines"]:
            report.add("passage-line", f"the passage is on line {n}; it must be on a line of "
                       f"{cfg['passage_lines'][0]}-{cfg['passage_lines'][-1]}", f"line {n}")
    for i, line in enumerate(setup.lines):
        if not line.passage and line.chambers < cfg["min_per_line"]:
            report.add("line-empty", "holds no chamber; every line but the passage's holds 1-3",
                       f"line {i + 1}")


@dataclass
class Replay:
    """The board a log builds: ``stacks[n]`` = chamber numbers on line n, tomb side first."""

    stacks: dict[int, list[int]] = field(default_factory=dict)
    placed_by: dict[int, int] = field(default_factory=dict)
    passage: int = 0


def replay(setup: Setup, report: Report | None = None) -> Replay:
    """Replays an advanced setup's log step by step, adding every broken rule to ``report``."""
    report = report if report is not None else Report("tumba setup log")
    cfg = data()["advanced_setup"]
    lines_n = facts().lines
    state = Replay({n: [] for n in range(1, lines_n + 1)})
    log = list(setup.log)
    deals = [s for s in log if s.action == "deal"]
    _check_deal(setup.players, deals, report)
    places = [s for s in log if s.action == "place"]
    _check_places(setup, places, state, report, cfg, lines_n)
    _check_passage(log, places, state, report, cfg)
    final = {n: len(state.stacks[n]) for n in state.stacks}
    for i, line in enumerate(setup.lines):
        built_passage = state.passage == i + 1
        if line.chambers != final.get(i + 1, 0) or line.passage != built_passage:
            report.add("log-mismatch", f"the log builds {final.get(i + 1, 0)} chamber(s)"
                       f"{' and the passage' if built_passage else ''} here, the setup says "
                       f"{_describe(line)}", f"line {i + 1}")
    return state


def _check_deal(players: int, deals: list[Step], report: Report) -> None:
    hands = deal(players)
    want = [((k + 1) % players, hands[(k + 1) % players]) for k in range(players)]
    got = [(s.player, s.count) for s in deals]
    if got != want:
        text = ", ".join(f"player {p + 1}: {c}" for p, c in want)
        report.add("log-deal", f"the deal should be one by one from player 2 ({text})", "log")


def _check_places(setup, places, state: Replay, report, cfg, lines_n: int) -> None:
    hands = deal(setup.players)
    order = placing_order(hands)
    for i, step in enumerate(places):
        where = f"log place #{i + 1}"
        if i >= len(order) or step.player != order[i]:
            who = f"player {order[i] + 1}" if i < len(order) else "nobody (all are placed)"
            report.add("log-turn", f"placed by player {step.player + 1}; it is {who}'s turn", where)
        if step.chamber != i + 1:
            report.add("log-place", f"chamber number {step.chamber}; chambers are numbered 1, 2, "
                       "... in placing order", where)
        if not 1 <= step.line <= lines_n or len(state.stacks[step.line]) >= cfg["max_per_line"]:
            report.add("log-place", f"line {step.line} does not exist or already holds "
                       f"{cfg['max_per_line']} chambers", where)
            continue
        state.stacks[step.line].append(step.chamber)
        state.placed_by[step.chamber] = step.player
    if len(places) != len(order):
        report.add("log-place", f"{len(places)} chambers placed; all {len(order)} must be", "log")
    empty = [n for n, s in state.stacks.items() if len(s) < cfg["min_per_line"]]
    if empty:
        report.add("log-place", "placing ended with line(s) " + ", ".join(map(str, empty))
                   + " empty; every line gets at least one chamber", "log")
    if places and places[-1].line not in cfg["passage_lines"]:
        report.add("log-last", f"the last chamber went to line {places[-1].line}; it must go to "
                   f"a line of {cfg['passage_lines'][0]}-{cfg['passage_lines'][-1]}", "log")


def _check_passage(log, places, state: Replay, report, cfg) -> None:
    steps = [s for s in log if s.action == "passage"]
    moves = [s for s in log if s.action == "move"]
    if len(steps) != 1 or not places:
        report.add("log-passage", f"{len(steps)} passage step(s); exactly one follows the "
                   "placing", "log")
        return
    step, last = steps[0], places[-1]
    if (step.line, step.player) != (last.line, last.player) or step.line not in state.stacks:
        report.add("log-passage", f"the passage goes on line {step.line} by player "
                   f"{step.player + 1}; it must replace the last chamber's line "
                   f"({last.line}), by its placer (player {last.player + 1})", "log")
        return
    cleared = state.stacks[step.line]
    if step.count != len(cleared):
        report.add("log-passage", f"says {step.count} chamber(s) cleared; line {step.line} "
                   f"held {len(cleared)}", "log")
    state.stacks[step.line] = []
    state.passage = step.line
    _check_moves(moves, cleared, step, state, report, cfg)


def _check_moves(moves, cleared: list[int], step: Step, state: Replay, report, cfg) -> None:
    left = list(cleared)
    for i, move in enumerate(moves):
        where = f"log move #{i + 1}"
        ok_target = (move.to in state.stacks and move.to != step.line
                     and len(state.stacks[move.to]) < cfg["max_per_line"])
        if move.chamber not in left or move.player != step.player or move.line != step.line \
                or not ok_target:
            report.add("log-move", f"chamber {move.chamber} from line {move.line} to line "
                       f"{move.to} by player {move.player + 1}: only a cleared chamber moves, by "
                       "the passage's player, to another line with room", where)
            continue
        left.remove(move.chamber)
        state.stacks[move.to].append(move.chamber)
    if left:
        report.add("log-move", "cleared chamber(s) " + ", ".join(map(str, left))
                   + " never moved to another line", "log")
