"""Fresh builds equal the golden files (scene logs and JSON) made by tests/golden/rebuild.py."""

import importlib.util
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
_spec = importlib.util.spec_from_file_location("golden_rebuild", GOLDEN / "rebuild.py")
rebuild = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rebuild)

CASES = list(rebuild.cases())


@pytest.mark.parametrize("case", CASES, ids=lambda c: rebuild.golden_name(*c))
def test_matches_golden(case):
    name = rebuild.golden_name(*case)
    scene_file, json_file = GOLDEN / f"{name}.scene.txt", GOLDEN / f"{name}.json"
    assert scene_file.exists(), f"no golden for {name}: run python tests/golden/rebuild.py"
    scene, doc = rebuild.render_case(*case)
    assert scene == scene_file.read_text(encoding="utf-8"), \
        f"{name}: scene changed; if intended, run python tests/golden/rebuild.py and review"
    assert doc == json_file.read_text(encoding="utf-8")


def test_golden_header_says_what_made_it_and_what_was_checked():
    notes = rebuild.review_notes()
    for path in GOLDEN.glob("*.scene.txt"):
        made, reviewed = path.read_text(encoding="utf-8").splitlines()[:2]
        assert made.startswith("# golden: tombgen "), path.name
        assert reviewed == f"# reviewed: {notes[path.name.removesuffix('.scene.txt')]}"


def test_every_golden_file_is_a_case():
    # a case dropped from rebuild.py must not leave its files behind, nor its review note
    names = {rebuild.golden_name(*c) for c in CASES}
    on_disk = {p.name.split(".")[0] for p in GOLDEN.glob("*.*") if p.suffix in (".txt", ".json")}
    assert on_disk == names
    assert set(rebuild.review_notes()) == names
