"""The two Hidden Realms products: ``map`` (a generated, validated, rated map) and ``sheet``
(the printable game sheet of a shipped, file or generated map), with their registry functions.

``map`` JSON is the map document ``tombgen/realms.map`` (the fields of ARCHITECTURE.md) plus
``rating`` (the fields of a ``tombgen/realms.rating`` document; null when no games were played) and ``generation`` (what was
asked and how many layouts and rated maps it took). ``sheet`` JSON holds the map it prints, its
rating, where the map came from, the number of players and the start (what is circled before the
first round); with the beginner handicap (``map="map-3,map-1"``: one map per player) also
``maps``, each player's source, map and rating.

Rating by simulation is the expensive part, so it is an option (``rating_games``): the library
default is 0 (generate + validate only; what the conformance tests run), while the commands
``tombgen realms map`` and ``realms sheet --map random`` default to the numbers of games in
seeds/realms.toml (``--rating-games``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.report import Report
from generator.games.realms.model import (
    LEVELS,
    Map,
    data,
    fingerprint,
    map_from_fields,
    map_to_fields,
)
from generator.games.realms.rating import (
    BORDERLINE,
    Rating,
    rating_from_fields,
    reference,
    shipped_rating,
)
from generator.games.realms.rules.map import validate_map


@dataclass(frozen=True)
class MapItem:
    """A generated map, its rating (None: not rated) and how it was made."""

    map: Map
    rating: Rating | None
    wanted: str | None = None          # the --difficulty asked for
    size: str | None = None            # the --size asked for
    layouts: int = 1                   # layouts tried for the kept map
    rated: int = 0                     # maps rated before one was kept


@dataclass(frozen=True)
class Seat:
    """One player's map of a handicap game: where it came from, the map, its rating."""

    source: str
    map: Map
    rating: Rating | None


@dataclass(frozen=True)
class SheetItem:
    """A game sheet: the map it prints, its rating, its source, the number of copies, the
    start, and (the beginner handicap) one seat per player when their maps differ."""

    map: Map
    rating: Rating | None
    source: str                        # a shipped map's name, a file, "random", or a list
    players: int = 1
    wanted: str | None = None
    start: str = "normal"
    seats: tuple[Seat, ...] = ()       # empty: every player has ``map``

    def seat(self, player: int) -> Seat:
        """Player ``player``'s (1-based) map, with its source and rating."""
        if self.seats:
            return self.seats[player - 1]
        return Seat(self.source, self.map, self.rating)


# ------------------------------------------------------------------------------------ making maps

def make_map(rng, size=None, difficulty: str | None = None, games: int = 0,
             name: str | None = None) -> MapItem:
    """A generated map (named ``name``, default one drawn from ``rng``); rated by ``games`` bot
    games when > 0, and then generated toward its level (``difficulty``, or a level drawn at
    random): laid out to the level's aim, so that its rating mostly backs the level. With
    ``difficulty``, maps are made until one is rated that difficulty (RuleError after the
    data's limit); a difficulty needs games (InputError without). Inside
    :func:`~generator.games.realms.rating.watching`, ratings report their progress and may be
    called off."""
    # the generator and the bot are imported only when a map is made (a sheet of a shipped
    # map needs neither, and every module costs start-up time)
    from generator.games.realms.generate import check_request, generate_map, parse_size
    from generator.games.realms.rating import next_map, rate

    wanted = difficulty or None
    dims = parse_size(size)
    check_request(dims, wanted)
    if games < 0:
        raise InputError(f"--games {games}: must be 0 (no rating) or more")
    if not games:
        if wanted:
            raise InputError(f"--difficulty {wanted} with --rating-games 0: a map is labelled "
                             f"{wanted} only when rating games back it; give rating games "
                             "(or leave --rating-games out) or leave --difficulty out")
        m, layouts = generate_map(rng, dims, None, name)
        return MapItem(m, None, wanted, _size_text(dims), layouts, 0)
    gen = data()["generate"]
    tries = gen["rating_attempts" if wanted else "plain_attempts"]
    seen: list[Rating] = []
    for k in range(1, tries + 1):
        next_map()
        level = wanted or LEVELS[rng.randrange(len(LEVELS))]
        m, layouts = generate_map(rng, dims, level, name, aim=True)
        # a plain request's last map is rated in full: whatever it gets is the map's
        rating = rate(m, games, rng.randrange(2**31), wanted, search=bool(wanted) or k < tries)
        if rating.label == wanted or (wanted is None and (rating.label != BORDERLINE
                                                          or k == tries)):
            return MapItem(_labelled(m, rating), rating, wanted, _size_text(dims), layouts, k)
        seen.append(rating)
    pars = ", ".join(f"{r.par:g}" for r in seen)
    where = f" {dims[0]} x {dims[1]}" if dims else ""
    need = (_band_text(wanted, dims) if dims else
            f"the 95% interval of its par inside the {wanted} band of its size (realms rate "
            "prints a map's bands)")
    raise RuleError(f"cannot make a{where} {wanted} map: constraint difficulty failed after "
                    f"{tries} attempts (rated maps); their pars were {pars}, a {wanted} map "
                    f"needs {need}; try another --seed or --size")


def _size_text(dims) -> str | None:
    return None if dims is None else f"{dims[0]}x{dims[1]}"


def _band_text(label: str, size=None) -> str:
    from generator.games.realms.rating import bands

    lo, hi = bands(size).limits(label)
    if label == "easy":
        return f"the 95% interval of its par at or above {lo:g}"
    if label == "hard":
        return f"the 95% interval of its par below {hi:g}"
    return f"the 95% interval of its par within {lo:g}-{hi:g}"


def _labelled(m: Map, r: Rating) -> Map:
    from generator.games.realms.rating import reference_par

    w, h = m.size
    ref = reference()
    text = (f"A generated {w} x {h} tomb rated {r.label}: the {r.player} player's median "
            f"score (par) is {r.par:g} over {r.games} games, against {reference_par(m.size):.0f} "
            f"for a map of its size ({ref['map']}: {ref['par']:g}).")
    return replace(m, difficulty=r.label, description=text)


def generate_map_item(rng, size=None, difficulty: str | None = None,
                      rating_games: int = 0, name: str | None = None) -> MapItem:
    """Product ``map``: generate (+ rate when ``rating_games`` > 0)."""
    return make_map(rng, size, difficulty, rating_games, name)


def distinct_map_item(seed: int, index: int, count: int, **options) -> MapItem:
    """Map ``index`` of a run of ``seed``: the map of its item seed, named by
    :func:`~generator.games.realms.generate.run_name` so no two maps of the run share a
    name."""
    from generator.core.rng import derive_seed, make_rng
    from generator.games.realms.generate import run_name

    return generate_map_item(make_rng(derive_seed(seed, index)), **options,
                             name=run_name(seed, index))


def validate_map_item(item: MapItem) -> Report:
    """The map's own checks, plus: its label is its rating's, and the wanted difficulty."""
    from generator.games.realms.rating import check_rating

    report = validate_map(item.map)
    r = item.rating
    if r is not None:
        check_rating(r, report)
    if r is not None and item.map.difficulty != r.label:
        report.add("rating-label", f"the map says {item.map.difficulty!r} but its rating says "
                   f"{r.label!r}", "difficulty")
    if r is not None and item.wanted and r.label != item.wanted:
        report.add("difficulty-mismatch", f"{item.wanted} was asked for; the rating says "
                   f"{r.label}", "rating")
    return report


def map_item_fields(item: MapItem) -> dict[str, Any]:
    fields = map_to_fields(item.map)
    fields["rating"] = _rating_fields(item.map, item.rating)
    fields["generation"] = {"difficulty": item.wanted, "size": item.size,
                            "layouts": item.layouts, "rated_maps": item.rated}
    return fields


def map_item_files(item: MapItem) -> list[tuple[str, bytes]]:
    """The map file (TOML) of a generated map: what ``realms sheet --map FILE`` and ``realms
    validate`` read (the registry's ``extra_files`` role)."""
    from generator.games.realms.mapfile import write_map_text

    return [("toml", write_map_text(item.map).encode("utf-8"))]


def _rating_fields(m: Map, r: Rating | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {**r.to_fields(), "fingerprint": fingerprint(m)}


def map_item_from_fields(doc: dict[str, Any], source: str = "<map>") -> MapItem:
    """A map document (generated or hand-made) back as a MapItem."""
    m = map_from_fields(doc, source)
    gen = doc.get("generation") if isinstance(doc.get("generation"), dict) else {}
    return MapItem(m, _rating_for(m, doc.get("rating")), gen.get("difficulty"), gen.get("size"),
                   int(gen.get("layouts") or 1), int(gen.get("rated_maps") or 0))


def _rating_for(m: Map, doc: Any) -> Rating | None:
    """The rating of a document, kept only if it was made for these very squares."""
    r = rating_from_fields(doc, size=m.size)
    if r is None or doc.get("fingerprint") != fingerprint(m):
        return None
    return r


def render_map_item(item: MapItem, sheet, info) -> list:
    """The preview of a generated map: its game sheet, in the run's language."""
    from generator.games.realms.render import sheet_page

    say = _words(info)
    return [sheet_page(sheet, item.map, _header(item.map, item.rating, say), say=say)]


def _words(info):
    """The sheet's words in the run's language (English for a call without a run)."""
    from generator.games.realms.render.kit import sheet_words

    return sheet_words(info.lang if info is not None else "en")


def _header(m: Map, r: Rating | None, say, player: int = 0, players: int = 1):
    from generator.games.realms.render import Header, map_title

    return Header(map_title(m.name, say.lang), detail(m, r, say), player, players)


# ------------------------------------------------------------------------------------ sheets

def generate_sheet(rng, map: str = "map-1", difficulty: str | None = None, players: int = 1,
                   rating_games: int | None = 0, size=None,
                   start: str = "normal", name: str | None = None) -> SheetItem:
    """Product ``sheet``: the game sheet of a shipped map (by name), a map file (TOML or JSON,
    read and validated by the map reader) or, with ``map="random"``, a generated map rated by
    ``rating_games`` games (0, a library call's default: not rated; None, the command's: the
    data's ``[generate] sheet_games``, or ``difficulty_games`` with a ``difficulty``); a list
    (``"map-3,map-1"``) gives each player their map (the beginner handicap). ``start`` is what
    every player has circled before the first round (normal, easy or kids); ``name`` names a
    generated map (default: drawn from ``rng``)."""
    wanted = difficulty or None
    if wanted is not None and wanted not in LEVELS:
        raise InputError(f"--difficulty {wanted}: choose one of {', '.join(LEVELS)}")
    _check_players(players)
    _check_start(start)
    if "," in map:
        return _handicap_sheet(map, players, wanted, size, start)
    if map == "random":
        if rating_games is None:
            rating_games = data()["generate"]["difficulty_games" if wanted else "sheet_games"]
        made = make_map(rng, size, wanted, rating_games, name)
        return SheetItem(made.map, made.rating, "random", players, wanted, start)
    if size:
        raise InputError("--size is for generated maps; use it with --map random")
    m, rating = _read_map(map)
    if wanted is not None:
        label = rating.label if rating else None
        if label is None:
            raise RuleError(f"--map {map}: this map has no rating, so --difficulty {wanted} "
                            "cannot be checked; rate it with `tombgen realms map` or leave "
                            "--difficulty out")
        if label != wanted:
            raise RuleError(f"--map {map} is rated {rating.short()}, not {wanted}; use "
                            f"--map random --difficulty {wanted} for a {wanted} map")
    return SheetItem(m, rating, map, players, wanted, start)


def distinct_sheet(seed: int, index: int, count: int, **options) -> SheetItem:
    """Sheet ``index`` of a run of ``seed``: the sheet of its item seed; a generated map is
    named by :func:`~generator.games.realms.generate.run_name`, so no two maps of the run
    share a name."""
    from generator.core.rng import derive_seed, make_rng
    from generator.games.realms.generate import run_name

    name = run_name(seed, index) if options.get("map") == "random" else None
    return generate_sheet(make_rng(derive_seed(seed, index)), **options, name=name)


def _handicap_sheet(names: str, players: int, wanted, size, start: str) -> SheetItem:
    """One map per player, in order: the rulebook's beginner handicap (an advanced map for
    the others, Map 1 for beginners; the engine refuses any other mix)."""
    from generator.games.realms.rules import seat_maps

    sources = [n.strip() for n in names.split(",")]
    if len(sources) != players:
        raise InputError(f"--map {names}: {len(sources)} maps for {players} player(s); give "
                         "one map for everyone, or one per player (e.g. --players 2 --map "
                         "map-3,map-1)")
    if "random" in sources or wanted or size:
        raise InputError(f"--map {names}: one map per player takes shipped maps or map files "
                         "(not random, --difficulty or --size)")
    seats = tuple(Seat(src, *_read_map(src)) for src in sources)
    seat_maps([s.map for s in seats], players)
    return SheetItem(seats[0].map, seats[0].rating, ",".join(sources), players, None, start,
                     seats)


def _check_start(start: str) -> None:
    starts = data()["start"]
    if start not in starts:
        raise InputError(f"--start {start}: choose one of {', '.join(starts)}")


def _check_players(players: int) -> None:
    top = data()["sheet"]["max_players"]
    if not is_whole(players) or not 1 <= players <= top:
        raise InputError(f"--players {players}: choose 1 to {top}")


def _read_map(name_or_path: str) -> tuple[Map, Rating | None]:
    """A shipped map with its stored rating, or a file's map (and its rating, if it has one)."""
    from generator.games.realms.mapfile import builtin_maps, load_map, map_path

    m = load_map(name_or_path)
    if name_or_path in builtin_maps():
        return m, shipped_rating(name_or_path)
    path = map_path(name_or_path)
    if str(path).endswith(".json"):
        from generator.core.envelope import parse_json, read_text

        doc = parse_json(read_text(path), str(path))
        return m, _rating_for(m, doc.get("rating"))
    return m, None


def validate_sheet(item: SheetItem) -> Report:
    """Every map of the sheet and its rating, the number of players, the start, the
    handicap's pairing."""
    from generator.games.realms.rating import check_rating
    from generator.games.realms.rules import seat_maps

    maps = [s.map for s in item.seats] or [item.map]
    report = validate_map(maps[0])
    for m in maps[1:]:
        report.extend(validate_map(m))
    for rating in {id(r): r for r in [item.rating, *(s.rating for s in item.seats)]
                   if r is not None}.values():
        check_rating(rating, report)
    top = data()["sheet"]["max_players"]
    if not 1 <= item.players <= top:
        report.add("players", f"{item.players} players; a sheet is printed for 1 to {top}",
                   "players")
    if item.start not in data()["start"]:
        report.add("start", f"unknown start {item.start!r}; choose one of "
                   + ", ".join(data()["start"]), "start")
    if item.seats:
        try:
            seat_maps(maps, item.players)
        except RuleError as exc:
            report.add("seats", exc.message, "maps")
    return report


def sheet_fields(item: SheetItem) -> dict[str, Any]:
    fields = {"source": item.source, "players": item.players, "difficulty": item.wanted,
              "start": item.start, "map": map_to_fields(item.map),
              "rating": _rating_fields(item.map, item.rating)}
    if item.seats:
        fields["maps"] = [{"source": s.source, "map": map_to_fields(s.map),
                           "rating": _rating_fields(s.map, s.rating)} for s in item.seats]
    return fields


def sheet_from_fields(doc: dict[str, Any], source: str = "<sheet>") -> SheetItem:
    for key in ("source", "players", "map"):
        if key not in doc:
            raise InputError(f"{source}: missing key {key!r}; a realms sheet has source, "
                             "players, difficulty, start, map, rating (and maps)")
    players = doc["players"]
    if not is_whole(players):
        raise InputError(f"{source} [players]: expected an integer")
    m, rating = _map_and_rating(doc, f"{source} [map]")
    seats = doc.get("maps") or []
    if not isinstance(seats, list):
        raise InputError(f"{source} [maps]: expected one object per player")
    made = tuple(Seat(str(s.get("source", "")) if isinstance(s, dict) else "",
                      *_map_and_rating(s, f"{source} [maps[{i}]]"))
                 for i, s in enumerate(seats))
    return SheetItem(m, rating, str(doc["source"]), players, doc.get("difficulty"),
                     str(doc.get("start", "normal")), made)


def _map_and_rating(doc: Any, place: str) -> tuple[Map, Rating | None]:
    if not isinstance(doc, dict) or not isinstance(doc.get("map"), dict):
        raise InputError(f"{place}: expected the map's fields (an object)")
    m = map_from_fields(doc["map"], place)
    return m, _rating_for(m, doc.get("rating"))


def render_sheet(item: SheetItem, sheet, info) -> list:
    """One page per player: the same sheet (or, with the handicap, each player's map), each
    with its own name line, and the start's coins and key circled (in the run's language)."""
    from generator.games.realms.render import sheet_page

    say = _words(info)
    if item.players == 1:
        return [sheet_page(sheet, item.map, _header(item.map, item.rating, say), item.start,
                           say)]
    pages = []
    for p in range(1, item.players + 1):
        seat = item.seat(p)
        head = _header(seat.map, seat.rating, say, p, item.players)
        pages.append(sheet_page(sheet, seat.map, head, item.start, say))
    return pages


def detail(m: Map, r: Rating | None, say=None) -> str:
    """The header's map line: size, kind and difficulty, and what the rating's par means in
    words ("a strong player's median here is 97"), in the language of ``say`` (the
    sheet's words; English without them)."""
    say = say or _words(None)
    w, h = m.size
    parts = [say("detail.size", w=w, h=h)]
    if m.difficulty in ("basic", "advanced"):
        parts.append(say(f"detail.{m.difficulty}"))
    if r is not None:
        parts.append(say("detail.rated", label=say(f"detail.{r.label}"), par=round(r.par)))
    elif m.difficulty not in ("basic", "advanced"):
        parts.append(say(f"detail.{m.difficulty}"))
    return " · ".join(parts)


def describe_map(item: MapItem) -> str | None:
    """The line `realms map` prints per map: its size and rating (nothing when unrated)."""
    r = item.rating
    if r is None:
        return None
    w, h = item.map.size
    ref = reference()
    return (f"{item.map.name}: {w} x {h}, rated {r.label}: par {r.par:g} (95% interval "
            f"{r.interval[0]:g}-{r.interval[1]:g}; spread p10-p90 {r.p10:g}-{r.p90:g}) over "
            f"{r.games} games of the {r.player} player; {ref['map']} par {ref['par']:g}")
