"""L0-regularised (best-subset) logistic regression, Bommert (2020) §3.2.3 and Ch. 8.

The thesis fits ``Σ ℓ(y_i, x_i·β + β₀) + λ||β||₀ + γ||β||₂²`` with L0Learn (Hazimeh & Mazumder),
``γ = 0.01`` "for numerical reasons", specifying the maximal support size (``max.feats``)
instead of λ. L0Learn's Python package (``l0learn``) has no wheels for Python ≥ 3.11, so
:class:`L0Selector` falls back on ``abess`` (adaptive best-subset selection, Zhu et al. 2020),
which solves the same problem -- logistic loss + ``alpha ||β||²`` with an exact support size --
and records which backend ran in ``backend_``.
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from typing import Any, ClassVar, NamedTuple

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from fsstab._sklearn_compat import StrOptions
from fsstab.importance import importances_on_support, linear_importance
from fsstab.selectors._common import resolve_n_features
from fsstab.selectors._constraints import N_FEATURES, NON_NEGATIVE
from fsstab.selectors._logistic import single_threaded_blas, standardize
from fsstab.selectors._registry import register_selector
from fsstab.selectors._two_stage import TwoStageSelector

BACKENDS = ("auto", "l0learn", "abess")


def l0learn_available() -> bool:
    """Whether the ``l0learn`` package can be imported."""
    return importlib.util.find_spec("l0learn") is not None


def _l0learn_fit(Xs: np.ndarray, y01: np.ndarray, k: int, l2: float) -> tuple[np.ndarray, float]:
    """Coefficients and intercept of the largest L0L2 solution with at most ``k`` features on
    L0Learn's path."""
    l0learn = importlib.import_module("l0learn")
    with warnings.catch_warnings():
        # a single L2 value (num_gamma=1) is what the thesis uses; l0learn warns about it
        warnings.simplefilter("ignore", UserWarning)
        fit = l0learn.fit(
            np.ascontiguousarray(Xs),
            y01.astype(np.float64),
            loss="Logistic",
            penalty="L0L2",
            max_support_size=k,
            num_gamma=1,
            gamma_max=l2,
            gamma_min=l2,
            intercept=True,
        )
    sizes = np.asarray(fit.support_size[0])
    admissible = np.flatnonzero(sizes <= k)
    best = admissible[np.argmax(sizes[admissible])]
    coef = np.asarray(fit.coeffs[0][:, best].toarray()).ravel()
    return coef, float(np.asarray(fit.intercepts[0])[best])


def _abess_fit(Xs: np.ndarray, y01: np.ndarray, k: int, l2: float) -> tuple[np.ndarray, float]:
    """Coefficients and intercept of abess's best subset of exactly ``k`` features (logistic
    loss + l2 ||β||²)."""
    from abess.linear import LogisticRegression as AbessLogisticRegression

    model = AbessLogisticRegression(support_size=[k], alpha=[l2] if l2 > 0 else None)
    model.fit(Xs, y01, is_normal=False)  # Xs is already standardised
    coef = np.atleast_1d(np.asarray(model.coef_, dtype=np.float64)).ravel()  # scalar if d = 1
    return coef, float(np.asarray(model.intercept_).ravel()[0])


def _check_l2(l2: Any) -> float:
    if isinstance(l2, bool) or not isinstance(l2, int | float) or not (
        np.isfinite(l2) and l2 >= 0
    ):
        raise ValueError(f"l2 must be a non-negative number, got {l2!r}")
    return float(l2)


def resolve_backend(backend: str) -> str:
    """The backend that runs for ``backend`` (``"auto"``: l0learn when importable, else abess)."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if backend == "auto":
        return "l0learn" if l0learn_available() else "abess"
    if backend == "l0learn" and not l0learn_available():
        raise ImportError(
            "L0Selector(backend='l0learn') needs the l0learn package, which is not "
            "importable here (it ships wheels for Python <= 3.10 only); use backend='abess' "
            "or backend='auto'"
        )
    return backend


class L0Fit(NamedTuple):
    """An L0L2 logistic regression fit on standardised features (see :func:`l0_logistic_fit`).

    ``coef`` and ``intercept`` refer to the features standardised with ``mean`` and ``scale``
    (those of the training data); ``support = coef != 0``.
    """

    support: np.ndarray
    coef: np.ndarray
    intercept: float
    mean: np.ndarray
    scale: np.ndarray
    backend: str

    def decision_function(self, X: np.ndarray) -> np.ndarray:
        """Log-odds of class 1 for the rows of ``X`` (original feature scale)."""
        cols = np.flatnonzero(self.support)
        Xs = (np.asarray(X, dtype=np.float64)[:, cols] - self.mean[cols]) / self.scale[cols]
        return Xs @ self.coef[cols] + self.intercept

    def predict(self, X: np.ndarray) -> np.ndarray:
        """Class codes 0/1."""
        return (self.decision_function(X) > 0).astype(np.int64)


def l0_logistic_fit(
    X: np.ndarray, y01: np.ndarray, max_support_size: int, *, l2: float = 0.01,
    backend: str = "auto",
) -> L0Fit:
    """L0L2-regularised logistic regression with ``max_support_size`` features, as the solver
    returns it (thesis §3.2.3: ``LL − λ||β||₀ − γ||β||₂`` with γ = ``l2``; L0Learn's own
    predictions in the thesis' mlr learner), on features standardised on ``X``.

    For resampling loops that need the selected features and the L0 model's predictions only
    (tuning of max.feats, stability selection, thesis §8.2-8.3); :class:`L0Selector` adds the
    fsstab selector contract (a refitted predictive model and importances).
    """
    backend = resolve_backend(backend)
    l2 = _check_l2(l2)
    Xs, mean, scale = standardize(X)
    with single_threaded_blas():
        fit = _l0learn_fit if backend == "l0learn" else _abess_fit
        coef, intercept = fit(Xs, y01, max_support_size, l2)
    return L0Fit(coef != 0, coef, intercept, mean, scale, backend)


def l0_logistic_support(
    X: np.ndarray, y01: np.ndarray, max_support_size: int, *, l2: float = 0.01,
    backend: str = "auto",
) -> tuple[np.ndarray, str]:
    """Support of :func:`l0_logistic_fit` and the backend that ran (the selection step of
    :class:`L0Selector` alone)."""
    fit = l0_logistic_fit(X, y01, max_support_size, l2=l2, backend=backend)
    return fit.support, fit.backend

@register_selector(
    method="L0-regularised logistic regression, `max_support_size`",
    model="l0learn (L0L2) when importable, else abess best-subset; `backend_` records which",
    reference="thesis §3.2.3, Ch. 8",
)
class L0Selector(TwoStageSelector):
    """L0-regularised logistic regression (Bommert 2020, §3.2.3, Ch. 8).

    Selects (at most) ``max_support_size`` features by best-subset logistic regression with a
    small ridge term, on features standardised on the training data; the predictive model is the
    ridge logistic regression ``Σ ℓ + l2 ||β||²`` on the selected features, which is the L0
    model's own fit on its support.

    Parameters
    ----------
    max_support_size
        Number of features (L0Learn's ``max_support_size``, the thesis' ``max.feats``); default
        ``min(20, round(√d))``.
    l2
        Ridge weight γ (L0Learn's ``gamma``, abess's ``alpha``); the thesis uses 0.01.
    backend
        ``"l0learn"``, ``"abess"`` or ``"auto"`` (l0learn when importable, else abess). An
        explicitly requested backend that is not installed raises ``ImportError``.

    Attributes
    ----------
    support_, importances_ (eq. 7 on standardised features), estimator_ (StandardScaler +
    LogisticRegression with ``C = 1/(2·l2)``), backend_ (the backend that ran).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import L0Selector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = L0Selector(max_support_size=2).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "max_support_size": N_FEATURES, "l2": [NON_NEGATIVE],
        "backend": [StrOptions(set(BACKENDS))],
    }

    def __init__(
        self, *, max_support_size: int | None = None, l2: float = 0.01, backend: str = "auto"
    ):
        self.max_support_size = max_support_size
        self.l2 = l2
        self.backend = backend

    def _seeds(self) -> np.ndarray:
        # the fit is deterministic: no seeds are drawn (nor the global random state touched)
        return np.zeros(3, dtype=np.int64)

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        k = resolve_n_features(self.max_support_size, X.shape[1], "max_support_size")
        self.support_, self.backend_ = l0_logistic_support(X, y, k, l2=self.l2,
                                                           backend=self.backend)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        C = 1.0 / (2.0 * self.l2) if self.l2 > 0 else np.inf
        return Pipeline(
            [
                ("standardize", StandardScaler()),
                (
                    "logreg",
                    LogisticRegression(C=C, solver="newton-cholesky", tol=1e-10, max_iter=200),
                ),
            ]
        )

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        # the selection stage alone (resampling ensembles: stability selection, thesis Ch. 8)
        # skips the predictive model; the full fit keeps eq. 7's importances of that model
        self._select(X, y, 0)
        self.estimator_ = self._fit_model(self._paired_model(X, 0), X, y)
        if np.any(self.support_):
            self.importances_ = importances_on_support(
                linear_importance(self.estimator_[-1].coef_), self.support_
            )
        else:
            self.importances_ = np.zeros(X.shape[1])
