"""Conformance over the registry: every product and every engine obeys the shared contract.

For every product: many seeds generate → validate → render, pages pass the print checks, and the
same seed twice gives identical SVG, PDF and JSON bytes. For every engine: random legal games run
to the end with the state's invariants checked after every move. The template package (``null``,
the one a new game copies) is held to the same contract as the games.
"""

import pytest

from generator.core.play import RandomBot, play
from generator.core.rng import make_rng
from generator.draw.checks import print_problems
from generator.draw.paper import make_sheet
from generator.produce import build, render_files
from generator.registry import game, games, resolve, templates

SPECS = games() + templates()
PRODUCTS = [(g.name, p.kind) for g in SPECS for p in g.products]
ENGINES = [g.name for g in SPECS if g.engine]
SEEDS = range(12)


@pytest.mark.parametrize("game_name, kind", PRODUCTS)
def test_generate_validate_render_print_rules(game_name, kind):
    for seed in SEEDS:
        for paper, mono in (("a4", False), ("letter", True)):
            built = build(game_name, kind, seed, paper=paper, mono=mono)[0]
            assert built.pages, f"{game_name} {kind} seed {seed}: no pages"
            sheet = make_sheet(paper, mono)
            for page in built.pages:
                assert (page.width, page.height) == (sheet.width, sheet.height)
                assert print_problems(page, sheet) == [], (seed, paper, mono)
                assert page.footer and str(seed) in page.footer


@pytest.mark.parametrize("game_name, kind", PRODUCTS)
def test_same_seed_same_bytes(game_name, kind):
    for seed in (3, 77):
        first = render_files(build(game_name, kind, seed), ("svg", "pdf", "json"))
        second = render_files(build(game_name, kind, seed), ("svg", "pdf", "json"))
        assert first == second
    other = render_files(build(game_name, kind, 4), ("json",))
    assert other != render_files(build(game_name, kind, 3), ("json",))


@pytest.mark.parametrize("game_name", ENGINES)
def test_random_games_end_with_invariants(game_name):
    new_state = resolve(game(game_name).engine)
    for seed in range(20):
        rng = make_rng(seed)
        state = new_state(rng)
        result = play(state, [RandomBot()] * 8, rng, check=True)
        assert not result.capped, f"{game_name} seed {seed} did not end"
        assert state.is_over()
