"""What the generators of :mod:`fsstab.synthetic` share: parameter checks and the Dataset.

Part of :mod:`fsstab.synthetic` (import the generators from there): integer and real
parameter checks with messages naming the parameter, the :class:`~fsstab.datasets.Dataset`
of a generated design with its provenance, and Bernoulli labels from a logistic model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fsstab.datasets import Dataset

_BINARY_LABELS = ("0", "1")


# --------------------------------------------------------------------------------------------
# Parameter checks
# --------------------------------------------------------------------------------------------


def _int(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _real(name: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating):
        raise ValueError(f"{name} must be a number in [{low}, {high}], got {value!r}")
    if not low <= float(value) <= high:
        raise ValueError(f"{name} must lie in [{low}, {high}], got {value!r}")
    return float(value)


def _dataset(
    generator: str,
    X: np.ndarray,
    y: np.ndarray,
    *,
    feature_names: Sequence[str],
    params: dict[str, Any],
    seed: int,
    reference: str,
    class_labels: tuple[str, ...] = _BINARY_LABELS,
    feature_groups: np.ndarray | None = None,
    relevant_features: Sequence[int] | None = None,
) -> Dataset:
    n = X.shape[0]
    width = len(str(n))
    return Dataset(
        name=generator,
        X=X,
        y=y.astype(np.int8),
        feature_names=tuple(feature_names),
        sample_ids=tuple(f"s{i + 1:0{width}d}" for i in range(n)),
        class_labels=class_labels,
        feature_groups=feature_groups,
        relevant_features=None if relevant_features is None else np.asarray(relevant_features),
        provenance={
            "source": f"synthetic:{generator}",
            "generator": generator,
            "params": params,
            "random_state": seed,
            "reference": reference,
        },
    )


def _logistic_labels(rng: np.random.Generator, eta: np.ndarray) -> np.ndarray:
    """Y_i ~ Bernoulli(exp(η_i) / (1 + exp(η_i)))."""
    probability = 0.5 * (1.0 + np.tanh(0.5 * eta))  # the logistic function, overflow-free
    return (rng.random(eta.shape[0]) < probability).astype(np.int8)
