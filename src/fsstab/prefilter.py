"""Unsupervised feature prefiltering: constant features, log transform, top features by variance.

High-dimensional data are commonly reduced before feature selection by removing the features
with the lowest variance (Hamer & Dupont 2021 §7.1 and Table 3: borovecki to 1000, singh to
1250, chiaretti and arcene to 5000 features; §7.2 prunes the biomedical sets to 5000), after
removing constant features (Bommert 2020 §4.1). :func:`prefilter` does, in this order:

0. optionally keep one part of a stratified holdout split (``holdout``: the training or the
   test half of thesis §6.3.1 / Ch. 7); steps 1 and 3 are then computed on the *training*
   part, so the two parts of a split keep the same features;
1. drop constant features (max = min; they carry no information and break standardisation);
2. optionally log-transform (``"log2"``, ``"log10"`` or ``"ln"``; microarray intensities), which
   requires every remaining value to be positive;
3. keep the ``n_features`` features of largest sample variance (ties: the earlier feature),
   in their original order.

Apart from the stratification of the holdout split, the filter is unsupervised: it never
leaks class information into the selection.

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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.datasets import Dataset, resampling_labels
from fsstab.io import write_parquet
from fsstab.selectors._univariate import sample_variance

__all__ = [
    "HOLDOUT_PARTS",
    "LOG_TRANSFORMS",
    "PREFILTER_FORMAT",
    "PrefilterReport",
    "apply_prefilter",
    "holdout_rows",
    "holdout_samples",
    "prefilter",
    "resolve_n_features",
    "write_prefilter_report",
]

PREFILTER_FORMAT = "fsstab.prefilter/1"
#: The parts of a holdout split a dataset can be restricted to.
HOLDOUT_PARTS: tuple[str, ...] = ("train", "test")

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


def holdout_rows(
    y: np.ndarray, *, fraction: float, random_state: int, groups: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """A stratified holdout split: ``(train rows, test rows)``, sorted.

    round(fraction · n) training rows allocated to the classes in proportion to their sizes
    (:func:`fsstab.resampling.make_resamples`' stratified ``subsample``; mlr's stratified
    ``Holdout`` with ``split = fraction`` in thesis §6.3.1 and Ch. 7). With ``groups`` (the
    samples' groups), round(fraction · G) whole groups (:mod:`fsstab.resampling`).
    """
    from fsstab.resampling import make_resamples

    if isinstance(fraction, bool) or not isinstance(fraction, float | int) or not 0 < fraction < 1:
        raise ValueError(f"holdout fraction must lie in (0, 1), got {fraction!r}")
    split = make_resamples(y, "subsample", 1, random_state, groups=groups,
                           fraction=float(fraction))
    return split.train[0], split.test[0]


def _check_holdout(holdout: Mapping[str, Any]) -> tuple[str, float, int]:
    unknown = sorted(set(holdout) - {"part", "fraction", "random_state"})
    if unknown or "part" not in holdout or "random_state" not in holdout:
        raise ValueError(
            "holdout needs 'part' (train or test) and 'random_state' (an integer shared by the "
            f"datasets of both parts), optionally 'fraction'; got keys {sorted(holdout)}"
        )
    if holdout["part"] not in HOLDOUT_PARTS:
        raise ValueError(f"holdout part must be one of {list(HOLDOUT_PARTS)}, got "
                         f"{holdout['part']!r}")
    return holdout["part"], holdout.get("fraction", 0.5), holdout["random_state"]


def _holdout_part(ds: Dataset, holdout: Mapping[str, Any]
                  ) -> tuple[Dataset, np.ndarray, dict[str, Any]]:
    """The samples of ``holdout``'s part of ``ds``, the holdout training part's matrix (the
    reference of the filter) and the provenance record."""
    part, fraction, seed = _check_holdout(holdout)
    train, test = holdout_rows(resampling_labels(ds), fraction=fraction, random_state=seed,
                               groups=ds.sample_groups)
    rows = train if part == "train" else test
    record = {"part": part, "fraction": fraction, "random_state": seed,
              "n_train": int(train.size), "n_test": int(test.size)}
    return _rows(ds, rows), ds.X[train], record


def _rows(ds: Dataset, rows: np.ndarray) -> Dataset:
    return dataclasses.replace(
        ds, X=ds.X[rows], y=ds.y[rows], sample_ids=tuple(ds.sample_ids[i] for i in rows),
        sample_groups=(None if ds.sample_groups is None
                       else tuple(ds.sample_groups[i] for i in rows)),
    )


def holdout_samples(ds: Dataset, holdout: Mapping[str, Any] | None) -> Dataset:
    """The samples :func:`prefilter` keeps for ``holdout`` (all of ``ds`` for None), with every
    feature and no transform: the rows of the prefiltered dataset before anything is fitted.

    Examples
    --------
    >>> from fsstab.prefilter import holdout_samples
    >>> from fsstab.synthetic import informative
    >>> ds = informative(n_samples=20, n_features=4, n_informative=1, random_state=0)
    >>> part = holdout_samples(ds, {"part": "test", "random_state": 1})
    >>> part.n_samples, part.n_features
    (10, 4)
    """
    if holdout is None:
        return ds
    return _holdout_part(ds, holdout)[0]


def apply_prefilter(ds: Dataset, report: PrefilterReport) -> Dataset:
    """``ds`` restricted to the features a :func:`prefilter` run kept (``report.kept``, columns
    of a dataset with the same features as ``ds``) and log-transformed as that run did: a filter
    fitted on some samples (a training part) applied to others.

    Examples
    --------
    The filter of the even-numbered samples applied to all 20:

    >>> import dataclasses
    >>> from fsstab.prefilter import apply_prefilter, prefilter
    >>> from fsstab.synthetic import informative
    >>> ds = informative(n_samples=20, n_features=6, n_informative=1, random_state=0)
    >>> even = dataclasses.replace(ds, X=ds.X[::2], y=ds.y[::2],
    ...                            sample_ids=ds.sample_ids[::2])
    >>> _, report = prefilter(even, n_features=3)
    >>> applied = apply_prefilter(ds, report)
    >>> applied.n_samples, applied.feature_names == report.kept_names
    (20, True)
    """
    if tuple(ds.feature_names) != tuple(report.feature_names):
        raise ValueError(f"dataset {ds.name!r}: the prefilter was fitted on other features "
                         f"({len(report.feature_names)} against {ds.n_features})")
    kept = np.asarray(report.kept, dtype=np.int64)
    filtered = ds.select_features(kept)
    if report.log_transform is None:
        return filtered
    values = _log_transform(filtered.X, report.log_transform, ds, kept)
    return dataclasses.replace(filtered, X=values)


def prefilter(
    ds: Dataset,
    *,
    n_features: int | float | None = None,
    log_transform: str | None = None,
    holdout: Mapping[str, Any] | None = None,
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
    holdout
        ``{"part": "train" | "test", "fraction": 0.5, "random_state": int}``: keep only that
        part of the stratified split :func:`holdout_rows`; constant features and variances are
        taken from the training part (thesis §6.3.1: the training half, constant features
        removed on it, the test half restricted to the same features).

    Returns
    -------
    filtered, report
        The dataset restricted to the kept features (transformed if requested; its
        provenance gains a ``prefilter`` entry) and the :class:`PrefilterReport`.
    """
    holdout_record = None
    if holdout is not None:
        ds, reference, holdout_record = _holdout_part(ds, holdout)
    X = ds.X
    reference_X = X if holdout is None else reference
    constant = np.flatnonzero(np.ptp(reference_X, axis=0) == 0)
    candidates = np.setdiff1d(np.arange(ds.n_features), constant)
    if candidates.size == 0:
        raise ValueError(f"dataset {ds.name!r}: all {ds.n_features} features are constant")
    k = resolve_n_features(n_features, candidates.size, dataset=ds.name)
    # every feature a candidate (no constant one): the matrix itself, not a copy of it
    every = candidates.size == ds.n_features
    values = X if every else X[:, candidates]
    reference_values = reference_X if every else reference_X[:, candidates]
    if log_transform is not None:
        values = _log_transform(values, log_transform, ds, candidates)
        reference_values = (values if holdout is None else
                            _log_transform(reference_values, log_transform, ds, candidates))
    variances = np.zeros(ds.n_features)
    variances[candidates] = sample_variance(reference_values)
    del reference_values
    if log_transform is None:
        del values  # the kept columns are taken from X below
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
    if holdout_record is not None:
        record["holdout"] = holdout_record
    if log_transform is None and kept.size == ds.n_features:  # all kept: no copy either
        filtered = dataclasses.replace(ds, provenance={**ds.provenance, "prefilter": record})
    else:
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
