"""The same batch on a dask.distributed LocalCluster: byte-identical to the local pool."""

import pytest
from batch_support import example_config, tree, write

from generator.batch.run import run_batch
from generator.core.errors import InputError


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as running:
        yield running


def test_dask_output_is_byte_identical_to_local(tmp_path, cluster):
    config = write(tmp_path, example_config(light=True))
    local = run_batch(config, out=tmp_path / "local", jobs=2)
    remote = run_batch(config, out=tmp_path / "dask", dask=cluster.scheduler_address)
    assert remote.failures == [] and remote.built == local.built == 6
    assert tree(tmp_path / "dask") == tree(tmp_path / "local")  # manifest included


def test_verify_through_dask(tmp_path, cluster):
    from generator.batch.verify import verify_path

    config = write(tmp_path, example_config(light=True))
    run_batch(config, out=tmp_path / "out", jobs=1)
    checks = verify_path(tmp_path / "out", dask=cluster.scheduler_address)
    assert checks and all(c.ok for c in checks)


def test_failures_on_dask_are_reported_by_unit(tmp_path, cluster):
    import batch_faults

    config = write(tmp_path, '[[item]]\ngame = "tanis"\nkind = "dig"\ncount = 3\nseed = 2\n')
    outcome = run_batch(config, out=tmp_path / "out", dask=cluster.scheduler_address,
                        unit_fn=batch_faults.always_fail)
    assert [(f.unit.item, f.unit.sub) for f in outcome.failures] == [(0, 1)]
    assert "injected failure" in outcome.failures[0].message


def test_unreachable_scheduler_is_a_usage_error():
    from generator.core.executor import DaskExecutor

    with pytest.raises(InputError, match="cannot reach a scheduler"):
        DaskExecutor("tcp://127.0.0.1:9", timeout=1)
