"""Decision-flip sensitivity of a model to each feature, Hamer & Dupont (2021) eq. 9."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from sklearn.preprocessing import MaxAbsScaler, MinMaxScaler, StandardScaler

from fsstab.importance._common import (
    _as_2d_float,
    _n_model_features,
    _samples_per_batch,
)
from fsstab.importance._linear import linear_importance

FlipMethod = Literal["auto", "linear", "search"]


def _elementwise_slope(transformer: Any, d: int) -> np.ndarray | None:
    """Slope ``a`` of a fitted transformer computing ``a ⊙ x + c``, or None if not of that form.

    Recognised: scikit-learn's StandardScaler, MinMaxScaler, MaxAbsScaler, ``"passthrough"``,
    and any transformer exposing an ``affine_slope_`` array (fsstab's own column scalers).
    """
    if transformer is None or transformer == "passthrough":
        return np.ones(d)
    slope = getattr(transformer, "affine_slope_", None)
    if slope is not None:
        return np.asarray(slope, dtype=np.float64)
    if isinstance(transformer, StandardScaler):
        scale = transformer.scale_
        return np.ones(d) if scale is None else 1.0 / scale
    if isinstance(transformer, MaxAbsScaler):
        return 1.0 / transformer.scale_
    if isinstance(transformer, MinMaxScaler):
        return np.asarray(transformer.scale_, dtype=np.float64)
    return None


def _final_linear_coef(model: Any) -> np.ndarray | None:
    """Weights of a fitted binary linear classifier (``coef_`` of shape (1, d)), else None."""
    if getattr(model, "kernel", "linear") != "linear":  # SVC with a non-linear kernel
        return None
    try:
        coef = model.coef_
    except AttributeError:
        return None
    coef = np.asarray(coef, dtype=np.float64)
    if coef.ndim == 2 and coef.shape[0] == 1:
        return coef[0]
    if coef.ndim == 1:
        return coef
    return None


def linear_decision_weights(model: Any, d: int) -> np.ndarray | None:
    """Weights ``v`` such that ``decision_function(x) = v · x + b`` exactly, or None.

    Handles a binary linear classifier (anything with a ``(1, d)`` ``coef_`` and
    ``decision_function``, e.g. LogisticRegression, LinearSVC, SVC(kernel="linear")), and a
    :class:`~sklearn.pipeline.Pipeline` of element-wise affine transformers (see
    :func:`_elementwise_slope`) ending in one. Column-selecting or mixing transformers make the
    answer None (the model is then treated as non-linear).
    """
    steps = getattr(model, "steps", None)
    if steps is None:
        coef = _final_linear_coef(model)
        return coef if coef is not None and coef.shape == (d,) else None
    slope = np.ones(d)
    for _, step in steps[:-1]:
        a = _elementwise_slope(step, d)
        if a is None or a.shape != (d,):
            return None
        slope = slope * a
    coef = _final_linear_coef(steps[-1][1])
    if coef is None or coef.shape != (d,):
        return None
    return slope * coef


def flip_distances(
    model: Any,
    X: Any,
    *,
    search_range: float = 10.0,
    n_grid: int = 64,
    n_bisect: int = 20,
    method: FlipMethod = "auto",
) -> np.ndarray:
    """Smallest additive change ``δ_{x_i,p,f}`` of feature ``f`` that flips model ``p``'s decision.

    The quantity in the denominator of Hamer & Dupont (2021), eq. 9.

    - ``method="linear"`` (chosen by ``"auto"`` when :func:`linear_decision_weights` recognises
      the model): the exact closed form ``δ = |D(x_i)| / |v_f|`` with ``D`` the decision
      function and ``v`` its weights in input space (Theorem 1's proof). ``inf`` where
      ``v_f = 0``.
    - ``method="search"``: for each feature, the change ``t`` is scanned on a grid of ``n_grid``
      equally spaced values in ``(0, search_range · σ_f]`` in both directions, where ``σ_f`` is
      the standard deviation of column ``f`` of ``X``; the first grid value whose prediction
      differs from the prediction at ``x_i`` brackets the flip, which is then located by
      ``n_bisect`` bisection steps. The decision is ``model.predict``, so any classifier works.

    **No flip within the search range.** If no grid value within ``± search_range · σ_f``
    changes the decision, ``δ = inf`` is returned: the feature's sensitivity at that sample is 0
    (eq. 9's ``σ_f / δ``). A flip that occurs and reverts between two grid points is missed; a
    constant column (``σ_f = 0``) gets ``inf``.

    Returns
    -------
    numpy.ndarray
        Shape ``(n, d)``, positive (possibly ``inf``; ``0`` only for a sample that lies exactly
        on a linear decision boundary).
    """
    X = _as_2d_float(X)
    _n_model_features(model, X)
    if method not in ("auto", "linear", "search"):
        raise ValueError(f"method must be 'auto', 'linear' or 'search', got {method!r}")
    if not search_range > 0:
        raise ValueError(f"search_range must be positive, got {search_range!r}")
    if n_grid < 1 or n_bisect < 0:
        raise ValueError(f"n_grid must be >= 1 and n_bisect >= 0, got {n_grid}, {n_bisect}")
    n, d = X.shape
    weights = None if method == "search" else linear_decision_weights(model, d)
    if method == "linear" and weights is None:
        raise ValueError(
            f"method='linear' needs a binary linear classifier (optionally behind element-wise "
            f"scalers); {type(model).__name__} is not recognised as one"
        )
    if weights is not None:
        margin = np.abs(np.asarray(model.decision_function(X), dtype=np.float64)).reshape(n, 1)
        with np.errstate(divide="ignore"):
            return np.where(weights != 0, margin / np.abs(weights), np.inf)
    return _search_flip_distances(model, X, search_range, n_grid, n_bisect)


def _search_flip_distances(
    model: Any, X: np.ndarray, search_range: float, n_grid: int, n_bisect: int
) -> np.ndarray:
    """Grid scan then bisection, vectorised over samples *and* features.

    Each grid batch and each bisection step is one ``model.predict`` call over all the
    (sample, feature, direction) probes at once: the per-call overhead of a classifier such as
    k-NN dominates, so calls, not probes, are what must be few.
    """
    n, d = X.shape
    base = np.asarray(model.predict(X))
    sigma = X.std(axis=0)
    delta = np.full((n, d), np.inf)
    features = np.flatnonzero(sigma > 0)  # a constant column cannot be moved by "σ_f" units
    if features.size == 0:
        return delta
    n_feat = features.size
    step = search_range * sigma[features] / n_grid  # grid spacing h_f
    signs = np.array([1.0, -1.0])
    # offsets[f, s, g] = sign_s · (g + 1) · h_f
    offsets = (signs[None, :, None] * np.arange(1, n_grid + 1)[None, None, :]
               * step[:, None, None])
    probes_per_sample = n_feat * 2 * n_grid
    per_batch = _samples_per_batch(d, probes_per_sample)
    bracket_rows, bracket_feat, bracket_sign, bracket_lo = [], [], [], []
    for start in range(0, n, per_batch):
        block = X[start : start + per_batch]
        m = block.shape[0]
        probe = np.repeat(block, probes_per_sample, axis=0).reshape(m, n_feat, 2, n_grid, d)
        # separated advanced indices put their dimension first: the target is (F, m, 2, G)
        probe[:, np.arange(n_feat), :, :, features] += offsets[:, None]
        flipped = np.asarray(model.predict(probe.reshape(-1, d))).reshape(m, n_feat, 2, n_grid)
        flipped = flipped != base[start : start + m, None, None, None]
        any_flip = flipped.any(axis=3)  # (m, F, 2)
        first = np.where(any_flip, flipped.argmax(axis=3), n_grid)  # grid index of 1st flip
        nearest = first.min(axis=2, keepdims=True)
        hit = any_flip & (first == nearest)  # the nearer direction(s) of each (sample, feature)
        i, j, s = np.nonzero(hit)
        bracket_rows.append(start + i)
        bracket_feat.append(j)
        bracket_sign.append(signs[s])
        bracket_lo.append(first[i, j, s] * step[j])  # |t| that does not flip (0 or prev. step)
    rows = np.concatenate(bracket_rows)
    feat = np.concatenate(bracket_feat)
    sign = np.concatenate(bracket_sign)
    lo = np.concatenate(bracket_lo)
    hi = lo + step[feat]  # |t| that flips
    per_call = _samples_per_batch(d, 1)
    for _ in range(n_bisect):
        mid = 0.5 * (lo + hi)
        flips = np.empty(rows.size, dtype=bool)
        for b in range(0, rows.size, per_call):
            sl = slice(b, b + per_call)
            probe = X[rows[sl]].copy()
            probe[np.arange(probe.shape[0]), features[feat[sl]]] += sign[sl] * mid[sl]
            flips[sl] = np.asarray(model.predict(probe)) != base[rows[sl]]
        hi = np.where(flips, mid, hi)
        lo = np.where(flips, lo, mid)
    # both directions may flip at the same grid step: keep the smaller bisected distance
    np.minimum.at(delta, (rows, features[feat]), hi)
    return delta


def flip_sensitivity(
    model: Any,
    X: Any,
    *,
    search_range: float = 10.0,
    n_grid: int = 64,
    n_bisect: int = 20,
    method: FlipMethod = "auto",
) -> np.ndarray:
    """Generic importance of each feature in a classifier, Hamer & Dupont (2021), eq. 9.

    ``I_n(f, p) = (1/n) Σ_i k_p · I(f, p, x_i) / Σ_{f'} I(f', p, x_i)`` with
    ``I(f, p, x_i) = σ_f / δ_{x_i,p,f}`` (``δ`` from :func:`flip_distances`, ``σ_f`` the
    standard deviation of column ``f`` of ``X``, normally the model's learning examples).

    Conventions for the cases eq. 9 leaves open:

    - a feature that cannot flip the decision of ``x_i`` (``δ = inf``, see
      :func:`flip_distances`) has ``I(f, p, x_i) = 0``;
    - a sample at which no feature flips the decision within the search range has an undefined
      ratio and is left out of the average;
    - ``k_p``, the number of features the model uses, is the number of features with a positive
      average ratio -- for a linear model ``||w||_0``, so that the result equals eq. 7 on
      standardised features (Theorem 1);
    - if no sample flips at all the model uses no feature measurably and all importances are 0.

    For a linear model (``method="auto"`` recognising it, or ``"linear"``) the per-sample ratio
    does not depend on ``x_i`` and the closed form ``k_p σ_f |v_f| / Σ_{f'} σ_{f'} |v_{f'}|`` is
    returned; this is exact also for a sample on the decision boundary (the limit of the ratio).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, summing to ``k_p``.
    """
    X = _as_2d_float(X)
    _n_model_features(model, X)
    sigma = X.std(axis=0)
    weights = None if method == "search" else linear_decision_weights(model, X.shape[1])
    if method == "linear" or weights is not None:
        if weights is None:  # let flip_distances raise the explanatory error
            flip_distances(model, X, method="linear")
        return linear_importance(sigma * weights)
    delta = flip_distances(
        model, X, search_range=search_range, n_grid=n_grid, n_bisect=n_bisect, method=method
    )
    with np.errstate(divide="ignore"):
        per_sample = np.where(np.isfinite(delta), sigma / delta, 0.0)
    totals = per_sample.sum(axis=1)
    defined = totals > 0
    if not np.any(defined):
        return np.zeros(X.shape[1])
    mean_ratio = (per_sample[defined] / totals[defined, None]).mean(axis=0)
    return np.count_nonzero(mean_ratio) * mean_ratio


