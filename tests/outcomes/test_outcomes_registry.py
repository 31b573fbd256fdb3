"""The task registry (``fsstab.outcomes.TASKS``): one :class:`~fsstab.outcomes.Task` per kind of
outcome, registered by one decorator, and everything that lists the tasks reading it -- the
documents' table (``tools/tasks_table.py``), the configuration schema's ``task`` values, the
selectors' task checks -- instead of spelling them; no module outside the task modules compares
a task name."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from conftest import load_tool

from fsstab.outcomes import (
    DEFAULT_TASK,
    SCORES,
    TASK_MODULES,
    TASKS,
    Task,
    _registry,
    class_task,
    get_task,
    register_task,
    source_task_names,
    survival_target,
)

REPO = Path(__file__).resolve().parents[2]


#: One example target per registered task, with a prediction that its scores rate best and the
#: class labels of a stored dataset: every task must have one (a new task adds its line).
EXAMPLES: dict[str, tuple[object, object, tuple[str, ...]]] = {
    "classification": (np.array([0, 1, 1, 0, 1, 0]), np.array([0, 1, 1, 0, 1, 0]), ("a", "b")),
    "multiclass": (np.array([0, 1, 2, 2, 1, 0]), np.array([0, 1, 2, 2, 1, 0]), ("a", "b", "c")),
    "regression": (np.array([1.5, 2.0, 0.5, 4.0, 3.0, 2.5]),
                   np.array([1.5, 2.0, 0.5, 4.0, 3.0, 2.5]), ()),
    # risk scores ordered opposite to the times: every comparable pair concordant
    "survival": (survival_target([1, 0, 1, 1, 0, 1], [2.0, 5.0, 1.0, 3.0, 6.0, 4.0]),
                 -np.array([2.0, 5.0, 1.0, 3.0, 6.0, 4.0]), ()),
}


def test_every_module_of_the_package_is_loaded_and_registers_in_alphabetical_order():
    import pkgutil

    import fsstab.outcomes

    modules = [type(task).__module__.rpartition(".")[2] for task in TASKS.values()]
    assert modules
    assert set(modules) == set(TASK_MODULES)
    # registry order: the modules' alphabetical order, then the definitions within a module
    assert modules == sorted(modules)
    package = {info.name for info in pkgutil.iter_modules(fsstab.outcomes.__path__)}
    assert set(TASK_MODULES) <= package
    for name, task in TASKS.items():
        assert task.name == name
        assert get_task(name) is task
        assert task.estimator_score in task.scores, name
        assert task.scores[0].decision, f"{name}: the first score takes the decision"
        assert task.target_columns, name
        for score in task.scores:
            assert SCORES[score.name] is score
        if task.served_as is not None:      # served by the selectors of another task as they are
            assert task.served_as in TASKS, name
            assert TASKS[task.served_as].estimator_task == task.estimator_task, name
    assert DEFAULT_TASK in TASKS
    assert TASKS[DEFAULT_TASK].source_option


def test_every_task_has_an_example():
    assert set(EXAMPLES) == set(TASKS), "add the new task's example target to EXAMPLES"


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_task_reads_describes_stratifies_stores_and_scores_its_target(name):
    import json

    import pyarrow as pa

    task = get_task(name)
    y, best, class_labels = EXAMPLES[name]
    target = task.as_target(y)
    assert len(target) == len(y)
    summary = task.describe(target)
    assert summary["task"] == task.name
    assert summary["n"] == len(y)
    json.dumps(summary)                      # JSON-compatible (logs, provenance)
    assert task.data_problem(summary) is None
    strata = task.stratification_labels(target, n_bins=2)
    assert strata.dtype == np.int64
    assert strata.shape == (len(y),)
    table = pa.table(task.parquet_columns(target, class_labels))
    assert set(task.target_columns) <= set(table.column_names)
    stored = task.read_parquet_target(table, "example.parquet")
    assert np.asarray(stored).tolist() == np.asarray(target).tolist()
    for score in task.run_scores(target):
        value = score(target, best, y_train=target)
        assert value == (score.upper if score.greater_is_better else score.lower), score.name


def test_a_task_served_as_another_is_served_by_the_other_tasks_selectors(monkeypatch):
    from fsstab.selectors import FilterSelector, HybridRFE, LassoSelector, selectors_for_task

    monkeypatch.setattr(_registry, "TASKS", dict(TASKS))
    monkeypatch.setattr(_registry, "SCORES", dict(SCORES))

    class Counts(type(TASKS["regression"])):
        name = "toy_count"
        served_as = "regression"

    Counts.__module__ = "user_code"
    register_task(Counts)
    assert get_task("toy_count").selector_task == "regression"
    assert selectors_for_task("toy_count") == selectors_for_task("regression")
    assert LassoSelector.task_problem("toy_count", {}) is None
    assert FilterSelector.task_problem("toy_count", {"method": "pearson"}) is None
    assert FilterSelector.task_problem("toy_count", {"method": "anova"}) is not None
    assert HybridRFE.task_problem("toy_count", {}) == (
        "HybridRFE serves classification, not toy_count")
    assert "toy_count" not in TASKS


def test_the_tasks_of_class_labels_are_chosen_by_the_number_of_classes():
    assert class_task(2).name == "classification"
    assert class_task(3).name == class_task(7).name == "multiclass"
    with pytest.raises(ValueError, match="no one task of class labels has 1 classes"):
        class_task(1)


def test_register_task_refuses_a_second_name(monkeypatch):
    monkeypatch.setattr(_registry, "TASKS", dict(TASKS))
    monkeypatch.setattr(_registry, "SCORES", dict(SCORES))
    regression = TASKS["regression"]

    class Again(type(regression)):
        pass

    with pytest.raises(ValueError, match="task 'regression' is registered already"):
        register_task(Again)

    class Ranking(type(regression)):
        name = "ranking"

    Ranking.__module__ = "user_code"      # a task defined outside the package is accepted
    register_task(Ranking)
    assert _registry.TASKS["ranking"].name == "ranking"
    assert "ranking" in _registry.source_task_names()
    assert "ranking" not in TASKS          # the package's registry is untouched


def test_strata_without_binning():
    classes = TASKS["classification"].discrete_strata(np.array([1, 0, 1, 1]))
    assert classes.tolist() == [1, 0, 1, 1]
    events = TASKS["survival"].discrete_strata(survival_target([1, 0, 0], [2.0, 1.0, 3.0]))
    assert events.tolist() == [1, 0, 0]
    assert TASKS["regression"].discrete_strata(np.array([1.0, 2.0, 3.0])) is None
    assert TASKS["regression"].continuous
    assert not TASKS["survival"].continuous
    assert not TASKS["classification"].continuous


def test_the_documents_tasks_table_is_the_registry():
    tool = load_tool("tasks_table")
    assert tool.marked_documents(), "no document holds the tasks table"
    assert not tool.stale_tables(), (
        f"stale tasks table in {tool.stale_tables()}: run python3 tools/tasks_table.py --write")
    table = tool.tasks_table()
    for name in TASKS:
        assert f"| `{name}` |" in table


def test_the_schema_takes_its_task_values_from_the_registry():
    from fsstab.workflow.schema import load_schema

    path = REPO / "config" / "schemas" / "config.schema.yaml"
    text = path.read_text("utf-8")
    # spelled nowhere in the schema: the one entry names the registry
    assert "x-fsstab-enum: tasks" in text
    assert not re.search(r"enum:\s*\[[^\]]*\bsurvival\b", text)
    entry = load_schema(path)["properties"]["datasets"]["additionalProperties"]
    assert entry["properties"]["source"]["properties"]["task"]["enum"] == list(
        source_task_names())
    assert set(source_task_names()) == {n for n, t in TASKS.items() if t.source_option}


def test_an_unknown_task_names_the_allowed_values():
    from fsstab.sources import parse_source

    allowed = re.escape(f"task must be one of {list(source_task_names())}, got 'ranking'")
    with pytest.raises(ValueError, match=allowed):
        parse_source({"source": "file:x.csv", "task": "ranking", "target": "t"})


def _task_name_comparisons(text: str) -> list[str]:
    names = "|".join(re.escape(name) for name in TASKS)
    literal = rf"""["'](?:{names})["']"""
    patterns = [rf"[=!]=\s*{literal}", rf"{literal}\s*[=!]=",
                rf"\bin\s*[(\[{{][^)\]}}\n]*{literal}", rf"{literal}\s+(?:not\s+)?in\b"]
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        if code.lstrip().startswith((">>>", "...", "for ")):   # a loop over option names
            continue
        if any(re.search(p, code) for p in patterns):
            found.append(f"{number}: {line.strip()}")
    return found


def test_the_comparison_finder_finds_comparisons():
    found = _task_name_comparisons('if task == "survival":\n    pass')
    assert found == ['1: if task == "survival":']
    assert _task_name_comparisons("ok = 'regression' != task") != []
    assert _task_name_comparisons('if params["task"] not in (task, "classification"):') != []
    assert _task_name_comparisons('if "multiclass" in served:') != []
    assert _task_name_comparisons('task: str = "classification"') == []
    assert _task_name_comparisons('>>> get_task("regression") == x') == []
    assert _task_name_comparisons('for flag in ("allow_unpinned", "multiclass"):') == []


def test_no_module_outside_the_task_modules_compares_a_task_name():
    outcomes = REPO / "src" / "fsstab" / "outcomes"
    files = [p for p in (REPO / "src").rglob("*.py") if outcomes not in p.parents]
    files += list((REPO / "scripts").rglob("*.py")) + list((REPO / "rules").rglob("*.smk"))
    files.append(REPO / "Snakefile")
    assert len(files) > 100
    problems = {str(p.relative_to(REPO)): found for p in files
                if (found := _task_name_comparisons(p.read_text("utf-8")))}
    assert not problems, ("ask the task (fsstab.outcomes.get_task(name).<attribute>) instead of "
                          f"comparing its name: {problems}")


def test_a_task_instance_is_its_own_task():
    task = TASKS["survival"]
    assert isinstance(task, Task)
    assert get_task(task) is task
    with pytest.raises(ValueError, match=r"dataset\.task must be one of"):
        get_task("ranking", name="dataset.task")
