"""Values checked before any job: every selector and resampling parameter, and what a dataset's
source can give.

:func:`fsstab.workflow.config.check_config` checks which keys a configuration has; the checks
here look at the values, so that a value no data set can accept -- ``C: -1``, ``n_estimators:
-5``, ``k: 2.5``, a filter ``method: mrmrr``, a subsample ``fraction: 1.0`` -- stops the run
when the Snakefile is read, with every such value at once and its key path, instead of failing
one selection job at a time, minutes later, inside a log file:

- each configured selector's ``params`` and every ``grid`` and ``sweep`` value are checked
  against the class's constraints -- the ``_parameter_constraints`` its ``fit`` validates --
  and nested selector specifications recursively, then the parameters taken together in every
  setting (:func:`fsstab.selectors.specification_problems`), each with its key path
  (``selectors.stabs.params.selector.params.C``);
- each resampling section (global and per dataset) by
  :func:`fsstab.resampling.scheme_parameter_problems`;
- ``similarity: {method: groups}`` needs feature groups, which only synthetic designs record;
- a source's ``classes`` option must keep two classes (any number with ``multiclass``) and
  list each label once (:func:`fsstab.datasets.class_option_problem`, the fetch's own check).
"""

from __future__ import annotations

import copy
import inspect
import itertools
from collections.abc import Mapping
from typing import Any

from fsstab.resampling import scheme_parameter_problems
from fsstab.selectors import (
    SELECTORS,
    ParameterProblem,
    constructor_parameters,
    specification_problems,
)
from fsstab.sources import parse_source

__all__ = ["value_problems"]


def _line(where: str, path: str, problem: ParameterProblem) -> str:
    return f"{where}{'.' + path if path else ''}: {problem.problem} ({problem.selector})"


def _selector_problems(label: str, entry: Mapping[str, Any]) -> list[str]:
    cls_name = entry["class"]
    if cls_name not in SELECTORS:
        return []  # reported by check_config
    key = f"selectors.{label}"
    accepted = constructor_parameters(cls_name)
    # parameters the class does not have, or lacks, are reported by check_config
    params = {k: v for k, v in (entry.get("params") or {}).items() if k in accepted}
    listed = {part: {name: values if isinstance(values, list) else [values]
                     for name, values in (entry.get(part) or {}).items() if name in accepted}
              for part in ("grid", "sweep")}
    problems = [_line(f"{key}.params", p.path, p)
                for p in specification_problems(cls_name, params, joint=False)]
    for part, values in listed.items():
        for name, choices in values.items():
            for position, value in enumerate(choices):
                problems += [
                    _line(f"{key}.{part}.{name}[{position}]", p.path.removeprefix(name)[1:], p)
                    for p in specification_problems(cls_name, {name: value}, joint=False)]
    missing = [name for name, default in accepted.items()
               if default is inspect.Parameter.empty and name not in {**params, **listed["grid"]}]
    if problems or missing:
        return problems
    # the parameters taken together, in every setting of the grid and the sweep
    joint = [_line(f"{key}.params", p.path, p)
             for grid in _combinations(listed["grid"]) for sweep in _combinations(listed["sweep"])
             for p in specification_problems(cls_name, {**params, **grid, **sweep})]
    return list(dict.fromkeys(joint))


def _combinations(grid: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
    names = sorted(grid)
    return [dict(zip(names, values, strict=True))
            for values in itertools.product(*(grid[name] for name in names))]


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
