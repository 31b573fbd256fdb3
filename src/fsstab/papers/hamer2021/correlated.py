"""Stability in the presence of correlated feature groups: Hamer & Dupont (2021), §5.3,
Table 1, Figs. 7-8.

For one scenario of Table 1 and one generative seed, data sets with ``N = 5`` groups of ``c``
correlated features (plus ``l`` independent ones; :func:`fsstab.synthetic.correlated_groups`)
are drawn for every group size ``c`` of a grid. The group LASSO (scenarios 1, 2; one group per
correlated group, every other feature its own group) or the LASSO (scenario 3) selects
features on ``M`` bootstrap resamples. Its regularisation is calibrated **once**, at ``c = 1``,
for about ``target_k`` (40) selected features on average (:func:`fsstab.selectors.calibrate_C`)
and kept for every other ``c``: the paper's design, in which a group's cumulative importance
stays about constant while its size grows. For each ``c``: φ (eq. 1), φ_C (Sechidis et al.
2019, with ``C`` the same-group indicator, :func:`fsstab.similarity.group_similarity`),
φ_pears (eq. 4) and φ_iw (eq. 6).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import scipy.sparse as sp

from fsstab.datasets import Dataset
from fsstab.resampling import Resamples, make_resamples
from fsstab.seeds import derive_seed
from fsstab.selectors import GroupLassoSelector, LassoSelector, calibrate_C
from fsstab.similarity import group_similarity
from fsstab.sklearn import cross_validate_stability
from fsstab.synthetic import HAMER_SCENARIOS, correlated_groups

__all__ = [
    "CORRELATED_MEASURES",
    "correlated_groups_stability",
    "group_selector",
    "scenario_data",
    "summarise_correlated_groups",
]

#: φ, φ_C, φ_pears, φ_iw: the measures of Fig. 8.
CORRELATED_MEASURES: tuple[str, ...] = ("nogueira", "sechidis", "pearson", "importance_weighted")


def group_selector(scenario: int, feature_groups: np.ndarray) -> GroupLassoSelector | LassoSelector:
    """Table 1's method: the group LASSO over the data's feature groups (scenarios 1 and 2: a
    correlated group is selected as a whole or not at all), the LASSO (scenario 3)."""
    if scenario not in HAMER_SCENARIOS:
        raise ValueError(f"scenario must be one of {sorted(HAMER_SCENARIOS)}, got {scenario!r}")
    if scenario == 3:
        return LassoSelector()
    return GroupLassoSelector(groups=np.asarray(feature_groups))


def scenario_data(
    scenario: int, group_size: int, generative_seed: int, *, n_runs: int, n_other: int,
    random_state: int,
) -> tuple[Dataset, Resamples]:
    """The data set of (scenario, c, generative seed) and its ``n_runs`` bootstrap resamples.

    Both derive from ``random_state`` and (scenario, generative seed, c) only, so every job
    draws the same data: the generic source ``synthetic:correlated_groups``
    (:func:`fsstab.synthetic.correlated_groups`) with a seed per (scenario, seed, c), resampled
    with :func:`fsstab.resampling.make_resamples` (bootstrap, not stratified: the classes are
    balanced by design, 100 + 100).
    """
    data_seed = derive_seed(random_state, "correlated_groups", scenario, generative_seed,
                            group_size)
    ds = correlated_groups(scenario=scenario, group_size=group_size, n_other=n_other,
                           random_state=data_seed)
    resamples = make_resamples(ds.y, "bootstrap", n_runs,
                               random_state=derive_seed(data_seed, "resampling"), stratify=False)
    return ds, resamples


def correlated_groups_stability(
    scenario: int,
    generative_seed: int,
    group_sizes: Sequence[int],
    *,
    n_runs: int = 30,
    target_k: int = 40,
    n_other: int = 1000,
    random_state: int = 0,
) -> tuple[pd.DataFrame, dict[int, sp.csr_array]]:
    """One (scenario, generative seed) of §5.3 over the group sizes ``c``.

    The penalty is calibrated on the ``c = 1`` data set (its ``n_runs`` bootstrap training
    sets, :func:`fsstab.selectors.calibrate_C`) for ``target_k`` features on average, then used
    unchanged for every ``c``; for each ``c`` the selector runs on the training sets of its
    resamples and the measures are computed from its selections and importances
    (:func:`fsstab.sklearn.cross_validate_stability`).

    Returns
    -------
    table
        One row per ``c``: ``scenario``, ``seed``, ``group_size``, ``C`` (the calibrated
        inverse penalty), ``mean_n_selected``, and φ (``nogueira``), φ_C (``sechidis``),
        φ_pears (``pearson``), φ_iw (``importance_weighted``).
    importances
        ``c`` → the ``n_runs x d`` importance matrix (for the maps of Fig. 7).
    """
    sizes = [int(c) for c in group_sizes]
    if not sizes or min(sizes) < 1:
        raise ValueError(f"group_sizes must be positive integers, got {list(group_sizes)!r}")
    data = {"n_runs": n_runs, "n_other": n_other, "random_state": random_state}
    # the paper's design, which the generic stages (one calibration per dataset) do not have:
    # λ calibrated once, at c = 1, so that a group's cumulative importance stays about
    # constant while its size grows
    reference, resamples = scenario_data(scenario, 1, generative_seed, **data)
    calibration = calibrate_C(group_selector(scenario, reference.feature_groups), reference.X,
                              reference.y, resamples.train, target_k)
    rows, importances = [], {}
    for c in sizes:
        ds, resamples = scenario_data(scenario, c, generative_seed, **data)
        result = cross_validate_stability(
            group_selector(scenario, ds.feature_groups).set_params(C=calibration.C),
            ds.X, ds.y, cv=list(resamples), measures=CORRELATED_MEASURES,
            # C of φ_C: 1 iff two features belong to the same correlated group (§5.3)
            similarity=group_similarity(ds.feature_groups), threshold=1.0,
        )
        rows.append({
            "scenario": scenario,
            "seed": generative_seed,
            "group_size": c,
            "C": float(calibration.C),
            "mean_n_selected": float(result.selection.to_numpy().sum(axis=1).mean()),
            **result.stability,
        })
        importances[c] = sp.csr_array(result.importance.to_numpy())
    return pd.DataFrame(rows), importances


def summarise_correlated_groups(table: pd.DataFrame) -> pd.DataFrame:
    """Mean, standard deviation and standard error over the generative seeds of every measure
    per (scenario, c): the points and error bars of Fig. 8.

    Columns: ``scenario``, ``group_size``, ``measure``, ``mean``, ``sd``, ``se``, ``n_seeds``,
    ``mean_n_selected``.
    """
    long = table.melt(id_vars=["scenario", "seed", "group_size", "mean_n_selected"],
                      value_vars=list(CORRELATED_MEASURES), var_name="measure")
    grouped = long.groupby(["scenario", "group_size", "measure"], sort=True)
    summary = grouped["value"].agg(mean="mean", sd="std", n_seeds="count").reset_index()
    summary["se"] = summary["sd"] / np.sqrt(summary["n_seeds"])
    sizes = grouped["mean_n_selected"].mean().reset_index(drop=True)
    summary["mean_n_selected"] = sizes.to_numpy()
    order = {m: i for i, m in enumerate(CORRELATED_MEASURES)}
    summary = summary.sort_values(["scenario", "measure", "group_size"],
                                  key=lambda s: s.map(order) if s.name == "measure" else s)
    return summary[["scenario", "group_size", "measure", "mean", "sd", "se", "n_seeds",
                    "mean_n_selected"]].reset_index(drop=True)
