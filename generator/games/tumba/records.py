"""Tutan Tumba game records: the board, every throw of the dice and every decision of one game,
replayed move by move.

    {"format": "tombgen/tumba.record", "version": 1, "seed": 7, "generator": "tombgen 0.1.0",
     "mode": "advanced", "players": 4, "target": 8,
     "lines": {"1": 2, ..., "9": "passage", ...},    the board at the start (as in a setup)
     "dice": {"throws": [[2, 3, 5], [6, 6, 1], [4], ...]},   every throw, in the order thrown
     "moves": [{"player": 1, "do": "place", "lines": [2, 8]}, ...],
     "result": {"winner": 2, "tomb": [5, 8, 3, 4], "turns": 41, "over": true}}

``dice`` lists the throws in the order the game makes them: three dice at the start of a turn
(again when a roll cannot be used at all, and for the Golden Triple's new roll), one die for the
advanced one-die re-roll; ``{"seed": N}`` instead draws every throw from that seed. Throws are
not moves: the game throws when it must (``{"do": "roll"}`` appears only where rolling was a
choice, as against Seth's Trick); the throws listed must be used up exactly, and never run out
before the last move. ``player`` (from 1) is optional and checked when given. Move objects:

    roll, pass, seth, golden                     {"do": NAME}
    place        {"do": "place", "lines": [2, 8]}
    maat, osiris {"do": "maat", "line": 9}
    golden-remove {"do": "golden-remove", "from": 2, "line": 0, "depth": 0}  (line 0: the tomb)
    anubis       {"do": "anubis", "pair": 6}
    strike       {"do": "strike", "line": 3, "depth": 2}
    reroll       {"do": "reroll", "die": 5}
    seth-move    {"do": "seth-move", "from": 6, "end": "outer", "to": 10}
    wrath        {"do": "wrath", "shift": 1, "crossed": false}
    jump         {"do": "jump", "line": 5, "depth": 2, "dx": -1, "dy": 0}

``format`` and ``version`` may be left out of a record written by hand. ``result`` is written by
``tumba simulate --record`` and ignored when replaying. Replaying stops at the first illegal move
and says which and why.
"""

from __future__ import annotations

import random
from typing import Any

from generator.core import records as rec
from generator.core.envelope import envelope
from generator.core.errors import InputError, RuleError
from generator.core.inputs import is_whole
from generator.core.limits import input_limit
from generator.core.records import Key
from generator.core.report import Report
from generator.games.tumba.model import MODES, check_target, facts, lines_to_json, parse_lines
from generator.games.tumba.moves import (
    GOLDEN,
    PASS,
    ROLL,
    SETH,
    Anubis,
    GoldenRemove,
    Jump,
    Maat,
    Osiris,
    Place,
    Reroll,
    SethMove,
    Strike,
    Wrath,
)

FORMAT = "tombgen/tumba.record"
RECORD_KEYS = ("mode", "players", "lines", "dice", "moves")


def _lines(value: Any, place: str, ctx: Any = None) -> tuple[int, ...]:
    if (not isinstance(value, list) or not 1 <= len(value) <= 3
            or not all(is_whole(v) for v in value)):
        raise InputError(f"{place}: expected a list of 1 to 3 line numbers")
    return tuple(sorted(value))


_LINE, _DEPTH = Key("line", rec.integer), Key("depth", rec.integer)
#: the move objects (see the module doc)
CODEC = rec.MoveCodec("Tutan Tumba", (
    rec.Kind("roll", move=ROLL), rec.Kind("pass", move=PASS), rec.Kind("seth", move=SETH),
    rec.Kind("golden", move=GOLDEN),
    rec.Kind("place", Place, (Key("lines", _lines, lambda lines, ctx: list(lines)),)),
    rec.Kind("maat", Maat, (_LINE,)),
    rec.Kind("osiris", Osiris, (_LINE,)),
    rec.Kind("golden-remove", GoldenRemove, (rec.from_one("from", "player"), _LINE, _DEPTH)),
    rec.Kind("anubis", Anubis, (Key("pair", rec.integer),)),
    rec.Kind("strike", Strike, (_LINE, _DEPTH)),
    rec.Kind("reroll", Reroll, (Key("die", rec.integer, attr="value"),)),
    rec.Kind("seth-move", SethMove, (Key("from", rec.integer, attr="source"),
                                     Key("end", rec.one_of("tomb", "outer")),
                                     Key("to", rec.integer, attr="target"))),
    rec.Kind("wrath", Wrath, (Key("shift", rec.one_of(1, -1)), Key("crossed", rec.boolean))),
    rec.Kind("jump", Jump, (_LINE, _DEPTH, Key("dx", rec.one_of(-1, 0, 1)),
                            Key("dy", rec.one_of(-1, 0, 1)))),
))


def move_to_json(move) -> dict[str, Any]:
    """A move as a record's move object (players counted from 1)."""
    return CODEC.to_json(move)


def move_from_json(obj: Any, place: str):
    """A move from a record's move object; a malformed one is an InputError naming ``place``."""
    return CODEC.from_json(obj, place)


def record_doc(state, seed: int | None) -> dict[str, Any]:
    """The record of a game played with ``state.history`` switched on (a list): its throws
    are read back from the state's dice seed."""
    moves = []
    for player, move in state.history:
        obj = move_to_json(move)
        moves.append({"player": player + 1, **obj})
    fields = {"mode": state.mode, "players": state.players, "target": state.target,
              "lines": lines_to_json(state.start_layout),
              "dice": {"throws": thrown(state)}, "moves": moves}
    result = {"winner": state.winner + 1 if state.winner >= 0 else None,
              "tomb": list(state.tomb), "turns": state.turn, "over": state.is_over()}
    return envelope("tumba", "record", seed, fields, {"result": result})


# ---- the dice ------------------------------------------------------------------------------------

class _OutOfThrows(Exception):
    """The game throws the dice and the record lists no throw left."""


class ListedThrows:
    """Stands for a state's random generator while a record is replayed: each draw is the next
    die of the record's throws (the engine reads a die as ``int(random() * faces) + 1``)."""

    def __init__(self, throws: list[list[int]], faces: int):
        self.dice = [d for throw in throws for d in throw]
        self.ends = set()
        total = 0
        for throw in throws:
            total += len(throw)
            self.ends.add(total)
        self.faces = faces
        self.used = 0

    def random(self) -> float:
        if self.used >= len(self.dice):
            raise _OutOfThrows
        die = self.dice[self.used]
        self.used += 1
        return (die - 0.5) / self.faces

    def between_throws(self) -> bool:
        return self.used == 0 or self.used in self.ends


class _Logged:
    """A seeded generator that notes each die it gives (to list a simulated game's throws)."""

    def __init__(self, seed: int, faces: int):
        self.rng, self.faces = random.Random(seed), faces
        self.dice: list[int] = []

    def random(self) -> float:
        value = self.rng.random()
        self.dice.append(int(value * self.faces) + 1)
        return value


def thrown(state) -> list[list[int]]:
    """Every throw of a game played with ``history`` on, from its dice seed: three dice at a
    time, but one for the first draw of a one-die re-roll."""
    from generator.games.tumba.rules import State

    logged = _Logged(state.dice_seed, state.faces)
    trial = State(state.players, state.start_layout, state.mode, state.target, begin=False)
    trial.rng = logged  # type: ignore[assignment]  # stands for the state's generator
    throws: list[list[int]] = []

    def group(first_single: bool) -> None:
        dice = logged.dice
        logged.dice = []
        if first_single and dice:
            throws.append(dice[:1])
            dice = dice[1:]
        throws.extend(dice[k:k + 3] for k in range(0, len(dice), 3))

    trial.begin_turn()
    group(False)
    for _, move in state.history:
        trial.apply(move)
        group(type(move) is Reroll)
    return throws


def _read_throws(dice: Any, place: str, faces: int) -> list[list[int]]:
    throws = rec.sized_list(dice, place, 0, input_limit("record_moves"), "throws")
    for i, throw in enumerate(throws):
        if not (isinstance(throw, list) and len(throw) in (1, 3)
                and all(is_whole(d) and 1 <= d <= faces for d in throw)):
            raise InputError(f"{place}[{i}]: expected a throw of three dice (one for a re-roll),"
                             f" each 1-{faces}")
    return throws


def _check_header(doc: Any, source: str) -> tuple[str, int, int | None, Any]:
    rec.record_fields(doc, source, "tumba", RECORD_KEYS, ("target",))
    if doc["mode"] not in MODES:
        raise InputError(f"{source} [mode]: expected one of {', '.join(MODES)}")
    f = facts()
    players = rec.whole_in(doc["players"], f"{source} [players]", f.min_players,
                           f.max_players, "a number of players")
    target = doc.get("target")
    if target is not None and not is_whole(target):
        raise InputError(f"{source} [target]: expected a whole number of mummies")
    try:
        check_target(target, doc["mode"], "target")
    except InputError as exc:
        raise InputError(f"{source} [target]: {exc.message}") from None
    dice = doc["dice"]
    if isinstance(dice, dict) and set(dice) == {"seed"} and is_whole(dice["seed"]) \
            and 0 <= dice["seed"] < 2 ** 64:
        chance: Any = dice["seed"]
    elif isinstance(dice, dict) and set(dice) == {"throws"}:
        chance = _read_throws(dice["throws"], f"{source} [dice][throws]", f.faces)
    else:
        raise InputError(f"{source} [dice]: expected {{\"throws\": [[2, 3, 5], ...]}} (every "
                         "throw, in order) or {\"seed\": N} with N a whole number from 0 to "
                         f"{2 ** 64 - 1}")
    rec.move_list(doc, source)
    return doc["mode"], players, target, chance


def replay(doc: Any, source: str, step: bool = False) -> rec.Replay:
    """Replays a record; a malformed record raises InputError (exit 2), a setup breaking a rule
    RuleError (exit 1); an illegal move stops the replay with its reason in ``error``."""
    from generator.games.tumba.model import Setup
    from generator.games.tumba.rules import State
    from generator.games.tumba.rules_setup import validate_setup

    mode, players, target, chance = _check_header(doc, source)
    layout = parse_lines(doc["lines"], source)
    report = validate_setup(Setup(mode, players, layout))
    if not report.ok:
        report.subject = source
        raise RuleError(f"{source}: the board is not a {mode} setup\n{report.text()}", report)
    listed = doc["moves"]
    for i, obj in enumerate(listed):
        rec.player_of(obj, f"{source} [moves[{i}]]", players)
    moves = [move_from_json(obj, f"{source} [moves[{i}]]") for i, obj in enumerate(listed)]
    if not isinstance(chance, list):
        state = State(players, layout, mode, target, seed=chance)
        return rec.replay_moves(state, moves, listed, source, lambda s: s.current,
                            lambda s: f"turn {s.turn}", move_to_json, status if step else None)
    throws = ListedThrows(chance, facts().faces)
    state = State(players, layout, mode, target, begin=False)
    state.rng = throws  # type: ignore[assignment]  # stands for the state's generator
    try:
        state.begin_turn()
    except _OutOfThrows:
        if moves:
            return rec.Replay(state, 0, f"{source} [dice][throws]: the game throws the dice before "
                                    "the first move, and no throw is listed")
        return rec.Replay(state, 0)
    done = [False]

    def play(st, move) -> None:
        try:
            st.apply(move)
        except _OutOfThrows:
            if len(played) + 1 < len(moves):
                raise RuleError(f"the game throws the dice after this move, and [dice] lists "
                                f"no throw left ({len(chance)} listed)") from None
            done[0] = True          # the record ends where the next throw is due
        if not done[0] and not throws.between_throws():
            raise RuleError(f"[dice] throw lists do not match the game's throws: by this move "
                            f"it has thrown {throws.used} dice, in the middle of a listed throw")
        played.append(move)

    played: list = []
    result = rec.replay_moves(state, moves, listed, source, lambda s: s.current,
                          lambda s: f"turn {s.turn}", move_to_json, status if step else None,
                          play)
    if result.error is None and not done[0] and throws.used < len(throws.dice):
        left = len(throws.dice) - throws.used
        result.error = (f"{source} [dice][throws]: {left} {'die' if left == 1 else 'dice'} "
                        "listed after the last throw the game made; remove them")
    return result


def validate_record_document(doc: dict, source: str) -> Report:
    """``tombgen validate`` for a game record: a valid board and every move legal."""
    return rec.record_report(replay(doc, source), source)


# ---- text ---------------------------------------------------------------------------------------

def status(state) -> str:
    """One line after a move: the dice in front of the player, the tomb, who plays."""
    tomb = " ".join(f"P{q + 1} {v}" for q, v in enumerate(state.tomb))
    if state.is_over():
        return f"tomb {tomb}; game over"
    if state.phase == "start" or not state.dice:       # no throw yet this turn
        return f"tomb {tomb}; player {state.current + 1}: {state.phase}"
    dice = "-".join(map(str, state.dice))
    return f"tomb {tomb}; dice {dice}; player {state.current + 1}: {state.phase}"


def position_text(state) -> str:
    """The board (who sits in each chamber), tomb and house, the dice and the moves made."""
    from generator.games.tumba.cli_text import board_text

    made = ", ".join(f"{k} {n}" for k, n in state.actions.items() if n)
    head = (f"Tutan Tumba, {state.mode} rules, {state.players} players, target {state.target}; "
            f"turn {state.turn}")
    lines = [head, board_text(state)]
    if state.dice and state.phase not in ("start", "over"):
        lines.append(f"dice of player {state.current + 1}: " + " ".join(map(str, state.dice)))
    lines.append("moves made: " + (made or "none"))
    return "\n".join(lines)


def result_text(state) -> str:
    if state.winner >= 0:
        return (f"winner: player {state.winner + 1} ({state.tomb[state.winner]} mummies in the "
                f"tomb, after {state.turn} turns)")
    if state.blocked:
        return "no winner: every player was left without a mummy to play"
    return (f"(the record stops in turn {state.turn}, player {state.current + 1} to move; the "
            "game is not finished)")
