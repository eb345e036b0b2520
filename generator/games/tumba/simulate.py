"""Many bot games of Tutan Tumba, summarised: who wins from which seat, how long games last,
and how the mummies got into the tomb.

Game ``i`` uses the seed derived from (seed, i), so any single game can be replayed. Games still
running after ``max_turns`` turns are counted as capped; games where every player is stuck
(nobody has a mummy left to play) as blocked. Both are reported with their game numbers. The
summary also counts what the players chose to do (``actions``: placements, each power and each
advanced move). With ``record_dir`` every game is written as a record
(``tumba-record-<seed>-<n>.json``, :mod:`records`). With an executor the games run in chunks on
workers, with the same result and records.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from generator.core.errors import InputError
from generator.core.play import iter_games, summary
from generator.core.rng import make_rng
from generator.games.tumba.bots import BOTS, make_bots
from generator.games.tumba.model import MODES, Setup, check_target, data, standard_layout
from generator.games.tumba.rules import ACTION_KINDS, ENTRY_KINDS, State

MAX_TURNS = 3000


def play_game(players: int, seed: int, mode: str, layout=None, target: int | None = None,
              bots=("random",), max_turns: int = MAX_TURNS, record: bool = False) -> State:
    """Plays one game to its end (or the turn cap); returns the final state (with its
    ``history`` of moves when ``record``)."""
    from generator.games.tumba.generate import advanced_setup

    rng = make_rng(seed)
    if layout is None:
        layout = advanced_setup(rng, players).lines if mode == "advanced" else standard_layout()
    state = State(players, layout, mode, target, seed=rng.getrandbits(32))
    if record:
        state.history = []
    seats = make_bots(list(bots), players)
    while state.phase != "over" and state.turn <= max_turns:
        state.apply(seats[state.current].choose(state, rng))
    return state


def _check(players: int, games: int, mode: str, target: int | None, bots) -> None:
    comp = data()["components"]
    if not comp["min_players"] <= players <= comp["max_players"]:
        raise InputError(f"--players {players}: the game is for {comp['min_players']}-"
                         f"{comp['max_players']} players")
    if games < 1:
        raise InputError(f"--games {games}: play at least one game")
    if mode not in MODES:
        raise InputError(f"--mode {mode}: choose standard or advanced")
    check_target(target, mode)
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        raise InputError(f"--bots {','.join(bots)}: choose from {', '.join(BOTS)}")


class Outcome(NamedTuple):
    """What a run keeps of one game (small: it may come back from a worker)."""

    winner: int
    turn: int
    blocked: bool
    entries: dict[str, int]
    actions: dict[str, int] = {}
    record: str | None = None


def play_outcome(players: int, mode: str, layout, target: int | None, bots, max_turns: int,
                 seed: int, record: bool = False) -> Outcome:
    """:func:`play_game`, reduced to its :class:`Outcome` (and its record as JSON text)."""
    state = play_game(players, seed, mode, layout, target, bots, max_turns, record)
    text = None
    if record:
        from generator.core.envelope import dumps
        from generator.games.tumba.records import record_doc

        text = dumps(record_doc(state, seed))
    return Outcome(state.winner, state.turn, bool(state.blocked), dict(state.entries),
                   dict(state.actions), text)


def _recording(players, mode, layout, target, bots, max_turns, seed) -> Outcome:
    return play_outcome(players, mode, layout, target, bots, max_turns, seed, True)


def simulate(players: int, games: int, seed: int, mode: str = "standard",
             setup: Setup | None = None, target: int | None = None, bots=("greedy",),
             max_turns: int = MAX_TURNS,
             progress: Callable[[int], None] | None = None,
             executor: Any = None, record_dir: str | None = None) -> dict[str, Any]:
    """Plays ``games`` games and returns the summary fields of the simulate JSON.

    ``progress(1)`` is called after each game; ``executor`` plays the games in chunks on
    workers (:func:`generator.core.play.iter_games`), with the same result; ``record_dir``
    gets one record per game.
    """
    _check(players, games, mode, target, bots)
    if setup is not None and (setup.mode, setup.players) != (mode, players):
        raise InputError(f"the setup is {setup.mode} for {setup.players} players, the options "
                         f"ask for {mode} with {players} players; leave out --mode and "
                         "--players to play the setup as it is")
    layout = setup.lines if setup else None
    folder = None
    if record_dir:
        from generator.core.output import prepare_dir

        folder = prepare_dir(record_dir)
    play_fn = partial(_recording if folder is not None else play_outcome, players, mode, layout,
                      target, tuple(bots), max_turns)
    actions = dict.fromkeys(ACTION_KINDS, 0)
    wins = [0] * players
    turns: list[float] = []
    capped, blocked = [], []
    entries = dict.fromkeys(ENTRY_KINDS, 0)
    for i, outcome in enumerate(iter_games(play_fn, games, seed, executor)):
        if outcome.winner >= 0:
            wins[outcome.winner] += 1
            turns.append(outcome.turn)
        elif outcome.blocked:
            blocked.append(i + 1)
        else:
            capped.append(i + 1)
        for kind, n in outcome.entries.items():
            entries[kind] += n
        for kind, n in outcome.actions.items():
            actions[kind] += n
        if folder is not None:
            _write_record(folder, seed, i + 1, outcome.record)
        if progress:
            progress(1)
    fields = _fields(players, games, mode, setup, target, bots, max_turns, wins, turns, capped,
                     blocked, entries)
    fields["actions"] = actions
    return fields


def _write_record(folder, seed: int, number: int, text: str) -> None:
    from pathlib import Path

    from generator.core.output import atomic_write, file_name

    atomic_write(Path(folder) / file_name("tumba", "record", seed, "json", number), text)


def _fields(players, games, mode, setup, target, bots, max_turns, wins, turns, capped, blocked,
            entries) -> dict[str, Any]:
    finished = sum(wins)
    total = sum(entries.values())
    return {
        "players": players,
        "games": games,
        "mode": mode,
        "target": target or data()["win"]["target"],
        "bots": [list(bots)[i % len(bots)] for i in range(players)],
        "board": "setup file" if setup else ("fresh Pharaoh's Wrath setup per game"
                                             if mode == "advanced" else "standard layout"),
        "finished": finished,
        "wins": wins,
        "win_rate": [round(w / finished, 4) if finished else 0.0 for w in wins],
        "turns": summary(turns),
        "rounds": summary([t / players for t in turns]),
        "max_turns": max_turns,
        "capped": capped,
        "blocked": blocked,
        "entries": entries,
        "entry_share": {k: round(v / total, 4) if total else 0.0 for k, v in entries.items()},
    }


def report_text(fields: dict[str, Any]) -> str:
    """A few plain lines summarising the simulate fields."""
    n = fields["players"]
    out = [(f"{fields['games']} games, {n} players, {fields['mode']} rules, target "
            f"{fields['target']}, bots {', '.join(fields['bots'])}, board: {fields['board']}")]
    out.append("wins by seat: " + "  ".join(
        f"{i + 1}: {r * 100:.1f}% ({w})" for i, (w, r) in
        enumerate(zip(fields["wins"], fields["win_rate"]))))
    t = fields["turns"]
    out.append(f"length: mean {t['mean']} turns ({fields['rounds']['mean']} rounds), median "
               f"{t['median']}, 10-90%: {t['p10']}-{t['p90']}, longest {t['max']}")
    out.append(f"capped at {fields['max_turns']} turns: {len(fields['capped'])}"
               + (f" (games {_list(fields['capped'])})" if fields["capped"] else "")
               + f"; blocked: {len(fields['blocked'])}"
               + (f" (games {_list(fields['blocked'])})" if fields["blocked"] else ""))
    out.append("into the tomb: " + ", ".join(
        f"{k} {fields['entry_share'][k] * 100:.1f}%" for k in fields["entries"]))
    if "actions" in fields:
        out.append("moves played: " + ", ".join(f"{k} {n}" for k, n in fields["actions"].items()))
    return "\n".join(out)


def _list(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:10]))
    return shown + (f" and {len(numbers) - 10} more" if len(numbers) > 10 else "")
