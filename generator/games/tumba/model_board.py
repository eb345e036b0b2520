"""The board-state JSON (``tombgen/tumba.board``): a position in a game, for ``tumba roll``.

    {"format": "tombgen/tumba.board", "version": 1,      (both optional in a hand-made file)
     "mode": "standard",                                  (optional, default standard)
     "players": 3,
     "player": 1,                                         (whose roll; optional, default 1)
     "lines": {"1": 3, ..., "11": "passage", "12": "passage"},
     "mummies": {"1": [2, 0, 1], "5": [0, 3]},            (optional; see below)
     "tomb": [0, 2, 1],                                   (optional, default all 0)
     "house": [11, 10, 12]}                               (optional, default 14 - tomb - board)

``mummies`` lists, per line, who sits in each chamber from the tomb outward (depth 1 first):
a player number from 1, or 0 (or null) for an empty chamber; a missing line is empty, a
passage line has none. A setup document (``tombgen/tumba.setup``) is also accepted: it gives an
empty board with that setup's lines, mode and players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core.errors import InputError
from generator.core.report import Report
from generator.games.tumba.model import (
    MODES,
    Layout,
    Line,
    facts,
    line_numbers,
    lines_to_json,
    parse_lines,
    parse_players,
    setup_from_fields,
)

BOARD_FORMAT = "tombgen/tumba.board"
SETUP_FORMAT = "tombgen/tumba.setup"
_KEYS = {"format", "version", "seed", "generator", "mode", "players", "player", "lines",
         "mummies", "tomb", "house"}


@dataclass(frozen=True)
class BoardDoc:
    """A position: layout, who sits where (0-based players, -1 empty), tomb and house counts."""

    mode: str
    players: int
    player: int
    lines: Layout
    mummies: tuple[tuple[int, ...], ...]          # index 0 = line 1, depth 1 first
    tomb: tuple[int, ...]
    house: tuple[int, ...] | None = None          # None: whatever is not in the tomb or on board

    def on_board(self) -> list[int]:
        counts = [0] * self.players
        for cells in self.mummies:
            for c in cells:
                if 0 <= c < self.players:
                    counts[c] += 1
        return counts

    def houses(self) -> list[int]:
        if self.house is not None:
            return list(self.house)
        total = facts().mummies
        return [total - t - b for t, b in zip(self.tomb, self.on_board())]


def empty_board(layout: Layout, mode: str = "standard", players: int = 2) -> BoardDoc:
    """An empty board with ``layout`` (nobody on it, nobody in the tomb)."""
    return BoardDoc(mode, players, 0, layout, tuple(() if not line.chambers
                                                    else (-1,) * line.chambers for line in layout),
                    (0,) * players)


def roll_board(board=None, mode: str | None = None, passage: int | None = None):
    """The board ``tumba roll`` reads a roll on: ``board`` (a BoardDoc) if given, else an empty
    board — the standard layout, or for the advanced mode a board with its single passage on
    line ``passage`` and room on every other line (their sizes are not given). The advanced
    mode needs one of the two: its passage can be on any line of 7-12 (InputError otherwise)."""
    if passage is not None:
        if board is not None:
            raise InputError("--passage N is for a roll without --board: the board file "
                             "already says where its passage is")
        if mode == "standard":
            raise InputError("--passage N: the standard board has its passages on lines 11 "
                             "and 12; --passage is for the advanced mode")
        lines = facts().passage_lines
        if passage not in lines:
            raise InputError(f"--passage {passage}: the advanced passage is on a line of "
                             f"{lines[0]}-{lines[-1]}")
        room = facts().max_per_line
        layout = tuple(Line(0, True) if n == passage else Line(room)
                       for n in line_numbers())
        return empty_board(layout, "advanced")
    if board is None and mode == "advanced":
        raise InputError("--mode advanced needs the board: where the single secret passage is "
                         "decides what a roll can do. Give --board FILE (a board or setup "
                         "JSON) or --passage N (its line, 7-12)")
    return board


def _int_list(value: Any, n: int, place: str) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != n
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
        raise InputError(f"{place}: expected a list of {n} whole numbers ≥ 0, one per player")
    return tuple(value)


def _cells(value: Any, chambers: int, players: int, place: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != chambers:
        raise InputError(f"{place}: expected a list of {chambers} entries (one per chamber, "
                         "depth 1 first): a player number or 0 for empty")
    out = []
    for v in value:
        if v is None or v == 0:
            out.append(-1)
        elif isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= players:
            out.append(v - 1)
        else:
            raise InputError(f"{place}: {v!r} is not a player number 1-{players} or 0 for empty")
    return tuple(out)


def board_from_json(doc: Any, source: str) -> BoardDoc:
    """A :class:`BoardDoc` from a board or setup document; malformed → InputError (exit 2)."""
    from generator.core.envelope import check_envelope

    fmt = check_envelope(doc, source, (BOARD_FORMAT, SETUP_FORMAT), optional=True)
    if fmt == SETUP_FORMAT:
        setup = setup_from_fields(doc, source)
        return empty_board(setup.lines, setup.mode if setup.mode in MODES else "standard",
                           setup.players)
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise InputError(f"{source}: unknown key(s) {', '.join(unknown)}; a board has "
                         + ", ".join(sorted(_KEYS - {'seed', 'generator'})))
    mode = doc.get("mode", "standard")
    if mode not in MODES:
        raise InputError(f"{source} [mode]: {mode!r}; use standard or advanced")
    if "players" not in doc or "lines" not in doc:
        raise InputError(f"{source}: a board needs \"players\" and \"lines\"")
    players = parse_players(doc["players"], source)
    if not 1 <= players <= 9:
        raise InputError(f"{source} [players]: {players} players; the game is for 2-6")
    player = parse_players(doc.get("player", 1), source, "player")
    lines = parse_lines(doc["lines"], source)
    return BoardDoc(mode, players, player - 1, lines, _mummies(doc, lines, players, source),
                    _int_list(doc.get("tomb", [0] * players), players, f"{source} [tomb]"),
                    _int_list(doc["house"], players, f"{source} [house]")
                    if "house" in doc else None)


def _mummies(doc, lines: Layout, players: int, source: str) -> tuple[tuple[int, ...], ...]:
    value = doc.get("mummies", {})
    keys = [str(i + 1) for i in range(len(lines))]
    if not isinstance(value, dict) or any(k not in keys for k in value):
        raise InputError(f"{source} [mummies]: expected an object with line keys \"1\"-\"12\"")
    return tuple(_cells(value[k], line.chambers, players, f"{source} [mummies.{k}]")
                 if k in value else (-1,) * line.chambers for k, line in zip(keys, lines))


def read_board(doc: Any, source: str) -> BoardDoc:
    """The board ``tumba roll --board`` reads: :func:`board_from_json`, then its rule checks
    (a position the game cannot reach is a RuleError naming ``source``)."""
    from generator.core.errors import RuleError

    board = board_from_json(doc, source)
    report = validate_board(board)
    if not report.ok:
        report.subject = source
        raise RuleError(f"{source} is not a position of the game:\n{report.text()}", report)
    return board


def validate_board(board: BoardDoc) -> Report:
    """Rule checks of a position: codes ``players``, ``player``, ``line-over``,
    ``passage-shared``, ``mummy-count`` (a player with other than 14 mummies in all)."""
    report = Report("tumba board")
    f = facts()
    if not f.min_players <= board.players <= f.max_players:
        report.add("players", f"{board.players} players; the game is for "
                   f"{f.min_players}-{f.max_players}", "players")
    if not 0 <= board.player < board.players:
        report.add("player", f"player {board.player + 1} is not one of the {board.players}",
                   "player")
    for i, line in enumerate(board.lines):
        if line.chambers > f.max_depth:
            report.add("line-over", f"holds {line.chambers} chambers; at most 3", f"line {i + 1}")
        if line.passage and line.chambers:
            report.add("passage-shared", "a passage shares its line with chambers", f"line {i + 1}")
    houses = board.houses()
    for q, (t, b, h) in enumerate(zip(board.tomb, board.on_board(), houses)):
        if h < 0 or t + b + h != f.mummies:
            report.add("mummy-count", f"tomb {t} + board {b} + house {h} is not "
                       f"{f.mummies}", f"player {q + 1}")
    return report


def board_fields(state) -> dict[str, Any]:
    """The board JSON fields of an engine state (the inverse of :func:`board_from_json`)."""
    board = state.board
    return {
        "mode": state.mode, "players": state.players, "player": state.current + 1,
        "lines": lines_to_json(board.layout()),
        "mummies": {str(n): [c + 1 for c in board.cells[n]]
                    for n in range(1, len(board.cells)) if board.cells[n]},
        "tomb": list(state.tomb), "house": list(state.house),
    }


def validate_board_document(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` of a ``tombgen/tumba.board``: read as ``tumba roll --board`` reads
    it (malformed → exit 2), then its rule checks."""
    report = validate_board(board_from_json(doc, source))
    report.subject = source
    return report
