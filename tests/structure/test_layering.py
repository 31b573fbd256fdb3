"""The package's layers and its import graph, read from the source of every module (no import).

Layers (DEVELOPERS.md, "Layout" and "Paper configurations"):

1. The library proper -- ``fsstab`` without ``fsstab.workflow`` and ``fsstab.papers`` -- imports
   neither ``fsstab.workflow`` nor ``fsstab.papers``.
2. The workflow never imports a paper: it reaches one only through ``rules/paper_<name>.smk``.
3. Papers use the public API only (``fsstab.papers``: "the library, the workflow included";
   DEVELOPERS.md: "no ``fsstab.<package>._module``"): they import no private module (a dotted
   path with a component starting with ``_``) and no private name (``from m import _x``),
   except inside their own ``fsstab.papers.<name>`` package. Public modules of the workflow
   (``fsstab.workflow.config``'s ``PaperConfig``, the stage functions) are allowed; the seeds of
   every step are the library's :mod:`fsstab.seeds`.
4. No import cycle among the modules of ``fsstab``.

The import graph
----------------
Every import statement of a module counts, wherever it stands (module level, inside a
function, a class, a ``try``), except under ``if TYPE_CHECKING:`` (never executed): a cycle
through a function-level import works until someone moves that import to the top or calls the
function while the other module is half initialised. Relative imports are resolved against the
module's package. A statement gives an edge ``m -> t`` to the deepest ``fsstab`` module ``t``
it names (``from a.b import c`` names ``a.b.c`` if that is a module, ``a.b`` otherwise), and to
the packages enclosing ``t`` (importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__``
first), except the packages that enclose ``m`` itself: they are already being imported when
``m`` runs, so importing one's own package is no dependency.

Hence, for a package ``p`` whose ``__init__`` re-exports the names of its submodules: ``p ->
p._x`` is an edge, a submodule importing its siblings (``p._x -> p._y``) closes no cycle, but a
submodule importing a name from its own package (``from p import name`` in ``p._x``) is an edge
``p._x -> p`` and closes ``p -> p._x -> p``: a submodule imports from the sibling that defines
the name.

Packages that load their names on first use (a literal ``_EXPORTS`` dict name -> module and a
module-level ``__getattr__``: ``fsstab.selectors``, ``fsstab.workflow``, ``fsstab.resampling``)
import nothing when their ``__init__`` runs; ``from p import name`` then loads the module
``_EXPORTS`` names, so the edge goes to that module (plus ``p``). A name such a package resolves
otherwise, through a registry that loads modules by name (the registered selectors and
``SELECTORS``: ``importlib`` over ``SELECTOR_MODULES``), gives the edge to ``p`` only: imports
through ``importlib`` are not statements and are followed nowhere (a registry is the plugin
mechanism of the package; every caller asking it for a class by name would otherwise "cycle"
with every registered module). Attributes reached after a bare ``import p`` are not followed
either.

Cycles are the strongly connected components of that graph with more than one module.
``KNOWN_CYCLES`` lists the ones that remain in modules being reworked elsewhere; the test fails
when a new one appears and when a listed one is gone or has changed (then the list is updated).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fsstab

SRC = Path(fsstab.__file__).resolve().parents[1]  # this checkout's package

#: Cycles that remain, each with the reason it is tolerated (none: the selectors'
#: hyper-parameter checks, once a table in ``selectors/_constraints.py`` with lazy imports of
#: the selector modules, are declared on the classes).
KNOWN_CYCLES: dict[frozenset[str], str] = {}

#: The modules whose rework removes a known cycle: a tolerated cycle must pass through one.
BEING_REWORKED: frozenset[str] = frozenset()


# --------------------------------------------------------------------------------------------
# Reading the graph
# --------------------------------------------------------------------------------------------


def _module_files(src: Path) -> dict[str, Path]:
    files = {}
    for path in sorted((src / "fsstab").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        files[".".join(parts)] = path
    return files


def _enclosing(module: str) -> set[str]:
    """The packages enclosing ``module``: ``a``, ``a.b`` for ``a.b.c``."""
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_statements(tree: ast.AST):
    """Every ``import`` / ``from ... import`` of ``tree``, at any depth, but not the body of an
    ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _lazy_exports(tree: ast.Module, package: str) -> dict[str, str] | None:
    """``name -> module`` of a package that loads its names on first use, else None."""
    has_getattr = any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__"
                      for node in tree.body)
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        if has_getattr and any(isinstance(t, ast.Name) and t.id == "_EXPORTS" for t in targets):
            exports = ast.literal_eval(node.value)
            return {name: value if value.startswith("fsstab.") else f"{package}.{value}"
                    for name, value in exports.items()}
    return {} if has_getattr else None


class ImportGraph:
    """The ``fsstab`` modules under ``src`` and, per module, the modules it imports."""

    def __init__(self, src: Path) -> None:
        self.files = _module_files(src)
        self.trees = {m: ast.parse(p.read_text(encoding="utf-8"), str(p))
                      for m, p in self.files.items()}
        self.packages = {m for m, p in self.files.items() if p.name == "__init__.py"}
        self.lazy = {m: exports for m in self.packages
                     if (exports := _lazy_exports(self.trees[m], m)) is not None}
        self.statements = {m: list(self._statements(m)) for m in self.files}
        self.edges = {m: self._edges(m) for m in self.files}

    def _deepest(self, name: str) -> str | None:
        while name and name not in self.files:
            name = name.rpartition(".")[0]
        return name or None

    def _targets(self, module: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
        """``(target module, imported name or "")`` for each name of one statement."""
        if isinstance(node, ast.Import):
            return [(alias.name, "") for alias in node.names]
        base = node.module or ""
        if node.level:
            package = module if module in self.packages else module.rpartition(".")[0]
            parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        return [(f"{base}.{alias.name}" if f"{base}.{alias.name}" in self.files else base,
                 alias.name) for alias in node.names]

    def _statements(self, module: str):
        """``(target module, imported name, line)`` of every fsstab import of ``module``, in
        the order of the source."""
        nodes = sorted(_import_statements(self.trees[module]), key=lambda n: n.lineno)
        for node in nodes:
            for target, name in self._targets(module, node):
                if target == "fsstab" or target.startswith("fsstab."):
                    yield target, name, node.lineno

    def _resolved(self, target: str, name: str) -> set[str]:
        """The modules an import of ``name`` from ``target`` names (see the module docstring),
        without the packages enclosing them."""
        deepest = self._deepest(target)
        if deepest is None:
            return set()
        exports = self.lazy.get(deepest)
        if exports is None or not name or f"{deepest}.{name}" in self.files:
            return {deepest}
        if name in exports:
            return {deepest, self._deepest(exports[name]) or deepest}
        if name == "*":
            return {deepest} | {self._deepest(m) or deepest for m in exports.values()}
        return {deepest}  # a name its registry finds by importlib: not followed

    def _edges(self, module: str) -> set[str]:
        named: set[str] = set()
        for target, name, _ in self.statements[module]:
            named |= self._resolved(target, name)
        implicit = set().union(*map(_enclosing, named)) - _enclosing(module) if named else set()
        return (named | implicit) - {module}

    def cycles(self) -> list[frozenset[str]]:
        """The strongly connected components with more than one module (Tarjan, iterative)."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        found: list[frozenset[str]] = []
        for root in self.edges:
            if root in index:
                continue
            work = [(root, iter(sorted(self.edges[root])))]
            index[root] = low[root] = len(index)
            stack.append(root)
            on_stack.add(root)
            while work:
                node, children = work[-1]
                child = next(children, None)
                if child is not None:
                    if child not in index:
                        index[child] = low[child] = len(index)
                        stack.append(child)
                        on_stack.add(child)
                        work.append((child, iter(sorted(self.edges[child]))))
                    elif child in on_stack:
                        low[node] = min(low[node], index[child])
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
        return found

    def path(self, component: frozenset[str]) -> list[str]:
        """One cycle through ``component``, for the failure message."""
        start = min(component)
        previous = {start: None}
        queue = [start]
        while queue:
            node = queue.pop(0)
            for child in sorted(self.edges[node] & component):
                if child == start:
                    path = [node]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return [*reversed(path), start]
                if child not in previous:
                    previous[child] = node
                    queue.append(child)
        return sorted(component)


@pytest.fixture(scope="module")
def graph() -> ImportGraph:
    return ImportGraph(SRC)


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _layer(module: str) -> str:
    for layer in ("fsstab.workflow", "fsstab.papers"):
        if module == layer or module.startswith(f"{layer}."):
            return layer
    return "library"


# --------------------------------------------------------------------------------------------
# The rules on the package
# --------------------------------------------------------------------------------------------


def test_the_graph_reads_the_whole_package(graph):
    assert len(graph.files) > 200
    assert {"fsstab.seeds", "fsstab.resampling", "fsstab.workflow.config"} <= set(graph.files)
    assert set(graph.lazy) >= {"fsstab.selectors", "fsstab.workflow", "fsstab.resampling"}
    # a function-level import is an edge: the selection stage fits selectors on first use
    assert "fsstab.importance.outcomes" in graph.edges["fsstab.selectors._common"]


def test_the_library_imports_neither_the_workflow_nor_the_papers(graph):
    wrong = [f"{m}:{line} imports {target}" for m in graph.files if _layer(m) == "library"
             for target, _, line in graph.statements[m] if _layer(target) != "library"]
    assert not wrong, "the library must not import the workflow or a paper:\n" + "\n".join(wrong)


def test_the_workflow_imports_no_paper(graph):
    wrong = [f"{m}:{line} imports {target}" for m in graph.files
             if _layer(m) == "fsstab.workflow"
             for target, _, line in graph.statements[m] if _layer(target) == "fsstab.papers"]
    assert not wrong, "the workflow reaches papers only through their rules:\n" + "\n".join(wrong)


def _paper_package(module: str) -> str:
    return ".".join(module.split(".")[:3])  # fsstab.papers.<name>


def _private_imports(graph: ImportGraph, module: str) -> list[str]:
    own = _paper_package(module)
    wrong = []
    for target, name, line in graph.statements[module]:
        if target == own or target.startswith(f"{own}."):
            continue
        if any(part.startswith("_") for part in target.split(".")):
            wrong.append(f"{module}:{line} imports the private module {target}")
        elif name.startswith("_"):
            wrong.append(f"{module}:{line} imports the private name {target}.{name}")
    return wrong


def test_papers_use_the_public_api_only(graph):
    papers = [m for m in graph.files if _layer(m) == "fsstab.papers"]
    assert len(papers) > 40
    wrong = [w for m in papers for w in _private_imports(graph, m)]
    assert not wrong, "papers import the public API only:\n" + "\n".join(wrong)


def test_no_paper_takes_its_seeds_from_the_workflow(graph):
    users = {m for m in graph.files if _layer(m) == "fsstab.papers"
             and any(name == "derive_seed" for _, name, _ in graph.statements[m])}
    assert len(users) >= 10
    for module in users:
        sources = {t for t, name, _ in graph.statements[module] if name == "derive_seed"}
        assert sources == {"fsstab.seeds"}, (module, sources)


def test_the_only_import_cycles_are_the_known_ones(graph):
    found = set(graph.cycles())
    new = [" -> ".join(graph.path(c)) for c in found - set(KNOWN_CYCLES)]
    gone = [sorted(c) for c in set(KNOWN_CYCLES) - found]
    assert not new, "import cycle(s) among fsstab modules:\n" + "\n".join(new)
    assert not gone, (f"known cycle(s) {gone} are gone or changed: update KNOWN_CYCLES in "
                      "tests/structure/test_layering.py")


def test_known_cycles_pass_through_a_module_being_reworked():
    for component, reason in KNOWN_CYCLES.items():
        assert component & BEING_REWORKED, (sorted(component), reason)


# --------------------------------------------------------------------------------------------
# The reading itself, on small packages written for the test
# --------------------------------------------------------------------------------------------


def test_a_cycle_through_a_function_level_import_is_found(tmp_path):
    src = _write(tmp_path, {
        "fsstab/__init__.py": "",
        "fsstab/a.py": "from fsstab.b import f\n",
        "fsstab/b.py": "def f():\n    from fsstab import a\n    return a\n",
        "fsstab/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                       "    from fsstab.a import g\n",
        "fsstab/d.py": "from fsstab.c import x\n",
    })
    graph = ImportGraph(src)
    assert graph.edges["fsstab.b"] == {"fsstab.a"}
    assert graph.edges["fsstab.c"] == set()  # only for type checkers: never runs
    assert graph.cycles() == [frozenset({"fsstab.a", "fsstab.b"})]
    assert graph.path(frozenset({"fsstab.a", "fsstab.b"})) == ["fsstab.a", "fsstab.b",
                                                              "fsstab.a"]


def test_re_exporting_packages_and_sibling_imports_close_no_cycle(tmp_path):
    src = _write(tmp_path, {
        "fsstab/__init__.py": "",
        "fsstab/p/__init__.py": "from fsstab.p._x import f\nfrom ._y import g\n",
        "fsstab/p/_x.py": "from . import _y\nfrom fsstab.p._y import g\n",
        "fsstab/p/_y.py": "import fsstab.q.r\n",
        "fsstab/q/__init__.py": "",
        "fsstab/q/r.py": "import numpy\n",
    })
    graph = ImportGraph(src)
    assert graph.edges["fsstab.p"] == {"fsstab.p._x", "fsstab.p._y"}
    assert graph.edges["fsstab.p._x"] == {"fsstab.p._y"}  # its own package: no edge
    assert graph.edges["fsstab.p._y"] == {"fsstab.q", "fsstab.q.r"}  # q/__init__ runs first
    assert graph.cycles() == []
    # a submodule that takes a name from its own package's __init__ closes a cycle
    (src / "fsstab/p/_y.py").write_text("from fsstab.p import f\n", encoding="utf-8")
    assert ImportGraph(src).cycles() == [frozenset({"fsstab.p", "fsstab.p._x", "fsstab.p._y"})]


def test_lazy_packages_lead_to_the_module_defining_the_name(tmp_path):
    lazy = ("import importlib\n_EXPORTS = {'f': '_x', 'h': 'fsstab.other'}\n"
            "def __getattr__(name):\n"
            "    return getattr(importlib.import_module(__name__ + '.' + _EXPORTS[name]), name)\n")
    src = _write(tmp_path, {
        "fsstab/__init__.py": "",
        "fsstab/p/__init__.py": lazy,
        "fsstab/p/_x.py": "from fsstab.user import k\n",
        "fsstab/p/_z.py": "",
        "fsstab/other.py": "",
        "fsstab/user.py": "def k():\n    from fsstab.p import f\n",
        "fsstab/registry_user.py": "from fsstab.p import Registered\n",
    })
    graph = ImportGraph(src)
    assert graph.lazy["fsstab.p"] == {"f": "fsstab.p._x", "h": "fsstab.other"}
    assert graph.edges["fsstab.p"] == set()
    assert graph.edges["fsstab.user"] == {"fsstab.p", "fsstab.p._x"}
    assert graph.edges["fsstab.registry_user"] == {"fsstab.p"}  # found by its registry
    assert graph.cycles() == [frozenset({"fsstab.p._x", "fsstab.user"})]


def test_a_paper_importing_private_code_is_named(tmp_path):
    src = _write(tmp_path, {
        "fsstab/__init__.py": "",
        "fsstab/lib/__init__.py": "",
        "fsstab/lib/_impl.py": "def _helper():\n    pass\n",
        "fsstab/lib/public.py": "_CONSTANT = 1\n",
        "fsstab/papers/__init__.py": "",
        "fsstab/papers/one/__init__.py": "",
        "fsstab/papers/one/_own.py": "",
        "fsstab/papers/one/stages.py": (
            "from fsstab.lib._impl import _helper\nfrom fsstab.lib.public import _CONSTANT\n"
            "from fsstab.papers.one._own import x\nfrom fsstab.lib import public as _public\n"),
    })
    wrong = _private_imports(ImportGraph(src), "fsstab.papers.one.stages")
    assert wrong == [
        "fsstab.papers.one.stages:1 imports the private module fsstab.lib._impl",
        "fsstab.papers.one.stages:2 imports the private name fsstab.lib.public._CONSTANT",
    ]
