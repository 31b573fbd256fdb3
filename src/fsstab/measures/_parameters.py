"""The values each measure parameter accepts, checked without data.

A measure checks its parameters when it is computed -- in a workflow that is inside a stability
job, after every selection job has run. :func:`parameter_problems` applies the same checks to
the values alone, so that a configuration can be refused before any job: the checks every
measure with such a parameter shares (``undefined``, ``correction``, ``n_estimate``,
``random_state``) and the measure's own (:attr:`MeasureInfo.checks`: Davis' ``penalty``,
Canberra's ``k``, the corrections of the adjusted measures). They are the functions the
measures themselves call, so that a value they accept is never refused.

Examples
--------
>>> from fsstab.measures import parameter_problems
>>> parameter_problems("jaccard", {"n_estimate": 0, "correction": "estimate"})
{'n_estimate': 'n_estimate must be a positive integer (Monte-Carlo draws), got 0'}
>>> parameter_problems("davis", {"penalty": -1})
{'penalty': 'penalty (α of SMD-α) must be a finite number >= 0, got -1'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fsstab.measures._hypergeometric import check_correction, check_n_estimate
from fsstab.measures._registry import MEASURES, unknown_measure_error
from fsstab.measures._undefined import check_undefined_policy
from fsstab.seeds import check_random_state

__all__ = ["SHARED_CHECKS", "parameter_problems"]

#: Parameter -> the check of every measure that takes it (unless the measure has its own).
SHARED_CHECKS: dict[str, Callable[[Any], Any]] = {
    "undefined": check_undefined_policy,
    "correction": check_correction,
    "n_estimate": check_n_estimate,
    "random_state": check_random_state,
}


def parameter_problems(name: str, params: Mapping[str, Any]) -> dict[str, str]:
    """``{parameter: what is wrong}`` for the values of ``params`` that the measure ``name``
    refuses whatever its input (module docstring). Parameters the measure does not take are
    left to the caller."""
    if name not in MEASURES:
        raise unknown_measure_error(name)
    info = MEASURES[name]
    checks = {**{k: v for k, v in SHARED_CHECKS.items() if k in info.params}, **info.checks}
    problems = {}
    for key, value in params.items():
        if key not in checks:
            continue
        try:
            checks[key](value)
        except (TypeError, ValueError) as exc:
            problems[key] = str(exc)
    return problems
