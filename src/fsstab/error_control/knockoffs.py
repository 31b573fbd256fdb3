"""Knockoff copies of the features: second-order Gaussian model-X knockoffs (Candès, Fan,
Janson & Lv 2018, §3.1) and fixed-X knockoffs (Barber & Candès 2015, §2.1), both with the
equicorrelated choice of ``s``.

A knockoff copy ``X̃`` of ``X`` mimics the dependence among the features without looking at the
outcome: for model-X knockoffs, swapping any feature with its knockoff leaves the joint
distribution of ``[X, X̃]`` unchanged and ``X̃ ⊥ y | X``; a feature's knockoff is then as likely
as a null feature itself to look important, which the knockoff filter
(:func:`fsstab.error_control.knockoff_threshold`) turns into control of the false discovery
rate.

Gaussian model-X knockoffs (Candès et al. 2018, eq. 3.2). With ``X ~ N(μ, Σ)`` and
``D = diag(s)``, ``X̃ | X ~ N(μ + (X − μ) − (X − μ) Σ⁻¹ D, 2D − D Σ⁻¹ D)``, so that
``Cov([X, X̃]) = [[Σ, Σ − D], [Σ − D, Σ]]``. The equicorrelated choice (their §3.4.2, Barber &
Candès §2.1.1), on the correlation scale ``R = diag(σ)⁻¹ Σ diag(σ)⁻¹``, is
``s_j = min(1, 2 λ_min(R))`` for every ``j``. One eigendecomposition ``R = U Λ Uᵀ`` gives both
``R⁻¹ = U Λ⁻¹ Uᵀ`` and the square root of ``2D − D R⁻¹ D = U (2s − s²/Λ) Uᵀ``; no
semidefinite program is solved (the SDP and MVR choices give more powerful knockoffs for
strongly correlated features, at the price of an optimisation over ``d`` variables). ``Σ`` is
unknown in practice: by default it is the Ledoit-Wolf estimate (a shrinkage estimate that stays
positive definite when ``n < d``); the guarantee then holds for the model ``N(μ̂, Σ̂)``, not
exactly for the data (Candès et al. 2018, §7; Barber, Candès & Samworth 2020, Ann. Stat. 48,
quantify the excess).

Fixed-X knockoffs (Barber & Candès 2015, eqs. 1.4 and 2.2) need no model of ``X`` but hold
for the Gaussian linear model ``y = Xβ + ε`` only, and need ``n ≥ 2d`` (``2d + 1`` here: the
columns are centred, which removes the intercept and one dimension): with the columns centred
and scaled to unit norm, ``Σ = XᵀX``, ``X̃ = X (I − Σ⁻¹ D) + Ũ C`` with ``Ũ`` an orthonormal
``n x d`` matrix orthogonal to the columns of ``X`` (and to the constant), ``CᵀC = 2D − D Σ⁻¹
D``; then ``X̃ᵀX̃ = Σ`` and ``XᵀX̃ = Σ − D``.

Both need the ``d x d`` covariance and an ``O(d³)`` eigendecomposition: at ``d = 5000``,
200 MB per ``d x d`` array, 1.6 GB peak and about 30 s of one core; beyond
:data:`MAX_KNOCKOFF_FEATURES` the functions refuse and say what would work.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "MAX_KNOCKOFF_FEATURES",
    "equicorrelated_s",
    "fixed_x_knockoffs",
    "fixed_x_problem",
    "gaussian_knockoffs",
    "knockoff_size_problem",
]

#: The largest number of features for which a knockoff construction is attempted by default:
#: the covariance takes ``8 d²`` bytes (200 MB) and its eigendecomposition ``O(d³)`` time.
MAX_KNOCKOFF_FEATURES = 5000


def knockoff_size_problem(d: int, max_features: int = MAX_KNOCKOFF_FEATURES) -> str | None:
    """Why ``d`` features are too many for a knockoff construction (None if they are not).

    Examples
    --------
    >>> from fsstab.error_control import knockoff_size_problem
    >>> knockoff_size_problem(100) is None
    True
    >>> knockoff_size_problem(20000)[:59]
    'knockoffs need the 20000 x 20000 covariance of the features'
    """
    if d <= max_features:
        return None
    return (
        f"knockoffs need the {d} x {d} covariance of the features ({8 * d * d / 1e9:.1f} GB) "
        f"and its O(d^3) eigendecomposition; at most {max_features} features are accepted "
        f"(max_features). Reduce the features first, e.g. with the prefilter "
        f"(prefilter: {{method: variance, n_features: {max_features}}}), or use "
        "permuted copies (Stabl(artificial='permutation')), which need no covariance"
    )


def fixed_x_problem(n: int, d: int) -> str | None:
    """Why fixed-X knockoffs cannot be built for ``n`` samples and ``d`` features (None if they
    can): they need ``n >= 2d + 1`` (Barber & Candès 2015, §2.1; one more for the centring).

    Examples
    --------
    >>> from fsstab.error_control import fixed_x_problem
    >>> fixed_x_problem(100, 40) is None
    True
    >>> fixed_x_problem(100, 60)[75:117]
    'n=100 and d=60: keep at most d=49 features'
    """
    if n >= 2 * d + 1:
        return None
    return (
        f"fixed-X knockoffs need n >= 2d + 1 samples (2d plus one for the centring); n={n} and "
        f"d={d}: keep at most d={(n - 1) // 2} features (e.g. with the prefilter), or use "
        "model-X knockoffs (knockoffs='gaussian'), which need no such n"
    )


def _as_matrix(X: Any, minimum_rows: int = 2) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[0] < minimum_rows or X.shape[1] < 1:
        raise ValueError(
            f"X must be a 2-d matrix of at least {minimum_rows} samples and 1 feature; got "
            f"shape {X.shape}"
        )
    if not np.all(np.isfinite(X)):
        i, j = np.argwhere(~np.isfinite(X))[0]
        raise ValueError(f"X[{i}, {j}] = {X[i, j]!r}; knockoffs need finite values")
    return X


def _correlation_eigen(covariance: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(σ, Λ, U)`` of a covariance: standard deviations and the eigendecomposition of the
    correlation matrix ``R = U diag(Λ) Uᵀ`` (eigenvalues ascending)."""
    sd = np.sqrt(np.diag(covariance))
    if np.any(sd <= 0) or not np.all(np.isfinite(sd)):
        j = int(np.flatnonzero(~(sd > 0))[0]) if np.any(~(sd > 0)) else 0
        raise ValueError(
            f"feature {j} has variance {covariance[j, j]!r}; knockoffs need every feature to "
            "vary (drop constant features first)"
        )
    R = covariance / np.outer(sd, sd)
    eigenvalues, U = np.linalg.eigh((R + R.T) / 2)
    if eigenvalues[0] <= 1e-12:
        raise ValueError(
            f"the covariance is singular (smallest eigenvalue of the correlation matrix "
            f"{eigenvalues[0]:.3g}): the knockoffs would equal the features; use a shrinkage "
            "estimate (covariance='ledoit_wolf') or drop collinear features"
        )
    return sd, eigenvalues, U


def equicorrelated_s(covariance: Any) -> float:
    """The equicorrelated ``s = min(1, 2 λ_min(R))`` of a covariance, on the correlation scale
    ``R`` (Barber & Candès 2015, §2.1.1; Candès et al. 2018, §3.4.2): every feature and its
    knockoff then have correlation ``1 − s``.

    Examples
    --------
    An equicorrelated ``R`` (off-diagonal ρ = 0.6) has ``λ_min = 1 − ρ = 0.4``, so
    ``s = min(1, 0.8)``:

    >>> import numpy as np
    >>> from fsstab.error_control import equicorrelated_s
    >>> R = np.full((4, 4), 0.6) + 0.4 * np.eye(4)
    >>> round(equicorrelated_s(R), 12)
    0.8
    """
    _, eigenvalues, _ = _correlation_eigen(np.asarray(covariance, dtype=np.float64))
    return float(min(1.0, 2.0 * eigenvalues[0]))


def _estimated_covariance(X: np.ndarray, covariance: Any) -> np.ndarray:
    d = X.shape[1]
    if isinstance(covariance, str):
        if covariance == "ledoit_wolf":
            from sklearn.covariance import ledoit_wolf

            return ledoit_wolf(X)[0]
        if covariance == "sample":
            return np.cov(X, rowvar=False).reshape(d, d)
        raise ValueError(
            f"covariance must be 'ledoit_wolf', 'sample' or a {d} x {d} matrix; got {covariance!r}"
        )
    matrix = np.asarray(covariance, dtype=np.float64)
    if matrix.shape != (d, d) or not np.all(np.isfinite(matrix)):
        raise ValueError(
            f"covariance must be a finite {d} x {d} matrix (one row and column per feature); got "
            f"shape {matrix.shape}"
        )
    return matrix


def gaussian_knockoffs(
    X: Any, *, covariance: Any = "ledoit_wolf", mean: Any = None, random_state: Any = None,
    max_features: int = MAX_KNOCKOFF_FEATURES,
) -> np.ndarray:
    """Second-order Gaussian model-X knockoffs with the equicorrelated ``s`` (Candès et al.
    2018, eq. 3.2, §3.4.2; module docstring).

    Parameters
    ----------
    X : array-like, shape (n, d)
        The features.
    covariance : {"ledoit_wolf", "sample"} or array (d, d)
        ``Σ``: estimated from ``X`` (Ledoit-Wolf shrinkage, or the sample covariance, which is
        singular when ``n <= d``) or given (the true covariance of a simulation).
    mean : array (d,) or None
        ``μ``; None is the column means of ``X``.
    random_state : int, RandomState or None
        Seeds the Gaussian draws.
    max_features : int
        The largest ``d`` accepted (:data:`MAX_KNOCKOFF_FEATURES`).

    Returns
    -------
    ndarray, shape (n, d)
        ``X̃``; column ``j`` is the knockoff of feature ``j``.

    Examples
    --------
    With the true covariance, ``[X, X̃]`` has covariance ``[[Σ, Σ − D], [Σ − D, Σ]]``: for
    ``Σ`` with unit variances and correlation 0.5, ``s = 1`` and a knockoff is uncorrelated
    with its feature but correlated 0.5 with the other:

    >>> import numpy as np
    >>> from fsstab.error_control import gaussian_knockoffs
    >>> sigma = np.array([[1.0, 0.5], [0.5, 1.0]])
    >>> X = np.random.default_rng(0).multivariate_normal([0, 0], sigma, size=200_000)
    >>> Xk = gaussian_knockoffs(X, covariance=sigma, mean=[0, 0], random_state=1)
    >>> np.round(np.corrcoef(X.T, Xk.T)[:2, 2:], 2)
    array([[0. , 0.5],
           [0.5, 0. ]])
    """
    X = _as_matrix(X)
    n, d = X.shape
    problem = knockoff_size_problem(d, max_features)
    if problem is not None:
        raise ValueError(problem)
    constant = np.flatnonzero(np.ptp(X, axis=0) == 0)
    if constant.size:
        raise ValueError(
            f"feature {int(constant[0])} is constant; knockoffs need every feature to vary "
            "(drop constant features first)"
        )
    mu = X.mean(axis=0) if mean is None else np.asarray(mean, dtype=np.float64).reshape(d)
    sd, eigenvalues, U = _correlation_eigen(_estimated_covariance(X, covariance))
    s = min(1.0, 2.0 * eigenvalues[0])
    Z = (X - mu) / sd
    # Z R^-1 D = s Z U Λ^-1 Uᵀ; the conditional covariance 2D − D R^-1 D = U (2s − s²/Λ) Uᵀ
    ZU = Z @ U
    conditional = np.sqrt(np.clip(2.0 * s - s * s / eigenvalues, 0.0, None))
    noise = np.random.default_rng(_seed(random_state)).standard_normal((n, d))
    Z_knock = Z - ((s * ZU / eigenvalues) @ U.T) + ((noise @ U) * conditional) @ U.T
    return mu + Z_knock * sd


def _seed(random_state: Any) -> int:
    from fsstab.seeds import as_seed

    return as_seed(random_state)


def fixed_x_knockoffs(X: Any, *, random_state: Any = None,
                      max_features: int = MAX_KNOCKOFF_FEATURES) -> np.ndarray:
    """Fixed-X knockoffs with the equicorrelated ``s`` (Barber & Candès 2015, eq. 2.2, §2.1.1;
    module docstring), in the units of ``X``.

    The columns are centred and scaled to unit norm, the knockoffs built there and mapped back
    (column ``j`` of ``X̃`` has the mean and norm of column ``j`` of ``X``). ``Ũ`` is the
    orthonormal complement of the constant and of ``X``'s columns in the span of ``d`` random
    Gaussian directions (any such ``Ũ`` is valid; ``random_state`` picks one).

    Parameters
    ----------
    X : array-like, shape (n, d), with ``n >= 2d + 1`` (:func:`fixed_x_problem`)
    random_state : int, RandomState or None
    max_features : int
        The largest ``d`` accepted.

    Returns
    -------
    ndarray, shape (n, d)

    Examples
    --------
    The defining identities ``X̃ᵀX̃ = XᵀX`` and ``XᵀX̃ = XᵀX − s I`` on the normalised columns:

    >>> import numpy as np
    >>> from fsstab.error_control import fixed_x_knockoffs
    >>> X = np.random.default_rng(1).normal(size=(30, 5))
    >>> Xk = fixed_x_knockoffs(X, random_state=0)
    >>> Xn = (X - X.mean(0)) / np.linalg.norm(X - X.mean(0), axis=0)
    >>> Xkn = (Xk - Xk.mean(0)) / np.linalg.norm(Xk - Xk.mean(0), axis=0)
    >>> bool(np.allclose(Xkn.T @ Xkn, Xn.T @ Xn))
    True
    >>> s = np.diag(Xn.T @ Xn - Xn.T @ Xkn)
    >>> bool(np.allclose(Xn.T @ Xn - Xn.T @ Xkn, np.diag(s)) and np.allclose(s, s[0]))
    True
    """
    X = _as_matrix(X)
    n, d = X.shape
    for problem in (fixed_x_problem(n, d), knockoff_size_problem(d, max_features)):
        if problem is not None:
            raise ValueError(problem)
    mean = X.mean(axis=0)
    centred = X - mean
    norms = np.linalg.norm(centred, axis=0)
    if np.any(norms == 0):
        raise ValueError(
            f"feature {int(np.flatnonzero(norms == 0)[0])} is constant; fixed-X knockoffs need "
            "every feature to vary"
        )
    Xn = centred / norms
    gram = Xn.T @ Xn
    _, eigenvalues, U = _correlation_eigen(gram)
    s = min(1.0, 2.0 * eigenvalues[0])
    inverse = (U / eigenvalues) @ U.T
    square_root = (U * np.sqrt(np.clip(2.0 * s - s * s / eigenvalues, 0.0, None))) @ U.T
    rng = np.random.default_rng(_seed(random_state))
    basis, _ = np.linalg.qr(np.column_stack([np.ones(n), Xn, rng.standard_normal((n, d))]))
    U_tilde = basis[:, d + 1:2 * d + 1]
    knockoffs = Xn - s * (Xn @ inverse) + U_tilde @ square_root
    return mean + knockoffs * norms
