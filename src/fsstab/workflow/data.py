"""Workflow stages before selection: fetch, prefilter, resample, similarity, univariate scores.

Each function takes and returns in-memory objects; the thin scripts in ``scripts/`` read the
inputs, call one of them and write the result with :mod:`fsstab.io` (atomically).
"""

from __future__ import annotations

import copy
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import scipy.sparse as sp

from fsstab.datasets import Dataset, resampling_labels
from fsstab.io import read_parquet, write_parquet
from fsstab.prefilter import PrefilterReport, prefilter
from fsstab.resampling import Resamples, make_resamples
from fsstab.seeds import derive_seed
from fsstab.selectors._univariate import sample_variance, welch_t_statistic
from fsstab.similarity import correlation_similarity, group_similarity

__all__ = [
    "SIMILARITY_FORMAT",
    "UNIVARIATE_FORMAT",
    "draw_resamples",
    "fetch_dataset",
    "local_source_path",
    "local_source_paths",
    "prefilter_dataset",
    "read_similarity",
    "read_univariate",
    "similarity_matrix",
    "univariate_mapping",
    "univariate_statistics",
    "write_similarity",
    "write_univariate",
]

_LOGGER = logging.getLogger("fsstab.workflow.data")

SIMILARITY_FORMAT = "fsstab.similarity/1"
UNIVARIATE_FORMAT = "fsstab.univariate/1"


def _named_spec(name: str, source: Any) -> dict[str, Any]:
    spec = {"source": source} if isinstance(source, str) else copy.deepcopy(dict(source))
    spec["name"] = name
    return spec


def local_source_path(source: Any) -> str | None:
    """The path of a ``file:`` source as written in its spec (relative paths are relative to
    the working directory, as every path of the configuration), or None for other sources.
    The workflow makes it an input of the fetch, so that editing the file reruns the
    analysis."""
    from fsstab.sources import parse_source  # lazily, as in fetch_dataset

    try:
        spec = parse_source(copy.deepcopy(source))
    except ValueError:
        return None
    if spec.kind != "file":
        return None
    return str(Path(spec.location).expanduser())


def local_source_paths(source: Any) -> list[str]:
    """The local files of a source as written in its spec: the ``file:`` source's file and
    its sample sheet (``samples:``, also of ``url:`` sources); inputs of the fetch."""
    from fsstab.sources import parse_source

    try:
        spec = parse_source(copy.deepcopy(source))
    except ValueError:
        return []
    paths = [] if spec.kind != "file" else [str(Path(spec.location).expanduser())]
    sheet = spec.options.get("samples")
    if spec.kind in ("file", "url") and isinstance(sheet, str):
        paths.append(str(Path(sheet).expanduser()))
    return paths


def sample_groups_column(source: Any) -> str | None:
    """The column naming each sample's group (``groups:`` of a study source: patient, batch),
    or None when the samples are resampled one by one."""
    from fsstab.sources import parse_source

    try:
        spec = parse_source(copy.deepcopy(source))
    except ValueError:
        return None
    column = spec.options.get("groups")
    return str(column) if column is not None else None


def _log_study(ds: Dataset) -> None:
    """What reading the study found (sample sheet join, samples left out, groups, layout)."""
    study = ds.provenance.get("study") or {}
    sheet = study.get("sample_sheet")
    if sheet:
        aside = sheet.get("not_in_matrix", 0)
        _LOGGER.info(
            "dataset %r: sample sheet %s (%d rows) joined to %d samples%s", ds.name,
            sheet["path"], sheet["rows"], sheet["joined"],
            f"; {aside} row(s) of the sheet have no sample in the matrix (first: "
            f"{sheet['not_in_matrix_first']})" if aside else "",
        )
    left = study.get("left_out_missing_target")
    if left:
        _LOGGER.warning("dataset %r: %d sample(s) without a target value left out (first: %s)",
                        ds.name, left["n"], left["samples"][:10])
    if study.get("groups"):
        _LOGGER.info("dataset %r: %d samples in %d groups (column %r): resampled group by "
                     "group", ds.name, ds.n_samples, len(set(ds.sample_groups or ())),
                     study["groups"]["column"])
    for note in study.get("notes", []):
        _LOGGER.info("dataset %r: %s", ds.name, note)


def fetch_dataset(
    name: str,
    source: Any,
    *,
    mirror: str | os.PathLike[str] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Dataset:
    """Fetch the dataset configured as ``name`` from its source spec (:func:`fsstab.sources.fetch`).

    The dataset takes the configuration key as its name, so every message and file names it
    that way. ``mirror``: the config key ``mirror`` when set (it takes precedence), else
    ``None`` -- then ``$FSSTAB_MIRROR`` applies; ``""`` disables any mirror. Errors (bad data:
    NaN/inf, fewer than two classes; failed or mismatching downloads) are re-raised with the
    dataset named.
    """
    # here, not at the top: the sources need pandas and SciPy's signal and graph modules, which
    # the other stages of this module never use
    from fsstab.sources import fetch

    try:
        ds = fetch(_named_spec(name, source), mirror=mirror, cache_dir=cache_dir)
        _log_study(ds)
        return ds
    except ValueError as exc:
        if f"{name!r}" in str(exc):
            raise
        raise ValueError(f"dataset {name!r}: {exc}") from exc
    except OSError as exc:
        raise type(exc)(f"dataset {name!r}: {exc}") from exc


def prefilter_dataset(
    ds: Dataset, *, n_features: int | float | None, log_transform: str | None,
    holdout: Mapping[str, Any] | None = None,
) -> tuple[Dataset, PrefilterReport]:
    """:func:`fsstab.prefilter.prefilter` (optional holdout part, constant features out,
    optional log, top variance).

    Asking for more features than remain fails naming the dataset.
    """
    return prefilter(ds, n_features=n_features, log_transform=log_transform, holdout=holdout)


def draw_resamples(
    ds: Dataset, *, seed: int, scheme: str, n_resamples: int, params: Mapping[str, Any]
) -> Resamples:
    """The M resamples of ``ds``, seeded by (global seed, dataset name) only.

    Resample r is drawn from its own stream, so it is the same for any M. A dataset with
    sample groups is resampled group by group (:mod:`fsstab.resampling`). Draws are
    stratified by :func:`fsstab.datasets.resampling_labels` (the classes; quantile
    bins of a continuous outcome; the event indicator of a survival outcome).
    """
    return make_resamples(
        resampling_labels(ds), scheme, n_resamples,
        random_state=derive_seed(seed, ds.name, "resampling"),
        groups=ds.sample_groups, **dict(params),
    )


# --------------------------------------------------------------------------------------------
# Similarity matrix of the adjusted measures
# --------------------------------------------------------------------------------------------


def similarity_matrix(ds: Dataset, *, method: str, threshold: float,
                      binary: bool = False) -> sp.csr_array:
    """The sparse similarity matrix C of ``ds`` for the adjusted measures.

    ``method="pearson"`` / ``"spearman"``: |correlation| of the (prefiltered) features, keeping
    the entries >= ``threshold`` (:func:`fsstab.similarity.correlation_similarity`), or with
    ``binary`` 1 for each of them (Sechidis et al. 2019, §4.1: c = δ(|ρ| > θ));
    ``"groups"``: 1 within the dataset's recorded feature groups (Hamer & Dupont 2021, §5.3).
    """
    if method == "groups":
        if ds.feature_groups is None:
            raise ValueError(
                f"dataset {ds.name!r}: similarity method 'groups' needs feature groups, but the "
                "dataset records none (only synthetic designs do); use 'pearson' or 'spearman'"
            )
        return group_similarity(ds.feature_groups)
    if method not in ("pearson", "spearman"):
        raise ValueError(
            f"similarity method must be 'pearson', 'spearman' or 'groups', got {method!r}"
        )
    C = sp.csr_array(correlation_similarity(ds.X, method=method, threshold=threshold))
    if binary:
        C.data[:] = 1.0
    return C


def write_similarity(
    C: sp.csr_array, path: str | os.PathLike[str], *, dataset: str, method: str, threshold: float,
    binary: bool = False,
) -> Path:
    """Store C sparsely: one row per stored entry above the diagonal (``i < j``).

    Columns ``i`` (int32), ``j`` (int32), ``similarity`` (float64); the unit diagonal is
    implied; metadata ``format``, ``dataset``, ``d``, ``method``, ``threshold`` (and
    ``binary``, when C was made 0/1).
    """
    upper = sp.triu(sp.coo_array(C), k=1).tocoo()
    order = np.lexsort((upper.col, upper.row))
    table = pa.table(
        {
            "i": pa.array(upper.row[order].astype(np.int32)),
            "j": pa.array(upper.col[order].astype(np.int32)),
            "similarity": pa.array(upper.data[order].astype(np.float64)),
        }
    )
    metadata = {
        "format": SIMILARITY_FORMAT, "dataset": dataset, "d": int(C.shape[0]),
        "method": method, "threshold": float(threshold),
        **({"binary": True} if binary else {}),
    }
    return write_parquet(table, path, metadata=metadata)


def read_similarity(path: str | os.PathLike[str]) -> tuple[sp.csr_array, float]:
    """``(C, threshold)`` from :func:`write_similarity`'s file (C symmetric, unit diagonal)."""
    table, meta = read_parquet(path)
    if meta.get("format") != SIMILARITY_FORMAT:
        raise ValueError(f"{path}: not an fsstab similarity file (format {meta.get('format')!r})")
    d = int(meta["d"])
    i = table.column("i").to_numpy().astype(np.int64)
    j = table.column("j").to_numpy().astype(np.int64)
    v = table.column("similarity").to_numpy()
    diagonal = np.arange(d)
    C = sp.csr_array(
        (np.concatenate([v, v, np.ones(d)]),
         (np.concatenate([i, j, diagonal]), np.concatenate([j, i, diagonal]))),
        shape=(d, d),
    )
    C.sort_indices()
    threshold = 1.0 if meta["method"] == "groups" else float(meta["threshold"])
    return C, threshold


# --------------------------------------------------------------------------------------------
# Univariate statistics per resample (shared by every hybrid-RFE configuration)
# --------------------------------------------------------------------------------------------


def univariate_statistics(ds: Dataset, resamples: Resamples) -> pa.Table:
    """Welch t and sample variance of every feature on every resample's training rows.

    Hamer & Dupont (2021), §6.1: the univariate criterion of the hybrid-RFE ranks features by
    these two statistics of the training data. Computing them once per resample lets every
    hybrid-RFE configuration share them (:func:`fsstab.selectors.hybrid_rfe_sweep`'s
    ``univariate_statistics``). Long table: ``resample`` (int32), ``feature`` (int32),
    ``welch_t`` and ``variance`` (float64), sorted by resample and feature.
    """
    d = ds.n_features
    t_values, variances = [], []
    for train, _ in resamples:
        X, y = ds.X[train], ds.y[train]
        t_values.append(welch_t_statistic(X, y))
        variances.append(sample_variance(X))
    M = len(resamples)
    return pa.table(
        {
            "resample": pa.array(np.repeat(np.arange(M, dtype=np.int32), d)),
            "feature": pa.array(np.tile(np.arange(d, dtype=np.int32), M)),
            "welch_t": pa.array(np.concatenate(t_values)),
            "variance": pa.array(np.concatenate(variances)),
        }
    )


def read_univariate(path: str | os.PathLike[str]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """``{resample: (welch_t, variance)}`` from a file of :func:`univariate_statistics`."""
    table, meta = read_parquet(path)
    if meta.get("format") != UNIVARIATE_FORMAT:
        raise ValueError(f"{path}: not an fsstab univariate file (format {meta.get('format')!r})")
    return univariate_mapping(table, int(meta["d"]))


def univariate_mapping(table: pa.Table, d: int) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """``{resample: (welch_t, variance)}`` of a table of :func:`univariate_statistics` over
    ``d`` features (what :func:`fsstab.workflow.selection.select_chunk` takes)."""
    resample = table.column("resample").to_numpy()
    t = table.column("welch_t").to_numpy().reshape(-1, d)
    v = table.column("variance").to_numpy().reshape(-1, d)
    ids = resample[::d]
    return {int(r): (t[k], v[k]) for k, r in enumerate(ids)}


def write_univariate(table: pa.Table, path: str | os.PathLike[str], *, dataset: Dataset) -> Path:
    """Atomically write a table of :func:`univariate_statistics` with its metadata."""
    metadata = {"format": UNIVARIATE_FORMAT, "dataset": dataset.name, "d": dataset.n_features}
    return write_parquet(table, path, metadata=metadata)
