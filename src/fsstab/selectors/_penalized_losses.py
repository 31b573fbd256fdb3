"""Penalised least squares and penalised Cox regression: the losses and their solver.

The objectives follow the convention of the penalised logistic regression of
:mod:`fsstab.selectors._logistic`, ``C · L(w) + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` with
``C = 1/λ`` and ``ρ = l1_ratio`` (LASSO for ρ = 1 and singleton groups, elastic net for
0 < ρ < 1, ridge for ρ = 0, group LASSO for groups), so that one ``C`` path and one
calibration (:func:`fsstab.selectors.calibrate_C`) serve every task:

- :class:`LeastSquaresLoss` -- ``L(w) = ½ Σ_i (y_i − x_i·w)²`` on centred ``X`` and ``y`` (the
  unpenalised intercept is the mean of ``y``). In scikit-learn's parameterisation of
  :class:`~sklearn.linear_model.ElasticNet`, ``alpha = 1/(C n)``.
- :class:`CoxLoss` -- the negative log partial likelihood of the proportional hazards model
  (Cox 1972) with Breslow's handling of tied event times,
  ``L(w) = −Σ_{i: δ_i = 1} [x_i·w − log Σ_{j: t_j ≥ t_i} exp(x_j·w)]``; the model has no
  intercept. ``alpha = 1/(C n)`` in scikit-survival's ``CoxnetSurvivalAnalysis``
  (glmnet's scaling of the log partial likelihood by ``1/n``).

:func:`penalized_fit` minimises either by the working-set proximal Newton method of
:func:`fsstab.selectors._group_logistic.group_penalized_logistic` (exact Hessian on the working
set, its quadratic model minimised by FISTA, a backtracking line search on the true objective),
with the same convergence criterion (largest violation of the optimality conditions at most
``tol · ρ``).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.linalg
from sklearn.exceptions import ConvergenceWarning

from fsstab.selectors._group_logistic import (
    GroupStructure,
    PenalizedFit,
    _prox_group,
    kkt_violation,
)
from fsstab.selectors._ridge_logistic import _armijo, _solve_spd


@dataclass(frozen=True)
class PathSolution:
    """One point of a regularisation path: ``C``, the coefficients and intercept, the support
    size ``k`` and the solver's iterations (the penalised selectors' paths and calibration)."""

    C: float
    coef: np.ndarray
    intercept: float
    k: int
    n_iter: int

__all__ = ["CoxLoss", "LeastSquaresLoss", "null_model_C_for", "penalized_fit"]


class LeastSquaresLoss:
    """``½ ||y − X w||²`` with ``X`` and ``y`` centred (no intercept left to fit)."""

    def __init__(self, X: np.ndarray, y: np.ndarray):
        self.X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        self.y = y - y.mean()

    @property
    def n_features(self) -> int:
        return self.X.shape[1]

    def restricted(self, columns: np.ndarray) -> LeastSquaresLoss:
        loss = LeastSquaresLoss.__new__(LeastSquaresLoss)
        loss.X, loss.y = self.X[:, columns], self.y
        return loss

    def value(self, w: np.ndarray) -> float:
        r = self.y - self.X @ w
        return 0.5 * float(r @ r)

    def gradient(self, w: np.ndarray) -> np.ndarray:
        return -(self.X.T @ (self.y - self.X @ w))

    def hessian(self, w: np.ndarray) -> np.ndarray:
        return self.X.T @ self.X


class CoxLoss:
    """Negative log partial likelihood of the Cox model, Breslow's ties.

    Samples are kept sorted by decreasing time, so that the risk set of a sample (everyone
    with a time at least as large, ties included) is a prefix and its sums are cumulative sums
    read at the end of the sample's block of tied times. With ``e_j = exp(η_j)``,
    ``S0_i = Σ_{j ∈ R_i} e_j`` and ``c_j = Σ_{i: δ_i = 1, t_i ≤ t_j} 1/S0_i``:

    - gradient in ``η``: ``e_j c_j − δ_j`` (then ``Xᵀ`` of it);
    - Hessian in ``w``: ``Xᵀ diag(e ∘ c) X − Σ_{i: δ_i = 1} S1_i S1_iᵀ / S0_i²`` with
      ``S1_i = Σ_{j ∈ R_i} e_j x_j``.
    """

    def __init__(self, X: np.ndarray, time: np.ndarray, event: np.ndarray):
        time = np.asarray(time, dtype=np.float64)
        order = np.argsort(-time, kind="stable")
        self.X = np.asarray(X, dtype=np.float64)[order]
        self.order = order
        self.event = np.asarray(event, dtype=bool)[order]
        t = time[order]
        n = t.size
        new_block = np.r_[True, t[1:] != t[:-1]]
        starts = np.flatnonzero(new_block)
        ends = np.r_[starts[1:], n] - 1
        block = np.cumsum(new_block) - 1
        self.block_start, self.block_end = starts[block], ends[block]
        self.events = np.flatnonzero(self.event)

    @property
    def n_features(self) -> int:
        return self.X.shape[1]

    def restricted(self, columns: np.ndarray) -> CoxLoss:
        loss = CoxLoss.__new__(CoxLoss)
        loss.__dict__.update(self.__dict__)
        loss.X = self.X[:, columns]
        return loss

    def _risk_sums(self, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``η``, ``log S0`` per sample (of its risk set) and ``e ∘ c``, in the log domain: a
        linear predictor spread over more than the float range (a wild trial step of the line
        search) must give an infinite loss, not an underflow to a zero risk set."""
        return self.risk_sums_of(self.X @ w)

    def risk_sums_of(self, eta: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_risk_sums` of a linear predictor ``η`` given in the loss's (time-sorted)
        sample order (a regularisation path computes ``η`` on all its columns at once)."""
        log_s0 = np.logaddexp.accumulate(eta)[self.block_end]
        inverse = np.where(self.event, -log_s0, -np.inf)
        # log c_j; η_j + log c_j <= log(number of events), as S0_i >= e_j on every risk set of j
        log_c = np.logaddexp.accumulate(inverse[::-1])[::-1][self.block_start]
        return eta, log_s0, np.exp(eta + log_c)

    def value(self, w: np.ndarray) -> float:
        eta, log_s0, _ = self._risk_sums(w)
        ev = self.events
        return float(np.sum(log_s0[ev] - eta[ev]))

    def eta_gradient(self, w: np.ndarray) -> np.ndarray:
        """``∂L/∂η`` in the loss's (time-sorted) sample order."""
        return self._risk_sums(w)[2] - self.event

    def gradient(self, w: np.ndarray) -> np.ndarray:
        return self.X.T @ self.eta_gradient(w)

    def hessian(self, w: np.ndarray) -> np.ndarray:
        eta, log_s0, ec = self._risk_sums(w)
        top = float(eta.max()) if eta.size else 0.0
        ev = self.events
        scale = np.exp(log_s0[ev] - top)  # S0 of each event's risk set, scaled by exp(−top)
        if np.all(scale > 1e-250):
            s1 = np.cumsum(np.exp(eta - top)[:, None] * self.X, axis=0)[self.block_end[ev]]
            s1 /= scale[:, None]
        else:  # risk sets far below the largest η: their weights one by one, exactly
            n = eta.size
            in_risk_set = np.arange(n)[None, :] <= self.block_end[ev][:, None]
            weights = np.where(in_risk_set, np.exp(np.minimum(eta[None, :] - log_s0[ev, None],
                                                              0.0)), 0.0)
            s1 = weights @ self.X
        return (self.X * ec[:, None]).T @ self.X - s1.T @ s1


def null_model_C_for(loss: Any, groups: GroupStructure, l1_ratio: float) -> float:
    """Largest ``C`` for which ``w = 0`` is optimal: ``C ||∇L(0)_g|| ≤ ρ ω_g`` for every group
    (infinite when no feature moves the loss, e.g. every column constant)."""
    grad = loss.gradient(np.zeros(loss.n_features))
    top = (groups.norms(grad) / groups.weights).max(initial=0.0)
    if top <= 1e-12 * max(1.0, float(np.abs(grad).max(initial=0.0))) or top == 0:
        return np.inf
    return float(l1_ratio / top)


def _penalty(groups: GroupStructure, lam1: float, v: np.ndarray) -> float:
    return lam1 * float(groups.weights @ groups.norms(v))


def _fista(H: np.ndarray, lin: np.ndarray, z0: np.ndarray, groups: GroupStructure,
           lam1: float, tol: float, max_iter: int = 5000) -> np.ndarray:
    """Minimise ``linᵀz + ½ zᵀHz + lam1 Σ ω_g ||z_g||`` by FISTA with gradient restarts."""
    L = float(scipy.linalg.eigvalsh(H, subset_by_index=[H.shape[0] - 1] * 2)[0])
    if L <= 0:
        return z0.copy()
    z = z0.copy()
    momentum = z.copy()
    t = 1.0
    for _ in range(max_iter):
        z_new = _prox_group(momentum - (lin + H @ momentum) / L, groups, lam1 / L)
        if float((momentum - z_new) @ (z_new - z)) > 0:  # gradient restart
            t = 1.0
            momentum = z.copy()
            continue
        t_new = 0.5 * (1.0 + np.sqrt(1.0 + 4.0 * t * t))
        momentum = z_new + ((t - 1.0) / t_new) * (z_new - z)
        z, t = z_new, t_new
        if kkt_violation(lin + H @ z, z, groups, lam1, 0.0) <= tol:
            break
    return z


def _prox_newton(loss: Any, C: float, groups: GroupStructure, lam1: float, lam2: float,
                 z: np.ndarray, abs_tol: float, max_newton: int = 100) -> tuple[np.ndarray, int]:
    """Proximal Newton on a working-set problem (every column of ``loss`` is in the set)."""
    k = z.size

    def objective(v: np.ndarray) -> float:
        return C * loss.value(v) + 0.5 * lam2 * float(v @ v) + _penalty(groups, lam1, v)

    f = objective(z)
    steps = 0
    for _ in range(max_newton):
        grad = C * loss.gradient(z) + lam2 * z
        violation = kkt_violation(grad, z, groups, lam1, 0.0)
        if violation <= abs_tol:
            break
        H = C * loss.hessian(z) + lam2 * np.eye(k)
        if lam1 == 0:
            target = z - _solve_spd(H, grad)
        else:
            inner_tol = 0.1 * violation * min(1.0, violation / lam1)
            target = _fista(H, grad - H @ z, z, groups, lam1, inner_tol)
        step = target - z
        slope = float(grad @ step) + _penalty(groups, lam1, target) - _penalty(groups, lam1, z)
        if slope > 1e-13 * max(1.0, abs(f)):  # not a descent direction beyond rounding
            break
        z, f, accepted = _armijo(objective, z, f, step, slope)
        if not accepted:
            break
        steps += 1
    return z, steps


def penalized_fit(
    loss: Any,
    C: float,
    groups: GroupStructure,
    *,
    l1_ratio: float = 1.0,
    coef_init: np.ndarray | None = None,
    tol: float = 1e-7,
    max_iter: int = 200,
) -> PenalizedFit:
    """Minimise ``C · L(w) + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` (ρ = ``l1_ratio`` in [0, 1]).

    The working set starts with the non-zero groups of ``coef_init`` (every group for ρ = 0,
    which selects nothing), is optimised by proximal Newton steps, and grows by the groups
    violating the optimality conditions until none does: converged when the largest violation
    (:func:`fsstab.selectors._group_logistic.kkt_violation`) is at most ``tol · ρ`` (``tol`` for the
    ridge). ``max_iter`` bounds the working-set rounds (ConvergenceWarning).

    Returns
    -------
    PenalizedFit
        ``(coef, intercept=0.0, n_iter)``; ``n_iter`` counts proximal Newton steps.
    """
    d = loss.n_features
    if not 0 <= l1_ratio <= 1:
        raise ValueError(f"l1_ratio must lie in [0, 1], got {l1_ratio!r}")
    lam1, lam2 = float(l1_ratio), 1.0 - float(l1_ratio)
    w = np.zeros(d) if coef_init is None else np.array(coef_init, dtype=np.float64)
    abs_tol = tol * lam1 if lam1 > 0 else tol
    working = np.ones(groups.n_groups, dtype=bool) if lam1 == 0 else groups.norms(w) > 0
    n_iter = 0
    for _ in range(max_iter):
        grad = C * loss.gradient(w) + lam2 * w
        violation = np.where(working, 0.0, groups.norms(grad) - lam1 * groups.weights)
        outside = violation > abs_tol
        if not np.any(outside):
            if kkt_violation(grad, w, groups, lam1, 0.0) <= abs_tol:
                return PenalizedFit(w, 0.0, n_iter)
        else:
            budget = int(working.sum()) + 10
            order = np.argsort(-np.where(outside, violation, -np.inf), kind="stable")
            working[order[: min(budget, int(outside.sum()))]] = True
        cols = np.flatnonzero(working[groups.codes])
        w_sub, steps = _prox_newton(loss.restricted(cols), C, groups.subset(cols), lam1, lam2,
                                    w[cols], abs_tol)
        n_iter += steps
        if steps == 0 and not np.any(outside):  # no progress possible: tol below rounding
            break
        w = np.zeros(d)
        w[cols] = w_sub
    warnings.warn(
        f"penalised regression did not reach tol={tol:g} (C={C:.4g}) within {max_iter} "
        "working-set rounds or the floating-point resolution; increase max_iter or tol",
        ConvergenceWarning,
        stacklevel=2,
    )
    return PenalizedFit(w, 0.0, n_iter)
