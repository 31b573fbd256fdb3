"""Parquet layouts for wide data sets: why fsstab stores X as one fixed-size-list column.

Compares, for n x d float64 matrices up to d = 25,000 (borovecki has 22,283 features):

- ``list``  -- fsstab's layout (:func:`fsstab.datasets.write_dataset`): one row per sample, the
               features in a ``fixed_size_list<double>[d]`` column, names in the metadata;
- ``wide``  -- one float64 column per feature (what ``DataFrame.to_parquet`` produces);
- ``long``  -- one row per (sample, feature, value).

Each cell is the best of three runs (write, then read back to an n x d array); all layouts are
written by :func:`fsstab.io.write_parquet`, so codec and encodings are the same.
Run: ``python benchmarks/dataset_layout.py``.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from _threads import describe, pinned

from fsstab.datasets import make_dataset, read_dataset, write_dataset
from fsstab.io import write_parquet

SIZES = [(100, 2_000), (200, 12_600), (200, 25_000)]


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _list_layout(X: np.ndarray, path: Path) -> tuple[Callable, Callable]:
    ds = make_dataset("bench", X, ["a", "b"] * (X.shape[0] // 2))
    return (lambda: write_dataset(ds, path)), (lambda: read_dataset(path).X)


def _wide_layout(X: np.ndarray, path: Path) -> tuple[Callable, Callable]:
    names = [f"f{j}" for j in range(X.shape[1])]

    def write() -> None:
        write_parquet(pa.table({nm: X[:, j] for j, nm in enumerate(names)}), path)

    def read() -> np.ndarray:
        table = pq.read_table(path)
        return np.column_stack([c.to_numpy() for c in table.columns])

    return write, read


def _long_layout(X: np.ndarray, path: Path) -> tuple[Callable, Callable]:
    n, d = X.shape

    def write() -> None:
        table = pa.table(
            {
                "sample": np.repeat(np.arange(n, dtype=np.int32), d),
                "feature": np.tile(np.arange(d, dtype=np.int32), n),
                "value": X.reshape(-1),
            }
        )
        write_parquet(table, path)

    def read() -> np.ndarray:
        table = pq.read_table(path)
        out = np.empty((n, d))
        out[table.column("sample").to_numpy(), table.column("feature").to_numpy()] = table.column(
            "value"
        ).to_numpy()
        return out

    return write, read


LAYOUTS = {"list": _list_layout, "wide": _wide_layout, "long": _long_layout}


def main() -> None:
    rng = np.random.default_rng(0)
    print(f"{'n x d':>14} {'layout':>6} {'write s':>8} {'read s':>8} {'size MB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for n, d in SIZES:
            # microarray-like values: log-normal intensities with 4 significant digits
            X = np.round(np.exp(rng.normal(6, 1.5, size=(n, d))), 1)
            for layout, build in LAYOUTS.items():
                path = Path(tmp) / f"{layout}_{n}_{d}.parquet"
                write, read = build(X, path)
                t_write = _best(write)
                t_read = _best(read)
                if not np.array_equal(read(), X):
                    raise AssertionError(f"{layout} layout did not round-trip")
                size = path.stat().st_size / 1e6
                print(f"{n:>6} x {d:<6} {layout:>6} {t_write:8.3f} {t_read:8.3f} {size:8.2f}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
