"""Random and greedy games: they always end, coins are conserved, every tile goes exactly once."""

import pytest

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.games.tut.bots import GreedyBot
from generator.games.tut.rules import END, OVER, new_state


def finish_checks(state):
    """What must hold once a game is over."""
    assert state.phase == OVER and state.winners
    assert sum(state.coins) + sum(state.paid) == state.start * state.n
    if state.ended == "coins-out":
        assert len(state.winners) == 1 and state.coins[state.winners[0]] == 0
    else:                                   # ended naturally: every trail tile went once
        assert all(f in (1, 2) for f in state.fate[:END])
        assert state.fate[:END].count(1) + state.fate[:END].count(2) == END
        low = min(state.coins)
        assert state.winners == [p for p in range(state.n) if state.coins[p] == low]
    if state.ended == "all-at-end":
        assert all(p == END for p in state.pos)


@pytest.mark.parametrize("variant", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_invariants(variant, players):
    endings = set()
    for seed in range(40):
        rng = make_rng(seed * 10 + players)
        state = new_state(rng, players=players, variant=variant)
        result = play(state, [RandomBot()] * players, rng, max_moves=1000, check=True)
        assert not result.capped
        finish_checks(state)
        endings.add(state.ended)
    assert "coins-out" in endings


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_greedy_games_end_with_invariants(variant):
    for seed in range(6):
        rng = make_rng(seed)
        state = new_state(rng, players=2 + seed % 5, variant=variant)
        result = play(state, [GreedyBot()] * state.n, rng, max_moves=1000, check=True)
        assert not result.capped
        finish_checks(state)


def test_new_state_draws_players_and_variant_from_the_seed():
    seen = {(s.n, s.r.variant) for s in (new_state(make_rng(i)) for i in range(60))}
    assert {n for n, _ in seen} == {2, 3, 4, 5, 6} and {v for _, v in seen} == {"en", "fr"}
    a, b = new_state(make_rng(5)), new_state(make_rng(5))
    assert a.tiles == b.tiles and a.n == b.n


def test_greedy_beats_random():
    wins = 0.0
    for seed in range(40):
        rng = make_rng(seed)
        state = new_state(rng, players=4, variant="en" if seed % 2 else "fr")
        seat = seed % 4
        play(state, [GreedyBot() if p == seat else RandomBot() for p in range(4)], rng,
             max_moves=1000)
        wins += state.scores()[seat]
    assert wins / 40 > 0.6


def test_invariant_checker_catches_broken_states():
    state = new_state(make_rng(1), players=3, variant="en")
    state.coins[0] -= 1
    state.trail.pop()
    state.left[0] += 1
    broken = " ".join(state.check_invariants())
    assert "coins" in broken and "trail list" in broken and "accounted" in broken


# ---- every offered move is accepted, a sample of the others refused in the engine's words -------

import copy  # noqa: E402
import re  # noqa: E402

from generator.core.errors import RuleError  # noqa: E402
from generator.games.tut.rules import GOLD, MOVE, MOVES, WILD, WILDS, Buy, State  # noqa: E402

#: The engine's refusals, sentence by sentence (anything else is not the engine's words).
REFUSALS = [re.compile(p) for p in (
    r"^a (move along the trail|Bag of Gold decision|wild-tile decision) is not a "
    r"(move|gold|wild) decision; the game waits for player \d to (move|use or decline the Bag "
    r"of Gold|add wild tiles or pass)$",
    r"^player \d is at -?\d+: tokens only move forward$",
    r"^no tile at trail position -?\d+: it was collected or removed$",
    r"^player \d cannot buy one [a-z-]+ tile from player -?\d+: the Bag of Gold buys a tile of a "
    r"set its buyer already holds, from another player who holds one \(never a Pharaoh or King "
    r"Tut\)$",
    r"^player \d cannot buy one set -?\d+ tile from player -?\d+: .*$",
    r"^player \d cannot leave the Bag of Gold unused: .*$",
    r"^player \d cannot add \d+ (Pharaoh|Masque de pharaon) tile\(s\)( and (King Tut|"
    r"Toutankhamon))? to this set: (they do not hold those tiles|holds no tile of this set; .*|"
    r"is not tied with another player .*)$",
)]


def snapshot(state) -> dict:
    return {name: copy.deepcopy(getattr(state, name)) for name in State.__slots__}


def candidates(state) -> list:
    """Moves of every kind around what the engine offers: every trail index and a few beyond,
    every purchase of every seat and set (and beyond), every wild count."""
    n = state.n
    found = [MOVES[i] for i in range(len(MOVES))] + [type(MOVES[0])(-3), type(MOVES[0])(99)]
    found += [Buy(q, s) for q in range(-1, n + 1) for s in range(-1, 19)]
    found += list(WILDS.values()) + [type(WILDS[0, False])(4, False)]
    return found


def positions(count: int):
    """Positions reached in seeded random games (both rule texts, 2-6 players), every phase."""
    seen = {MOVE: 0, GOLD: 0, WILD: 0}
    for seed in range(count):
        rng = make_rng(5000 + seed)
        state = new_state(rng, players=2 + seed % 5, variant="en" if seed % 2 else "fr")
        step = 0
        while not state.is_over():
            assert step < 1000, "a game of Tutankhamen has far fewer decisions"
            if state.phase != MOVE or step % 25 == 0:
                seen[state.phase] += 1
                yield state
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            step += 1
    assert min(seen.values()) > 20, seen        # every kind of decision was looked at


def test_offered_moves_are_accepted_and_others_refused_in_the_engines_words():
    refused = 0
    for state in positions(200):
        offered = state.legal_moves()
        assert offered, "a game waiting for a decision offers one"
        for move in offered:
            trial = state.copy()
            trial.apply(move)
            assert trial.check_invariants() == []
        before = snapshot(state)
        for move in candidates(state):
            if move in offered:
                continue
            with pytest.raises(RuleError) as error:
                state.apply(move)
            words = error.value.message
            assert any(p.match(words) for p in REFUSALS), words
            refused += 1
        assert snapshot(state) == before, "a refused move changed the game"
    assert refused > 10000
