"""The ``refit`` rules of :class:`fsstab.sklearn.StabilitySearchCV`: which candidate to refit.

``"gamma=<γ>"`` (Hamer & Dupont 2021, §7.1), ``"epsilon"`` (Bommert 2020, Algorithm 3.2),
``"one_se"`` (the most stable candidate whose mean score is within one standard error of the
best, :mod:`fsstab.outcomes`), ``"accuracy"`` (GridSearchCV's choice), a callable, or False.
Part of :mod:`fsstab.sklearn`.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Mapping
from typing import Any

import numpy as np

from fsstab.outcomes import one_standard_error_choice, score_standard_errors
from fsstab.pareto import choose_by_gamma, epsilon_constraint_selection

__all__ = ["choose_candidate", "parse_refit"]

_GAMMA_RULE = re.compile(r"^\s*gamma\s*=\s*([0-9.eE+-]+)\s*$")
_RULES = "'gamma=0.5', 'epsilon', 'one_se', 'accuracy', a callable, or False"


def parse_refit(refit: Any, acc_const: Any, stab_const: Any) -> tuple[str, Any]:
    """``(rule, argument)`` of a ``refit`` value; ``ValueError`` naming the accepted rules."""
    if refit is False:
        return "none", None
    if callable(refit):
        return "callable", refit
    if refit is True or not isinstance(refit, str):
        raise ValueError(
            f"refit={refit!r} is ambiguous for a search on two objectives; pass "
            "'gamma=<γ in [0, 1]>' (Hamer & Dupont 2021, §7.1), 'epsilon' (Bommert 2020, "
            "Alg. 3.2, with acc_const and stab_const), 'one_se' (the most stable candidate "
            "within one standard error of the best score), 'accuracy' (GridSearchCV's "
            "choice), a callable cv_results_ -> index, or False"
        )
    rule = refit.strip()
    if rule in ("epsilon", "accuracy", "one_se"):
        if rule == "epsilon":
            for name, value in (("acc_const", acc_const), ("stab_const", stab_const)):
                if (isinstance(value, bool) or not isinstance(value, numbers.Real)
                        or not 0 <= value <= 1):
                    raise ValueError(f"{name} must lie in [0, 1] (Bommert 2020, Alg. 3.2), "
                                     f"got {value!r}")
        return rule, None
    match = _GAMMA_RULE.match(refit)
    if match:
        try:
            gamma = float(match.group(1))
        except ValueError:
            gamma = math.nan
        if not 0.0 <= gamma <= 1.0:
            raise ValueError(f"refit={refit!r}: γ must lie in [0, 1]")
        return "gamma", gamma
    raise ValueError(f"refit={refit!r} is not understood; use {_RULES}")


def choose_candidate(rule: str, argument: Any, rows: np.ndarray, accuracy: np.ndarray,
                     stability: np.ndarray, *, results: Mapping[str, Any], metric: str,
                     n_splits: int, acc_const: float, stab_const: float,
                     random_state: Any, test_fraction: float | None = None) -> int:
    """The chosen candidate among the eligible ``rows`` (finite score and stability) under
    ``rule`` ("gamma", "epsilon" or "one_se"; its standard error is corrected for the overlap
    of the splits with their held-out fraction ``test_fraction``)."""
    if rule == "gamma":
        return int(rows[choose_by_gamma(accuracy[rows], stability[rows], argument)])
    if rule == "one_se":
        se = score_standard_errors(results, metric, n_splits, test_fraction=test_fraction)
        return int(rows[one_standard_error_choice(accuracy[rows], se[rows], stability[rows])])
    return int(rows[epsilon_constraint_selection(
        accuracy[rows], stability[rows], acc_const=acc_const, stab_const=stab_const,
        random_state=random_state,
    )])
