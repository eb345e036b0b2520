"""Hidden Realms claims: the engine's side of the examples in ``templates/claims/realms.toml``.

Games are played solo on the claims map (``templates/claims/realms-map.toml``; squares are
``x,y`` from the top left). Three kinds of example:

- a game: ``start`` (normal, easy, kids), ``dice`` (the round's row before playing), ``sheet``
  (what is circled already: ``oozes``, ``mimics``, ``sarc``, ``keys``, ``coins``, ``alerts``,
  ``golems`` / ``gems`` (colours), ``items`` (item → uses left), ``marked`` (shapes used
  already), ``round``), ``play`` (one action a string: ``place 5 X5 5,0 4,1 5,1 6,1 5,2``
  (a Tile Table shape covering those squares; ``via 5,0,N``: with that opening),
  ``room 3 4 1,5`` (the 3 x 3 room with those two dice, top-left square), ``defeat ooze``,
  ``defeat ooze hammer``, ``defeat mimic key``, ``defeat golem-red``, ``defeat mummy``,
  ``open key``, ``coin 5 +1``, ``roll``, ``buy 2``, ``wand add 5,0,W``, ``wand erase 5,1,S``,
  ``shovel 4,2 NE`` (the room's openings; ``pay 3``: with a die instead of a use), ``end``;
  ``!`` in front: it must be refused); expect sheet values (``slots``, ``coins``, ``keys``,
  ``oozes``, ``oozes_def``, ``skeletons_def``, ``zombies_def``, ``mimics``, ``mimics_def``,
  ``golems_def``, ``sarc``, ``sarc_open``, ``alerts``, ``hit_points``, ``items``, ``marked``,
  ``round``, ``remaining_openings``, ``open_entrances``), ``legal`` / ``illegal``, ``refused``;
- tallies scored by the engine's scorer: ``tally`` (the ``realms score`` fields); expect
  ``lines`` (scoring line → points), ``total``, ``achievements`` (codes; on the claims map);
- facts of the rules data: expect ``rounds``, ``dice_rolled``, ``slots``, ``capacity``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from generator.core.claims import check_fields, observed, play_actions, refused_on_copy
from generator.core.data import resource
from generator.core.errors import InputError
from generator.games.realms.model import forms

FIELDS = {"start", "dice", "sheet", "play", "tally", "tallies", "rolls", "players"}
SHEET_FIELDS = {"oozes", "mimics", "sarc", "keys", "coins", "alerts", "golems", "gems",
                "items", "marked", "oozes_def"}


@functools.cache
def claims_map():
    from generator.games.realms.mapfile import load_map

    return load_map(str(resource("templates", "claims/realms-map.toml")))


def _xy(text: str) -> tuple[int, int]:
    x, y = text.split(",")[:2]
    return int(x), int(y)


def _shapes() -> list[str]:
    from generator.games.realms.rules.constants import RULES

    return [c for d in sorted(RULES.rows) for c in RULES.rows[d]]


def game(ex: Mapping[str, Any]):
    from generator.games.realms.rules import ListedDice, State
    from generator.games.realms.rules.constants import RULES

    rolls = [tuple(r) for r in ex.get("rolls", [[1, 2]] * RULES.rounds)]
    players = ex.get("players", 1)
    state = State(claims_map(), ListedDice(rolls, [[3, 3, 3, 3]] * players, players), players,
                  ex.get("start", "normal"))
    sheet = state.sheets[0]
    for key, value in ex.get("sheet", {}).items():
        if key not in SHEET_FIELDS:
            raise InputError(f"claims: a realms sheet has no field {key!r}")
        if key in ("golems", "gems"):
            setattr(sheet, key, sum(1 << RULES.colours.index(c) for c in value))
        elif key == "items":
            sheet.items = dict(value)
        elif key == "marked":
            shapes = _shapes()
            sheet.marks = sum(1 << shapes.index(code) for code in value)
        else:
            setattr(sheet, key, value)
    if "dice" in ex:
        sheet.slots, sheet.used = list(ex["dice"]), [False] * len(ex["dice"])
    return state


def move_of(state, action: str):
    from generator.games.realms.rules import moves as mv
    word, *rest = action.split()
    if word == "place":
        return _place(int(rest[0]), rest[1], rest[2:])
    if word == "room":
        return mv.PlaceRoom((int(rest[0]), int(rest[1])), *_xy(rest[2]))
    if word == "defeat":
        return mv.Defeat(rest[0], rest[1] if len(rest) > 1 else "")
    if word == "open":
        return mv.Open(rest[0])
    if word == "coin":
        return mv.Coin(int(rest[0]), int(rest[1]))
    if word == "roll":
        return mv.Roll()
    if word == "buy":
        return mv.Buy(int(rest[0]))
    if word == "end":
        return mv.End()
    pay = int(rest[rest.index("pay") + 1]) if "pay" in rest else 0
    if word == "wand":
        ex, ey, es = rest[1].split(",")
        x, y, side = mv.canonical_edge(int(ex), int(ey), es)
        return mv.Wand(x, y, side, rest[0] == "add", pay)
    if word == "shovel":
        return mv.Shovel(*_xy(rest[0]), rest[1], pay)
    raise InputError(f"claims: unknown action {action!r}")


def _place(die: int, shape: str, words: list[str]):
    from generator.games.realms.rules.moves import Place

    cells = sorted(_xy(w) for w in words if w != "via" and w.count(",") == 1)
    wanted = {(int(x), int(y), s) for w in words if w.count(",") == 2
              for x, y, s in [w.split(",")]}
    for form in forms(shape):
        x0 = min(x for x, _ in cells) - min(x for x, _ in form.cells)
        y0 = min(y for _, y in cells) - min(y for _, y in form.cells)
        if sorted((x0 + x, y0 + y) for x, y in form.cells) == cells and wanted <= {
                (x0 + x, y0 + y, s) for x, y, s in form.openings}:
            return Place(die, shape, form.turn, x0, y0)
    raise InputError(f"claims: {shape} cannot cover {cells}" +
                     (f" with openings {sorted(wanted)}" if wanted else ""))


def _refuses(state, move) -> bool:
    import copy

    return refused_on_copy(state, move, copy.deepcopy)


def observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's outcome of an example, for every key of ``expect``."""
    check_fields(ex, FIELDS)
    if "tally" in ex:
        return _tally(ex["tally"], expect)
    if "tallies" in ex:
        from generator.games.realms.rules.scoring import ranking, score_lines

        lines = [score_lines({**TALLY, **{k: (list(v) if isinstance(v, (list, tuple)) else v)
                                          for k, v in t.items()}}) for t in ex["tallies"]]
        return {"ranking": ranking(lines)}
    if set(expect) <= {"rounds", "dice_rolled", "slots_max", "capacity"} and not ex:
        return _facts(expect)
    state = game(ex)
    refused = play_actions(state, ex.get("play", ()), move_of, _refuses)
    return _view(state, expect, refused)


def _view(state, expect, refused) -> dict[str, Any]:
    from generator.games.realms.rules.constants import RULES
    from generator.games.realms.rules.legal import legal_moves
    from generator.games.realms.rules.scoring import sheet_tallies

    s = state.sheets[0]
    values = {
        "slots": lambda: list(s.slots), "coins": lambda: s.balance, "keys": lambda: s.keys_left,
        "oozes": lambda: s.oozes, "oozes_def": lambda: s.oozes_def,
        "skeletons_def": lambda: s.skel_def.bit_count(),
        "zombies_def": lambda: s.zombies_def, "mimics": lambda: s.mimics,
        "mimics_def": lambda: s.mimics_def, "golems_def": lambda: s.golems_def.bit_count(),
        "sarc": lambda: s.sarc, "sarc_open": lambda: s.sarc_open, "alerts": lambda: s.alerts,
        "hit_points": lambda: list(s.hit_points), "items": lambda: dict(s.items),
        "marked": lambda: [c for i, c in enumerate(_shapes()) if s.marks >> i & 1],
        "round": lambda: state.round, "carry": lambda: list(s.carry),
        "remaining_openings": lambda: sheet_tallies(s)["remaining_openings"],
        "open_entrances": lambda: sheet_tallies(s)["open_entrances"],
        "unlocked": lambda: s.alerts // RULES.marks_per_square,
        "skeletons": lambda: [i + 1 for i in range(RULES.cap_oozes) if s.skel_def >> i & 1],
        "other_slots": lambda: list(state.sheets[1].slots),
    }
    return observed(expect, values, "realms game", lambda: legal_moves(s), state, move_of,
                    _refuses, refused)


TALLY = {"oozes": 0, "skeletons": 0, "zombies": 0, "golems": 0, "mimics": 0, "mummy_hits": [],
         "magic_items": 0, "leftovers": 0, "connected_entrances": 0, "remaining_openings": 0,
         "open_entrances": 0, "open_rooms": 0}


def _tally(given: Mapping[str, Any], expect) -> dict[str, Any]:
    from generator.games.realms.rules.holdings import judge
    from generator.games.realms.rules.scoring import holdings, negative_points, score_lines

    t = {**TALLY, **{k: (list(v) if isinstance(v, (list, tuple)) else v)
                     for k, v in given.items()}}
    lines = score_lines(t)
    out: dict[str, Any] = {}
    for key in expect:
        if key == "lines":
            out[key] = {k: lines[k] for k in expect[key]}
        elif key == "total":
            out[key] = sum(lines.values())
        elif key == "achievements":
            out[key] = judge(t, holdings(claims_map()), sum(lines.values()),
                             negative_points(lines))
        else:
            raise InputError(f"claims: realms tally examples cannot expect {key!r}")
    return out


def _facts(expect) -> dict[str, Any]:
    from generator.games.realms.model import data

    d = data()
    facts = {"rounds": d["game"]["rounds"], "dice_rolled": d["game"]["dice_rolled"],
             "slots_max": d["game"]["slots"], "capacity": dict(d["capacity"])}
    return {k: ({c: facts[k][c] for c in expect[k]} if k == "capacity" else facts[k])
            for k in expect}
