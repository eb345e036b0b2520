"""One shape for every game: the same roles, each a module or a package, so that knowing one
game means knowing all four (as tests/test_layers.py keeps the layers).

A game package holds its ``SPEC`` in ``__init__`` and these roles: ``model`` (its data and
types), ``rules`` (the engine: ``new_state`` and a State with the play protocol), ``generate``,
``render``, ``bots``, ``simulate``, ``records``, ``claims`` (the rule texts' executable
examples), ``aid`` and ``cli``. The template package (``null``, the one a new game copies) is
held to the same shape. Any other module is a role's part named after it
(``rules_board``, ``render_table``) or one of the few listed below with what it is; a role
grown large is a package with a public ``__init__`` (Hidden Realms' engine, maps, players and
sheet); Hidden Realms keeps at most 14 modules at its top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.core.rng import make_rng
from generator.registry import GAME_PACKAGES, TEMPLATE_PACKAGES, game, resolve

GAMES = Path(__file__).resolve().parent.parent / "generator" / "games"
#: The games and the templates: every package of generator/games has the shape.
PACKAGES = GAME_PACKAGES + TEMPLATE_PACKAGES
ROLES = ("model", "rules", "generate", "render", "bots", "simulate", "records", "claims", "aid",
         "cli")
#: Modules that are no role's part, per game, with what each is.
OTHERS = {
    "realms": {"mapfile": "the hand-made map file format (TOML)",
               "pictograms": "the sheet's drawn symbols",
               "products": "the sheet and map products of the registry",
               "rating": "a map's difficulty from simulated play",
               "sheet_text": "the sheet's words, from the catalogue"},
    "tut": {"balance": "how even a trail is for the players",
            "pictograms": "the tiles' drawn symbols"},
    "tanis": {},
    "tumba": {"moves": "the move types, shared by the engine, bots and records"},
    "null": {},
}
MAX_TOP = 14


def top(name: str, games: Path = GAMES) -> tuple[set[str], set[str]]:
    """(modules, packages) at the top of a game package, ``__init__`` left out."""
    root = games / name
    modules = {p.stem for p in root.glob("*.py") if p.stem != "__init__"}
    packages = {p.name for p in root.iterdir() if (p / "__init__.py").is_file()}
    return modules, packages


def test_every_package_of_the_games_folder_is_a_game_or_a_template():
    found = {p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file()}
    assert found == set(PACKAGES)


@pytest.mark.parametrize("name", PACKAGES)
def test_every_game_has_every_role(name):
    modules, packages = top(name)
    assert [r for r in ROLES if r not in modules | packages] == []


@pytest.mark.parametrize("name", PACKAGES)
def test_every_other_module_is_a_roles_part_or_says_what_it_is(name):
    modules, packages = top(name)
    loose = {m for m in modules | packages
             if m not in ROLES and m.split("_")[0] not in ROLES}
    assert loose == set(OTHERS[name])


def test_hidden_realms_keeps_its_top_short():
    modules, packages = top("realms")
    assert len(modules) <= MAX_TOP and packages == {"rules", "generate", "bots", "render"}


@pytest.mark.parametrize("name", PACKAGES)
def test_a_role_that_is_a_package_has_a_public_face(name):
    _, packages = top(name)
    for package in packages:
        init = GAMES / name / package / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        parts = sorted(p.stem for p in init.parent.glob("*.py") if p.stem != "__init__")
        assert package in ROLES, package
        assert all(f":mod:`.{part}`" in doc for part in parts), (package, parts)


@pytest.mark.parametrize("name", PACKAGES)
def test_rules_is_the_engine(name):
    spec = game(name)
    assert spec.engine == f"generator.games.{name}.rules:new_state"
    state = resolve(spec.engine)(make_rng(1))
    for method in ("legal_moves", "apply", "is_over", "scores", "current_player",
                   "check_invariants"):
        assert callable(getattr(state, method)), method
    assert type(state).__module__.startswith(f"generator.games.{name}.rules")


def test_the_check_sees_a_missing_role_and_a_stray_module(tmp_path):
    game_dir = tmp_path / "demo"
    game_dir.mkdir()
    for role in ROLES[:-1]:
        (game_dir / f"{role}.py").write_text("")
    (game_dir / "rules_board.py").write_text("")
    (game_dir / "helpers.py").write_text("")
    modules, packages = top("demo", tmp_path)
    assert [r for r in ROLES if r not in modules | packages] == ["cli"]
    assert {m for m in modules if m not in ROLES and m.split("_")[0] not in ROLES} == {"helpers"}


def _bound(tree: ast.Module) -> set[str]:
    """The names a module binds at its top: imports, definitions, assignments."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            out |= {t.id for t in ast.walk(node) if isinstance(t, ast.Name)
                    and isinstance(t.ctx, ast.Store)}
    return out


@pytest.mark.parametrize("name", PACKAGES)
def test_no_module_of_a_package_hides_a_name_of_its_face(name):
    """Importing ``pkg.x`` sets the package's name ``x`` to the module: a function ``x`` its
    ``__init__`` imported (as ``data`` from the model) would be replaced by it."""
    _, packages = top(name)
    for package in packages:
        init = GAMES / name / package / "__init__.py"
        parts = {p.stem for p in init.parent.glob("*.py")} - {"__init__"}
        assert parts & _bound(ast.parse(init.read_text(encoding="utf-8"))) == set(), package
