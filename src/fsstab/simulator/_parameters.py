"""Fitting Onda et al. (2022)'s simulator to a real selector: n_useful and p (Onda §2.3).

Part of :mod:`fsstab.simulator` (import the public names from there): n_useful from the
uniform selector's threshold (:func:`estimate_n_useful`), p matching the real single
selector's stability on a grid or by bisection (:func:`estimate_p`), the fixed-point check of
eq. (1) (:func:`verify_n_useful`), the (n_useful, p) maps of Figs. 2, 8 and 11
(:func:`parameter_grid`) and Algorithm 1 lines 1-5 in one call (:func:`estimate_parameters`).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np
import pandas as pd

from fsstab.seeds import as_seed
from fsstab.simulator._common import (
    check_int,
    check_measure,
    check_probability,
    check_sizes,
    child_seed,
    selection_stability,
)
from fsstab.simulator._draws import (
    EnsembleAlgorithm,
    _resolve_aggregate,
    _simulate_selections,
    simulate_ensemble_selections,
    uniform_counts,
)
from fsstab.simulator._stability import simulated_stability

#: Onda §2.3.2: "we used the nine values of p = 0.1, 0.2, ..., 0.9".
DEFAULT_P_GRID: tuple[float, ...] = tuple(round(0.1 * i, 1) for i in range(1, 10))


# --------------------------------------------------------------------------------------------
# Parameter estimation (Onda §2.3)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NUsefulEstimate:
    """n_useful = Σ_i 1[c_i > t_uniform] (Onda §2.3.1).

    Attributes: ``n_useful``; ``t_uniform``; ``counts`` (c_i, how many runs of the selector
    chose feature i); ``uniform_counts`` (c'_i of the uniform selectors that gave t_uniform, or
    None when t_uniform was given).
    """

    n_useful: int
    t_uniform: int
    counts: np.ndarray
    uniform_counts: np.ndarray | None


def _as_fixed_size_selections(selections: Any, name: str = "selections") -> np.ndarray:
    """A boolean (runs, n_feature) matrix whose rows all select the same number of features."""
    arr = np.asarray(selections)
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"{name} must be a (runs, n_feature) 0/1 matrix, got shape {arr.shape}")
    if arr.dtype != bool:
        if not np.issubdtype(arr.dtype, np.number) or np.any((arr != 0) & (arr != 1)):
            raise ValueError(f"{name} must be a 0/1 (or boolean) matrix")
        arr = arr.astype(bool)
    sizes = arr.sum(axis=1)
    if sizes.min() < 1 or np.any(sizes != sizes[0]):
        raise ValueError(
            f"every row of {name} must select the same number n_target >= 1 of features; got "
            f"sizes {sorted(set(sizes.tolist()))}"
        )
    return arr


def estimate_n_useful(
    selections: Any, *, t_uniform: int | None = None, random_state: Any = None
) -> NUsefulEstimate:
    """Estimate n_useful from the subsets chosen by runs of a selector (Onda §2.3.1).

    ``selections`` is a (runs, n_feature) 0/1 matrix, each row the n_target features of one run.
    Without ``t_uniform``, it is drawn from as many uniform selectors as there are runs
    (:func:`uniform_counts`). n_useful is the number of features chosen more than t_uniform
    times. Applied to simulated selections this is the algorithm A of eq. (1).
    """
    arr = _as_fixed_size_selections(selections)
    n_runs, n_feature = arr.shape
    n_target = int(arr[0].sum())
    counts = arr.sum(axis=0).astype(np.int64)
    uniform = None
    if t_uniform is None:
        uniform = uniform_counts(n_feature, n_target, n_runs, random_state)
        t_uniform = int(uniform.max())
    else:
        t_uniform = check_int(t_uniform, "t_uniform", 0)
    return NUsefulEstimate(int(np.sum(counts > t_uniform)), int(t_uniform), counts, uniform)


def verify_n_useful(
    n_feature: int, n_target: int, n_useful: int, p: float, n_runs: int,
    random_state: Any = None,
) -> int:
    """n_useful^v = A[f_{n_useful, p}] (Onda §2.3.3, eq. 1).

    Runs the simulated single selector f_{n_useful, p} ``n_runs`` times, draws t_uniform from as
    many uniform selectors, and counts the features chosen more than t_uniform times. The
    parameters are consistent when n_useful^v = n_useful. Use the number of real runs of
    :func:`estimate_n_useful` as ``n_runs``.
    """
    seed = as_seed(random_state)
    n_runs = check_int(n_runs, "n_runs", 1)
    selections = simulate_ensemble_selections(
        n_feature, n_target, n_useful, p, 1, n_runs, random_state=child_seed(seed, 0)
    )
    return estimate_n_useful(selections, random_state=child_seed(seed, 1)).n_useful


@dataclass(frozen=True)
class PEstimate:
    """The p whose simulated stability is closest to a target (Onda §2.3.2).

    Attributes
    ----------
    p, stability
        The estimate and its simulated stability.
    target
        The stability of the real selector to match.
    method
        ``"grid"`` or ``"bisection"``.
    bracketed
        True when the target lies between the smallest and the largest simulated stability
        evaluated; False means it is out of the simulator's reach and ``p`` is the nearest end.
    evaluations
        DataFrame ``p``, ``stability`` of every simulation run, in evaluation order.
    """

    p: float
    stability: float
    target: float
    method: str
    bracketed: bool
    evaluations: pd.DataFrame


def _best_evaluated(evaluations: list[tuple[float, float]], target: float) -> tuple[float, float]:
    """The evaluated (p, stability) closest to the target; ties go to the first evaluated."""
    gaps = [abs(s - target) for _, s in evaluations]
    return evaluations[int(np.argmin(gaps))]


def _grid_search(
    stability_at: Callable[[float], float], grid: Sequence[float], target: float
) -> tuple[list[tuple[float, float]], bool]:
    evaluations = [(p, stability_at(p)) for p in grid]
    values = [s for _, s in evaluations]
    return evaluations, min(values) <= target <= max(values)


def _bisection(
    stability_at: Callable[[float], float], bounds: tuple[float, float], tolerance: float,
    target: float,
) -> tuple[list[tuple[float, float]], bool]:
    """Bisection on p for a non-decreasing stability(p), down to an interval of ``tolerance``.

    The invariant stability(lo) < target <= stability(hi) holds for the *evaluated* values, so
    the result is a crossing of the simulated curve even where Monte-Carlo noise makes it locally
    non-monotone.
    """
    lo, hi = bounds
    evaluations = [(lo, stability_at(lo)), (hi, stability_at(hi))]
    if not evaluations[0][1] < target <= evaluations[1][1]:
        return evaluations, False
    while hi - lo > tolerance:
        mid = 0.5 * (lo + hi)
        value = stability_at(mid)
        evaluations.append((mid, value))
        if value < target:
            lo = mid
        else:
            hi = mid
    return evaluations, True


def estimate_p(
    target_stability: float, *, n_feature: int, n_target: int, n_useful: int,
    m_stability: int, method: str = "grid", grid: Sequence[float] = DEFAULT_P_GRID,
    bounds: tuple[float, float] = (0.0, 1.0), tolerance: float = 0.01, m_ensemble: int = 1,
    measure: str = "jaccard", aggregate: str | EnsembleAlgorithm = "mean_rank",
    random_state: Any = None,
) -> PEstimate:
    """Estimate p from the stability of the real single selector (Onda §2.3.2; App. F.2).

    The simulated stability of ``m_stability`` copies of the selector (m_ensemble = 1 by
    default) is computed for candidate values of p, all with the same random numbers, and the
    candidate closest to ``target_stability`` is returned.

    - ``method="grid"``: every p of ``grid`` (Onda's nine values 0.1, ..., 0.9 by default).
    - ``method="bisection"``: the stability grows with p (§2.3.2; App. F.2 calls it
      "decreasing", contradicting §2.3.2, §3.5 and Fig. 3), so p is bisected inside ``bounds``
      until the bracket is narrower than ``tolerance`` (default 0.01, the finest p step of
      Onda's Figs. 2 and 8): 2 + ⌈log2(width / tolerance)⌉ simulations instead of one per grid
      point. Of the two ends of the final bracket the one closer to the target is returned.

    Monte-Carlo noise: because every candidate p reuses the same uniforms, S_m and pick orders
    (common random numbers), the simulated curve is a deterministic step function of p that is
    monotone up to small wiggles; bisection keeps stability(lo) < target <= stability(hi) on
    evaluated points and so returns a crossing of that curve. Its p is resolved to within
    ``tolerance`` of a crossing; the statistical error of p is the standard error of the
    stability estimate divided by the slope of stability(p), which larger ``m_stability``
    reduces. If the target is outside the stabilities reachable in ``bounds`` (or on the grid),
    the nearest end is returned with ``bracketed=False``.
    """
    target = float(target_stability)
    if not math.isfinite(target):
        raise ValueError(f"target_stability must be finite, got {target_stability!r}")
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    m_stability = check_int(m_stability, "m_stability", 2)
    m_ensemble = check_int(m_ensemble, "m_ensemble", 1)
    measure = check_measure(measure)
    aggregate = _resolve_aggregate(aggregate)
    seed = as_seed(random_state)

    def stability_at(p: float) -> float:
        selections = _simulate_selections(
            n_feature, n_target, n_useful, p, m_ensemble, m_stability, aggregate, seed
        )
        return selection_stability(selections, measure)

    if method == "grid":
        candidates = [check_probability(p, "grid value") for p in grid]
        if not candidates:
            raise ValueError("grid must contain at least one value of p")
        evaluations, bracketed = _grid_search(stability_at, candidates, target)
    elif method == "bisection":
        lo, hi = (check_probability(b, "bounds") for b in bounds)
        if not lo < hi:
            raise ValueError(f"bounds must be (lo, hi) with lo < hi, got {bounds!r}")
        if isinstance(tolerance, bool) or not isinstance(tolerance, Real) or not tolerance > 0:
            raise ValueError(f"tolerance must be a positive number, got {tolerance!r}")
        evaluations, bracketed = _bisection(stability_at, (lo, hi), float(tolerance), target)
    else:
        raise ValueError(f"method must be 'grid' or 'bisection', got {method!r}")
    p, value = _best_evaluated(evaluations, target)
    return PEstimate(
        p=float(p), stability=float(value), target=target, method=method, bracketed=bracketed,
        evaluations=pd.DataFrame(evaluations, columns=["p", "stability"]),
    )


def parameter_grid(
    n_feature: int, n_target: int, n_useful_values: Sequence[int], p_values: Sequence[float],
    m_stability: int, n_runs: int | None = None, measure: str = "jaccard",
    random_state: Any = None,
) -> pd.DataFrame:
    """Simulated single-selector stability and n_useful^v over a (n_useful, p) grid (Onda §3.4,
    Fig. 2, Fig. 8, Fig. 11 top).

    Every grid point uses the same seeds (common random numbers across p). ``n_runs`` (default
    ``m_stability``) is the number of runs behind n_useful^v. Returns a DataFrame with columns
    ``n_useful``, ``p``, ``stability``, ``n_useful_v``; Onda's compatible parameters are the
    rows whose stability is within ±10 % of the real single selector's and whose n_useful^v is
    within ±2 of the n_useful estimated on the real selector.
    """
    m_stability = check_int(m_stability, "m_stability", 2)
    n_runs = m_stability if n_runs is None else check_int(n_runs, "n_runs", 1)
    seed = as_seed(random_state)
    rows = []
    for n_useful in n_useful_values:
        for p in p_values:
            stability = simulated_stability(
                n_feature, n_target, n_useful, p, 1, m_stability, measure,
                random_state=child_seed(seed, 0),
            )
            n_useful_v = verify_n_useful(
                n_feature, n_target, n_useful, p, n_runs, random_state=child_seed(seed, 1)
            )
            rows.append({"n_useful": int(n_useful), "p": float(p), "stability": stability,
                         "n_useful_v": n_useful_v})
    return pd.DataFrame(rows, columns=["n_useful", "p", "stability", "n_useful_v"])


@dataclass(frozen=True)
class ParameterFit:
    """The simulator parameters fitted to a real selector (Onda, Algorithm 1 lines 1-5).

    Attributes
    ----------
    n_feature, n_target
        Problem size.
    n_useful
        The n_useful used by the simulator: given, or estimated (raised to n_target when the
        estimate is smaller, since S_m ⊂ S' needs n_useful >= n_target).
    p
        Given or estimated.
    single_stability
        Stability of the real single selector (the target of the p estimate).
    n_useful_estimate
        :class:`NUsefulEstimate` from the real runs (always computed: it gives t_uniform, the
        counts and the histogram of Fig. 1 right).
    p_estimate
        :class:`PEstimate`, or None when p was given.
    n_useful_v
        A[f_{n_useful, p}] (eq. 1).
    measure
        The stability measure.
    """

    n_feature: int
    n_target: int
    n_useful: int
    p: float
    single_stability: float
    n_useful_estimate: NUsefulEstimate
    p_estimate: PEstimate | None
    n_useful_v: int
    measure: str


def estimate_parameters(
    single_selections: Any, *, measure: str = "jaccard", p_method: str = "grid",
    p_grid: Sequence[float] = DEFAULT_P_GRID, p_bounds: tuple[float, float] = (0.0, 1.0),
    p_tolerance: float = 0.01, n_useful: int | None = None, p: float | None = None,
    random_state: Any = None,
) -> ParameterFit:
    """Fit (n_useful, p) to the subsets selected by m_stability runs of the real selector (Onda,
    Algorithm 1 lines 1-5).

    1-2. t_uniform from as many uniform selectors as runs; n_useful = #features chosen more
         often (:func:`estimate_n_useful`), unless ``n_useful`` is given.
    3-4. the runs' stability (``measure``) and p matching it with the simulated single selector
         of as many copies (:func:`estimate_p`), unless ``p`` is given.
    5.   n_useful^v = A[f_{n_useful, p}] (:func:`verify_n_useful`).
    """
    arr = _as_fixed_size_selections(single_selections, "single_selections")
    if arr.shape[0] < 2:
        raise ValueError("single_selections needs at least two runs to measure stability")
    measure = check_measure(measure)
    n_runs, n_feature = arr.shape
    n_target = int(arr[0].sum())
    seed = as_seed(random_state)
    counted = estimate_n_useful(arr, random_state=child_seed(seed, 0))
    if n_useful is None:
        n_useful = counted.n_useful
        if n_useful < n_target:
            warnings.warn(
                f"the estimated n_useful={n_useful} is below n_target={n_target}; the "
                f"simulator needs S_m ⊂ S', so n_useful={n_target} is used",
                RuntimeWarning, stacklevel=2,
            )
            n_useful = n_target
    n_feature, n_target, n_useful = check_sizes(n_feature, n_target, n_useful)
    single = selection_stability(arr, measure)
    p_estimate = None
    if p is None:
        p_estimate = estimate_p(
            single, n_feature=n_feature, n_target=n_target, n_useful=n_useful,
            m_stability=n_runs, method=p_method, grid=p_grid, bounds=p_bounds,
            tolerance=p_tolerance, measure=measure, random_state=child_seed(seed, 1),
        )
        p = p_estimate.p
    p = check_probability(p)
    n_useful_v = verify_n_useful(
        n_feature, n_target, n_useful, p, n_runs, random_state=child_seed(seed, 2)
    )
    return ParameterFit(
        n_feature=n_feature, n_target=n_target, n_useful=n_useful, p=p,
        single_stability=single, n_useful_estimate=counted, p_estimate=p_estimate,
        n_useful_v=n_useful_v, measure=measure,
    )
