"""Many bot games on one dig or on generated digs, summed up so dig styles can be compared.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` for its dig (unless a dig
file is given) and for dealing the tile identities, so a run is reproducible. Seat 1 (index 0)
always takes the first turn; swap ``players`` to see a bot from the other seat.

The document (``tombgen/tanis.simulation``, :mod:`generator.core.simulation`) holds per seat the
player, wins, win rate and score with their intervals, whether it starts and the mean number of
each card used; the length in turns; and the game's own keys: the dig played, ties (won by the
player who did not start) and the reveal curve: the mean number of completely visible tiles
after each turn (turn 0 = before the first turn), with its interval and how many games lasted
that long.

With an ``executor`` (:func:`generator.core.executor.make_executor`: local processes or dask)
the games are played in chunks of :data:`CHUNK` by :func:`generator.core.play.run_games`; every
game still uses its own derived seed, so the results — and the summary — are the same for any
executor. With a record folder every game is also written as a game record
(:mod:`generator.games.tanis.records`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.core import simulation as sim
from generator.core.errors import InputError
from generator.core.play import CHUNK, make_bot, run_games
from generator.core.report import Report
from generator.core.rng import make_rng
from generator.games.tanis.bots import BOTS
from generator.games.tanis.generate import STYLES, generate_dig
from generator.games.tanis.model import CARDS, Dig, facts
from generator.games.tanis.rules import Board, start_state

MAX_STEPS = 1000  # a game has 40 tiles; far fewer steps always suffice
OWN_KEYS = ("dig", "ties", "reveal_curve")
UNIT = "turns"


@dataclass
class GameRecord:
    """One finished game: final scores, winner, cards used per seat, visible tiles per turn."""

    scores: list[int]
    winner: int
    cards_used: list[list[int]]
    reveal: list[int] = field(default_factory=list)
    record: str | None = None            # the game record's JSON text (``--record``)


def play_game(dig: Dig, seed: int, bots: Sequence[Any], board: Board | None = None,
              record: bool = False) -> GameRecord:
    """Plays one game on ``dig`` (identities dealt from ``seed``), recording the reveal curve
    (and, with ``record``, the game record)."""
    rng = make_rng(seed)
    state = start_state(dig, rng, 0, board)
    reveal = [len(state.visible)]
    history: list = []
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        turn = state.turn
        player = state.player
        move = bots[player].choose(state, rng)
        state.apply(move)
        if record:
            history.append((player, move))
        if state.turn != turn:
            reveal.append(len(state.visible))
    else:  # pragma: no cover - would be an engine bug
        raise AssertionError(f"game with seed {seed} did not end in {MAX_STEPS} steps")
    text = None
    if record:
        from generator.core.envelope import dumps
        from generator.games.tanis.model import dig_to_fields
        from generator.games.tanis.records import record_doc

        text = dumps(record_doc(state, dig_to_fields(dig), history, seed))
    return GameRecord(state.scores(), state.winner(), [list(u) for u in state.used], reveal,
                      text)


def simulate(games: int, seed: int, *, style: str = "random", dig: Dig | None = None,
             players: Sequence[str] = ("greedy", "greedy"),
             progress: Callable[[Any, int, str], Any] | None = None,
             executor: Any = None, records: Any = None, differs: str = "") -> list[GameRecord]:
    """Plays ``games`` games; ``dig`` fixes the dig, otherwise each game gets a ``style`` dig.

    ``progress(iterable, length, label)`` may wrap the loop (a context manager, as
    :func:`generator.clikit.progress`). ``executor`` spreads chunks of games over workers.
    ``records`` (a :class:`generator.core.records.RecordFolder`) gets every game's record,
    named with ``differs`` (the options that differ from their defaults).
    """
    if games < 1:
        raise InputError(f"--games {games}: play at least one game")
    if dig is None and style not in STYLES:
        raise InputError(f"--style {style}: unknown style; choose one of {', '.join(STYLES)}")
    for name in players:
        make_bot(BOTS, name)  # an unknown bot is an input error before any game is played
    if len(players) != facts().players:
        raise InputError(f"--player given {len(players)} times; give it once (both seats) or "
                         f"{facts().players} times (one per seat)")
    results = run_games(TanisGame(style, dig, tuple(players), records is not None), games, seed,
                        executor, CHUNK, progress=progress)
    if records is not None:
        records.stage(seed, [r.record for r in results], differs)
    return results


class TanisGame:
    """Plays one game of a run from its seed: the dig is ``dig`` or a new ``style`` dig made
    from the seed. Picklable (only the settings travel); bots and board are made once."""

    def __init__(self, style: str, dig: Dig | None, players: tuple[str, ...],
                 record: bool = False):
        self.style, self.dig, self.players, self.record = style, dig, players, record
        self._ready: tuple[list[Any], Board | None] | None = None

    def __getstate__(self) -> tuple:
        return self.style, self.dig, self.players, self.record

    def __setstate__(self, state: tuple) -> None:
        TanisGame.__init__(self, *state)

    def __call__(self, game_seed: int) -> GameRecord:
        if self._ready is None:
            self._ready = ([make_bot(BOTS, name) for name in self.players],
                           Board(self.dig) if self.dig is not None else None)
        bots, board = self._ready
        dig = self.dig if self.dig is not None else generate_dig(make_rng(game_seed), self.style)
        return play_game(dig, game_seed, bots, board, self.record)


def summarize(records: Sequence[GameRecord], players: Sequence[str]) -> dict[str, Any]:
    """The seats of a run's document and the game's own keys but the dig (see the module
    doc)."""
    n = len(records)
    seats = []
    for seat, bot in enumerate(players):
        wins = sum(1 for r in records if r.winner == seat)
        cards = {name: sim.mean([r.cards_used[seat][i] for r in records])
                 for i, name in enumerate(CARDS)}
        seats.append(sim.seat(seat, bot, n, wins, [r.scores[seat] for r in records],
                              starts=seat == 0, cards_used=cards))
    return {"seats": seats,
            "ties": sim.rate(sum(1 for r in records if len(set(r.scores)) == 1), n),
            "reveal_curve": _reveal_curve(records)}


def _reveal_curve(records: Sequence[GameRecord]) -> dict[str, list]:
    """Mean number of completely visible tiles after each turn, with its interval and how
    many games lasted that long."""
    longest = max(len(r.reveal) for r in records)
    means, intervals, counts = [], [], []
    for turn in range(longest):
        values = [r.reveal[turn] for r in records if len(r.reveal) > turn]
        m = sim.mean(values)
        means.append(m["mean"])
        intervals.append(m["interval"])
        counts.append(len(values))
    return {"mean_visible": means, "interval": intervals, "games": counts}


def simulation_document(records: Sequence[GameRecord], seed: int, players: Sequence[str],
                        dig_info: dict[str, Any]) -> dict[str, Any]:
    """The JSON document of a run: envelope, :func:`summarize`, and the dig played."""
    fields = summarize(records, players)
    return sim.document("tanis", seed, len(records), players, fields.pop("seats"),
                        [len(r.reveal) - 1 for r in records], UNIT, {"dig": dig_info, **fields})


def describe(doc: dict[str, Any]) -> list[str]:
    """What ``tanis simulate`` prints after the common lines: dig, cards, ties, reveal curve."""
    where = doc["dig"].get("file") or f"a new {doc['dig']['style']} dig each game"
    out = [f"{doc['games']} games on {where}; seat 1 takes the first turn"]
    for seat in doc["seats"]:
        cards = ", ".join(f"{k} {v['mean']:.2f}" for k, v in seat["cards_used"].items())
        out.append(f"seat {seat['seat']}, {seat['player']}: cards used per game {cards}")
    ties = doc["ties"]
    out.append(f"ties: {ties['count']:g} ({ties['rate']:.1%}; won by the player who did not "
               "start)")
    curve = doc["reveal_curve"]["mean_visible"]
    marks = "  ".join(f"{t}:{curve[t]:.1f}" for t in range(0, len(curve), 5))
    out.append(f"visible tiles after turn  {marks}")
    return out


def validate_simulation(doc: dict[str, Any], source: str) -> Report:
    """``tombgen validate`` for a ``tombgen/tanis.simulation`` document."""
    return sim.check_simulation(doc, source, OWN_KEYS, UNIT)
