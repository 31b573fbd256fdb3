"""Values checked before any job: every selector and resampling parameter, and what a dataset's
source can give.

:func:`fsstab.workflow.config.check_config` checks which keys a configuration has; the checks
here look at the values, so that a value no data set can accept -- ``C: -1``, ``n_estimators:
-5``, ``k: 2.5``, a filter ``method: mrmrr``, a subsample ``fraction: 1.0`` -- stops the run
when the Snakefile is read, with every such value at once and its key path, instead of failing
one selection job at a time, minutes later, inside a log file:

- each configured selector is built (without fitting) from its ``params`` and every ``grid``
  and ``sweep`` value, and its parameters are checked by
  :func:`fsstab.selectors.parameter_problems`;
- each resampling section (global and per dataset) by
  :func:`fsstab.resampling.scheme_parameter_problems`;
- ``similarity: {method: groups}`` needs feature groups, which only synthetic designs record;
- a source's ``classes`` option must keep two classes (any number with ``multiclass``) and
  list each label once (:func:`fsstab.datasets.class_option_problem`, the fetch's own check).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from fsstab.resampling import scheme_parameter_problems
from fsstab.selectors import SELECTORS, parameter_problems
from fsstab.sources import parse_source

__all__ = ["value_problems"]


def _selector_problems(label: str, entry: Mapping[str, Any]) -> list[str]:
    cls_name = entry["class"]
    if cls_name not in SELECTORS:
        return []  # reported by check_config
    cls = SELECTORS[cls_name]
    key = f"selectors.{label}"
    params = dict(entry.get("params") or {})
    problems = []
    try:
        built = cls(**params)  # the selector as configured, with its defaults; not fitted
    except TypeError:
        built = None  # unknown or missing parameters: check_config names them
    values = built.get_params(deep=False) if built is not None else params
    for name, problem in parameter_problems(cls_name, values).items():
        where = f"{key}.params.{name}" if name in params else f"{key} (default of {name})"
        problems.append(f"{where}: {problem} ({cls_name})")
    for part in ("grid", "sweep"):
        for name, values in (entry.get(part) or {}).items():
            listed = values if isinstance(values, list) else [values]
            for position, value in enumerate(listed):
                problem = parameter_problems(cls_name, {name: value}).get(name)
                if problem:
                    problems.append(f"{key}.{part}.{name}[{position}]: {problem} ({cls_name})")
    return problems


def _resampling_problems(key: str, section: Mapping[str, Any] | None,
                         default_scheme: str) -> list[str]:
    if not section:
        return []
    scheme = section.get("scheme", default_scheme)
    try:
        found = scheme_parameter_problems(scheme, dict(section.get("params") or {}))
    except ValueError:
        return []  # unknown scheme or parameter: check_config names it
    return [f"{key}.params.{name}: {problem}" for name, problem in found.items()]


def _groups_problem(name: str, entry: Mapping[str, Any]) -> str | None:
    similarity = entry.get("similarity") or {}
    if similarity.get("method") != "groups":
        return None
    try:
        spec = parse_source(copy.deepcopy(entry["source"]))
    except ValueError:
        return None  # reported by check_config
    if spec.kind == "synthetic" or "groups" in spec.options:
        return None
    return (
        f"datasets.{name}.similarity.method: 'groups' needs the feature groups of the data, "
        f"which a {spec.kind!r} source does not record (only synthetic designs do); use "
        "'pearson' or 'spearman' with a threshold"
    )


def _classes_problem(name: str, entry: Mapping[str, Any]) -> str | None:
    from fsstab.datasets import class_option_problem

    try:
        spec = parse_source(copy.deepcopy(entry["source"]))
    except ValueError:
        return None  # reported by check_config
    if "classes" not in spec.options:
        return None
    problem = class_option_problem(spec.options["classes"],
                                   binary=not spec.options.get("multiclass", False))
    return None if problem is None else f"datasets.{name}.source.classes: {problem}"


def value_problems(raw: Mapping[str, Any]) -> list[str]:
    """Problems of the values of a schema-valid configuration (module docstring), each with
    its key path."""
    problems: list[str] = []
    for label, entry in raw["selectors"].items():
        problems += _selector_problems(label, entry)
    scheme = raw["resampling"]["scheme"]
    problems += _resampling_problems("resampling", raw["resampling"], scheme)
    for name, entry in raw["datasets"].items():
        own = entry.get("resampling")
        if own and "params" in own:
            problems += _resampling_problems(f"datasets.{name}.resampling", own, scheme)
        for problem in (_groups_problem(name, entry), _classes_problem(name, entry)):
            if problem:
                problems.append(problem)
    return problems
