"""The similarity stage in bands of rows: one job per band, gathered into one matrix.

The upper triangle of the correlation matrix is split into ``jobs`` bands of rows of equal
work (:func:`fsstab.similarity.similarity_bands`); each ``similarity_band`` job computes the
pairs of its band (:func:`similarity_band`) and stores them in the layout of the similarity
file; the ``similarity`` rule joins the bands (:func:`gather_similarity_bands`) into exactly the
matrix one job computes (the bands consist of whole tiles: bit for bit the same products).
A band is named ``<k>-of-<jobs>`` (1-based, three digits: ``003-of-008``), so its file says
which rows it holds and a change of ``jobs`` never mixes files of two splits.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import scipy.sparse as sp

from fsstab.datasets import Dataset
from fsstab.io import read_parquet, write_parquet
from fsstab.similarity import correlation_pairs, similarity_bands, similarity_from_pairs

__all__ = [
    "SIMILARITY_BAND_FORMAT",
    "band_ids",
    "gather_similarity_bands",
    "parse_band_id",
    "similarity_band",
    "write_similarity_band",
]

SIMILARITY_BAND_FORMAT = "fsstab.similarity-band/1"

_BAND_ID = re.compile(r"^(\d{3})-of-(\d{3})$")


def band_ids(jobs: int) -> list[str]:
    """``["001-of-<jobs>", ...]``: the bands of a similarity computed by ``jobs`` jobs."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 999:
        raise ValueError(f"similarity jobs must be an integer in 1..999, got {jobs!r}")
    return [f"{k:03d}-of-{jobs:03d}" for k in range(1, jobs + 1)]


def parse_band_id(band: str) -> tuple[int, int]:
    """``(k, jobs)`` of a band id ``<k>-of-<jobs>`` (k 1-based)."""
    match = _BAND_ID.match(band)
    if match is None or not 1 <= int(match[1]) <= int(match[2]):
        raise ValueError(f"similarity band {band!r} is not of the form <k>-of-<jobs> with "
                         "1 <= k <= jobs, three digits each (e.g. 003-of-008)")
    return int(match[1]), int(match[2])


def similarity_band(ds: Dataset, band: str, *, method: str, threshold: float) -> tuple[
    np.ndarray, np.ndarray, np.ndarray
]:
    """The pairs ``i < j`` with ``|ρ| >= threshold`` of band ``band`` (rows of about 1/jobs of
    the work): :func:`fsstab.similarity.correlation_pairs`."""
    if method not in ("pearson", "spearman"):
        raise ValueError(f"similarity bands apply to pearson and spearman, not {method!r}")
    k, jobs = parse_band_id(band)
    rows = similarity_bands(ds.n_features, jobs)[k - 1]
    return correlation_pairs(ds.X, method=method, threshold=threshold, rows=rows)  # type: ignore[arg-type]


def write_similarity_band(
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray], path: str | os.PathLike[str], *,
    dataset: str, d: int, band: str, method: str, threshold: float,
) -> Path:
    """One band's pairs: columns ``i``, ``j`` (int32), ``similarity`` (float64) in the order
    computed; metadata ``format``, ``dataset``, ``d``, ``band``, ``method``, ``threshold``."""
    i, j, values = pairs
    table = pa.table({"i": pa.array(np.asarray(i, dtype=np.int32)),
                      "j": pa.array(np.asarray(j, dtype=np.int32)),
                      "similarity": pa.array(np.asarray(values, dtype=np.float64))})
    metadata = {"format": SIMILARITY_BAND_FORMAT, "dataset": dataset, "d": int(d),
                "band": band, "method": method, "threshold": float(threshold)}
    return write_parquet(table, path, metadata=metadata)


def gather_similarity_bands(
    paths: Sequence[str | os.PathLike[str]], *, method: str, threshold: float,
    binary: bool = False,
) -> tuple[sp.csr_array, str]:
    """``(C, dataset)`` from the files of every band of one split (any order).

    Checks that the files are the bands ``1..jobs`` of one split, each exactly once, of one
    dataset and with the configured method and threshold; ``binary`` makes each entry 1 (as
    :func:`fsstab.workflow.data.similarity_matrix`).
    """
    if not paths:
        raise ValueError("no similarity band files to gather")
    found: dict[int, tuple[Path, pa.Table]] = {}
    first: dict[str, Any] | None = None
    for path in map(Path, paths):
        table, meta = read_parquet(path)
        if meta.get("format") != SIMILARITY_BAND_FORMAT:
            raise ValueError(f"{path}: not a similarity band file (format "
                             f"{meta.get('format')!r})")
        k, jobs = parse_band_id(meta["band"])
        first = first or {**meta, "jobs": jobs, "path": path}
        for key, expected in (("dataset", first["dataset"]), ("d", first["d"]),
                              ("method", method), ("threshold", float(threshold))):
            if meta[key] != expected:
                raise ValueError(f"{path}: {key} = {meta[key]!r}, but the other bands (or the "
                                 f"configuration) have {expected!r}; rerun the similarity bands")
        if jobs != first["jobs"]:
            raise ValueError(f"{path}: band {meta['band']} is of a split into {jobs} jobs, "
                             f"{first['path']} of a split into {first['jobs']}")
        if k in found:
            raise ValueError(f"{path}: band {meta['band']} is also in {found[k][0]}")
        found[k] = (path, table)
    assert first is not None
    missing = sorted(set(range(1, first["jobs"] + 1)) - set(found))
    if missing:
        raise ValueError(f"similarity of {first['dataset']!r}: band(s) {missing} of "
                         f"{first['jobs']} missing")
    tables = [found[k][1] for k in sorted(found)]
    i, j, values = (np.concatenate([t.column(c).to_numpy().astype(dtype, copy=False)
                                    for t in tables])
                    for c, dtype in (("i", np.int64), ("j", np.int64),
                                     ("similarity", np.float64)))
    C = sp.csr_array(similarity_from_pairs(i, j, values, int(first["d"])))
    if binary:
        C.data[:] = 1.0
    return C, str(first["dataset"])
