"""Rating maps by simulated play: par, spread and the difficulty label.

A map's **par** is the median final score of the greedy bot over ``games`` solo games (dice of
game ``i`` seeded with ``derive_seed(seed, i)``, as ``realms simulate`` does); its **spread** is
p90 - p10 of those scores. The **label** compares par with the par of the reference map (map-1)
measured the same way: ``par >= easy x ref`` is easy, ``par <= hard x ref`` is hard, in between
standard (factors in ``seeds/realms.toml`` ``[rating]``).

The shipped maps' ratings are stored in ``[rating.shipped]`` so a sheet of map-1 needs no
simulation; the tests re-simulate them and must get the same numbers. Rating games run here,
or on workers inside :func:`rating_executor` (same numbers). After a change to the bot or the
rules, run ``python -m generator.games.realms.rating`` and paste what it prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from generator.core.errors import InputError
from generator.games.realms.model import Map, data


@dataclass(frozen=True)
class Rating:
    """The outcome of rating a map: bot score statistics and the difficulty label."""

    par: float
    p10: float
    p90: float
    mean: float
    games: int
    seed: int
    reference: float
    label: str

    @property
    def spread(self) -> float:
        return round(self.p90 - self.p10, 2)

    @property
    def ratio(self) -> float:
        return round(self.par / self.reference, 3) if self.reference else 0.0

    def to_fields(self) -> dict[str, Any]:
        """The ``rating`` object of the JSON documents."""
        spec = data()["rating"]
        return {"label": self.label, "par": self.par, "spread": self.spread, "p10": self.p10,
                "p90": self.p90, "mean": self.mean, "games": self.games, "seed": self.seed,
                "player": "greedy",
                "reference": {"map": spec["reference"], "par": self.reference,
                              "ratio": self.ratio},
                "bands": {"easy": f"par >= {spec['easy']:g} x reference",
                          "hard": f"par <= {spec['hard']:g} x reference",
                          "standard": "in between"}}

    def short(self) -> str:
        """One line for sheets and summaries: 'hard (par 71, map-1 94.5, 200 games)'."""
        return (f"{self.label} (par {self.par:g}, {data()['rating']['reference']} "
                f"{self.reference:g}, {self.games} games)")


def reference_par() -> float:
    """Par of the reference map, as stored (and re-simulated by the tests)."""
    spec = data()["rating"]
    return spec["shipped"][spec["reference"]]["par"]


def label_for(par: float, reference: float | None = None) -> str:
    """easy, standard or hard for a par (relative to the reference par)."""
    spec = data()["rating"]
    ref = reference_par() if reference is None else reference
    if par >= spec["easy"] * ref:
        return "easy"
    if par <= spec["hard"] * ref:
        return "hard"
    return "standard"


#: Where rating games run: None in this process, else a function giving the executor (set by
#: :func:`rating_executor`; made on first use, so a run that rates nothing starts no workers).
_EXECUTOR: list[Callable[[], Any] | None] = [None]


@contextmanager
def rating_executor(jobs: int = 1, dask: Any = None) -> Iterator[None]:
    """Within the block, maps are rated on ``jobs`` local processes or a dask scheduler (as
    ``tombgen realms map --jobs/--dask`` asks); ratings are the same wherever games run."""
    if jobs == 1 and not dask:
        yield
        return
    from generator.batch.executor import make_executor

    made: list[Any] = []

    def get() -> Any:
        if not made:
            made.append(make_executor(jobs, dask))
        return made[0]

    _EXECUTOR[0] = get
    try:
        yield
    finally:
        _EXECUTOR[0] = None
        if made:
            made[0].close()


def bot_score(m: Map, game_seed: int) -> float:
    """The final score of the solo bot's game with dice from ``game_seed``."""
    from generator.games.realms.simulate import play_one

    return play_one(m, game_seed, "greedy").scores()[0]


def play_scores(m: Map, games: int, seed: int, first: int = 0) -> list[float]:
    """Final bot scores of games ``first`` .. ``first + games - 1`` on ``m`` (on the executor
    of :func:`rating_executor`, if any)."""
    from generator.core.play import run_games

    executor = _EXECUTOR[0]() if _EXECUTOR[0] is not None else None
    return run_games(partial(bot_score, m), games, seed, executor, first=first)


def rating_of(scores: list[float], seed: int, reference: float | None = None) -> Rating:
    """The rating made of finished games' scores."""
    from generator.core.play import percentile

    ref = reference_par() if reference is None else reference
    par = round(percentile(scores, 50), 2)
    return Rating(par, round(percentile(scores, 10), 2), round(percentile(scores, 90), 2),
                  round(sum(scores) / len(scores), 2), len(scores), seed, ref,
                  label_for(par, ref))


def rate(m: Map, games: int, seed: int) -> Rating:
    """Plays ``games`` bot games on ``m`` and rates it."""
    if games < 1:
        raise InputError(f"--games {games}: rating needs at least one game")
    return rating_of(play_scores(m, games, seed), seed)


def rate_for(m: Map, games: int, seed: int, wanted: str | None) -> Rating:
    """Like :func:`rate`, but stops early when a quarter of the games already shows that the
    map cannot get the ``wanted`` label (its median is far outside the band): a rejected map
    costs a quarter of a full rating. The label of a kept map always comes from all games."""
    if wanted is None or games < 40:
        return rate(m, games, seed)
    first = games // 4
    scores = play_scores(m, first, seed)
    early = rating_of(scores, seed)
    if _far_outside(early, wanted):
        return early
    return rating_of(scores + play_scores(m, games - first, seed, first), seed)


def _far_outside(r: Rating, wanted: str) -> bool:
    """Is a partial rating clearly (by a margin of 8% of the reference) not ``wanted``?"""
    spec = data()["rating"]
    lo = {"easy": spec["easy"], "standard": spec["hard"], "hard": 0.0}[wanted]
    hi = {"easy": 1e9, "standard": spec["easy"], "hard": spec["hard"]}[wanted]
    margin = 0.08
    return r.ratio < lo - margin or r.ratio > hi + margin


def shipped_rating(name: str) -> Rating | None:
    """The stored rating of a shipped map (None when it has none)."""
    spec = data()["rating"]
    stored = spec["shipped"].get(name)
    if stored is None:
        return None
    ref = reference_par()
    return Rating(stored["par"], stored["p10"], stored["p90"], 0.0, spec["games"], spec["seed"],
                  ref, label_for(stored["par"], ref))


def rating_from_fields(doc: Any) -> Rating | None:
    """A rating back from its JSON object (None when absent or not an object)."""
    if not isinstance(doc, dict):
        return None
    try:
        ref = doc["reference"]["par"]
        return Rating(float(doc["par"]), float(doc["p10"]), float(doc["p90"]),
                      float(doc["mean"]), int(doc["games"]), int(doc["seed"]), float(ref),
                      str(doc["label"]))
    except (KeyError, TypeError, ValueError):
        raise InputError("[rating]: expected label, par, p10, p90, mean, games, seed and "
                   "reference.par (as written by tombgen realms map)") from None


def shipped_table() -> str:
    """Re-simulates every shipped map; the ``[rating.shipped]`` TOML to paste."""
    from generator.games.realms.mapfile import builtin_maps, load_map

    spec = data()["rating"]
    out = []
    for name in builtin_maps():
        scores = play_scores(load_map(name), spec["games"], spec["seed"])
        r = rating_of(scores, spec["seed"], 1.0)
        out.append(f"[rating.shipped.{name}]\npar = {r.par}\np10 = {r.p10}\np90 = {r.p90}\n")
    return "\n".join(out)


if __name__ == "__main__":
    print(shipped_table())
