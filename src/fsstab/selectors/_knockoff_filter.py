"""The knockoff filter around a base selector: knockoff+ at a target false discovery rate
(Barber & Candès 2015; Candès, Fan, Janson & Lv 2018)."""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral, Real
from typing import Any, ClassVar

import numpy as np

from fsstab._sklearn_compat import Interval, StrOptions
from fsstab.error_control.fdr import knockoff_threshold
from fsstab.error_control.guarantees import ErrorGuarantee
from fsstab.error_control.knockoffs import (
    MAX_KNOCKOFF_FEATURES,
    fixed_x_knockoffs,
    fixed_x_problem,
    gaussian_knockoffs,
)
from fsstab.selectors._common import descending_order, ranking_from_order, spawn_seeds
from fsstab.selectors._constraints import (
    ESTIMATOR,
    RANDOM_STATE,
    TASK,
    Selector,
    integers,
)
from fsstab.selectors._registry import register_selector
from fsstab.selectors._two_stage import TwoStageSelector
from fsstab.selectors._wrapping import (
    augmented_fit,
    base_for_task,
    base_task_problem,
    paired_model,
)

__all__ = ["KnockoffSelector"]


def _default_base() -> Any:
    from fsstab.selectors._penalized import LassoSelector

    return LassoSelector()


@register_selector(
    method=("model-X (Gaussian) or fixed-X knockoffs, equicorrelated; a base selector on "
            "[X, X̃]; knockoff+ at the target `fdr`"),
    model="ridge on the kept features; eq. 7",
    reference="Barber & Candès 2015; Candès et al. 2018",
)
class KnockoffSelector(TwoStageSelector):
    """The knockoff+ filter at a target false discovery rate ``fdr`` around a base selector.

    Knockoffs ``X̃`` of the features (:func:`fsstab.error_control.gaussian_knockoffs`, or
    :func:`fsstab.error_control.fixed_x_knockoffs` for a regression with ``n >= 2d + 1``) are
    appended, the base selector is fitted once on ``[X, X̃]`` (columns in a random order), and
    the statistic of feature ``j`` is ``W_j = importance(X_j) − importance(X̃_j)`` from its
    ``importances_`` (for a LASSO, the coefficient difference of Barber & Candès' §2.2, up to a
    positive factor common to all features). The kept features are ``W >= T`` with ``T`` the
    knockoff+ threshold (:func:`fsstab.error_control.knockoff_threshold`), which controls the
    FDR at ``fdr`` (Barber & Candès 2015, Thm. 2; Candès et al. 2018, Thm. 3.4 -- for model-X
    knockoffs when the distribution of ``X`` is the Gaussian model used; here it is estimated).

    Parameters
    ----------
    selector : fsstab selector or None
        The base selector; None is :class:`LassoSelector` with ``target_k = min(⌊n/2⌋, d)``
        (the LASSO path followed until that many of the ``2d`` columns are in the model).
    fdr : float
        The target FDR ``q``, in (0, 1).
    knockoffs : {"gaussian", "fixed"}
        Model-X second-order Gaussian knockoffs (any task), or fixed-X knockoffs (regression,
        ``n >= 2d + 1``; the guarantee is for the Gaussian linear model).
    offset : {1, 0}
        1: knockoff+ (FDR control); 0: the knockoff filter (controls ``E[V / (R + 1/q)]``).
    covariance : {"ledoit_wolf", "sample"}
        The estimate of ``Σ`` for model-X knockoffs.
    max_features : int
        The largest ``d`` accepted (the covariance is ``d x d``).
    estimator : model or None
        Fitted on the kept features; None: ridge (logistic) regression or the ridge Cox model.
    task : {"classification", "regression", "survival"}
    random_state : int, RandomState or None

    Attributes
    ----------
    statistics_ : ndarray (d,)
        ``W`` (also ``scores_``).
    threshold_ : float
        ``T`` (``inf``: nothing kept).
    error_control_ : ErrorGuarantee
        ``FDR`` at ``fdr``.
    ranking_ : ndarray (d,)
        1 = largest ``W``.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import KnockoffSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 30))
    >>> y = X[:, :10] @ np.full(10, 1.5) + rng.normal(size=200)   # 10 of 30 features matter
    >>> knockoff = KnockoffSelector(fdr=0.1, knockoffs="fixed", task="regression",
    ...                             random_state=0).fit(X, y)
    >>> np.flatnonzero(knockoff.get_support()).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]

    Knockoff+ cannot select fewer than ``1/fdr`` features (``(1 + 0)/k <= q`` needs
    ``k >= 1/q``): with few true features and a small target, it selects nothing.
    """

    _supports_multiclass: ClassVar[bool] = True
    controls_error: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset({"classification", "regression", "survival"})
    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "selector": [Selector(), None], "fdr": [Interval(Real, 0, 1, closed="neither")],
        "knockoffs": [StrOptions({"gaussian", "fixed"})],
        # 1: knockoff+, 0: knockoff (Barber & Candès 2015, Theorems 1 and 2)
        "offset": [Interval(Integral, 0, 1, closed="both")],
        "covariance": [StrOptions({"ledoit_wolf", "sample"})], "max_features": [integers(1)],
        "estimator": ESTIMATOR, "task": TASK, "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        selector: Any = None,
        *,
        fdr: float = 0.1,
        knockoffs: str = "gaussian",
        offset: int = 1,
        covariance: str = "ledoit_wolf",
        max_features: int = MAX_KNOCKOFF_FEATURES,
        estimator: Any = None,
        task: str = "classification",
        random_state: Any = None,
    ) -> None:
        self.selector = selector
        self.fdr = fdr
        self.knockoffs = knockoffs
        self.offset = offset
        self.covariance = covariance
        self.max_features = max_features
        self.estimator = estimator
        self.task = task
        self.random_state = random_state

    @classmethod
    def task_problem(cls, task: str, params: Mapping[str, Any]) -> str | None:
        """The base selector's problem with ``task``; fixed-X knockoffs serve regression
        only."""
        if params.get("knockoffs") == "fixed" and task != "regression":
            return (f"KnockoffSelector(knockoffs='fixed') serves regression (the Gaussian linear "
                    f"model), not {task}; use knockoffs='gaussian'")
        return base_task_problem(cls, task, params)

    @classmethod
    def data_problems(cls, params: Mapping[str, Any], *, n_samples: int,
                      n_features: int) -> dict[str, str]:
        """Fixed-X knockoffs on ``n_samples`` rows need ``n >= 2d + 1``
        (:func:`fsstab.error_control.fixed_x_problem`, with the ``d`` that would work)."""
        if params.get("knockoffs", "gaussian") != "fixed":
            return {}
        problem = fixed_x_problem(int(n_samples), int(n_features))
        return {} if problem is None else {"knockoffs": problem}

    def _knockoffs(self, X: np.ndarray, seed: int, task: str) -> np.ndarray:
        if self.knockoffs == "fixed":
            if task != "regression":
                raise ValueError(
                    f"fixed-X knockoffs hold for the Gaussian linear model (task regression), "
                    f"not {task}; use knockoffs='gaussian'"
                )
            return fixed_x_knockoffs(X, random_state=seed, max_features=self.max_features)
        if self.knockoffs == "gaussian":
            if self.covariance not in ("ledoit_wolf", "sample"):
                raise ValueError(
                    f"covariance must be 'ledoit_wolf' or 'sample'; got {self.covariance!r}")
            return gaussian_knockoffs(X, covariance=self.covariance, random_state=seed,
                                      max_features=self.max_features)
        raise ValueError(f"knockoffs must be 'gaussian' or 'fixed'; got {self.knockoffs!r}")

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        task = self._task()
        if self.offset not in (0, 1) or isinstance(self.offset, bool):
            raise ValueError(f"offset must be 1 (knockoff+) or 0 (knockoff); got {self.offset!r}")
        n, d = X.shape
        base = base_for_task(self.selector, task, "KnockoffSelector", _default_base)
        if self.selector is None:
            base.set_params(target_k=max(1, min(n // 2, d)))
        knockoff_seed, order_seed, fit_seed = spawn_seeds(random_state, 3)
        synthetic = self._knockoffs(X, int(knockoff_seed), task)
        if "random_state" in base.get_params(deep=False):
            base.set_params(random_state=int(fit_seed))
        order = np.random.default_rng(order_seed).permutation(2 * d)
        importances = augmented_fit(base, X, synthetic, y, order, task, importances=True)
        statistics = importances[:d] - importances[d:]
        self.statistics_ = self.scores_ = statistics
        self.threshold_ = knockoff_threshold(statistics, self.fdr, offset=self.offset)
        self.support_ = statistics >= self.threshold_
        self.ranking_ = ranking_from_order(descending_order(statistics))
        kind = "fixed-X" if self.knockoffs == "fixed" else "model-X"
        method = f"{kind} knockoffs, knockoff+" if self.offset == 1 else \
            f"{kind} knockoffs, knockoff filter (modified FDR)"
        self.error_control_ = ErrorGuarantee("FDR", float(self.fdr), method)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        return paired_model(self._task()) if self.estimator is None else self.estimator
