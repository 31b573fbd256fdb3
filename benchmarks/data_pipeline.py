"""Timing of the data stages: fetch (from a local mirror), Parquet round trip, prefilter, resample.

Uses the shared datasets folder as a mirror (``$FSSTAB_SHARED/datasets``, default
``../shared/datasets`` next to the repository) and a fresh cache, so "fetch" includes copying,
checksum verification and RData parsing. Run: ``python benchmarks/data_pipeline.py``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _threads import describe, pinned

from fsstab.datasets import read_dataset, write_dataset
from fsstab.prefilter import prefilter
from fsstab.resampling import make_resamples, read_resamples, write_resamples
from fsstab.sources import fetch
from fsstab.synthetic import blocks, correlated_groups, toeplitz

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FSSTAB_SHARED", REPO.parent / "shared"))
DATASETS = ["alon", "borovecki", "singh", "gravier"]
PREFILTERS = {
    "borovecki": {"n_features": 1000, "log_transform": "log2"},
    "singh": {"n_features": 1250},
}


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    rows: list[tuple[str, str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name in DATASETS:
            t, ds = _timed(
                lambda name=name: fetch(
                    f"datamicroarray:{name}", mirror=SHARED / "datasets", cache_dir=tmp / "cache"
                )
            )
            rows.append(("fetch (cold cache)", f"{name} {ds.n_samples}x{ds.n_features}", t))
            t, _ = _timed(lambda ds=ds, name=name: write_dataset(ds, tmp / name))
            rows.append(("write_dataset", name, t))
            t, _ = _timed(lambda name=name: read_dataset(tmp / name))
            rows.append(("read_dataset", name, t))
            if name in PREFILTERS:
                t, _ = _timed(lambda ds=ds, name=name: prefilter(ds, **PREFILTERS[name]))
                rows.append(("prefilter", f"{name} {PREFILTERS[name]}", t))
        y = np.array([1] * 52 + [0] * 50)  # singh's classes
        for scheme, params in [
            ("bootstrap", {}),
            ("subsample", {"fraction": 0.9}),
            ("leave_out", {"delta": 0.05}),
            ("kfold", {"n_splits": 10}),
            ("complementary_pairs", {}),
        ]:
            t, res = _timed(lambda s=scheme, p=params: make_resamples(y, s, 100, 0, **p))
            rows.append(("make_resamples M=100", f"{scheme} n=102", t))
            path = tmp / f"{scheme}.parquet"
            t, _ = _timed(lambda res=res, path=path: write_resamples(res, path))
            rows.append(("write_resamples", scheme, t))
            t, _ = _timed(lambda path=path: read_resamples(path, y=y))
            rows.append(("read_resamples", scheme, t))
        big = np.array([1] * 2000 + [0] * 2095)
        t, _ = _timed(lambda: make_resamples(big, "bootstrap", 1000, 0))
        rows.append(("make_resamples M=1000", "bootstrap n=4095", t))
        for label, generator in [
            ("correlated_groups c=10", lambda: correlated_groups(group_size=10, random_state=0)),
            (
                "blocks 100x10000 s=24",
                lambda: blocks(n_samples=100, n_features=10000, n_similar=24, random_state=0),
            ),
            (
                "toeplitz 100x10000 s=24",
                lambda: toeplitz(n_samples=100, n_features=10000, n_similar=24, random_state=0),
            ),
        ]:
            t, _ = _timed(generator)
            rows.append(("synthetic", label, t))
    print(f"{'step':<22} {'case':<46} {'seconds':>8}")
    for step, case, seconds in rows:
        print(f"{step:<22} {case:<46} {seconds:8.3f}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
