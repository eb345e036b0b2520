"""The guard in conftest.py that fails a run which changes the checkout: it sees a file written,
changed or removed, and not what Python or the tools write (byte code, caches)."""

import os

from checkout import changes, checkout_state


def test_the_guard_sees_files_written_changed_and_removed(tmp_path):
    (tmp_path / "kept.txt").write_text("a")
    (tmp_path / "gone.txt").write_text("b")
    (tmp_path / "edited.txt").write_text("c")
    before = checkout_state(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "new.pdf").write_bytes(b"%PDF")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "edited.txt").write_text("cc")
    assert changes(before, checkout_state(tmp_path)) == [
        "written: output/new.pdf", "removed: gone.txt", "changed: edited.txt"]


def test_the_guard_sees_a_rewrite_of_the_same_size(tmp_path):
    path = tmp_path / "same.txt"
    path.write_text("a")
    before = checkout_state(tmp_path)
    path.write_text("b")
    os.utime(path, ns=(1, 1))
    assert changes(before, checkout_state(tmp_path)) == ["changed: same.txt"]


def test_the_guard_leaves_out_byte_code_and_tool_caches(tmp_path):
    before = checkout_state(tmp_path)
    for folder in ("__pycache__", ".ruff_cache", "tombgen.egg-info", ".git"):
        (tmp_path / "pkg" / folder).mkdir(parents=True)
        (tmp_path / "pkg" / folder / "x").write_text("x")
    assert changes(before, checkout_state(tmp_path)) == []


def test_a_parallel_run_that_writes_into_the_checkout_fails(tmp_path):
    """The suite runs on pytest-xdist workers (``-n``): the guard still fails the run, naming
    the file, though the test that wrote it passed on a worker."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent
    (tmp_path / "tests").mkdir()
    for name in ("conftest.py", "checkout.py"):
        shutil.copy(root / name, tmp_path / "tests" / name)
    (tmp_path / "tests" / "test_writes.py").write_text(
        "from pathlib import Path\n\n"
        "def test_writes():\n"
        "    (Path(__file__).parents[1] / 'stray.pdf').write_bytes(b'%PDF')\n\n"
        "def test_other():\n"
        "    assert True\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider",
                          "--rootdir", str(tmp_path), "tests"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout[-2000:]
    assert "the test run changed the checkout (1 files)" in run.stdout
    assert "written: stray.pdf" in run.stdout
