"""``ReliefSelector``: ReliefF with K equally weighted neighbours and a K-NN predictor
(Hamer & Dupont 2021, §7.2.5)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from sklearn.neighbors import KNeighborsClassifier

from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    resolve_n_features,
    top_k_mask,
)
from fsstab.selectors._constraints import N_FEATURES, UnitPair, integers
from fsstab.selectors._registry import register_selector
from fsstab.selectors._relief_scores import relief_scores
from fsstab.selectors._two_stage import TwoStageSelector


@register_selector(
    method="ReliefF with K equally weighted neighbours",
    model="K-NN majority vote; eq. 9 (decision-flip sensitivity)",
    reference="Hamer §7.2.5",
)
class ReliefSelector(TwoStageSelector):
    """Top-k features by ReliefF weights (K nearest hits/misses of equal weight), then K-NN.

    The weights are :func:`~fsstab.selectors._relief_scores.relief_scores` (CORElearn's
    ``"ReliefFequalK"`` with every instance visited once; a vectorised implementation, see
    ``docs/selectors-other.md`` for why not ``skrebate``). The predictive model is a
    K-nearest-neighbour classifier with majority vote and Euclidean distance on the selected
    features, with the same K (capped at the number of training samples). ``importances_`` are
    the decision-flip sensitivities of that classifier (Hamer & Dupont 2021, eq. 9), the paper's
    importance for models without an intrinsic one.

    Parameters
    ----------
    n_neighbors : int
        K, for both ReliefF and the K-NN classifier (Hamer varies it from 1 to 40; CORElearn's
        default is 10).
    n_features_to_select : int, float or None
        ``None`` is ``min(20, √d)``.
    ramp : (t_equal, t_different) or None
        ``None``: ``diff = |Δ| / range`` (Kira & Rendell). A pair: CORElearn's ramp function
        (0 below ``t_equal`` of the range, 1 above ``t_different``, linear in between); its
        nominal default is ``(0.04, 0.1)``.

    Attributes
    ----------
    scores_ : ndarray (d,)
        ReliefF weights (in [-1, 1]).
    ranking_ : ndarray (d,)
        1 = largest weight (ties: lower index first).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import ReliefSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = ReliefSelector(n_features_to_select=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _supports_multiclass: ClassVar[bool] = True

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_neighbors": [integers(1)], "n_features_to_select": N_FEATURES,
        "ramp": [UnitPair(), None],
    }

    def __init__(
        self,
        *,
        n_neighbors: int = 10,
        n_features_to_select: int | float | None = None,
        ramp: tuple[float, float] | None = None,
    ) -> None:
        self.n_neighbors = n_neighbors
        self.n_features_to_select = n_features_to_select
        self.ramp = ramp

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        n_neighbors = check_positive_int(self.n_neighbors, "n_neighbors")
        k = resolve_n_features(self.n_features_to_select, X.shape[1])
        self.scores_ = relief_scores(X, y, n_neighbors, self.ramp)
        order = descending_order(self.scores_)
        self.ranking_ = ranking_from_order(order)
        self.support_ = top_k_mask(order, k)

    def _paired_model(self, X: np.ndarray, random_state: int) -> KNeighborsClassifier:
        return KNeighborsClassifier(n_neighbors=min(self.n_neighbors, X.shape[0]))
