"""Timings of the Pareto analysis, the similarity matrices and the feature stability map.

Run from a checkout: ``PYTHONPATH=src python3 benchmarks/bench_pareto_similarity.py``.
Prints one table; each row compares fsstab with a straightforward implementation where one
exists (the O(n²) pairwise dominance check, NumPy's dense ``corrcoef``).

Targets: non-dominated points of 10⁶ configurations in about a second; the thresholded
|Pearson| similarity of d = 25,000 micro-array features (n = 100) without ever allocating a
dense d x d matrix (which would take 5 GB); a feature stability map of M = 100 runs with about
50 features each drawn and saved in a few seconds.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

from fsstab.pareto import (
    choose_by_gamma,
    dominated_area,
    hull_gamma_intervals,
    non_dominated_mask,
)
from fsstab.plots import feature_stability_map, save_figure
from fsstab.similarity import correlation_similarity


def timed(func: Callable[[], object], repeat: int = 1) -> tuple[float, object]:
    best, result = np.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def peak_memory(func: Callable[[], object]) -> tuple[float, float, object]:
    """(seconds, peak MB allocated through Python/NumPy, result)."""
    tracemalloc.start()
    start = time.perf_counter()
    result = func()
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return elapsed, peak / 2**20, result


def pairwise_mask(points: np.ndarray) -> np.ndarray:
    """The O(n² t) definition, vectorised over one axis (the naive baseline)."""
    keep = np.ones(points.shape[0], dtype=bool)
    for i, p in enumerate(points):
        keep[i] = not np.any(np.all(points >= p, axis=1) & np.any(points > p, axis=1))
    return keep


def trade_off(n: int, t: int, rng: np.random.Generator) -> np.ndarray:
    """Configurations on a noisy accuracy/stability trade-off (plus a size objective if t=3)."""
    accuracy = rng.uniform(0.6, 0.95, n)
    stability = 1.2 - accuracy + rng.normal(0, 0.05, n)
    columns = [accuracy, stability] + [rng.uniform(0, 1, n) for _ in range(t - 2)]
    return np.column_stack(columns)


def main() -> None:
    rng = np.random.default_rng(0)
    rows: list[tuple[str, str, str, str]] = []

    for n in (1_000, 10_000, 100_000, 1_000_000):
        pts = trade_off(n, 2, rng)
        fast, mask = timed(lambda pts=pts: non_dominated_mask(pts), repeat=3)
        if n <= 10_000:
            slow, expected = timed(lambda pts=pts: pairwise_mask(pts))
            assert np.array_equal(mask, expected)
            baseline = f"{slow:8.3f} s"
            ratio = f"{slow / fast:8.0f}x"
        else:
            baseline, ratio = "       –", "       –"
        rows.append((f"non_dominated_mask, t=2, n={n:,}", f"{fast:8.3f} s", baseline, ratio))

    for n in (1_000, 10_000):
        pts = trade_off(n, 3, rng)
        fast, mask = timed(lambda pts=pts: non_dominated_mask(pts))
        slow, expected = timed(lambda pts=pts: pairwise_mask(pts))
        assert np.array_equal(mask, expected)
        rows.append((f"non_dominated_mask, t=3, n={n:,} (|front|={mask.sum()})",
                     f"{fast:8.3f} s", f"{slow:8.3f} s", f"{slow / fast:8.0f}x"))

    pts = trade_off(1_000_000, 2, rng)
    elapsed, _ = timed(lambda: hull_gamma_intervals(pts[:, 0], pts[:, 1]), repeat=3)
    rows.append(("hull_gamma_intervals, n=1,000,000", f"{elapsed:8.3f} s", "       –", "       –"))
    grid = np.linspace(0, 1, 1001)
    elapsed, _ = timed(lambda: choose_by_gamma(pts[:, 0], pts[:, 1], grid), repeat=3)
    rows.append(("choose_by_gamma, 1,001 γ, n=1,000,000", f"{elapsed:8.3f} s", "       –",
                 "       –"))
    elapsed, _ = timed(lambda: dominated_area(pts[:, 0], pts[:, 1], (0.5, 0.0)), repeat=3)
    rows.append(("dominated_area, n=1,000,000", f"{elapsed:8.3f} s", "       –", "       –"))

    n = 100
    for d in (5_000, 25_000):
        # micro-array-like: blocks of co-expressed genes on top of noise
        X = rng.normal(size=(n, d))
        modules = rng.normal(size=(n, d // 50))
        X += 1.5 * np.repeat(modules, 50, axis=1)[:, :d]
        for method in ("pearson", "spearman"):
            elapsed, peak, C = peak_memory(
                lambda X=X, method=method: correlation_similarity(X, method=method, threshold=0.5)
            )
            dense_mb = d * d * 8 / 2**20
            if d <= 5_000 and method == "pearson":
                slow, slow_peak, _ = peak_memory(lambda X=X: np.abs(np.corrcoef(X, rowvar=False)))
                baseline = f"{slow:8.3f} s, {slow_peak:,.0f} MB"
            else:
                baseline = f"dense would need {dense_mb:,.0f} MB"
            rows.append((
                f"correlation_similarity {method}, n={n}, d={d:,}, θ=0.5 (nnz={C.nnz:,})",
                f"{elapsed:8.3f} s, peak {peak:,.0f} MB", baseline, "       –",
            ))

    M, d = 100, 2_000
    p = np.sort(rng.beta(0.3, 8, size=d))[::-1]
    p = p * 25 / p.sum()
    p[:30] = np.linspace(1.0, 0.5, 30)
    Z = rng.random((M, d)) < p
    W = Z * rng.gamma(1.0, 1.0, size=(M, d))
    with tempfile.TemporaryDirectory() as tmp:
        draw, fig = timed(lambda: feature_stability_map(W))
        save, _ = timed(lambda: save_figure(fig, Path(tmp) / "map"))
    rows.append((f"feature_stability_map M={M}, {Z.sum() / M:.0f} features/run "
                 f"({Z.sum():,} rectangles): draw + save PDF & PNG",
                 f"{draw:8.3f} s + {save:.3f} s", "       –", "       –"))

    width = max(len(r[0]) for r in rows)
    header = ("case", "fsstab", "baseline", "speed-up")
    widths = (width, max(len(r[1]) for r in rows), max(len(r[2]) for r in rows), 9)
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
