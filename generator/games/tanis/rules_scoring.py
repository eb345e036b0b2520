"""Tanis scoring: groups of consecutive numbers, totals, the tie rule, and the score referee.

A *group* is a run of consecutive numbers of one type held by one player; each group scores from
the table of the rules data (1->0, 2->2, 3->4, 4->7, 5->10, 6 or more->14). On equal totals the
player who did not take the first turn wins.

The referee (``tombgen tanis score``) reads::

    {"players": [{"snake": [1, 2], "ankh": [], "falcon": [5], "scarab": [7, 8, 9]}, {...}],
     "first": 1}

A type left out counts as none collected; ``first`` is the player who took the first turn,
numbered as printed (1 or 2; default 1). The result numbers players the same way and says
whether the totals tied and which rule decided. Malformed input is an :class:`InputError`
(exit 2); a number outside 1-10, a number listed twice, a tile held by both players, a wrong
number of players or a ``first`` that is not a player is a :class:`RuleError` (exit 1).
"""

from __future__ import annotations

import functools
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.games.tanis.model import facts, numbers, types


def group_points(size: int) -> int:
    """Points of one group of ``size`` consecutive numbers (sizes past the table score its last)."""
    table = facts().group_points
    return table[min(size, len(table)) - 1] if size > 0 else 0


def groups(values: list[int] | tuple[int, ...]) -> list[list[int]]:
    """The runs of consecutive numbers in ``values`` (sorted, duplicates ignored)."""
    runs: list[list[int]] = []
    for n in sorted(set(values)):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


@functools.cache
def mask_points() -> tuple[int, ...]:
    """Points of every set of numbers of one type, indexed by its bit mask (bit i = lowest + i).

    The engine keeps a player's holding of a type as such a mask, so scoring is one lookup.
    """
    width = len(numbers())
    out = []
    for mask in range(1 << width):
        held = [i for i in range(width) if mask >> i & 1]
        out.append(sum(group_points(len(g)) for g in groups(held)))
    return tuple(out)


def tie_winner(first: int, players: int = 2) -> int:
    """Who wins a tie: by the rules data, the player who did not start (of two)."""
    rule = facts().tie_winner
    if rule not in ("first", "second"):
        raise InputError(f"seeds/tanis.toml [play.tie_winner]: {rule!r}; use \"first\" or "
                         "\"second\"")
    return first if rule == "first" else (first + 1) % players


def winner(totals: list[int] | tuple[int, ...], first: int) -> int:
    """Index of the winner: most points; a tie for the most goes by :func:`tie_winner`."""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return leaders[0]
    preferred = tie_winner(first, len(totals))
    return preferred if preferred in leaders else leaders[0]


def score_player(held: dict[str, list[int]]) -> dict[str, Any]:
    """One player's groups (type, numbers, points), in type order then number order, and total."""
    out = []
    for name in types():
        for run in groups(held.get(name, [])):
            out.append({"type": name, "numbers": run, "points": group_points(len(run))})
    return {"groups": out, "total": sum(g["points"] for g in out)}


def score_players(players: list[dict[str, list[int]]], first: int = 0) -> dict[str, Any]:
    """Every player's groups and total, the winner (tie rule applied; players 0-based here) and
    ``tie``: whether the best totals were equal, so the tie rule decided."""
    scored = [score_player(p) for p in players]
    totals = [p["total"] for p in scored]
    return {"players": scored, "winner": winner(totals, first),
            "tie": totals.count(max(totals)) > 1}


# ---- the referee's input ------------------------------------------------------------------------

def parse_score_input(doc: Any, source: str) -> tuple[list[dict[str, list[int]]], int]:
    """Checks the shape of a score document; returns (players, first). See the module doc."""
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with \"players\" (and \"first\")")
    unknown = sorted(set(doc) - {"players", "first"})
    if unknown:
        raise InputError(f"{source} [{unknown[0]}]: unknown key; allowed: players, first")
    if "players" not in doc or not isinstance(doc["players"], list):
        raise InputError(f"{source} [players]: expected a list with one object per player")
    first = doc.get("first", 1)
    if not is_whole(first):
        raise InputError(f"{source} [first]: expected the player who took the first turn, "
                         "1 or 2")
    players = [_parse_player(p, f"{source} [players[{i}]]") for i, p in enumerate(doc["players"])]
    return players, first


def _parse_player(value: Any, place: str) -> dict[str, list[int]]:
    if not isinstance(value, dict):
        raise InputError(f"{place}: expected an object like {{\"snake\": [1, 2], ...}}")
    held: dict[str, list[int]] = {}
    for key, nums in value.items():
        if key not in types():
            raise InputError(f"{place} [{key}]: unknown tile type; use {', '.join(types())}")
        if not isinstance(nums, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in nums):
            raise InputError(f"{place} [{key}]: expected a list of whole numbers")
        held[key] = list(nums)
    return held


def check_score_input(players: list[dict[str, list[int]]], first: int, source: str) -> None:
    """Raises :class:`RuleError` naming the first rule the collected tiles break."""
    count = facts().players
    if len(players) != count:
        raise RuleError(f"{source} [players]: Tanis has {count} players, the file lists "
                        f"{len(players)}")
    if not 1 <= first <= count:
        raise RuleError(f"{source} [first]: {first} is not a player; players are numbered as "
                        f"printed, 1 to {count}")
    nums = numbers()
    owner: dict[tuple[str, int], int] = {}
    for i, held in enumerate(players):
        for name, values in held.items():
            place = f"{source} [players[{i}].{name}]"
            seen: set[int] = set()
            for n in values:
                if n not in nums:
                    raise RuleError(f"{place}: {n} is not a tile number; numbers run "
                                    f"{nums.start} to {nums.stop - 1}")
                if n in seen:
                    raise RuleError(f"{place}: {name} {n} is listed twice; each tile exists once")
                seen.add(n)
                if (name, n) in owner:
                    raise RuleError(f"{place}: {name} {n} is also held by player "
                                    f"{owner[(name, n)] + 1} (players[{owner[(name, n)]}]); "
                                    "a tile belongs to one player")
                owner[(name, n)] = i


TIE_RULE = {"second": "on a tie the player who did not take the first turn wins",
            "first": "on a tie the player who took the first turn wins"}


def score_document(doc: Any, source: str) -> dict[str, Any]:
    """Parses, checks and scores a referee document (players numbered from 1, as printed):
    ``players``, ``winner``, ``first``, ``tie`` and ``decided_by`` (``"points"``, or the tie
    rule's code ``"tie-second"`` / ``"tie-first"``)."""
    players, first = parse_score_input(doc, source)
    check_score_input(players, first, source)
    result = score_players(players, first - 1)
    result["winner"] += 1
    result["first"] = first
    result["decided_by"] = f"tie-{facts().tie_winner}" if result["tie"] else "points"
    return result


def score_text(result: dict[str, Any]) -> str:
    """What ``tombgen tanis score`` prints for a :func:`score_document` result (the web
    page's scorer shows the same lines): each player's total and groups, then the winner."""
    lines = []
    for i, player in enumerate(result["players"], start=1):
        start = " (took the first turn)" if i == result["first"] else ""
        lines.append(f"player {i}{start}: {player['total']} points")
        by_type: dict[str, list[str]] = {}
        for g in player["groups"]:
            by_type.setdefault(g["type"], []).append(f"{_run(g['numbers'])} -> {g['points']}")
        for name, runs in by_type.items():
            lines.append(f"  {name:<7} {', '.join(runs)}")
    if result["tie"]:
        rule = TIE_RULE[result["decided_by"].removeprefix("tie-")]
        lines.append(f"tie: player {result['winner']} wins ({rule})")
    else:
        lines.append(f"winner: player {result['winner']}")
    return "\n".join(lines)


def _run(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


def validate_score_output(doc: dict[str, Any], source: str):
    """``tombgen validate`` of a ``tombgen/tanis.score`` (what ``tanis score --json`` wrote):
    the tiles its groups list are scored again, and every field must be what that gives."""
    from generator.core.errors import TombgenError
    from generator.core.report import Report

    report = Report(source)
    players = doc.get("players")
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and isinstance(p.get("groups"), list) for p in players):
        report.add("score-players", "players must be a list of {\"groups\", \"total\"}",
                   "players")
        return report
    tiles = []
    for i, player in enumerate(players):
        held: dict[str, list[int]] = {}
        for group in player["groups"]:
            if not (isinstance(group, dict) and isinstance(group.get("type"), str)
                    and isinstance(group.get("numbers"), list)):
                report.add("score-group", "a group is {\"type\", \"numbers\", \"points\"}",
                           f"players[{i}].groups")
                return report
            held.setdefault(group["type"], []).extend(group["numbers"])
        tiles.append(held)
    try:
        again = score_document({"players": tiles, "first": doc.get("first")}, source)
    except TombgenError as exc:
        # the message names the source and the place ("s.json [players[1].snake]: ...")
        report.add("score-tiles", exc.message, "players")
        return report
    for key, value in again.items():
        if doc.get(key) != value:
            report.add("score-mismatch", f"{key} is {doc.get(key)!r}; scoring the listed "
                       f"tiles gives {value!r}", key)
    return report
