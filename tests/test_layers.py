"""The package's import graph: imports only go down the layers, and no module imports itself
back through others (docs/design.md: layers).

Layers, bottom to top:
  0 core      generator (the package itself), generator.core
  1 draw      generator.draw
  2 pipeline  generator.registry, generator.runs, generator.produce, generator.validate,
              generator.clikit, generator.guard
  3 games     generator.games (no game imports another game)
  4 features  generator.aids, generator.batch, generator.studio
  5 cli       generator.cli, generator.__main__

The graph is read statically (``ast``) from every ``import`` in every module, including those
inside functions (a lazy import is still a dependency); imports under ``if TYPE_CHECKING:`` are
left out, since they never run. Game code reached through the registry's ``module:attribute``
strings is not an import: that is how the lower layers call the games without depending on them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"

LAYERS = (
    ("core", ("generator", "generator.core")),
    ("draw", ("generator.draw",)),
    ("pipeline", ("generator.registry", "generator.produce", "generator.validate",
                  "generator.clikit", "generator.runs", "generator.guard")),
    ("games", ("generator.games",)),
    ("features", ("generator.aids", "generator.batch", "generator.studio")),
    ("cli", ("generator.cli", "generator.__main__")),
)


def layer_of(module: str) -> int:
    """The layer of a module: the longest prefix that names one decides."""
    best, found = -1, None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    if found is None:
        raise AssertionError(f"{module} is in no layer; add it to LAYERS (and to docs/design.md)")
    return found


def module_names(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name → file, for every module of the package."""
    names = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _runtime_nodes(tree: ast.AST):
    """Every node except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules ``name`` (the module in ``path``) imports."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                if path.name != "__init__.py":
                    parts.pop()
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    names = module_names(package)
    return {name: imports_of(name, path, set(names)) for name, path in names.items()}


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Imports that go up a layer, or from one game into another."""
    bad = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if layer_of(target) > layer_of(module):
                bad.append(f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} "
                           f"({LAYERS[layer_of(target)][0]})")
            elif _game(module) and _game(target) and _game(module) != _game(target):
                bad.append(f"{module} imports another game's {target}")
    return bad


def _game(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_imports_only_go_down():
    assert upward(import_graph()) == []


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_every_module_has_a_layer():
    for module in module_names():
        layer_of(module)


def test_the_graph_sees_lazy_and_relative_imports_but_not_type_checking(tmp_path):
    pkg = tmp_path / "generator"
    (pkg / "core").mkdir(parents=True)
    (pkg / "games" / "tut").mkdir(parents=True)
    (pkg / "games" / "realms").mkdir(parents=True)
    (pkg / "batch").mkdir()
    for folder in (pkg, pkg / "core", pkg / "games", pkg / "games" / "tut",
                   pkg / "games" / "realms", pkg / "batch"):
        (folder / "__init__.py").write_text("")
    (pkg / "core" / "a.py").write_text("def f():\n    from generator.batch import run\n")
    (pkg / "batch" / "run.py").write_text("from ..core import a\n")
    (pkg / "games" / "tut" / "rules.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from generator.batch import run\n"
        "from generator.games.realms import bots\n")
    (pkg / "games" / "realms" / "bots.py").write_text("")
    graph = import_graph(pkg)
    assert graph["generator.core.a"] == {"generator.batch.run"}
    assert graph["generator.batch.run"] == {"generator.core.a"}
    assert graph["generator.games.tut.rules"] == {"generator.games.realms.bots"}
    assert cycles(graph) == [["generator.batch.run", "generator.core.a"]]
    assert upward(graph) == [
        "generator.core.a (core) imports generator.batch.run (features)",
        "generator.games.tut.rules imports another game's generator.games.realms.bots"]


@pytest.mark.parametrize("module, layer", [
    ("generator", "core"), ("generator.core.executor", "core"), ("generator.draw.content", "draw"),
    ("generator.clikit", "pipeline"), ("generator.games.tanis.cli", "games"),
    ("generator.batch.config", "features"), ("generator.cli", "cli")])
def test_layer_of(module, layer):
    assert LAYERS[layer_of(module)][0] == layer


#: The rendering libraries and the one module of ``generator.draw`` allowed to import each.
BACKENDS = {"svgwrite": "generator.draw.svg", "reportlab": "generator.draw",
            "weasyprint": "generator.draw.documents"}


def third_party_imports(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports, lazy imports included."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_only_the_backends_import_the_rendering_libraries():
    bad = [f"{name} imports {lib}" for name, path in sorted(module_names().items())
           for lib in sorted(third_party_imports(path) & set(BACKENDS))
           if not (name == BACKENDS[lib] or name.startswith(BACKENDS[lib] + "."))]
    assert bad == []


def test_the_svg_backend_writes_with_svgwrite():
    assert "svgwrite" in third_party_imports(PACKAGE / "draw" / "svg.py")


def test_help_imports_no_rendering_library():
    import subprocess
    import sys

    code = ("import sys\nfrom generator.cli import main\ntry:\n    main(['--help'])\n"
            "except SystemExit:\n    pass\n"
            f"print(sorted(set({sorted(BACKENDS)!r}) & {{m.split('.')[0] for m in sys.modules}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
