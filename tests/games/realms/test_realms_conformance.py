"""Conformance of the Hidden Realms engine over seeded positions of random games (solo and two
players, the three starts): every move offered is accepted (on a copy, every invariant holds
after it), and a sample of moves not offered is refused with a RuleError naming the rule,
leaving the sheet exactly as it was."""

import copy
import random

import pytest

from generator.core.errors import RuleError
from generator.core.play import RandomBot
from generator.core.rng import make_rng
from generator.games.realms.rules import new_state
from generator.games.realms.rules.moves import (
    Buy,
    Coin,
    Defeat,
    End,
    Open,
    Place,
    PlaceRoom,
    Roll,
    Shovel,
    Wand,
)

TARGETS = ("ooze", "skeleton", "zombie", "golem-red", "golem-blue", "mimic", "mummy", "dragon")
TOOLS = ("", "hammer", "key", "skeleton-key")


def fork(state):
    """An independent copy of a game (the maps and boards, never changed, are shared)."""
    memo = {id(m): m for m in state.maps}
    memo.update({id(s.board): s.board for s in state.sheets})
    return copy.deepcopy(state, memo)


def snapshot(sheet) -> dict:
    return {k: copy.copy(v) for k, v in vars(sheet).items()
            if k not in ("_apply", "roll_extra", "board", "sources_memo", "_paths")}


def candidates(sheet, rng: random.Random) -> list:
    """Moves of every kind, most of them not legal now."""
    b = sheet.board
    out: list = [End(), Roll(), Buy(0), Buy(rng.randint(1, 6)), Coin(rng.randint(1, 6), 1),
                 Coin(rng.randint(1, 6), 2), Open("key"), Open("skeleton-key"), Open("hammer")]
    out += [Defeat(t, rng.choice(TOOLS)) for t in TARGETS]
    for _ in range(10):
        x, y = rng.randint(-1, b.w), rng.randint(-1, b.h)
        out.append(Place(rng.randint(0, 7), rng.choice(("I2", "X5", "O4", "R9")),
                         rng.randint(0, 8), x, y))
        out.append(PlaceRoom((rng.randint(1, 6), rng.randint(1, 6)), x, y))
        out.append(Wand(x, y, rng.choice("NW"), rng.random() < 0.5, rng.randint(0, 6)))
        out.append(Shovel(x, y, rng.choice(("N", "NE", "NESW", "")), rng.randint(0, 6)))
    return out


@pytest.mark.parametrize("players, start", [(1, "normal"), (1, "kids"), (2, "easy")])
def test_offered_moves_are_accepted_and_others_refused(players, start):
    looked = refused = 0
    for seed in range(3):
        rng = make_rng(seed)
        state = new_state(rng, players=players, start=start)
        picks = random.Random(seed)
        while not state.is_over():
            offered = state.legal_moves()
            if picks.random() < 0.12:
                looked += 1
                sample = offered if len(offered) <= 40 else picks.sample(offered, 40)
                assert len(offered) == len(set(offered)), (seed, state.round)
                for move in sample:
                    twin = fork(state)
                    twin.apply(move)
                    assert twin.check_invariants() == [], (seed, state.round, move)
                sheet = state.sheets[state.current_player()]
                others = [m for m in candidates(sheet, picks) if m not in offered]
                for move in picks.sample(others, min(10, len(others))):
                    before = snapshot(sheet)
                    with pytest.raises(RuleError) as caught:
                        state.apply(move)
                    assert str(caught.value)
                    assert snapshot(sheet) == before, move
                    refused += 1
            state.apply(RandomBot().choose(state, rng))
        assert state.check_invariants() == []
    assert looked > 15 and refused > 120
