"""Rating maps by simulated play: par, its 95% interval, and a label only the games support.

A map's **par** is the median final score of the rating player (``bots.RATING_PLAYER``) over
solo games, game ``i`` with dice from ``derive_seed(seed, i)`` as ``realms simulate`` plays
them; p10 and p90 give the spread. Games are played in batches — the first of
``[rating] first`` games, then doubling the games played, up to the ``games`` asked — and after
each batch the 95% interval on the par (:func:`generator.core.stats.median_interval`) is
compared with the **bands**: as soon as the whole interval lies inside one band, that band is
the label and no more games are played; if it still straddles a band edge when the games run
out, the label is ``borderline``. A map far inside a band is rated in a few dozen games, and no
map gets a label its games cannot back.

The bands are data (``seeds/realms.toml`` ``[rating]``): hard below ``hard`` x the reference
par of the map's size, easy from ``easy`` x it up, standard in between. A bigger map takes more
tiles to map, so its par is lower whatever its layout: the reference par of a size is the
reference map's par scaled by (the reference map's squares / the map's squares) **
``size_scale`` (the fall of a typical generated map's par with its size, measured by
benchmarks/realms_predict.py), so a label compares a map with maps of its size: easy, standard
and hard maps come in every size, and the par itself says what the size costs. The reference
par and the shipped maps' ratings are stored in ``[rating.shipped]`` with the player, games and
seed that made them (``python -m generator.games.realms.rating [--jobs N]`` plays them again
and prints the table).
Rating games run in this process, or on workers inside :func:`rating_executor`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from generator.core.errors import InputError
from generator.core.report import Report
from generator.games.realms.model import LEVELS, Map, data

BORDERLINE = "borderline"


@dataclass(frozen=True)
class Bands:
    """The difficulty bands on par: hard below ``low``, easy from ``high`` up."""

    low: float
    high: float

    def band(self, score: float) -> str:
        if score < self.low:
            return "hard"
        return "easy" if score >= self.high else "standard"

    def label(self, interval: tuple[float, float]) -> str:
        """The band holding the whole interval, or borderline."""
        lo, hi = self.band(interval[0]), self.band(interval[1])
        return lo if lo == hi else BORDERLINE

    def excludes(self, interval: tuple[float, float], wanted: str) -> bool:
        """Does the interval lie wholly outside band ``wanted``?"""
        lo, hi = self.limits(wanted)
        return interval[1] < lo or interval[0] >= hi

    def limits(self, label: str) -> tuple[float, float]:
        """[low, high) of a band (infinite ends for hard and easy)."""
        return {"hard": (float("-inf"), self.low), "standard": (self.low, self.high),
                "easy": (self.high, float("inf"))}[label]

    def to_fields(self) -> dict[str, list]:
        def end(v: float):
            return None if v in (float("inf"), float("-inf")) else round(v, 2)
        return {k: [end(a), end(b)] for k in LEVELS for a, b in [self.limits(k)]}


def reference() -> dict[str, Any]:
    """The reference map's stored rating (its par sets the bands)."""
    spec = data()["rating"]
    return {"map": spec["reference"], **spec["shipped"][spec["reference"]]}


@lru_cache(maxsize=1)
def reference_size() -> tuple[int, int]:
    """The reference map's size."""
    from generator.games.realms.mapfile import load_map

    return load_map(data()["rating"]["reference"]).size


def reference_par(size: tuple[int, int] | None = None) -> float:
    """The reference par of a map of ``size`` (None: the reference map's own size): the
    reference map's par scaled for the squares (see the module doc)."""
    par = reference()["par"]
    if size is None:
        return par
    w, h = reference_size()
    return par * (w * h / (size[0] * size[1])) ** data()["rating"]["size_scale"]


def bands(size: tuple[int, int] | None = None) -> Bands:
    """The bands of a map of ``size`` (None: the reference map's size), set against the
    reference par of that size."""
    spec, par = data()["rating"], reference_par(size)
    return Bands(round(spec["hard"] * par, 2), round(spec["easy"] * par, 2))


@dataclass(frozen=True)
class Rating:
    """A map's rating: the rating player's score statistics and the label they support."""

    label: str
    par: float
    interval: tuple[float, float]
    p10: float
    p90: float
    mean: float
    games: int
    seed: int
    player: str
    max_games: int = 0
    size: tuple[int, int] | None = None         # the map's (None: the reference map's size)

    @property
    def spread(self) -> float:
        return round(self.p90 - self.p10, 2)

    @property
    def bands(self) -> Bands:
        """The bands of the map's size."""
        return bands(self.size)

    def to_fields(self) -> dict[str, Any]:
        """The ``rating`` object of the JSON documents (the rating document's fields)."""
        ref = reference()
        return {"label": self.label, "par": self.par, "interval": list(self.interval),
                "p10": self.p10, "p90": self.p90, "spread": self.spread, "mean": self.mean,
                "games": self.games, "max_games": self.max_games or self.games,
                "seed": self.seed, "player": self.player, "bands": self.bands.to_fields(),
                "reference": {**{k: ref[k] for k in ("map", "par", "games", "seed", "player")},
                              "size_par": round(reference_par(self.size), 2)}}

    def short(self) -> str:
        """One line: 'hard (par 71, 95% 66-75, 80 games)'."""
        lo, hi = self.interval
        return f"{self.label} (par {self.par:g}, 95% {lo:g}-{hi:g}, {self.games} games)"


def score_stats(scores: list[float]) -> dict[str, Any]:
    """par (median), its 95% interval, p10, p90 and mean of finished games' scores."""
    from generator.core.play import percentile
    from generator.core.stats import median_interval

    return {"par": round(percentile(scores, 50), 2), "interval": median_interval(scores),
            "p10": round(percentile(scores, 10), 2), "p90": round(percentile(scores, 90), 2),
            "mean": round(sum(scores) / len(scores), 2)}


def rating_of(scores: list[float], seed: int, player: str, max_games: int = 0,
              size: tuple[int, int] | None = None) -> Rating:
    """The rating finished games' scores support on a map of ``size``."""
    st = score_stats(scores)
    return Rating(bands(size).label(st["interval"]), st["par"], st["interval"], st["p10"],
                  st["p90"], st["mean"], len(scores), seed, player, max_games or len(scores),
                  size)


#: Where rating games run: None in this process, else a function giving the executor (set by
#: :func:`rating_executor`; made on first use, so a run that rates nothing starts no workers).
_EXECUTOR: list[Callable[[], Any] | None] = [None]


@contextmanager
def rating_executor(jobs: int = 1, dask: Any = None) -> Iterator[None]:
    """Within the block, maps are rated on ``jobs`` local processes or a dask scheduler (as
    ``--jobs/--dask`` ask); ratings are the same wherever games run. The one place this game
    imports the executors."""
    if jobs == 1 and not dask:
        yield
        return
    from generator.core.executor import make_executor

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


def current_executor() -> Any:
    """The executor of the enclosing :func:`rating_executor` block (None: this process)."""
    return _EXECUTOR[0]() if _EXECUTOR[0] is not None else None


class Cancelled(Exception):
    """A rating called off by the ``cancel`` of :func:`watching` (between two chunks of
    games)."""


@dataclass(frozen=True)
class Progress:
    """How a rating is getting on: the maps rated so far by this request (this one
    included), the games played on this map of at most ``max_games``, and the par, its 95%
    interval and the label those games support so far."""

    maps: int
    games: int
    max_games: int
    par: float
    interval: tuple[float, float]
    label: str


@dataclass
class _Watch:
    progress: Callable[[Progress], None] | None
    cancel: Callable[[], bool] | None
    maps: int = 0


#: the watcher of the enclosing :func:`watching` block (None: nobody watches)
_WATCH: list[_Watch | None] = [None]
#: games between two looks at the watcher's cancel (and two progress reports)
WATCH_CHUNK = 10


@contextmanager
def watching(progress: Callable[[Progress], None] | None = None,
             cancel: Callable[[], bool] | None = None) -> Iterator[None]:
    """Within the block, every rating (``realms map``, ``realms sheet --map random`` built
    inside it, e.g. by the web page) tells ``progress`` how it is getting on every
    ``WATCH_CHUNK`` games, and stops with :class:`Cancelled` as soon as ``cancel()`` is true
    (looked at between chunks and between maps). The games and their results are the same
    whether watched or not."""
    outer = _WATCH[0]
    _WATCH[0] = _Watch(progress, cancel)
    try:
        yield
    finally:
        _WATCH[0] = outer


@contextmanager
def report_progress(report: Callable[[int, int, str], None]) -> Iterator[None]:
    """:func:`watching` for a caller that takes ``report(games, max_games, note)``: the note
    says in words the games played, the map being rated, its par and interval so far and the
    label they support."""
    def told(p: Progress) -> None:
        low, high = p.interval
        level = "between two levels" if p.label == BORDERLINE else p.label
        report(p.games, p.max_games, f"{p.games} of at most {p.max_games} rating games of map "
                                     f"{p.maps}: par {p.par:g} (95% interval {low:g}–{high:g}) "
                                     f"so far, {level}")

    with watching(told):
        yield


def next_map() -> None:
    """A request starts rating its next map (the count :class:`Progress` reports); called
    off here if the watcher's cancel says so."""
    watch = _WATCH[0]
    if watch is not None:
        check_cancel()
        watch.maps += 1


def check_cancel() -> None:
    """:class:`Cancelled` if the watcher's cancel is true."""
    watch = _WATCH[0]
    if watch is not None and watch.cancel is not None and watch.cancel():
        raise Cancelled("the rating was cancelled")


def player_score(m: Map, player: str, game_seed: int) -> float:
    """The final score of ``player``'s solo game on ``m`` with dice from ``game_seed``."""
    from generator.games.realms.simulate import play_one

    return play_one(m, game_seed, player).scores()[0]


def play_scores(m: Map, games: int, seed: int, first: int = 0,
                player: str | None = None) -> list[float]:
    """Final scores of games ``first`` .. ``first + games - 1`` on ``m`` (on the executor of
    :func:`rating_executor`, if any)."""
    from generator.core.play import run_games
    from generator.games.realms.bots import RATING_PLAYER

    return run_games(partial(player_score, m, player or RATING_PLAYER), games, seed,
                     current_executor(), first=first)


def looks(games: int) -> list[int]:
    """Games played when the interval is looked at: the first batch, then doubling, then all."""
    n, out = data()["rating"]["first"], []
    while n < games:
        out.append(n)
        n *= 2
    return out + [games]


def rate(m: Map, games: int, seed: int, wanted: str | None = None,
         player: str | None = None,
         progress: Callable[[Rating], None] | None = None,
         play: Callable[[int, int], list[float]] | None = None,
         search: bool = False) -> Rating:
    """Rates ``m`` sequentially with at most ``games`` games (see the module doc). With
    ``wanted`` (a label), rating also stops once the interval lies wholly outside that band:
    the map cannot be what was asked, and its label is then whatever the games support. With
    ``search`` (a request that may lay out another map instead), it also stops as soon as the
    games left are unlikely to give the label sought (:func:`hopeless`).
    ``progress`` is given the rating after every batch (the last one included). ``play(first,
    n)`` gives the scores of games ``first`` .. ``first + n - 1`` (default: :func:`play_scores`
    of ``player`` with dice from ``seed``; a model may draw them instead)."""
    from generator.games.realms.bots import RATING_PLAYER

    if games < 1:
        raise InputError(f"--games {games}: rating needs at least one game")
    player = player or RATING_PLAYER
    play = play or (lambda first, n: play_scores(m, n, seed, first, player))
    scores: list[float] = []
    watch = _WATCH[0]
    for n in looks(games):
        while len(scores) < n:          # watched: in chunks, so cancel and progress are heard
            step = n - len(scores) if watch is None else min(WATCH_CHUNK, n - len(scores))
            scores += play(len(scores), step)
            if watch is not None:
                check_cancel()
                if watch.progress is not None:
                    r = rating_of(scores, seed, player, games, m.size)
                    watch.progress(Progress(max(watch.maps, 1), r.games, games, r.par,
                                            r.interval, r.label))
        r = rating_of(scores, seed, player, games, m.size)
        if progress is not None:
            progress(r)
        if r.label != BORDERLINE or (wanted and r.bands.excludes(r.interval, wanted)):
            return r
        if search and hopeless(r, games, wanted):
            return r
    return r


def hopeless(r: Rating, games: int, wanted: str | None = None) -> bool:
    """Are the games left unlikely to give ``r``'s map the label sought (``wanted``, or any
    label)? The interval narrows as the square root of the games, so at ``games`` games it
    would be about ``r``'s half-width x sqrt(r.games / games) either side of the par: the map
    is given up when the par lies outside the wanted band, or nearer one of the band edges
    that matter than that (a map on an edge would take a long rating to decide)."""
    lo, hi = r.interval
    reach = (hi - lo) / 2 * math.sqrt(r.games / games)
    b = r.bands
    if wanted is None:
        edges = (b.low, b.high)
    else:
        low, high = b.limits(wanted)
        if not low <= r.par < high:
            return True
        edges = (low, high)
    return any(abs(r.par - e) < reach for e in edges)


# ------------------------------------------------------------------------------ stored ratings

def shipped_rating(name: str) -> Rating | None:
    """The stored rating of a shipped map (None when it has none)."""
    from generator.games.realms.mapfile import shipped_map

    stored = data()["rating"]["shipped"].get(name)
    if stored is None:
        return None
    size = shipped_map(name).size
    interval = (stored["interval"][0], stored["interval"][1])
    return Rating(bands(size).label(interval), stored["par"], interval, stored["p10"],
                  stored["p90"], stored["mean"], stored["games"], stored["seed"],
                  stored["player"], stored["games"], size)


def shipped_table() -> str:
    """Plays every shipped map's rating games again, all of them (the reference par must be
    precise); the ``[rating.shipped]`` TOML to paste into seeds/realms.toml."""
    from generator.games.realms.bots import RATING_PLAYER
    from generator.games.realms.mapfile import builtin_maps, load_map

    spec = data()["rating"]
    games, seed = spec["shipped_games"], spec["seed"]
    out = []
    for name in builtin_maps():
        st = score_stats(play_scores(load_map(name), games, seed))
        lo, hi = st["interval"]
        out.append(f"[rating.shipped.{name}]\nplayer = \"{RATING_PLAYER}\"\ngames = {games}\n"
                   f"seed = {seed}\npar = {st['par']}\ninterval = [{lo}, {hi}]\n"
                   f"p10 = {st['p10']}\np90 = {st['p90']}\nmean = {st['mean']}\n")
    return "\n".join(out)


# ------------------------------------------------------------------------------ documents

RATING_KEYS = ("label", "par", "interval", "p10", "p90", "mean", "games", "seed", "player")


def rating_from_fields(doc: Any, source: str = "[rating]",
                       size: tuple[int, int] | None = None) -> Rating | None:
    """A rating back from its JSON object (None when absent) of a map of ``size``; malformed ->
    InputError."""
    if doc is None:
        return None
    try:
        if not isinstance(doc, dict):
            raise TypeError
        lo, hi = doc["interval"]
        return Rating(str(doc["label"]), float(doc["par"]), (float(lo), float(hi)),
                      float(doc["p10"]), float(doc["p90"]), float(doc["mean"]),
                      int(doc["games"]), int(doc["seed"]), str(doc["player"]),
                      int(doc.get("max_games") or doc["games"]), size)
    except (KeyError, TypeError, ValueError):
        raise InputError(f"{source}: expected an object with {', '.join(RATING_KEYS)} (as "
                         "written by tombgen realms rate or realms map)") from None


def rating_document(map_ref: Any, m: Map, r: Rating) -> dict[str, Any]:
    """The ``tombgen/realms.rating`` document of a rated map."""
    from generator.core.envelope import envelope
    from generator.games.realms.model import fingerprint

    return envelope("realms", "rating", r.seed, {"map": map_ref, "name": m.name,
                                                 "fingerprint": fingerprint(m),
                                                 **r.to_fields()})


def summary_text(doc: dict[str, Any]) -> str:
    """What ``realms rate`` prints: the label and the numbers behind it."""
    lo, hi = doc["interval"]
    b, ref = doc["bands"], doc["reference"]
    why = ("its 95% interval lies inside one band" if doc["label"] != BORDERLINE else
           "its 95% interval still straddles a band edge; more --games may decide it")
    size = (f"{ref['map']} par {ref['par']:g}, {ref['size_par']:g} for this size"
            if ref.get("size_par", ref["par"]) != ref["par"] else f"{ref['map']} par "
            f"{ref['par']:g}")
    return "\n".join([
        f"{doc['name'] or doc['map']}: {doc['label']} — {why}",
        (f"  par {doc['par']:g} (95% interval {lo:g}-{hi:g}), p10 {doc['p10']:g}, "
         f"p90 {doc['p90']:g}, mean {doc['mean']:g}"),
        f"  {doc['games']} of at most {doc['max_games']} games by the {doc['player']} player",
        (f"  bands: hard below {b['hard'][1]:g}, standard {b['standard'][0]:g}-"
         f"{b['standard'][1]:g}, easy from {b['easy'][0]:g} ({size})")])


def check_rating(r: Rating, report: Report, where: str = "rating") -> None:
    """What must hold between a rating's own numbers (every problem is added to ``report``)."""
    lo, hi = r.interval
    if r.label not in (*LEVELS, BORDERLINE):
        report.add("rating-label", f"label {r.label!r}: expected one of "
                   f"{', '.join((*LEVELS, BORDERLINE))}", f"{where}.label")
    elif r.label != r.bands.label(r.interval):
        report.add("rating-label", f"label {r.label} but the interval [{lo:g}, {hi:g}] says "
                   f"{r.bands.label(r.interval)} with the bands of this version",
                   f"{where}.label")
    if not lo <= r.par <= hi:
        report.add("rating-interval", f"par {r.par:g} outside its interval [{lo:g}, {hi:g}]",
                   f"{where}.interval")
    if not r.p10 <= r.par <= r.p90:
        report.add("rating-spread", f"par {r.par:g} outside p10-p90 {r.p10:g}-{r.p90:g}",
                   f"{where}.par")
    if not 1 <= r.games <= r.max_games:
        report.add("rating-games", f"{r.games} games of at most {r.max_games}", f"{where}.games")


def validate_rating_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a rating: the map is valid and is the map rated (fingerprint),
    the label is what the interval and the bands say, the numbers agree with each other."""
    from generator.games.realms.model import fingerprint
    from generator.games.realms.records import document_map

    missing = [k for k in ("map", "fingerprint", *RATING_KEYS) if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)}; a realms rating has "
                         "map, fingerprint, " + ", ".join(RATING_KEYS))
    report = Report(source)
    m = document_map(doc["map"], f"{source} [map]")
    if doc["fingerprint"] != fingerprint(m):
        report.add("rating-fingerprint", "the fingerprint is not the map's: the map changed "
                   "after it was rated; rate it again", "fingerprint")
    check_rating(rating_from_fields(doc, source, m.size), report)
    return report


if __name__ == "__main__":
    import sys

    with rating_executor(int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv
                         else 1):
        print(shipped_table())
