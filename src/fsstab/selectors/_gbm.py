"""Gradient boosting with decision stumps, top-k by importance (Sechidis et al. 2019, §4.1):
:class:`GBMSelector`."""

from __future__ import annotations

from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.ensemble import GradientBoostingClassifier

from fsstab._sklearn_compat import Interval
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    resolve_n_features,
    top_k_mask,
)
from fsstab.selectors._constraints import N_FEATURES, NON_NEGATIVE, RANDOM_STATE, integers
from fsstab.selectors._registry import register_selector
from fsstab.selectors._two_stage import TwoStageSelector


@register_selector(
    method="gradient-boosted stumps, top-k by importance",
    model="the boosted model",
    reference="Sechidis §4.1",
)
class GBMSelector(TwoStageSelector):
    """Gradient boosting with decision stumps, top-k by importance (Sechidis et al. 2019, §4.1).

    ``n_estimators`` boosting rounds of depth-``max_depth`` trees (stumps by default, 100 rounds as
    in the paper) are fitted on all features; the ``n_features_to_select`` features with the
    largest impurity-based importance (total loss reduction of their splits) are kept, and a new
    boosted model with the same settings is fitted on them as ``estimator_``. ``importances_`` are
    the decision-flip sensitivities (Hamer & Dupont 2021, eq. 9) of that model: a boosted model
    has no out-of-bag samples for permutation importance.

    Attributes
    ----------
    scores_ : ndarray (d,)
        ``feature_importances_`` of the selection model.
    ranking_ : ndarray (d,)
        1 = most important (ties: lower index first).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import GBMSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = GBMSelector(n_features_to_select=2, random_state=0).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _supports_multiclass: ClassVar[bool] = True

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_estimators": [integers(1)], "n_features_to_select": N_FEATURES,
        "learning_rate": [NON_NEGATIVE], "max_depth": [integers(1)],
        "subsample": [Interval(Real, 0, 1, closed="right")], "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        *,
        n_estimators: int = 100,
        n_features_to_select: int | float | None = None,
        learning_rate: float = 0.1,
        max_depth: int = 1,
        subsample: float = 1.0,
        random_state: Any = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.n_features_to_select = n_features_to_select
        self.learning_rate = learning_rate
        self.max_depth = max_depth
        self.subsample = subsample
        self.random_state = random_state

    def _booster(self, seed: int) -> GradientBoostingClassifier:
        return GradientBoostingClassifier(
            n_estimators=check_positive_int(self.n_estimators, "n_estimators"),
            learning_rate=self.learning_rate,
            max_depth=check_positive_int(self.max_depth, "max_depth"),
            subsample=self.subsample,
            random_state=seed,
        )

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        k = resolve_n_features(self.n_features_to_select, X.shape[1])
        booster = self._booster(random_state).fit(X, y)
        self.scores_ = np.asarray(booster.feature_importances_, dtype=np.float64)
        order = descending_order(self.scores_)
        self.ranking_ = ranking_from_order(order)
        self.support_ = top_k_mask(order, k)

    def _paired_model(self, X: np.ndarray, random_state: int) -> GradientBoostingClassifier:
        return self._booster(random_state)
