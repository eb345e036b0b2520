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
