"""The selector registry (:func:`fsstab.selectors.register_selector`): what it holds, in which
order, how a class gets in (and how it cannot), and the documents' table written from it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import load_tool
from test_selectors_conventions import ESTIMATORS

import fsstab.selectors
from fsstab.selectors import FILTERS, SELECTORS, BaseSelector, register_selector
from fsstab.selectors._registry import SELECTOR_MODULES, registered_selectors

REPO = Path(__file__).resolve().parents[2]

#: The names configurations refer to selectors by (`class:` in config/*.yaml), in the order of
#: the configuration messages and the documents' table: a public contract, pinned here.
CONFIGURED_NAMES = [
    "LassoSelector", "ElasticNetSelector", "GroupLassoSelector", "LogisticRFE", "SVMRFE",
    "HybridRFE", "L0Selector", "RandomForestSelector", "ReliefSelector", "FilterSelector",
    "FilterClassifier", "GBMSelector", "GLMBoostSelector", "StabilitySelection",
    "EnsembleSelector", "LinearRFE", "Stabl", "KnockoffSelector",
]


def test_the_registry_keeps_the_configured_names_in_order():
    assert list(SELECTORS) == CONFIGURED_NAMES
    assert list(registered_selectors()) == CONFIGURED_NAMES


def test_every_registered_class_is_a_selector_importable_under_its_name():
    for name, cls in SELECTORS.items():
        assert cls.__name__ == name
        assert issubclass(cls, BaseSelector), name
        assert getattr(fsstab.selectors, name) is cls
        assert name in fsstab.selectors.__all__
        assert cls.__module__.rpartition(".")[2] in SELECTOR_MODULES, name


def test_every_public_selector_of_the_package_is_registered():
    # no class forgets the decorator: the walk over every module finds no other selector in
    # fsstab.selectors (the simulator's forest is Onda's base selector, not a configured one)
    selectors = {name for name, cls in ESTIMATORS.items() if issubclass(cls, BaseSelector)
                 and cls.__module__.startswith("fsstab.selectors.")}
    assert selectors == set(SELECTORS)


def test_every_listed_module_defines_a_registered_selector():
    modules = {cls.__module__.rpartition(".")[2] for cls in SELECTORS.values()}
    assert modules == set(SELECTOR_MODULES)


def test_the_order_does_not_depend_on_the_order_modules_are_imported_in():
    code = ("import json, fsstab.selectors._linear_rfe, fsstab.selectors._svm_rfe, "
            "fsstab.selectors._gbm\nfrom fsstab.selectors import SELECTORS\n"
            "print(json.dumps(list(SELECTORS)))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(fsstab.selectors.__file__).resolve().parents[2]),
         os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    assert json.loads(out.stdout) == CONFIGURED_NAMES


def test_a_second_registration_of_a_name_is_refused():
    decorate = register_selector(method="m", model="m", reference="r")
    twin = type("LassoSelector", (BaseSelector,), {"__module__": "fsstab.selectors._penalized"})
    with pytest.raises(ValueError, match="'LassoSelector' is registered twice"):
        decorate(twin)
    assert SELECTORS["LassoSelector"] is not twin
    assert registered_selectors()["LassoSelector"].cls is fsstab.selectors.LassoSelector


def test_a_selector_outside_the_listed_modules_is_refused_with_the_fix():
    decorate = register_selector(method="m", model="m", reference="r")
    stray = type("StraySelector", (BaseSelector,), {"__module__": "fsstab.selectors._stray"})
    with pytest.raises(ValueError, match="SELECTOR_MODULES does not list: add the module"):
        decorate(stray)
    assert "StraySelector" not in registered_selectors()


def _selectors_table_tool():
    return load_tool("selectors_table")


def test_the_documents_selectors_table_is_the_registry():
    tool = _selectors_table_tool()
    documents = tool.marked_documents()
    assert documents, "no document holds a selectors table between the markers"
    assert not tool.stale_tables(), (
        f"stale selectors table in {tool.stale_tables()}: run python3 tools/selectors_table.py "
        "--write")
    # read back without the tool: one row per registered selector, in registry order, with the
    # tasks its class serves
    for path in documents:
        for match in tool.BLOCK.finditer(path.read_text("utf-8")):
            cells = [line.split(" | ") for line in match["table"].splitlines()[2:]]
            assert [row[0].strip("|` ") for row in cells] == CONFIGURED_NAMES
            for row in cells:
                assert set(row[1].split(", ")) == set(SELECTORS[row[0].strip("|` ")].tasks)


def test_the_filter_selector_row_names_every_filter():
    words = set(re.findall(r"[a-z_]+", registered_selectors()["FilterSelector"].method))
    missing = [name for name in FILTERS if name not in words]
    assert missing == []
    tasks = {task for info in FILTERS.values() for task in info.served_tasks}
    assert tasks == set(SELECTORS["FilterSelector"].tasks)
