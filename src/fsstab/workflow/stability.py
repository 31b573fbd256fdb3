"""The stability stage: every configured measure per (dataset, configuration, variant).

From the gathered selection tables of one configuration, each variant's M runs give

- the selection matrix Z (M x d), the importance matrix W (Hamer & Dupont 2021, §5) and -- for
  ranking selectors -- the rank matrix (ranks above the stored cap count as ``cap + 1``, which
  leaves φ_can^k unchanged for k <= cap: Hamer & Dupont 2021, eq. 5 truncates at k + 1);
- every configured measure (:func:`fsstab.measures.compute`), NaN where the measure's inputs do
  not exist (Canberra for a selector that does not rank);
- Nogueira's confidence interval (Nogueira, Sechidis & Brown 2018), cut to the range φ can
  take, [-1/(M-1), 1] (:func:`fsstab.measures.nogueira_bounds`);
- the mean test score and its standard error (``accuracy_mean``/``accuracy_se``; for a
  continuous or survival outcome ``<score>_mean``/``<score>_se`` of every score column of the
  runs, :mod:`fsstab.workflow.scoring`), the mean number of selected features;
- the standard error corrected for the overlap of the resamples (``<score>_se_corrected``:
  Nadeau & Bengio's 2003 corrected resampled t, Bouckaert & Frank's 2004 for repeated k-fold,
  :mod:`fsstab.resampling`) with the held-out fraction ρ₀ it uses
  (``test_fraction``: mean test rows over rows, or test groups over groups when samples are
  resampled by group).

One row per variant, with the configuration's parameters as ``param_<name>`` columns.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import scipy.sparse as sp

from fsstab.io import canonical_json
from fsstab.measures import (
    MEASURES,
    applicable_measures,
    compute,
    nogueira_confidence_interval,
)
from fsstab.resampling import corrected_standard_error, held_out_fraction
from fsstab.workflow.naming import DEFAULT_VARIANT
from fsstab.workflow.scoring import decision_score, table_scores
from fsstab.workflow.tables import STABILITY_FORMAT, concat_tables

__all__ = [
    "STABILITY_FORMAT",
    "parameter_columns",
    "run_matrices",
    "run_score_values",
    "run_test_fraction",
    "stability_table",
]



def run_matrices(
    runs: pa.Table, features: pa.Table, variant: str, d: int, rank_cap: int
) -> tuple[sp.csr_array, sp.csr_array, np.ndarray | None, np.ndarray]:
    """``(Z, W, ranks, score)`` of one variant, rows ordered by resample.

    ``ranks`` is None unless every run of the variant ranked its features; unstored ranks are
    ``rank_cap + 1``. ``score``: each run's test score (the runs' decision score column:
    ``accuracy``, ``r2``, ``c_index`` or ``c_index_uno``; :func:`run_score_values` gives them all).
    """
    run_rows = runs.filter(pc.equal(runs["variant"], variant))
    resamples = run_rows.column("resample").to_numpy()
    order = np.argsort(resamples, kind="stable")
    resamples = resamples[order]
    score = decision_score(runs.column_names, what="the runs table")
    accuracy = run_rows.column(score.name).to_numpy()[order]
    row_of = {int(r): i for i, r in enumerate(resamples)}
    M = resamples.size
    rows = features.filter(pc.equal(features["variant"], variant))
    i = np.array([row_of[int(r)] for r in rows.column("resample").to_numpy()], dtype=np.int64)
    j = rows.column("feature").to_numpy().astype(np.int64)
    selected = rows.column("selected").to_numpy(zero_copy_only=False).astype(bool)
    importance = rows.column("importance").to_numpy()
    Z = sp.csr_array((np.ones(selected.sum(), dtype=bool), (i[selected], j[selected])),
                     shape=(M, d))
    W = sp.csr_array((importance[selected], (i[selected], j[selected])), shape=(M, d))
    ranks = None
    if bool(np.all(run_rows.column("ranked").to_numpy(zero_copy_only=False))):
        ranks = np.full((M, d), float(rank_cap + 1))
        rank = rows.column("rank").to_numpy(zero_copy_only=False).astype(np.float64)
        stored = np.isfinite(rank) & (rank <= rank_cap)
        ranks[i[stored], j[stored]] = rank[stored]
    return Z, W, ranks, accuracy


def run_score_values(runs: pa.Table, variant: str) -> dict[str, np.ndarray]:
    """``{score name: each run's value}`` of one variant, rows ordered by resample, for every
    score column of the runs (:func:`fsstab.workflow.scoring.table_scores`)."""
    run_rows = runs.filter(pc.equal(runs["variant"], variant))
    order = np.argsort(run_rows.column("resample").to_numpy(), kind="stable")
    return {s.name: run_rows.column(s.name).to_numpy()[order]
            for s in table_scores(runs.column_names)}


def run_test_fraction(runs: pa.Table, variant: str, n_samples: int) -> float:
    """ρ₀ of one variant's runs (:func:`fsstab.resampling.held_out_fraction`): the
    mean test size over the data set's size, in groups when the runs record groups
    (``n_test_groups``; the groups are then the sampling units: every group is either in the
    training or in the test set, so ``n_train_groups + n_test_groups`` is the number of
    groups), else in rows (``n_test`` over ``n_samples``; a bootstrap's ``n_train`` counts
    draws, not distinct rows, so the data set's size is given).

    Examples
    --------
    >>> import pyarrow as pa
    >>> from fsstab.workflow.stability import run_test_fraction
    >>> runs = pa.table({"variant": ["default"] * 2, "n_test": [36, 38]})
    >>> run_test_fraction(runs, "default", 100)     # bootstrap: 37 out-of-bag rows of 100
    0.37
    """
    rows = runs.filter(pc.equal(runs["variant"], variant))
    if "n_test_groups" in rows.column_names:
        n_groups = (rows.column("n_train_groups").to_numpy().astype(np.int64)
                    + rows.column("n_test_groups").to_numpy())
        if n_groups.size == 0 or np.any(n_groups != n_groups[0]):
            raise ValueError(f"variant {variant!r}: the runs give different numbers of groups "
                             f"(n_train_groups + n_test_groups: {sorted(set(n_groups))[:5]})")
        return held_out_fraction(rows.column("n_test_groups").to_numpy(), int(n_groups[0]))
    return held_out_fraction(rows.column("n_test").to_numpy(), int(n_samples))


def parameter_columns(params: Mapping[str, Any]) -> dict[str, pa.Array]:
    """One single-row column ``param_<name>`` per parameter: float64 for numbers, bool for
    booleans, string otherwise (lists and mappings as canonical JSON), null for None."""
    columns = {}
    for name in sorted(params):
        value = params[name]
        if value is None:
            column = pa.nulls(1)
        elif isinstance(value, bool):
            column = pa.array([value], pa.bool_())
        elif isinstance(value, int | float):
            column = pa.array([float(value)], pa.float64())
        elif isinstance(value, str):
            column = pa.array([value], pa.string())
        else:
            column = pa.array([canonical_json(value)], pa.string())
        columns[f"param_{name}"] = column
    return columns


def _measure_values(
    Z: sp.csr_array, W: sp.csr_array, ranks: np.ndarray | None, *,
    measures: Sequence[str], measure_params: Mapping[str, Mapping[str, Any]],
    C: Any, threshold: float | None, random_state: int,
) -> dict[str, float]:
    available = ["Z", "W"] + ["ranks"] * (ranks is not None) + ["C"] * (C is not None)
    # a measure whose inputs are missing (no ranking) or whose precondition fails (Kuncheva's
    # equal set sizes) is not applicable to this outcome: NaN, not an error
    names = applicable_measures(measures, Z, available=available)
    values = dict.fromkeys(measures, math.nan)
    if names:
        uses_c = any("C" in MEASURES[m].requires for m in names)
        values.update(
            compute(
                Z, names, W=W, C=C if uses_c else None, threshold=threshold if uses_c else None,
                ranks=ranks,
                params={m: dict(p) for m, p in measure_params.items() if m in names},
                random_state=random_state,
            )
        )
    return values


def stability_table(
    runs: pa.Table,
    features: pa.Table,
    *,
    dataset: str,
    spec: Mapping[str, Any],
    d: int,
    measures: Sequence[str],
    measure_params: Mapping[str, Mapping[str, Any]],
    C: Any = None,
    threshold: float | None = None,
    confidence_level: float = 0.95,
    rank_cap: int,
    random_state: int,
    n_samples: int,
    calibrated_C: float | None = None,
) -> pa.Table:
    """One row per variant of the configuration ``spec`` (see the module docstring).

    ``n_samples`` is the number of rows of the data set (the test fraction of bootstrap
    resamples needs it: :func:`run_test_fraction`).

    Columns: ``dataset``, ``configuration``, ``selector``, ``class``, ``variant``, ``label``
    (``configuration`` or ``configuration:variant``), ``n_runs``, ``n_features``,
    ``mean_n_selected``, ``accuracy_mean``, ``accuracy_se``, ``accuracy_se_corrected``
    (``<score>_mean``, ``<score>_se``, ``<score>_se_corrected`` for each score column of the
    runs), ``test_fraction``, one column per measure,
    ``nogueira_ci_low``/``nogueira_ci_high``, ``calibrated_C``, ``params`` (canonical JSON of
    all parameters) and ``param_<name>`` per parameter.
    """
    rows = []
    for variant in spec["variants"]:
        Z, W, ranks, _ = run_matrices(runs, features, variant["id"], d, rank_cap)
        M = Z.shape[0]
        if M < 2:
            raise ValueError(
                f"dataset {dataset!r}, configuration {spec['id']!r}, variant {variant['id']!r}: "
                f"{M} run(s); stability needs at least two"
            )
        values = _measure_values(
            Z, W, ranks, measures=measures, measure_params=measure_params, C=C,
            threshold=threshold, random_state=random_state,
        )
        ci_low, ci_high = nogueira_confidence_interval(Z, alpha=1.0 - confidence_level,
                                                      clip=True)
        params = {**spec["params"], **variant["params"]}
        label = spec["id"] if variant["id"] == DEFAULT_VARIANT else f"{spec['id']}:{variant['id']}"
        columns: dict[str, pa.Array] = {
            "dataset": pa.array([dataset], pa.string()),
            "configuration": pa.array([spec["id"]], pa.string()),
            "selector": pa.array([spec["selector"]], pa.string()),
            "class": pa.array([spec["class"]], pa.string()),
            "variant": pa.array([variant["id"]], pa.string()),
            "label": pa.array([label], pa.string()),
            "n_runs": pa.array([M], pa.int32()),
            "n_features": pa.array([d], pa.int32()),
            "mean_n_selected": pa.array([float(Z.sum(axis=1).mean())], pa.float64()),
        }
        rho = run_test_fraction(runs, variant["id"], n_samples)
        for name, per_run in run_score_values(runs, variant["id"]).items():
            columns[f"{name}_mean"] = pa.array([float(per_run.mean())], pa.float64())
            columns[f"{name}_se"] = pa.array([float(per_run.std(ddof=1) / math.sqrt(M))],
                                             pa.float64())
            columns[f"{name}_se_corrected"] = pa.array(
                [corrected_standard_error(per_run, rho)], pa.float64())
        columns["test_fraction"] = pa.array([rho], pa.float64())
        for name in measures:
            columns[name] = pa.array([values[name]], pa.float64())
        columns["nogueira_ci_low"] = pa.array([ci_low], pa.float64())
        columns["nogueira_ci_high"] = pa.array([ci_high], pa.float64())
        columns["calibrated_C"] = pa.array([calibrated_C], pa.float64())
        columns["params"] = pa.array([canonical_json(params)], pa.string())
        columns.update(parameter_columns(params))
        rows.append(pa.table(columns))
    return concat_tables(rows)
