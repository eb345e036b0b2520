"""Seeded Tutan Tumba setups: the fixed standard layout, and the Pharaoh's Wrath procedure.

The advanced setup follows the rulebook's steps and logs each one:

1. deal — the 22 chambers are dealt one at a time, starting with the player on the first
   player's left (player 2), until none is left (so some players may get one more);
2. place — starting with the first player and going round, each player with chambers left puts
   one on a line of their choice (here: a random line among those that keep the procedure able
   to finish), never more than 3 on a line; every line ends with at least one chamber and the
   last chamber goes on a line of 7-12;
3. passage — the player who placed the last chamber clears that line and puts the single secret
   passage there;
4. move — the same player moves each cleared chamber to another line that still has room.

Random choices are uniform among the lines allowed at each step.
"""

from __future__ import annotations

import random

from generator.core.errors import InputError
from generator.games.tumba.model import MODES, Line, Setup, Step, data, facts, standard_layout


def generate_setup(rng: random.Random, mode: str = "standard", players: int = 4) -> Setup:
    """A setup of the given mode for ``players`` players (2-6)."""
    comp = data()["components"]
    if mode not in MODES:
        raise InputError(f"--mode {mode}: unknown mode; choose one of {', '.join(MODES)}")
    if not isinstance(players, int) or not comp["min_players"] <= players <= comp["max_players"]:
        raise InputError(f"--players {players}: Tutan Tumba is for {comp['min_players']} to "
                         f"{comp['max_players']} players")
    if mode == "standard":
        return Setup("standard", players, standard_layout(), ())
    return advanced_setup(rng, players)


def deal(players: int) -> list[int]:
    """Chambers per player (0-based) when dealt one by one from the first player's left."""
    total = facts().chambers
    counts = [0] * players
    for k in range(total):
        counts[(k + 1) % players] += 1
    return counts


def allowed_lines(counts: list[int], remaining: int, cfg) -> list[int]:
    """Lines the next chamber may go on so that the procedure can still finish: every line
    reaches the minimum, none passes the maximum, and the last chamber (``remaining`` = 0 after
    this one) lands on a passage line."""
    low, high, last_lines = cfg["min_per_line"], cfg["max_per_line"], cfg["passage_lines"]
    deficit = sum(max(0, low - c) for c in counts[1:])
    room = sum(high - c for c in counts[1:])
    out = []
    for n in range(1, len(counts)):
        if counts[n] >= high:
            continue
        short = deficit - (1 if counts[n] < low else 0)
        if remaining == 0:
            if n in last_lines and short == 0:
                out.append(n)
            continue
        if short > remaining or room - 1 < remaining:
            continue
        # The last chamber must still find a passage line with room (an empty one if every
        # remaining chamber is needed to fill empty lines).
        for m in last_lines:
            c = counts[m] + (m == n)
            if c < high and (remaining > short or c < low):
                out.append(n)
                break
    return out


def placing_order(counts: list[int]) -> list[int]:
    """Who places each chamber: round the table from the first player, skipping empty hands."""
    left = counts[:]
    order = []
    while any(left):
        for p in range(len(left)):
            if left[p]:
                order.append(p)
                left[p] -= 1
    return order


def advanced_setup(rng: random.Random, players: int) -> Setup:
    """A Pharaoh's Wrath setup, with the log of every dealing, placing and moving step."""
    cfg = data()["advanced_setup"]
    lines_n = facts().lines
    hands = deal(players)
    log = [Step("deal", (k + 1) % players, count=hands[(k + 1) % players])
           for k in range(players)]
    counts = [0] * (lines_n + 1)
    order = placing_order(hands)
    for number, player in enumerate(order, start=1):
        remaining = len(order) - number
        line = rng.choice(allowed_lines(counts, remaining, cfg))
        counts[line] += 1
        log.append(Step("place", player, line=line, chamber=number))
    last = log[-1]
    removed = [s.chamber for s in log if s.action == "place" and s.line == last.line]
    log.append(Step("passage", last.player, line=last.line, count=len(removed)))
    counts[last.line] = 0
    for chamber in removed:
        room = [n for n in range(1, lines_n + 1)
                if n != last.line and counts[n] < cfg["max_per_line"]]
        target = rng.choice(room)
        counts[target] += 1
        log.append(Step("move", last.player, line=last.line, chamber=chamber, to=target))
    lines = tuple(Line(0, True) if n == last.line else Line(counts[n])
                  for n in range(1, lines_n + 1))
    return Setup("advanced", players, lines, tuple(log))

