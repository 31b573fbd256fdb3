"""Importance from an SVM's margin, Hamer & Dupont (2021) eq. 8 (Guyon et al. 2002)."""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.utils.validation import check_is_fitted

from fsstab.importance._common import (
    _BATCH_ENTRIES,
    _as_2d_float,
)


def margin_contributions(
    support_vectors: np.ndarray,
    dual_coef: np.ndarray,
    *,
    kernel: str,
    gamma: float = 1.0,
    coef0: float = 0.0,
    degree: int = 3,
) -> np.ndarray:
    """``|W²(α) − W²_(−f)(α)|`` for every feature, Hamer & Dupont (2021), eq. 8.

    ``W²(α) = Σ_{k,l} α_k α_l y_k y_l K(x_k, x_l)`` over the support vectors and
    ``W²_(−f)`` is the same sum with feature ``f`` removed from every support vector while the
    dual solution (and the kernel parameters) stay fixed (Guyon et al. 2002).

    Parameters
    ----------
    support_vectors
        ``(m, d)`` support vectors ``x_k``.
    dual_coef
        ``(m,)`` or ``(1, m)`` products ``α_k y_k`` (scikit-learn's ``dual_coef_``).
    kernel
        ``"linear"``, ``"rbf"``, ``"poly"`` or ``"sigmoid"``, with scikit-learn's
        parameterisation: ``x·x'``, ``exp(−γ||x − x'||²)``, ``(γ x·x' + coef0)^degree``,
        ``tanh(γ x·x' + coef0)``.

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``. For the linear kernel this is exactly ``w_f²`` with
        ``w = Σ_k α_k y_k x_k``.
    """
    sv = _as_2d_float(support_vectors, "support_vectors")
    a = np.asarray(dual_coef, dtype=np.float64)
    if a.ndim == 2 and a.shape[0] == 1:
        a = a[0]
    if a.ndim != 1 or a.shape[0] != sv.shape[0]:
        raise ValueError(
            f"dual_coef must hold one value per support vector ({sv.shape[0]}), "
            f"got shape {np.shape(dual_coef)}"
        )
    m, d = sv.shape
    if kernel == "linear":
        # W² − W²_(−f) = aᵀ (x_f x_fᵀ) a = (a · x_f)² = w_f²: exact, no cancellation.
        return (a @ sv) ** 2
    if kernel not in ("rbf", "poly", "sigmoid"):
        raise ValueError(
            f"kernel must be 'linear', 'rbf', 'poly' or 'sigmoid' to remove a feature from it; "
            f"got {kernel!r}"
        )
    gram = sv @ sv.T
    if kernel == "rbf":
        sq_norms = np.diag(gram)
        sq_dist = np.maximum(sq_norms[:, None] + sq_norms[None, :] - 2.0 * gram, 0.0)
        full = np.exp(-gamma * sq_dist)
    else:
        full = _dot_product_kernel(gram, kernel, gamma, coef0, degree)
    weighted = np.outer(a, a) * full
    w2 = weighted.sum()
    # W²_(−f) = Σ_k (a_k² K_(−f)(x_k, x_k)) + 2 Σ_{k<l} a_k a_l K_(−f)(x_k, x_l)
    upper_k, upper_l = np.triu_indices(m, 1)
    out = np.empty(d)
    chunk = max(1, _BATCH_ENTRIES // max(1, upper_k.size + m))
    for start in range(0, d, chunk):
        cols = sv[:, start : start + chunk]  # (m, c)
        if kernel == "rbf":
            # K_(−f) = K ∘ exp(γ (x_kf − x_lf)²): removing f removes its term from the distance;
            # the diagonal is unchanged (exp(0) = 1).
            diff2 = (cols[upper_k] - cols[upper_l]) ** 2
            off_diag = weighted[upper_k, upper_l] @ np.exp(gamma * diff2)
            diag = np.trace(weighted)
        else:
            partial = gram[upper_k, upper_l][:, None] - cols[upper_k] * cols[upper_l]
            off_diag = (a[upper_k] * a[upper_l]) @ _dot_product_kernel(
                partial, kernel, gamma, coef0, degree
            )
            diag_dots = np.diag(gram)[:, None] - cols**2
            diag = (a**2) @ _dot_product_kernel(diag_dots, kernel, gamma, coef0, degree)
        out[start : start + chunk] = diag + 2.0 * off_diag
    return np.abs(w2 - out)


def _dot_product_kernel(
    dots: np.ndarray, kernel: str, gamma: float, coef0: float, degree: int
) -> np.ndarray:
    if kernel == "poly":
        return (gamma * dots + coef0) ** degree
    return np.tanh(gamma * dots + coef0)


def svm_importance(model: Any) -> np.ndarray:
    """Margin contribution of each feature of a fitted binary SVM, Hamer & Dupont (2021), eq. 8.

    Reads the support vectors, the dual coefficients ``α_k y_k`` and the kernel (with the
    ``gamma`` the model actually used, e.g. after resolving ``gamma="scale"``) from a fitted
    :class:`sklearn.svm.SVC` / :class:`~sklearn.svm.NuSVC` and returns
    :func:`margin_contributions`. Eq. 8 defines the importance up to a positive factor; the raw
    ``|W² − W²_(−f)|`` is returned (``w_f²`` for a linear kernel, the ranking criterion of
    SVM-RFE).

    Raises
    ------
    ValueError
        For a multi-class SVM, or a precomputed / callable kernel (a feature cannot be removed
        from those; use :func:`margin_contributions` with the underlying vectors instead).
    """
    check_is_fitted(model, "support_vectors_")
    kernel = getattr(model, "kernel", None)
    if not isinstance(kernel, str) or kernel == "precomputed":
        raise ValueError(
            f"svm_importance needs a named kernel ('linear', 'rbf', 'poly', 'sigmoid'); the "
            f"model uses kernel={kernel!r}"
        )
    dual = np.asarray(model.dual_coef_)
    if dual.shape[0] != 1:
        raise ValueError(
            f"svm_importance supports binary SVMs only; the model has {dual.shape[0] + 1} classes"
        )
    gamma = float(getattr(model, "_gamma", model.gamma))
    return margin_contributions(
        model.support_vectors_,
        dual,
        kernel=kernel,
        gamma=gamma,
        coef0=float(model.coef0),
        degree=int(model.degree),
    )


