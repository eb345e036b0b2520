"""The null game, the template a new game copies: each rule with a legal and an illegal case
(refusals word for word), every offered take accepted and others refused, records written by
hand replayed, the bots, the row sheet and its validator, the aid, and the template kept out of
the players' view. Expected values are worked out by hand from seeds/null.toml (rows of 10 to
25 counters, 1 to 3 a turn, two players)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator.core.errors import InputError, RuleError
from generator.core.i18n import catalogue
from generator.core.play import RandomBot
from generator.core.rng import make_rng
from generator.draw.checks import legibility_problems, print_problems, text_overlaps
from generator.draw.content import block_texts
from generator.draw.paper import make_sheet
from generator.draw.scene import Text, walk
from generator.games.null.aid import build_aid
from generator.games.null.bots import BOTS, DEFAULT_PLAYER, GreedyBot, PerfectBot
from generator.games.null.cli import group
from generator.games.null.generate import generate_row
from generator.games.null.model import Row, row_from_fields, row_to_fields
from generator.games.null.records import position_text, replay, result_text
from generator.games.null.rules import State, Take, new_state, validate_row
from generator.games.null.simulate import play_game, validate_simulation
from generator.produce import build


def state(counters: int = 10, first: int = 0, *takes: int) -> State:
    """A game on a row of ``counters``, ``first`` to start, after ``takes``."""
    s = State(Row(counters, first))
    for n in takes:
        s.apply(Take(n))
    return s


def refusal(s: State, move) -> str:
    """The engine's words for refusing ``move``; the state is left as it was."""
    before = (s.left, s.player, s.turn, list(s.taken), s.winner)
    with pytest.raises(RuleError) as refused:
        s.apply(move)
    assert (s.left, s.player, s.turn, list(s.taken), s.winner) == before
    return refused.value.message


# ---- the rules, each with a legal and an illegal case --------------------------------------------

def test_a_turn_takes_at_most_three():
    s = state(10)
    s.apply(Take(3))
    assert (s.left, s.current_player(), s.taken) == (7, 1, [3, 0])
    assert refusal(s, Take(4)) == "cannot take 4 counters: a turn takes at most 3"


def test_a_turn_takes_at_least_one():
    s = state(10)
    s.apply(Take(1))
    assert (s.left, s.current_player()) == (9, 1)
    assert refusal(s, Take(0)) == "cannot take 0 counters: a turn takes at least 1"
    assert refusal(s, Take(-2)) == "cannot take -2 counters: a turn takes at least 1"
    assert refusal(s, Take(1.5)) == ("cannot take 1.5 counters: a turn takes a whole number of "
                                     "them")


def test_a_turn_takes_no_more_than_the_row_holds():
    s = state(10, 0, 3, 3, 2)                       # 2 left
    assert refusal(s, Take(3)) == "cannot take 3 counters: only 2 counters are left in the row"
    s.apply(Take(1))
    assert refusal(s, Take(2)) == "cannot take 2 counters: only 1 counter is left in the row"
    s.apply(Take(1))
    assert s.is_over()


def test_whoever_takes_the_last_counter_wins_and_the_game_is_over():
    s = state(10, 0, 3, 3, 3)                       # A, B, A: 1 left, B to play
    assert (s.is_over(), s.winner, s.scores(), s.current_player()) == (False, None, [0, 0], 1)
    s.apply(Take(1))
    assert (s.is_over(), s.winner, s.scores(), s.legal_moves()) == (True, 1, [0, 1], [])
    assert refusal(s, Take(1)) == "the game is over: the row is empty"


def test_players_take_turns_from_the_rows_first_player():
    s = state(12, 1)
    assert s.current_player() == 1
    s.apply(Take(2))
    assert s.current_player() == 0
    s.apply(Take(2))
    assert s.current_player() == 1 and s.turn == 2


def test_only_a_take_is_a_move():
    assert refusal(state(), "take 2") == "not a move of the null game: 'take 2'"


def test_a_row_the_engine_cannot_play_is_an_input_error():
    with pytest.raises(InputError, match=r"^a row of 0 counters: a game needs at least one$"):
        State(Row(0, 0))
    with pytest.raises(InputError, match=r"^first player 2: use 0 to 1$"):
        State(Row(10, 2))


def test_every_offered_take_is_accepted_and_the_others_refused():
    for seed in range(30):
        rng = make_rng(seed)
        s = new_state(rng)
        while not s.is_over():
            offered = s.legal_moves()
            assert offered == [Take(n) for n in range(1, min(3, s.left) + 1)]
            for n in range(-1, 6):
                if Take(n) not in offered:
                    refusal(s, Take(n))
            for move in offered:
                trial = s.copy()
                trial.apply(move)
                assert trial.check_invariants() == [] and trial.left == s.left - move.count
            s.apply(offered[rng.randrange(len(offered))])
            assert s.check_invariants() == []


def test_a_copy_is_independent():
    s = state(10, 0, 2)
    other = s.copy()
    other.apply(Take(3))
    assert (s.left, s.taken, other.left, other.taken) == (8, [2, 0], 5, [2, 3])


def test_the_invariants_see_a_broken_state():
    s = state(10, 0, 2)
    s.taken[0] = 5
    s.winner = 0
    assert s.check_invariants() == [
        "taken [5, 0] and 8 left do not make the row's 10",
        "winner 0 with 8 counters left"]


# ---- the bots -----------------------------------------------------------------------------------

@pytest.mark.parametrize("left, takes", [(10, 2), (9, 1), (7, 3), (5, 1), (3, 3), (2, 2),
                                         (1, 1), (8, 1), (4, 1), (12, 1)])
def test_the_perfect_player_leaves_a_multiple_of_four(left, takes):
    """10 → leaves 8, 9 → 8, 7 → 4...; from 8, 4 or 12 nothing wins: it takes one."""
    assert PerfectBot().choose(state(left), make_rng(0)) == Take(takes)


def test_the_greedy_player_takes_all_it_may():
    assert GreedyBot().choose(state(10), make_rng(0)) == Take(3)
    assert GreedyBot().choose(state(10, 0, 3, 3, 2), make_rng(0)) == Take(2)


def test_the_perfect_player_beats_the_random_one_from_a_winning_position():
    for seed in range(200):
        game = play_game(Row(10, 0), seed, [PerfectBot(), RandomBot()])
        assert (game.winner, game.scores) == (0, [1, 0]), seed
    for seed in range(200):                         # the random player starts on 12: lost for it
        game = play_game(Row(12, 1), seed, [PerfectBot(), RandomBot()])
        assert game.winner == 0, seed


def test_perfect_play_from_a_losing_position_loses():
    game = play_game(Row(12, 0), 1, [PerfectBot(), PerfectBot()])
    assert (game.winner, game.turns) == (1, 6)      # A takes 1 each turn, B 3: 12 → 0 in 6


def test_the_bot_table():
    assert set(BOTS) == {"greedy", "perfect", "random"} and DEFAULT_PLAYER == "perfect"
    assert all(BOTS[name]().name == name for name in BOTS)


# ---- records ------------------------------------------------------------------------------------

#: A game at the table: 10 counters, player 2 starts; 2 takes 3 (7 left), 1 takes 1 (6),
#: 2 takes 2 (4), 1 takes 3 (1), 2 takes the last.
HAND = {"row": {"counters": 10, "first": 2},
        "moves": [{"player": 2, "do": "take", "count": 3}, {"do": "take", "count": 1},
                  {"player": 2, "do": "take", "count": 2}, {"do": "take", "count": 3},
                  {"do": "take", "count": 1}]}


def write(tmp_path, doc, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_record_written_by_hand_replays(tmp_path):
    path = write(tmp_path, HAND)
    result = replay(json.loads(path.read_text()), str(path))
    assert result.error is None and result.applied == 5
    assert position_text(result.state) == (
        "null game, after 5 turns; player 2 took the first turn\n"
        "  player 1: took 4 counters\n"
        "  player 2: took 6 counters\n"
        "  row: 0 of 10 counters left")
    assert result_text(result.state) == "winner: player 2 (took the last counter)"
    out = CliRunner().invoke(group, ["replay", str(path), "--step"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[:2] == [
        'move 1 (turn 1, player 2) {"do": "take", "count": 3}: 7 counters left; player 1 to play',
        'move 2 (turn 2, player 1) {"do": "take", "count": 1}: 6 counters left; player 2 to play']
    assert out.stdout.splitlines()[4] == ('move 5 (turn 5, player 2) {"do": "take", "count": 1}: '
                                          "the row is empty; game over")
    assert out.stdout.endswith("winner: player 2 (took the last counter)\n")


@pytest.mark.parametrize("moves, error", [
    ([3, 4], 'move 2 (turn 2, player 1) {"do": "take", "count": 4}: cannot take 4 counters: a '
             "turn takes at most 3"),
    ([3, 3, 3, 2], 'move 4 (turn 4, player 1) {"do": "take", "count": 2}: cannot take 2 '
                   "counters: only 1 counter is left in the row"),
    ([3, 0], 'move 2 (turn 2, player 1) {"do": "take", "count": 0}: cannot take 0 counters: a '
             "turn takes at least 1"),
    ([3, 3, 3, 1, 1], 'move 5 (turn 5, player 1) {"do": "take", "count": 1}: the game is over: '
                      "the row is empty"),
])
def test_an_illegal_record_move_stops_the_replay_with_the_rule(tmp_path, moves, error):
    doc = {"row": {"counters": 10, "first": 2}, "moves": [{"do": "take", "count": n}
                                                           for n in moves]}
    path = write(tmp_path, doc)
    result = replay(doc, str(path))
    assert result.error == f"{path}: {error}" and result.applied == len(moves) - 1
    out = CliRunner().invoke(group, ["replay", str(path)])
    assert out.exit_code == 1 and out.stderr == f"tombgen: error: {path}: {error}\n"


def test_a_record_move_by_the_wrong_player_is_refused(tmp_path):
    doc = {"row": {"counters": 10, "first": 1}, "moves": [{"player": 2, "do": "take",
                                                           "count": 1}]}
    assert replay(doc, "r.json").error == ('r.json: move 1 (turn 1, player 1) {"do": "take", '
                                           '"count": 1}: it is player 1\'s turn, not player 2\'s')


@pytest.mark.parametrize("change, message", [
    ({"moves": [{"do": "take", "count": "three"}]},
     "r.json [moves[0]] [count]: 'three' is not a number of counters from 0 to 25"),
    ({"moves": [{"do": "pass"}]}, "r.json [moves[0]] [do]: expected one of take"),
    ({"moves": [{"do": "take"}]}, 'r.json [moves[0]]: a take move needs "count"'),
    ({"row": {"counters": 10}}, "r.json [row]: missing key 'first' (a null row has counters and "
                                "first)"),
    ({"row": {"counters": 10.5, "first": 1}}, "r.json [row] [counters]: expected a whole "
                                              "number, got 10.5"),
    ({"extra": 1}, "r.json [extra]: unknown key; a null record has row, moves"),
])
def test_a_malformed_record_is_an_input_error_naming_the_place(change, message):
    with pytest.raises(InputError) as err:
        replay({**HAND, **change}, "r.json")
    assert err.value.message == message


def test_a_record_on_a_row_the_rules_refuse_is_a_rule_error():
    with pytest.raises(RuleError) as err:
        replay({**HAND, "row": {"counters": 26, "first": 1}}, "r.json")
    assert err.value.message == ("r.json [row]: not a valid row\nr.json [row]: 1 problem(s)\n"
                                 "  - counters: has 26 counters; a row has 10 to 25 "
                                 "[counter-count]")


def test_simulate_writes_a_document_and_records_that_replay(tmp_path):
    out, rec = tmp_path / "sim", tmp_path / "rec"
    result = CliRunner().invoke(group, ["simulate", "--games", "6", "--seed", "3", "--player",
                                        "perfect", "--player", "random", "--out", str(out),
                                        "--record", str(rec), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["format"] == "tombgen/null.simulation" and doc["players"] == ["perfect", "random"]
    assert validate_simulation(doc, "sim").ok
    assert sorted(p.name for p in out.iterdir()) == [
        "null-simulation-3-games-6-player-perfect-random.json"]
    names = sorted(p.name for p in rec.iterdir())
    assert names == [f"null-record-3-games-6-player-perfect-random-{n}.json" for n in range(1, 7)]
    for path in sorted(rec.iterdir()):
        record = json.loads(path.read_text())
        state = replay(record, str(path)).state
        assert state.is_over() and state.scores() == record["result"]["scores"]
    del doc["first_wins"]
    assert validate_simulation(doc, "sim").codes == {"missing-key"}


# ---- the row sheet ------------------------------------------------------------------------------

def test_a_generated_row_is_within_the_data(monkeypatch):
    rows = [generate_row(make_rng(seed)) for seed in range(300)]
    assert {r.counters for r in rows} == set(range(10, 26))
    assert {r.first for r in rows} == {0, 1}
    assert generate_row(make_rng(5), 12).counters == 12
    with pytest.raises(InputError, match=r"^--counters 9: a row has 10 to 25 counters$"):
        generate_row(make_rng(5), 9)


def test_a_row_validates_and_a_broken_one_is_reported_in_full():
    assert validate_row(Row(10, 0)).ok and validate_row(Row(25, 1)).ok
    report = validate_row(Row(9, 2))
    assert [tuple(v) for v in report.violations] == [
        ("counter-count", "has 9 counters; a row has 10 to 25", "counters"),
        ("first-player", "player 3 cannot start: the players are 1 to 2", "first")]
    assert validate_row(Row(26, 0)).codes == {"counter-count"}


def test_the_rows_json_fields_go_both_ways():
    assert row_to_fields(Row(14, 1)) == {"counters": 14, "first": 2}
    assert row_from_fields({"counters": 14, "first": 2}) == Row(14, 1)
    with pytest.raises(InputError, match=r"^x\.json \[first\]: expected a whole number, got true$"):
        row_from_fields({"counters": 14, "first": True}, "x.json")


def texts(built) -> list[str]:
    return [item.text for page in built.pages for item, _, _ in walk(page)
            if isinstance(item, Text)]


@pytest.mark.parametrize("lang, words", [
    ("en", ["The null game — a row to cross out", "A row of 14 counters", "Player 2, who starts",
            "Player 1", "1", "14"]),
    ("fr", ["Le jeu modèle — une rangée à barrer", "Une rangée de 14 jetons",
            "Joueur 2, qui commence", "Joueur 1", "graine 7"]),
])
def test_the_sheet_prints_the_row_and_a_line_for_each_player(lang, words):
    for paper, mono in (("a4", False), ("letter", True)):
        built = build("null", "row", 7, paper=paper, mono=mono, lang=lang,
                      options={"counters": 14})[0]
        found = texts(built)
        assert all(w in found for w in words), found
        assert "15" not in found and built.fields == {"counters": 14, "first": 2}
        sheet = make_sheet(paper, mono)
        page = built.pages[0]
        assert print_problems(page, sheet) + text_overlaps(page) \
            + legibility_problems(page, sheet) == []


# ---- the aid ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, example", [
    ("en", "Example: a row of 5; A takes 3, B takes 2. B took the last counter and wins."),
    ("fr", "Exemple\u00a0: une rangée de 5\u00a0; A en prend 3, B en prend 2. B a pris le dernier "
           "jeton et gagne."),
])
def test_the_aid_says_the_rules_with_the_datas_numbers(lang, example):
    aid = build_aid(catalogue(lang))
    said = [t for s in aid.sections for b in s.blocks for t in block_texts(b)]
    assert example in said
    if lang == "en":
        assert said[:2] == ["Lay out a row of 10 to 25 counters, or print a row sheet.",
                            "The sheet names the player who starts; without a sheet, pick one "
                            "at random."]
        assert "Take 1 to 3 counters from the row; on the sheet, cross them out from the left." \
            in said


def test_the_aid_fits_its_cards():
    from generator.aids.build import card_style
    from generator.aids.cards import make_cards

    for lang in ("en", "fr"):
        cat = catalogue(lang)
        pdf, plan = make_cards(build_aid(cat), cat, card_style("poker", 0.0, False), "null",
                               {"title": "null"})
        assert pdf.startswith(b"%PDF") and len(plan.pages) >= 1


# ---- out of the players' view (a game copied from the template drops these) ---------------------

def test_no_player_sees_the_template(tmp_path):
    from generator.batch.config import load_config
    from generator.cli import main

    runner = CliRunner()
    help_text = runner.invoke(main, ["--help"]).output
    assert "null" not in help_text
    assert runner.invoke(main, ["null", "row"]).exit_code == 2
    assert runner.invoke(main, ["aid", "null", "--out", str(tmp_path / "aid")]).exit_code == 2
    path = write(tmp_path, {**HAND, "format": "tombgen/null.record", "version": 1})
    assert runner.invoke(main, ["validate", str(path)]).exit_code == 2
    config = tmp_path / "batch.toml"
    config.write_text('[[item]]\ngame = "null"\nkind = "row"\nseed = 1\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_config(config)
    assert err.value.message == (f'{config}:2: item 1 (null row): unknown game "null"; choose one '
                                 'of realms, tut, tanis, tumba (or kind = "aid" with game = '
                                 '"all")')


def test_the_web_page_offers_no_template():
    from starlette.testclient import TestClient

    from generator.studio.app import make_app

    with TestClient(make_app(hosts=("testserver",))) as client:
        products = client.get("/api/products")
        assert products.status_code == 200 and '"null"' not in products.text
        assert client.get("/api/null/row.svg?seed=1").status_code == 404
