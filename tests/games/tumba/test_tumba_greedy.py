"""The greedy bot against its known faults, with the bot as it was (reference_greedy.py) kept to
show each fault: it takes a tomb entry whenever one is offered unless another move gains more,
counts a line's completion once, plays 1-1-1 as the Golden Triple, and plays Seth's Trick only
when a relocation opens an entry. Expected values are worked by hand from the bot's documented
scale (bots_advanced: an entry is 100, a mummy on a line 5 + its row, a full 1-2 chamber line
60 more)."""

import pytest
from games.tumba.reference_greedy import OldGreedyBot
from games.tumba.tumba_helpers import position

from generator.core.rng import make_rng
from generator.games.tumba.bots import GreedyBot
from generator.games.tumba.bots_advanced import Look
from generator.games.tumba.generate import advanced_setup
from generator.games.tumba.model import Line
from generator.games.tumba.moves import GOLDEN, PASS, ROLL, SETH, Golden, Place, Seth
from generator.games.tumba.rules import State
from generator.games.tumba.rules_roll import all_rolls

# The non-triple rolls with a group summing to 11 or 12 (a secret passage on the standard
# board): a pair 5+6 or 6+6, or all three dice.
ENTRY_ROLLS = [(1, 4, 6), (1, 5, 5), (1, 5, 6), (1, 6, 6), (2, 3, 6), (2, 4, 5), (2, 4, 6),
               (2, 5, 5), (2, 5, 6), (2, 6, 6), (3, 3, 5), (3, 3, 6), (3, 4, 4), (3, 4, 5),
               (3, 5, 6), (3, 6, 6), (4, 5, 6), (4, 6, 6), (5, 5, 6), (5, 6, 6)]
# The ones the old bot played elsewhere on an empty board.
OLD_SKIPS = [(1, 5, 5), (1, 5, 6), (1, 6, 6), (2, 4, 6), (2, 5, 5), (2, 6, 6), (3, 3, 6),
             (3, 6, 6), (4, 6, 6), (5, 5, 6), (5, 6, 6)]
TRIPLES = [(n, n, n) for n in range(1, 7)]


def enters(state, move) -> bool:
    return type(move) is Golden or (type(move) is Place and any(
        state.board.passage[n] for n in move.lines))


def picks(bot, dice):
    state = position(dice=dice)
    return state, bot.choose(state, make_rng(1))


def test_the_rolls_that_offer_an_entry_on_an_empty_board():
    offering = [d for d in all_rolls()
                if any(enters(position(dice=d), m) for m in position(dice=d).legal_moves())]
    assert offering == sorted(ENTRY_ROLLS + TRIPLES)


@pytest.mark.parametrize("dice", ENTRY_ROLLS)
def test_an_entry_offered_on_an_empty_board_is_taken(dice):
    state, move = picks(GreedyBot(), dice)
    assert enters(state, move), move


def test_the_old_bot_skipped_eleven_of_the_twenty():
    skipped = [d for d in ENTRY_ROLLS if not enters(*picks(OldGreedyBot(), d))]
    assert skipped == OLD_SKIPS


@pytest.mark.parametrize("dice", TRIPLES)
def test_a_triple_is_played_as_the_golden_triple(dice):
    assert picks(GreedyBot(), dice)[1] is GOLDEN


def test_the_old_bot_played_1_1_1_as_an_osiris_line():
    assert picks(OldGreedyBot(), (1, 1, 1))[1] == Place((1, 1, 1))


def test_a_lines_completion_counts_once():
    look = Look(position(dice=(2, 3, 5)))
    assert look.place_value((5, 5)) == 2 * (5 + 3) + 60       # not twice the 60
    assert look.place_value((10,)) == (5 + 5) + 60            # a 1-chamber line filled
    assert look.place_value((2, 3, 5)) == (5 + 1) + (5 + 2) + (5 + 3)
    assert look.place_value((1, 11)) == (5 + 1) + 100         # a passage is an entry


def test_an_osiris_line_is_an_entry_less_the_mummies_sent_home():
    look = Look(position(cells={1: "00."}, dice=(1, 3, 4)))
    assert look.place_value((1, 3, 4)) == (100 - 2 * (5 + 1)) + (5 + 2) + (5 + 2)
    assert Look(position(dice=(1, 1, 1))).place_value((1, 1, 1)) == 100


def test_the_golden_triple_second_roll_is_taken():
    state = position(dice=(4, 4, 4))
    state.apply(GOLDEN)
    assert state.legal_moves() == [ROLL, PASS]
    assert GreedyBot().choose(state, make_rng(1)) is ROLL


# ---- Seth's Trick only when it gains -----------------------------------------------------------

def test_no_seths_trick_without_an_entry_to_open():
    state = position(mode="advanced", cells={1: "01.", 2: "1.0"})
    state.enter_start()
    assert SETH in state.legal_moves()
    assert Look(state).seth_entries() == set()
    assert GreedyBot().choose(state, make_rng(1)) is ROLL


def test_no_seths_trick_when_the_board_offers_an_entry_already():
    # Line 1: player 0 at depth 2 behind an enemy at depth 1: a jump into the tomb after rolling.
    state = position(mode="advanced", cells={1: "10.", 3: "110"})
    state.enter_start()
    assert Look(state).attack_now() == 100 and Look(state).seth_entries() == set()
    assert GreedyBot().choose(state, make_rng(1)) is ROLL


def test_seths_trick_when_a_relocation_opens_an_entry_worth_more_than_a_roll():
    sizes = [2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 1, 0]
    layout = tuple(Line(n, i == 11) for i, n in enumerate(sizes))
    state = position(mode="advanced", layout=layout, cells={5: "110"})
    state.enter_start()
    look = Look(state)
    assert look.roll_expectation() + look.attack_now() < 100
    assert GreedyBot().choose(state, make_rng(1)) is SETH


def brute_entries(state) -> set:
    """Every relocation after which a jump of the player to move ends in the tomb or on a
    passage, found by making each relocation on a copy of the board."""
    p, out = state.current, set()
    for move in state.seth_moves():
        board = state.board.copy()
        board.seth(move.source, move.end, move.target)
        if any(board.lands_in_tomb(j[4], j[5]) for n, d in board.occupied(p)
               for j in board.jumps(p, n, d, False)):
            out.add(move)
    return out


def test_the_relocations_found_are_those_that_open_an_entry():
    looked = found = 0
    for seed in range(30):
        rng = make_rng(seed)
        state = State(2, advanced_setup(rng, 2).lines, "advanced", None, seed=rng.getrandbits(32))
        bots = [GreedyBot(), GreedyBot()]
        while not state.is_over() and state.turn < 300:
            if state.phase == "start" and any(type(m) is Seth for m in state.legal_moves()):
                look = Look(state)
                if look.attack_now() < 100:
                    expected = brute_entries(state)
                    assert look.seth_entries() == expected, (seed, state.turn)
                    looked += 1
                    found += bool(expected)
            state.apply(bots[state.current].choose(state, rng))
    assert looked > 200 and found > 20
