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

REPO = Path(__file__).resolve().parents[1]


def test_every_task_module_registers_its_tasks_in_order():
    modules = [type(task).__module__.rpartition(".")[2] for task in TASKS.values()]
    assert modules
    assert set(modules) == set(TASK_MODULES)
    # registry order: that of TASK_MODULES, then of the definitions within a module
    assert modules == sorted(modules, key=TASK_MODULES.index)
    for name, task in TASKS.items():
        assert task.name == name
        assert get_task(name) is task
        assert task.estimator_score in task.scores, name
        assert task.scores[0].decision, f"{name}: the first score takes the decision"
        assert task.target_columns, name
        for score in task.scores:
            assert SCORES[score.name] is score
    assert DEFAULT_TASK in TASKS
    assert TASKS[DEFAULT_TASK].source_option


def test_the_tasks_of_class_labels_are_chosen_by_the_number_of_classes():
    assert class_task(2).name == "classification"
    assert class_task(3).name == class_task(7).name == "multiclass"
    with pytest.raises(ValueError, match="no one task of class labels has 1 classes"):
        class_task(1)


def test_register_task_refuses_a_second_name_and_a_module_the_package_does_not_load(
        monkeypatch):
    monkeypatch.setattr(_registry, "TASKS", dict(TASKS))
    monkeypatch.setattr(_registry, "SCORES", dict(SCORES))
    regression = TASKS["regression"]

    class Again(type(regression)):
        pass

    with pytest.raises(ValueError, match="task 'regression' is registered already"):
        register_task(Again)

    class Elsewhere(type(regression)):
        name = "ranking"

    Elsewhere.__module__ = "fsstab.outcomes._ranking"
    with pytest.raises(ValueError, match=r"defined in fsstab.outcomes._ranking, which is not in "
                                         r"fsstab.outcomes._registry.TASK_MODULES"):
        register_task(Elsewhere)

    class Ranking(type(regression)):
        name = "ranking"

    Ranking.__module__ = "user_code"      # a user's task outside the package is accepted
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
    assert [name for name, task in TASKS.items() if task.continuous] == ["regression"]


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

    path = REPO / "config" / "schema" / "config.schema.yaml"
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
