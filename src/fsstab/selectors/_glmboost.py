"""Component-wise GLM boosting for binary classification (thesis §3.2.4; mboost's ``glmboost``).

Boosting with one linear base learner per feature (Bühlmann & Yu 2003; Hofner et al. 2014):
starting from the offset, every iteration fits each centred feature to the negative gradient of
the loss by least squares (no intercept), takes the feature whose fit has the smallest residual
sum of squares, and moves the fit a step ν along it. ``glmboost(y ~ .)`` also has the intercept
column of the model matrix as a base learner (a constant fitted to the gradient); it is one
here too unless ``intercept_learner=False``. After ``n_iter`` iterations the model is linear in
the features that were chosen at least once -- the embedded feature selection the thesis uses
in Ch. 5-7 (Tables 5.2 and 6.5, ``mstop`` / ``n.iter``) and §8.1. This one implementation
serves all of them: :class:`GLMBoostSelector` and the ``glm_boosting`` classifier of
:func:`fsstab.selectors.make_classifier`.

The loss is mboost's default ``Binomial()`` family (type ``"adaboost"``): with y ∈ {-1, 1} and
``f`` half the log-odds, ``ρ(y, f) = log₂(1 + exp(-2yf))``, negative gradient
``2y·exp(-2yf) / (log(2)·(1 + exp(-2yf)))`` and offset ``½·log(p̂ / (1 - p̂))``; mboost's
``glmboost`` centres the features (``center = TRUE``) and uses ν = 0.1. Predictions are the
sign of ``f``.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, ClassVar, NamedTuple

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab._sklearn_compat import Interval, _fit_context
from fsstab.importance import importances_on_support, linear_importance
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import check_positive_int, encode_binary_target
from fsstab.selectors._constraints import BOOLEAN, integers
from fsstab.selectors._registry import register_selector

__all__ = ["GLMBoostClassifier", "GLMBoostFit", "GLMBoostSelector", "glm_boost"]

_LOG2 = math.log(2.0)
#: ``GLMBoostFit.path`` entries that are not a feature index
NO_STEP = -1  # no base learner could reduce the loss (every feature constant)
INTERCEPT_STEP = -2  # the intercept learner was chosen


class GLMBoostFit(NamedTuple):
    """The result of :func:`glm_boost`.

    ``f(x) = intercept + coef · x`` is half the log-odds of class 1; ``path[j]`` is the feature
    chosen in iteration ``j`` (:data:`INTERCEPT_STEP` for the intercept learner, :data:`NO_STEP`
    when nothing could reduce the loss, e.g. all features constant) and ``steps[j]`` the
    coefficient added to it; ``offset`` and ``means`` (of the features) give the model after
    fewer iterations (:meth:`after`).
    """

    coef: np.ndarray
    intercept: float
    path: np.ndarray
    steps: np.ndarray
    offset: float
    means: np.ndarray

    def after(self, n_iter: int) -> tuple[np.ndarray, float]:
        """``(coef, intercept)`` of the model after the first ``n_iter`` iterations: boosting is
        sequential, so one run to the largest ``n_iter`` gives every smaller one."""
        if not 0 <= n_iter <= self.path.size:
            raise ValueError(f"n_iter must lie in 0..{self.path.size}, got {n_iter!r}")
        path, steps = self.path[:n_iter], self.steps[:n_iter]
        on_feature = path >= 0
        coef = np.bincount(path[on_feature], weights=steps[on_feature], minlength=self.coef.size)
        constant = self.offset + float(steps[path == INTERCEPT_STEP].sum())
        return coef, constant - float(coef @ self.means)

    @property
    def selection_counts(self) -> np.ndarray:
        """How often each feature's base learner was chosen."""
        return np.bincount(self.path[self.path >= 0], minlength=self.coef.size)


def _check_learning_rate(nu: Any) -> float:
    if isinstance(nu, bool) or not isinstance(nu, int | float) or not 0 < nu <= 1:
        raise ValueError(f"nu (the step length) must lie in (0, 1], got {nu!r}")
    return float(nu)


def binomial_negative_gradient(y_pm: np.ndarray, f: np.ndarray) -> np.ndarray:
    """Negative gradient of mboost's ``Binomial()`` loss log₂(1 + exp(-2yf)) in ``f``.

    Written with ``expit`` so that large margins neither overflow nor lose the sign.
    """
    margin = 2.0 * y_pm * f
    # exp(-m) / (1 + exp(-m)) = 1 / (1 + exp(m)) = expit(-m)
    return 2.0 * y_pm * (0.5 * (1.0 - np.tanh(0.5 * margin))) / _LOG2


def glm_boost(
    X: np.ndarray, y01: np.ndarray, n_iter: int, nu: float = 0.1, intercept_learner: bool = True
) -> GLMBoostFit:
    """Component-wise linear boosting with the binomial loss (thesis §3.2.4, mboost ``glmboost``).

    Parameters
    ----------
    X
        ``n x d`` float features (centred internally, as ``glmboost(center = TRUE)``).
    y01
        Labels coded 0/1 (1 is the class whose half log-odds ``f`` models).
    n_iter
        Number of boosting iterations (the thesis' ``n.iter``, an upper bound of the number of
        selected features).
    nu
        Step length ν (mboost's default 0.1).
    intercept_learner
        Whether the intercept is a base learner (``glmboost(y ~ .)``, the default) or only the
        offset (``glmboost(y ~ . - 1)``, ``center = TRUE``). The offset minimises the loss among
        constants, so the intercept learner is chosen only once the fitted features have moved
        the gradient's mean away from zero.

    Returns
    -------
    GLMBoostFit
        Coefficients on the original (uncentred) scale, intercept, and the chosen learner per
        iteration. Ties go to the first learner in the model matrix, the intercept and then the
        lowest feature index (R's ``which.min``).
    """
    n_iter = check_positive_int(n_iter, "n_iter")
    nu = _check_learning_rate(nu)
    X = np.asarray(X, dtype=np.float64)
    y_pm = np.where(np.asarray(y01) == 1, 1.0, -1.0)
    positive_rate = float(np.mean(y_pm > 0))
    if not 0 < positive_rate < 1:
        raise ValueError("glm_boost needs both classes in y01")
    offset = 0.5 * math.log(positive_rate / (1.0 - positive_rate))
    means = X.mean(axis=0)
    Xc = X - means
    squares = np.einsum("ij,ij->j", Xc, Xc)
    usable = squares > 1e-12 * max(1.0, float(squares.max(initial=0.0)))
    safe_squares = np.where(usable, squares, 1.0)
    n_samples = X.shape[0]
    f = np.full(n_samples, offset)
    coef = np.zeros(X.shape[1])
    constant = offset
    path = np.full(n_iter, NO_STEP, dtype=np.int64)
    steps = np.zeros(n_iter)
    for iteration in range(n_iter):
        u = binomial_negative_gradient(y_pm, f)
        products = Xc.T @ u
        # least-squares fit of u on feature k reduces the RSS by products_k² / squares_k
        reduction = np.where(usable, products * products / safe_squares, -np.inf)
        best = int(np.argmax(reduction))
        gradient_sum = float(u.sum())
        # the constant learner (fit: mean of u) reduces the RSS by (Σu)² / n
        if intercept_learner and gradient_sum * gradient_sum / n_samples >= reduction[best]:
            step = nu * gradient_sum / n_samples
            f += step
            constant += step
            path[iteration] = INTERCEPT_STEP
            steps[iteration] = step
            continue
        if not np.isfinite(reduction[best]):
            break
        step = nu * products[best] / squares[best]
        f += step * Xc[:, best]
        coef[best] += step
        path[iteration] = best
        steps[iteration] = step
    return GLMBoostFit(
        coef=coef, intercept=constant - float(coef @ means), path=path, steps=steps,
        offset=offset, means=means,
    )


#: The constraints of the boosting parameters (:func:`glm_boost`).
_BOOSTING: dict[str, list[Any]] = {
    "n_iter": [integers(1)], "nu": [Interval(Real, 0, 1, closed="right")],
    "intercept_learner": BOOLEAN,
}


class GLMBoostClassifier(ClassifierMixin, BaseEstimator):
    """A scikit-learn classifier around :func:`glm_boost` (binary labels).

    Parameters: ``n_iter`` (mstop), ``nu`` (step length) and ``intercept_learner`` (see
    :func:`glm_boost`).

    Attributes: ``classes_``, ``coef_`` (d,), ``intercept_`` (half log-odds scale), ``path_``,
    ``selected_`` (bool, d: features chosen in at least one iteration), ``selection_counts_``
    (d: how often each feature was chosen).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import GLMBoostClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> model = GLMBoostClassifier(n_iter=10).fit(X, y)
    >>> np.flatnonzero(model.selected_).tolist()
    [2, 5]
    >>> np.sign(model.coef_[[2, 5]]).tolist()   # y rises with feature 2, falls with 5
    [1.0, -1.0]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = dict(_BOOSTING)

    def __init__(self, *, n_iter: int = 100, nu: float = 0.1, intercept_learner: bool = True):
        self.n_iter = n_iter
        self.nu = nu
        self.intercept_learner = intercept_learner

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: Any, y: Any) -> GLMBoostClassifier:
        X, y = validate_data(self, X, y, dtype=np.float64)
        codes = encode_binary_target(self, y)
        fit = glm_boost(X, codes, self.n_iter, self.nu, bool(self.intercept_learner))
        self.coef_, self.intercept_, self.path_ = fit.coef, fit.intercept, fit.path
        self.selection_counts_ = fit.selection_counts
        self.selected_ = self.selection_counts_ > 0
        return self

    def decision_function(self, X: Any) -> np.ndarray:
        """Half log-odds ``f(x)`` of ``classes_[1]``."""
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_

    def predict(self, X: Any) -> np.ndarray:
        return self.classes_[(self.decision_function(X) > 0).astype(np.int64)]

    def predict_proba(self, X: Any) -> np.ndarray:
        p1 = 0.5 * (1.0 + np.tanh(self.decision_function(X)))  # logistic(2f)
        return np.column_stack([1.0 - p1, p1])


@register_selector(
    method=("componentwise GLM boosting (mboost's `glmboost`): the features chosen in `n_iter` "
            "iterations"),
    model="the boosted linear model itself; eq. 7",
    reference="thesis §3.2.4, §8.1",
)
class GLMBoostSelector(BaseSelector):
    """GLM boosting with embedded feature selection (thesis §3.2.4, Table 6.5, §8.1).

    The selected features are those chosen in at least one of the ``n_iter`` iterations; the
    predictive model is the boosted linear model itself. (Refitting it on the selected columns
    reproduces the same path exactly, since every iteration's choice was the best among all
    features and hence among the selected ones.) ``importances_``: eq. 7 of Hamer & Dupont
    (2021) on the coefficients of the standardised features, ``|w_f| · sd_f``.

    Parameters
    ----------
    n_iter
        Boosting iterations (the thesis draws ``round(2^x)``, x ∈ [0, 15]).
    nu
        Step length (mboost's default 0.1).
    intercept_learner
        Whether the intercept is a base learner (mboost's ``glmboost(y ~ .)``), see
        :func:`glm_boost`.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import GLMBoostSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = GLMBoostSelector(n_iter=10).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = dict(_BOOSTING)

    def __init__(self, *, n_iter: int = 100, nu: float = 0.1, intercept_learner: bool = True):
        self.n_iter = n_iter
        self.nu = nu
        self.intercept_learner = intercept_learner

    def _model(self) -> GLMBoostClassifier:
        return GLMBoostClassifier(
            n_iter=self.n_iter, nu=self.nu, intercept_learner=self.intercept_learner
        )

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        full = self._model().fit(X, y)
        self.support_ = full.selected_.copy()
        self.path_ = full.path_
        self.estimator_ = self._fit_model(self._model(), X, y)
        if np.any(self.support_):
            scaled = self.estimator_.coef_ * X[:, self.support_].std(axis=0)
            self.importances_ = importances_on_support(linear_importance(scaled), self.support_)
        else:
            self.importances_ = np.zeros(X.shape[1])
