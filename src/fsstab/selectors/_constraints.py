"""The values each selector parameter accepts, checked without data and without fitting.

A selector checks its parameters when it is fitted -- in a workflow that is inside a selection
job, after the data were fetched, resampled and other jobs ran. :func:`parameter_problems`
checks the same conditions on the parameter values alone (what a value must be regardless of
the data: ``C > 0``, an integer ``n_estimators >= 1``, a known filter ``method``), so that a
configuration can be refused before any job with every bad value at once. Conditions that
need the data (``n_features_to_select <= d``) stay with ``fit`` and the workflow's dataset
checks. A parameter without an entry here is not checked early (objects such as a nested
``selector`` or ``estimator``; ``random_state``; ``groups``).

Every selector exposes its entries as scikit-learn's ``_parameter_constraints`` class attribute
(:func:`parameter_constraints`, read from this table, not copied): constructor parameter ->
``[check]``, or ``"no_validation"`` for a parameter without an entry. The checks are fsstab's
(a function returning what is wrong, or None), which :func:`parameter_problems` applies;
scikit-learn's ``_validate_params`` is not used.

Examples
--------
>>> from fsstab.selectors import parameter_problems
>>> parameter_problems("LassoSelector", {"C": -1, "max_iter": 2.5})
{'C': 'must be a positive finite number, got -1', 'max_iter': 'must be an integer >= 1, got 2.5'}
>>> parameter_problems("FilterSelector", {"method": "mrmrr"})["method"][:60]
"must be a known filter, got 'mrmrr' (did you mean 'mrmr'?); "
"""

from __future__ import annotations

import difflib
import inspect
import math
from collections.abc import Callable, Mapping
from numbers import Integral, Real
from typing import Any

__all__ = ["PARAMETER_CHECKS", "parameter_constraints", "parameter_problems"]

Check = Callable[[Any], "str | None"]


def _shown(value: Any) -> str:
    return repr(value)


def _real(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


def _integer(value: Any) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def positive() -> Check:
    return lambda v: None if _real(v) and v > 0 else \
        f"must be a positive finite number, got {_shown(v)}"


def non_negative() -> Check:
    return lambda v: None if _real(v) and v >= 0 else \
        f"must be a finite number >= 0, got {_shown(v)}"


def integer(minimum: int) -> Check:
    return lambda v: None if _integer(v) and v >= minimum else \
        f"must be an integer >= {minimum}, got {_shown(v)}"


def interval(low: float, high: float, *, low_open: bool, high_open: bool = False) -> Check:
    left, right = "(" if low_open else "[", ")" if high_open else "]"

    def check(v: Any) -> str | None:
        inside = _real(v) and (v > low if low_open else v >= low) and (
            v < high if high_open else v <= high)
        return None if inside else f"must lie in {left}{low:g}, {high:g}{right}, got {_shown(v)}"

    return check


def options(*allowed: str) -> Check:
    return lambda v: None if isinstance(v, str) and v in allowed else \
        f"must be one of {list(allowed)}, got {_shown(v)}"


def boolean() -> Check:
    return lambda v: None if isinstance(v, bool) else f"must be true or false, got {_shown(v)}"


def optional(check: Check) -> Check:
    return lambda v: None if v is None else check(v)


def either(*checks: Check, text: str) -> Check:
    return lambda v: None if any(c(v) is None for c in checks) else \
        f"must be {text}, got {_shown(v)}"


def count_or_fraction() -> Check:
    """An integer number of features >= 1, a fraction of them in (0, 1), or None (default)."""
    return optional(either(integer(1), interval(0, 1, low_open=True, high_open=True),
                           text="an integer >= 1, a fraction in (0, 1) or null"))


def _filter_method(value: Any) -> str | None:
    from fsstab.selectors._filters import FILTERS, get_filter

    try:
        get_filter(value)
    except ValueError:
        close = difflib.get_close_matches(str(value), list(FILTERS), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return (f"must be a known filter, got {_shown(value)}{hint}; known filters: "
                f"{sorted(FILTERS)}")
    return None


def _filter_or_none(value: Any) -> str | None:
    return None if value == "none" else _filter_method(value)


def _classifier(value: Any) -> str | None:
    from fsstab.selectors._classifiers import CLASSIFIERS

    return None if isinstance(value, str) and value in CLASSIFIERS else \
        f"must be one of {sorted(CLASSIFIERS)}, got {_shown(value)}"


def _ramp(value: Any) -> str | None:
    if value is None:
        return None
    ok = isinstance(value, list | tuple) and len(value) == 2 and all(map(_real, value)) and \
        0 <= value[0] <= value[1] <= 1
    return None if ok else f"must be null or a pair [t_equal, t_different] with " \
        f"0 <= t_equal <= t_different <= 1, got {_shown(value)}"


def _grid(value: Any) -> str | None:
    """Stabl's grid: null or a mapping of parameter names to non-empty lists of values."""
    if value is None:
        return None
    ok = isinstance(value, Mapping) and len(value) > 0 and all(
        isinstance(k, str) and isinstance(v, list | tuple) and len(v) > 0
        for k, v in value.items())
    return None if ok else \
        f"must be null or a mapping of parameter names to non-empty lists, got {_shown(value)}"


def _thresholds(value: Any) -> str | None:
    """Null or a non-empty list of frequency thresholds in [0, 1]."""
    if value is None:
        return None
    ok = isinstance(value, list | tuple) and len(value) > 0 and all(
        _real(v) and 0 <= v <= 1 for v in value)
    return None if ok else f"must be null or a non-empty list of numbers in [0, 1], got " \
        f"{_shown(value)}"


_STEP = either(integer(1), interval(0, 1, low_open=True, high_open=True),
               text="an integer >= 1 or a fraction in (0, 1)")
_PENALIZED = {"C": positive(), "target_k": count_or_fraction(), "tol": positive(),
              "max_iter": integer(1)}
_RFE = {"n_features_to_select": count_or_fraction(), "C": positive(),
        "final_C": optional(positive()), "step": _STEP}
_N_BINS = optional(integer(2))

#: Class name -> parameter -> check (a function returning None or what is wrong).
PARAMETER_CHECKS: dict[str, dict[str, Check]] = {
    "LassoSelector": dict(_PENALIZED),
    "ElasticNetSelector": {**_PENALIZED, "l1_ratio": interval(0, 1, low_open=True)},
    "GroupLassoSelector": dict(_PENALIZED),
    "LogisticRFE": dict(_RFE),
    "LinearRFE": dict(_RFE),
    "SVMRFE": {**_RFE, "kernel": options("linear", "rbf"),
               "gamma": either(options("scale", "auto"), positive(),
                               text="'scale', 'auto' or a positive number")},
    "HybridRFE": {**_RFE, "n_forced": integer(0), "epsilon": interval(0, 1, low_open=True),
                  "shrinkage_alpha": non_negative(),
                  "variance_weight": interval(0, 1, low_open=False)},
    "L0Selector": {"max_support_size": optional(integer(1)), "l2": non_negative(),
                   "backend": options("auto", "l0learn", "abess")},
    "RandomForestSelector": {
        "n_estimators": integer(1), "n_features_to_select": count_or_fraction(),
        "mode": options("top_k", "tree_fraction"),
        "min_tree_fraction": interval(0, 1, low_open=True),
        # None: the task's default (gini; squared error for a continuous outcome)
        "criterion": optional(options("gini", "entropy", "log_loss", "squared_error",
                                      "absolute_error", "friedman_mse", "poisson")),
        "max_features": optional(either(options("sqrt", "log2"), integer(1),
                                        interval(0, 1, low_open=True),
                                        text="'sqrt', 'log2', an integer >= 1, a fraction "
                                             "in (0, 1] or null")),
        "n_jobs": optional(either(integer(1), lambda v: None if v == -1 else "",
                                  text="an integer >= 1, -1 or null")),
    },
    "ReliefSelector": {"n_neighbors": integer(1), "n_features_to_select": count_or_fraction(),
                       "ramp": _ramp},
    "FilterSelector": {"method": _filter_method, "n_features_to_select": count_or_fraction(),
                       "threshold": optional(lambda v: None if _real(v) else
                                             f"must be a finite number, got {_shown(v)}"),
                       "n_bins": _N_BINS, "n_estimators": integer(1)},
    "FilterClassifier": {
        "filter": _filter_or_none, "fraction": interval(0, 1, low_open=False),
        "classifier": _classifier, "C": optional(positive()), "sigma": optional(positive()),
        "k": optional(integer(1)), "lam": optional(positive()), "n_trees": optional(integer(1)),
        "node_size_exponent": optional(interval(0, 1, low_open=False)),
        "mtry_fraction": optional(interval(0, 1, low_open=False)),
        "n_iterations": optional(integer(1)), "n_bins": _N_BINS, "filter_trees": integer(1),
        "importance": options("auto", "uniform"),
    },
    "GBMSelector": {"n_estimators": integer(1), "n_features_to_select": count_or_fraction(),
                    "learning_rate": non_negative(), "max_depth": integer(1),
                    "subsample": interval(0, 1, low_open=True)},
    "GLMBoostSelector": {"n_iter": integer(1), "nu": interval(0, 1, low_open=True),
                         "intercept_learner": boolean()},
    # pi_thr in (0, 1]: below 1/2 only under the r-concave bound, which fit checks
    "StabilitySelection": {"q": optional(integer(1)),
                           "pi_thr": optional(interval(0, 1, low_open=True)),
                           "pfer": optional(positive()), "n_pairs": integer(1),
                           "sampling": options("SS", "MB"),
                           "assumption": options("none", "unimodal", "r-concave"),
                           "selection": options("calibrated", "path"),
                           "stratify": boolean()},
    "EnsembleSelector": {"n_bootstrap": integer(1), "n_features_to_select": count_or_fraction(),
                         "stratify": boolean()},
    "Stabl": {"grid": _grid, "artificial": options("permutation", "knockoff"),
              "artificial_proportion": interval(0, 1, low_open=True), "n_pairs": integer(1),
              "thresholds": _thresholds, "stratify": boolean()},
    "KnockoffSelector": {"fdr": interval(0, 1, low_open=True, high_open=True),
                         "knockoffs": options("gaussian", "fixed"),
                         "offset": lambda v: None if v in (0, 1) and not isinstance(v, bool)
                         else f"must be 1 (knockoff+) or 0 (knockoff), got {_shown(v)}",
                         "covariance": options("ledoit_wolf", "sample"),
                         "max_features": integer(1)},
}


def parameter_problems(selector: str | type, params: Mapping[str, Any]) -> dict[str, str]:
    """``{parameter: what is wrong}`` for the values in ``params`` that the selector class (a
    registered name or the class) can never accept (module docstring); empty if none.
    Parameters the class does not have are not looked at (the caller reports those)."""
    name = selector if isinstance(selector, str) else selector.__name__
    checks = PARAMETER_CHECKS.get(name, {})
    problems = {}
    for parameter, value in params.items():
        check = checks.get(parameter)
        if check is not None:
            problem = check(value)
            if problem:
                problems[parameter] = problem
    return problems


def parameter_constraints(selector: type) -> dict[str, list[Check] | str]:
    """A selector class's :data:`PARAMETER_CHECKS` entry in the layout of scikit-learn's
    ``_parameter_constraints``: every constructor parameter -> ``[its check]``, or
    ``"no_validation"`` where the table has none (the value is checked by ``fit`` only).

    Examples
    --------
    >>> from fsstab.selectors import GLMBoostSelector, LassoSelector
    >>> constraints = GLMBoostSelector._parameter_constraints
    >>> sorted(constraints)
    ['intercept_learner', 'n_iter', 'nu']
    >>> constraints["nu"][0](0.0)
    'must lie in (0, 1], got 0.0'
    >>> LassoSelector._parameter_constraints["task"]
    'no_validation'
    """
    checks = PARAMETER_CHECKS.get(selector.__name__, {})
    parameters = [name for name in inspect.signature(selector.__init__).parameters
                  if name != "self"]
    return {name: [checks[name]] if name in checks else "no_validation" for name in parameters}
