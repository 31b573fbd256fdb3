"""The modules of ``fsstab.selectors`` import each other without a cycle, counting the imports
inside functions (a lazy import that closes a cycle works until it is moved to the top of its
module). The parameter constraints live on the classes and the constraint vocabulary
(``_constraints``) imports no selector module, so no check needs a lazy import of the classes it
checks."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import fsstab.selectors

PACKAGE = Path(fsstab.selectors.__file__).resolve().parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def _imports_in(source: str) -> set[str]:
    """The ``fsstab.selectors`` modules the Python ``source`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "fsstab.selectors":
                found |= {alias.name for alias in node.names if alias.name in MODULES}
            elif node.module.startswith("fsstab.selectors."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[2] for alias in node.names
                      if alias.name.startswith("fsstab.selectors.")}
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    try:
        list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return None


def _graph() -> dict[str, set[str]]:
    return {module: _imports_in((PACKAGE / f"{module}.py").read_text(encoding="utf-8")) - {module}
            for module in MODULES}


def test_no_import_cycle_among_the_selector_modules():
    assert {"_constraints", "_specs", "_base", "_filters", "_penalized"} <= set(MODULES)
    cycle = _cycle(_graph())
    assert cycle is None, f"import cycle among fsstab.selectors modules: {' -> '.join(cycle)}"


def test_the_constraint_vocabulary_imports_no_selector_module():
    assert _graph()["_constraints"] == set()


def test_the_check_finds_a_cycle_hidden_in_a_function():
    # a table of checks importing the filters lazily, the filters importing the table back
    table = "def check(v):\n    from fsstab.selectors._filters import FILTERS\n"
    filters = "from fsstab.selectors._constraints import check\n"
    graph = {"_constraints": _imports_in(table), "_filters": _imports_in(filters)}
    assert graph == {"_constraints": {"_filters"}, "_filters": {"_constraints"}}
    assert set(_cycle(graph)) == {"_constraints", "_filters"}
