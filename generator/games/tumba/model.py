"""Tutan Tumba types: the rules data, board layouts, setups and their JSON form.

A *layout* is what stands beside each of the 12 numbered lines: some burial chambers (0-3) and
maybe a secret passage piece. A *setup* is a layout plus how it was made: the mode
(``standard`` or ``advanced``), the number of players and, for the advanced Pharaoh's Wrath
procedure, the log of dealing and placing steps. In JSON, players are numbered from 1 (player 1
is the first player); in Python they are numbered from 0.

JSON of a line (key "1".."12"): a chamber count (0-3), the word ``"passage"``, or — only so that
hand-made files can describe it and be told what is wrong — ``{"chambers": n, "passage": true}``
for a passage sharing its line with chambers.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from generator.core.data import load_seed
from generator.core.errors import InputError

_SWITCHES = {"targets": [int], "passages": int, "die_rerolls": int, "seth_trick": bool, "toth_inversion": bool,
             "tutan_wrath": bool}

SCHEMA = {
    "components": {"chambers": int, "passages": int, "mummies": int, "dice": int, "faces": int,
                   "min_players": int, "max_players": int},
    "standard": {"lines": [int], "passages": [int]},
    "geometry": {"lines": int, "rows": int, "max_depth": int, "chamber": float,
                 "tomb_width": float, "tomb_cap": float, "passage_length": float},
    "win": {"target": int},
    "advanced_setup": {"min_per_line": int, "max_per_line": int, "passage_lines": [int],
                       "passages": int},
    "powers": {"golden_triple_uses": int, "anubis_on_triple": bool, "maat_sizes": [int],
               "osiris_sizes": [int], "reroll_attempts": int},
    "readings": {"seth_own_line": bool, "wrath_moves_passage": bool},
    "modes": {"standard": _SWITCHES, "advanced": _SWITCHES},
    "sequences": {"toth": [[int]], "wrath": [int]},
    "bots": {"random": {"advanced": float}},
}

MODES = ("standard", "advanced")
SETUP_FIELDS = ("mode", "players", "lines", "log")
PASSAGE = "passage"


def data():
    """``seeds/tumba.toml``, checked and frozen."""
    return load_seed("tumba.toml", SCHEMA)


@dataclass(frozen=True)
class Facts:
    """The rules facts of ``seeds/tumba.toml`` that several modules read, as one frozen value:
    the pieces and dice, the tomb's lines, the Pharaoh's Wrath setup's bounds, the powers'
    switches, Tutan's Wrath's dice and the mummies that win."""

    chambers: int                 # burial chamber pieces
    mummies: int                  # mummies per player colour
    dice: int
    faces: int
    min_players: int
    max_players: int
    lines: int                    # the numbered lines beside the tomb
    max_depth: int                # chambers a line ever holds at most
    max_per_line: int             # ... while the Pharaoh's Wrath setup places them
    passage_lines: tuple[int, ...]  # where that setup's passage may lie
    golden_triple_uses: int
    anubis_on_triple: bool        # a triple holds a pair for Anubis
    wrath: tuple[int, ...]        # the dice of Tutan's Wrath
    target: int                   # mummies in the tomb that win (the default game)


@functools.cache
def facts() -> Facts:
    """:class:`Facts` of the rules data (read once)."""
    d = data()
    c, g, a, p = d["components"], d["geometry"], d["advanced_setup"], d["powers"]
    return Facts(c["chambers"], c["mummies"], c["dice"], c["faces"], c["min_players"],
                 c["max_players"], g["lines"], g["max_depth"], a["max_per_line"],
                 tuple(a["passage_lines"]), p["golden_triple_uses"], p["anubis_on_triple"],
                 tuple(d["sequences"]["wrath"]), d["win"]["target"])


def targets(mode: str) -> tuple[int, ...]:
    """The numbers of mummies in the tomb a game of ``mode`` may be played to."""
    return tuple(data()["modes"][mode]["targets"])


def check_target(target: int | None, mode: str, option: str = "--target") -> None:
    """An InputError naming ``option`` when ``target`` is not one of ``mode``'s targets."""
    allowed = targets(mode)
    if target is not None and target not in allowed:
        other = [m for m in MODES if target in targets(m)]
        where = (f"; the {target}-mummy game belongs to the {other[0]} mode" if other else "")
        raise InputError(f"{option} {target}: the {mode} game is won with "
                         + " or ".join(map(str, allowed)) + f" mummies in the tomb{where}")


def line_numbers() -> range:
    """The line numbers 1..12 (from the rules data)."""
    return range(1, facts().lines + 1)


@dataclass(frozen=True)
class Line:
    """What stands beside one numbered line: ``chambers`` pieces and maybe a passage piece."""

    chambers: int
    passage: bool = False

    def to_json(self) -> Any:
        if self.passage and self.chambers == 0:
            return PASSAGE
        if self.passage:
            return {"chambers": self.chambers, "passage": True}
        return self.chambers


Layout = tuple[Line, ...]   # index 0 is line 1


def standard_layout() -> Layout:
    """The fixed standard layout of the rulebook (lines 1-4: 3, 5-8: 2, 9-10: 1, 11-12 passage)."""
    std = data()["standard"]
    return tuple(Line(n, i + 1 in std["passages"]) for i, n in enumerate(std["lines"]))


@dataclass(frozen=True)
class Step:
    """One step of the Pharaoh's Wrath setup log (player 0-based).

    ``deal``: ``player`` is handed ``count`` chambers. ``place``: ``player`` puts chamber
    ``chamber`` (numbered in placing order from 1) on ``line``. ``passage``: ``player`` clears
    ``line`` (``count`` chambers) and puts the passage there. ``move``: ``player`` moves chamber
    ``chamber`` from the cleared ``line`` to line ``to``.
    """

    action: str
    player: int
    line: int = 0
    chamber: int = 0
    count: int = 0
    to: int = 0

    def to_json(self, number: int) -> dict[str, Any]:
        doc: dict[str, Any] = {"step": number, "action": self.action, "player": self.player + 1}
        doc.update({k: getattr(self, k) for k in _STEP_KEYS[self.action]})
        return doc


_STEP_KEYS = {"deal": ("count",), "place": ("chamber", "line"), "passage": ("line", "count"),
              "move": ("chamber", "line", "to")}


@dataclass(frozen=True)
class Setup:
    """A board setup: mode, number of players, the 12 lines, and the steps that built it."""

    mode: str
    players: int
    lines: Layout
    log: tuple[Step, ...] = ()

    @property
    def chambers(self) -> int:
        return sum(line.chambers for line in self.lines)


def setup_to_fields(setup: Setup) -> dict[str, Any]:
    """The JSON item fields: ``mode``, ``players``, ``lines`` {"1": n|"passage", ...}, ``log``."""
    return {
        "mode": setup.mode,
        "players": setup.players,
        "lines": lines_to_json(setup.lines),
        "log": [step.to_json(i + 1) for i, step in enumerate(setup.log)],
    }


def lines_to_json(lines: Layout) -> dict[str, Any]:
    return {str(i + 1): line.to_json() for i, line in enumerate(lines)}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_line(value: Any, place: str) -> Line:
    """One line's JSON value → :class:`Line`; anything else is an InputError naming ``place``."""
    if _is_int(value) and 0 <= value <= 9:
        return Line(value)
    if value == PASSAGE:
        return Line(0, True)
    if (isinstance(value, dict) and set(value) == {"chambers", "passage"}
            and _is_int(value["chambers"]) and 0 <= value["chambers"] <= 9
            and isinstance(value["passage"], bool)):
        return Line(value["chambers"], value["passage"])
    raise InputError(f"{place}: expected a chamber count (0-3), \"passage\", or "
                     f"{{\"chambers\": n, \"passage\": true}}; got {value!r}")


def parse_lines(value: Any, source: str) -> Layout:
    """The ``lines`` object: exactly the keys "1".."12"."""
    keys = [str(n) for n in line_numbers()]
    if not isinstance(value, dict):
        raise InputError(f"{source} [lines]: expected an object with keys \"1\" to \"{keys[-1]}\"")
    extra = [k for k in value if k not in keys]
    missing = [k for k in keys if k not in value]
    if extra or missing:
        raise InputError(f"{source} [lines]: needs exactly the keys \"1\" to \"{keys[-1]}\""
                         + (f"; unknown: {', '.join(extra)}" if extra else "")
                         + (f"; missing: {', '.join(missing)}" if missing else ""))
    return tuple(parse_line(value[k], f"{source} [lines.{k}]") for k in keys)


def parse_players(value: Any, source: str, key: str = "players") -> int:
    if not _is_int(value):
        raise InputError(f"{source} [{key}]: expected a whole number of players, got {value!r}")
    return value


def _parse_step(value: Any, place: str) -> Step:
    if not isinstance(value, dict) or not isinstance(value.get("action"), str) \
            or value["action"] not in _STEP_KEYS:
        raise InputError(f"{place}: expected an object with \"action\" one of "
                         + ", ".join(_STEP_KEYS))
    action = value["action"]
    wanted = {"step", "action", "player", *_STEP_KEYS[action]}
    if set(value) != wanted:
        raise InputError(f"{place}: a {action} step has exactly the keys {', '.join(sorted(wanted))}")
    fields = {k: value[k] for k in ("player", *_STEP_KEYS[action])}
    bad = [k for k, v in fields.items() if not _is_int(v)]
    if bad:
        raise InputError(f"{place}: {', '.join(bad)} must be whole numbers")
    fields["player"] -= 1
    return Step(action, **fields)


def setup_from_fields(doc: dict[str, Any], source: str = "<setup>") -> Setup:
    """A :class:`Setup` from JSON fields; wrong shapes or types → InputError naming the place."""
    missing = [k for k in SETUP_FIELDS if k not in doc]
    if missing:
        raise InputError(f"{source}: missing key(s) {', '.join(missing)} "
                         "(a tumba setup has mode, players, lines and log)")
    mode = doc["mode"]
    if not isinstance(mode, str):
        raise InputError(f"{source} [mode]: expected \"standard\" or \"advanced\"")
    log = doc["log"]
    if not isinstance(log, list):
        raise InputError(f"{source} [log]: expected a list of steps")
    steps = tuple(_parse_step(s, f"{source} [log[{i}]]") for i, s in enumerate(log))
    return Setup(mode, parse_players(doc["players"], source), parse_lines(doc["lines"], source),
                 steps)
