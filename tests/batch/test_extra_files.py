"""Extra files of a product (a Realms map's .toml): written by every run, recorded by a batch,
checked by `tombgen verify`."""

import json

from batch_support import write

from generator.batch.run import run_batch
from generator.batch.verify import verify_path
from generator.cli import main

MAP_ITEM = ('[[item]]\ngame = "realms"\nkind = "map"\nsize = "12"\nrating_games = 20\ncount = 2\n'
            'seed = 31\nformat = ["svg", "json"]\n')


def test_batch_writes_records_and_verifies_the_map_files(runner, tmp_path):
    out = tmp_path / "out"
    run_batch(write(tmp_path, MAP_ITEM), out=out, jobs=1)
    files = {e["name"]: e for e in json.loads((out / "manifest.json").read_text())["files"]}
    for n in (1, 2):
        name = f"realms-map-31-size-12-rating-games-20-count-2-{n}.toml"
        assert files[name]["format"] == "toml" and files[name]["sub"] == n
        assert (out / name).read_bytes().startswith(b"#")  # the map file's legend comment
        assert runner.invoke(main, ["validate", str(out / name)]).exit_code == 0
    result = runner.invoke(main, ["verify", str(out)])
    assert result.exit_code == 0, result.output
    assert "ok       realms-map-31-size-12-rating-games-20-count-2-2.toml" in result.output
    path = out / "realms-map-31-size-12-rating-games-20-count-2-2.toml"
    path.write_text(path.read_text().replace("name =", "name  ="))
    checks = {c.name: c.status for c in verify_path(out, jobs=1)}
    assert checks["realms-map-31-size-12-rating-games-20-count-2-2.toml"] == "MISMATCH"
    assert sum(1 for s in checks.values() if s != "ok") == 1


def test_the_command_writes_the_same_map_file_as_the_batch(runner, tmp_path):
    result = runner.invoke(main, ["realms", "map", "--size", "12", "--rating-games", "20",
                                  "--count", "2", "--seed", "31", "--format", "svg,json",
                                  "--out", str(tmp_path / "cmd")])
    assert result.exit_code == 0, result.output
    assert "realms-map-31-size-12-rating-games-20-count-2-1.toml (toml, " in result.output
    run_batch(write(tmp_path, MAP_ITEM), out=tmp_path / "batch", jobs=1)
    for n in (1, 2):
        name = f"realms-map-31-size-12-rating-games-20-count-2-{n}.toml"
        assert (tmp_path / "cmd" / name).read_bytes() == (tmp_path / "batch" / name).read_bytes()
