"""Random-forest selection (Hamer & Dupont 2021 §7.2.4; Nogueira & Brown 2016 §5); gradient
boosting with decision stumps is in :mod:`fsstab.selectors._gbm`."""

from __future__ import annotations

from numbers import Integral, Real
from typing import Any, ClassVar

import numpy as np
from sklearn.ensemble import (
    RandomForestClassifier,
    RandomForestRegressor,
)

from fsstab._forest import fit_forest
from fsstab._sklearn_compat import Interval, RealNotInt, StrOptions
from fsstab.importance import oob_permutation_importance
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    resolve_n_features,
    spawn_seeds,
    top_k_mask,
)
from fsstab.selectors._constraints import N_FEATURES, RANDOM_STATE, TASK, integers
from fsstab.selectors._registry import register_selector
from fsstab.selectors._two_stage import TwoStageSelector

#: ``max_features`` of scikit-learn's forests: an integer >= 1, a fraction of the features in
#: (0, 1], "sqrt", "log2" or None (all features).
MAX_FEATURES: list[Any] = [integers(1), Interval(RealNotInt, 0, 1, closed="right"),
                           StrOptions({"sqrt", "log2"}), None]


def tree_usage_fraction(forest: Any, n_features: int) -> np.ndarray:
    """Fraction of the trees of a fitted forest that split on each feature at least once
    (Nogueira & Brown 2016, §5).

    A feature with a positive fraction is one the forest uses: its impurity importance is
    positive unless its splits never decrease the impurity (the embedded selection of a random
    forest, Bommert 2020, §3.2.5).

    Parameters
    ----------
    forest
        A fitted tree ensemble with ``estimators_`` (e.g. ``RandomForestClassifier``).
    n_features
        ``d``, the number of columns the forest was fitted on.

    Returns
    -------
    ndarray of float, shape (d,)
        Values in [0, 1].

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.ensemble import RandomForestClassifier
    >>> from fsstab.selectors import tree_usage_fraction
    >>> X = np.c_[np.repeat([0.0, 1.0], 10), np.zeros(20)]
    >>> forest = RandomForestClassifier(n_estimators=5, random_state=0).fit(X, X[:, 0])
    >>> tree_usage_fraction(forest, 2).tolist()
    [1.0, 0.0]
    """
    used = np.zeros(n_features)
    for tree in forest.estimators_:
        split_features = tree.tree_.feature
        used[np.unique(split_features[split_features >= 0])] += 1.0
    return used / len(forest.estimators_)


@register_selector(
    method=("top-k by out-of-bag permutation importance, or features used by ≥ a fraction of the "
            "trees"),
    model="a new forest on the selected features; OOB permutation importance",
    reference="Hamer §7.2.4; Nogueira & Brown §5",
)
class RandomForestSelector(TwoStageSelector):
    """Random-forest feature selection, in the two variants of the papers.

    - ``mode="top_k"`` (Hamer & Dupont 2021, §7.2.4): a forest of ``n_estimators`` trees is fitted
      on all features, features are ranked by out-of-bag permutation importance (Breiman 2001) and
      the ``n_features_to_select`` most important are kept.
    - ``mode="tree_fraction"`` (Nogueira & Brown 2016, §5): a feature is kept when at least a
      fraction ``min_tree_fraction`` of the trees split on it. Nogueira & Brown grow 100 trees with
      the entropy criterion (``criterion="entropy"``) and ``⌊√d⌋`` candidate features per split.

    In both modes a new forest with the same settings, fitted on the kept features only, is the
    predictive model ``estimator_``; ``importances_`` are the out-of-bag permutation importances
    in that final forest (Hamer & Dupont 2021, §5.1).

    ``task="regression"`` grows a :class:`~sklearn.ensemble.RandomForestRegressor` (out-of-bag
    permutation importance: increase of the mean squared error), ``task="survival"`` a random
    survival forest (Ishwaran et al. 2008; scikit-survival's ``RandomSurvivalForest``, log-rank
    splits, the optional extra ``fsstab[survival]``; importance: decrease of Harrell's C-index),
    see :mod:`fsstab.importance.outcomes`.

    Parameters
    ----------
    n_estimators : int
        Trees per forest (T).
    n_features_to_select : int, float or None
        ``top_k`` mode: number (or fraction of ``d``) of features; ``None`` is ``min(20, √d)``.
    mode : {"top_k", "tree_fraction"}
    min_tree_fraction : float in (0, 1]
        ``tree_fraction`` mode: the fraction p of trees that must use a feature.
    criterion, max_features : passed to the forest. ``criterion=None`` is ``"gini"``
        (classification), ``"squared_error"`` (regression); a survival forest splits by the
        log-rank statistic and takes no criterion. ``max_features="sqrt"`` is ranger's
        ``mtry = ⌊√d⌋`` for every task.
    n_jobs : int or None
        Threads growing the trees (results do not depend on it; the workflow sets it to the
        selection job's ``threads``).
    random_state : int, RandomState or None
    task : {"classification", "regression", "survival"}

    Attributes
    ----------
    scores_ : ndarray (d,)
        Out-of-bag permutation importance (``top_k``) or fraction of trees using the feature
        (``tree_fraction``) in the selection forest.
    ranking_ : ndarray (d,)
        1 = highest score; ties in a random order drawn from ``random_state`` (``top_k``: a
        small forest leaves most features at an importance of exactly 0, and index order would
        pick the same of them in every run) or by lower index (``tree_fraction``).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import RandomForestSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = RandomForestSelector(n_estimators=50, n_features_to_select=2,
    ...                                 random_state=0).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _supports_multiclass: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset({"classification", "regression", "survival"})

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_estimators": [integers(1)], "n_features_to_select": N_FEATURES,
        "mode": [StrOptions({"top_k", "tree_fraction"})],
        "min_tree_fraction": [Interval(Real, 0, 1, closed="right")],
        # None: the task's default (gini; squared error for a continuous outcome; the log-rank
        # statistic of a survival forest, which takes no other)
        "criterion": [StrOptions({"gini", "entropy", "log_loss", "squared_error",
                                  "absolute_error", "friedman_mse", "poisson"}), None],
        "max_features": MAX_FEATURES, "n_jobs": [Integral, None], "random_state": RANDOM_STATE,
        "task": TASK,
    }

    def __init__(
        self,
        *,
        n_estimators: int = 500,
        n_features_to_select: int | float | None = None,
        mode: str = "top_k",
        min_tree_fraction: float = 0.5,
        criterion: str | None = None,
        max_features: Any = "sqrt",
        n_jobs: int | None = None,
        random_state: Any = None,
        task: str = "classification",
    ) -> None:
        self.n_estimators = n_estimators
        self.n_features_to_select = n_features_to_select
        self.mode = mode
        self.min_tree_fraction = min_tree_fraction
        self.criterion = criterion
        self.max_features = max_features
        self.n_jobs = n_jobs
        self.random_state = random_state
        self.task = task

    def _forest(self, seed: int) -> Any:
        task = self._task()
        n_estimators = check_positive_int(self.n_estimators, "n_estimators")
        if task == "survival":
            from fsstab.selectors._survival_forest import random_survival_forest

            if self.criterion is not None:
                raise ValueError("a random survival forest splits by the log-rank statistic; "
                                 f"criterion must be None, got {self.criterion!r}")
            return random_survival_forest(n_estimators=n_estimators,
                                          max_features=self.max_features, n_jobs=self.n_jobs,
                                          random_state=seed)
        if task == "regression":
            return RandomForestRegressor(
                n_estimators=n_estimators,
                criterion="squared_error" if self.criterion is None else self.criterion,
                max_features=self.max_features, bootstrap=True, n_jobs=self.n_jobs,
                random_state=seed,
            )
        return RandomForestClassifier(
            n_estimators=n_estimators,
            criterion="gini" if self.criterion is None else self.criterion,
            max_features=self.max_features,
            bootstrap=True,
            n_jobs=self.n_jobs,
            random_state=seed,
        )

    def _oob_importance(self, forest: Any, X: np.ndarray, y: np.ndarray, seed: int
                        ) -> np.ndarray:
        task = self._task()
        if task == "classification":
            return oob_permutation_importance(forest, X, y, random_state=seed)
        from fsstab.importance.outcomes import oob_permutation_importance_outcome

        return oob_permutation_importance_outcome(forest, X, y, task=task, random_state=seed)

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        if self.mode not in ("top_k", "tree_fraction"):
            raise ValueError(f"mode must be 'top_k' or 'tree_fraction'; got {self.mode!r}")
        d = X.shape[1]
        selection_seed, score_seed, tie_seed = spawn_seeds(random_state, 3)
        forest = fit_forest(self._forest(selection_seed), X, y)
        if self.mode == "top_k":
            k = resolve_n_features(self.n_features_to_select, d)
            self.scores_ = self._oob_importance(forest, X, y, score_seed)
            order = descending_order(self.scores_, tie_break=tie_seed)
            self.support_ = top_k_mask(order, k)
        else:
            p = self.min_tree_fraction
            if isinstance(p, bool) or not isinstance(p, Real) or not 0 < p <= 1:
                raise ValueError(f"min_tree_fraction must lie in (0, 1]; got {p!r}")
            self.scores_ = tree_usage_fraction(forest, d)
            order = descending_order(self.scores_)
            self.support_ = self.scores_ >= p
        self.ranking_ = ranking_from_order(order)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        return self._forest(random_state)
