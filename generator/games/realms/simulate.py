"""Many solo games on one map with one player (bot or random): score statistics, per-rule
means, and optionally a record of every game.

Game ``i`` uses the seed ``derive_seed(seed, i)`` for its dice, so any game of a run can be
replayed alone from its record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from generator.core.envelope import dumps, envelope
from generator.core.output import atomic_write, file_name, prepare_dir
from generator.core.play import play, summary
from generator.core.rng import derive_seed, make_rng
from generator.games.realms.bots import PLAYERS, make_bot
from generator.games.realms.mapfile import load_map
from generator.games.realms.records import map_ref, record_doc
from generator.games.realms.rules import SeededDice, State
from generator.games.realms.rules_scoring import LINES


def play_one(m, game_seed: int, player: str, start: str = "normal") -> State:
    """One finished solo game with dice from ``game_seed``."""
    state = State(m, SeededDice(game_seed), 1, start)
    play(state, [make_bot(player)], make_rng(derive_seed(game_seed, 1)))
    return state


def simulate(map_name: str, games: int, seed: int, player: str = "bot", start: str = "normal",
             record_dir: str | None = None,
             wrap: Callable[[Iterable[int]], Any] | None = None) -> dict[str, Any]:
    """Plays ``games`` games; returns the simulation document (envelope included).

    ``wrap`` may wrap the game indices (a progress bar); ``record_dir`` gets one record per
    game, named ``realms-record-<seed>-<n>.json``.
    """
    if player not in PLAYERS:
        raise ValueError(player)
    m = load_map(map_name)
    ref = map_ref(map_name, m)
    folder = prepare_dir(record_dir) if record_dir else None
    totals: list[float] = []
    sums = dict.fromkeys(LINES, 0)
    indices = range(games)
    for i in (wrap(indices) if wrap else indices):
        game_seed = derive_seed(seed, i)
        state = play_one(m, game_seed, player, start)
        lines = state.lines()
        totals.append(sum(lines.values()))
        for key, value in lines.items():
            sums[key] += value
        if folder is not None:
            doc = record_doc(state, ref, game_seed)
            atomic_write(Path(folder) / file_name("realms", "record", seed, "json", i + 1),
                         dumps(doc))
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
