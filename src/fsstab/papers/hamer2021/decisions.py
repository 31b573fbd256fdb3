"""Decision making with the hybrid-RFE: Hamer & Dupont (2021), §6.1-6.2 and §7.1 (Figs. 9-11,
21-25).

The generic workflow stages produce one row per hybrid-RFE setting (configuration and
variant) with its mean out-of-bag accuracy A and its stabilities φ, φ_pears, φ_iw over the M
bootstrap runs. This module turns those rows into the paper's decisions:

- :func:`compromise_table` -- for each optimised measure φ_*, the convex-hull compromises
  maximising ``γA + (1 − γ)φ_*`` with their γ intervals, meta-parameters in the paper's notation,
  accuracy and *every* stability (the circled points of Fig. 11 in all three spaces), and the
  compromise chosen for the configured γ;
- :func:`dominated_areas` -- the areas dominated by the Pareto fronts of the plain logistic RFE
  (model selection over λ and λ_f) and of the whole hybrid-RFE (Fig. 9);
- :func:`frequency_scores` -- the selection frequency p_f of each feature against its average
  frequency score sc_f (eq. 15) over the runs selecting it (Fig. 10).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from fsstab.papers.hamer2021.reference import MEASURES
from fsstab.pareto import choose_by_gamma, dominated_area, hull_compromises

__all__ = [
    "compromise_table",
    "dominated_areas",
    "find_setting",
    "frequency_score_correlation",
    "frequency_scores",
    "meta_parameters",
    "sweep_points",
]

#: Selector parameter -> (symbol of Algorithm 1 / eq. 16, whether the paper uses its inverse).
_PAPER_SYMBOLS: dict[str, tuple[str, bool]] = {
    "n_forced": ("N", False),
    "C": ("λ", True),
    "epsilon": ("ε", False),
    "variance_weight": ("v", False),
    "final_C": ("λ_f", True),
    "shrinkage_alpha": ("α", False),
}


def sweep_points(summary: pd.DataFrame, selectors: Sequence[str],
                 measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """The rows of a dataset's stability summary produced by ``selectors`` whose accuracy and
    ``measures`` are all finite, with the accuracy as column ``accuracy``."""
    missing = [c for c in ("selector", "accuracy_mean", *measures) if c not in summary.columns]
    if missing:
        raise ValueError(f"the stability summary lacks the column(s) {missing}")
    rows = summary[summary["selector"].isin(list(selectors))].copy()
    rows["accuracy"] = rows["accuracy_mean"].astype(float)
    finite = np.isfinite(rows[["accuracy", *measures]].to_numpy(dtype=float)).all(axis=1)
    return rows[finite].reset_index(drop=True)


def meta_parameters(params: Mapping[str, Any] | str) -> str:
    """The hybrid-RFE meta-parameters in the paper's notation, e.g. ``N=5, λ=1, ε=0.1, v=1,
    λ_f=10, α=0.1`` (λ = 1/C and λ_f = 1/final_C; ``v`` is the weight of the variance in the
    univariate criterion). ``params`` is a mapping or the summary's canonical JSON."""
    values = json.loads(params) if isinstance(params, str) else dict(params)
    parts = []
    for name, (symbol, inverse) in _PAPER_SYMBOLS.items():
        if name in values and values[name] is not None:
            value = float(values[name])
            parts.append(f"{symbol}={(1.0 / value if inverse else value):g}")
    return ", ".join(parts)


def compromise_table(points: pd.DataFrame, gamma: float,
                     measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """The convex-hull compromises of each optimised measure (Hamer & Dupont 2021, §7.1).

    For every measure φ_* of ``measures``: the vertices of the convex hull of the (A, φ_*)
    Pareto front, by increasing accuracy, with the closed γ interval on which each maximises
    ``γA + (1 − γ)φ_*`` (:func:`fsstab.pareto.hull_compromises`) and whether it is the
    compromise chosen for ``gamma`` (:func:`fsstab.pareto.choose_by_gamma`).

    Columns: ``optimised``, ``number`` (1, 2, ... by increasing accuracy), ``gamma_lo``,
    ``gamma_hi``, ``chosen``, ``label``, ``meta_parameters``, ``accuracy``, one column per
    measure, ``mean_n_selected`` (and ``n_runs`` when the points have it).
    """
    frames = []
    for optimised in measures:
        hull = hull_compromises(points, "accuracy", optimised, include_collinear=False)
        chosen = int(choose_by_gamma(points["accuracy"], points[optimised], gamma))
        frame = pd.DataFrame({
            "optimised": optimised,
            "number": np.arange(1, len(hull) + 1),
            "gamma_lo": hull["gamma_lo"].to_numpy(),
            "gamma_hi": hull["gamma_hi"].to_numpy(),
            "chosen": hull.index.to_numpy() == chosen,
            "label": hull["label"].to_numpy(),
            "meta_parameters": [meta_parameters(p) for p in hull["params"]],
            "accuracy": hull["accuracy"].to_numpy(),
            **{m: hull[m].to_numpy(dtype=float) for m in measures},
            "mean_n_selected": hull["mean_n_selected"].to_numpy(dtype=float),
        })
        if "n_runs" in hull.columns:
            frame["n_runs"] = hull["n_runs"].to_numpy()
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def dominated_areas(points: pd.DataFrame, rfe_selectors: Sequence[str],
                    reference: tuple[float, float],
                    measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """Areas dominated by the Pareto fronts of the plain logistic RFE (the rows of
    ``rfe_selectors``: model selection over λ and λ_f) and of all hybrid-RFE settings, for
    each measure (Hamer & Dupont 2021, Fig. 9), with respect to ``reference`` = (accuracy,
    stability). Columns: ``measure``, ``method``, ``n_settings``, ``area``."""
    rfe = points["selector"].isin(list(rfe_selectors)).to_numpy()
    rows = []
    for measure in measures:
        for method, mask in (("logistic RFE", rfe), ("hybrid-RFE", np.ones(len(points), bool))):
            area = dominated_area(points["accuracy"].to_numpy()[mask],
                                  points[measure].to_numpy(dtype=float)[mask], reference)
            rows.append({"measure": measure, "method": method, "n_settings": int(mask.sum()),
                         "area": area})
    return pd.DataFrame(rows)


def find_setting(summary: pd.DataFrame, selector: str, params: Mapping[str, Any]) -> (
    tuple[str, str]
):
    """``(configuration, variant)`` of the first row of ``selector`` whose parameters include
    ``params`` (e.g. ``{"C": 1.0}``)."""
    for _, row in summary[summary["selector"] == selector].iterrows():
        values = json.loads(row["params"])
        if all(name in values and values[name] == value for name, value in params.items()):
            return str(row["configuration"]), str(row["variant"])
    raise ValueError(f"no setting of selector {selector!r} has the parameters {dict(params)}")


def frequency_scores(runs: pa.Table, features: pa.Table, variant: str) -> pd.DataFrame:
    """Per feature selected at least once in the runs of ``variant``: ``n_selected``, the
    selection frequency ``p_f`` over the M runs and the average frequency score ``sc_f``
    (Hamer & Dupont 2021, eq. 15) over the runs selecting it (the score is undefined in the
    other runs) -- the points of Fig. 10."""
    n_runs = int(pc.sum(pc.equal(runs["variant"], variant)).as_py())
    if n_runs == 0:
        raise ValueError(f"no run of variant {variant!r}")
    rows = features.filter(pc.and_(pc.equal(features["variant"], variant),
                                   features["selected"])).to_pandas()
    if rows["frequency_score"].isna().any():
        raise ValueError(f"variant {variant!r} has selected features without a frequency "
                         "score (not an RFE-family selector)")
    grouped = rows.groupby("feature")["frequency_score"]
    table = pd.DataFrame({"n_selected": grouped.size(), "mean_sc_f": grouped.mean()})
    table["p_f"] = table["n_selected"] / n_runs
    return table.reset_index()[["feature", "n_selected", "p_f", "mean_sc_f"]]


def frequency_score_correlation(table: pd.DataFrame) -> float:
    """Pearson correlation between ``p_f`` and the average ``sc_f`` (Fig. 10)."""
    if len(table) < 2:
        return float("nan")
    return float(np.corrcoef(table["p_f"], table["mean_sc_f"])[0, 1])
