"""Tutankhamen claims: the engine's side of the examples in ``templates/claims/tut.toml``.

Three kinds of example:

- a set scored by the referee (the engine's scoring, :func:`score_request`): ``set = {variant,
  value, holdings = {A = 3, B = 2}, wild, king_tut, order}`` (``order``: by token, furthest along
  first; default the players' letters in order); expect ``pays`` ([player, amount] in paying
  order) or ``refused`` (true when the rules refuse the holding or the wild tiles);
- a game: ``variant`` ("en"), ``players`` (2), ``tiles`` (trail number → tile code: the tiles
  named; every other position gets the rest of the game's tiles in the catalogue's order),
  ``coins`` (letter → what that player still has to pay, French: steps to 1), ``play`` (one
  action a string, for the player whose decision it is: ``move 3`` (to tile 3), ``move end``
  (the pyramid), ``buy B horus-red``, ``decline``, ``wild 2``, ``wild 1 king``, ``wild king``,
  ``pass``; ``!`` in front: it must be refused); expect ``coins``, ``held`` (letter → {code:
  tiles}), ``king`` (who holds King Tut / Toutankhamon, '' nobody), ``pos`` (letter → tile
  number, "start" or "end"), ``removed`` / ``taken`` (tile numbers, sorted), ``current``,
  ``phase``, ``winner`` (letters), ``ended``, ``legal`` / ``illegal``, ``refused``;
- facts of the game's data the texts state: expect ``sets``, ``set_tiles`` (kind → tiles in a
  set), ``trail_length``, ``specials`` (code → count), ``start_coins`` (players → coins, for
  ``variant``), ``trail_problems`` (codes of :func:`validate_trail` for ``layout``: "zigzag"
  (a 2-wide trail whose tiles 1 and 4 touch) or a generated ``shape`` with ``seed``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from generator.core.claims import check_fields, offered, play_actions, refused_on_copy
from generator.core.errors import InputError, RuleError
from generator.games.tut.model import catalog, data, facts, start_coins
from generator.games.tut.rules import DECLINE, END, PASS, Buy, Move, State, Wild

LETTERS = "ABCDEF"
FIELDS = {"set", "variant", "players", "tiles", "coins", "play", "layout", "shape", "seed"}


def _letter(p: int) -> str:
    return LETTERS[p]


def _player(letter: str) -> int:
    if letter not in LETTERS:
        raise InputError(f"claims: {letter!r} is not a player (A-F)")
    return LETTERS.index(letter)


def trail_codes(named: Mapping[str, str]) -> list[str]:
    """69 trail codes: the named positions (1-based), the rest of the tiles in catalogue order."""
    length = facts().trail_length
    left = Counter(dict(catalog().trail_counts))
    for code in named.values():
        if left[code] <= 0:
            raise InputError(f"claims: more {code!r} tiles named than the game has")
        left[code] -= 1
    rest = [code for code, _ in catalog().trail_counts for _ in range(left[code])]
    out = []
    for i in range(1, length + 1):
        out.append(named[str(i)] if str(i) in named else rest.pop(0))
    return out


def game(ex: Mapping[str, Any]) -> State:
    state = State.from_codes(trail_codes(ex.get("tiles", {})), ex.get("players", 2),
                             ex.get("variant", "en"))
    for letter, coins in ex.get("coins", {}).items():
        p = _player(letter)
        state.paid[p] = state.start - coins
        state.coins[p] = coins
    return state


def move_of(state: State, action: str):
    word, *rest = action.split()
    if word == "move":
        return Move(END if rest[0] == "end" else int(rest[0]) - 1)
    if word == "buy":
        return Buy(_player(rest[0]), catalog().id_of(rest[1]))
    if word == "decline":
        return DECLINE
    if word == "pass":
        return PASS
    if word == "wild":
        king = "king" in rest
        count = next((int(r) for r in rest if r.isdigit()), 0)
        return Wild(count, king)
    raise InputError(f"claims: unknown action {action!r}")


def _refuses(state: State, move) -> bool:
    import copy

    return move not in state.legal_moves() and refused_on_copy(state, move, copy.deepcopy)


def observe(ex: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's outcome of an example, for every key of ``expect``."""
    check_fields(ex, FIELDS)
    if "set" in ex:
        return _referee(ex["set"], expect)
    if not {"tiles", "play", "coins"} & set(ex) and not {"legal", "illegal", "coins", "pos"} \
            & set(expect):
        return _facts(ex, expect)
    state = game(ex)
    refused = play_actions(state, ex.get("play", ()), move_of, _refuses)
    return _state_view(state, expect, refused)


def _state_view(state: State, expect, refused) -> dict[str, Any]:
    cat = catalog()
    out: dict[str, Any] = {}
    letters = LETTERS[:state.n]
    for key in expect:
        if key == "coins":
            out[key] = {q: state.coins[letters.index(q)] for q in expect[key]}
        elif key == "held":
            out[key] = {q: {code: state.hold[letters.index(q)][cat.id_of(code)]
                            for code in expect[key][q]} for q in expect[key]}
        elif key == "king":
            out[key] = _letter(state.king) if state.king >= 0 else ""
        elif key == "pos":
            out[key] = {q: _position(state.pos[letters.index(q)]) for q in expect[key]}
        elif key in ("removed", "taken"):
            fate = 2 if key == "removed" else 1
            out[key] = [i + 1 for i in range(END) if state.fate[i] == fate]
        elif key == "current":
            out[key] = _letter(state.actor)
        elif key == "phase":
            out[key] = ("move", "gold", "wild", "over")[state.phase]
        elif key == "winner":
            out[key] = sorted(_letter(p) for p in state.winners)
        elif key == "ended":
            out[key] = state.ended
        elif key in ("legal", "illegal"):
            out[key] = offered(expect[key], state.legal_moves(), state, move_of, _refuses,
                               key == "legal")
        elif key == "refused":
            out[key] = refused
        elif key == "wild":
            out[key] = {q: state.wild[letters.index(q)] for q in expect[key]}
        else:
            raise InputError(f"claims: tut game examples cannot expect {key!r}")
    return out


def _position(pos: int):
    if pos < 0:
        return "start"
    return "end" if pos == END else pos + 1


def _referee(s: Mapping[str, Any], expect) -> dict[str, Any]:
    from generator.games.tut.rules_scoring import score_request

    holdings = dict(s.get("holdings", {}))
    named = set(holdings) | set(s.get("wild", {})) | ({s["king_tut"]} if s.get("king_tut")
                                                       else set())
    doc = {"variant": s.get("variant", "en"), "value": s["value"], "holdings": holdings,
           "wild": dict(s.get("wild", {})), "king_tut": s.get("king_tut"),
           "order": list(s.get("order", sorted(named)))}
    out: dict[str, Any] = {}
    try:
        pays = score_request(doc, "claims")
        refused = False
    except RuleError:
        pays, refused = [], True
    for key in expect:
        if key == "pays":
            out[key] = [[p, c] for p, c in pays]
        elif key == "refused":
            out[key] = refused
        elif key == "said":
            from generator.games.tut.cli import score_set_text

            out[key] = score_set_text(pays, doc["variant"], s.get("lang", "en"))
        else:
            raise InputError(f"claims: tut set examples cannot expect {key!r}")
    return out


def _facts(ex: Mapping[str, Any], expect) -> dict[str, Any]:
    cat = catalog()
    d = data()
    out: dict[str, Any] = {}
    for key in expect:
        if key == "sets":
            out[key] = cat.sets
        elif key == "set_tiles":
            out[key] = {k["code"]: k["tiles"] for k in d["kind"] if k["code"] in expect[key]}
        elif key == "set_values":
            out[key] = {k["code"]: k["value"] for k in d["kind"] if k["code"] in expect[key]}
        elif key == "trail_length":
            out[key] = d["trail"]["length"]
        elif key == "specials":
            counts = dict(cat.trail_counts)
            out[key] = {code: counts.get(code, 0) + (1 if code == cat.codes[cat.king] else 0)
                        for code in expect[key]}
        elif key == "start_coins":
            out[key] = {n: start_coins(ex.get("variant", "en"), int(n)) for n in expect[key]}
        elif key == "trail_problems":
            out[key] = _trail_problems(ex)
        else:
            raise InputError(f"claims: tut examples cannot expect {key!r}")
    return out


def _trail_problems(ex: Mapping[str, Any]) -> list[str]:
    from generator.core.rng import make_rng
    from generator.games.tut.generate import generate_trail
    from generator.games.tut.model import Trail
    from generator.games.tut.rules_trail import validate_trail

    if ex.get("layout") == "zigzag":
        length = d_len = facts().trail_length
        path = [(i % 2 if (i // 2) % 2 == 0 else 1 - i % 2, i // 2) for i in range(d_len)]
        pyramid = (length % 2 if (length // 2) % 2 == 0 else 1 - length % 2, length // 2)
        trail = Trail("en", 2, (2, length // 2 + 1), tuple(trail_codes({})), tuple(path),
                      pyramid)
    else:
        trail = generate_trail(make_rng(ex.get("seed", 1)), shape=ex.get("shape", "serpentine"))
    return sorted({v[0] for v in validate_trail(trail).violations})
