"""Stability of standard feature selection methods: Hamer & Dupont (2021), §7.2, Table 5,
Figs. 12-18 and App. E (Figs. 26-29), and the variability of the measures, §7.3 (Figs. 19-20).

§7.2: the LASSO, the elastic net (λ₂ from 1 down by 0.1), the logistic RFE (λ, λ_f), the
SVM-RFE, random forests (T trees) and RELIEF (K neighbours) select min(20, √d) features on
M = 30 bootstrap resamples; every setting is one row of the workflow's stability summary.

§7.3: the LASSO's M = 1000 runs are cut into 200 consecutive groups of 5 runs; each group gives
one estimate of φ, φ_pears and φ_iw, whose spread over the groups is summarised by the
coefficient of variation c_v = σ/μ (Fig. 19) and shown as sampling distributions (Fig. 20).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.measures import compute
from fsstab.papers.hamer2021.reference import MEASURES
from fsstab.plots import coefficient_of_variation
from fsstab.workflow.stability import run_matrices

__all__ = [
    "METHOD_PARAMETERS",
    "all_settings",
    "block_estimates",
    "coefficients_of_variation",
    "method_rows",
    "table5",
]

#: §7.2 method -> (selector parameter varied in its figure, the paper's symbol, whether the
#: paper uses the inverse of the parameter, whether the figure's lines start at its largest
#: value).
METHOD_PARAMETERS: dict[str, tuple[str, str, bool, bool]] = {
    "elastic_net": ("l1_ratio", r"$\lambda_2$", False, True),
    "random_forest": ("n_estimators", "T (trees)", False, False),
    "relief": ("n_neighbors", "K (neighbours)", False, False),
    "logistic_rfe": ("final_C", r"$\lambda_f$", True, False),
    "svm_rfe": ("final_C", r"$\lambda_f$", True, False),
    "lasso": ("C", r"$\lambda$", True, False),
}

def method_rows(summary: pd.DataFrame, selector: str) -> pd.DataFrame:
    """The rows of one selector in a dataset's stability summary, with ``accuracy``."""
    rows = summary[summary["selector"] == selector].copy()
    rows["accuracy"] = rows["accuracy_mean"].astype(float)
    return rows.reset_index(drop=True)


def table5(summaries: Mapping[str, pd.DataFrame], lasso: str) -> pd.DataFrame:
    """Table 5: accuracy A, φ, φ_pears and φ_iw of the LASSO (selector label ``lasso``, one
    setting) on every data set; ``summaries`` maps paper data set names to stability
    summaries. Columns: ``dataset``, ``accuracy``, the three measures, ``mean_n_selected``,
    ``n_runs``, ``n_features``."""
    rows = []
    for name, summary in summaries.items():
        lasso_rows = method_rows(summary, lasso)
        if len(lasso_rows) != 1:
            raise ValueError(f"{name}: selector {lasso!r} has {len(lasso_rows)} settings; "
                             "Table 5 needs exactly one")
        row = lasso_rows.iloc[0]
        rows.append({
            "dataset": name,
            "accuracy": float(row["accuracy"]),
            **{m: float(row[m]) for m in MEASURES},
            "mean_n_selected": float(row["mean_n_selected"]),
            "n_runs": int(row["n_runs"]),
            "n_features": int(row["n_features"]),
            "accuracy_se": float(row["accuracy_se"]),
        })
    return pd.DataFrame(rows)


def all_settings(summaries: Mapping[str, pd.DataFrame], selectors: Sequence[str]
                 ) -> pd.DataFrame:
    """Every setting of the §7.2 methods (``selectors``) on every data set: ``dataset`` (the
    paper's name), ``selector``, ``label``, ``accuracy``, ``accuracy_se``, the three
    measures, ``mean_n_selected``, ``n_runs`` -- what §5.2's "φ_iw behaves in a similar manner
    to existing measures (as is validated in Section 7.2)" is checked on."""
    frames = []
    for name, summary in summaries.items():
        rows = summary[summary["selector"].isin(list(selectors))]
        frames.append(pd.DataFrame({
            "dataset": name, "selector": rows["selector"].to_numpy(),
            "label": rows["label"].to_numpy(),
            "accuracy": rows["accuracy_mean"].to_numpy(dtype=float),
            "accuracy_se": rows["accuracy_se"].to_numpy(dtype=float),
            **{m: rows[m].to_numpy(dtype=float) for m in MEASURES},
            "mean_n_selected": rows["mean_n_selected"].to_numpy(dtype=float),
            "n_runs": rows["n_runs"].to_numpy()}))
    return pd.concat(frames, ignore_index=True)


def block_estimates(runs: pa.Table, features: pa.Table, d: int, block_size: int,
                    measures: Sequence[str] = MEASURES, variant: str = "default") -> (
    pd.DataFrame
):
    """One estimate of each measure per group of ``block_size`` consecutive runs (resamples
    0..b-1, b..2b-1, ...; a last incomplete group is dropped): Hamer & Dupont (2021), §7.3,
    200 groups of 5 of the LASSO's M = 1000 runs. Columns: ``block``, ``first_resample``, one
    per measure (any measure of :data:`fsstab.measures.MEASURES` computed from the selections
    and importances alone)."""
    if isinstance(block_size, bool) or not isinstance(block_size, int) or block_size < 2:
        raise ValueError(f"block_size must be an integer >= 2, got {block_size!r}")
    Z, W, _, _ = run_matrices(runs, features, variant, d, rank_cap=1)
    n_blocks = Z.shape[0] // block_size
    if n_blocks < 2:
        raise ValueError(f"{Z.shape[0]} runs give fewer than two groups of {block_size}")
    rows = []
    for b in range(n_blocks):
        block = slice(b * block_size, (b + 1) * block_size)
        rows.append({"block": b, "first_resample": b * block_size,
                     **compute(Z[block], measures, W=W[block])})
    return pd.DataFrame(rows)


def coefficients_of_variation(estimates: Mapping[str, pd.DataFrame],
                              measures: Sequence[str] = MEASURES) -> pd.DataFrame:
    """c_v = σ/μ (sample σ) of each measure's group estimates per data set (Fig. 19): one row
    per data set (index), one column per measure. Undefined estimates (NaN) are left out."""
    table = {}
    for name, frame in estimates.items():
        values = {}
        for m in measures:
            finite = frame[m].to_numpy(dtype=float)
            finite = finite[np.isfinite(finite)]
            values[m] = float(coefficient_of_variation(finite)) if finite.size >= 2 else np.nan
        table[name] = values
    result = pd.DataFrame.from_dict(table, orient="index")[list(measures)]
    result.index.name = "dataset"
    return result
