"""Tanis bots and `tombgen tanis simulate`: greedy beats random, the summary and its JSON."""

import json

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.core.errors import InputError
from generator.core.play import make_bot
from generator.core.rng import make_rng
from generator.games.tanis.bots import BOTS, GreedyBot
from generator.games.tanis.model import Dig, Tile, tile_code
from generator.games.tanis.rules import EXPERT_MOVE, Excavate, Explore, State, Take
from generator.games.tanis.simulate import simulate, simulation_document, summarize
from generator.produce import produce

FILLER = [("scarab", 1), ("falcon", 9), ("scarab", 5), ("falcon", 6), ("scarab", 8),
          ("falcon", 7), ("scarab", 3)]  # lone tiles worth little to anybody


def row_state(front, given=((), ()), cards=(0, 0, 0)) -> State:
    """Upright tiles in a row, all visible: ``front`` first, then filler, then the tiles
    ``given`` to each player (removed from the dig the engine's way, so invariants hold)."""
    names = list(front) + FILLER + list(given[0]) + list(given[1])
    codes = [tile_code(k, n) for k, n in names]
    layer = tuple(Tile(2.0 * i, 0.0, 1.0, 2.0) for i in range(len(codes)))
    s = State(Dig((2 * len(codes) - 1, 2), (layer,)), codes)
    for player, tiles in enumerate(given):
        for k, n in tiles:
            code = tile_code(k, n)
            s._remove(s.codes.index(code), player)
            s.held[player][code // 10] |= 1 << (code % 10)
    s.cards[0] = list(cards)
    s.used[0] = [c - left for c, left in zip((3, 2, 1), cards)]
    assert s.check_invariants() == []
    return s


def test_greedy_extends_its_own_group():
    s = row_state([("snake", 2), ("ankh", 7), ("scarab", 9)], ([("snake", 1)], []))
    assert GreedyBot().choose(s, make_rng(1)) == Take(0)


def test_greedy_denies_a_tile_that_completes_the_opponents_group():
    opp = [("falcon", 1), ("falcon", 2), ("falcon", 4), ("falcon", 5)]
    s = row_state([("falcon", 3), ("ankh", 7), ("ankh", 9)], ([], opp))
    assert GreedyBot().choose(s, make_rng(1)) == Take(0)


def test_greedy_plays_the_expert_for_two_good_tiles_of_different_types():
    mine = [("snake", 1), ("snake", 2), ("ankh", 2), ("ankh", 3)]
    s = row_state([("snake", 3), ("ankh", 4), ("scarab", 9)], (mine, []), cards=(0, 0, 1))
    bot = GreedyBot()
    assert bot.choose(s, make_rng(1)) == EXPERT_MOVE
    s.apply(EXPERT_MOVE)
    first = bot.choose(s, make_rng(1))
    s.apply(first)
    second = bot.choose(s, make_rng(1))
    assert {first, second} == {Take(0), Take(1)}


def test_greedy_keeps_the_expert_when_only_one_tile_is_worth_it():
    s = row_state([("snake", 3), ("ankh", 9)], ([("snake", 1), ("snake", 2)], []),
                  cards=(0, 0, 1))
    assert GreedyBot().choose(s, make_rng(1)) == Take(0)


def test_greedy_excavates_a_tile_the_opponent_needs_and_takes_its_own():
    opp = [("snake", 1), ("snake", 2), ("snake", 4), ("snake", 5)]
    s = row_state([("snake", 3), ("ankh", 1)], ([("ankh", 2)], opp), cards=(0, 1, 0))
    bot = GreedyBot()
    assert bot.choose(s, make_rng(1)) == Excavate(0)
    s.apply(Excavate(0))
    assert bot.choose(s, make_rng(1)) == Take(1)


def test_greedy_without_cards_simply_takes():
    opp = [("snake", 1), ("snake", 2), ("snake", 4), ("snake", 5)]
    s = row_state([("snake", 3), ("ankh", 1)], ([("ankh", 2)], opp))
    assert GreedyBot().choose(s, make_rng(1)) in (Take(0), Take(1))


def test_greedy_slides_to_uncover_unseen_tiles():
    # One tile on top of a level of two; sliding it uncovers a tile nobody has seen yet.
    dig = Dig((5, 4), ((Tile(0.0, 0.0, 2.0, 1.0),),
                       (Tile(0.0, 0.0, 2.0, 1.0), Tile(2.0, 0.0, 2.0, 1.0))))
    s = State(dig, [tile_code("ankh", 5), tile_code("snake", 5), tile_code("falcon", 5)])
    s.cards[0] = [1, 0, 0]
    s.used[0] = [2, 2, 1]
    move = GreedyBot().choose(s, make_rng(1))
    assert isinstance(move, Explore) and move.tile == 0
    assert s.known(1) is None


def test_make_bot():
    assert make_bot(BOTS, "greedy").name == "greedy" and make_bot(BOTS, "random").name == "random"
    with pytest.raises(InputError) as refused:
        make_bot(BOTS, "clever")
    assert refused.value.message == "--player clever: unknown player; choose one of greedy, random"


def test_greedy_beats_random_from_either_seat():
    first = summarize(simulate(30, 1, players=("greedy", "random")), ("greedy", "random"))
    second = summarize(simulate(30, 1, players=("random", "greedy")), ("random", "greedy"))
    assert first["seats"][0]["win_rate"] >= 0.8
    assert second["seats"][1]["win_rate"] >= 0.8


def test_simulation_summary_fields():
    records = simulate(20, 7, style="classic", players=("random", "random"))
    doc = simulation_document(records, 7, ("random", "random"), {"style": "classic"})
    assert doc["format"] == "tombgen/tanis.simulation" and doc["seed"] == 7
    assert doc["games"] == 20 and doc["players"] == ["random", "random"]
    seats = doc["seats"]
    assert seats[0]["starts"] and not seats[1]["starts"]
    assert seats[0]["wins"] + seats[1]["wins"] == 20
    assert set(seats[0]["cards_used"]) == {"explorer", "excavator", "expert"}
    assert all(0 <= v["mean"] <= 3 for v in seats[0]["cards_used"].values())
    curve = doc["reveal_curve"]
    assert curve["mean_visible"][0] == 10 and curve["games"][0] == 20
    assert curve["interval"][0] == [10, 10]  # every game starts with 10 visible tiles
    assert curve["mean_visible"][-1] == 0
    assert len(curve["mean_visible"]) == len(curve["games"]) == doc["length"]["max"] + 1
    assert doc["length"]["unit"] == "turns"


def test_simulation_is_reproducible():
    a = summarize(simulate(10, 3), ("greedy", "greedy"))
    b = summarize(simulate(10, 3), ("greedy", "greedy"))
    assert a == b


def test_simulate_refuses_bad_options():
    with pytest.raises(InputError, match="--style"):
        simulate(2, 1, style="zigzag")
    with pytest.raises(InputError, match="--player"):
        simulate(2, 1, players=("greedy",))


@pytest.fixture
def cli(tmp_path):
    def run(*args, stdin=None):
        return CliRunner().invoke(main, ["tanis", "simulate", *args, "--out", str(tmp_path)],
                                  input=stdin)
    return run


def test_cli_json_output(cli):
    result = cli("--games", "6", "--seed", "5", "--style", "random", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["dig"] == {"style": "random"} and doc["players"] == ["greedy", "greedy"]
    assert len(doc["reveal_curve"]["mean_visible"]) > 30


def test_cli_text_output_and_player_per_seat(cli):
    result = cli("--games", "4", "--seed", "2", "--player", "random", "--player", "greedy")
    assert result.exit_code == 0, result.output
    assert "seed: 2" in result.output and "seat 1 random: wins" in result.output
    assert "seat 2 greedy: wins" in result.output and "visible tiles after turn" in result.output


def test_cli_on_a_dig_file(cli, tmp_path):
    produce("tanis", "dig", 9, out=tmp_path, formats=("json",))
    path = tmp_path / "tanis-dig-9.json"
    result = cli("--games", "3", "--seed", "1", "--dig", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["dig"] == {"file": str(path)}
    broken = json.loads(path.read_text())
    broken["layers"][1] = broken["layers"][0]          # every tile stacked on the one below
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    result = cli("--games", "3", "--dig", str(bad))
    assert result.exit_code == 1 and "stacked" in result.output


def test_cli_errors(cli, tmp_path):
    produce("tanis", "dig", 9, out=tmp_path, formats=("json",))
    both = cli("--games", "2", "--dig", str(tmp_path / "tanis-dig-9.json"), "--style", "classic")
    assert both.exit_code == 2
    assert (f"--style classic conflicts with the dig file {tmp_path / 'tanis-dig-9.json'}"
            in both.output)
    assert cli("--games", "2", "--player", "random", "--player", "random", "--player",
               "greedy").exit_code == 2  # three players for two seats
    assert cli("--games", "2", "--player", "nobody").exit_code == 2
    assert cli("--games", "0").exit_code == 2
    not_a_dig = cli("--games", "2", "--dig", "-", stdin='{"format": "tombgen/tut.trail", '
                                                        '"version": 1}')
    assert not_a_dig.exit_code == 2 and "is not a tanis dig" in not_a_dig.output
