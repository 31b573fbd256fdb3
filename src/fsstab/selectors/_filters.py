"""``FilterSelector``: every filter method of the thesis (Bommert 2020, Ch. 3.1, Table 3.1).

A filter scores the features without a model and keeps the ``n_features_to_select`` best (or,
for univariate filters, those scoring at least ``threshold``); a separate predictive model is
then fitted on the kept features. :data:`FILTERS` registers the scoring functions with their
Table 3.1 requirements, and the filters of a continuous or time-to-event outcome
(:mod:`fsstab.selectors._filter_outcomes`) with the tasks they serve.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab._forest import fit_forest
from fsstab._sklearn_compat import Interval
from fsstab.importance import oob_permutation_importance
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    resolve_n_features,
    spawn_seeds,
    top_k_mask,
)
from fsstab.selectors._constraints import (
    ESTIMATOR,
    N_FEATURES,
    RANDOM_STATE,
    TASK,
    Names,
    integers,
)
from fsstab.selectors._filter_outcomes import (
    score_cox,
    score_f_test,
    score_mrmr_regression,
    score_mutual_information,
    score_pearson,
    score_spearman,
)
from fsstab.selectors._filter_scores import (
    GreedySelection,
    score_anova,
    score_auc,
    score_chi_squared,
    score_cmim,
    score_disr,
    score_gain_ratio,
    score_info_gain,
    score_jmi,
    score_jmim,
    score_kruskal,
    score_limma,
    score_mim,
    score_mrmr,
    score_njmim,
    score_oner,
    score_sam,
    score_sym_uncertainty,
    score_variance,
    score_welch_t,
)
from fsstab.selectors._registry import register_selector
from fsstab.selectors._two_stage import TwoStageSelector

#: Trees of the random-forest filters: ranger's default, used throughout thesis Ch. 5 (§5.4).
DEFAULT_FILTER_TREES = 500


def _filter_forest(n_estimators: int, seed: int) -> RandomForestClassifier:
    """ranger's defaults: mtry = ⌊√p⌋, Gini splits, unpruned trees on bootstrap samples."""
    return RandomForestClassifier(
        n_estimators=n_estimators, max_features="sqrt", bootstrap=True, random_state=seed
    )


def score_permutation(
    X: np.ndarray, y: np.ndarray, *, n_estimators: int = DEFAULT_FILTER_TREES,
    random_state: Any = None,
) -> np.ndarray:
    """Out-of-bag permutation importance of a random forest (thesis §3.1.4, *permutation*).

    Decrease in out-of-bag accuracy per tree when the feature is permuted, averaged over trees
    (Breiman 2001), via :func:`fsstab.importance.oob_permutation_importance` (which reports
    decreases below zero as 0).
    """
    forest_seed, permutation_seed = spawn_seeds(random_state, 2)
    forest = fit_forest(_filter_forest(n_estimators, forest_seed), X, y)
    return oob_permutation_importance(forest, X, y, random_state=permutation_seed)


def score_impurity(
    X: np.ndarray, y: np.ndarray, *, n_estimators: int = DEFAULT_FILTER_TREES,
    random_state: Any = None,
) -> np.ndarray:
    """Mean decrease in Gini impurity of a random forest (thesis §3.1.4, *impurity*)."""
    (forest_seed,) = spawn_seeds(random_state, 1)
    return fit_forest(_filter_forest(n_estimators, forest_seed), X, y).feature_importances_


@dataclass(frozen=True)
class FilterInfo:
    """A registered filter and its requirements (thesis Table 3.1)."""

    name: str
    thesis_name: str
    score: Callable[..., Any]
    concept: str
    classes: str  # "two-class", "multi-class" or "arbitrary" (labels ignored)
    features: str
    discretisation: str
    reference: str
    iterative: bool = False
    #: FilterSelector parameters forwarded to ``score`` (besides X and y).
    options: tuple[str, ...] = ()
    #: The tasks (:data:`fsstab.outcomes.TASKS`) the filter serves.
    tasks: frozenset[str] = frozenset({"classification"})
    #: The score function of a task where it is not ``score`` (e.g. mRMR for a continuous y).
    task_scores: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: The fewest samples of each class the score needs (Welch's t: a variance per class).
    min_class_samples: int = 1

    def score_for(self, task: str) -> Callable[..., Any]:
        """The score function of this filter for ``task`` (ValueError if it does not serve
        it, naming the filters that do)."""
        if task not in self.tasks:
            serving = sorted(name for name, info in FILTERS.items() if task in info.tasks)
            raise ValueError(f"filter {self.name!r} does not serve task {task!r}; filters for "
                             f"{task}: {', '.join(serving)}")
        return self.task_scores.get(task, self.score)


_MDL = "MDL (Fayyad & Irani 1993)"
_EQUAL = "equal-width, n_bins = max(min(n/3, 10), 2)"
_PRAZNIK = "Kursa (2018), praznik; thesis §3.1.5"

FILTERS: dict[str, FilterInfo] = {
    info.name: info
    for info in (
        FilterInfo("anova", "anova.test", score_anova, "univariate statistical test",
                   "multi-class", "continuous or binary", "none", "thesis §3.1.1"),
        FilterInfo("limma", "limma", score_limma, "univariate statistical test", "multi-class",
                   "continuous or binary", "none", "Smyth (2004); thesis §3.1.1"),
        FilterInfo("sam", "sam", score_sam, "univariate statistical test", "multi-class",
                   "continuous or binary", "none", "Tusher et al. (2001); thesis §3.1.1"),
        FilterInfo("kruskal", "kruskal.test", score_kruskal, "univariate statistical test",
                   "multi-class", "continuous or binary", "none",
                   "Kruskal & Wallis (1952); thesis §3.1.1"),
        FilterInfo("chi_squared", "chi.squared", score_chi_squared,
                   "univariate statistical test", "multi-class", "categorical", _MDL,
                   "thesis §3.1.1"),
        FilterInfo("auc", "auc", score_auc, "univariate predictive performance", "two-class",
                   "continuous", "none", "thesis §3.1.2"),
        FilterInfo("oner", "oneR", score_oner, "univariate predictive performance",
                   "multi-class", "categorical", _MDL, "thesis §3.1.2"),
        FilterInfo("variance", "variance", score_variance, "feature variance", "arbitrary",
                   "continuous", "none", "thesis §3.1.3",
                   tasks=frozenset({"classification", "regression", "survival"})),
        FilterInfo("welch_t", "welch.t", score_welch_t, "univariate statistical test",
                   "two-class", "continuous", "none", "Welch (1947); Hamer & Dupont (2021) Alg. 1",
                   min_class_samples=2),
        FilterInfo("permutation", "permutation", score_permutation, "random forest importance",
                   "multi-class", "continuous or categorical", "none",
                   "Breiman (2001); thesis §3.1.4", options=("n_estimators", "random_state")),
        FilterInfo("impurity", "impurity", score_impurity, "random forest importance",
                   "multi-class", "continuous or categorical", "none",
                   "Breiman (2001); thesis §3.1.4", options=("n_estimators", "random_state")),
        FilterInfo("info_gain", "info.gain", score_info_gain, "mutual information",
                   "multi-class", "categorical", _MDL, "thesis §3.1.5 (FSelectorRcpp)"),
        FilterInfo("gain_ratio", "gain.ratio", score_gain_ratio, "mutual information",
                   "multi-class", "categorical", _MDL, "thesis §3.1.5 (FSelectorRcpp)"),
        FilterInfo("sym_uncertainty", "sym.uncert", score_sym_uncertainty,
                   "mutual information", "multi-class", "categorical", _MDL,
                   "thesis §3.1.5 (FSelectorRcpp)"),
        FilterInfo("mim", "MIM", score_mim, "mutual information", "multi-class", "categorical",
                   _EQUAL, _PRAZNIK, options=("n_bins",)),
        FilterInfo("mrmr", "MRMR", score_mrmr, "mutual information", "multi-class",
                   "categorical", _EQUAL, _PRAZNIK, iterative=True,
                   options=("n_features_to_select", "n_bins"),
                   tasks=frozenset({"classification", "regression"}),
                   task_scores={"regression": score_mrmr_regression}),
        *(
            FilterInfo(name, name.upper(), score, "mutual information", "multi-class",
                       "categorical", _EQUAL, _PRAZNIK, iterative=True,
                       options=("n_features_to_select", "n_bins"))
            for name, score in (("jmi", score_jmi), ("jmim", score_jmim),
                                ("disr", score_disr), ("njmim", score_njmim),
                                ("cmim", score_cmim))
        ),
        # -- continuous outcome (task "regression")
        *(
            FilterInfo(name, name, score, concept, "continuous target", "continuous", "none",
                       reference, tasks=frozenset({"regression"}), options=options)
            for name, score, concept, reference, options in (
                ("pearson", score_pearson, "correlation", "Pearson (1896)", ()),
                ("spearman", score_spearman, "rank correlation", "Spearman (1904)", ()),
                ("f_test", score_f_test, "univariate statistical test",
                 "F test of the univariate regression", ()),
                ("mutual_information", score_mutual_information, "mutual information",
                 "Kraskov et al. (2004)", ("random_state",)),
            )
        ),
        # -- time to event (task "survival")
        FilterInfo("cox", "cox", score_cox, "univariate statistical test", "survival target",
                   "continuous", "none", "Cox (1972) score test, Breslow ties",
                   tasks=frozenset({"survival"})),
    )
}


def get_filter(method: str) -> FilterInfo:
    """Look a filter up by its fsstab name or its thesis name (case-insensitive)."""
    if isinstance(method, str):
        key = method.lower()
        for info in FILTERS.values():
            if key in (info.name, info.thesis_name.lower()):
                return info
    raise ValueError(f"unknown filter method {method!r}; known: {sorted(FILTERS)}")


def default_filter_model() -> Any:
    """Ridge (L2) logistic regression on standardised features, one of the thesis Ch. 5 models.

    Linear, so its eq. 9 importances are exact and equal eq. 7 (Hamer & Dupont 2021, Theorem 1).
    """
    return make_pipeline(StandardScaler(), LogisticRegression())


def default_outcome_model(task: str) -> Any:
    """The linear counterpart of :func:`default_filter_model` for ``task``: ridge regression
    (regression) or the ridge Cox model (survival, ``C = 1``) on standardised features, whose
    importances are eq. 7 of Hamer & Dupont (2021)."""
    if task == "regression":
        return make_pipeline(StandardScaler(), Ridge())
    from fsstab.selectors._outcome_models import PenalizedCoxRegression

    return make_pipeline(StandardScaler(), PenalizedCoxRegression(C=1.0, l1_ratio=0.0))


@register_selector(
    method=("`method=…`: 21 classification filters: anova, kruskal, auc, variance, welch_t, "
            "chi_squared, oner, info_gain, gain_ratio, sym_uncertainty (MDL), limma (moderated t), "
            "sam, mim, mrmr, jmi, jmim, disr, njmim, cmim (equal-width bins), permutation, "
            "impurity; for regression variance, mrmr, pearson, spearman, f_test, "
            "mutual_information; for survival variance, cox"),
    model="configurable `estimator` (default ridge logistic); matching importance",
    reference="thesis Ch. 3.1, Table 3.1",
)
class FilterSelector(TwoStageSelector):
    """Select features with a filter of thesis Ch. 3.1 and fit a predictive model on them.

    Parameters
    ----------
    method : str
        A key of :data:`FILTERS` (or its thesis name, e.g. ``"anova.test"``, ``"sym.uncert"``).
    n_features_to_select : int, float or None
        Number of features to keep (a float in (0, 1) is a fraction of ``d``); ``None`` gives
        ``min(20, √d)`` (Hamer & Dupont 2021, §7.2) unless ``threshold`` is set.
    threshold : float or None
        Keep every feature whose score is at least ``threshold`` instead (univariate filters
        only: iterative filters have no comparable scores, thesis §3.1).
    estimator : classifier or None
        Predictive model fitted on the kept features; ``None`` is
        :func:`default_filter_model` (ridge logistic regression on standardised features).
    n_bins : int or None
        Equal-width intervals of the praznik filters (MIM ... CMIM); ``None`` is the thesis rule
        ``max(min(n/3, 10), 2)``; Sechidis et al. (2019) use 5.
    n_estimators : int
        Trees of the random-forest filters (*permutation*, *impurity*).
    random_state : int, RandomState or None
        Seeds the random-forest filters and the importance computation.
    task : {"classification", "regression", "survival"}
        The outcome; each filter serves the tasks in its :attr:`FilterInfo.tasks` (``mrmr``
        uses the Gaussian-copula mutual information for a continuous ``y``). For regression
        and survival ``estimator=None`` is :func:`default_outcome_model`.

    Attributes
    ----------
    scores_ : ndarray of shape (d,)
        Filter scores (for iterative filters: the criterion value when the feature was chosen,
        NaN for features not chosen).
    ranking_ : ndarray of shape (d,)
        1 = best. Iterative filters rank the chosen features by selection order and give all
        other features the rank ``k + 1``.
    support_, importances_, estimator_ : see :class:`BaseSelector`. Importances are eq. 9 of
        Hamer & Dupont (2021) in ``estimator_`` (out-of-bag permutation importance for a bagged
        forest).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import FilterSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = FilterSelector(method="mrmr", n_features_to_select=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _supports_multiclass: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset({"classification", "regression", "survival"})

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "method": [Names(FILTERS, what="filter", lookup=get_filter)],
        "n_features_to_select": N_FEATURES,
        "threshold": [Interval(Real, None, None, closed="neither"), None],
        "estimator": ESTIMATOR, "n_bins": [integers(2), None], "n_estimators": [integers(1)],
        "random_state": RANDOM_STATE, "task": TASK,
    }

    def __init__(
        self,
        *,
        method: str = "anova",
        n_features_to_select: int | float | None = None,
        threshold: float | None = None,
        estimator: Any = None,
        n_bins: int | None = None,
        n_estimators: int = DEFAULT_FILTER_TREES,
        random_state: Any = None,
        task: str = "classification",
    ) -> None:
        self.method = method
        self.n_features_to_select = n_features_to_select
        self.threshold = threshold
        self.estimator = estimator
        self.n_bins = n_bins
        self.n_estimators = n_estimators
        self.random_state = random_state
        self.task = task

    @classmethod
    def task_problem(cls, task: str, params: Mapping[str, Any]) -> str | None:
        problem = super().task_problem(task, params)
        if problem is not None:
            return problem
        try:
            info = get_filter(params.get("method", "anova"))
        except ValueError as error:
            return str(error)
        try:
            info.score_for(task)
        except ValueError as error:
            return str(error)
        return None

    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """The filter's :attr:`FilterInfo.min_class_samples` (Welch's t: 2)."""
        try:
            return get_filter(params.get("method", "anova")).min_class_samples
        except ValueError:
            return 1  # an unknown filter: the parameter check reports it

    def _class_count_problem(self, n_classes: int) -> str | None:
        try:
            info = get_filter(self.method)
        except ValueError:
            info = None  # fit reports the unknown method
        if n_classes > 2 and info is not None and info.classes == "two-class":
            return f"filter {info.name!r} is defined for two classes only"
        return super()._class_count_problem(n_classes)

    def _score_options(self, info: FilterInfo, k: int | None, seed: int) -> dict[str, Any]:
        available = {
            "n_features_to_select": k,
            "n_bins": self.n_bins,
            "n_estimators": check_positive_int(self.n_estimators, "n_estimators"),
            "random_state": seed,
        }
        return {name: available[name] for name in info.options}

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        info = get_filter(self.method)
        d = X.shape[1]
        task = self._task()
        score = info.score_for(task)
        n_classes = np.unique(y).size if task == "classification" else 0
        if task == "classification" and info.classes == "two-class" and n_classes != 2:
            raise ValueError(
                f"filter {info.name!r} is defined for two classes only; y has {n_classes} classes"
            )
        if self.threshold is not None:
            if self.n_features_to_select is not None:
                raise ValueError("give either n_features_to_select or threshold, not both")
            if info.iterative:
                raise ValueError(
                    f"threshold is not defined for the iterative filter {info.name!r} (its "
                    "scores of different iterations are not comparable); use "
                    "n_features_to_select"
                )
            if (
                isinstance(self.threshold, bool)
                or not isinstance(self.threshold, Real)
                or not np.isfinite(self.threshold)
            ):
                raise ValueError(f"threshold must be a finite number; got {self.threshold!r}")
        k = None if self.threshold is not None else resolve_n_features(self.n_features_to_select, d)
        options = self._score_options(info, k, random_state)
        if task != "classification":  # a task's own score function takes fewer options
            accepted = inspect.signature(score).parameters
            if self.n_bins is not None and "n_bins" not in accepted:
                raise ValueError(f"n_bins does not apply to filter {info.name!r} for {task} "
                                 "(no binning); leave it None")
            options = {name: value for name, value in options.items() if name in accepted}
        result = score(X, y, **options)
        if isinstance(result, GreedySelection):
            self.scores_ = result.scores
            self.ranking_ = np.full(d, result.order.size + 1, dtype=np.int64)
            self.ranking_[result.order] = np.arange(1, result.order.size + 1)
            self.support_ = np.zeros(d, dtype=bool)
            self.support_[result.order] = True
        else:
            self.scores_ = np.asarray(result, dtype=np.float64)
            order = descending_order(self.scores_)
            self.ranking_ = ranking_from_order(order)
            if self.threshold is None:
                self.support_ = top_k_mask(order, k)
            else:
                self.support_ = np.nan_to_num(self.scores_, nan=-np.inf) >= self.threshold

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        if self.estimator is not None:
            return self.estimator
        task = self._task()
        return default_filter_model() if task == "classification" else default_outcome_model(task)
