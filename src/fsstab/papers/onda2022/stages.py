"""What the rules of Onda et al. (2022) compute besides the experiments themselves
(:mod:`~fsstab.papers.onda2022.experiment`), as tables from in-memory inputs (the scripts of
``scripts/paper_onda2022/`` read the files, call these and write the results):

===================================  =========================================================
paper                                function
===================================  =========================================================
which experiments, figures run       :func:`run_plan`
Figs. 2, 8 (the (n_useful, p) map)   :func:`parameter_map`, :func:`compatible_pairs`
Fig. 11 (the fixed point)            :func:`fixed_point`, :func:`fixed_point_summary`
Fig. 14 (mtry and n_tree)            :func:`mtry_parameters`
Table 1 (data sets)                  :func:`table1`
Table 2 (n_useful per n_tree)        :func:`table2`
Table 4 (t_uniform)                  :func:`table4`
§3.6 (speed-ups, times only)         :func:`speedup_table`
all tables of the rule ``tables``    :func:`paper_tables`
===================================  =========================================================

The figures are drawn by :mod:`~fsstab.papers.onda2022.figures`. Computation times are not
reproducible: they are in :attr:`Experiment.timings` and the files and figures named
``*timing*`` only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset
from fsstab.papers.onda2022.comparison import comparison_rows
from fsstab.papers.onda2022.experiment import EQUAL_COPIES_STAGE, Experiment
from fsstab.papers.onda2022.settings import RunPlan, run_plan
from fsstab.papers.outputs import comparison_frame
from fsstab.seeds import derive_seed
from fsstab.simulator import (
    algorithm3_rankings,
    ensemble_speedups,
    estimate_p,
    limit_stability,
    mean_rank_aggregate,
    parameter_grid,
    selection_stability,
    simulate_ensemble_selections,
    simulated_stability_curve,
    verify_n_useful,
)

__all__ = [
    "RunPlan",
    "compatible_pairs",
    "effective_number",
    "fixed_point",
    "fixed_point_summary",
    "mtry_parameters",
    "n_useful_for",
    "paper_tables",
    "parameter_map",
    "preference_weighted_stability",
    "run_plan",
    "simulator_diagnostics",
    "speedup_table",
    "stability_curves",
    "table1",
    "table2",
    "table4",
]


# --------------------------------------------------------------------------------------------
# what a run computes
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# parameter maps (Figs. 2, 8, 11) and the fixed point (Fig. 11)
# --------------------------------------------------------------------------------------------


def _range(first: float, last: float, step: float) -> np.ndarray:
    """first, first + step, ..., last (inclusive up to rounding)."""
    count = math.floor((last - first) / step + 1e-9) + 1
    return np.round(first + step * np.arange(count), 10)


def parameter_map(
    parameters: Mapping[str, Any], n_useful_range: Sequence[int], p_range: Sequence[float],
    random_state: int,
) -> pd.DataFrame:
    """Simulated single-selector stability and n_useful^v over the (n_useful, p) grid
    (:func:`fsstab.simulator.parameter_grid`) of one data set's reference experiment."""
    return parameter_grid(
        parameters["n_feature"], parameters["n_target"],
        [int(v) for v in _range(*n_useful_range)], list(_range(*p_range)),
        m_stability=parameters["m_stability"], random_state=random_state,
    )


def compatible_pairs(
    grid: pd.DataFrame, target_stability: float, n_useful: int, stability_tolerance: float,
    n_useful_v_tolerance: int,
) -> pd.DataFrame:
    """Onda Fig. 2 right: ``stability_ok`` (within ± tolerance · target of the real single
    selector's stability: "0.1 ± 0.01"), ``n_useful_v_ok`` (n_useful^v within ± tolerance of
    the estimated n_useful: "60 ± 2") and ``both``."""
    out = grid.copy()
    out["stability_ok"] = (out["stability"] - target_stability).abs() <= \
        stability_tolerance * target_stability
    out["n_useful_v_ok"] = (out["n_useful_v"] - n_useful).abs() <= n_useful_v_tolerance
    out["both"] = out["stability_ok"] & out["n_useful_v_ok"]
    return out


def fixed_point(
    parameters: Mapping[str, Any], n_useful: int, m_ensemble: Sequence[int],
    p_grid: Sequence[float], curve_p: Sequence[float], random_state: int,
) -> tuple[dict[str, Any], pd.DataFrame]:
    """Onda D.3.2, Fig. 11: p re-estimated with n_useful fixed (Prostate: 130, the value that
    satisfies eq. 1) and the simulated ensemble stability with that n_useful. Returns the
    estimate and the curves (``p``, ``m_ensemble``, ``stability``; no times)."""
    estimate = estimate_p(
        parameters["single_stability"], n_feature=parameters["n_feature"],
        n_target=parameters["n_target"], n_useful=n_useful,
        m_stability=parameters["m_stability"], grid=tuple(p_grid), random_state=random_state,
    )
    p_values = list(dict.fromkeys([estimate.p, *curve_p]))
    curves = simulated_stability_curve(
        parameters["n_feature"], parameters["n_target"], n_useful, p_values, tuple(m_ensemble),
        parameters["m_stability"], random_state=random_state,
    ).drop(columns="seconds")
    return {"n_useful": int(n_useful), "p": estimate.p, "stability": estimate.stability,
            "target": estimate.target}, curves


def fixed_point_summary(
    reference: Mapping[str, Any], settings: Mapping[str, Any], dataset: str, seed: int
) -> tuple[dict[str, Any], pd.DataFrame]:
    """:func:`fixed_point` with the settings of ``dataset``, plus the stability of the largest
    simulated ensemble at the re-estimated p."""
    n_useful = settings["datasets"][dataset]["fixed_point_n_useful"]
    summary, curves = fixed_point(reference, n_useful, settings["m_ensemble"],
                                  settings["p_grid"], settings["curve_p"], seed)
    fitted = curves[np.isclose(curves["p"], summary["p"])].sort_values("m_ensemble")
    summary["large_ensemble_stability"] = float(fitted["stability"].iloc[-1])
    summary["m_ensemble"] = int(fitted["m_ensemble"].iloc[-1])
    # eq. (1) at the fixed point: A[f_{n_useful, p}] with as many runs as the real selector
    summary["n_useful_v"] = verify_n_useful(
        reference["n_feature"], reference["n_target"], n_useful, summary["p"],
        reference["m_stability"], random_state=seed)
    return summary, curves


def mtry_parameters(experiments: Mapping[tuple[str, int], Experiment]) -> pd.DataFrame:
    """Fig. 14's data: ``mtry``, ``n_tree``, ``n_useful``, ``p`` of every experiment."""
    return pd.DataFrame([{"mtry": mtry, "n_tree": n_tree, "n_useful": e.parameters["n_useful"],
                          "p": e.parameters["p"]}
                         for (mtry, n_tree), e in sorted(experiments.items())])



# --------------------------------------------------------------------------------------------
# tables
# --------------------------------------------------------------------------------------------


def table1(datasets: Mapping[str, Mapping[str, Any]]) -> pd.DataFrame:
    """Table 1 of the data that were run: ``name -> {"n_samples", "n_features", "n_classes",
    "discrete"}``."""
    rows = []
    for name, info in datasets.items():
        classes = info["n_classes"]
        rows.append({"name": name,
                     "feature_type": "Discrete" if info["discrete"] else "Continuous",
                     "label_type": "Binary" if classes == 2 else f"Multi-class ({classes})",
                     "dim": int(info["n_features"]), "sample_size": int(info["n_samples"])})
    return pd.DataFrame(rows)


def table2(experiments: Mapping[tuple[str, int], Experiment]) -> pd.DataFrame:
    """Table 2: n_useful (mean, sd over the repeated t_uniform draws) per (data set, n_tree)."""
    rows = []
    for (dataset, n_tree), exp in sorted(experiments.items()):
        values = exp.thresholds["n_useful"].to_numpy(dtype=float)
        rows.append({"dataset": dataset, "n_tree": n_tree, "n_useful_mean": values.mean(),
                     "n_useful_sd": values.std(ddof=1), "n_useful_single": exp.parameters[
                         "n_useful"], "draws": values.size})
    return pd.DataFrame(rows)


def table4(experiments: Mapping[str, Experiment]) -> pd.DataFrame:
    """Table 4: t_uniform (mean, sd over the repeated draws) per data set."""
    rows = []
    for dataset, exp in experiments.items():
        values = exp.thresholds["t_uniform"].to_numpy(dtype=float)
        rows.append({"dataset": dataset, "t_uniform_mean": values.mean(),
                     "t_uniform_sd": values.std(ddof=1), "draws": values.size,
                     "runs": exp.parameters["m_stability"]})
    return pd.DataFrame(rows)


def speedup_table(experiments: Mapping[tuple[str, str, int], Experiment]) -> pd.DataFrame:
    """Computation times of every experiment and the speed-ups measured in that one run:
    real ensembles / simulated ensembles at the fitted p over the same m_ensemble values
    (Onda §3.6; ``speedup``: the simulated on all ``m_stability`` copies, the real on
    ``m_stability_real``), the same at equal work (``speedup_equal_copies``: the simulated
    timed on as many copies as the real ones, :data:`~fsstab.papers.onda2022.experiment.
    EQUAL_COPIES_STAGE`), and real ensembles / everything the simulator needs (§2.4)."""
    rows = []
    for (dataset, mtry, n_tree), exp in sorted(experiments.items(), key=lambda kv: str(kv[0])):
        stages = exp.timings[exp.timings["kind"] == "stage"]
        seconds = stages.set_index("stage")["seconds"]
        main = stages[stages["stage"] != EQUAL_COPIES_STAGE]
        speedup, speedup_total = ensemble_speedups(main)
        equal = seconds.get(EQUAL_COPIES_STAGE, math.nan)
        fit = exp.parameters
        rows.append({"dataset": dataset, "mtry": str(mtry), "n_tree": n_tree,
                     "m_stability": int(fit["m_stability"]),
                     "m_stability_real": int(fit.get("m_stability_real", fit["m_stability"])),
                     **{f"seconds_{k.replace(' ', '_')}": float(v) for k, v in seconds.items()},
                     "speedup": speedup,
                     "speedup_equal_copies": float(seconds["real ensembles"] / equal),
                     "speedup_total": speedup_total})
    return pd.DataFrame(rows)


def stability_curves(experiments: Mapping[tuple[str, str, int], Experiment]) -> pd.DataFrame:
    """The stability curves of every experiment in one tidy table (Figs. 3, 9, 10, 15):
    ``dataset``, ``mtry``, ``n_tree``, ``m_stability`` (M), ``n_target`` (k), ``n_useful``,
    ``source`` (real/simulated), ``p`` (simulated rows), ``m_ensemble``, ``stability``,
    ``accuracy`` (real rows). No times: reproducible to the byte."""
    frames = []
    for (dataset, mtry, n_tree), exp in sorted(experiments.items(), key=lambda kv: str(kv[0])):
        fit = exp.parameters
        frames.append(exp.curves[["source", "p", "m_ensemble", "stability", "accuracy"]].assign(
            dataset=dataset, mtry=str(mtry), n_tree=int(n_tree), m_stability=fit["m_stability"],
            n_target=fit["n_target"], n_useful=fit["n_useful"]))
    columns = ["dataset", "mtry", "n_tree", "m_stability", "n_target", "n_useful", "source", "p",
               "m_ensemble", "stability", "accuracy"]
    if not frames:
        return pd.DataFrame(columns=columns)
    return pd.concat(frames, ignore_index=True)[columns]


def effective_number(counts: np.ndarray) -> float:
    """How many features the selections are spread over: (Σ c_i)² / Σ c_i² of the selection
    counts c_i (the inverse Simpson index; k when M selectors pick the same k features, M·k
    when they never overlap)."""
    counts = np.asarray(counts, dtype=np.float64)
    return float(counts.sum() ** 2 / np.square(counts).sum())


def _top_share(counts: np.ndarray, k: int) -> float:
    """Fraction of all selections that fall on the k most often selected features."""
    counts = np.sort(np.asarray(counts, dtype=np.float64))[::-1]
    return float(counts[:k].sum() / counts.sum())


def n_useful_for(stability: float, n_target: int, n_feature: int) -> int:
    """The smallest n_useful whose large-ensemble limit (:func:`fsstab.simulator.limit_stability`)
    is at most ``stability``: the n_useful the simulator would need to reach it (n_target when
    even n_useful = n_target, every simulated ensemble the same set, stays below)."""
    for n_useful in range(n_target, n_feature + 1):
        if limit_stability(n_useful, n_target) <= stability:
            return n_useful
    return n_feature


def preference_weighted_stability(
    counts: np.ndarray, t_uniform: float, n_target: int, p: float, m_ensemble: int,
    m_stability: int, random_state: int,
) -> float:
    """A diagnostic, not the paper's simulator: the stability of m_stability simulated
    ensembles of m_ensemble weak selectors (Algorithms 2-3 at p, mean rank) whose preferred sets
    S_m are drawn from the useful features S' of §2.3.1 (those the real single selectors chose
    more often than t_uniform) *in proportion to how often the real single selectors chose
    them*, instead of uniformly (§2.2.3). Nothing is fitted to the ensembles: p, S' and the
    weights are what the paper's estimation already has. The gap to the uniform simulator
    measures what its equal-preference assumption costs."""
    counts = np.asarray(counts, dtype=np.float64)
    n_feature = counts.size
    useful = np.flatnonzero(counts > t_uniform)
    if useful.size < n_target:   # as the simulator: at least n_target useful features
        useful = np.argsort(-counts, kind="stable")[:n_target]
    weights = counts[useful] / counts[useful].sum()
    rng = np.random.default_rng(random_state)
    selections = np.zeros((m_stability, n_feature), dtype=bool)
    for copy in range(m_stability):
        subsets = np.stack([rng.choice(useful, n_target, replace=False, p=weights)
                            for _ in range(m_ensemble)])
        ranks = algorithm3_rankings(subsets, n_feature, p, random_state=rng.integers(2**32))
        selections[copy] = mean_rank_aggregate(ranks[None], n_target)[0]
    return selection_stability(selections, "jaccard")


def simulator_diagnostics(references: Mapping[str, Experiment], random_state: int
                          ) -> pd.DataFrame:
    """Why the simulated ensembles' stability differs from the real ones', per data set at its
    reference n_tree (docs/paper-onda2022.md, "Why the simulator underestimates"):

    - ``single_stability`` (the real selector on a copy's selection rows, the target of p),
      ``real_m1`` (one weak selector: the same on a bootstrap sample, as in the real
      ensembles), ``simulated_m1`` (the simulated single selector at the fitted p);
    - ``real_large``, ``simulated_large`` (fitted p) and ``simulated_large_best_p`` (the
      largest over every simulated p) at the largest m_ensemble, and ``limit``
      (:func:`fsstab.simulator.limit_stability`: where every simulated curve ends, whatever
      p); ``n_useful_for_real``: the n_useful whose limit is the real large-ensemble value;
      ``weighted_m1``, ``weighted_large``: the simulator with S_m drawn in proportion to the
      real selection counts (:func:`preference_weighted_stability`, a diagnostic);
    - how concentrated the M single selections are: ``effective_features`` (inverse Simpson
      index of the selection counts, :func:`effective_number`), ``top_k_share`` (share of the
      selections on the k most selected features) and ``top_frequency`` (how many of the M
      copies select the most selected feature), for the real selector and for M simulated
      single selectors at the fitted (n_useful, p) (``*_simulated``, seeded by
      ``random_state``).
    """
    rows = []
    for dataset, exp in references.items():
        fit = exp.parameters
        k, M, n_feature = int(fit["n_target"]), int(fit["m_stability"]), int(fit["n_feature"])
        curves = exp.curves
        real = curves[curves["source"] == "real"].sort_values("m_ensemble")
        simulated = curves[curves["source"] == "simulated"]
        fitted = simulated[np.isclose(simulated["p"], fit["p"])].sort_values("m_ensemble")
        m_max = int(real["m_ensemble"].max())
        at_max = simulated[simulated["m_ensemble"] == m_max]
        real_counts = exp.counts["count"].to_numpy()
        selections = simulate_ensemble_selections(
            n_feature, k, int(fit["n_useful"]), float(fit["p"]), 1, M,
            random_state=derive_seed(random_state, dataset))
        sim_counts = selections.sum(axis=0)
        real_large = float(real["stability"].iloc[-1])
        seed = derive_seed(random_state, dataset, "preference weighted")
        weighted = {m: preference_weighted_stability(
            real_counts, float(fit["t_uniform"]), k, float(fit["p"]), m, M, seed)
            for m in (1, m_max)}
        rows.append({
            "dataset": dataset, "n_tree": int(fit["n_tree"]), "M": M, "k": k,
            "n_feature": n_feature, "n_useful": int(fit["n_useful"]), "p": float(fit["p"]),
            "single_stability": float(fit["single_stability"]),
            "real_m1": float(real["stability"].iloc[0]),
            "simulated_m1": float(fitted["stability"].iloc[0]),
            "m_large": m_max, "real_large": real_large,
            "simulated_large": float(fitted["stability"].iloc[-1]),
            "simulated_large_best_p": float(at_max["stability"].max()),
            "limit": limit_stability(int(fit["n_useful"]), k),
            "weighted_m1": weighted[1], "weighted_large": weighted[m_max],
            "n_useful_for_real": n_useful_for(real_large, k, n_feature),
            "effective_features_real": effective_number(real_counts),
            "effective_features_simulated": effective_number(sim_counts),
            "top_k_share_real": _top_share(real_counts, k),
            "top_k_share_simulated": _top_share(sim_counts, k),
            "top_frequency_real": int(real_counts.max()),
            "top_frequency_simulated": int(sim_counts.max()),
        })
    return pd.DataFrame(rows)


def paper_tables(
    experiments: Mapping[tuple[str, str, int], Experiment], datasets: Mapping[str, Dataset],
    fixed: Mapping[str, Mapping[str, Any]], settings: Mapping[str, Any],
    configured: Sequence[str], random_state: int = 0,
) -> dict[str, pd.DataFrame]:
    """Every table of the paper rules but the timings (:func:`speedup_table`, rule
    ``onda2022_timings``): ``table1``, ``table2``, ``table4``, ``parameters`` (the fitted
    simulator of every experiment), ``comparison``, ``curves`` (:func:`stability_curves`) and
    ``diagnostics`` (:func:`simulator_diagnostics`, seeded by ``random_state``)."""
    info = {name: {"n_samples": ds.n_samples, "n_features": ds.n_features,
                   "n_classes": ds.n_classes, "discrete": np.unique(ds.X).size <= 10}
            for name, ds in datasets.items()}
    forests = {(d, t): e for (d, m, t), e in experiments.items() if m == "sqrt"}
    references = {d: forests[(d, settings["datasets"][d]["reference_n_tree"])]
                  for d in datasets}
    tab1, tab2, tab4 = table1(info), table2(forests), table4(references)
    parameters = pd.DataFrame([
        {"dataset": d, "mtry": m, **{k: v for k, v in e.parameters.items()
                                     if k != "p_grid_evaluations" and k != "mtry"}}
        for (d, m, _), e in sorted(experiments.items(), key=lambda kv: str(kv[0]))
    ])
    notes = {d: settings["datasets"][d].get("note", "") for d in datasets}
    comparison = comparison_frame(comparison_rows(
        configured, tab1, tab2, tab4, references, fixed, notes))
    return {"table1": tab1, "table2": tab2, "table4": tab4, "parameters": parameters,
            "comparison": comparison,
            "curves": stability_curves(experiments),
            "diagnostics": simulator_diagnostics(references, random_state)}
