"""The greedy bot plays like a careful player: it takes a win that is there, never hands a rival
the win while another choice does not, pays attention to who pays first in a shared pay-out,
and blocks only tiles a rival can still reach; it beats the policy it replaced."""

import pytest
from games.tut.greedy_reference import GreedyBot as ReferenceBot

from generator.core.play import play
from generator.core.rng import make_rng
from generator.games.tut.bots import BLOCK, WIN, GreedyBot, _closing_bonus
from generator.games.tut.model import catalog
from generator.games.tut.rules import DECLINE, GOLD, MOVE, MOVES, Buy, new_state


def sid(code):
    return catalog().id_of(code)


def go(state, *targets):
    for to in targets:
        assert state.phase == MOVE
        state.apply(MOVES[to])


def choices(state, seeds=range(8)):
    """What the greedy bot chooses in ``state`` for several random draws (noise)."""
    return {GreedyBot().choose(state, make_rng(seed)) for seed in seeds}


def test_it_takes_a_win_that_only_a_removal_brings(make_state):
    # p1 holds 2 of the 4 red Horus; the other two lie at 2 and 3, p2's token at 5. Moving
    # to 3 (or past p2) removes what lies behind every token: the set is scored and p1 pays its
    # last 4 coins. Moving to 2 (the nearest Horus) leaves tile 3 on the trail: no win.
    state = make_state(["horus-red", "anubis-red", "horus-red", "horus-red", "horus-red",
                        "anubis-red", "mask-red", "mask-blue"], coins=[10, 20])
    go(state, 0, 5)                               # p1 Horus; p2 ahead
    state.hold[0][sid("horus-red")] += 1          # a second red Horus, from elsewhere
    state.packed[sid("horus-red")] += 1
    state.left[sid("horus-red")] -= 1
    state.out[sid("horus-red")] += 1
    state.coins, state.paid = [4, 20], [state.start - 4, state.start - 20]
    for move in choices(state):
        trial = state.copy()
        trial.apply(move)
        assert trial.is_over() and trial.winners == [0], move


def shared_payout(make_state):
    """p1 (to move, token at 6) and p2 (token at 10) hold 2 and 3 red Anubis, 3 coins each;
    the last red Anubis lies at 8. Taking it ties 3-3: both pay half, 3, their last coins, and
    the furthest token pays first: p2 wins. Moving past it removes it: 2-3, p2 pays 6 and wins
    (unless King Tut's coin and its count turn it round for p1)."""
    state = make_state(["anubis-red", "anubis-red", "anubis-red", "anubis-red", "anubis-red",
                        "horus-blue", "horus-blue", "cat-red", "anubis-red", "mask-red",
                        "mask-red", "mask-red"], coins=[3, 3])
    go(state, 0, 1, 2, 3, 5, 4, 6, 10)
    assert state.pos == [6, 10] and state.current_player() == 0
    assert state.hold[0][sid("anubis-red")] == 2 and state.hold[1][sid("anubis-red")] == 3
    return state


def rival_wins_at_once(state, move) -> bool:
    trial = state.copy()
    trial.apply(move)
    return trial.is_over() and trial.winners == [1]


def test_a_shared_payout_is_won_by_who_pays_first(make_state):
    state = shared_payout(make_state)
    assert _closing_bonus(state, 0, sid("anubis-red")) == -WIN
    assert rival_wins_at_once(state, MOVES[8]) and rival_wins_at_once(state, MOVES[9])
    assert not any(rival_wins_at_once(state, move) for move in choices(state))
    old = {ReferenceBot().choose(state, make_rng(seed)) for seed in range(8)}
    assert old == {MOVES[8]}                      # the policy it replaced took the tie


def test_block_only_a_tile_a_rival_can_reach(make_state):
    # The last red cat at 4: p2 (2 coins, one cat) would pay out by taking it (2 cats: pays
    # 2); p1 taking it ties 1-1 (each pays 1: p2 keeps a coin). p2's token behind the tile can
    # reach it: taking it blocks; past it, not.
    state = make_state(["cat-red", "anubis-red", "mask-red", "mask-blue", "cat-red",
                        "mask-green", "mask-green"], coins=[20, 2])
    go(state, 1, 0)                               # p1 Anubis, p2 the first cat
    assert _closing_bonus(state, 0, sid("cat-red")) == BLOCK
    beyond = make_state(["mask-blue", "cat-red", "anubis-red", "mask-red", "cat-red",
                         "mask-green", "mask-green"], coins=[20, 2])
    go(beyond, 2, 1, 3, 5)                        # p2: the first cat, then past the second
    assert beyond.pos == [3, 5] and beyond.present[4]
    assert _closing_bonus(beyond, 0, sid("cat-red")) == 0.0


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_it_does_not_buy_the_last_coin_of_a_rival(make_state, variant):
    state = make_state(["horus-red", "horus-red", "gold", "mask-red"], variant=variant,
                       coins=[20, 1])
    go(state, 0, 1, 2)
    assert state.phase == GOLD and state.legal_moves() == [Buy(1, sid("horus-red")), DECLINE]
    assert choices(state) == {DECLINE}


@pytest.mark.parametrize("variant", ["en", "fr"])
def test_it_beats_the_policy_it_replaced(variant):
    # two players, the new bot in either seat: it wins well over half the games
    wins = 0.0
    games = 60
    for seed in range(games):
        rng = make_rng(seed)
        state = new_state(rng, players=2, variant=variant)
        seat = seed % 2
        bots = [GreedyBot() if p == seat else ReferenceBot() for p in range(2)]
        play(state, bots, rng, check=True)
        wins += state.scores()[seat]
    assert wins / games > 0.6


def test_the_reference_still_plays_whole_legal_games():
    for seed in range(6):
        rng = make_rng(seed)
        state = new_state(rng, players=2 + seed % 5, variant="en" if seed % 2 else "fr")
        result = play(state, [ReferenceBot()] * state.n, rng, check=True)
        assert not result.capped and state.is_over()
