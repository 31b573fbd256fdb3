"""Checks of a continuous or survival outcome: selectors that cannot serve a dataset's task,
settings that apply to class labels only, data too small for the outcome.

The task of a dataset is known from its source spec (:func:`fsstab.sources.outcomes.
source_task`), so these checks run with the configuration, before any job:

- a selector configuration (any of its variants) that cannot serve the task of a dataset it
  runs on (``LinearRFE`` serves no classification, most selectors nothing else): the problem
  names the selector's key, the dataset, its task and the selectors that can serve it
  (:func:`fsstab.selectors.selectors_for_task`);
- ``accuracy_model`` (a classifier scoring every selection) with a dataset of another task;
- a selector's ``task`` parameter set in the configuration (the workflow gives each
  selector its dataset's task).

Once a dataset is read (prefilter job, stored datasets), :func:`outcome_dataset_problems`
refuses a survival outcome with fewer events than a training and a test set need, and
:func:`outcome_warnings` says when there are too few events or samples for meaningful
estimates.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.selectors import SELECTORS, selectors_for_task
from fsstab.selectors import task_problems as selector_task_problems

__all__ = [
    "MIN_EVENTS",
    "SMALL_EVENTS",
    "dataset_task",
    "outcome_dataset_problems",
    "outcome_warnings",
    "task_problems",
]

#: A survival outcome needs an event in a training set and one in a test set.
MIN_EVENTS = 2
#: Below this many events a warning says the C-index and the selections mean little.
SMALL_EVENTS = 10
#: Below this many samples, the same for a continuous outcome.
SMALL_SAMPLES = 20


def dataset_task(source: Any) -> str | None:
    """The task of a dataset's source spec, or None if the spec is not valid (the
    configuration check reports that)."""
    from fsstab.sources import parse_source
    from fsstab.sources.outcomes import source_task

    try:
        return source_task(parse_source(copy.deepcopy(source)))
    except ValueError:
        return None


def _task_key(raw: Mapping[str, Any], dataset: str) -> str:
    source = raw["datasets"][dataset]["source"]
    if isinstance(source, Mapping) and "task" in source:
        return f"datasets.{dataset}.source.task"
    return f"datasets.{dataset}.source"


def task_problems(raw: Mapping[str, Any], configurations: Sequence[Any]) -> list[str]:
    """Problems of ``configurations`` (:class:`fsstab.workflow.config.Configuration`, expanded
    from ``raw``) on datasets whose task they cannot serve, and of ``accuracy_model`` on a
    dataset that is not a classification; one line each, naming the keys."""
    tasks = {name: dataset_task(entry["source"]) for name, entry in raw["datasets"].items()}
    problems: list[str] = []
    for label, entry in raw["selectors"].items():
        for part in ("params", "grid", "sweep"):
            if "task" in (entry.get(part) or {}):
                problems.append(
                    f"selectors.{label}.{part}.task: a selector serves the task of each dataset "
                    "it runs on (datasets.<name>.source.task); remove it"
                )
    if raw.get("accuracy_model") is not None:
        for name, task in tasks.items():
            if task not in (None, "classification"):
                problems.append(
                    f"accuracy_model: a classifier scores the selections of classification "
                    f"datasets only, but dataset {name!r} has task {task} ({_task_key(raw, name)}"
                    f"); remove accuracy_model (each selection is then scored by its own model)"
                )
    for config in configurations:
        cls = SELECTORS[config.cls]
        for name in config.datasets:
            task = tasks.get(name)
            if task is None:
                continue
            for variant in config.variants:
                found = selector_task_problems(cls, {**config.params, **variant.params}, task)
                for problem in found:
                    where = f".params.{problem.path}" if problem.path else ""
                    problems.append(
                        f"selectors.{config.selector}{where}: {problem.problem}, but dataset "
                        f"{name!r} has task {task} ({_task_key(raw, name)}); selectors for "
                        f"{task}: {', '.join(selectors_for_task(task))} (restrict this selector "
                        "with 'datasets:')"
                    )
                if found:
                    break
    return list(dict.fromkeys(problems))


def outcome_dataset_problems(dataset: str, target: Mapping[str, Any]) -> list[str]:
    """Problems of a prefiltered dataset's outcome (``target``: its
    :func:`fsstab.outcomes.describe_target`)."""
    if target.get("task") == "survival" and int(target["events"]) < MIN_EVENTS:
        return [f"datasets.{dataset}: {target['events']} event(s) among {target['n']} samples; "
                f"a survival outcome needs at least {MIN_EVENTS} (an event in a training set "
                "and one in a test set)"]
    return []


def outcome_warnings(dataset: str, target: Mapping[str, Any]) -> list[str]:
    """Warnings for an outcome too small for meaningful estimates (nothing is stopped)."""
    task, n = target.get("task"), int(target["n"])
    if task == "survival" and int(target["events"]) < SMALL_EVENTS:
        return [f"dataset {dataset!r} has {target['events']} events among {n} samples; with "
                f"fewer than {SMALL_EVENTS} events the test sets hold a handful of them, so the "
                "C-indexes and selection frequencies vary so much between resamples that the "
                "estimates mean little"]
    if task == "regression" and n < SMALL_SAMPLES:
        return [f"dataset {dataset!r} has {n} samples; with fewer than {SMALL_SAMPLES} the "
                "test sets hold a handful of samples, so R² and selection frequencies vary so "
                "much between resamples that the estimates mean little"]
    return []
