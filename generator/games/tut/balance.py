"""Seat balance of one trail: does the seat you sit in matter more on it than on any trail?

``tut trail --rating-games G`` plays G games of greedy bots on the trail and reports each seat's
win rate with its 95% interval (:func:`generator.core.stats.proportion_interval`; a shared win
counts 1/k). Even on random trails the seats do not win equally often (moving first matters), so
the yardstick is the same seat's rate on random trails with the same bots, stored with what made
it in ``seeds/tut-balance.toml``. A stored reference is measured once with many games, so its
own interval is several times narrower than a trail's at the sizes a sheet uses, and a sheet
costs no extra games; a test replays a smaller sample to check it still matches the bots.

A trail is called unbalanced only when some seat's interval and that seat's reference interval
do not overlap; otherwise "no measurable imbalance". With six seats, each tested at 95%, a trail
as fair as a random one is still flagged now and then: the verdict is a pointer, not a proof.

Remake the reference after changing the bots or the rules::

    python -m generator.games.tut.balance [--games 20000] [--seed 1]
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence

from generator.core.data import MapOf, load_seed, resource

REFERENCE_FILE = "tut-balance.toml"
BOT = "greedy"
SCHEMA = {
    "made": {"games": int, "seed": int, "bot": str, "tool": str, "command": str},
    "variant": MapOf(MapOf({"win_rate": [float], "interval": [[float]], "rounds": float})),
}


@functools.cache
def references() -> dict:
    """``seeds/tut-balance.toml``: the seat rates of the bots on random trails."""
    return load_seed(REFERENCE_FILE, SCHEMA)


def reference(variant: str, players: int) -> dict | None:
    """The reference for one rule text and player count (None when not measured)."""
    table = references()["variant"].get(variant, {})
    return table.get(str(players))


def _overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def verdict(intervals: Sequence[Sequence[float]], ref: dict | None) -> list[dict]:
    """Seats whose interval excludes the reference interval: [{"seat", "direction"}, ...]
    ("more" or "less" often than on random trails); empty when none or no reference."""
    if ref is None:
        return []
    off = []
    for seat, (mine, theirs) in enumerate(zip(intervals, ref["interval"])):
        if not _overlap(mine, theirs):
            off.append({"seat": seat + 1, "direction": "more" if mine[0] > theirs[1] else "less"})
    return off


def _greedy_games(players: int, games: int, variant: str, tiles: Sequence[str] | None,
                  seed: int) -> dict:
    """Seat win rates with their intervals, game length in rounds and how games ended, from
    ``games`` greedy games (a fixed trail ``tiles``, or a fresh one each game)."""
    from generator.games.tut.simulate import simulate

    doc = simulate([BOT] * players, games, variant, tiles, seed)
    return {"win_rate": [s["win_rate"] for s in doc["seats"]],
            "interval": [s["interval"] for s in doc["seats"]],
            "rounds": {"mean": doc["length"]["mean"], "interval": doc["length"]["mean_interval"]},
            "ended": {k: v["count"] for k, v in doc["ended"].items()}}


def seat_balance(tiles: Sequence[str], players: int, variant: str, games: int,
                 seed: int) -> dict:
    """The seat balance of one trail under greedy bots (what ``tut trail --rating-games`` adds)."""
    result = _greedy_games(players, games, variant, tiles, seed)
    intervals = result["interval"]
    ref = reference(variant, players)
    made = references()["made"]
    return {
        "games": games, "bot": BOT, "seed": seed, "win_rate": result["win_rate"],
        "interval": intervals,
        "reference": None if ref is None else {
            "win_rate": list(ref["win_rate"]), "interval": [list(i) for i in ref["interval"]],
            "games": made["games"], "made_by": made["command"]},
        "imbalance": verdict(intervals, ref),
        "rounds": result["rounds"],
        "ended": result["ended"],
    }


def describe_trail(trail) -> str | None:
    """The line `tut trail --rating-games` prints per trail: the seat balance of the bot games."""
    return describe_balance(trail.balance) if trail.balance else None


def describe_balance(balance: dict) -> str:
    """One line for the terminal: rates with intervals, the verdict, game length."""
    rates = ", ".join(f"seat {i + 1} {r * 100:.0f}% [{lo * 100:.0f}-{hi * 100:.0f}]"
                      for i, (r, (lo, hi)) in enumerate(zip(balance["win_rate"],
                                                             balance["interval"])))
    return (f"seat balance: {rates} (95% intervals) over {balance['games']} {balance['bot']} "
            f"games; {verdict_text(balance)}; mean {balance['rounds']['mean']:g} rounds")


def verdict_text(balance: dict) -> str:
    """'no measurable imbalance', or which seats win more or less often than on random trails."""
    if balance.get("reference") is None:
        return "no reference measured for this player count"
    off = balance["imbalance"]
    if not off:
        return "no measurable imbalance"
    seats = "; ".join(f"seat {o['seat']} wins {o['direction']} often" for o in off)
    return f"unbalanced: {seats} than on random trails"


# ---- making the reference ----------------------------------------------------------------------

def measure(games: int, seed: int) -> dict:
    """Seat rates, intervals and mean rounds of ``games`` greedy games on random trails, for
    every rule text and player count (the contents of the reference file)."""
    from generator.games.tut.model import VARIANTS, data

    trail = data()["trail"]
    out: dict = {}
    for variant in VARIANTS:
        for players in range(trail["min_players"], trail["max_players"] + 1):
            result = _greedy_games(players, games, variant, None, seed)
            out.setdefault(variant, {})[str(players)] = {
                "win_rate": result["win_rate"],
                "interval": result["interval"],
                "rounds": result["rounds"]["mean"]}
    return out


def reference_toml(measured: dict, games: int, seed: int, command: str) -> str:
    """The reference file's text."""
    from generator import GENERATOR

    lines = ["# Seat win rates of greedy bots on random Tutankhamen trails: the yardstick a trail's",
             "# seat balance is compared with (tut trail --rating-games). Measured, not edited by hand;",
             "# remake it after changing the bots or the rules (a test checks it still matches):",
             f"#   {command}", "", "[made]", f"games = {games}", f"seed = {seed}",
             f'bot = "{BOT}"', f'tool = "{GENERATOR}"', f'command = "{command}"']
    for variant, table in measured.items():
        for players, ref in table.items():
            lines += ["", f"[variant.{variant}.{players}]",
                      "win_rate = [" + ", ".join(f"{r:.4f}" for r in ref["win_rate"]) + "]",
                      "interval = [" + ", ".join(f"[{lo:.4f}, {hi:.4f}]"
                                                 for lo, hi in ref["interval"]) + "]",
                      f"rounds = {ref['rounds']:.2f}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str]) -> None:
    """``python -m generator.games.tut.balance [--games N] [--seed S]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m generator.games.tut.balance",
                                     description="Remake seeds/tut-balance.toml.")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    command = (f"python -m generator.games.tut.balance --games {args.games} "
               f"--seed {args.seed}")
    measured = measure(args.games, args.seed)
    path = resource("seeds", REFERENCE_FILE)
    path.write_text(reference_toml(measured, args.games, args.seed, command), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
