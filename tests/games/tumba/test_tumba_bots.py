"""The bots in the advanced mode: the greedy bot uses every advanced move when it pays and is
stronger for it; the random bot does not spend its turns on Seth's Trick; the one-die re-roll
can rescue an unusable roll."""

import random

from games.tumba.tumba_helpers import position

from generator.core.rng import make_rng
from generator.core.stats import proportion_interval
from generator.games.tumba import bots
from generator.games.tumba.bots_advanced import Look
from generator.games.tumba.generate import advanced_setup
from generator.games.tumba.model import Line
from generator.games.tumba.moves import (
    ROLL,
    SETH,
    Jump,
    Place,
    Reroll,
    Roll,
    Seth,
    SethMove,
    Wrath,
)
from generator.games.tumba.rules import State
from generator.games.tumba.simulate import play_game


class PlainGreedy(bots.GreedyBot):
    """The greedy bot without the advanced moves: never Seth's Trick, the re-roll or Tutan's
    Wrath, and no sequence extras on a placement."""

    name = "plain"

    def score(self, state, move, look=None):
        kind = type(move)
        if kind in (Seth, SethMove, Wrath, Reroll):
            return 0.0
        if kind is Place:
            return (look or Look(state)).place_value(move.lines)
        return super().score(state, move, look)


def test_an_unusable_advanced_roll_may_be_rescued_by_the_one_die_reroll_first():
    full = {1: "111", 2: "000", 3: "111", 4: "000"}   # lines 1-4 full: 1-1-2 has no use
    state = position(mode="advanced", cells=full, dice=(1, 1, 2))
    assert state.phase == "use" and state.dice == (1, 1, 2)
    assert state.legal_moves() == [Reroll(1), Reroll(2), ROLL]
    state.apply(Reroll(2))
    assert state.rerolls_used == 1 and state.use_moves(state.dice)   # used, or thrown again
    declined = position(mode="advanced", cells=full, dice=(1, 1, 2))
    declined.apply(Roll((1, 2, 4)))             # all three again: the re-roll is kept
    assert declined.dice == (1, 2, 4) and declined.rerolls_used == 0
    assert Reroll(4) in declined.legal_moves()
    standard = position(cells=full, dice=(1, 1, 2))                  # no re-roll to spend
    assert standard.dice != (1, 1, 2) and standard.use_moves(standard.dice)


def test_the_greedy_bot_rescues_a_dead_roll_when_the_reroll_pays():
    # 6-6-1 with lines 1 (the roller's own), 6 and 7 full has no use (no room for the Anubis
    # Double's third die either); re-rolling the 1 gives 12 (a passage) with
    # 2-5, a Golden Triple with 6: far better on average than throwing all three again.
    state = position(mode="advanced", cells={1: "000", 6: "11", 7: "11"}, dice=(6, 6, 1))
    assert state.legal_moves() == [Reroll(1), Reroll(6), ROLL]
    assert bots.GreedyBot().choose(state, make_rng(1)) == Reroll(1)


def test_the_greedy_bot_plays_seth_when_a_relocation_opens_the_tomb():
    # Line 5 holds 3 chambers: from the tomb, two enemies and player 1's mummy, which cannot
    # jump now (the chamber beyond the enemy is taken). Taking the tomb-end chamber away (Seth's
    # Trick) lets the mummy jump the other enemy straight into the tomb: an entry, worth more
    # than the roll given up.
    sizes = [2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 1, 0]
    layout = tuple(Line(n, i == 11) for i, n in enumerate(sizes))
    state = position(mode="advanced", layout=layout, cells={5: "110"})
    state.enter_start()
    bot = bots.GreedyBot()
    assert state.legal_moves() == [ROLL, SETH]
    assert bot.choose(state, make_rng(1)) == SETH
    state.apply(SETH)
    move = bot.choose(state, make_rng(1))
    assert (move.source, move.end) == (5, "tomb")
    state.apply(move)
    assert bot.choose(state, make_rng(1)) == Jump(5, 2, -1, 0)      # into the tomb


def advanced_games(seeds, players=2):
    totals = {}
    for seed in seeds:
        state = play_game(players, seed, "advanced", bots=("greedy",))
        for kind, n in state.actions.items():
            totals[kind] = totals.get(kind, 0) + n
    return totals


def test_the_greedy_bot_uses_every_advanced_move_in_seeded_games():
    actions = advanced_games(range(40))
    for kind in ("seth", "toth", "reroll", "wrath", "golden-triple", "anubis"):
        assert actions[kind] > 0, (kind, actions)


def test_the_random_bot_does_not_spend_its_turns_on_seths_trick():
    seth = turns = 0
    for seed in range(30):
        state = play_game(3, seed, "advanced", bots=("random",))
        seth += state.actions["seth"]
        turns += state.turn
    assert 0 < seth < 0.2 * turns           # uniform over legal moves gave about half


def test_the_random_bot_picks_the_kind_of_move_first():
    state = position(mode="advanced", cells={1: "0..", 2: "1.."}, dice=(2, 3, 5))
    rng = random.Random(3)
    bot = bots.RandomKindBot()
    picks = [type(bot.choose(state, rng)) for _ in range(400)]
    assert picks.count(Reroll) < 80          # 3 re-rolls among 5 placements + 3: not 3/8
    assert picks.count(Place) > 300


def test_the_greedy_bot_plays_the_standard_game_as_before():
    compared = 0
    for seed in range(12):
        rng = make_rng(seed)
        state = State(3, None, "standard", None, seed=rng.getrandbits(32))
        bot, plain = bots.GreedyBot(), PlainGreedy()
        while not state.is_over() and state.turn < 400:
            twin = random.Random()
            twin.setstate(rng.getstate())
            move = bot.choose(state, rng)
            assert move == plain.choose(state, twin), (seed, state.turn)
            compared += 1
            state.apply(move)
    assert compared > 200


def test_weighing_the_advanced_moves_makes_the_greedy_bot_stronger():
    games = wins = 0
    for seed in range(40):
        for seat in (0, 1):
            rng = make_rng(seed)
            layout = advanced_setup(rng, 2).lines
            state = State(2, layout, "advanced", None, seed=rng.getrandbits(32))
            seats = [PlainGreedy(), PlainGreedy()]
            seats[seat] = bots.GreedyBot()
            while not state.is_over() and state.turn <= 3000:
                state.apply(seats[state.current].choose(state, rng))
            if state.winner >= 0:
                games += 1
                wins += state.winner == seat
    low, _ = proportion_interval(wins, games)
    assert low > 0.5, (wins, games)


def test_actions_count_what_players_chose():
    state = position(mode="advanced", cells={1: "01.", 7: "1."}, dice=(3, 4, 5))
    state.apply(Place((12,)))
    state.apply(Jump(1, 1, 1, 0))            # backwards, thanks to Toth's Inversion
    assert state.actions["place"] == 1 and state.actions["incineration"] == 1
    assert state.actions["toth"] == 1 and state.actions["seth"] == 0
