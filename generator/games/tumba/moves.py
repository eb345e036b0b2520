"""Tutan Tumba moves: small frozen dataclasses, one per decision a player makes.

A turn walks through phases (see :mod:`generator.games.tumba.rules`); each phase accepts only
some of these moves. Chambers are ``(line, depth)`` with depth 1 touching the tomb. Players are
0-based. Dice rolls are chance events the state performs itself (``Roll``), so a game replays
exactly from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the three dice (the mandatory first action). ``dice`` forces a result (tests, replays)."""

    dice: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an optional step: a power's extra, the Osiris Maneuver, Tutan's Wrath, or end the turn."""


@dataclass(frozen=True, slots=True)
class Maat:
    """Maat's Rest at the start of the turn: the full line ``line`` sends one mummy to the tomb."""

    line: int


@dataclass(frozen=True, slots=True)
class Place:
    """Use the dice normally: one mummy on each line of ``lines`` (sorted group sums)."""

    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Golden:
    """Pharaoh's Golden Triple: one mummy straight into the tomb, then a removal and a new roll."""


@dataclass(frozen=True, slots=True)
class GoldenRemove:
    """The Golden Triple's removal: from ``player``'s tomb (``line`` 0) or from a chamber."""

    player: int
    line: int = 0
    depth: int = 0


@dataclass(frozen=True, slots=True)
class Anubis:
    """Anubis Double with the pair of ``pair``s: remove an enemy, then place on the third die's line."""

    pair: int


@dataclass(frozen=True, slots=True)
class Strike:
    """The Anubis Double's target: the enemy mummy in chamber (``line``, ``depth``)."""

    line: int
    depth: int


@dataclass(frozen=True, slots=True)
class Osiris:
    """Osiris Maneuver: the full line ``line`` sends its last mummy into the tomb."""

    line: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Advanced: re-roll one die showing ``value`` (once per turn)."""

    value: int


@dataclass(frozen=True, slots=True)
class Seth:
    """Advanced: Seth's Trick instead of rolling — the concrete relocation comes next."""


@dataclass(frozen=True, slots=True)
class SethMove:
    """Seth's Trick: take the chamber at ``end`` ("tomb" or "outer") of ``source`` to ``target``.

    It is attached at the opposite end of ``target``: a chamber taken beside the tomb goes to the
    outer end, one taken from the outer end goes next to the tomb.
    """

    source: int
    end: str
    target: int


@dataclass(frozen=True, slots=True)
class Wrath:
    """Advanced: Tutan's Wrath shifts the board ``shift`` rows (+1 up, -1 down).

    The two loose lines go to the two lines left empty, straight (same side) or ``crossed``.
    """

    shift: int
    crossed: bool = False


@dataclass(frozen=True, slots=True)
class Jump:
    """Incinerate: the mummy in (``line``, ``depth``) jumps the enemy next to it in direction
    (``dx``, ``dy``) — dx -1 toward the tomb, +1 away; dy +1 one row up — and lands beyond."""

    line: int
    depth: int
    dx: int
    dy: int


Move = Roll | Pass | Maat | Place | Golden | GoldenRemove | Anubis | Strike | Osiris | Reroll \
    | Seth | SethMove | Wrath | Jump

PASS = Pass()
GOLDEN = Golden()
SETH = Seth()
ROLL = Roll()
