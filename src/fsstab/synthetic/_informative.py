"""The plain informative-plus-noise design of :mod:`fsstab.synthetic`.

Part of :mod:`fsstab.synthetic` (import the generator from there): ``n_informative``
class-dependent features among independent N(0, 1) noise features.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from fsstab.datasets import Dataset
from fsstab.seeds import as_seed
from fsstab.synthetic._common import _dataset, _int, _real

__all__ = ["informative"]


def informative(
    *,
    n_samples: int = 100,
    n_features: int = 1000,
    n_informative: int = 10,
    effect_size: float = 1.0,
    positive_fraction: float = 0.5,
    random_state: Any = None,
) -> Dataset:
    """``n_informative`` class-dependent features among ``n_features`` independent N(0, 1).

    The first ``round(positive_fraction * n)`` samples are positive. The first
    ``n_informative`` features have mean +δ/2 in the positive and -δ/2 in the negative class
    (δ = ``effect_size``, the standardised mean difference); the rest are pure noise.
    """
    n = _int("n_samples", n_samples, 2)
    d = _int("n_features", n_features, 1)
    k = _int("n_informative", n_informative, 0)
    if k > d:
        raise ValueError(f"n_informative={k} exceeds n_features={d}")
    effect = _real("effect_size", effect_size, 0.0, 1e6)
    fraction = _real("positive_fraction", positive_fraction, 0.0, 1.0)
    n_pos = math.floor(fraction * n + 0.5)
    if not 1 <= n_pos <= n - 1:
        raise ValueError(
            f"positive_fraction={positive_fraction} gives {n_pos} positives among {n} samples; "
            "both classes need at least one sample"
        )
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n_pos, np.int8), np.zeros(n - n_pos, np.int8)]
    X = rng.standard_normal((n, d))
    X[:, :k] += np.where(y == 1, effect / 2, -effect / 2)[:, None]
    params = {
        "n_samples": n,
        "n_features": d,
        "n_informative": k,
        "effect_size": effect,
        "positive_fraction": fraction,
    }
    names = [f"informative{j + 1}" for j in range(k)] + [f"noise{j + 1}" for j in range(d - k)]
    return _dataset(
        "informative",
        X,
        y,
        feature_names=names,
        params=params,
        seed=seed,
        reference="informative-plus-noise design",
        relevant_features=np.arange(k),
    )
