"""Simulations on the batch executors: the same records for any number of workers."""

import json

from generator.cli import main
from generator.core.executor import InProcess, LocalPool
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


def test_tanis_simulate_cli_jobs(runner, tmp_path):
    args = ["tanis", "simulate", "--games", "60", "--seed", "4", "--json", "--out", str(tmp_path)]
    one = runner.invoke(main, args)
    two = runner.invoke(main, args + ["--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_run_games_same_results_in_game_order_for_any_executor():
    from functools import partial

    from generator.core.play import run_games
    from generator.core.rng import derive_seed

    plain = run_games(partial(pow, 1), 7, 3)  # any picklable play_fn: 1 ** seed == 1
    assert plain == [1] * 7
    seeds = run_games(int, 9, 5, first=2)
    assert seeds == [derive_seed(5, i) for i in range(2, 11)]
    pool = LocalPool(2)
    try:
        assert run_games(int, 9, 5, pool, chunk=2, first=2) == seeds  # short last chunk
    finally:
        pool.close()
    assert run_games(int, 9, 5, InProcess(), chunk=4, first=2) == seeds


def test_tut_simulate_cli_jobs(runner, tmp_path):
    outs = []
    for jobs in ("1", "2"):
        result = runner.invoke(main, ["tut", "simulate", "--players", "3", "--games", "60",
                                      "--seed", "6", "--out", str(tmp_path / jobs),
                                      "--jobs", jobs])
        assert result.exit_code == 0, result.output
        doc = (tmp_path / jobs / "tut-simulation-6-players-3-games-60.json").read_bytes()
        outs.append((result.output.replace(str(tmp_path / jobs), "X"), doc))
    assert outs[0] == outs[1] and json.loads(outs[0][1])["games"] == 60


def test_tumba_simulate_cli_jobs(runner, tmp_path):
    args = ["tumba", "simulate", "--players", "3", "--games", "55", "--player", "random",
            "--seed", "8", "--json"]
    one, two = (runner.invoke(main, args + ["--jobs", jobs, "--out", str(tmp_path / jobs)])
                for jobs in ("1", "2"))
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    # the summary (stderr) and the JSON
    assert one.output.replace(str(tmp_path / "1"), "X") == two.output.replace(
        str(tmp_path / "2"), "X")
    assert json.loads(one.stdout)["games"] == 55


def test_realms_simulate_cli_jobs_with_records(runner, tmp_path):
    def read(result, jobs):
        folder = tmp_path / jobs
        files = {p.name: p.read_bytes() for p in sorted((folder / "rec").iterdir())}
        return result.output, (folder / "realms-simulation-5-games-52.json").read_bytes(), files

    args = ["realms", "simulate", "--games", "52", "--seed", "5"]
    outs = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        result = runner.invoke(main, args + ["--out", str(folder), "--record",
                                             str(folder / "rec"), "--jobs", jobs])
        assert result.exit_code == 0, result.output
        outs.append(read(result, jobs))
    assert outs[0][0].replace(str(tmp_path / "1"), "X") == outs[1][0].replace(
        str(tmp_path / "2"), "X")
    assert outs[0][1:] == outs[1][1:] and len(outs[0][2]) == 52


def test_realms_map_rating_jobs(runner, tmp_path, monkeypatch):
    import generator.core.executor as ex

    made = []
    real = ex.make_executor
    monkeypatch.setattr(ex, "make_executor", lambda *a: made.append(a) or real(*a))
    results = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        result = runner.invoke(main, ["realms", "map", "--size", "12", "--rating-games", "60",
                                      "--seed", "4", "--format", "json", "--out", str(folder),
                                      "--jobs", jobs])
        assert result.exit_code == 0, result.output
        results.append((result.output.replace(str(folder), "X"),
                        (folder / "realms-map-4-size-12-rating-games-60.json").read_bytes(),
                        (folder / "realms-map-4-size-12-rating-games-60.toml").read_bytes()))
    assert results[0] == results[1]
    rating = json.loads(results[0][1])["rating"]
    assert rating["max_games"] == 60 and rating["games"] <= 60
    assert made == [(2, None)]  # --jobs 2 rated on a pool; --jobs 1 in this process
