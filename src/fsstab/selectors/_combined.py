"""``FilterClassifier``: a filter followed by a classifier, the combined methods of thesis Ch. 5-7.

Bommert (2020) combines a filter, which keeps a *percentage* of the features (§5.3: "first apply
the filter, selecting a given percentage of features, and then learn the classification rule
using only the remaining features"), with one of the classifiers of Tables 5.2 / 6.5. When the
classifier selects features itself (lasso, random forest, GLM boosting), the selected set is the
features the fitted model uses among those the filter kept (§6.3.1: "the set of selected
features is determined by both the filter and the classification method").

Random searches evaluate hundreds of configurations that share the filter and differ only in
the percentage and the classifier's hyperparameters (thesis §5.3, §6.3.1). Such configurations
are variants of one fit: :meth:`FilterClassifier.refit_final` reuses the filter's scores (for
the iterative filters, the greedy selection order, extended on demand) and fits only the
classifier.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab._sklearn_compat import StrOptions
from fsstab.importance import (
    flip_sensitivity,
    importances_on_support,
    linear_importance,
    svm_importance,
)
from fsstab.selectors._base import BaseSelector, _ConstantModel
from fsstab.selectors._classifiers import CLASSIFIERS, make_classifier, used_columns
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    spawn_seeds,
)
from fsstab.selectors._constraints import (
    POSITIVE,
    RANDOM_STATE,
    UNIT,
    Names,
    integers,
)
from fsstab.selectors._filter_scores import GreedySelection
from fsstab.selectors._filters import DEFAULT_FILTER_TREES, FILTERS, FilterInfo, get_filter
from fsstab.selectors._registry import register_selector

__all__ = ["FilterClassifier", "n_kept"]

#: Parameters that define the filter's scores; every other parameter can change in refit_final.
_FILTER_PARAMETERS: tuple[str, ...] = ("filter", "n_bins", "filter_trees", "random_state")


def n_kept(fraction: float, n_features: int) -> int:
    """The number of features a filter keeps for a fraction (mlr's ``fw.perc``; Bommert 2020,
    §5.2), as :class:`FilterClassifier` does.

    Parameters
    ----------
    fraction
        The fraction of the features to keep, in [0, 1].
    n_features
        ``d``.

    Returns
    -------
    int
        ``round(fraction · d)`` with halves to even, as R's ``round``; it can be 0 (the
        classifier then has no feature).

    Examples
    --------
    >>> from fsstab.selectors import n_kept
    >>> n_kept(0.5, 5), n_kept(0.5, 7), n_kept(0.01, 10)
    (2, 4, 0)
    """
    return int(np.rint(fraction * n_features))


def _fingerprint(X: np.ndarray, y: np.ndarray) -> str:
    digest = hashlib.blake2b(digest_size=16)
    digest.update(np.ascontiguousarray(X).tobytes())
    digest.update(np.ascontiguousarray(y).tobytes())
    return digest.hexdigest()


@dataclass
class _FilterCache:
    """Filter results on one training set, shared by the variants of a fit.

    ``order`` is the best-first order of the features: complete for univariate filters, the
    greedy prefix of length ``len(order)`` for iterative ones (a longer prefix extends a shorter
    one, the greedy choices only depending on the features chosen before).
    """

    fingerprint: str
    order: np.ndarray | None = None
    scores: np.ndarray | None = None
    complete: bool = False
    iterative: bool = False
    extensions: int = field(default=0)


class _EmbeddedSubsetModel(ClassifierMixin, BaseEstimator):
    """A model fitted on the filter's columns, fed only the columns it uses.

    The columns the model does not use (zero lasso / boosting coefficients, features no tree
    splits on) cannot change its output, so they are filled with zeros: predictions equal the
    fitted model's on the full set of kept columns.
    """

    def __init__(self, model: Any, used: np.ndarray):
        self.model = model
        self.used = used

    def _expand(self, X: np.ndarray) -> np.ndarray:
        X = np.asarray(X, dtype=np.float64)
        if X.shape[1] != int(self.used.sum()):
            raise ValueError(
                f"X has {X.shape[1]} columns; the model uses {int(self.used.sum())}"
            )
        full = np.zeros((X.shape[0], self.used.size))
        full[:, self.used] = X
        return full

    @property
    def classes_(self) -> np.ndarray:
        return self.model.classes_

    def predict(self, X: Any) -> np.ndarray:
        return self.model.predict(self._expand(X))

    def predict_proba(self, X: Any) -> np.ndarray:
        return self.model.predict_proba(self._expand(X))

    def decision_function(self, X: Any) -> np.ndarray:
        if hasattr(self.model, "decision_function"):
            return self.model.decision_function(self._expand(X))
        proba = self.model.predict_proba(self._expand(X))
        return proba[:, 1] - 0.5


@register_selector(
    method=("a filter keeping a `fraction` of the features, then a classifier (`svm`, `knn`, "
            "`ridge`, `lasso`, `random_forest`, `glm_boosting`) that may select among them"),
    model=("that classifier; eq. 7 / impurity / eq. 8 / eq. 9 by classifier, or "
           "`importance=\"uniform\"`"),
    reference="thesis §5.3, §6.3.1, Table 6.5",
)
class FilterClassifier(BaseSelector):
    """A filter of thesis Ch. 3.1 keeping a percentage of the features, then a classifier of
    Tables 5.2 / 6.5 on them (Bommert 2020, §5.3, §6.3.1).

    Parameters
    ----------
    filter : str
        ``"none"`` (no filtering, all features) or a filter of :data:`fsstab.selectors.FILTERS`
        (fsstab or thesis name, e.g. ``"jmi"``, ``"MIM"``, ``"impurity"``).
    fraction : float
        Percentage of the features the filter keeps, in [0, 1]: round(fraction · d)
        (:func:`n_kept`); 1 without a filter (``"none"``).
    classifier : str
        A key of :data:`fsstab.selectors.CLASSIFIERS`: ``svm``, ``knn``, ``ridge``, ``lasso``,
        ``random_forest``, ``glm_boosting``.
    C, sigma, k, lam, n_trees, node_size_exponent, mtry_fraction, n_iterations
        The classifier's hyperparameters (thesis Table 6.5; see
        :func:`fsstab.selectors._classifiers.make_classifier`); ``None`` takes the classifier's
        default. Setting a hyperparameter of another classifier is an error.
    n_bins : int or None
        Equal-width bins of the praznik filters (None: the thesis rule, §3.1.6).
    filter_trees : int
        Trees of the random-forest filters (500, ranger's default, thesis §5.4).
    importance : {"auto", "uniform"}
        ``importances_``: ``"auto"`` -- eq. 7 of Hamer & Dupont (2021) on the standardised
        coefficients for ridge, lasso and GLM boosting, the forest's impurity importance (the
        importance of the thesis' forests, §3.1.4) for the random forest, eq. 8 (margin
        contributions) for the SVM and eq. 9 (decision-flip sensitivity, slow) for k-NN;
        ``"uniform"`` -- the same importance for every selected feature (Hamer's even-importance
        baseline; no computation, for large searches that only need the selected sets).
    random_state : int, RandomState or None
        Seeds the random-forest filters, the random forest and the importance computation.

    Attributes
    ----------
    support_ : the filter's kept features that the classifier uses.
    kept_ : the filter's kept features (before the classifier's own selection).
    ranking_ : the filter's ranking (1 = best; for iterative filters the greedy order, features
        not chosen share rank k + 1); absent for ``filter="none"``.
    scores_ : the filter scores (iterative filters: the criterion when chosen, NaN otherwise).
    estimator_ : the classifier fitted on the kept features (fed only the used ones).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import FilterClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = FilterClassifier(filter="anova", fraction=0.1, classifier="lasso",
    ...                             lam=0.05).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    #: Parameters :meth:`refit_final` changes without recomputing the filter (the workflow
    #: sweeps them as variants of one fit).
    refit_parameters: ClassVar[tuple[str, ...]] = (
        "fraction", "classifier", "C", "sigma", "k", "lam", "n_trees", "node_size_exponent",
        "mtry_fraction", "n_iterations", "importance",
    )
    _hyperparameters: ClassVar[tuple[str, ...]] = (
        "C", "sigma", "k", "lam", "n_trees", "node_size_exponent", "mtry_fraction",
        "n_iterations",
    )

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "filter": [Names(FILTERS, what="filter", lookup=get_filter), StrOptions({"none"})],
        "fraction": [UNIT], "classifier": [Names(CLASSIFIERS, what="classifier")],
        "C": [POSITIVE, None], "sigma": [POSITIVE, None], "k": [integers(1), None],
        "lam": [POSITIVE, None], "n_trees": [integers(1), None],
        "node_size_exponent": [UNIT, None], "mtry_fraction": [UNIT, None],
        "n_iterations": [integers(1), None], "n_bins": [integers(2), None],
        "filter_trees": [integers(1)], "importance": [StrOptions({"auto", "uniform"})],
        "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        *,
        filter: str = "none",
        fraction: float = 1.0,
        classifier: str = "ridge",
        C: float | None = None,
        sigma: float | None = None,
        k: int | None = None,
        lam: float | None = None,
        n_trees: int | None = None,
        node_size_exponent: float | None = None,
        mtry_fraction: float | None = None,
        n_iterations: int | None = None,
        n_bins: int | None = None,
        filter_trees: int = DEFAULT_FILTER_TREES,
        importance: str = "auto",
        random_state: Any = None,
    ) -> None:
        self.filter = filter
        self.fraction = fraction
        self.classifier = classifier
        self.C = C
        self.sigma = sigma
        self.k = k
        self.lam = lam
        self.n_trees = n_trees
        self.node_size_exponent = node_size_exponent
        self.mtry_fraction = mtry_fraction
        self.n_iterations = n_iterations
        self.n_bins = n_bins
        self.filter_trees = filter_trees
        self.importance = importance
        self.random_state = random_state

    # -- parameters ---------------------------------------------------------------------------
    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """The filter's :attr:`~fsstab.selectors.FilterInfo.min_class_samples` (Welch's t:
        2; no filter: 1)."""
        name = params.get("filter", "anova")
        if name == "none":
            return 1
        try:
            return get_filter(name).min_class_samples
        except ValueError:
            return 1  # an unknown filter: the parameter check reports it

    def _filter_info(self) -> FilterInfo | None:
        if self.filter == "none":
            return None
        return get_filter(self.filter)

    def _classifier_params(self) -> dict[str, Any]:
        if self.classifier not in CLASSIFIERS:
            raise ValueError(
                f"unknown classifier {self.classifier!r}; known: {sorted(CLASSIFIERS)}"
            )
        own = CLASSIFIERS[self.classifier].params
        foreign = [p for p in self._hyperparameters
                   if p not in own and getattr(self, p) is not None]
        if foreign:
            raise ValueError(
                f"{foreign} are not hyperparameters of classifier {self.classifier!r} (its "
                f"hyperparameters: {list(own)})"
            )
        return {p: getattr(self, p) for p in own}

    def _n_kept(self, d: int) -> int:
        fraction = self.fraction
        if isinstance(fraction, bool) or not isinstance(fraction, Real) or not 0 <= fraction <= 1:
            raise ValueError(f"fraction must lie in [0, 1]; got {fraction!r}")
        if self.filter == "none" and fraction != 1:
            raise ValueError(
                f"filter='none' keeps every feature; fraction must be 1, got {fraction!r}"
            )
        return n_kept(float(fraction), d)

    # -- filter -------------------------------------------------------------------------------
    def _filter_order(
        self, info: FilterInfo, X: np.ndarray, y: np.ndarray, k: int, seed: int,
        cache: _FilterCache,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The best-first order (at least its first k entries) and the filter scores."""
        options = {
            "n_features_to_select": None,
            "n_bins": self.n_bins,
            "n_estimators": check_positive_int(self.filter_trees, "filter_trees"),
            "random_state": seed,
        }
        if not info.iterative:
            if cache.order is None:
                scores = np.asarray(info.score(X, y, **{o: options[o] for o in info.options}),
                                    dtype=np.float64)
                cache.scores, cache.order, cache.complete = scores, descending_order(scores), True
            return cache.order, cache.scores
        d = X.shape[1]
        computed = 0 if cache.order is None else cache.order.size
        if computed < k and not cache.complete:
            # extend the greedy order; doubling keeps the total work within twice the final size
            target = min(d, max(k, 2 * computed))
            options["n_features_to_select"] = target
            result = info.score(X, y, **{o: options[o] for o in info.options})
            if not isinstance(result, GreedySelection):
                raise TypeError(f"iterative filter {info.name!r} must return a GreedySelection")
            cache.order, cache.scores = result.order, result.scores
            cache.complete = result.order.size >= d
            cache.iterative = True
            cache.extensions += 1
        return cache.order, cache.scores

    # -- fitting ------------------------------------------------------------------------------
    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        if np.unique(y).size != 2:
            raise ValueError("FilterClassifier is defined for two classes")
        info = self._filter_info()
        params = self._classifier_params()
        if self.importance not in ("auto", "uniform"):
            raise ValueError(f"importance must be 'auto' or 'uniform'; got {self.importance!r}")
        n, d = X.shape
        k = self._n_kept(d)
        filter_seed, model_seed, importance_seed = spawn_seeds(self.random_state, 3)
        fingerprint = _fingerprint(X, y)
        cache = getattr(self, "_shared_cache", None)
        if cache is None or cache.fingerprint != fingerprint:
            cache = _FilterCache(fingerprint)
        kept = np.zeros(d, dtype=bool)
        if info is None:
            kept[:] = True
        else:
            order, scores = self._filter_order(info, X, y, k, filter_seed, cache)
            kept[order[:k]] = True
            if info.iterative:
                # this fit's view: the first k greedy choices, whatever the cache holds
                self.ranking_ = np.full(d, k + 1, dtype=np.int64)
                self.ranking_[order[:k]] = np.arange(1, k + 1)
                self.scores_ = np.full(d, np.nan)
                self.scores_[order[:k]] = scores[order[:k]]
            else:
                self.ranking_ = ranking_from_order(order)
                self.scores_ = scores.copy()
        self.kept_ = kept
        self.filter_cache_ = cache
        columns = np.flatnonzero(kept)
        if columns.size == 0:
            model = _ConstantModel().fit(X[:, :0], y)
            used = np.zeros(0, dtype=bool)
        else:
            model = make_classifier(self.classifier, params, n_samples=n,
                                    n_features=columns.size, random_state=int(model_seed))
            model = clone(model).fit(X[:, columns], y)
            used = used_columns(self.classifier, model, columns.size)
        support = np.zeros(d, dtype=bool)
        support[columns[used]] = True
        self.support_ = support
        self.estimator_ = _EmbeddedSubsetModel(model, used)
        self.importances_ = self._importances(model, X[:, columns], used, importance_seed)

    def _importances(
        self, model: Any, X_kept: np.ndarray, used: np.ndarray, seed: int
    ) -> np.ndarray:
        support = self.support_
        if not support.any():
            return np.zeros(support.size)
        if self.importance == "uniform":
            return importances_on_support(np.ones(int(support.sum())), support)
        name = self.classifier
        if name in ("ridge", "lasso", "glm_boosting"):
            values = linear_importance(np.ravel(model[-1].coef_))[used]
        elif name == "random_forest":
            values = model.feature_importances_[used]
        elif name == "svm":
            values = svm_importance(model[-1])
        else:
            values = flip_sensitivity(model, X_kept)
        return importances_on_support(values, support)

    def refit_final(self, X: Any, y: Any, **params: Any) -> FilterClassifier:
        """A new fitted selector with other percentage / classifier parameters, reusing this
        fit's filter scores (the iterative filters' greedy order is extended when a larger
        percentage needs it). The result equals ``clone(...).set_params(**params).fit(X, y)``,
        except that switching to another ``classifier`` clears the previous classifier's
        hyperparameters (those not among ``params`` are reset to None), so that variants of a
        hierarchical search (one classifier and its hyperparameters each) can follow each other.
        """
        check_is_fitted(self, "filter_cache_")
        unknown = sorted(set(params) - set(self.refit_parameters))
        if unknown:
            raise ValueError(
                f"refit_final only changes {list(self.refit_parameters)}; got {unknown} (the "
                f"filter parameters {list(_FILTER_PARAMETERS)} need fit)"
            )
        X = validate_data(self, X, dtype=np.float64, reset=False)
        if params.get("classifier", self.classifier) != self.classifier:
            params = {**dict.fromkeys(self._hyperparameters), **params}
        new = clone(self).set_params(**params)
        new._shared_cache = self.filter_cache_
        return new.fit(X, y)

