"""Many bot games in a row: win rate by seat, game length, how games ended.

Game ``i`` of a run with seed ``s`` plays with its own generator ``derive_seed(s, i)``, so a run
is reproducible and any single game can be replayed. Without a fixed trail every game lays a
fresh random one. A shared win (equal fewest coins at the end) counts 1/k for each of the k
winners, so win rates add up to 1. With an executor the games run in chunks on workers, with
the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

from generator.core.play import play, run_games, summary
from generator.core.rng import make_rng
from generator.core.stats import mean_interval, proportion_interval, rounded
from generator.games.tut.bots import make_bot
from generator.games.tut.rules import State, new_state

ENDINGS = ("coins-out", "trail-empty", "all-at-end")


def play_one(players: int, variant: str, bot: str, seed: int,
             tiles: Sequence[str] | None = None) -> State:
    """One whole game with ``bot`` in every seat; returns the final state."""
    rng = make_rng(seed)
    state = new_state(rng, players=players, variant=variant, tiles=tiles)
    result = play(state, [make_bot(bot) for _ in range(players)], rng)
    if result.capped:   # pragma: no cover - the engine always ends; guard against regressions
        raise RuntimeError(f"game with seed {seed} did not end")
    return state


class Outcome(NamedTuple):
    """What a run keeps of one finished game (small: it may come back from a worker)."""

    scores: list[float]
    turns: int
    ended: str
    winners: int
    rounds: int = 0


def play_outcome(players: int, variant: str, bot: str, tiles: tuple[str, ...] | None,
                 seed: int) -> Outcome:
    """:func:`play_one`, reduced to its :class:`Outcome`."""
    state = play_one(players, variant, bot, seed, tiles)
    return Outcome(list(state.scores()), state.turns, state.ended, len(state.winners),
                   state.rounds)


def simulate(players: int, games: int, variant: str = "en", bot: str = "greedy",
             tiles: Sequence[str] | None = None, seed: int = 0, *,
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None) -> dict:
    """Plays ``games`` games and summarises them (see the module doc).

    ``progress(iterable, length, label)`` may wrap the games (a progress bar); ``executor``
    plays them in chunks on workers (:func:`generator.core.play.run_games`): same result.
    """
    fixed = tuple(tiles) if tiles is not None else None
    outcomes = run_games(partial(play_outcome, players, variant, bot, fixed), games, seed,
                         executor, progress=progress)
    wins = [0.0] * players
    turns: list[float] = []
    rounds: list[float] = []
    ended = {name: 0 for name in ENDINGS}
    for outcome in outcomes:
        for p, share in enumerate(outcome.scores):
            wins[p] += share
        turns.append(outcome.turns)
        rounds.append(outcome.rounds)
        ended[outcome.ended] += 1
    return {
        "players": players, "games": games, "variant": variant, "bot": bot,
        "trail_mode": "fixed" if tiles is not None else "random",
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / games, 4) for w in wins],
        "win_interval": [rounded(proportion_interval(w, games)) for w in wins],
        "turns": summary(turns),
        "rounds": summary(rounds),
        "rounds_interval": rounded(mean_interval(rounds), 2),
        "ended": ended,
        "shared_wins": sum(1 for o in outcomes if o.winners > 1),
    }


def describe(result: dict) -> list[str]:
    """Plain lines for the terminal: win rate by seat, game length, endings."""
    rates = "  ".join(f"seat {i + 1}: {r * 100:5.1f}%" for i, r in enumerate(result["win_rate"]))
    t = result["turns"]
    ends = ", ".join(f"{k} {v}" for k, v in result["ended"].items() if v)
    return [
        (f"{result['games']} games, {result['players']} players, {result['bot']} bots, "
         f"{result['variant']} rules, {result['trail_mode']} trail"),
        f"win rate by seat: {rates}",
        (f"game length in turns: mean {t['mean']}, median {t['median']}, "
         f"p10 {t['p10']}, p90 {t['p90']}"),
        (f"game length in rounds: mean {result['rounds']['mean']} "
         f"(95% {result['rounds_interval'][0]}-{result['rounds_interval'][1]}), "
         f"median {result['rounds']['median']}"),
        f"how games ended: {ends}; shared wins {result['shared_wins']}",
    ]


def trail_setup(path: str) -> tuple[list[str], int, str]:
    """What a trail file says to play: its tiles, its player count and its rule text (the file
    is read and validated like ``tombgen validate`` does; errors name the file)."""
    from generator.validate import read_item

    trail = read_item(path, "tut", "trail")
    return list(trail.tiles), trail.players, trail.variant


def trail_for_simulation(path: str | None, variant: str | None) -> tuple[list[str] | None, str]:
    """The tiles of a trail file (checked) and the variant to play: the given one, else the
    trail's, else English. No file → (None, variant): every game lays a fresh trail."""
    if path is None:
        return None, variant or "en"
    from generator.validate import read_item

    trail = read_item(path, "tut", "trail")
    return list(trail.tiles), variant or trail.variant
