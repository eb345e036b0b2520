"""Reading a roll: every way to use three dice on a board, and the powers the roll triggers.

The three dice are split into groups (each die alone, a pair and the third die, or all three);
each group's sum names a line, so a roll has at most five *candidate* options. An option is
*legal* when every named line can take the mummies sent to it (a secret passage takes any number)
and the player has that many mummies in the house. This module holds the pure dice arithmetic
(:func:`candidate_options`, :func:`all_rolls`) and :func:`read_roll`, the library function behind
``tombgen tumba roll`` and the player aid: a :class:`RollReading` computed by the engine.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

from generator.games.tumba.model import data, facts
from generator.games.tumba.moves import Anubis
from generator.games.tumba.rules_board import LINES

Option = tuple[int, ...]


@functools.cache
def candidate_options(dice: tuple[int, ...]) -> tuple[Option, ...]:
    """The distinct options (sorted line tuples, sorted) of a roll, before looking at a board."""
    a, b, c = dice
    groups = ((a, b, c), (a + b, c), (a + c, b), (b + c, a), (a + b + c,))
    found = {tuple(sorted(g)) for g in groups if max(g) <= LINES}
    return tuple(sorted(found))


def all_rolls() -> list[tuple[int, int, int]]:
    """The 56 distinct rolls of three dice (sorted values), in order."""
    faces = range(1, facts().faces + 1)
    return list(itertools.combinations_with_replacement(faces, 3))


def pair_of(dice: tuple[int, ...]) -> tuple[int, int] | None:
    """(pair value, third die) when two dice are equal, else None (a triple counts per the data)."""
    a, b, c = sorted(dice)
    if a == b == c:
        return (a, a) if facts().anubis_on_triple else None
    if a == b:
        return a, c
    if b == c:
        return b, a
    return None


def sequence_power(dice: tuple[int, ...], mode_rules) -> str:
    """'toth-inversion' or 'tutan-wrath' when the (advanced) dice form the sequence, else ''."""
    key = sorted(dice)
    seq = data()["sequences"]
    if mode_rules["toth_inversion"] and key in [list(s) for s in seq["toth"]]:
        return "toth-inversion"
    if mode_rules["tutan_wrath"] and key == list(seq["wrath"]):
        return "tutan-wrath"
    return ""


@functools.cache
def roll_pair(dice: tuple[int, ...]) -> tuple[int, int] | None:
    """:func:`pair_of`, remembered by the roll as thrown (the engine's and bots' hot path)."""
    return pair_of(dice)


@functools.cache
def roll_sequence(dice: tuple[int, ...], mode: str) -> str:
    """:func:`sequence_power` of a roll in a mode (``standard`` or ``advanced``), remembered."""
    return sequence_power(dice, data()["modes"][mode])


@dataclass(frozen=True)
class Power:
    """A power a roll triggers: ``usable`` says whether it can be used on this board now;
    ``reason`` names why (``ok``, or what stops it: ``house``, ``used``, ``full``, ``enemy``,
    ``place``), ``note`` says it in English (the JSON document's words)."""

    code: str
    usable: bool
    dice: tuple[int, ...] = ()
    lines: tuple[int, ...] = ()
    note: str = ""
    reason: str = "ok"

    def to_json(self) -> dict[str, Any]:
        return {"power": self.code, "usable": self.usable, "dice": list(self.dice),
                "lines": list(self.lines), "note": self.note, "reason": self.reason}


@dataclass(frozen=True)
class Rescue:
    """The advanced one-die re-roll of a die showing ``value``: the faces (1-6) that give a
    roll the player can use (place, or use a power of)."""

    value: int
    faces: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "faces": list(self.faces)}


@dataclass(frozen=True)
class RollReading:
    """A roll read on a board: its legal options (sorted) and the powers it triggers; the
    incinerations on the board as it stands (``incinerations``, before placing) and after each
    option (``after``, in the order of ``options``); ``skipped`` when the player has no mummy to
    place (the turn is skipped); ``rescues`` the one-die re-rolls when the rules give one and it
    is unspent (None when they do not); the lines of Maat's Rest and the Osiris Maneuver on
    this board (by their lengths)."""

    dice: tuple[int, ...]
    options: tuple[Option, ...]
    powers: tuple[Power, ...]
    passages: tuple[int, ...] = ()
    incinerations: tuple[Chain, ...] = ()
    after: tuple[tuple[Chain, ...], ...] = ()
    skipped: bool = False
    rescues: tuple[Rescue, ...] | None = None
    maat_lines: tuple[int, ...] = ()
    osiris_lines: tuple[int, ...] = ()
    player: int = 0
    house: int = 0
    tomb: int = 0
    full_maat: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "options": [list(o) for o in self.options],
                "powers": [p.to_json() for p in self.powers],
                "incinerations": [c.to_json() for c in self.incinerations],
                "after": [[c.to_json() for c in chains] for chains in self.after],
                "skipped": self.skipped,
                "rescues": None if self.rescues is None else [r.to_json() for r in self.rescues],
                "maat_lines": list(self.maat_lines), "osiris_lines": list(self.osiris_lines)}


@dataclass(frozen=True)
class Chain:
    """Incinerations by one mummy, one after another: from ``start`` (line, depth), each jump
    over an enemy (line, depth) to a chamber (line, depth), ``"tomb"`` or ``"passage"``."""

    start: tuple[int, int]
    jumps: tuple[tuple[tuple[int, int], Any], ...]
    backwards: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"from": list(self.start), "backwards": self.backwards,
                "jumps": [{"over": list(over), "to": to if isinstance(to, str) else list(to)}
                          for over, to in self.jumps]}


def incinerations(state, backwards: bool = False) -> list[Chain]:
    """Every longest chain of incinerations the player to move could make on the board as it
    stands (a player may stop after any jump of a chain). ``backwards``: Toth's Inversion."""
    p, board = state.current, state.board
    out: list[Chain] = []
    for line, depth in board.occupied(p):
        _chains(board, p, (line, depth), (line, depth), backwards, (), False, out)
    return out


def _chains(board, p, start, at, backwards, done, back, out) -> None:
    line, depth = at
    jumps = board.jumps(p, line, depth, backwards)
    for dx, _, over_l, over_d, land_l, land_d in jumps:
        went_back = back or dx == 1
        where = board.lands_in_tomb(land_l, land_d)
        if where:
            out.append(Chain(start, done + (((over_l, over_d), where),), went_back))
            continue
        after = board.copy()
        after.remove(over_l, over_d)
        after.remove(line, depth)
        after.cells[land_l][land_d - 1] = p
        _chains(after, p, start, (land_l, land_d), backwards,
                done + (((over_l, over_d), (land_l, land_d)),), went_back, out)
    if not jumps and done:
        out.append(Chain(start, done, back))


class _View:
    """What :func:`incinerations` reads of a state: the player to move and a board."""

    __slots__ = ("board", "current")

    def __init__(self, board, current: int):
        self.board, self.current = board, current


def chains_after(state, option: Option, backwards: bool = False) -> tuple[Chain, ...]:
    """The incinerations open to the player right after placing ``option`` (the state is not
    changed): mummies sent to a passage are in the tomb, the others pushed in as the engine
    places them. With ``backwards`` (Toth's Inversion) the jumps away from the tomb too."""
    board = state.board.copy()
    for n in option:
        board.place(n, state.current)
    view = _View(board, state.current)
    chains = incinerations(view)
    if backwards:
        chains += [c for c in incinerations(view, True) if c.backwards]
    return tuple(chains)


def read_roll(state, dice: tuple[int, ...]) -> RollReading:
    """Every legal way for the state's current player to use ``dice``, the powers triggered,
    and what follows: the incinerations after each way to place, the one-die re-rolls that
    would rescue the roll (advanced), the lines of Maat's Rest and the Osiris Maneuver.

    Nothing in ``state`` changes. Build the state with :func:`generator.games.tumba.rules.new_board_state`
    (an empty standard board by default).
    """
    dice = tuple(dice)
    p = state.current
    options = tuple(state.placement_options(dice))
    powers = [x for x in (_golden(state, dice), _anubis(state, dice), _passage(state, options),
                          _osiris(state, options), _sequence(state, dice, options)) if x]
    passages = tuple(n for n in range(1, LINES + 1) if state.board.passage[n])
    chains = incinerations(state)
    toth = any(x.code == "toth-inversion" and x.usable for x in powers)
    if toth:
        chains += [c for c in incinerations(state, True) if c.backwards]
    after = tuple(chains_after(state, o, toth) for o in options)
    rescues = None
    if state.rules["die_rerolls"] > getattr(state, "rerolls_used", 0):
        rescues = tuple(_rescue(state, dice, v) for v in sorted(set(dice)))
    maat, osiris = board_power_lines(state)
    board = state.board
    return RollReading(dice, options, tuple(powers), passages, tuple(chains), after,
                       state.house[p] == 0, rescues, maat, osiris, p, state.house[p],
                       state.tomb[p], tuple(n for n in maat if board.full_owner(n) == p))


def board_power_lines(state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(lines of Maat's Rest, lines of the Osiris Maneuver) on the state's board: the engine
    goes by a line's length (seeds/tumba.toml [powers] maat_sizes, osiris_sizes)."""
    board, powers = state.board, data()["powers"]
    sizes = [(n, board.sizes[n]) for n in range(1, LINES + 1) if not board.passage[n]]
    return (tuple(n for n, k in sizes if k in powers["maat_sizes"]),
            tuple(n for n, k in sizes if k in powers["osiris_sizes"]))


def _rescue(state, dice: tuple[int, ...], value: int) -> Rescue:
    faces = facts().faces
    i = dice.index(value)
    good = tuple(f for f in range(1, faces + 1)
                 if state.use_moves(dice[:i] + (f,) + dice[i + 1:]))
    return Rescue(value, good)


def _golden(state, dice) -> Power | None:
    if len(set(dice)) != 1:
        return None
    uses = facts().golden_triple_uses
    if state.house[state.current] == 0:
        return Power("golden-triple", False, dice, note="no mummy left in the house",
                     reason="house")
    if state.golden_used >= uses:
        return Power("golden-triple", False, dice, note=f"already used {uses} times this turn",
                     reason="used")
    return Power("golden-triple", True, dice, note="one mummy straight into the tomb, you may "
                 "take one back from the leading opponent, then you may roll again (twice at "
                 "most)")


def _anubis(state, dice) -> Power | None:
    pair = pair_of(dice)
    if pair is None:
        return None
    value, third = pair
    kept = (value, value)
    if state.house[state.current] == 0:
        return Power("anubis-double", False, kept, (third,), "no mummy left in the house",
                     "house")
    if not state.board.enemies(state.current):
        return Power("anubis-double", False, kept, (third,), "no enemy mummy in a chamber",
                     "enemy")
    # The engine decides whether the third die's line can take the mummy (with the removal).
    if not any(type(m) is Anubis for m in state.use_moves(tuple(dice))):
        return Power("anubis-double", False, kept, (third,), f"line {third} cannot take the "
                     "third die's mummy, even after the removal: the power is void", "full")
    if state.board.free(third) < 1:
        return Power("anubis-double", True, kept, (third,), f"line {third} is full: remove an "
                     "enemy mummy from it, then place one of yours there")
    return Power("anubis-double", True, kept, (third,), "remove any enemy mummy from a chamber, "
                 f"then place one of yours on line {third}")


def _passage(state, options) -> Power | None:
    lines = sorted({n for o in options for n in o if state.board.passage[n]})
    if not lines:
        return None
    return Power("secret-passage", True, lines=tuple(lines),
                 note="a mummy sent to a passage enters the tomb at once")


def _osiris(state, options) -> Power | None:
    lines = sorted({n for o in options for n in state.osiris_after(o)})
    if not lines:
        return None
    return Power("osiris-maneuver", True, lines=tuple(lines),
                 note="completes a 3-chamber line of yours: its last mummy may enter the tomb")


def _sequence(state, dice, options) -> Power | None:
    code = sequence_power(dice, state.rules)
    if code == "toth-inversion":
        return Power(code, bool(options), tuple(sorted(dice)),
                     note="after placing, incinerate backwards too (away from the tomb)"
                     if options else "no legal placement, so no inversion",
                     reason="ok" if options else "place")
    if code == "tutan-wrath":
        need = tuple(sorted(dice))
        ok = need in options
        return Power(code, ok, need, need, "after placing on lines 4, 5 and 6, shift the board "
                     "one row up or down" if ok else "lines 4, 5 and 6 cannot all take a mummy",
                     "ok" if ok else "place")
    return None


def option_groups(dice: tuple[int, ...]) -> dict[Option, str]:
    """For each candidate option, how the dice are grouped to make it, e.g. ``"2 | 3+5"``."""
    a, b, c = dice
    splits = (((a,), (b,), (c,)), ((a, b), (c,)), ((a, c), (b,)), ((b, c), (a,)), ((a, b, c),))
    out: dict[Option, str] = {}
    for split in splits:
        option = tuple(sorted(sum(g) for g in split))
        if max(option) <= LINES and option not in out:
            out[option] = " | ".join("+".join(map(str, g)) for g in sorted(split, key=sum))
    return out


#: The powers a roll can trigger, as ``tumba roll --json`` names them.
POWERS = ("golden-triple", "anubis-double", "secret-passage", "osiris-maneuver",
          "toth-inversion", "tutan-wrath")


def validate_roll_document(doc: dict[str, Any], source: str):
    """``tombgen validate`` of a ``tombgen/tumba.roll`` (what ``tumba roll --json`` wrote):
    three dice, every option a way to group those dice (each group's sum a line), known
    powers. The board the roll was read on is not in the document, so which options were
    legal on it is not checked."""
    from generator.core.report import Report

    report = Report(source)
    dice = doc.get("dice")
    faces = facts().faces
    if not (isinstance(dice, list) and len(dice) == 3 and all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= faces for d in dice)):
        report.add("roll-dice", f"dice must be three whole numbers 1-{faces}", "dice")
        return report
    ways = {tuple(o) for o in candidate_options(tuple(dice))}
    options = doc.get("options")
    if not isinstance(options, list):
        report.add("roll-options", "options must be a list of line lists", "options")
    else:
        for i, option in enumerate(options):
            if not isinstance(option, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) for n in option) \
                    or tuple(option) not in ways:
                report.add("roll-option", f"{option!r} is not a way to group the dice {dice}",
                           f"options[{i}]")
    powers = doc.get("powers", [])
    if not isinstance(powers, list) or any(
            not isinstance(p, dict) or p.get("power") not in POWERS for p in powers):
        report.add("roll-power", "powers must be objects naming one of " + ", ".join(POWERS),
                   "powers")
    return report
