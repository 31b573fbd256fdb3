"""SVM recursive feature elimination (Guyon et al. 2002): :class:`SVMRFE`.

The features are standardised on the training data and eliminated in steps along the path of
:func:`fsstab.selectors._elimination.run_elimination`, scored by :class:`_SVMScores`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from fsstab._sklearn_compat import StrOptions
from fsstab.importance import (
    importances_on_support,
    linear_importance,
    margin_contributions,
    svm_importance,
)
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import resolve_n_features
from fsstab.selectors._constraints import N_FEATURES, POSITIVE, STEP
from fsstab.selectors._elimination import (
    _check_positive,
    _GramCache,
    elimination_schedule,
    run_elimination,
)
from fsstab.selectors._logistic import single_threaded_blas, standardize
from fsstab.selectors._registry import register_selector


class _SVMScores:
    """SVM-RFE scores on the alive features: ``w_f²`` (linear) or eq. 8 (RBF), Guyon et al.

    The SVM is trained on a precomputed kernel whose Gram matrix (linear) or squared distances
    (RBF) are down-dated as features are eliminated; the RBF width ``gamma`` is fixed.
    """

    def __init__(self, Xs: np.ndarray, y01: np.ndarray, kernel: str, C: float, gamma: float):
        self.X = Xs
        self.y = y01
        self.kernel = kernel
        self.C = C
        self.gamma = gamma
        self.gram = _GramCache(Xs)

    def __call__(self, alive: np.ndarray) -> np.ndarray:
        gram = self.gram(alive)
        if self.kernel == "linear":
            kernel_matrix = gram
        else:
            sq_norms = np.diag(gram)
            sq_dist = np.maximum(sq_norms[:, None] + sq_norms[None, :] - 2 * gram, 0.0)
            kernel_matrix = np.exp(-self.gamma * sq_dist)
        svm = SVC(kernel="precomputed", C=self.C).fit(kernel_matrix, self.y)
        sv = self.X[np.ix_(svm.support_, alive)]
        if self.kernel == "linear":
            return margin_contributions(sv, svm.dual_coef_, kernel="linear")
        return margin_contributions(sv, svm.dual_coef_, kernel="rbf", gamma=self.gamma)


def _resolve_gamma(gamma: Any, X: np.ndarray) -> float:
    if gamma == "scale":
        var = X.var()
        return 1.0 / (X.shape[1] * var) if var > 0 else 1.0
    if gamma == "auto":
        return 1.0 / X.shape[1]
    if isinstance(gamma, int | float) and not isinstance(gamma, bool) and gamma > 0:
        return float(gamma)
    raise ValueError(f"gamma must be 'scale', 'auto' or a positive number, got {gamma!r}")



# --------------------------------------------------------------------------------------------
# SVM-RFE
# --------------------------------------------------------------------------------------------


@register_selector(
    method=("recursive feature elimination by an SVM with linear or RBF kernel, dropping 20 % of "
            "the remaining features per step"),
    model="SVM with `final_C`; eq. 7 / eq. 8",
    reference="Guyon et al. 2002; Hamer §7.2.3",
)
class SVMRFE(BaseSelector):
    """SVM recursive feature elimination (Guyon et al. 2002; Hamer & Dupont 2021 §5.1, §7.2.3).

    Soft-margin SVMs (hinge loss, ``C``) on the standardised remaining features rank them by
    their margin contribution, eq. 8 -- ``w_f²`` for ``kernel="linear"`` -- and ``step`` of them
    are eliminated per iteration. The final model is an SVM with ``final_C`` on the selected
    features; importance is eq. 7 for the linear kernel and eq. 8 for the RBF kernel.

    Parameters
    ----------
    n_features_to_select, step
        As for :class:`HybridRFE`.
    kernel
        ``"linear"`` or ``"rbf"``.
    C, final_C
        Inverse regularisation of the selection SVMs and of the final SVM (``None``: ``C``).
    gamma
        RBF width, as in :class:`sklearn.svm.SVC` (``"scale"``, ``"auto"`` or a number). It is
        resolved once, on all ``d`` standardised features (``"scale"`` and ``"auto"`` give
        ``1/d``), and kept for every elimination step and the final model: eq. 8 measures what
        removing a feature does to a *fixed* kernel (Guyon et al. 2002). Re-resolving it on the
        shrinking feature set would make the kernel ever more local and the ranking noisier.

    Attributes
    ----------
    support_, ranking_, importances_, estimator_ (StandardScaler + SVC), rfe_path_, gamma_
    (the resolved RBF width; None for the linear kernel).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import SVMRFE
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = SVMRFE(n_features_to_select=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "n_features_to_select": N_FEATURES, "kernel": [StrOptions({"linear", "rbf"})],
        "C": [POSITIVE], "final_C": [POSITIVE, None],
        "gamma": [StrOptions({"scale", "auto"}), POSITIVE], "step": STEP,
    }

    def __init__(
        self,
        *,
        n_features_to_select: int | float | None = None,
        kernel: str = "linear",
        C: float = 1.0,
        final_C: float | None = None,
        gamma: str | float = "scale",
        step: int | float = 0.2,
    ):
        self.n_features_to_select = n_features_to_select
        self.kernel = kernel
        self.C = C
        self.final_C = final_C
        self.gamma = gamma
        self.step = step

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        if self.kernel not in ("linear", "rbf"):
            raise ValueError(f"kernel must be 'linear' or 'rbf', got {self.kernel!r}")
        C = _check_positive("C", self.C)
        final_C = C if self.final_C is None else _check_positive("final_C", self.final_C)
        d = X.shape[1]
        sizes = elimination_schedule(d, resolve_n_features(self.n_features_to_select, d), self.step)
        Xs = standardize(X)[0]
        gamma = _resolve_gamma(self.gamma, Xs)
        self.gamma_ = gamma if self.kernel == "rbf" else None
        with single_threaded_blas():
            path = run_elimination(
                sizes, np.zeros(0, np.int64), _SVMScores(Xs, y, self.kernel, C, gamma)
            )
        self.rfe_path_ = path
        self.support_ = path.support
        self.ranking_ = path.ranking
        model = Pipeline(
            [
                ("standardize", StandardScaler()),
                ("svc", SVC(kernel=self.kernel, C=final_C, gamma=gamma)),
            ]
        )
        self.estimator_ = self._fit_model(model, X, y)
        if not np.any(self.support_):
            self.importances_ = np.zeros(d)
            return
        svc = self.estimator_[-1]
        raw = linear_importance(svc.coef_) if self.kernel == "linear" else svm_importance(svc)
        self.importances_ = importances_on_support(raw, self.support_)
