"""The players: the bot table, the planner's legality and determinism, its strength against the
greedy player (with an interval), and the plays a careful player makes (a golem with its gem,
openings closed with the wand before the end)."""

import statistics

import pytest

from generator.core.play import play
from generator.core.rng import make_rng
from generator.core.stats import mean_interval
from generator.core.play import make_bot
from generator.games.realms.bots import BOTS, DEFAULT_PLAYER, RATING_PLAYER
from generator.games.realms.bots.plan import PlannerBot, clone
from generator.games.realms.mapfile import builtin_maps, load_map
from generator.games.realms.rules import ListedDice, SeededDice, State
from generator.games.realms.rules.moves import Defeat, Roll
from generator.games.realms.simulate import play_one

from .realms_helpers import give, place_with, small_map


class Checked:
    """Plays ``bot`` and fails the test on any move the engine does not list as legal."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, state, rng):
        move = self.bot.choose(state, rng)
        assert move in state.legal_moves(), (state.round, move)
        return move


def test_the_bot_table_and_its_defaults():
    assert list(BOTS) == ["random", "greedy", "planner", "quick"]
    assert DEFAULT_PLAYER == "planner" and RATING_PLAYER in BOTS
    assert [make_bot(BOTS, name).name for name in BOTS] == list(BOTS)


def test_cli_offers_the_bot_table(tmp_path):
    import json

    from click.testing import CliRunner

    from generator.cli import main
    from generator.games.realms.cli import simulate

    option = next(p for p in simulate.params if p.name == "player")
    assert list(option.type.choices) == list(BOTS)
    result = CliRunner().invoke(main, ["realms", "simulate", "--games", "1", "--seed", "1",
                                       "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.JSONDecoder().raw_decode(result.output[result.output.index("{"):])[0]
    assert doc["players"] == ["planner"] == [DEFAULT_PLAYER]


@pytest.mark.parametrize("name", builtin_maps())
def test_planner_plays_only_legal_moves_with_invariants(name):
    state = State(load_map(name), SeededDice(3))
    result = play(state, [Checked(PlannerBot())], make_rng(3), check=True)
    assert state.is_over() and not result.capped and state.round == 20


def test_planner_is_legal_in_multiplayer_with_one_shared_instance():
    state = State(load_map("map-1"), SeededDice(8, 2), players=2, start="easy")
    bot = Checked(PlannerBot())
    result = play(state, [bot, bot], make_rng(8), check=True)
    assert state.is_over() and not result.capped and len(state.scores()) == 2


def test_planner_is_deterministic():
    m = load_map("map-3")
    a, b = play_one(m, 42, "planner"), play_one(m, 42, "planner")
    assert a.history == b.history and a.scores() == b.scores()


def test_planner_beats_greedy_with_an_interval():
    """Same dice for both players; the 95% interval of the score difference is above zero."""
    m = load_map("map-1")
    diffs = [play_one(m, s, "planner").scores()[0] - play_one(m, s, "greedy").scores()[0]
             for s in range(16)]
    low, high = mean_interval(diffs)
    assert low > 0, (low, high, statistics.fmean(diffs))


def test_a_copy_plays_apart_and_never_rolls():
    state = State(load_map("map-1"), SeededDice(4))
    sheet = state.sheets[0]
    before = (sheet.covered, list(sheet.slots), sheet.version)
    copy = clone(sheet)
    copy.apply(next(m for m in state.legal_moves() if type(m).__name__ == "Place"))
    assert (sheet.covered, list(sheet.slots), sheet.version) == before
    assert copy.covered != sheet.covered
    copy.coins = 10
    with pytest.raises(Exception):
        copy.apply(Roll())


def test_planner_goes_for_the_golem_with_its_gem():
    """On the small test map the red golem lies next to the entrance and its gem's room opens
    on the same corridor; with 4s to spare a careful player circles both and defeats the
    golem. The planner does, by round 8 (a 4 in every roll; a golem pays one coin, so it takes
    the ooze and the skeleton on the way)."""
    rolls = [(4, 3), (4, 2), (4, 4), (4, 1), (4, 6)] + [(4, 2)] * 15
    state = State(small_map(), ListedDice(rolls, [[3] * 40]))
    history = []
    bot = PlannerBot()
    while not state.is_over() and state.round <= 8:
        move = bot.choose(state, make_rng(0))
        history.append((state.round, move))
        state.apply(move)
    sheet = state.sheets[0]
    assert sheet.golems & sheet.gems & sheet.golems_def, history
    assert any(isinstance(m, Defeat) and m.target == "golem-red" for _, m in history)


@pytest.mark.parametrize("name", ["planner", "quick"])
def test_last_round_connects_the_gem_room_and_defeats_its_golem(name):
    """Round 20 on the small map: a corridor from the west entrance has circled the red golem
    and ends facing the square before the red gem's room. With a 1 and a 4 a careful player
    makes that square a one-square room opening onto the door (the gem is in, no open-room
    penalty) and beats the golem with the 4; leaving the room open costs 3 and the golem 5."""
    state = State(small_map(), ListedDice([(2, 1)] + [(1, 2)] * 19, [[3] * 40]))
    state.apply(place_with(2, "I3", [(0, 1), (1, 1), (2, 1)], [(0, 1, "W"), (2, 1, "E")]))
    state.round = state.sheets[0].round = 20          # the last round (test set-up only)
    give(state, 1, 4)
    bot = make_bot(BOTS, name)
    while not state.is_over():
        state.apply(bot.choose(state, make_rng(0)))
    lines = state.lines()
    assert lines["golems"] == 5 and lines["open-rooms"] == 0 and lines["remaining-openings"] == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_planner_spends_wand_uses_on_openings_before_the_end(seed):
    """A wand use closes an opening for free: a finished planner game never keeps both."""
    state = play_one(load_map("map-1"), seed, "planner")
    sheet = state.sheets[0]
    assert not (sheet.items.get("wand", 0) and sheet.frontier), seed


def test_planner_leaves_fewer_rooms_open_than_greedy():
    m = load_map("map-1")
    open_rooms = {p: [play_one(m, s, p).lines()["open-rooms"] for s in range(8)]
                  for p in ("planner", "greedy")}
    assert statistics.fmean(open_rooms["planner"]) > statistics.fmean(open_rooms["greedy"])


@pytest.mark.parametrize("name", ["map-2", "map-4"])
def test_quick_plays_only_legal_moves_with_invariants(name):
    state = State(load_map(name), SeededDice(6))
    result = play(state, [Checked(make_bot(BOTS, "quick"))], make_rng(6), check=True)
    assert state.is_over() and not result.capped


def test_the_estimate_is_the_final_score_once_the_game_is_over():
    """After the last die of round 20 nothing is left to come: the estimate the planner ranks
    finished rounds by must be exactly the rulebook's score."""
    from generator.games.realms.bots.eval import Evaluator

    for seed in (1, 2):
        state = play_one(load_map("map-1"), seed, "quick")
        sheet = state.sheets[0]
        ev = Evaluator()
        assert ev.value(sheet, ev.context(sheet)) == state.scores()[0]


@pytest.mark.parametrize("name", ["map-1", "map-3", "random"])
def test_the_quick_player_values_moves_as_played_copies_do(name):
    """The quick player values a candidate without playing it (bots.delta.Prospect); played
    on a copy of the sheet the move gets the very same number, so both play the same game."""
    from generator.games.realms.bots.quick import QuickBot
    from generator.games.realms.generate import generate_map

    m = generate_map(make_rng(11))[0] if name == "random" else load_map(name)
    for seed in (3, 4):
        fast = State(m, SeededDice(seed), 1, "kids" if seed == 4 else "normal")
        slow = State(m, SeededDice(seed), 1, "kids" if seed == 4 else "normal")
        play(fast, [QuickBot()], make_rng(seed))
        play(slow, [QuickBot(played=True)], make_rng(seed))
        assert fast.history == slow.history and fast.scores() == slow.scores()


def test_every_candidate_of_a_game_gets_the_played_value():
    from generator.games.realms.bots.quick import QuickBot

    state = State(load_map("map-2"), SeededDice(8))
    bot, n = QuickBot(), 0
    while not state.is_over():
        for move, value, played in bot.weigh(state.sheets[0]):
            assert value == played, (state.round, move)
            n += 1
        state.apply(bot.choose(state, make_rng(1)))
    assert n > 300
