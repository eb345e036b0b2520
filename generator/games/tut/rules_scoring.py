"""Scoring one artifact set, shared by the engine and the ``tombgen tut score-set`` referee.

Method A: one player has most tiles → pays the set's value; a single runner-up pays half; tied
runners-up pay nothing. Method B: players tied for most tiles each pay half (French text: only
when at most two are tied; three tied for first pay nothing). Nobody else pays. English Pharaoh
tiles (and King Tut) count as extra tiles; French masks only break ties between equal counts and
Toutankhamon counts as a tile of any set. Payments are listed in the order coins are paid, which
decides the winner when two players pay their last coin in one scoring: method A the single
highest holder, then the single runner-up; method B the tied players, furthest token first.

The referee reads (``wild`` and ``king_tut`` optional)::

    {"variant": "en", "value": 2, "holdings": {"A": 1, "B": 1}, "wild": {"A": 1, "B": 1},
     "king_tut": "A", "order": ["B", "A"]}

and returns ``{"payments": [["A", 2], ["B", 1]]}``. Malformed input is an InputError (exit 2);
a wild tile or a holding the rules forbid is a RuleError (exit 1) naming the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.report import Report
from generator.games.tut.model import Rules, catalog, data, facts, rules

KEYS = ("variant", "value", "holdings", "wild", "king_tut", "order")
#: counts and tie-breakers are packed into one int key: count * TIE_BASE + tie-breaker
TIE_BASE = 64


def payments(value: int, counts: Sequence[int], ties: Sequence[int], order: Sequence[int],
             r: Rules) -> list[tuple[int, int]]:
    """Who pays how much for one set, in paying order; players paying nothing are left out.

    ``counts[p]`` is what player p's holding counts (0 = not in the contest), ``ties[p]`` the
    tie-breaker (French masks, else 0), ``order`` every player by token, furthest along first.
    """
    keys = [c * TIE_BASE + t if c > 0 else -1 for c, t in zip(counts, ties)]
    best = max(keys, default=-1)
    if best < 0:
        return []
    half = (value + r.half_up) // 2
    top = [p for p in order if keys[p] == best]
    if len(top) == 1:
        pays = [(top[0], value)]
        lower = [k for k in keys if 0 <= k < best]
        if lower and half:
            second = max(lower)
            runners = [p for p in order if keys[p] == second]
            if len(runners) == 1:
                pays.append((runners[0], half))
    elif half and (not r.max_tied_first or len(top) <= r.max_tied_first):
        pays = [(p, half) for p in top]
    else:
        pays = []
    # Already in paying order: the single top holder before the single runner-up (method A),
    # tied players by token, furthest first (method B): the order the rulebook scores them in.
    return pays


def counts_and_ties(r: Rules, tiles: Sequence[int], wild: Sequence[int],
                    king: int) -> tuple[list[int], list[int]]:
    """The contest counts and tie-breakers from held tiles, wild tiles added and King Tut's user.

    English: only players holding a tile of the set take part; wild tiles add to their count.
    French: Toutankhamon counts as a tile (even with none held); masks are tie-breakers.
    """
    n = len(tiles)
    if r.wild_counts:
        counts = [tiles[p] + wild[p] + (p == king) for p in range(n)]
        ties = [0] * n
    else:
        counts = [tiles[p] + (p == king) for p in range(n)]
        ties = list(wild)
    if r.king_needs_tile:       # without a tile of the set, a player is not in the contest
        counts = [c if tiles[p] else 0 for p, c in enumerate(counts)]
    return counts, ties


def wild_problem(r: Rules, p: int, tiles: Sequence[int], masks: int, king: bool,
                 king_user: int) -> str:
    """Why player ``p`` may not add these wild tiles to the set ('' when allowed)."""
    if not tiles[p] and (masks or (king and r.king_needs_tile)):
        what = r.king if king and not masks else r.pharaoh
        return (f"holds no tile of this set; a {what} can only be added to a set its owner "
                f"holds a tile of ({r.name})")
    if masks and r.wild_needs_tie:
        mine = tiles[p] + (king_user == p)
        if not any(q != p and tiles[q] + (king_user == q) == mine for q in range(len(tiles))):
            return (f"is not tied with another player ({mine} tile(s)); a {r.pharaoh} only "
                    f"breaks a tie between equal counts ({r.name})")
    return ""


# ---- the referee document ------------------------------------------------------------------------

def _names(value: Any, place: str, kind: str) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(f"{place}: expected an object {{player: {kind}}}")
    for name, n in value.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(f"{place} [{name}]: expected a whole number ≥ 0 of {kind}, got {n!r}")
    return dict(value)


def parse_request(doc: Any, source: str) -> dict[str, Any]:
    """Checks the shape of a referee document; malformed → InputError naming key and fix."""
    if not isinstance(doc, dict):
        raise InputError(f"{source}: expected a JSON object with keys {', '.join(KEYS)}")
    unknown = sorted(set(doc) - set(KEYS))
    if unknown:
        raise InputError(f"{source} [{unknown[0]}]: unknown key; allowed: {', '.join(KEYS)}")
    for key in ("variant", "value", "holdings", "order"):
        if key not in doc:
            raise InputError(f"{source}: missing key {key!r}")
    variant = doc["variant"]
    if not isinstance(variant, str) or variant not in data()["variant"]:
        raise InputError(f"{source} [variant]: {variant!r} is not a variant; use \"en\" or \"fr\"")
    values = sorted({k["value"] for k in data()["kind"]})
    if not isinstance(doc["value"], int) or isinstance(doc["value"], bool) \
            or doc["value"] not in values:
        raise InputError(f"{source} [value]: {doc['value']!r} is not a set value; use one of "
                         f"{', '.join(map(str, values))}")
    holdings = _names(doc["holdings"], f"{source} [holdings]", "tiles")
    wild = _names(doc.get("wild"), f"{source} [wild]", "wild tiles")
    king = doc.get("king_tut")
    if king is not None and not isinstance(king, str):
        raise InputError(f"{source} [king_tut]: expected a player name or null")
    order = doc["order"]
    if not isinstance(order, list) or not all(isinstance(p, str) for p in order):
        raise InputError(f"{source} [order]: expected a list of player names, furthest along first")
    if len(set(order)) != len(order):
        raise InputError(f"{source} [order]: a player is listed twice")
    listed = set(order)
    for key, names in (("holdings", holdings), ("wild", wild),
                       ("king_tut", {king: 1} if king else {})):
        stranger = next((name for name in names if name not in listed), None)
        if stranger is not None:  # the place the unknown name was written, not [order]
            place = f"{key}.{stranger}" if key != "king_tut" else key
            raise InputError(f"{source} [{place}]: {stranger} is not a player of order "
                             f"({', '.join(order) or 'nobody'}); correct the name, or add "
                             f"{stranger} to order (every player by token position, furthest "
                             "along first)")
    return {"variant": variant, "value": doc["value"], "holdings": holdings, "wild": wild,
            "king_tut": king, "order": order}


def score_request(doc: Any, source: str) -> list[tuple[str, int]]:
    """Referees one set: the payments ``[(player, coins), ...]`` in paying order.

    A holding or wild tile the rules forbid raises RuleError (exit 1) with the rule.
    """
    req = parse_request(doc, source)
    r = rules(req["variant"])
    names: list[str] = req["order"]
    index = {name: i for i, name in enumerate(names)}
    tiles = [req["holdings"].get(name, 0) for name in names]
    wild = [req["wild"].get(name, 0) for name in names]
    king = index[req["king_tut"]] if req["king_tut"] else -1
    value = req["value"]
    size = next(k["tiles"] for k in data()["kind"] if k["value"] == value)
    if sum(tiles) > size:
        raise RuleError(f"{source} [holdings]: {sum(tiles)} tiles held, but a set of value "
                        f"{value} has only {size}")
    limit = facts().pharaohs
    if sum(wild) > limit:
        raise RuleError(f"{source} [wild]: {sum(wild)} {r.pharaoh} tiles added, the game has "
                        f"only {limit}")
    for p, name in enumerate(names):
        problem = wild_problem(r, p, tiles, wild[p], p == king, king)
        if problem:
            key = "king_tut" if p == king and not wild[p] else f"wild.{name}"
            raise RuleError(f"{source} [{key}]: {name} {problem}")
    counts, ties = counts_and_ties(r, tiles, wild, king)
    return [(names[p], amount) for p, amount in payments(value, counts, ties, range(len(names)), r)]


def set_values() -> tuple[int, ...]:
    """The values a set can have (1, 2, 4, 6, 8)."""
    return tuple(sorted(set(catalog().value)))


def validate_score_set_document(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` of a ``tombgen/tut.score-set`` (what ``tut score-set --json``
    wrote): payments ``[player, coins]`` with each player at most once and coins a set's value
    or half of one."""
    report = Report(source)
    pays = doc.get("payments")
    values = set_values()
    amounts = sorted(set(values) | {v // 2 for v in values} - {0})
    if not isinstance(pays, list):
        report.add("payments", "payments must be a list of [player, coins]", "payments")
        return report
    seen = set()
    for i, pay in enumerate(pays):
        where = f"payments[{i}]"
        if not (isinstance(pay, list) and len(pay) == 2 and isinstance(pay[0], str)):
            report.add("payments", "each payment is [player, coins]", where)
            continue
        player, coins = pay
        if player in seen:
            report.add("payments-twice", f"{player} pays twice for one set", where)
        seen.add(player)
        if isinstance(coins, bool) or coins not in amounts or not isinstance(coins, int):
            report.add("payment-amount", f"{coins!r} coins: a payment is a set's value or half "
                       f"of one ({', '.join(map(str, amounts))})", where)
    return report
