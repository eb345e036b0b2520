"""Many solo games on one map with one player (a name of ``bots.BOTS``): score statistics, per-rule
means, and optionally a record of every game.

Game ``i`` uses the seed ``derive_seed(seed, i)`` for its dice, so any game of a run can be
replayed alone from its record. With an executor (``--jobs``/``--dask``) the games run in chunks
on workers, with the same summary and records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from generator.core.envelope import dumps, envelope
from generator.core.output import atomic_write, file_name, prepare_dir
from generator.core.play import iter_games, play, summary
from generator.core.rng import derive_seed, make_rng
from generator.games.realms.bots import BOTS, DEFAULT_PLAYER, make_bot
from generator.games.realms.mapfile import load_map
from generator.games.realms.records import map_ref, record_doc
from generator.games.realms.rules import SeededDice, State
from generator.games.realms.rules_scoring import LINES


def play_one(m, game_seed: int, player: str, start: str = "normal") -> State:
    """One finished solo game with dice from ``game_seed``."""
    state = State(m, SeededDice(game_seed), 1, start)
    play(state, [make_bot(player)], make_rng(derive_seed(game_seed, 1)))
    return state


def play_lines(m, player: str, start: str, ref: Any, game_seed: int) -> tuple[dict, str | None]:
    """One game's scoring lines, and its record as JSON text when ``ref`` (the map as records
    name it) is given: what a run keeps of a game (it may come back from a worker)."""
    state = play_one(m, game_seed, player, start)
    record = dumps(record_doc(state, ref, game_seed)) if ref is not None else None
    return state.lines(), record


def simulate(map_name: str, games: int, seed: int, player: str = DEFAULT_PLAYER,
             start: str = "normal",
             record_dir: str | None = None,
             wrap: Callable[[Iterable[Any]], Any] | None = None,
             executor: Any = None) -> dict[str, Any]:
    """Plays ``games`` games; returns the simulation document (envelope included).

    ``wrap`` may wrap the finished games (a progress bar); ``record_dir`` gets one record per
    game, named ``realms-record-<seed>-<n>.json``; ``executor`` plays the games in chunks on
    workers (:func:`generator.core.play.iter_games`), with the same result and records.
    """
    if player not in BOTS:
        raise ValueError(player)
    m = load_map(map_name)
    ref = map_ref(map_name, m)
    folder = prepare_dir(record_dir) if record_dir else None
    play_fn = partial(play_lines, m, player, start, ref if folder is not None else None)
    results = iter_games(play_fn, games, seed, executor)
    totals: list[float] = []
    sums = dict.fromkeys(LINES, 0)
    for i, (lines, record) in enumerate(wrap(results) if wrap else results):
        totals.append(sum(lines.values()))
        for key, value in lines.items():
            sums[key] += value
        if folder is not None:
            atomic_write(Path(folder) / file_name("realms", "record", seed, "json", i + 1),
                         record)
    fields = {"map": map_name if isinstance(ref, str) else m.name, "player": player,
              "start": start, "games": games, "score": summary(totals),
              "lines": {k: round(v / max(games, 1), 2) for k, v in sums.items()},
              "scores": [int(t) for t in totals]}
    return envelope("realms", "simulation", seed, fields)


def summary_text(doc: dict[str, Any]) -> str:
    """What ``realms simulate`` prints: the score statistics and the per-rule means."""
    sc = doc["score"]
    out = [(f"{doc['games']} game(s) on {doc['map']} by {doc['player']}: mean {sc['mean']}, "
            f"median {sc['median']}, p10 {sc['p10']}, p90 {sc['p90']} "
            f"(min {sc['min']}, max {sc['max']})"), "mean per scoring rule:"]
    out += [f"  {v:>7}  {LINES[k]}" for k, v in doc["lines"].items()]
    return "\n".join(out)
