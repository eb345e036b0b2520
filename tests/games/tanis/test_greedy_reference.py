"""The fast greedy bot against the reference (the greedy bot as it was before slides became
steps): the same decisions wherever no slide is involved, at least as strong overall, and a
slide that uses what each stop uncovers."""

import random

from games.tanis.reference_greedy import ReferenceGreedyBot

from generator.core.play import play
from generator.core.rng import make_rng
from generator.core.stats import proportion_interval
from generator.games.tanis.bots import GreedyBot
from generator.games.tanis.model import Dig, Tile, tile_code
from generator.games.tanis.rules import SLIDE, Explore, State, Take, new_state


def twin(rng: random.Random) -> random.Random:
    other = random.Random()
    other.setstate(rng.getstate())
    return other


def test_same_decisions_as_the_reference_wherever_no_slide_is_involved():
    compared = 0
    for seed in range(25):
        rng = make_rng(seed)
        state = new_state(rng)
        bot = GreedyBot()
        while not state.is_over():
            reference = ReferenceGreedyBot()
            want = reference.choose(state, twin(rng))
            move = bot.choose(state, rng)
            if state.phase != SLIDE and type(move) is not Explore and type(want) is not Explore:
                assert move == want, (seed, state.turn, move, want)
                compared += 1
            state.apply(move)
    assert compared > 600


def test_at_least_as_strong_as_the_reference():
    games = wins = 0
    for seed in range(100):
        for seat in (0, 1):
            rng = make_rng(seed)
            state = new_state(rng)
            bots = [ReferenceGreedyBot(), ReferenceGreedyBot()]
            bots[seat] = GreedyBot()
            play(state, bots, rng)
            games += 1
            wins += state.winner() == seat
    low, high = proportion_interval(wins, games)
    assert high >= 0.5, (wins, games, low, high)    # not shown weaker
    assert wins / games >= 0.45


def one_slide(a_tile, held) -> State:
    """The snake 9 on top covers two upright tiles A (slot 1) and B (slot 2) of the bottom
    level; C (slot 3, falcon 1) and Z (slot 4, ankh 5) lie to its right, visible. Slid right,
    it stops every half unit: at x 1 it uncovers A, at x 1.5 it covers Z, at x 2 it uncovers B.
    Player 1 holds ``held`` and has one Explorer left."""
    dig = Dig((5, 4), ((Tile(0.0, 0.0, 2.0, 1.0),),
                       tuple(Tile(float(x), 0.0, 1.0, 2.0) for x in range(4))))
    codes = [("snake", 9), a_tile, ("falcon", 8), ("falcon", 1), ("ankh", 5)]
    s = State(dig, [tile_code(k, n) for k, n in codes])
    for k, n in held:
        code = tile_code(k, n)
        s.held[0][code // 10] |= 1 << (code % 10)
        s.gone[code // 10] |= 1 << (code % 10)
    s.cards[0] = [1, 0, 0]
    s.used[0] = [2, 2, 1]
    return s


def slide_to_the_first_reveal(s: State, bot: GreedyBot) -> None:
    assert bot.choose(s, make_rng(1)) == Explore(0, 0.5, 0)    # the slide that uncovers most
    s.apply(Explore(0, 0.5, 0))
    assert bot.choose(s, make_rng(1)) == Explore(0, 0.5, 0)    # nothing seen yet: go on
    s.apply(Explore(0, 0.5, 0))
    assert s.visible == [0, 1, 4]                             # A uncovered, C hidden, Z in view


def test_the_greedy_bot_stops_when_going_on_would_hide_its_best_tile():
    s = one_slide(("scarab", 5), [("ankh", 4), ("ankh", 6)])  # A is worth little, Z a lot
    bot = GreedyBot()
    slide_to_the_first_reveal(s, bot)
    assert bot.choose(s, make_rng(1)) == Take(4)               # stop here and take Z


def test_the_greedy_bot_goes_on_when_what_it_uncovered_is_worth_more():
    held = [("ankh", 4), ("ankh", 6), ("scarab", 3), ("scarab", 4), ("scarab", 6)]
    s = one_slide(("scarab", 5), held)                         # A now completes 3-6
    bot = GreedyBot()
    slide_to_the_first_reveal(s, bot)
    assert bot.choose(s, make_rng(1)) == Explore(0, 0.5, 0)    # Z may be covered: go on to B
    s.apply(Explore(0, 0.5, 0))
    s.apply(bot.choose(s, make_rng(1)))
    assert s.pos[0] == (4, 0) and 2 in s.visible               # B uncovered too
    assert bot.choose(s, make_rng(1)) == Take(1)               # then it takes A
