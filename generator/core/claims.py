"""Claims: every rule a player reads (a card, a sheet's reminder, a helper's output) backed by
examples from the rulebook that the engine must reproduce.

One file per game, ``templates/claims/<game>.toml``, beside the text catalogues::

    [texts]
    tables = ["tumba.aid", "tumba.setup"]           # catalogue tables whose texts are checked
    [[texts.not_rules]]                             # texts that state no rule, and why
    keys = ["tumba.aid.*.title"]
    why = "headings"

    [[claim]]
    keys = ["tumba.aid.place.enter"]                # the catalogue keys that state the rule
    rule = "Placing Mummies on the Board: ..."      # where the rulebook says it
    [[claim.example]]
    what = "the outer chamber is free: nobody moves"
    board = { "1" = ".A." }                         # the position, in the game's notation
    play = ["roll 1 2 4", "place 1 6"]              # the actions
    expect = { board = { "1" = ".AB" } }            # the rulebook's outcome
    xfail = "..."                                   # optional: the engine is known to differ

A claim's keys are catalogue keys, so the English and the French text of a rule share it. What an
example may hold besides ``what``, ``expect`` and ``xfail`` is the game's business: each game's
``claims`` module turns an example into the engine's observations (``observe(example) -> dict``)
and :func:`check_example` compares them with ``expect``. :func:`coverage_problems` lists every text
of the checked tables that is neither claimed nor declared to state no rule, and every claim
without an example or naming a key the catalogues lack.
"""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from generator.core.data import check, read_toml, resource_root
from generator.core.errors import InputError

FOLDER = "claims"
SCHEMA = {
    "texts": {"tables": [str], "not_rules": [{"keys": [str], "why": str}]},
    "claim": [{"keys": [str], "rule": str, "example": [dict]}],
}


class Example(NamedTuple):
    """One example of a claim: the game's fields, the expected outcome, a known difference."""

    claim: int                  # index of its claim in the file
    number: int                 # its place among the claim's examples (from 1)
    what: str
    fields: Mapping[str, Any]   # everything but what / expect / xfail
    expect: Mapping[str, Any]
    xfail: str = ""

    def label(self, game: str, claims: Claims) -> str:
        return f"{game}: {claims.claims[self.claim].keys[0]} #{self.number} ({self.what})"


class Claim(NamedTuple):
    keys: tuple[str, ...]
    rule: str
    examples: tuple[Example, ...]


class Claims(NamedTuple):
    """A game's claims file, read and checked."""

    game: str
    path: Path
    tables: tuple[str, ...]
    not_rules: tuple[tuple[tuple[str, ...], str], ...]
    claims: tuple[Claim, ...]

    def examples(self) -> list[Example]:
        return [e for c in self.claims for e in c.examples]

    def claimed(self) -> dict[str, list[int]]:
        """Catalogue key → the claims (indexes) stating it."""
        out: dict[str, list[int]] = {}
        for i, c in enumerate(self.claims):
            for key in c.keys:
                out.setdefault(key, []).append(i)
        return out

    def claim_of(self, key: str) -> Claim:
        """The (first) claim of catalogue key ``key``; KeyError when it has none."""
        return self.claims[self.claimed()[key][0]]

    def not_a_rule(self, key: str) -> str:
        """Why ``key`` states no rule ('' when it is not declared so)."""
        for patterns, why in self.not_rules:
            if any(fnmatch.fnmatchcase(key, p) for p in patterns):
                return why
        return ""


def claims_root() -> Path:
    return resource_root("templates") / FOLDER


@functools.cache
def load_claims(game: str) -> Claims:
    """``templates/claims/<game>.toml``, checked (a malformed file is an InputError naming it)."""
    path = claims_root() / f"{game}.toml"
    return parse_claims(game, read_toml(path), path)


def parse_claims(game: str, doc: dict, path: Path) -> Claims:
    for claim in doc.get("claim", []):
        claim.setdefault("example", [])
    check(doc, SCHEMA, path)
    claims = []
    for i, c in enumerate(doc["claim"]):
        examples = []
        for j, ex in enumerate(c["example"], start=1):
            where = f"{path} [claim {c['keys'][0] if c['keys'] else i} example {j}]"
            if "what" not in ex or not isinstance(ex["what"], str):
                raise InputError(f"{where}: every example says what it shows (what = \"...\")")
            if not isinstance(ex.get("expect"), dict) or not ex["expect"]:
                raise InputError(f"{where}: an example needs an expect table (the rulebook's "
                                 "outcome)")
            xfail = ex.get("xfail", "")
            if not isinstance(xfail, str):
                raise InputError(f"{where} [xfail]: the reason the engine differs, as a text")
            fields = {k: v for k, v in ex.items() if k not in ("what", "expect", "xfail")}
            examples.append(Example(i, j, ex["what"], fields, ex["expect"], xfail))
        if not c["keys"]:
            raise InputError(f"{path} [claim {i + 1}]: a claim names the catalogue keys of the "
                             "texts that state it")
        claims.append(Claim(tuple(c["keys"]), c["rule"], tuple(examples)))
    return Claims(game, path, tuple(doc["texts"]["tables"]),
                  tuple((tuple(n["keys"]), n["why"]) for n in doc["texts"]["not_rules"]),
                  tuple(claims))


Observe = Callable[[Mapping[str, Any], Mapping[str, Any]], Mapping[str, Any]]


def normal(value: Any) -> Any:
    """Lists for tuples, plain dicts for mappings, string keys: what TOML and the engine's
    observations are compared as."""
    if isinstance(value, Mapping):
        return {str(k): normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normal(v) for v in value]
    return value


def check_example(example: Example, observe: Observe) -> list[str]:
    """What the engine does differently from the example's expected outcome (empty: agrees).

    ``observe(fields, expect)`` sets up the example's position, plays its actions and returns,
    for every key of ``expect``, what the engine gives."""
    seen = observe(example.fields, example.expect)
    out = []
    for key, want in example.expect.items():
        if key not in seen:
            out.append(f"{key}: the observer gave nothing for it")
            continue
        got = normal(seen[key])
        if got != normal(want):
            out.append(f"{key}: the engine gives {got!r}, the rulebook {normal(want)!r}")
    return out


def coverage_problems(claims: Claims, keys: set[str]) -> list[str]:
    """Texts of the checked tables (``keys``: every catalogue key) with no claim and not declared
    to state no rule; claims with no example or naming a missing key; keys both claimed and
    declared no rule."""
    claimed = claims.claimed()
    out = []
    for key in sorted(keys):
        if not any(key.startswith(t + ".") for t in claims.tables):
            continue
        why = claims.not_a_rule(key)
        if key not in claimed and not why:
            out.append(f"{key}: states a rule? give it a claim with an example in "
                       f"{claims.path.name}, or list it under [texts] not_rules with why")
        if key in claimed and why:
            out.append(f"{key}: has a claim but is also listed as no rule ({why})")
    for c in claims.claims:
        if not c.examples:
            out.append(f"claim {c.keys[0]}: no example")
        for key in c.keys:
            if key not in keys:
                out.append(f"claim {c.keys[0]}: names {key!r}, which no catalogue has")
    return out


# ---- what every game's observer does the same way -------------------------------------------

def check_fields(fields: Mapping[str, Any], allowed: set[str]) -> None:
    """An InputError naming the fields an example holds that its game does not know."""
    unknown = set(fields) - allowed
    if unknown:
        raise InputError(f"claims: unknown example field(s) {', '.join(sorted(unknown))}")


def refused_on_copy(state: Any, move: Any, copy_state: Callable[[Any], Any]) -> bool:
    """Whether the engine refuses ``move`` (a RuleError), tried on a copy of ``state``."""
    from generator.core.errors import RuleError

    trial = copy_state(state)
    try:
        trial.apply(move)
    except RuleError:
        return True
    return False


def play_actions(state: Any, actions, move_of: Callable[[Any, str], Any],
                 refuses: Callable[[Any, Any], bool]) -> list[str]:
    """Plays an example's actions on ``state``; an action marked ``!`` must be refused: it is
    skipped when the engine refuses it (and listed in the result), played when it does not."""
    refused = []
    for action in actions:
        move = move_of(state, action.lstrip("!"))
        if action.startswith("!") and refuses(state, move):
            refused.append(action[1:])
            continue
        state.apply(move)
    return refused


def offered(actions, moves, state: Any, move_of: Callable[[Any, str], Any],
            refuses: Callable[[Any, Any], bool], legal: bool) -> list[str]:
    """Of ``actions``, those the engine offers now (``legal``), or those it refuses."""
    return [a for a in actions if (move_of(state, a) in moves) == legal
            and (legal or refuses(state, move_of(state, a)))]


def observed(expect: Mapping[str, Any], values: Mapping[str, Callable[[], Any]], what: str,
             moves: Callable[[], Any], state: Any, move_of: Callable[[Any, str], Any],
             refuses: Callable[[Any, Any], bool], refused: Any) -> dict[str, Any]:
    """The outcome of a played example for every key of ``expect``: ``values`` (key -> how to
    read it off the state), ``legal``/``illegal`` (which of the listed actions the engine offers
    or refuses, ``moves()`` being what it offers) and ``refused`` (what :func:`play_actions`
    returned); any other key is an InputError naming ``what`` examples."""
    out: dict[str, Any] = {}
    for key in expect:
        if key in values:
            out[key] = values[key]()
        elif key in ("legal", "illegal"):
            out[key] = offered(expect[key], moves(), state, move_of, refuses, key == "legal")
        elif key == "refused":
            out[key] = refused
        else:
            raise InputError(f"claims: {what} examples cannot expect {key!r}")
    return out


__all__ = ["Claim", "Claims", "Example", "check_example", "check_fields", "coverage_problems",
           "load_claims", "normal", "observed", "offered", "play_actions", "refused_on_copy"]
