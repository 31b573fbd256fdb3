"""Ridge-penalised logistic regression by Newton's method (the solver of the RFE selectors).

:func:`ridge_logistic` minimises ``C Σ_i ℓ(y_i, x_i·w + b) + ½||w||²`` (scikit-learn's
convention, ``C = 1/λ`` of Hamer & Dupont 2021, Algorithm 1) with an unpenalised intercept, in
the primal (``d`` + 1 unknowns, :func:`ridge_logistic_primal`) or, when ``n ≤ d``, in the sample
space through the Gram matrix (``w = Xᵀa``, the representer theorem,
:func:`ridge_logistic_gram`), which makes recursive feature elimination on ``n ≪ d`` data cheap.
The loss, the Armijo line search and the convergence warning are shared with the group-penalised
solver (:mod:`fsstab.selectors._group_logistic`).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import scipy.linalg
from scipy.special import expit
from sklearn.exceptions import ConvergenceWarning

#: Armijo sufficient-decrease constant and backtracking factor of the line searches.
_ARMIJO, _BACKTRACK = 1e-4, 0.5


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
