"""The simulation document every game writes (``tombgen/<game>.simulation``), and its check.

One shape for four games, so a reader who knows one knows all:

    {"games": 1000, "players": ["greedy", "random"],
     "seats": [{"seat": 1, "player": "greedy", "wins": 612.5, "win_rate": 0.6125,
                "interval": [0.5821, 0.642],
                "score": {"mean", "mean_interval", "median", "median_interval", "p10", "p90",
                          "min", "max"}}, ...],
     "length": {"unit": "rounds" | "turns", "mean", "mean_interval", "median", ...},
     ...the game's own keys}

Every rate comes with its 95% Wilson interval and every mean with its 95% interval
(:mod:`generator.core.stats`). A shared win counts 1/k for each of its k winners. In a solo game
nobody wins or loses: ``wins``, ``win_rate`` and ``interval`` are null.

:func:`seat_players` turns the repeatable ``--player NAME`` into one player per seat;
:func:`check_simulation` is what ``tombgen validate`` runs on a simulation document.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from generator.core.envelope import envelope
from generator.core.errors import InputError, shown
from generator.core.play import percentile, unknown_player
from generator.core.report import Report
from generator.core.stats import mean_interval, median_interval, proportion_interval, rounded

UNITS = ("rounds", "turns")
SCORE_KEYS = ("mean", "mean_interval", "median", "median_interval", "p10", "p90", "min", "max")
SEAT_KEYS = ("seat", "player", "wins", "win_rate", "interval", "score")
KEYS = ("games", "players", "seats", "length")


def bounds() -> list[tuple[str, int, int | None, str]]:
    """The counts every simulation document holds, bounded before it is read (see
    :func:`generator.core.inputs.check_counts`); each game adds its seats."""
    from generator.core.limits import run_limit

    return [("games", 1, run_limit("games"), "games a simulation plays (seeds/limits.toml "
             "[run] games)")]


def seat_players(given: Sequence[str], seats: int, default: str, known: Iterable[str]) -> list[str]:
    """One player name per seat from ``--player`` given 0..seats times: the last one given is
    repeated for the remaining seats; none given → ``default`` everywhere."""
    names = list(given) or [default]
    known = tuple(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise unknown_player(unknown[0], known)
    if len(names) > seats:
        raise InputError(f"--player given {len(names)} times for {seats} seat"
                         f"{'s' if seats != 1 else ''}; give it at most once per seat")
    return names + [names[-1]] * (seats - len(names))


def spread(values: Sequence[float], digits: int = 2) -> dict[str, Any]:
    """mean (with its interval), median (with its interval), p10, p90, min, max of numbers."""
    if not values:
        return {"mean": 0.0, "mean_interval": [0.0, 0.0], "median": 0.0,
                "median_interval": [0.0, 0.0], "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(math.fsum(values) / len(values), digits),
            "mean_interval": rounded(mean_interval(values), digits),
            "median": round(percentile(values, 50), digits),
            "median_interval": rounded(median_interval(values), digits),
            "p10": round(percentile(values, 10), digits),
            "p90": round(percentile(values, 90), digits),
            "min": round(min(values), digits), "max": round(max(values), digits)}


def mean(values: Sequence[float], digits: int = 3) -> dict[str, Any]:
    """``{"mean", "interval"}`` of numbers (a per-game average, e.g. cards used)."""
    if not values:
        return {"mean": 0.0, "interval": [0.0, 0.0]}
    return {"mean": round(math.fsum(values) / len(values), digits),
            "interval": rounded(mean_interval(values), digits)}


def rate(count: float, n: int) -> dict[str, Any]:
    """``{"count", "rate", "interval"}``: how often something happened out of ``n``."""
    return {"count": round(count, 3), "rate": round(count / n, 4) if n else 0.0,
            "interval": rounded(proportion_interval(count, n))}


def seat(index: int, player: str, games: int, wins: float | None,
         points: Sequence[float], **extra: Any) -> dict[str, Any]:
    """One entry of ``seats``: who played it, its wins (None in a solo game) and the spread of
    its final ``points``; ``extra`` are the game's own keys of a seat."""
    won = None if wins is None else rate(wins, games)
    return {"seat": index + 1, "player": player,
            "wins": None if won is None else won["count"],
            "win_rate": None if won is None else won["rate"],
            "interval": None if won is None else won["interval"],
            "score": spread(points), **extra}


def document(game: str, seed: int, games: int, players: Sequence[str],
             seats: list[dict[str, Any]], length: Sequence[float], unit: str,
             own: dict[str, Any]) -> dict[str, Any]:
    """The whole document: envelope, the common keys, then the game's own keys."""
    if unit not in UNITS:
        raise ValueError(unit)
    fields = {"games": games, "players": list(players), "seats": seats,
              "length": {"unit": unit, **spread(length)}, **own}
    return envelope(game, "simulation", seed, fields)


def shares(counts: Mapping[str, float]) -> dict[str, dict[str, Any]]:
    """Each key's share of the total, with its interval (e.g. how mummies entered the tomb)."""
    total = round(sum(counts.values()))
    return {k: rate(v, total) for k, v in counts.items()}


def text_lines(doc: dict[str, Any]) -> list[str]:
    """The lines every simulate command prints first: win rates and scores by seat, length."""
    out = []
    for s in doc["seats"]:
        sc = s["score"]
        won = ("" if s["win_rate"] is None else
               f"wins {s['win_rate']:.1%} [{s['interval'][0]:.1%}-{s['interval'][1]:.1%}], ")
        out.append(f"seat {s['seat']} {s['player']}: {won}score mean {sc['mean']:g} "
                   f"[{sc['mean_interval'][0]:g}-{sc['mean_interval'][1]:g}], median "
                   f"{sc['median']:g}, p10 {sc['p10']:g}, p90 {sc['p90']:g}")
    n = doc["length"]
    out.append(f"length in {n['unit']}: mean {n['mean']:g} [{n['mean_interval'][0]:g}-"
               f"{n['mean_interval'][1]:g}], median {n['median']:g}, p10 {n['p10']:g}, "
               f"p90 {n['p90']:g}")
    return out


# ---------------------------------------------------------------------------------- checking

def check_simulation(doc: dict[str, Any], source: str, own: Sequence[str],
                     unit: str) -> Report:
    """Every problem of a simulation document: the common keys and their shapes, the game's own
    keys (``own``), the length ``unit``; rates within their intervals, one seat per player."""
    report = Report(source)
    for key in (*KEYS, *own):
        if key not in doc:
            report.add("missing-key", f"no {shown(key)}", key)
    if not report.ok:
        return report
    games, players, seats = doc["games"], doc["players"], doc["seats"]
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        report.add("games", f"games must be a whole number ≥ 1, not {shown(games)}", "games")
        return report
    if not isinstance(players, list) or not isinstance(seats, list) or len(players) != len(seats):
        report.add("seats", "players and seats must be lists of the same length", "seats")
        return report
    for i, entry in enumerate(seats):
        _check_seat(report, entry, i, players[i], games, solo=len(seats) == 1)
    length = doc["length"]
    if not isinstance(length, dict) or length.get("unit") != unit:
        report.add("length-unit", f"length must be counted in {unit}", "length")
    else:
        _check_spread(report, length, "length")
    return report


def _check_seat(report: Report, entry: Any, i: int, player: Any, games: int, solo: bool) -> None:
    where = f"seats[{i}]"
    if not isinstance(entry, dict) or any(k not in entry for k in SEAT_KEYS):
        report.add("seat-keys", f"a seat has {', '.join(SEAT_KEYS)}", where)
        return
    if entry["seat"] != i + 1 or entry["player"] != player:
        report.add("seat-player", f"seat {i + 1} must be played by {shown(player)}", where)
    if solo and entry["wins"] is None:
        pass
    elif not _number(entry["wins"]) or not 0 <= entry["wins"] <= games:
        report.add("wins", f"wins must be between 0 and {games}", where)
    elif not _within(entry["win_rate"], entry["interval"]):
        report.add("rate-interval", "win_rate must lie within its interval", where)
    elif abs(entry["win_rate"] - entry["wins"] / games) > 1e-3:
        report.add("win-rate", f"win_rate must be wins / games ({entry['wins']} / {games})",
                   where)
    _check_spread(report, entry["score"], f"{where}.score")


def _check_spread(report: Report, values: Any, where: str) -> None:
    if not isinstance(values, dict) or any(k not in values for k in SCORE_KEYS):
        report.add("spread-keys", f"needs {', '.join(SCORE_KEYS)}", where)
        return
    if not (_within(values["mean"], values["mean_interval"])
            and _within(values["median"], values["median_interval"])):
        report.add("mean-interval", "the mean and median must lie within their intervals", where)
    order = [values[k] for k in ("min", "p10", "median", "p90", "max")]
    if not all(_number(v) for v in order):
        report.add("spread-numbers", "min, p10, median, p90 and max must be numbers", where)
    elif order != sorted(order):
        report.add("spread-order", "min ≤ p10 ≤ median ≤ p90 ≤ max must hold", where)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _within(value: Any, interval: Any) -> bool:
    return (_number(value) and isinstance(interval, list) and len(interval) == 2
            and all(_number(v) for v in interval)
            and interval[0] - 1e-9 <= value <= interval[1] + 1e-9)
