"""Many bot games in a row: win rate by seat, game length, how games ended.

Game ``i`` of a run with seed ``s`` plays with its own generator ``derive_seed(s, i)``, so a run
is reproducible and any single game can be replayed. Without a fixed trail every game lays a
fresh random one. A shared win (equal fewest coins at the end) counts 1/k for each of the k
winners, so win rates add up to 1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from generator.core.play import play, summary
from generator.core.rng import derive_seed, make_rng
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


def simulate(players: int, games: int, variant: str = "en", bot: str = "greedy",
             tiles: Sequence[str] | None = None, seed: int = 0,
             indices: Iterable[int] | None = None,
             on_game: Callable[[State], None] | None = None) -> dict:
    """Plays ``games`` games and summarises them (see the module doc).

    ``indices`` lets a caller wrap the game numbers (a progress bar); ``on_game`` sees each
    finished state.
    """
    wins = [0.0] * players
    turns: list[float] = []
    ended = {name: 0 for name in ENDINGS}
    shared = 0
    for i in indices if indices is not None else range(games):
        state = play_one(players, variant, bot, derive_seed(seed, i), tiles)
        for p, share in enumerate(state.scores()):
            wins[p] += share
        turns.append(state.turns)
        ended[state.ended] += 1
        shared += len(state.winners) > 1
        if on_game:
            on_game(state)
    return {
        "players": players, "games": games, "variant": variant, "bot": bot,
        "trail_mode": "fixed" if tiles is not None else "random",
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / games, 4) for w in wins],
        "turns": summary(turns),
        "ended": ended,
        "shared_wins": shared,
    }


def seat_balance(tiles: Sequence[str], players: int, variant: str, games: int,
                 seed: int) -> dict:
    """The seat balance of one trail under greedy bots (what ``tut trail --simulate`` adds)."""
    result = simulate(players, games, variant, "greedy", tiles, seed)
    rates = result["win_rate"]
    return {"games": games, "bot": "greedy", "seed": seed, "win_rate": rates,
            "spread": round(max(rates) - min(rates), 4),
            "mean_turns": result["turns"]["mean"], "ended": result["ended"]}


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
        f"how games ended: {ends}; shared wins {result['shared_wins']}",
    ]


def trail_for_simulation(path: str | None, variant: str | None) -> tuple[list[str] | None, str]:
    """The tiles of a trail file (checked) and the variant to play: the given one, else the
    trail's, else English. No file → (None, variant): every game lays a fresh trail."""
    if path is None:
        return None, variant or "en"
    from generator.validate import read_item

    trail = read_item(path, "tut", "trail")
    return list(trail.tiles), variant or trail.variant
