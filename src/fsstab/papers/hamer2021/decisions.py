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
  (N = 0: model selection over λ and λ_f) and of the hybrid-RFE with N ≥ 1 forced features
  (Fig. 9; N = 0 is left out of the hybrid front, so that "hybrid ≥ RFE" can fail);
- :func:`hybrid_versus_rfe` -- at each point of the RFE's Pareto front, the best stability a
  hybrid-RFE setting with N ≥ 1 reaches at equal accuracy (the claim of Fig. 9);
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
from fsstab.pareto import choose_by_gamma, dominated_area, hull_compromises, non_dominated_mask

__all__ = [
    "EQUAL_ACCURACY_SE",
    "HYBRID_METHOD",
    "RFE_METHOD",
    "compromise_table",
    "dominated_areas",
    "find_setting",
    "forced_features",
    "frequency_score_correlation",
    "frequency_scores",
    "hybrid_versus_rfe",
    "meta_parameters",
    "method_masks",
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
    measure, ``mean_n_selected`` (and ``n_runs``, ``accuracy_se`` when the points have them).
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
        if "accuracy_se" in hull.columns:
            frame["accuracy_se"] = hull["accuracy_se"].to_numpy(dtype=float)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def forced_features(params: Mapping[str, Any] | str) -> int:
    """N, the number of features forced into the selection by the univariate criterion
    (Algorithm 1): the ``n_forced`` parameter of a hybrid-RFE setting, 0 for a setting without
    one (the plain logistic RFE). ``params`` is a mapping or the summary's canonical JSON."""
    values = json.loads(params) if isinstance(params, str) else dict(params)
    return int(values.get("n_forced") or 0)


#: "Equal accuracy" (Fig. 9's claim): a hybrid-RFE setting is as accurate as an RFE setting
#: when its mean out-of-bag accuracy is at most this many standard errors of the RFE setting's
#: mean accuracy (sd / √M over its M runs) below it, or above it.
EQUAL_ACCURACY_SE = 1.0

#: The two methods of Fig. 9 and of the hybrid-versus-RFE claim.
RFE_METHOD = "logistic RFE (N = 0)"
HYBRID_METHOD = "hybrid-RFE (N ≥ 1)"


def method_masks(points: pd.DataFrame, rfe_selectors: Sequence[str]) -> dict[str, np.ndarray]:
    """Row masks of Fig. 9's two methods: the plain logistic RFE (the rows of
    ``rfe_selectors``, none of which may force features) and the hybrid-RFE with N ≥ 1 (every
    other row with at least one forced feature; a row of another selector with N = 0 belongs
    to neither). Raises ``ValueError`` when an RFE row forces features."""
    forced = np.array([forced_features(p) for p in points["params"]], dtype=int)
    rfe = points["selector"].isin(list(rfe_selectors)).to_numpy()
    if np.any(forced[rfe] > 0):
        bad = sorted(set(points["selector"][rfe & (forced > 0)]))
        raise ValueError(f"the RFE selector(s) {bad} force features (N > 0); the RFE of Fig. 9 "
                         "is N = 0")
    return {RFE_METHOD: rfe, HYBRID_METHOD: ~rfe & (forced >= 1)}


def dominated_areas(points: pd.DataFrame, rfe_selectors: Sequence[str],
                    reference: tuple[float, float],
                    measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """Areas dominated by the Pareto fronts of the plain logistic RFE (N = 0, the rows of
    ``rfe_selectors``: model selection over λ and λ_f) and of the hybrid-RFE settings with
    N ≥ 1 (:func:`method_masks`), for each measure (Hamer & Dupont 2021, Fig. 9), with respect
    to ``reference`` = (accuracy, stability) (:func:`fsstab.pareto.dominated_area`).

    Columns: ``measure``, ``method``, ``n_settings``, ``n_front`` (Pareto-optimal settings),
    ``area``, ``reference_accuracy``, ``reference_stability``."""
    masks = method_masks(points, rfe_selectors)
    rows = []
    for measure in measures:
        for method, mask in masks.items():
            acc = points["accuracy"].to_numpy(dtype=float)[mask]
            stab = points[measure].to_numpy(dtype=float)[mask]
            front = int(non_dominated_mask(np.column_stack([acc, stab])).sum()) if mask.any() \
                else 0
            area = dominated_area(acc, stab, reference) if mask.any() else float("nan")
            rows.append({"measure": measure, "method": method, "n_settings": int(mask.sum()),
                         "n_front": front, "area": area,
                         "reference_accuracy": float(reference[0]),
                         "reference_stability": float(reference[1])})
    return pd.DataFrame(rows)


def hybrid_versus_rfe(points: pd.DataFrame, rfe_selectors: Sequence[str], *,
                      n_standard_errors: float,
                      measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """The hybrid-RFE (N ≥ 1) against the plain RFE (N = 0) at equal accuracy (Fig. 9).

    For every measure and every Pareto-optimal RFE setting r (accuracy A_r, its standard
    error SE_r, stability S_r): among the hybrid-RFE settings h with N ≥ 1 (:func:`method_masks`)
    whose accuracy is *equal* to r's -- ``A_h >= A_r - n_standard_errors * SE_r``: not worse
    by more than that many standard errors of r's mean out-of-bag accuracy, or better --, the
    one with the highest stability S_h, and the gain ``S_h - S_r`` (NaN when no hybrid setting
    reaches that accuracy).

    ``points`` needs the columns of :func:`sweep_points` plus ``accuracy_se``. Columns:
    ``measure``, ``rfe_label``, ``rfe_accuracy``, ``rfe_accuracy_se``, ``tolerance``,
    ``rfe_stability``, ``hybrid_label``, ``hybrid_n_forced``, ``hybrid_accuracy``,
    ``hybrid_stability``, ``gain``; rows by measure, then by increasing RFE accuracy.
    """
    if "accuracy_se" not in points.columns:
        raise ValueError("the points lack the column 'accuracy_se' (standard error of the "
                         "mean accuracy)")
    masks = method_masks(points, rfe_selectors)
    rfe, hybrid = points[masks[RFE_METHOD]], points[masks[HYBRID_METHOD]]
    if rfe.empty:
        raise ValueError(f"no setting of the RFE selector(s) {list(rfe_selectors)}")
    rows = []
    for measure in measures:
        acc = rfe["accuracy"].to_numpy(dtype=float)
        stab = rfe[measure].to_numpy(dtype=float)
        front = rfe[non_dominated_mask(np.column_stack([acc, stab]))].sort_values(
            ["accuracy", measure], kind="stable")
        for _, r in front.iterrows():
            tolerance = float(n_standard_errors) * float(r["accuracy_se"])
            at_equal = hybrid[hybrid["accuracy"].to_numpy(dtype=float)
                              >= float(r["accuracy"]) - tolerance]
            row = {"measure": measure, "rfe_label": r["label"],
                   "rfe_accuracy": float(r["accuracy"]),
                   "rfe_accuracy_se": float(r["accuracy_se"]), "tolerance": tolerance,
                   "rfe_stability": float(r[measure]), "hybrid_label": "",
                   "hybrid_n_forced": 0, "hybrid_accuracy": float("nan"),
                   "hybrid_stability": float("nan"), "gain": float("nan")}
            if not at_equal.empty:
                best = at_equal.iloc[int(np.argmax(at_equal[measure].to_numpy(dtype=float)))]
                row.update(hybrid_label=best["label"],
                           hybrid_n_forced=forced_features(best["params"]),
                           hybrid_accuracy=float(best["accuracy"]),
                           hybrid_stability=float(best[measure]),
                           gain=float(best[measure]) - float(r[measure]))
            rows.append(row)
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
