"""Small hand-made tables shared by the Hamer & Dupont (2021) tests: a sweep of hybrid-RFE
settings (the rows of a stability summary) and selection tables (runs, features)."""

from __future__ import annotations

import json

import pandas as pd
import pyarrow as pa


def hybrid_points() -> pd.DataFrame:
    """Five settings: (A, φ, φ_pears, φ_iw); (0.80, 0.2) is dominated for φ."""
    params = [{"n_forced": 0, "C": 1.0, "final_C": 0.1},
              {"n_forced": 5, "C": 1.0, "final_C": 1.0, "shrinkage_alpha": 0.1,
               "variance_weight": 1.0, "epsilon": 0.5},
              {"n_forced": 10, "C": 0.1, "final_C": 1.0},
              {"n_forced": 20, "C": 1.0, "final_C": 10.0},
              {"n_forced": 2, "C": 1.0, "final_C": 1.0}]
    return pd.DataFrame({
        "selector": ["rfe", "hybrid", "hybrid", "filter", "hybrid"],
        "configuration": ["rfe", "h5", "h10", "filter", "h2"],
        "variant": ["a", "b", "c", "d", "e"],
        "label": ["rfe:a", "h5:b", "h10:c", "filter:d", "h2:e"],
        "accuracy": [0.95, 0.90, 0.85, 0.70, 0.80],
        "accuracy_se": [0.02, 0.01, 0.01, 0.01, 0.01],
        "nogueira": [0.30, 0.60, 0.80, 0.90, 0.20],
        "pearson": [0.40, 0.70, 0.75, 0.80, 0.50],
        "importance_weighted": [0.35, 0.50, 0.55, 0.50, 0.45],
        "mean_n_selected": [20.0] * 5,
        "params": [json.dumps(p) for p in params],
    })


def selection_tables(rows) -> tuple[pa.Table, pa.Table]:
    """Runs and features tables from (resample, variant, feature, selected, score) rows."""
    features = pa.table({
        "resample": pa.array([r[0] for r in rows], pa.int32()),
        "variant": pa.array([r[1] for r in rows], pa.string()),
        "feature": pa.array([r[2] for r in rows], pa.int32()),
        "selected": pa.array([r[3] for r in rows], pa.bool_()),
        "importance": pa.array([r[4] for r in rows], pa.float64()),
        "rank": pa.nulls(len(rows), pa.int32()),
        "frequency_score": pa.array([r[5] for r in rows], pa.float64()),
    })
    runs_index = sorted({(r[0], r[1]) for r in rows})
    runs = pa.table({
        "resample": pa.array([r for r, _ in runs_index], pa.int32()),
        "variant": pa.array([v for _, v in runs_index], pa.string()),
        "accuracy": pa.array([0.5] * len(runs_index), pa.float64()),
        "ranked": pa.array([False] * len(runs_index), pa.bool_()),
    })
    return runs, features
