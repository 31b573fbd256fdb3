"""``waveform``: Breiman, Friedman, Olshen & Stone (1984, §2.6.2)'s waveform data.

Part of :mod:`fsstab.synthetic` (import the generator from there): the UCI "waveform" (21
attributes) and "waveform-+noise" (40) data, three classes, each a random convex mixture of
two of three triangular waves plus N(0, 1) noise.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fsstab.datasets import Dataset
from fsstab.seeds import as_seed
from fsstab.synthetic._common import _dataset, _int

# --------------------------------------------------------------------------------------------
# Breiman et al. (1984) §2.6.2: the waveform data
# --------------------------------------------------------------------------------------------

#: The wave pair (0-based rows of :func:`waveform_bases`) each class mixes, as in the
#: generator behind UCI's waveform files: class 0 h1/h2, class 1 h1/h3, class 2 h2/h3.
WAVEFORM_PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2))

#: Positions 1..21 of the peaks of h1, h2, h3 (UCI's generator; the CART book names the same
#: three waves in another order, which only permutes the class names).
WAVEFORM_PEAKS: tuple[int, int, int] = (7, 15, 11)

_WAVEFORM_LENGTH = 21


def waveform_bases() -> np.ndarray:
    """The three base waves as a ``(3, 21)`` array: h_m(i) = max(6 - |i - peak_m|, 0),
    i = 1..21, peaks 7, 15, 11 (:data:`WAVEFORM_PEAKS`)."""
    positions = np.arange(1, _WAVEFORM_LENGTH + 1)
    return np.array([np.maximum(6 - np.abs(positions - peak), 0) for peak in WAVEFORM_PEAKS],
                    dtype=np.float64)


def waveform(
    *,
    n_samples: int = 5000,
    n_noise: int = 19,
    random_state: Any = None,
) -> Dataset:
    """Breiman's waveform data (Breiman, Friedman, Olshen & Stone 1984, *Classification and
    Regression Trees*, §2.6.2), as in UCI's "waveform" and "waveform-+noise" files.

    Three triangular base waves on 21 positions, h_m(i) = max(6 - |i - p_m|, 0) with peaks
    p = 7, 15, 11 (:func:`waveform_bases`). Every sample draws its class c uniformly from
    {0, 1, 2}, one u ~ U(0, 1) and 21 independent ε_i ~ N(0, 1); class c mixes the pair
    (a, b) = ``WAVEFORM_PAIRS[c]``, i.e. (h1, h2), (h1, h3), (h2, h3):

        x_i = u · h_a(i) + (1 - u) · h_b(i) + ε_i,   i = 1..21,

    followed by ``n_noise`` columns of pure N(0, 1) noise (19 for "waveform-+noise", 40
    attributes; 0 for "waveform", 21). So E[x_i | c] = (h_a(i) + h_b(i)) / 2 and
    Cov(x_i, x_j | c) = (h_a(i) - h_b(i)) (h_a(j) - h_b(j)) / 12 + δ_ij. Both UCI files have
    n = 5000.

    ``relevant_features``: the wave positions some class depends on (2..20; positions 1 and 21
    are zero in every wave, hence noise like the extra columns). Class labels ``"0"``, ``"1"``,
    ``"2"`` as in the UCI files.
    """
    n = _int("n_samples", n_samples, 3)
    n_extra = _int("n_noise", n_noise, 0)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    bases = waveform_bases()
    y = rng.integers(0, len(WAVEFORM_PAIRS), size=n)
    if np.unique(y).size < len(WAVEFORM_PAIRS):
        raise ValueError(f"waveform: {n} samples left a class empty; use more samples")
    pairs = np.asarray(WAVEFORM_PAIRS)
    u = rng.random(n)[:, None]
    waves = u * bases[pairs[y, 0]] + (1.0 - u) * bases[pairs[y, 1]]
    X = np.hstack([waves + rng.standard_normal((n, _WAVEFORM_LENGTH)),
                   rng.standard_normal((n, n_extra))])
    names = ([f"x{i + 1}" for i in range(_WAVEFORM_LENGTH)]
             + [f"noise{j + 1}" for j in range(n_extra)])
    relevant = np.flatnonzero(np.ptp(bases, axis=0) > 0)
    version = "waveform-+noise" if n_extra == 19 else "waveform" if n_extra == 0 else None
    return _dataset(
        "waveform", X, y, feature_names=names,
        params={"n_samples": n, "n_noise": n_extra}, seed=seed,
        reference="Breiman, Friedman, Olshen & Stone (1984) §2.6.2; UCI "
                  + (f'"{version}"' if version else f"waveform with {n_extra} noise columns"),
        class_labels=("0", "1", "2"), relevant_features=relevant,
    )
