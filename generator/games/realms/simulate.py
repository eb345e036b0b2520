"""Many games on one map, solo or with several players sharing the dice: score statistics, the
mean of each scoring rule, who wins, and optionally a record of every game.

Game ``i`` uses the seed ``derive_seed(seed, i)`` for its dice, so any game of a run can be
replayed alone from its record. With an executor (``--jobs``/``--dask``) the games run in chunks
on workers, with the same document and records. The document is ``tombgen/realms.simulation``
(:mod:`generator.core.simulation`), with the game's own keys ``map``, ``start`` and, per seat,
``lines`` (the mean of each scoring rule), ``scores`` (every final score) and ``achievements``
(how often each of the rulebook's achievements was earned, judged against the map's contents,
with its 95% interval). A game is won by
the players in first place (rulebook tie-breaks; still tied: a shared win); in a solo game
nobody wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

from generator.core import simulation as sim
from generator.core.envelope import dumps
from generator.core.play import play, run_games
from generator.core.report import Report
from generator.core.rng import derive_seed, make_rng
from generator.core.play import make_bot
from generator.games.realms.bots import BOTS, DEFAULT_PLAYER
from generator.games.realms.mapfile import load_map
from generator.games.realms.records import map_ref, record_doc
from generator.games.realms.rules import SeededDice, State
from generator.games.realms.rules.holdings import ACHIEVEMENTS, achievement_name
from generator.games.realms.rules.scoring import LINES

#: The game's own keys of its simulation document.
OWN_KEYS = ("map", "start")
UNIT = "rounds"


def play_one(m, game_seed: int, player: str | Sequence[str], start: str = "normal") -> State:
    """One finished game with dice from ``game_seed``; ``player`` names the bot of each seat (a
    single name: a solo game)."""
    players = [player] if isinstance(player, str) else list(player)
    state = State(m, SeededDice(game_seed, len(players)), len(players), start)
    play(state, [make_bot(BOTS, name) for name in players], make_rng(derive_seed(game_seed, 1)))
    return state


class Outcome(NamedTuple):
    """What a run keeps of one game (small: it may come back from a worker)."""

    lines: list[dict[str, int]]
    places: list[int]
    rounds: int
    record: str | None
    achievements: list[list[str]]


def play_outcome(m, players: tuple[str, ...], start: str, ref: Any, game_seed: int) -> Outcome:
    """One game reduced to its :class:`Outcome`, with its record as JSON text when ``ref`` (the
    map as records name it) is given."""
    state = play_one(m, game_seed, players, start)
    record = dumps(record_doc(state, ref, game_seed)) if ref is not None else None
    return Outcome([state.lines(p) for p in range(state.players)], state.places(),
                   state.round, record, [state.achievements(p) for p in range(state.players)])


def simulate(map_name: str, games: int, seed: int, players: Sequence[str] = (DEFAULT_PLAYER,),
             start: str = "normal", records: Any = None, *,
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None, differs: str = "") -> dict[str, Any]:
    """Plays ``games`` games; returns the simulation document (envelope included).

    ``records`` (a :class:`generator.core.records.RecordFolder`) gets one record per game,
    named ``realms-record-<seed>[-<differs>]-<n>.json`` (``differs``: the options that differ
    from their defaults);
    ``progress(iterable, length, label)`` may wrap the games (a progress bar); ``executor``
    plays them in chunks on workers (:func:`generator.core.play.run_games`): same result.
    """
    for name in players:
        make_bot(BOTS, name)  # an unknown player is an input error before any game is played
    m = load_map(map_name)
    ref = map_ref(map_name, m)
    play_fn = partial(play_outcome, m, tuple(players), start,
                      ref if records is not None else None)
    outcomes = run_games(play_fn, games, seed, executor, progress=progress)
    if records is not None:
        records.stage(seed, [o.record for o in outcomes], differs)
    own = {"map": map_name if isinstance(ref, str) else m.name, "start": start}
    return sim.document("realms", seed, games, players, _seats(outcomes, players, games),
                        [o.rounds for o in outcomes], UNIT, own)


def _seats(outcomes: list[Outcome], players: Sequence[str], games: int) -> list[dict[str, Any]]:
    seats = []
    for p, name in enumerate(players):
        wins = None
        if len(players) > 1:
            wins = sum(1 / o.places.count(1) for o in outcomes if o.places[p] == 1)
        totals = [sum(o.lines[p].values()) for o in outcomes]
        lines = {key: sim.mean([o.lines[p][key] for o in outcomes]) for key in LINES}
        earned = {code: sim.rate(sum(code in o.achievements[p] for o in outcomes), games)
                  for code in ACHIEVEMENTS}
        seats.append(sim.seat(p, name, games, wins, totals, lines=lines,
                              scores=[int(t) for t in totals], achievements=earned))
    return seats


def describe(doc: dict[str, Any]) -> list[str]:
    """What ``realms simulate`` prints after the common lines: the map and the per-rule means."""
    out = [f"{doc['games']} game(s) on {doc['map']}, start {doc['start']}"]
    for seat in doc["seats"]:
        out.append(f"seat {seat['seat']}: mean per scoring rule")
        out += [f"  {v['mean']:>7}  {LINES[k]}" for k, v in seat["lines"].items()]
        out.append("  achievements earned (judged against the map's contents; 95% interval):")
        for code, r in seat["achievements"].items():
            low, high = r["interval"]
            out.append(f"  {r['count']:>7g}  {achievement_name(code)} ({100 * r['rate']:.0f}%, "
                       f"{100 * low:.0f}-{100 * high:.0f}%)")
    return out


def validate_simulation(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` for a ``tombgen/realms.simulation`` document."""
    return sim.check_simulation(doc, source, OWN_KEYS, UNIT)
