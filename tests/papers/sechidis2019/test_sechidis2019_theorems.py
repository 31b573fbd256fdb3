"""Theorems 1 and 2 of Sechidis et al. (2019) (fsstab.papers.sechidis2019.theorems) against
loops over pairs of runs and the definitions written out entry by entry."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.sechidis2019.theorems import THEOREM_COLUMNS, intersections, theorem_table


def _random(seed: int, M: int = 12, d: int = 9):
    rng = np.random.default_rng(seed)
    Z = rng.random((M, d)) < 0.35
    C = rng.random((d, d))
    C = (C + C.T) / 2
    np.fill_diagonal(C, 1.0)
    return Z, C


def _by_loops(Z: np.ndarray, C: np.ndarray) -> tuple[float, float, float]:
    M = len(Z)
    plain, effective, smallest = [], [], np.inf
    for i in range(M):
        for j in range(M):
            if i != j:
                r = sum(int(Z[i, f] and Z[j, f]) for f in range(Z.shape[1]))
                rc = sum(C[f, g] * Z[i, f] * Z[j, g] for f in range(Z.shape[1])
                         for g in range(Z.shape[1]))
                plain.append(r)
                effective.append(rc)
                smallest = min(smallest, rc - r)
    return float(np.mean(plain)), float(np.mean(effective)), float(smallest)


def _theorem2_by_definitions(Z: np.ndarray, C: np.ndarray) -> float:
    """k̄_C - tr(C S) with z̄_ff' and S_ff' = M/(M-1)(p̂_ff' - p̂_f p̂_f') entry by entry."""
    M, d = Z.shape
    Zf = Z.astype(float)
    k_bar_c = sum(C[f, g] * np.mean(Zf[:, f] * Zf[:, g]) for f in range(d) for g in range(d))
    S = np.array([[M / (M - 1) * (np.mean(Zf[:, f] * Zf[:, g]) - Zf[:, f].mean()
                                  * Zf[:, g].mean()) for g in range(d)] for f in range(d)])
    return float(k_bar_c - np.trace(C @ S))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_intersections_against_loops_and_theorem2(seed):
    Z, C = _random(seed)
    out = intersections(Z, C)
    plain, effective, smallest = _by_loops(Z, C)
    assert out["mean_intersection"] == pytest.approx(plain)
    assert out["mean_effective_intersection"] == pytest.approx(effective)
    assert out["min_pair_difference"] == pytest.approx(smallest)
    assert out["mean_size"] == pytest.approx(Z.sum(axis=1).mean())
    # Theorem 2: the average effective intersection is k̄_C - tr(C S)
    assert out["theorem2_right"] == pytest.approx(_theorem2_by_definitions(Z, C))
    assert out["theorem2_right"] == pytest.approx(effective)
    assert out["min_similarity"] >= 0
    assert smallest >= 0                                   # Theorem 1 with C >= 0


def test_threshold_and_a_negative_similarity_break_theorem1():
    Z = np.array([[1, 0, 0], [0, 1, 0], [1, 0, 1]], dtype=bool)
    C = np.array([[1.0, -0.5, 0.2], [-0.5, 1.0, 0.0], [0.2, 0.0, 1.0]])
    out = intersections(Z, C)                              # C as given
    # runs 1 and 2: |s ∩ s| = 0, effective = c_12 = -0.5
    assert out["min_pair_difference"] == pytest.approx(-0.5)
    assert out["min_similarity"] == pytest.approx(-0.5)
    # as Φ_C sees C (θ >= 0 drops negative entries): Theorem 1 holds
    assert intersections(Z, C, threshold=0.0)["min_pair_difference"] == 0
    # θ = 0.3 drops both off-diagonal entries: C = I, no difference
    thresholded = intersections(Z, C, threshold=0.3)
    assert thresholded["min_pair_difference"] == 0
    assert thresholded["mean_effective_intersection"] == thresholded["mean_intersection"]


def test_theorem_table_and_bad_input():
    Z, C = _random(3)
    table = theorem_table(pd.DataFrame([{"dataset": "x", "label": "lasso", "Z": Z}]),
                          {"x": (C, 0.0)}, {"lasso": "LASSO"})
    assert list(table.columns) == list(THEOREM_COLUMNS)
    assert table.loc[0, "method"] == "LASSO"
    with pytest.raises(ValueError, match="at least 2"):
        intersections(Z[:1], C)
    with pytest.raises(ValueError, match="features"):
        intersections(Z, C[:3, :3])
