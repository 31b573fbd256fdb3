"""The input wing (``fsstab.sources``) is layered: its modules import each other without a
cycle -- imports inside functions counted -- and no module takes another's private name.

A cycle hidden behind a function-level import works until the import moves to the top of its
module; a private name taken across modules is an interface nobody declared. Both are read
from the source (``ast``), so the test holds whatever is imported at run time.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import fsstab

SRC = Path(fsstab.__file__).resolve().parent
SOURCES = SRC / "sources"


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _imports(path: Path, known: set[str]) -> list[tuple[str, str]]:
    """``(module, name)`` of every ``fsstab`` import in ``path`` (any level): a submodule
    imported from its package counts as an import of the submodule."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.startswith("fsstab"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.append((sub, "") if sub in known else (node.module, alias.name))
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names
                      if alias.name.startswith("fsstab")]
    return found


def test_the_input_wing_is_the_sources_package():
    wing = {"sample_sheets", "delimited", "csv_rows", "wide_studies", "wide_tables", "h5ad",
            "arff", "outcomes", "formats"}
    assert wing <= {p.stem for p in SOURCES.glob("*.py")}
    root = {p.stem for p in SRC.glob("*.py")}
    assert not root & {"sample_sheets", "delimited", "csv_rows", "wide_studies",
                       "wide_tables", "h5ad", "_arff", "outcome_sources"}


def test_no_import_cycle_in_the_sources_package():
    modules = _modules()
    wing = {name for name in modules if name == "fsstab.sources"
            or name.startswith("fsstab.sources.")}
    graph = {name: {target for target, _ in _imports(modules[name], set(modules))
                    if target in wing and target != name} for name in wing}
    try:
        order = list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        raise AssertionError(f"import cycle in fsstab.sources: {exc.args[1]}") from None
    assert order[-1] == "fsstab.sources"  # the package imports its modules, never the reverse
    assert "fsstab.sources" not in set().union(*(graph[m] for m in wing - {"fsstab.sources"}))


def test_no_private_name_crosses_a_module_of_the_input_wing():
    modules = _modules()
    crossings = []
    for name, path in modules.items():
        for target, imported in _imports(path, set(modules)):
            into_wing = target == "fsstab.sources" or target.startswith("fsstab.sources.")
            from_wing = name.startswith("fsstab.sources")
            private = (imported.startswith("_") and not imported.startswith("__")) or any(
                part.startswith("_") for part in target.split(".")[1:])
            if private and (into_wing or from_wing):
                crossings.append(f"{name} imports {target}{'.' + imported if imported else ''}")
    assert crossings == []
