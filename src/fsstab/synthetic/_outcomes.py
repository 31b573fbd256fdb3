"""Seeded simulated studies with a continuous or a time-to-event outcome and a known support.

=============  ===============================================================================
generator      design
=============  ===============================================================================
``linear``     the linear model ``y = X β + σ ε``: ``n_features`` independent N(0, 1)
               features, the first ``n_relevant`` with coefficients ``±coefficient`` (signs
               alternating, + first), the others 0; ε ~ N(0, 1), σ = ``noise``
``cox``        the proportional-hazards (Cox) model with an exponential baseline: event time
               ``T ~ Exponential(rate = baseline_hazard · exp(X β))`` with ``β`` as for
               ``linear`` (``±log_hazard_ratio``), follow-up ``C ~ Uniform(follow_up_min,
               follow_up_max)`` (administrative censoring); observed ``time = min(T, C)``,
               ``event = T <= C``
=============  ===============================================================================

Part of :mod:`fsstab.synthetic` (import the generators from there). Both are registered in
:data:`fsstab.synthetic.GENERATORS` (``synthetic:linear``, ``synthetic:cox`` in a configuration;
:data:`SYNTHETIC_TASKS` gives their tasks). The support is recorded in
``Dataset.relevant_features`` (the first ``n_relevant`` columns), the resolved parameters and
the seed in the provenance. Draws, in order: ``X`` (row by row), then ε (or ``T``, then ``C``),
all from ``numpy.random.default_rng(random_state)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fsstab.datasets import Dataset, make_outcome_dataset
from fsstab.outcomes import survival_target
from fsstab.seeds import as_seed

__all__ = ["SYNTHETIC_TASKS", "cox", "linear"]

#: The task of each generator of this module.
SYNTHETIC_TASKS: dict[str, str] = {"linear": "regression", "cox": "survival"}


def _count(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _positive(name: str, value: Any, *, zero: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.floating) \
            or not np.isfinite(value) or value < 0 or (value == 0 and not zero):
        bound = ">= 0" if zero else "> 0"
        raise ValueError(f"{name} must be a finite number {bound}, got {value!r}")
    return float(value)


def _design(n_samples: Any, n_features: Any, n_relevant: Any, effect: float,
            rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, list[str]]:
    n = _count("n_samples", n_samples, 2)
    d = _count("n_features", n_features, 1)
    k = _count("n_relevant", n_relevant, 0)
    if k > d:
        raise ValueError(f"n_relevant={k} exceeds n_features={d}")
    X = rng.standard_normal((n, d))
    beta = np.zeros(d)
    beta[:k] = effect * np.where(np.arange(k) % 2 == 0, 1.0, -1.0)
    names = [f"relevant{j + 1}" for j in range(k)] + [f"noise{j + 1}" for j in range(d - k)]
    return X, beta, names


def _sample_ids(n: int) -> list[str]:
    width = len(str(n))
    return [f"s{i + 1:0{width}d}" for i in range(n)]


def linear(
    *,
    n_samples: int = 100,
    n_features: int = 200,
    n_relevant: int = 5,
    coefficient: float = 1.0,
    noise: float = 1.0,
    random_state: Any = None,
) -> Dataset:
    """A continuous outcome from a sparse linear model (module docstring).

    The signal-to-noise ratio is ``Var(Xβ) / σ² = n_relevant · coefficient² / noise²``.

    Examples
    --------
    >>> from fsstab.synthetic import linear
    >>> ds = linear(n_samples=50, n_features=20, n_relevant=3, random_state=0)
    >>> ds.task, ds.X.shape, ds.relevant_features.tolist()
    ('regression', (50, 20), [0, 1, 2])
    """
    effect = _positive("coefficient", coefficient)
    sigma = _positive("noise", noise, zero=True)
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    X, beta, names = _design(n_samples, n_features, n_relevant, effect, rng)
    y = X @ beta + sigma * rng.standard_normal(X.shape[0])
    params = {"n_samples": X.shape[0], "n_features": X.shape[1], "n_relevant": int(n_relevant),
              "coefficient": effect, "noise": sigma}
    return make_outcome_dataset(
        "linear", X, y, task="regression", feature_names=names,
        sample_ids=_sample_ids(X.shape[0]), relevant_features=np.arange(int(n_relevant)),
        provenance={"source": "synthetic:linear", "generator": "linear", "params": params,
                    "random_state": seed, "reference": "sparse linear model, y = Xβ + σε"},
    )


def cox(
    *,
    n_samples: int = 150,
    n_features: int = 200,
    n_relevant: int = 3,
    log_hazard_ratio: float = 0.8,
    baseline_hazard: float = 1.0,
    follow_up_min: float = 0.5,
    follow_up_max: float = 3.0,
    random_state: Any = None,
) -> Dataset:
    """A time to event with censoring from a sparse Cox model (module docstring).

    A relevant feature one standard deviation higher multiplies the hazard by
    ``exp(±log_hazard_ratio)``. With the defaults about 30 % of the samples are censored.

    Examples
    --------
    >>> from fsstab.synthetic import cox
    >>> ds = cox(n_samples=60, n_features=30, random_state=0)
    >>> ds.task, ds.y.dtype.names, ds.relevant_features.tolist()
    ('survival', ('event', 'time'), [0, 1, 2])
    """
    effect = _positive("log_hazard_ratio", log_hazard_ratio)
    hazard = _positive("baseline_hazard", baseline_hazard)
    low = _positive("follow_up_min", follow_up_min)
    high = _positive("follow_up_max", follow_up_max)
    if high < low:
        raise ValueError(f"follow_up_max={high} is below follow_up_min={low}")
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    X, beta, names = _design(n_samples, n_features, n_relevant, effect, rng)
    n = X.shape[0]
    event_time = rng.exponential(1.0 / (hazard * np.exp(X @ beta)))
    follow_up = rng.uniform(low, high, size=n)
    y = survival_target(event=event_time <= follow_up, time=np.minimum(event_time, follow_up))
    params = {"n_samples": n, "n_features": X.shape[1], "n_relevant": int(n_relevant),
              "log_hazard_ratio": effect, "baseline_hazard": hazard,
              "follow_up_min": low, "follow_up_max": high}
    return make_outcome_dataset(
        "cox", X, y, task="survival", feature_names=names, sample_ids=_sample_ids(n),
        relevant_features=np.arange(int(n_relevant)),
        provenance={"source": "synthetic:cox", "generator": "cox", "params": params,
                    "random_state": seed,
                    "reference": "Cox model, exponential baseline, uniform follow-up"},
    )
