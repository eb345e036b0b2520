"""Simulations on the batch executors: the same records for any number of workers."""

import json

from generator.batch.executor import InProcess, LocalPool
from generator.cli import main
from generator.games.tanis.simulate import CHUNK, simulate, summarize


def test_tanis_simulate_chunks_give_the_same_records():
    games = CHUNK * 2 + 7  # a short last chunk
    plain = simulate(games, 11, style="classic")
    pool = LocalPool(2)
    try:
        spread = simulate(games, 11, style="classic", executor=pool)
    finally:
        pool.close()
    assert spread == plain
    assert simulate(games, 11, style="classic", executor=InProcess()) == plain
    assert summarize(spread, ("greedy", "greedy")) == summarize(plain, ("greedy", "greedy"))


def test_tanis_simulate_cli_jobs(runner):
    one = runner.invoke(main, ["tanis", "simulate", "--games", "60", "--seed", "4", "--json"])
    two = runner.invoke(main, ["tanis", "simulate", "--games", "60", "--seed", "4", "--json",
                               "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert json.loads(one.output) == json.loads(two.output)
