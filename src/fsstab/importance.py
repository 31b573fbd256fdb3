"""Importance of the features of a fitted predictive model (Hamer & Dupont 2021, §5.1).

Every function returns one non-negative float per input column of the model (the columns the
model was fitted on), so that ``fsstab`` selectors can fill their ``importances_`` attribute:

- :func:`linear_importance` -- eq. 7, ``||w||_0 |w_f| / ||w||_1`` for a linear model.
- :func:`svm_importance` -- eq. 8, the contribution ``|W² − W²_(−f)|`` of each feature to the
  squared margin of a fitted SVM, any kernel (Guyon et al. 2002); ``w_f²`` for a linear kernel.
- :func:`flip_sensitivity` -- eq. 9, the average normalised sensitivity ``σ_f / δ_{x,p,f}`` of
  the model's decisions to each feature; exact for (affine-preprocessed) linear models, a grid +
  bisection search of the smallest decision flip otherwise (:func:`flip_distances`).
- :func:`permutation_importance` -- the accuracy decrease when a column is permuted, and
  :func:`oob_permutation_importance`, Breiman's (2001) out-of-bag variant for bagged forests
  (Hamer §7.2.4).

Non-positive raw importances
----------------------------
A permutation that does not decrease accuracy, a feature whose coefficient is exactly zero, or a
feature that cannot flip any decision within the search range has no measurable importance. The
functions above report such a feature as ``0`` (negative accuracy decreases are clipped to 0:
a permutation that *helps* is noise, not evidence of a negative importance).

The selector contract, however, needs a *strictly positive* importance for every selected
feature (zero means "not selected"). :func:`importances_on_support` makes that explicit: it
places the model's importances on the selected features and replaces every non-positive (or
NaN) value there by a floor, ``floor_ratio`` times the largest importance of the run (or gives
all selected features the same importance when none is positive, the even-importance baseline
of Hamer's Theorem 2). The feature stays selected -- the selector *did* choose it -- but it
contributes almost nothing to the importance-weighted stability φ_iw.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from sklearn.preprocessing import MaxAbsScaler, MinMaxScaler, StandardScaler
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

FlipMethod = Literal["auto", "linear", "search"]

#: Upper bound on the number of float64 entries materialised by one vectorised batch.
_BATCH_ENTRIES = 2_000_000


# --------------------------------------------------------------------------------------------
# Helpers shared by the importance functions
# --------------------------------------------------------------------------------------------


def _as_2d_float(X: Any, name: str = "X") -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"{name} must be a 2-d array (samples x features), got {X.ndim}-d")
    if not np.all(np.isfinite(X)):
        raise ValueError(f"{name} contains NaN or infinite values")
    return X


def _n_model_features(model: Any, X: np.ndarray) -> None:
    n_in = getattr(model, "n_features_in_", None)
    if n_in is not None and n_in != X.shape[1]:
        raise ValueError(f"X has {X.shape[1]} columns but the model was fitted on {n_in} features")


def _samples_per_batch(n_columns: int, copies: int) -> int:
    """How many samples to process at once so that a batch holds at most _BATCH_ENTRIES."""
    return max(1, _BATCH_ENTRIES // max(1, n_columns * copies))


# --------------------------------------------------------------------------------------------
# eq. 7 -- linear models
# --------------------------------------------------------------------------------------------


def linear_importance(coef: Any) -> np.ndarray:
    """Importance of the features of a linear model, Hamer & Dupont (2021), eq. 7.

    ``I_lin(f, w) = ||w||_0 · |w_f| / ||w||_1``: the absolute weights rescaled to sum to the
    number of features the model uses. On features standardised to unit variance this equals
    the decision-flip sensitivity of eq. 9 (Theorem 1), which is why fsstab's linear selectors
    standardise internally.

    Parameters
    ----------
    coef
        Weight vector of shape ``(d,)``, or ``(1, d)`` as stored by scikit-learn's binary
        linear classifiers.

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, summing to ``||w||_0``; all zeros when ``w = 0``.
    """
    w = np.asarray(coef, dtype=np.float64)
    if w.ndim == 2 and w.shape[0] == 1:
        w = w[0]
    if w.ndim != 1:
        raise ValueError(
            f"coef must have shape (d,) or (1, d) (a binary linear model), got {w.shape}"
        )
    if not np.all(np.isfinite(w)):
        raise ValueError("coef contains NaN or infinite values")
    magnitude = np.abs(w)
    total = magnitude.sum()
    if total == 0:
        return np.zeros_like(magnitude)
    return np.count_nonzero(w) * magnitude / total


# --------------------------------------------------------------------------------------------
# eq. 8 -- SVM margin contributions
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# eq. 9 -- decision-flip sensitivity
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# Permutation importance
# --------------------------------------------------------------------------------------------


def _permuted_accuracy_drop(
    predict: Any,
    X: np.ndarray,
    y: np.ndarray,
    columns: np.ndarray,
    n_repeats: int,
    rng: np.random.RandomState,
) -> np.ndarray:
    """Baseline accuracy minus mean accuracy after permuting each of ``columns`` (raw drops)."""
    n = X.shape[0]
    baseline = np.mean(predict(X) == y)
    drops = np.zeros(columns.size)
    per_batch = max(1, _BATCH_ENTRIES // max(1, n * X.shape[1]))
    y_rep = np.tile(y, n_repeats)
    for i, f in enumerate(columns):
        perms = [rng.permutation(n) for _ in range(n_repeats)]
        correct = 0
        for start in range(0, n_repeats, per_batch):
            chunk = perms[start : start + per_batch]
            batch = np.tile(X, (len(chunk), 1))
            batch[:, f] = X[np.concatenate(chunk), f]
            correct += np.sum(predict(batch) == y_rep[: n * len(chunk)])
        drops[i] = baseline - correct / (n * n_repeats)
    return drops


def _check_repeats(n_repeats: int) -> int:
    if isinstance(n_repeats, bool) or not isinstance(n_repeats, int | np.integer) or n_repeats < 1:
        raise ValueError(f"n_repeats must be a positive integer, got {n_repeats!r}")
    return int(n_repeats)


def permutation_importance(
    model: Any,
    X: Any,
    y: Any,
    *,
    n_repeats: int = 5,
    random_state: Any = None,
) -> np.ndarray:
    """Mean decrease of accuracy when one column of ``X`` is permuted (Breiman 2001).

    For each feature, the column is shuffled ``n_repeats`` times (permutations drawn from
    ``check_random_state(random_state)``, features in order) and the accuracy of
    ``model.predict`` on ``(X, y)`` is compared with the unpermuted accuracy. Decreases below
    zero are clipped to 0 (see the module docstring).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, in accuracy units.
    """
    X = _as_2d_float(X)
    _n_model_features(model, X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}")
    rng = check_random_state(random_state)
    drops = _permuted_accuracy_drop(
        model.predict, X, y, np.arange(X.shape[1]), _check_repeats(n_repeats), rng
    )
    return np.maximum(drops, 0.0)


def _in_bag_samples(forest: Any) -> Any:
    """The rows each tree of a bagged forest was fitted on: ``forest.estimators_samples_``.

    For the usual forest (bootstrap of all rows, no sample weights) the draws are those of
    ``sklearn.ensemble._forest._generate_sample_indices`` -- ``RandomState(seed).randint(0, n,
    n_bootstrap)`` with each tree's seed -- made by re-seeding one generator instead of
    constructing one per tree (which costs more than the draw); anything else goes through
    ``estimators_samples_`` itself.
    """
    n_samples = getattr(forest, "_n_samples", None)
    n_bootstrap = getattr(forest, "_n_samples_bootstrap", None)
    seeds = [getattr(tree, "random_state", None) for tree in forest.estimators_]
    if (getattr(forest, "_sample_weight", 0) is not None or not isinstance(n_samples, int)
            or not isinstance(n_bootstrap, int)
            or not all(isinstance(seed, int | np.integer) for seed in seeds)):
        yield from forest.estimators_samples_
        return
    rng = np.random.RandomState()
    for seed in seeds:
        rng.seed(seed)
        yield rng.randint(0, n_samples, n_bootstrap).astype(np.int32)


def _tree_oob_drops(
    tree: Any,
    X_oob: np.ndarray,
    y_oob: np.ndarray,
    columns: np.ndarray,
    n_repeats: int,
    rng: np.random.RandomState,
) -> np.ndarray:
    """Out-of-bag accuracy of one fitted tree minus its mean accuracy after permuting each of
    ``columns`` (raw drops), as :func:`_permuted_accuracy_drop` computes them with the tree's
    ``predict``, with the same permutations (drawn column by column, ``n_repeats`` each).

    All permuted copies of the out-of-bag rows go through the tree in as few ``tree.predict``
    calls as the batch budget allows (usually one per tree instead of one per feature): the
    per-call overhead, not the tree traversal, is what costs on a few hundred rows. The
    prediction is the class code with the largest leaf value, as
    :meth:`~sklearn.tree.DecisionTreeClassifier.predict` of a tree fitted on codes takes it.
    """
    n, d = X_oob.shape
    baseline = np.mean(np.argmax(tree.predict(X_oob), axis=1) == y_oob)
    copies = np.repeat(columns, n_repeats)  # the column permuted in each copy of the rows
    perms = np.stack([rng.permutation(n) for _ in range(copies.size)])
    correct = np.empty(copies.size, dtype=np.int64)
    per_batch = max(1, _BATCH_ENTRIES // max(1, n * d))
    for start in range(0, copies.size, per_batch):
        stop = min(start + per_batch, copies.size)
        batch = np.tile(X_oob, (stop - start, 1))
        rows = np.arange(batch.shape[0])
        cols = np.repeat(copies[start:stop], n)
        batch[rows, cols] = X_oob[perms[start:stop].ravel(), cols]
        hits = np.argmax(tree.predict(batch), axis=1) == np.tile(y_oob, stop - start)
        correct[start:stop] = hits.reshape(stop - start, n).sum(axis=1)
    return baseline - correct.reshape(columns.size, n_repeats).sum(axis=1) / (n * n_repeats)


def oob_permutation_importance(
    forest: Any,
    X: Any,
    y: Any,
    *,
    n_repeats: int = 1,
    random_state: Any = None,
) -> np.ndarray:
    """Out-of-bag permutation importance of a fitted bagged forest (Breiman 2001; Hamer §7.2.4).

    For every tree ``t`` with out-of-bag samples ``O_t`` (the training rows not in
    ``forest.estimators_samples_[t]``), the tree's accuracy on ``O_t`` is compared with its
    accuracy after permuting feature ``f`` among the rows of ``O_t`` (``n_repeats`` times);
    the importance of ``f`` is the decrease averaged over the trees that have out-of-bag samples.
    A tree that never splits on ``f`` is unaffected by permuting it and contributes 0 (and is
    not evaluated). Averages below zero are clipped to 0 (see the module docstring).
    Permutations are drawn from ``check_random_state(random_state)`` tree by tree, for the
    features each tree splits on in ascending order, ``n_repeats`` per feature.

    Parameters
    ----------
    forest
        A fitted :class:`~sklearn.ensemble.RandomForestClassifier` or
        :class:`~sklearn.ensemble.ExtraTreesClassifier` with ``bootstrap=True``.
    X, y
        The training data the forest was fitted on (out-of-bag rows are indices into it).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``, non-negative, in accuracy units.
    """
    check_is_fitted(forest, "estimators_")
    if not getattr(forest, "bootstrap", False):
        raise ValueError(
            "oob_permutation_importance needs a forest fitted with bootstrap=True "
            "(without bootstrap there are no out-of-bag samples)"
        )
    X = _as_2d_float(X)
    _n_model_features(forest, X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}")
    classes = np.asarray(forest.classes_)
    if classes.ndim != 1:
        raise ValueError("oob_permutation_importance supports single-output forests only")
    y_code = np.searchsorted(classes, y)
    if np.any(y_code >= classes.size) or np.any(classes[np.minimum(y_code, classes.size - 1)] != y):
        unknown = sorted(set(np.unique(y).tolist()) - set(classes.tolist()))
        raise ValueError(f"y contains labels the forest was not fitted on: {unknown}")
    n_repeats = _check_repeats(n_repeats)
    rng = check_random_state(random_state)
    n, d = X.shape
    X32 = np.ascontiguousarray(X, dtype=np.float32)  # trees split on float32 values
    total = np.zeros(d)
    n_trees_with_oob = 0
    for tree, in_bag in zip(forest.estimators_, _in_bag_samples(forest), strict=True):
        oob = np.ones(n, dtype=bool)
        oob[in_bag] = False
        if not np.any(oob):
            continue
        n_trees_with_oob += 1
        used = np.unique(tree.tree_.feature[tree.tree_.feature >= 0])
        if used.size == 0:
            continue
        total[used] += _tree_oob_drops(tree.tree_, X32[oob], y_code[oob], used, n_repeats, rng)
    return np.maximum(total / n_trees_with_oob, 0.0)


# --------------------------------------------------------------------------------------------
# From model importances to a selector's importances_
# --------------------------------------------------------------------------------------------


def importances_on_support(values: Any, support: Any, *, floor_ratio: float = 1e-6) -> np.ndarray:
    """A selector's ``importances_``: the model's importances on the selected features, 0 elsewhere.

    Parameters
    ----------
    values
        Importances from one of this module's functions, either one per selected feature (the
        columns of the model, in order) or one per feature (length ``d``).
    support
        Boolean mask of length ``d`` of the selected features.
    floor_ratio
        A selected feature whose importance is not positive (or NaN) gets
        ``floor_ratio × max(importance of the selected features)``; if no selected feature has a
        positive importance, all of them get 1 (even importance).

    Returns
    -------
    numpy.ndarray
        Shape ``(d,)``: strictly positive exactly on ``support``, zero elsewhere.
    """
    support = np.asarray(support, dtype=bool)
    if support.ndim != 1:
        raise ValueError(f"support must be a 1-d boolean mask, got shape {support.shape}")
    if not 0 < floor_ratio < 1:
        raise ValueError(f"floor_ratio must lie in (0, 1), got {floor_ratio!r}")
    values = np.asarray(values, dtype=np.float64).ravel()
    k, d = int(support.sum()), support.size
    if values.size == d:
        on_support = values[support]
    elif values.size == k:
        on_support = values
    else:
        raise ValueError(
            f"values has {values.size} entries; expected one per selected feature ({k}) or one "
            f"per feature ({d})"
        )
    if np.any(np.isinf(on_support)):
        raise ValueError("values contains infinite importances")
    on_support = np.where(np.isnan(on_support), 0.0, on_support)
    out = np.zeros(d)
    if k == 0:
        return out
    top = on_support.max()
    if top <= 0:
        out[support] = 1.0
    else:
        out[support] = np.where(on_support > 0, on_support, floor_ratio * top)
    return out
