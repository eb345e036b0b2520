"""Conformance of the Tutan Tumba engine over seeded positions of random games, both modes, 2-6
players: every move offered is accepted (on a copy, the state's invariants hold after it), and
a sample of moves not offered is refused with the engine's own words — the reason
``rules_why.reason`` gives — leaving the state exactly as it was."""

import copy
import random

import pytest

from generator.core.errors import RuleError
from generator.core.rng import make_rng
from generator.games.tumba.bots import RandomKindBot
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
    Roll,
    SethMove,
    Strike,
    Wrath,
)
from generator.games.tumba.rules import new_state
from generator.games.tumba.rules_board import LINES, MAX_DEPTH
from generator.games.tumba.rules_why import reason

SEEDS = range(4)


def fork(state):
    """An independent copy of a game: its board, counts, notes and dice stream copied."""
    twin = copy.copy(state)
    twin.board = state.board.copy()
    for name in ("tomb", "house", "since_owner", "since_turn", "osiris_lines"):
        setattr(twin, name, list(getattr(state, name)))
    twin.entries, twin.actions = dict(state.entries), dict(state.actions)
    twin.rng = random.Random()
    twin.rng.setstate(state.rng.getstate())
    twin.history, twin._moves, twin._layout_cache = None, None, None
    return twin


def snapshot(state) -> tuple:
    board = state.board
    return (state.phase, state.current, state.turn, state.dice, tuple(state.tomb),
            tuple(state.house), tuple(map(tuple, board.cells)), tuple(board.sizes),
            tuple(board.passage), state.golden_used, state.rerolls_used, state.attacker,
            tuple(state.osiris_lines), state.anubis_third, state.rng.getstate(),
            tuple(state.since_owner), tuple(state.since_turn), state.winner)


def candidates(state, rng: random.Random) -> list:
    """Moves of every kind, most of them not legal now."""
    p = state.players
    out: list = [ROLL, PASS, GOLDEN, SETH, Roll((1, 2, 3)), Roll((7, 1, 1))]
    out += [Anubis(v) for v in range(1, 7)] + [Reroll(v) for v in range(1, 7)]
    out += [Maat(n) for n in range(1, LINES + 1)] + [Osiris(n) for n in range(1, LINES + 1)]
    out += [Wrath(s, c) for s in (1, -1) for c in (False, True)]
    out += [GoldenRemove(q, *spot) for q in range(p) for spot in ((0, 0), (1, 1), (9, 1))]
    for _ in range(12):
        n, d = rng.randint(1, LINES), rng.randint(1, MAX_DEPTH)
        out.append(Strike(n, d))
        out.append(Jump(n, d, rng.choice((-1, 0, 1)), rng.choice((-1, 0, 1))))
        out.append(SethMove(n, rng.choice(("tomb", "outer")), rng.randint(1, LINES)))
        out.append(Place(tuple(sorted(rng.randint(1, LINES) for _ in range(rng.randint(1, 3))))))
    return out


@pytest.mark.parametrize("mode", ["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_offered_moves_are_accepted_and_others_refused_in_the_engines_words(mode, players):
    looked = refused = 0
    for seed in SEEDS:
        rng = make_rng(seed * 7 + players)
        state = new_state(rng, players=players, mode=mode)
        bot = RandomKindBot()
        picks = random.Random(seed)
        while not state.is_over() and state.turn < 400:
            offered = state.legal_moves()
            if picks.random() < 0.2:
                looked += 1
                assert len(offered) == len(set(offered)), (seed, state.turn)
                for move in offered:
                    twin = fork(state)
                    twin.apply(move)
                    assert twin.check_invariants() == [], (seed, state.turn, move)
                others = [m for m in candidates(state, picks) if m not in offered
                          and not (type(m) is Roll and m.dice and ROLL in offered
                                   and all(1 <= d <= 6 for d in m.dice))]
                for move in picks.sample(others, min(8, len(others))):
                    before = snapshot(state)
                    with pytest.raises(RuleError) as caught:
                        state.apply(move)
                    assert str(caught.value) == reason(state, move) != ""
                    assert snapshot(state) == before, move
                    refused += 1
            state.apply(bot.choose(state, rng))
        assert state.check_invariants() == []
    assert looked > 20 and refused > 150
