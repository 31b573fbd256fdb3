"""Unsupervised feature prefiltering: constant features, log transform, top features by variance.

High-dimensional data are commonly reduced before feature selection by removing the features
with the lowest variance (Hamer & Dupont 2021 §7.1 and Table 3: borovecki to 1000, singh to
1250, chiaretti and arcene to 5000 features; §7.2 prunes the biomedical sets to 5000), after
removing constant features (Bommert 2020 §4.1). :func:`prefilter` does, in this order:

1. drop constant features (max = min; they carry no information and break standardisation);
2. optionally log-transform (``"log2"``, ``"log10"`` or ``"ln"``; microarray intensities), which
   requires every remaining value to be positive;
3. keep the ``n_features`` features of largest sample variance (ties: the earlier feature),
   in their original order.

Being unsupervised, the filter looks at all samples without leaking class information into
the selection (the labels are never used).

Report table (``fsstab.prefilter/1``)
-------------------------------------
:meth:`PrefilterReport.to_table` / :func:`write_prefilter_report` give one row per input
feature: ``feature`` (int32, input column index), ``name`` (string), ``variance`` (float64,
after the transform; 0 for constant features), ``rank`` (int32, 1 = largest variance among the
non-constant features, 0 for constant features) and ``status`` (``"kept"``, ``"constant"`` or
``"low_variance"``).
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.datasets import Dataset
from fsstab.io import write_parquet
from fsstab.selectors._univariate import sample_variance

__all__ = [
    "LOG_TRANSFORMS",
    "PREFILTER_FORMAT",
    "PrefilterReport",
    "prefilter",
    "resolve_n_features",
    "write_prefilter_report",
]

PREFILTER_FORMAT = "fsstab.prefilter/1"

LOG_TRANSFORMS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "log2": np.log2,
    "log10": np.log10,
    "ln": np.log,
}


@dataclass(frozen=True, eq=False)
class PrefilterReport:
    """What :func:`prefilter` kept and why (indices refer to the input dataset's columns)."""

    dataset: str
    feature_names: tuple[str, ...]
    variances: np.ndarray
    constant: np.ndarray
    kept: np.ndarray
    log_transform: str | None
    n_features: int | float | None

    @property
    def kept_names(self) -> tuple[str, ...]:
        return tuple(self.feature_names[i] for i in self.kept)

    def ranks(self) -> np.ndarray:
        """Variance rank of every input feature (1 = largest), 0 for constant features."""
        d = len(self.feature_names)
        rank = np.zeros(d, dtype=np.int64)
        candidates = np.setdiff1d(np.arange(d), self.constant)
        order = candidates[np.lexsort((candidates, -self.variances[candidates]))]
        rank[order] = np.arange(1, order.size + 1)
        return rank

    def to_table(self) -> pa.Table:
        d = len(self.feature_names)
        status = np.full(d, "low_variance", dtype=object)
        status[self.constant] = "constant"
        status[self.kept] = "kept"
        return pa.table(
            {
                "feature": pa.array(np.arange(d, dtype=np.int32)),
                "name": pa.array(self.feature_names, type=pa.string()),
                "variance": pa.array(self.variances, type=pa.float64()),
                "rank": pa.array(self.ranks().astype(np.int32)),
                "status": pa.array(status, type=pa.string()),
            }
        )


def resolve_n_features(n_features: int | float | None, available: int, *, dataset: str) -> int:
    """The number of features to keep out of ``available`` non-constant ones.

    ``None`` keeps all; an int is a count; a float in (0, 1] a fraction of ``available``,
    rounded up. A count larger than ``available`` raises ``ValueError`` naming the dataset.
    """
    if n_features is None:
        return available
    if isinstance(n_features, bool):
        raise ValueError(f"n_features must be an int, a float in (0, 1] or None, got {n_features}")
    if isinstance(n_features, int | np.integer):
        if n_features < 1:
            raise ValueError(f"n_features must be at least 1, got {n_features}")
        if n_features > available:
            raise ValueError(
                f"dataset {dataset!r}: {available} non-constant features remain, but "
                f"n_features={n_features} were requested"
            )
        return int(n_features)
    if isinstance(n_features, float | np.floating) and 0 < n_features <= 1:
        return max(1, math.ceil(float(n_features) * available))
    raise ValueError(
        f"n_features must be an int >= 1, a float in (0, 1] or None, got {n_features!r}"
    )


def _log_transform(X: np.ndarray, how: str, ds: Dataset, columns: np.ndarray) -> np.ndarray:
    if how not in LOG_TRANSFORMS:
        raise ValueError(f"log_transform must be one of {list(LOG_TRANSFORMS)}, got {how!r}")
    bad_columns = np.flatnonzero((X <= 0).any(axis=0))
    if bad_columns.size:
        first = int(bad_columns[0])
        raise ValueError(
            f"dataset {ds.name!r}: the {how} transform needs positive values, but "
            f"{bad_columns.size} feature(s) have values <= 0 (first: "
            f"{ds.feature_names[columns[first]]!r}, minimum {X[:, first].min()!r})"
        )
    return LOG_TRANSFORMS[how](X)


def prefilter(
    ds: Dataset,
    *,
    n_features: int | float | None = None,
    log_transform: str | None = None,
) -> tuple[Dataset, PrefilterReport]:
    """Drop constant features, optionally log-transform, keep the top features by variance.

    Parameters
    ----------
    ds
        The dataset to filter.
    n_features
        Features to keep: a count, a fraction in (0, 1] of the non-constant features (rounded
        up), or None for all non-constant features (see :func:`resolve_n_features`).
    log_transform
        None, ``"log2"``, ``"log10"`` or ``"ln"``.

    Returns
    -------
    filtered, report
        The dataset restricted to the kept features (transformed if requested; its
        provenance gains a ``prefilter`` entry) and the :class:`PrefilterReport`.
    """
    X = ds.X
    constant = np.flatnonzero(np.ptp(X, axis=0) == 0)
    candidates = np.setdiff1d(np.arange(ds.n_features), constant)
    if candidates.size == 0:
        raise ValueError(f"dataset {ds.name!r}: all {ds.n_features} features are constant")
    k = resolve_n_features(n_features, candidates.size, dataset=ds.name)
    values = X[:, candidates]
    if log_transform is not None:
        values = _log_transform(values, log_transform, ds, candidates)
    variances = np.zeros(ds.n_features)
    variances[candidates] = sample_variance(values)
    # largest variance first; equal variances keep the earlier feature
    ranked = np.lexsort((candidates, -variances[candidates]))
    kept_positions = np.sort(ranked[:k])
    kept = candidates[kept_positions]
    report = PrefilterReport(
        dataset=ds.name,
        feature_names=ds.feature_names,
        variances=variances,
        constant=constant,
        kept=kept,
        log_transform=log_transform,
        n_features=n_features,
    )
    record = {
        "log_transform": log_transform,
        "n_features": n_features,
        "n_input": ds.n_features,
        "n_constant": int(constant.size),
        "n_kept": int(k),
    }
    filtered = ds.select_features(kept, prefilter=record)
    if log_transform is not None:
        filtered = dataclasses.replace(filtered, X=values[:, kept_positions])
    return filtered, report


def write_prefilter_report(report: PrefilterReport, path: str | os.PathLike[str]) -> Path:
    """Atomically write the report table (module docstring) with its settings as metadata."""
    metadata: dict[str, Any] = {
        "format": PREFILTER_FORMAT,
        "dataset": report.dataset,
        "log_transform": report.log_transform,
        "n_features": report.n_features,
        "n_kept": int(report.kept.size),
        "n_constant": int(report.constant.size),
    }
    return write_parquet(report.to_table(), path, metadata=metadata)
