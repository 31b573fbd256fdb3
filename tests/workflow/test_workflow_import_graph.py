"""The modules of ``fsstab.workflow`` import each other without a cycle.

A cycle hidden behind an import inside a function works until someone moves that import to the
top of the module (or calls the function while the other module is half initialised); so the
graph checked here holds every import of a ``fsstab.workflow`` module, at module level or inside
a function. The configuration's schema (:mod:`fsstab.workflow.schema`) is the piece both the
semantic checks (``config``) and the check of the files Snakemake loaded (``validation``) use:
each imports it, neither imports the other.
"""

from __future__ import annotations

import ast
import graphlib
import json
import os
import subprocess
import sys
from pathlib import Path

import fsstab

SRC = Path(fsstab.__file__).resolve().parents[1]  # this checkout's package
WORKFLOW = SRC / "fsstab" / "workflow"
MODULES = sorted(p.stem for p in WORKFLOW.glob("*.py") if p.stem != "__init__")


def _imports_in(source: str, *, module_level_only: bool = False) -> set[str]:
    """The ``fsstab.workflow`` modules imported by the Python ``source``."""
    tree = ast.parse(source)
    nodes = tree.body if module_level_only else ast.walk(tree)
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "fsstab.workflow":
                found |= {alias.name for alias in node.names if alias.name in MODULES}
            elif node.module.startswith("fsstab.workflow."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[2] for alias in node.names
                      if alias.name.startswith("fsstab.workflow.")}
    return found


def _workflow_imports(module: str, *, module_level_only: bool = False) -> set[str]:
    """The ``fsstab.workflow`` modules that ``module`` imports (read from its source)."""
    source = (WORKFLOW / f"{module}.py").read_text(encoding="utf-8")
    return _imports_in(source, module_level_only=module_level_only) - {module}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    try:
        list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return None


def test_the_module_list_is_read_from_the_package():
    assert {"config", "validation", "schema", "checks"} <= set(MODULES)


def test_no_import_cycle_among_the_workflow_modules():
    cycle = _cycle({module: _workflow_imports(module) for module in MODULES})
    assert cycle is None, f"import cycle among fsstab.workflow modules: {' -> '.join(cycle)}"


def test_config_and_validation_share_the_schema_module_and_not_each_other():
    config, validation = _workflow_imports("config"), _workflow_imports("validation")
    assert "validation" not in config
    assert "config" not in validation
    assert "schema" in _workflow_imports("config", module_level_only=True)
    assert "schema" in _workflow_imports("validation", module_level_only=True)
    assert not _workflow_imports("schema")  # below both: imports no workflow module


def test_the_check_finds_a_cycle_hidden_in_a_function():
    # a schema check that imports its messages lazily from a module importing it back
    config = "from fsstab.workflow.schema import ConfigError\n"
    validation = ("import yaml\n\ndef check():\n"
                  "    from fsstab.workflow.config import ConfigError\n")
    schema = "def validate():\n    from fsstab.workflow.validation import messages\n"
    assert _imports_in(validation) == {"config"}
    assert _imports_in(validation, module_level_only=True) == set()
    graph = {"config": _imports_in(config), "validation": _imports_in(validation),
             "schema": _imports_in(schema)}
    assert set(_cycle(graph)) == {"config", "validation", "schema"}
    assert _cycle({**graph, "schema": set()}) is None


def test_each_workflow_module_imports_on_its_own_in_a_fresh_interpreter():
    # one interpreter; before each module every fsstab module is forgotten, so each import
    # starts from nothing of fsstab, as in a fresh process (third-party libraries stay loaded:
    # they cannot take part in a cycle of ours)
    code = (
        "import importlib, json, sys, traceback\n"
        f"modules = {MODULES!r}\n"
        "failed = {}\n"
        "for name in modules:\n"
        "    for loaded in [m for m in sys.modules if m == 'fsstab' or m.startswith('fsstab.')]:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module('fsstab.workflow.' + name)\n"
        "    except Exception:\n"
        "        failed[name] = traceback.format_exc(limit=3)\n"
        "print(json.dumps(failed))\n"
    )
    path = os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=env)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {}
