"""Onda et al. (2022)'s experiment on one data set: the real ensemble against the simulated one.

Part of :mod:`fsstab.simulator` (import the public names from there): :func:`compare_ensembles`
runs the protocol of Onda §3 (leave-one-out copies, the real bagged ensemble, the fitted
simulator) and returns an :class:`EnsembleComparison`; :data:`PAPER_SETTINGS` holds the numbers
Onda states per data set.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from fsstab.seeds import as_seed
from fsstab.simulator._common import check_int, check_m_values, child_seed
from fsstab.simulator._draws import uniform_thresholds
from fsstab.simulator._parameters import DEFAULT_P_GRID, ParameterFit, estimate_parameters
from fsstab.simulator._real import (
    OndaForestSelector,
    OndaSplit,
    check_data,
    check_splits,
    onda_splits,
    real_ensemble_curve,
    real_single_selections,
)
from fsstab.simulator._stability import DEFAULT_M_ENSEMBLE, simulated_stability_curve

__all__ = ["PAPER_SETTINGS", "EnsembleComparison", "compare_ensembles", "ensemble_speedups"]


#: Numbers Onda states in the text, per data set (Tables 1, 2, 4; §3.2-3.4, D.3), to compare
#: regenerated results with. ``n_useful`` and ``p`` are the values the paper settled on;
#: ``n_useful_by_n_tree`` is Table 2 (mean, sd over 1000 estimates).
PAPER_SETTINGS: Mapping[str, Mapping[str, Any]] = {
    "colon": {
        "n_samples": 62, "n_feature": 2000, "n_target": 20, "n_useful": 60, "p": 0.7,
        "single_stability": 0.1, "t_uniform": (4.640, 0.636),
        "n_useful_by_n_tree": {50: (45.6, 7.1), 100: (53.0, 8.2), 200: (56.8, 6.0),
                               300: (60.1, 6.1), 400: (56.2, 7.2), 500: (59.1, 6.6)},
        "large_ensemble_stability": 0.2,
    },
    "lymphoma": {
        "n_samples": 96, "n_feature": 4026, "n_target": 40, "n_useful": 150, "p": 0.8,
        "single_stability": 0.1, "t_uniform": (6.029, 0.668),
        "n_useful_by_n_tree": {50: (140.0, 20.3), 100: (140.4, 14.8), 200: (158.3, 15.4),
                               300: (153.2, 14.9), 400: (155.4, 13.9), 500: (154.5, 10.2)},
    },
    "prostate": {
        "n_samples": 102, "n_feature": 5966, "n_target": 60, "n_useful": 200,
        "n_useful_fixed_point": 130, "single_stability": 0.2, "t_uniform": (6.455, 0.703),
        "n_useful_by_n_tree": {50: (210.3, 16.8), 100: (210.8, 15.9), 200: (190.5, 12.1),
                               300: (186.9, 12.7), 400: (179.6, 10.2), 500: (179.0, 10.8)},
        "large_ensemble_stability": {"simulated": 0.17, "real": 0.3, "fixed_point": 0.3},
    },
}


@dataclass(frozen=True)
class EnsembleComparison:
    """Real against simulated ensemble stability on one data set (:func:`compare_ensembles`).

    Attributes
    ----------
    curves
        Tidy DataFrame, one row per (source, p, m_ensemble): ``source`` (``"real"`` or
        ``"simulated"``), ``p`` (NaN for real rows), ``m_ensemble``, ``stability``, ``seconds``
        (computation time of that point), ``accuracy`` (real rows with a predictor, else NaN).
    parameters
        The fitted simulator parameters (:class:`ParameterFit`).
    counts
        DataFrame ``feature``, ``count`` (c_i: single real runs choosing the feature),
        ``uniform_count`` (c'_i of the uniform selectors that gave t_uniform): the histograms
        of Onda Fig. 1 right and Fig. 7.
    thresholds
        DataFrame ``t_uniform``, ``n_useful`` of repeated threshold draws on the same real
        counts (Onda Tables 2 and 4), or None.
    timings
        DataFrame ``stage``, ``seconds``: the real single selectors, the parameter estimation,
        the real ensembles (all m_ensemble), the simulated ensembles at the fitted p.
    splits
        The m_stability :class:`OndaSplit` copies used.
    """

    curves: pd.DataFrame
    parameters: ParameterFit
    counts: pd.DataFrame
    thresholds: pd.DataFrame | None
    timings: pd.DataFrame
    splits: tuple[OndaSplit, ...]

    @property
    def speedup(self) -> float:
        """Real ensemble time / simulated ensemble time over the same m_ensemble values (the
        comparison of Onda §3.6 and Fig. 4; :func:`ensemble_speedups`)."""
        return ensemble_speedups(self.timings)[0]

    @property
    def speedup_total(self) -> float:
        """Real ensemble time / everything the simulator needs: the real single runs, the
        parameter estimation and the simulated ensembles (Onda §2.4;
        :func:`ensemble_speedups`)."""
        return ensemble_speedups(self.timings)[1]


#: The stages of :func:`compare_ensembles` that the simulator needs besides its own ensembles.
_SIMULATOR_STAGES = ("real single selectors", "parameter estimation", "simulated ensembles")


def ensemble_speedups(timings: pd.DataFrame) -> tuple[float, float]:
    """How much faster the simulator is than the real ensembles, from the times of one run.

    Parameters
    ----------
    timings
        DataFrame with columns ``stage`` and ``seconds``, as
        :attr:`EnsembleComparison.timings` (rows of the same stage are added up): ``"real
        single selectors"``, ``"parameter estimation"``, ``"real ensembles"``, ``"simulated
        ensembles"``.

    Returns
    -------
    (speedup, speedup_total)
        Real ensembles / simulated ensembles over the same m_ensemble values (Onda §3.6, Fig.
        4), and real ensembles / everything the simulator needs: the real single runs, the
        parameter estimation and the simulated ensembles (Onda §2.4).

    Examples
    --------
    >>> timings = pd.DataFrame({"stage": ["real single selectors", "parameter estimation",
    ...                                   "real ensembles", "simulated ensembles"],
    ...                         "seconds": [10.0, 1.0, 200.0, 0.5]})
    >>> ensemble_speedups(timings)
    (400.0, 17.391304347826086)
    """
    missing = sorted({"real ensembles", *_SIMULATOR_STAGES} - set(timings["stage"]))
    if missing:
        raise ValueError(f"timings have no stage(s) {missing}")

    def seconds(stage: str) -> float:
        return float(timings.loc[timings["stage"] == stage, "seconds"].sum())

    real = seconds("real ensembles")
    needed = sum(seconds(stage) for stage in _SIMULATOR_STAGES)
    return real / seconds("simulated ensembles"), real / needed


def compare_ensembles(
    X: Any, y: Any, *, n_target: int, base_selector: Any = None,
    m_ensemble: Sequence[int] = DEFAULT_M_ENSEMBLE, m_stability: int | None = None,
    splits: Sequence[OndaSplit] | None = None, measure: str = "jaccard",
    p_method: str = "grid", p_grid: Sequence[float] = DEFAULT_P_GRID,
    p_bounds: tuple[float, float] = (0.0, 1.0), p_tolerance: float = 0.01,
    n_useful: int | None = None, p: float | None = None, bootstrap_single: bool = False,
    curve_p_values: Sequence[float] = (), predictor: Any = None,
    n_threshold_repeats: int = 1000, real_copies: int | None = None, random_state: Any = None,
) -> EnsembleComparison:
    """Run Onda's experiment on one data set: the real ensemble against the simulated one.

    1. m_stability copies (:func:`onda_splits`; default one per sample, leave-one-out).
    2. One run of the base selector per copy, on the copy's selection rows (or, with
       ``bootstrap_single=True``, on a bootstrap sample of them), and its top n_target features
       (:func:`real_single_selections`).
    3. n_useful, p and n_useful^v fitted to those runs (:func:`estimate_parameters`), unless
       given; ``n_threshold_repeats`` further t_uniform draws give Tables 2/4-style spreads.
    4. The real bagged mean-rank ensemble for every m_ensemble (:func:`real_ensemble_curve`).
    5. The simulated ensemble for every m_ensemble at the fitted p and at ``curve_p_values``
       (:func:`simulated_stability_curve`), with m_stability copies (the real ensembles use as
       many unless ``real_copies`` is given).

    Parameters
    ----------
    X, y
        Data (samples x features) and class labels (two or more classes).
    n_target
        Features selected by every selector (Onda §3.2: 20 for Colon).
    base_selector
        A ranking fsstab selector (``ranking_``); ``None`` is ``OndaForestSelector()``
        (500 trees, mtry = √d).
    m_ensemble
        The m_ensemble values of the curves.
    m_stability, splits
        Number of copies, or the copies themselves (then ``m_stability`` is ignored).
    measure
        Stability measure (Z-only measures of :mod:`fsstab.measures`; Onda: ``"jaccard"``).
    p_method, p_grid, p_bounds, p_tolerance
        See :func:`estimate_p`.
    n_useful, p
        Fix a parameter instead of estimating it (e.g. Onda's n_useful = 130 for Prostate).
    bootstrap_single
        Fit the simulator to the base selector on the selection rows (default, Onda §3.4) or to
        weak selectors on bootstrap samples of them (see :func:`real_single_selections`).
    curve_p_values
        Further p values for the simulated curves (Onda Fig. 3 left plots p = 0.1 ... 0.9).
    predictor
        Classifier for the accuracy of the real ensembles, or None to skip it.
    n_threshold_repeats
        t_uniform draws for :attr:`EnsembleComparison.thresholds` (Onda: 1000; 0 skips).
    real_copies
        Run the real ensembles on a seeded random subset of this many of the copies (a
        measured fraction of a run too long for the machine: the real ensembles cost
        real_copies x max(m_ensemble) base-selector runs), or on all of them (None). The
        single selectors, the fit and the simulated ensembles always use every copy.
    random_state
        int, RandomState or None.
    """
    X, codes = check_data(X, y)
    seed = as_seed(random_state)
    n_threshold_repeats = check_int(n_threshold_repeats, "n_threshold_repeats", 0)
    m_values = check_m_values(m_ensemble)
    if splits is None:
        splits = onda_splits(codes, m_stability, random_state=child_seed(seed, 0))
    splits = check_splits(splits, X.shape[0])
    base = OndaForestSelector() if base_selector is None else base_selector

    single, single_seconds = real_single_selections(
        X, codes, splits, base, n_target, bootstrap_single, random_state=child_seed(seed, 1)
    )
    start = time.perf_counter()
    fit = estimate_parameters(
        single, measure=measure, p_method=p_method, p_grid=p_grid, p_bounds=p_bounds,
        p_tolerance=p_tolerance, n_useful=n_useful, p=p, random_state=child_seed(seed, 2),
    )
    estimation_seconds = time.perf_counter() - start

    thresholds = None
    if n_threshold_repeats:
        t = uniform_thresholds(
            fit.n_feature, fit.n_target, len(splits), n_threshold_repeats,
            random_state=child_seed(seed, 3),
        )
        counts = fit.n_useful_estimate.counts
        thresholds = pd.DataFrame(
            {"t_uniform": t, "n_useful": (counts[None, :] > t[:, None]).sum(axis=1)}
        )

    real_splits = splits
    if real_copies is not None:
        real_copies = check_int(real_copies, "real_copies", 2, len(splits))
        chosen = np.random.default_rng(child_seed(seed, 6)).choice(
            len(splits), real_copies, replace=False)
        real_splits = tuple(splits[i] for i in np.sort(chosen))
    real = real_ensemble_curve(
        X, codes, real_splits, base, m_values, n_target, measure, predictor,
        random_state=child_seed(seed, 4),
    )
    p_values = list(dict.fromkeys([fit.p, *(float(v) for v in curve_p_values)]))
    simulated = simulated_stability_curve(
        fit.n_feature, fit.n_target, fit.n_useful, p_values, m_values, len(splits), measure,
        random_state=child_seed(seed, 5),
    )
    curves = pd.concat(
        [real.assign(source="real", p=math.nan),
         simulated.assign(source="simulated", accuracy=math.nan)],
        ignore_index=True,
    )[["source", "p", "m_ensemble", "stability", "seconds", "accuracy"]]
    estimated = simulated["p"] == fit.p
    timings = pd.DataFrame({
        "stage": ["real single selectors", "parameter estimation", "real ensembles",
                  "simulated ensembles"],
        "seconds": [single_seconds, estimation_seconds, float(real["seconds"].sum()),
                    float(simulated.loc[estimated, "seconds"].sum())],
    })
    counted = fit.n_useful_estimate
    counts_frame = pd.DataFrame({
        "feature": np.arange(fit.n_feature), "count": counted.counts,
        "uniform_count": counted.uniform_counts,
    })
    return EnsembleComparison(
        curves=curves, parameters=fit, counts=counts_frame, thresholds=thresholds,
        timings=timings, splits=splits,
    )
