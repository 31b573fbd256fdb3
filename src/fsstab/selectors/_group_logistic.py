"""Group / elastic-net penalised logistic regression: a working-set proximal Newton method.

:func:`group_penalized_logistic` minimises ``C Σ_i ℓ(y_i, x_i·w + b) + ρ Σ_g ω_g ||w_g||₂ +
(1 − ρ)/2 ||w||²`` with an unpenalised intercept and ``ω_g = √|g|`` (elastic net for singleton
groups, group LASSO for ρ = 1; Hamer & Dupont 2021, eq. 19, scikit-learn's convention
``C = 1/λ``). :class:`GroupStructure` describes the groups; :func:`null_model_C` is the start
of the regularisation path.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import scipy.linalg
from scipy.special import expit
from sklearn.exceptions import ConvergenceWarning

from fsstab.selectors._ridge_logistic import _armijo, logistic_loss, signed_labels


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

