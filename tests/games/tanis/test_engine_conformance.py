"""The Tanis engine's contract, over seeded positions of random games: every step it offers is
accepted (invariants hold after it), and a sample of steps it does not offer is refused with one
of its own sentences, leaving the game as it was."""

import copy
import re

from generator.core.errors import RuleError
from generator.core.rng import make_rng
from generator.games.tanis.rules import EXPERT_MOVE, Excavate, Explore, State, Take, new_state
from generator.games.tanis.rules_board import EXPERT1, EXPERT2, SLIDE, START, TAKE

TILE = r"layer \d tile \d+ \(at \(-?[\d.]+, -?[\d.]+\)\)"
REFUSALS = [re.compile(p) for p in (
    r"^cannot (take|slide|excavate) tile -?\d+: the dig has tiles 0 to \d+$",
    rf"^cannot (take|slide|excavate) {TILE}: it is (no longer in the dig|not completely visible "
    r"\(a tile above overlaps it\))$",
    r"^cannot play the (explorer|excavator|expert) (now: the turn must first finish with a take "
    r"\(step: [a-z-]+\)|with \d+ tile\(s\) left in the dig)$",
    r"^player \d has no (explorer|excavator|expert) card left$",
    r"^cannot take [a-z]+ \d+ as the Expert's second tile: the first was of the same type$",
    rf"^cannot slide {TILE}: this Explorer slides {TILE} \(go on with it, or take a tile\)$",
    rf"^cannot turn {TILE} round: a slide goes in one straight line$",
    rf"^cannot slide {TILE} diagonally: move it along one direction only \(dx or dy zero\)$",
    r"^a slide must move the tile \(dx or dy not zero\)$",
    rf"^cannot stop {TILE} after \(-?[\d.]+, -?[\d.]+\): a slide ends aligned on a whole or half "
    r"unit$",
    rf"^cannot slide {TILE} to \(-?[\d.]+, -?[\d.]+\): .+$",
    rf"^cannot stop {TILE} at \(-?[\d.]+, -?[\d.]+\): a slide comes to rest with an edge aligned "
    r"on an edge or the halfway point of a tile below$",
    rf"^cannot slide {TILE} straight to \(-?[\d.]+, -?[\d.]+\): the Explorer moves a tile one "
    r"stop at a time and its next stop that way is .+$",
    r"^the game is over: the dig is empty$",
)]
SHIFTS = [(dx, dy) for d in (0.5, 1.0, 1.5, 0.25) for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d))]
SHIFTS += [(0.5, 0.5), (0.0, 0.0)]


def snapshot(state) -> dict:
    return {name: copy.deepcopy(getattr(state, name)) for name in State.__slots__
            if name not in ("board", "codes")}


def candidates(state) -> list:
    tiles = state.board.tiles
    found = [Take(t) for t in range(-1, tiles + 1)] + [Excavate(t) for t in range(-1, tiles + 1)]
    found.append(EXPERT_MOVE)
    rng = make_rng(state.turn * 100 + state.left)
    pick = sorted(set(state.visible[:4]) | {rng.randrange(tiles) for _ in range(3)})
    found += [Explore(t, dx, dy) for t in pick for dx, dy in SHIFTS]
    return found


def positions(games: int):
    seen = dict.fromkeys((START, TAKE, EXPERT1, EXPERT2, SLIDE), 0)
    for seed in range(games):
        rng = make_rng(9000 + seed)
        state = new_state(rng, style="random" if seed % 2 else "classic")
        step = 0
        while not state.is_over():
            if state.phase != START or step % 6 == 0:
                seen[state.phase] += 1
                yield state
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            step += 1
    assert min(seen.values()) > 10, seen          # every step of a turn was looked at


def test_offered_steps_are_accepted_and_others_refused_in_the_engines_words():
    refused = 0
    for state in positions(30):
        offered = state.legal_moves()
        assert offered
        for move in offered:
            trial = state.copy()
            trial.apply(move)
            assert trial.check_invariants() == []
        before = snapshot(state)
        for move in candidates(state):
            if move in offered:
                continue
            try:
                state.apply(move)
            except RuleError as error:
                assert any(p.match(error.message) for p in REFUSALS), error.message
                refused += 1
            else:
                raise AssertionError(f"{move} was not offered, yet accepted")
        assert snapshot(state) == before, "a refused step changed the game"
    assert refused > 5000
