"""``comparison.csv`` of Onda et al. (2022): every number the paper states (its
:mod:`~fsstab.papers.onda2022.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.onda2022.experiment import Experiment
from fsstab.papers.onda2022.reference import PAPER_TABLE1, PAPER_VALUES
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd, format_number

__all__ = ["comparison_rows"]


def comparison_rows(
    configured: Sequence[str],
    tab1: pd.DataFrame,
    tab2: pd.DataFrame,
    tab4: pd.DataFrame,
    references: Mapping[str, Experiment],
    fixed: Mapping[str, Mapping[str, Any]],
    speedups: pd.DataFrame,
    notes: Mapping[str, str],
) -> list[dict[str, str]]:
    """Every number Onda et al. state next to ours. ``references``: each run data set's
    experiment at its reference n_tree; ``fixed``: Fig. 11's fixed-point estimates;
    ``notes``: data set -> note on the data version."""
    rows = []
    for name in configured:
        paper = PAPER_VALUES.get(name, {})
        run = name in references
        note = notes.get(name, "") if run else NOT_RUN_NOTE
        ours1 = tab1.set_index("name").loc[name] if run else None
        if name in PAPER_TABLE1:
            kind, label, dim, size = PAPER_TABLE1[name]
            for item, printed, column in (("table1: feature type", kind, "feature_type"),
                                          ("table1: label type", label, "label_type"),
                                          ("table1: dimension", str(dim), "dim"),
                                          ("table1: sample size", str(size), "sample_size")):
                rows.append({"item": item, "dataset": name, "paper_value": printed,
                             "our_value": str(ours1[column]) if run else "", "note": note})
        for n_tree, (mean, sd) in paper.get("n_useful_by_n_tree", {}).items():
            ours = tab2[(tab2["dataset"] == name) & (tab2["n_tree"] == n_tree)]
            rows.append({"item": "table2: n_useful (mean ± sd of 1000 estimates)",
                         "dataset": name, "setting": f"n_tree = {n_tree}",
                         "paper_value": format_mean_sd(mean, sd, 1),
                         "our_value": format_mean_sd(ours["n_useful_mean"].iloc[0],
                                                     ours["n_useful_sd"].iloc[0], 1)
                         if len(ours) else "",
                         "note": note if run else NOT_RUN_NOTE})
        if "t_uniform" in paper:
            ours = tab4[tab4["dataset"] == name]
            rows.append({"item": "table4: t_uniform (mean ± sd of 1000 draws)", "dataset": name,
                         "paper_value": format_mean_sd(*paper["t_uniform"], 3),
                         "our_value": format_mean_sd(ours["t_uniform_mean"].iloc[0],
                                                     ours["t_uniform_sd"].iloc[0], 3)
                         if len(ours) else "", "note": note})
        if not run:
            continue
        fit = references[name].parameters
        setting = f"n_tree = {fit['n_tree']}"
        for item, key, printed, digits in (
            ("§3.4/D.3: stability of the single real selector", "single_stability",
             paper.get("single_stability"), 3),
            ("§3.3.2: n_useful used by the simulator", "n_useful", paper.get("n_useful"), 0),
            ("§3.4/D.3.1: p estimated on the grid 0.1..0.9", "p", paper.get("p"), 2),
            ("App. F.2: p by bisection", "p_bisection", paper.get("p"), 2),
            ("§3.4: n_useful^v (eq. 1 holds when equal to n_useful)", "n_useful_v",
             paper.get("n_useful"), 0),
        ):
            rows.append({"item": item, "dataset": name, "setting": setting,
                         "paper_value": "" if printed is None else f"{printed:g}",
                         "our_value": format_number(fit[key], digits), "note": note})
        curves = references[name].curves
        real = curves[curves["source"] == "real"].sort_values("m_ensemble")
        simulated = curves[(curves["source"] == "simulated") & np.isclose(curves["p"], fit["p"])]
        simulated = simulated.sort_values("m_ensemble")
        large = paper.get("large_ensemble_stability")
        sim_paper = large.get("simulated") if isinstance(large, Mapping) else large
        real_paper = large.get("real") if isinstance(large, Mapping) else None
        m_max = int(real["m_ensemble"].max())
        rows.append({"item": "§3.5/D.3.2: stability of a large simulated ensemble",
                     "dataset": name, "setting": f"{setting}, m_ensemble = {m_max}",
                     "paper_value": "" if sim_paper is None else f"{sim_paper:g}",
                     "our_value": format_number(simulated["stability"].iloc[-1], 3),
                     "note": note})
        rows.append({"item": "§3.5/D.3.2: stability of a large real ensemble", "dataset": name,
                     "setting": f"{setting}, m_ensemble = {m_max}",
                     "paper_value": "" if real_paper is None else f"{real_paper:g}",
                     "our_value": format_number(real["stability"].iloc[-1], 3), "note": note})
        if name in fixed:
            point = fixed[name]
            rows.append({"item": "D.3.2, Fig. 11: simulated large-ensemble stability with the "
                                 "fixed-point n_useful", "dataset": name,
                         "setting": f"n_useful = {point['n_useful']}, p = {point['p']:g}",
                         "paper_value": f"{large.get('fixed_point'):g}"
                         if isinstance(large, Mapping) and "fixed_point" in large else "",
                         "our_value": format_number(point["large_ensemble_stability"], 3),
                         "note": note})
        for _, row in speedups[speedups["dataset"] == name].iterrows():
            rows.append({"item": "§3.6: speed-up real/simulated ensembles (one run; timings "
                                 "table)", "dataset": name,
                         "setting": f"mtry = {row['mtry']}, n_tree = {row['n_tree']}",
                         "paper_value": "much faster (Fig. 4)",
                         "our_value": f"{row['speedup']:.0f}x (with single runs and "
                                      f"estimation: {row['speedup_total']:.1f}x)",
                         "note": "computation times are not reproducible"})
    return rows

