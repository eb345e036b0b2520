"""Limits of one run (seeds/limits.toml): beyond one, exit 2 naming the limit and the way to
do more, before any work. The numbers are pinned here as the naming table of docs/options.md gives them."""

import os

import pytest

from generator.cli import main
from generator.core.errors import InputError


def cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


@pytest.mark.parametrize("args, words", [
    (["tanis", "dig", "--count", "1001"], ["at most 1,000", "tombgen batch"]),
    (["tanis", "simulate", "--games", "100001"], ["at most 100,000", "other --seed"]),
    (["tanis", "simulate", "--games", str(10 ** 20)], ["at most 100,000"]),
    (["tut", "trail", "--rating-games", "10001"], ["at most 10,000"]),
    (["realms", "map", "--rating-games", "10001"], ["at most 10,000"]),
    (["tumba", "simulate", "--max-turns", "100001"], ["at most 100,000"]),
    (["tanis", "simulate", "--jobs", "100000"], ["per CPU", "--dask"]),
])
def test_beyond_a_limit_is_exit_2_with_the_way_to_do_more(runner, tmp_path, args, words):
    result = runner.invoke(main, args + ["--out", str(tmp_path)])
    assert result.exit_code == 2
    for word in words:
        assert word in result.output
    assert list(tmp_path.iterdir()) == []


def test_at_the_limit_is_accepted(runner, tmp_path):
    # --jobs 4 per CPU is allowed; one more is not
    most = 4 * cpus()
    ok = runner.invoke(main, ["tanis", "simulate", "--games", "1", "--seed", "1", "--jobs",
                              str(most), "--out", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    over = runner.invoke(main, ["tanis", "simulate", "--games", "1", "--jobs", str(most + 1),
                                "--out", str(tmp_path)])
    assert over.exit_code == 2 and f"at most {most} here" in over.output


def test_library_callers_get_the_same_limits():
    from generator.core.executor import make_executor
    from generator.produce import build, make_request

    with pytest.raises(InputError, match="--count 1001: at most 1,000"):
        make_request("tanis", "dig", {"count": 1001})
    with pytest.raises(InputError, match="--rating-games 20000: at most 10,000"):
        make_request("tut", "trail", {"rating_games": 20000})
    with pytest.raises(InputError, match="--count 5000"):
        build("tanis", "dig", 1, count=5000)
    with pytest.raises(InputError, match="--jobs 100000: at most"):
        make_executor(100000)


def test_batch_counts(tmp_path):
    from generator.batch.config import load_config

    item = '[[item]]\ngame = "tumba"\nkind = "setup"\ncount = {count}\nseed = {seed}\n'
    one = tmp_path / "one.toml"
    one.write_text(item.format(count=1001, seed=1))
    with pytest.raises(InputError, match=r"one.toml:4: .*--count.*1001.* at most 1,000"):
        load_config(one)
    many = tmp_path / "many.toml"
    many.write_text("".join(item.format(count=1000, seed=s) for s in range(21)))
    with pytest.raises(InputError, match=r"21000: at most 20,000 .*split the config"):
        load_config(many)
    tables = tmp_path / "tables.toml"
    tables.write_text("".join(item.format(count=1, seed=s) for s in range(1001)))
    with pytest.raises(InputError, match=r"1001: at most 1,000 .*batch_items"):
        load_config(tables)
