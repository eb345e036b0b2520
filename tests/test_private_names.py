"""No module reads another module's private names: a name starting with one underscore is
its module's own (a function, a class, a module constant, an attribute a class of that module
sets on ``self``). Reading one from elsewhere couples two modules through what one of them
may change freely; a name another module needs is made public, with a docstring.

Checked statically over ``generator/``: ``from generator.x import _name``, ``module._name``
and ``obj._name`` where ``_name`` is defined in another module of the package and nowhere in
the reading one. Names of the standard library or other packages (``os._exit``, a NamedTuple's
``_replace``) are defined in no module of ours and pass."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "generator"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The private names a module defines: (its globals: top-level functions, classes and
    assignments; its attributes: what its classes define or set, on ``self`` or on a copy, as
    ``o._x = ...`` in a copy method). A function outside a class setting ``obj._x`` defines
    nothing: it writes into another module's object."""
    tops: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            tops.add(node.name)
        for sub in ast.walk(node) if isinstance(node, (ast.Assign, ast.AnnAssign)) else ():
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                tops.add(sub.id)
    attrs: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):       # its methods, class attributes and whatever
            attrs |= {f.name for f in node.body   # its methods set (on self or a copy)
                      if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
            attrs |= {t.id for f in node.body if isinstance(f, (ast.Assign, ast.AnnAssign))
                      for t in ast.walk(f) if isinstance(t, ast.Name)}
            attrs |= {t.attr for t in ast.walk(node)
                      if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store)}
    return {n for n in tops if _private(n)}, {n for n in attrs if _private(n)}


def _modules(tree: ast.Module) -> set[str]:
    """Local names bound to a module of ours (``from generator.x import y`` may bind one)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
            out |= {a.asname or a.name for a in node.names if a.name.islower()}
    return out


def read(tree: ast.Module) -> list[tuple[int, str, str]]:
    """(line, name, kind) of every private name read: ``global`` from an import or through a
    module, ``attr`` through an object."""
    mods = _modules(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
            out += [(node.lineno, a.name, "global") for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr) and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            kind = "global" if isinstance(node.value, ast.Name) and node.value.id in mods \
                else "attr"
            out.append((node.lineno, node.attr, kind))
    return out


def offences(root: Path) -> list[str]:
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py"))}
    own = {p: defined(t) for p, t in trees.items()}
    found = []
    for p, tree in trees.items():
        for line, name, kind in read(tree):
            k = 0 if kind == "global" else 1
            if name in own[p][k]:
                continue
            owners = sorted(str(o.relative_to(root.parent)) for o, names in own.items()
                            if o != p and name in names[k])
            if owners:
                found.append(f"{p.relative_to(root.parent)}:{line}: uses {name} of "
                             f"{', '.join(owners)}")
    return found


def test_no_module_reads_another_modules_private_names():
    assert offences(ROOT) == []


def test_the_check_finds_a_private_name_read_from_another_module(tmp_path):
    pkg = tmp_path / "generator"
    pkg.mkdir()
    (pkg / "a.py").write_text("_TABLE = {}\n\nclass Box:\n    def __init__(self):\n"
                              "        self._inside = 1\n")
    (pkg / "b.py").write_text("from generator.a import _TABLE\n\ndef peek(box):\n"
                              "    return box._inside, box._replace()\n")
    (pkg / "c.py").write_text("class Own:\n    def copy(self, o):\n        o._mine = 1\n"
                              "        return o._mine\n")
    (pkg / "d.py").write_text("def memo(box):\n    box._inside = 2\n")
    assert offences(pkg) == ["generator/b.py:1: uses _TABLE of generator/a.py",
                             "generator/b.py:4: uses _inside of generator/a.py",
                             "generator/d.py:2: uses _inside of generator/a.py"]
