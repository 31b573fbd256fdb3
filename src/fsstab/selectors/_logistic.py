"""Penalised logistic regression: solvers and the predictive models of the linear selectors.

All objectives follow scikit-learn's convention, ``C Σ_i ℓ(y_i, x_i·w + b) + penalty(w)`` with
the logistic loss ``ℓ`` and an unpenalised intercept, so that ``C = 1/λ`` of Hamer & Dupont
(2021, eqs. 19 and Algorithm 1):

- :func:`ridge_logistic` -- ``penalty = ½||w||²``, Newton's method, in the primal (``d`` + 1
  unknowns) or, when ``n ≤ d``, in the sample space through the Gram matrix (``w = Xᵀa``, the
  representer theorem), which makes recursive feature elimination on ``n ≪ d`` data cheap
  (:func:`ridge_logistic_gram`).
- :func:`group_penalized_logistic` -- ``penalty = ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²``
  (elastic net for singleton groups, group LASSO for ρ = 1, with ``ω_g = √|g|``), a working-set
  proximal Newton method.

:class:`PenalizedLogisticRegression` and :class:`FeatureScaler` are the scikit-learn estimators
that the selectors put in their predictive pipelines.
"""

from __future__ import annotations

import functools
import math
import warnings
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import scipy.linalg
from scipy.special import expit
from sklearn.base import BaseEstimator, ClassifierMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted, validate_data
from threadpoolctl import ThreadpoolController

from fsstab.selectors._common import encode_binary_target
from fsstab.selectors._standardize import standardize  # noqa: F401 (the selectors import it here)

#: Armijo sufficient-decrease constant and backtracking factor of the line searches.
_ARMIJO, _BACKTRACK = 1e-4, 0.5


@functools.cache
def _threadpool_controller() -> ThreadpoolController:
    return ThreadpoolController()


def single_threaded_blas() -> AbstractContextManager:
    """Limit BLAS to one thread for the enclosed code.

    The solvers work on ``n x n`` or ``k x k`` matrices with ``n`` a few hundred at most, where
    BLAS threads cost more than they bring -- on a loaded machine a 100 x 100 solve becomes
    ~100 times slower -- and the workflow already runs one job per core. One thread also makes
    results independent of the machine's thread count.
    """
    return _threadpool_controller().limit(limits=1, user_api="blas")


def signed_labels(y01: np.ndarray) -> np.ndarray:
    """Map 0/1 labels to −1/+1."""
    return 2.0 * np.asarray(y01, dtype=np.float64) - 1.0


def logistic_loss(margins: np.ndarray, s: np.ndarray) -> float:
    """``Σ_i log(1 + exp(−s_i m_i))`` computed without overflow."""
    return float(np.logaddexp(0.0, -s * margins).sum())


# --------------------------------------------------------------------------------------------
# Ridge (L2) logistic regression by Newton's method
# --------------------------------------------------------------------------------------------


def _solve_spd(H: np.ndarray, g: np.ndarray) -> np.ndarray:
    try:
        return scipy.linalg.solve(H, g, assume_a="pos")
    except (np.linalg.LinAlgError, scipy.linalg.LinAlgError):
        return np.linalg.lstsq(H, g, rcond=None)[0]


def ridge_logistic_primal(
    X: np.ndarray,
    y01: np.ndarray,
    C: float,
    *,
    coef_init: np.ndarray | None = None,
    intercept_init: float = 0.0,
    tol: float = 1e-10,
    max_iter: int = 100,
) -> tuple[np.ndarray, float]:
    """Minimise ``C Σ ℓ(y_i, x_i·w + b) + ½||w||²`` over ``(w, b)`` by damped Newton steps.

    Converged when the gradient's Euclidean norm is at most ``tol · C · n`` (the loss is a sum
    over ``n`` samples). Costs ``O(n d² + d³)`` per iteration: use it when ``d < n``.
    """
    n, d = X.shape
    s = signed_labels(y01)
    Xt = np.hstack([X, np.ones((n, 1))])
    z = np.zeros(d + 1)
    if coef_init is not None:
        z[:d] = coef_init
    z[d] = intercept_init
    reg = np.ones(d + 1)
    reg[d] = 0.0  # intercept unpenalised

    def objective(z: np.ndarray) -> float:
        return C * logistic_loss(Xt @ z, s) + 0.5 * float(z[:d] @ z[:d])

    f = objective(z)
    for _ in range(max_iter):
        p = expit(Xt @ z)
        grad = C * (Xt.T @ (p - y01)) + reg * z
        if np.linalg.norm(grad) <= tol * C * n:
            break
        D = np.maximum(p * (1 - p), 1e-300)
        H = C * (Xt.T * D) @ Xt + np.diag(reg)
        step = -_solve_spd(H, grad)
        z, f, accepted = _armijo(objective, z, f, step, float(grad @ step))
        if not accepted:  # converged to the floating-point resolution
            break
    else:
        _warn_newton(max_iter, C)
    return z[:d], float(z[d])


def ridge_logistic_gram(
    K: np.ndarray,
    y01: np.ndarray,
    C: float,
    *,
    dual_init: np.ndarray | None = None,
    intercept_init: float = 0.0,
    tol: float = 1e-10,
    max_iter: int = 100,
) -> tuple[np.ndarray, float]:
    """The ridge logistic regression of :func:`ridge_logistic_primal` in sample space.

    By the representer theorem the optimum is ``w = Xᵀa`` with ``a = C (y − p)``; only the Gram
    matrix ``K = XXᵀ`` is needed. Newton's method on the primal objective
    ``f(a, b) = C Σ ℓ(Ka + b) + ½ aᵀKa`` uses the reduced system
    ``(I + C D K) Δa + C D 1 Δb = −(C g + a)``, ``1ᵀDK Δa + 1ᵀD1 Δb = −1ᵀg`` (``g = p − y``,
    ``D = diag(p(1 − p))``), which is ``K`` times the singular full system and well posed for any
    positive semi-definite ``K``. Converged when the primal gradient norm
    ``√(rᵀKr + (C1ᵀg)²)``, ``r = Cg + a``, is at most ``tol · C · n``. ``O(n³)`` per iteration.

    Returns
    -------
    (a, b)
        Dual coefficients (``w = Xᵀa``) and intercept.
    """
    n = K.shape[0]
    s = signed_labels(y01)
    a = np.zeros(n) if dual_init is None else np.array(dual_init, dtype=np.float64)
    b = float(intercept_init)

    def objective(z: np.ndarray) -> float:
        Ka = K @ z[:n]
        return C * logistic_loss(Ka + z[n], s) + 0.5 * float(z[:n] @ Ka)

    z = np.append(a, b)
    f = objective(z)
    for _ in range(max_iter):
        a, b = z[:n], z[n]
        Ka = K @ a
        p = expit(Ka + b)
        g = p - y01
        r = C * g + a
        grad_b = C * g.sum()
        if np.sqrt(max(float(r @ K @ r), 0.0) + grad_b**2) <= tol * C * n:
            break
        D = np.maximum(p * (1 - p), 1e-300)
        M = np.empty((n + 1, n + 1))
        M[:n, :n] = C * D[:, None] * K
        M[:n, :n][np.diag_indices(n)] += 1.0
        M[:n, n] = C * D
        M[n, :n] = D @ K
        M[n, n] = D.sum()
        rhs = -np.append(r, g.sum())
        try:
            step = np.linalg.solve(M, rhs)
        except np.linalg.LinAlgError:
            step = np.linalg.lstsq(M, rhs, rcond=None)[0]
        # directional derivative of f along the step: ∇_a f = K r, ∂_b f = C 1ᵀg
        slope = float((K @ r) @ step[:n] + grad_b * step[n])
        if slope >= 0:  # numerically converged: no descent direction left
            break
        z, f, accepted = _armijo(objective, z, f, step, slope)
        if not accepted:  # converged to the floating-point resolution
            break
    else:
        _warn_newton(max_iter, C)
    return z[:n], float(z[n])


def _warn_newton(max_iter: int, C: float) -> None:
    warnings.warn(
        f"ridge logistic regression (C={C:.4g}) did not converge in {max_iter} Newton steps",
        ConvergenceWarning,
        stacklevel=3,
    )


def _sufficient_decrease(f_new: float, f: float, t: float, slope: float) -> bool:
    """Armijo's condition, or -- once the predicted decrease is below the rounding error of
    ``f`` and can no longer be verified -- no increase beyond that rounding error."""
    rounding = 1e-13 * max(1.0, abs(f))
    if -slope <= rounding:
        return f_new <= f + rounding
    return f_new <= f + _ARMIJO * t * slope


def _armijo(
    objective: Any, z: np.ndarray, f: float, step: np.ndarray, slope: float
) -> tuple[np.ndarray, float, bool]:
    """Backtracking line search from ``z`` along ``step`` (``slope`` = directional derivative).

    Returns the new point, its objective and whether a step was accepted.
    """
    t = 1.0
    for _ in range(60):
        candidate = z + t * step
        f_new = objective(candidate)
        if _sufficient_decrease(f_new, f, t, slope):
            return candidate, f_new, True
        t *= _BACKTRACK
    return z, f, False


def ridge_logistic(
    X: np.ndarray, y01: np.ndarray, C: float, *, tol: float = 1e-10, max_iter: int = 100
) -> tuple[np.ndarray, float]:
    """Ridge logistic regression ``(w, b)``: sample-space Newton if ``n ≤ d``, primal otherwise."""
    n, d = X.shape
    if n <= d:
        a, b = ridge_logistic_gram(X @ X.T, y01, C, tol=tol, max_iter=max_iter)
        return X.T @ a, b
    return ridge_logistic_primal(X, y01, C, tol=tol, max_iter=max_iter)


# --------------------------------------------------------------------------------------------
# Group / elastic-net penalised logistic regression
# --------------------------------------------------------------------------------------------


class PenalizedFit(NamedTuple):
    """Solution of :func:`group_penalized_logistic`."""

    coef: np.ndarray
    intercept: float
    n_iter: int


@dataclass(frozen=True)
class GroupStructure:
    """Features partitioned into groups: ``codes[j]`` is the group of feature ``j`` (0..G−1).

    ``singletons`` marks the structure of the LASSO and the elastic net (``codes`` = 0..d−1,
    all weights 1), for which the group operations below skip their gathers and sums: the
    same floating-point operations on fewer, larger NumPy calls (the solvers call them in
    their innermost loop on a few dozen coefficients, where the per-call cost dominates).
    """

    codes: np.ndarray
    weights: np.ndarray  # ω_g = √|g|
    singletons: bool = False

    @classmethod
    def from_labels(cls, labels: Any | None, d: int, *, name: str = "groups") -> GroupStructure:
        """Encode per-feature group labels (``None``: every feature its own group)."""
        if labels is None:
            return cls(np.arange(d), np.ones(d), singletons=True)
        labels = np.asarray(labels)
        if labels.shape != (d,):
            raise ValueError(
                f"{name} must give one group label per feature ({d}), got shape {labels.shape}"
            )
        _, codes = np.unique(labels, return_inverse=True)
        sizes = np.bincount(codes)
        return cls(codes.astype(np.int64), np.sqrt(sizes.astype(np.float64)))

    @property
    def n_groups(self) -> int:
        return self.weights.size

    def norms(self, w: np.ndarray) -> np.ndarray:
        """``||w_g||₂`` for every group."""
        if self.singletons:  # the sum over a group of one is that one square
            return np.sqrt(w * w)
        return np.sqrt(np.bincount(self.codes, weights=w * w, minlength=self.n_groups))

    def subset(self, features: np.ndarray) -> GroupStructure:
        """The groups restricted to ``features`` (weights of the *full* groups are kept)."""
        used, codes = np.unique(self.codes[features], return_inverse=True)
        ordered = bool(np.all(np.diff(features) > 0))  # then singletons stay 0..k−1
        return GroupStructure(codes.astype(np.int64), self.weights[used],
                              singletons=self.singletons and ordered)


def _prox_group(v: np.ndarray, groups: GroupStructure, threshold: float) -> np.ndarray:
    """Proximal map of ``threshold Σ_g ω_g ||·_g||₂``: block soft-thresholding."""
    norms = groups.norms(v)
    positive = norms > 0
    # threshold ω_g / ||v_g|| where ||v_g|| > 0 (ω_g = 1 for singletons: the same quotient)
    scaled = threshold if groups.singletons else threshold * groups.weights
    ratio = np.divide(scaled, norms, out=np.zeros_like(norms), where=positive)
    shrink = np.where(positive, np.maximum(0.0, 1.0 - ratio), 0.0)
    return v * (shrink if groups.singletons else shrink[groups.codes])


def kkt_violation(
    grad: np.ndarray,
    w: np.ndarray,
    groups: GroupStructure,
    lam1: float,
    grad_intercept: float,
) -> float:
    """Largest violation of the optimality conditions of ``smooth + lam1 Σ ω_g ||w_g||``.

    ``grad`` is the gradient of the smooth part (loss and ridge term). For a zero group the
    condition is ``||grad_g|| ≤ lam1 ω_g``; for a non-zero group
    ``grad_g + lam1 ω_g w_g / ||w_g|| = 0``; the intercept's gradient must vanish.
    """
    norms = groups.norms(w)
    active = norms > 0
    if groups.singletons:  # ω_g = 1 and no gathers: the same values as below
        unit = np.divide(w, norms, out=np.zeros_like(w), where=active)
        residual = grad + lam1 * unit
        threshold = lam1
    else:
        member_active = active[groups.codes]
        unit = np.divide(w, norms[groups.codes], out=np.zeros_like(w), where=member_active)
        residual = grad + lam1 * groups.weights[groups.codes] * unit
        threshold = lam1 * groups.weights
    per_group = np.where(active, groups.norms(residual),
                         np.maximum(0.0, groups.norms(grad) - threshold))
    return float(max(per_group.max(initial=0.0), abs(grad_intercept)))


def group_penalized_logistic(
    X: np.ndarray,
    y01: np.ndarray,
    C: float,
    groups: GroupStructure,
    *,
    l1_ratio: float = 1.0,
    coef_init: np.ndarray | None = None,
    intercept_init: float | None = None,
    tol: float = 1e-7,
    max_iter: int = 200,
) -> PenalizedFit:
    """Minimise ``C Σ ℓ + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` (ρ = ``l1_ratio`` > 0).

    Hamer & Dupont (2021) eq. 19 (λ₁ = 1/C, λ₂ = ρ) for singleton groups; the group LASSO of
    §5.3 for ρ = 1 and groups of correlated features.

    Algorithm: a working set of groups (the non-zero groups of the warm start plus the groups
    violating the optimality conditions at it) is optimised by proximal Newton steps -- the
    quadratic model with the exact logistic Hessian is minimised by FISTA with restarts and
    accepted through a backtracking line search on the true objective -- then the optimality
    conditions of *all* groups are checked (one ``O(nd)`` gradient) and violators join the
    working set, until none is left. Converged when :func:`kkt_violation` is at most
    ``tol · ρ``: relative to the L1 threshold, which decides whether a group is selected, so the
    support is resolved equally well at every ``C`` (a tolerance relative to the loss's scale
    ``C·n`` would be coarse for large ``C``). ``max_iter`` bounds the working-set rounds
    (ConvergenceWarning).

    Returns
    -------
    PenalizedFit
        ``(coef, intercept, n_iter)`` with ``n_iter`` the number of proximal Newton steps.
    """
    d = X.shape[1]
    if not 0 < l1_ratio <= 1:
        raise ValueError(f"l1_ratio must lie in (0, 1], got {l1_ratio!r}")
    y01 = np.asarray(y01, dtype=np.float64)
    lam1, lam2 = l1_ratio, 1.0 - l1_ratio
    w = np.zeros(d) if coef_init is None else np.array(coef_init, dtype=np.float64)
    if intercept_init is None:
        prior = np.clip(y01.mean(), 1e-12, 1 - 1e-12)
        b = float(np.log(prior / (1 - prior))) if np.all(w == 0) else 0.0
    else:
        b = float(intercept_init)
    abs_tol = tol * lam1
    working = groups.norms(w) > 0
    n_iter = 0
    for _ in range(max_iter):
        grad, grad_b = _smooth_gradient(X, y01, C, w, b, lam2)
        norms = groups.norms(grad)
        violation = np.where(working, 0.0, norms - lam1 * groups.weights)
        outside = violation > abs_tol
        if not np.any(outside):
            sub_violation = kkt_violation(grad, w, groups, lam1, grad_b)
            if sub_violation <= abs_tol:
                return PenalizedFit(w, b, n_iter)
        else:
            # add the worst violators, at most as many as are already in the working set + 10
            budget = int(working.sum()) + 10
            order = np.argsort(-np.where(outside, violation, -np.inf), kind="stable")
            working[order[: min(budget, int(outside.sum()))]] = True
        cols = np.flatnonzero(working[groups.codes])
        sub_groups = groups.subset(cols)
        w_sub, b, steps = _prox_newton(
            X[:, cols], y01, C, sub_groups, lam1, lam2, w[cols], b, abs_tol
        )
        n_iter += steps
        if steps == 0 and not np.any(outside):  # no progress possible: tol below rounding
            break
        w = np.zeros(d)
        w[cols] = w_sub
    warnings.warn(
        f"penalised logistic regression did not reach tol={tol:g} (C={C:.4g}) within "
        f"{max_iter} working-set rounds or the floating-point resolution; increase max_iter or tol",
        ConvergenceWarning,
        stacklevel=2,
    )
    return PenalizedFit(w, b, n_iter)


def _smooth_gradient(
    X: np.ndarray, y01: np.ndarray, C: float, w: np.ndarray, b: float, lam2: float
) -> tuple[np.ndarray, float]:
    g = expit(X @ w + b) - y01
    return C * (X.T @ g) + lam2 * w, float(C * g.sum())


def _prox_newton(
    X: np.ndarray,
    y01: np.ndarray,
    C: float,
    groups: GroupStructure,
    lam1: float,
    lam2: float,
    w: np.ndarray,
    b: float,
    abs_tol: float,
    max_newton: int = 100,
) -> tuple[np.ndarray, float, int]:
    """Proximal Newton on the working-set problem (all columns of ``X`` are in the set).

    Returns the solution and the number of accepted Newton steps.
    """
    n, k = X.shape
    s = signed_labels(y01)
    Xt = np.hstack([X, np.ones((n, 1))])
    ridge = np.full(k + 1, lam2)
    ridge[k] = 0.0

    def penalty(v: np.ndarray) -> float:
        return lam1 * float(groups.weights @ groups.norms(v))

    def objective(z: np.ndarray) -> float:
        return C * logistic_loss(Xt @ z, s) + 0.5 * lam2 * float(z[:k] @ z[:k]) + penalty(z[:k])

    z = np.append(w, b)
    f = objective(z)
    steps = 0
    for _ in range(max_newton):
        p = expit(Xt @ z)
        grad = C * (Xt.T @ (p - y01)) + ridge * z
        violation = kkt_violation(grad[:k], z[:k], groups, lam1, grad[k])
        if violation <= abs_tol:
            break
        H = C * (Xt.T * np.maximum(p * (1 - p), 1e-300)) @ Xt + np.diag(ridge)
        # inexact subproblem, tightened quadratically near the optimum (superlinear convergence)
        inner_tol = 0.1 * violation * min(1.0, violation / lam1)
        target = _quadratic_prox_fista(H, grad, z, groups, lam1, inner_tol)
        step = target - z
        # decrease predicted by the model (Lee, Sun & Saunders 2014): gᵀΔ + P(z+Δ) − P(z)
        slope = float(grad @ step) + penalty(target[:k]) - penalty(z[:k])
        if slope > 1e-13 * max(1.0, abs(f)):  # not a descent direction beyond rounding
            break
        z, f, accepted = _armijo(objective, z, f, step, slope)
        if not accepted:
            break
        steps += 1
    return z[:k], float(z[k]), steps


def _quadratic_prox_fista(
    H: np.ndarray,
    grad: np.ndarray,
    z0: np.ndarray,
    groups: GroupStructure,
    lam1: float,
    tol: float,
    max_iter: int = 5000,
) -> np.ndarray:
    """Minimise ``gradᵀ(z − z0) + ½(z − z0)ᵀH(z − z0) + lam1 Σ ω_g ||z_g||`` by FISTA.

    The last coordinate (intercept) is unpenalised. Restarts the momentum whenever it points
    uphill (O'Donoghue & Candès 2015); stops when the optimality violation is below ``tol``.
    """
    k = z0.size - 1
    L = float(scipy.linalg.eigvalsh(H, subset_by_index=[k, k])[0])
    if L <= 0:
        return z0.copy()
    lin = grad - H @ z0  # the model's gradient at z is lin + H z

    def prox(v: np.ndarray) -> np.ndarray:
        out = v.copy()
        out[:k] = _prox_group(v[:k], groups, lam1 / L)
        return out

    if groups.singletons:
        return _fista_singletons(H, lin, L, z0, lam1, tol, max_iter)
    z = z0.copy()
    momentum = z.copy()
    t = 1.0
    for _ in range(max_iter):
        g_m = lin + H @ momentum
        z_new = prox(momentum - g_m / L)
        if float((momentum - z_new) @ (z_new - z)) > 0:  # gradient restart
            t = 1.0
            momentum = z.copy()
            continue
        t_new = 0.5 * (1.0 + np.sqrt(1.0 + 4.0 * t * t))
        momentum = z_new + ((t - 1.0) / t_new) * (z_new - z)
        z, t = z_new, t_new
        g_z = lin + H @ z
        if kkt_violation(g_z[:k], z[:k], groups, lam1, g_z[k]) <= tol:
            break
    return z


def _fista_singletons(
    H: np.ndarray, lin: np.ndarray, L: float, z0: np.ndarray, lam1: float, tol: float,
    max_iter: int,
) -> np.ndarray:
    """The FISTA loop of :func:`_quadratic_prox_fista` for singleton groups (LASSO, elastic
    net), with :func:`_prox_group` and :func:`kkt_violation` written out: the same operations
    on the same values, hence the same iterates, without the calls around them.

    A zero norm gives an infinite or undefined quotient below (inside ``np.errstate``) where the
    general functions write 0 through ``np.where``: the shrink factor ``max(0, 1 − τ/0)`` is
    then 0 as theirs, and the quotient ``w/0`` of an inactive coefficient is discarded by the
    ``np.where`` that follows, as the zero is.
    """
    k = z0.size - 1
    threshold = lam1 / L
    z = z0.copy()
    momentum = z.copy()
    t = 1.0
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(max_iter):
            z_new = momentum - (lin + H @ momentum) / L
            head = z_new[:k]
            head *= np.maximum(0.0, 1.0 - threshold / np.sqrt(head * head))
            step = z_new - z
            if float((momentum - z_new) @ step) > 0:  # gradient restart
                t = 1.0
                momentum = z.copy()
                continue
            t_new = 0.5 * (1.0 + math.sqrt(1.0 + 4.0 * t * t))
            momentum = z_new + ((t - 1.0) / t_new) * step
            z, t = z_new, t_new
            g_z = lin + H @ z
            grad, w = g_z[:k], z[:k]
            norms = np.sqrt(w * w)
            residual = grad + lam1 * (w / norms)
            per_feature = np.where(norms > 0, np.sqrt(residual * residual),
                                   np.maximum(0.0, np.sqrt(grad * grad) - lam1))
            if max(np.maximum.reduce(per_feature, initial=0.0), abs(g_z[k])) <= tol:
                break
    return z


def null_model_C(X: np.ndarray, y01: np.ndarray, groups: GroupStructure, l1_ratio: float) -> float:
    """Largest ``C`` for which ``w = 0`` is optimal (the start of the regularisation path).

    At ``w = 0`` with the optimal intercept (the log-odds of the class prior) the gradient of the
    loss is ``Xᵀ(ȳ − y)``; zero is optimal iff ``C ||grad_g|| ≤ ρ ω_g`` for every group.
    """
    y01 = np.asarray(y01, dtype=np.float64)
    grad = X.T @ (y01.mean() - y01)
    ratio = groups.norms(grad) / groups.weights
    top = ratio.max(initial=0.0)
    if top == 0:
        return np.inf
    return float(l1_ratio / top)


# --------------------------------------------------------------------------------------------
# Estimators used in the selectors' predictive pipelines
# --------------------------------------------------------------------------------------------


class FeatureScaler(TransformerMixin, BaseEstimator):
    """Divide column ``j`` by ``factors[j]``: realises a per-feature L2 penalty by rescaling.

    A ridge penalty ``½ Σ_j (c_j w_j)²`` on ``x ↦ x·w`` equals the standard ``½||v||²`` on
    the rescaled features ``x_j / c_j`` with ``v_j = c_j w_j`` (same decision values), so the
    fitted coefficients of the next step are ``v`` and the model's weights are ``w = v / c``.
    Exposes ``affine_slope_ = 1 / factors`` for :func:`fsstab.importance.flip_sensitivity`.
    """

    def __init__(self, factors: Any = None):
        self.factors = factors

    def fit(self, X: Any, y: Any = None) -> FeatureScaler:
        X = validate_data(self, X, dtype=np.float64)
        factors = (
            np.ones(X.shape[1])
            if self.factors is None
            else np.asarray(self.factors, dtype=np.float64)
        )
        if factors.shape != (X.shape[1],) or np.any(~np.isfinite(factors)) or np.any(factors <= 0):
            raise ValueError(
                f"factors must be {X.shape[1]} positive finite numbers, got {self.factors!r}"
            )
        self.factors_ = factors
        return self

    def transform(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "factors_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X / self.factors_

    @property
    def affine_slope_(self) -> np.ndarray:
        check_is_fitted(self, "factors_")
        return 1.0 / self.factors_


class PenalizedLogisticRegression(ClassifierMixin, BaseEstimator):
    """Binary logistic regression with an elastic-net or group-LASSO penalty.

    Minimises ``C Σ ℓ + ρ Σ_g ω_g ||w_g||₂ + (1 − ρ)/2 ||w||²`` with ρ = ``l1_ratio`` and
    ``ω_g = √|g|`` (:func:`group_penalized_logistic`); singleton groups (``groups=None``) give
    scikit-learn's elastic net (Hamer & Dupont 2021, eq. 19), ρ = 1 the LASSO.

    ``fit`` accepts ``coef_init`` / ``intercept_init`` (like
    :meth:`sklearn.linear_model.SGDClassifier.fit`), which the selectors use to refit on the
    selected columns from the solution found on all columns: by convexity that solution,
    restricted, already satisfies the optimality conditions, so the refit returns it unchanged.
    """

    def __init__(
        self,
        C: float = 1.0,
        l1_ratio: float = 1.0,
        groups: Any = None,
        tol: float = 1e-7,
        max_iter: int = 200,
    ):
        self.C = C
        self.l1_ratio = l1_ratio
        self.groups = groups
        self.tol = tol
        self.max_iter = max_iter

    def fit(
        self,
        X: Any,
        y: Any,
        coef_init: np.ndarray | None = None,
        intercept_init: float | None = None,
    ) -> PenalizedLogisticRegression:
        X, y = validate_data(self, X, y, dtype=np.float64)
        y01 = encode_binary_target(self, y)
        if not (np.isfinite(self.C) and self.C > 0):
            raise ValueError(f"C must be a positive finite number, got {self.C!r}")
        groups = GroupStructure.from_labels(self.groups, X.shape[1])
        fit = group_penalized_logistic(
            X,
            y01,
            float(self.C),
            groups,
            l1_ratio=float(self.l1_ratio),
            coef_init=coef_init,
            intercept_init=intercept_init,
            tol=self.tol,
            max_iter=self.max_iter,
        )
        self.coef_ = fit.coef[None, :]
        self.intercept_ = np.array([fit.intercept])
        self.n_iter_ = np.array([fit.n_iter])
        return self

    def decision_function(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict(self, X: Any) -> np.ndarray:
        return self.classes_[(self.decision_function(X) > 0).astype(np.int64)]

    def predict_proba(self, X: Any) -> np.ndarray:
        p = expit(self.decision_function(X))
        return np.column_stack([1 - p, p])
