"""Pareto analysis against brute-force implementations written from the definitions.

Oracles (all independent of ``fsstab.pareto``):
- dominance: Bommert (2020) §3.4.1, checked pair by pair in O(n²);
- γ intervals: for a point p, γA_p + (1 − γ)S_p >= γA_q + (1 − γ)S_q is linear in γ for every
  other point q; intersecting these half-lines with [0, 1] gives p's interval directly (Hamer &
  Dupont 2021, §7.1), and the intervals are also checked by evaluating o on a grid of γ;
- dominated area: the union of boxes, by coordinate compression (cells counted one by one).

Hypothesis draws objective values from a coarse dyadic grid (k / 8) so that ties, duplicates
and collinear points are frequent and exactly representable.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsstab.pareto import (
    choose_by_gamma,
    convex_hull_front,
    dominated_area,
    dominated_region,
    dominator_counts,
    epsilon_constraint_selection,
    hull_compromises,
    hull_gamma_intervals,
    non_dominated_mask,
    non_dominated_rank,
    pa_best_mask,
    pareto_front,
    pareto_optimal,
)

# --------------------------------------------------------------------------------------------
# Brute-force oracles
# --------------------------------------------------------------------------------------------


def brute_dominates(p, q, maximize) -> bool:
    """p dominates q: at least as good everywhere, strictly better somewhere."""
    triples = list(zip(p, q, maximize, strict=True))
    better_or_equal = [(a >= b) if mx else (a <= b) for a, b, mx in triples]
    strictly = [(a > b) if mx else (a < b) for a, b, mx in triples]
    return all(better_or_equal) and any(strictly)


def brute_mask(points, maximize):
    n = len(points)
    return np.array(
        [not any(brute_dominates(points[j], points[i], maximize) for j in range(n) if j != i)
         for i in range(n)],
        dtype=bool,
    )


def brute_gamma_interval(acc, stab, p):
    """Interval of γ in [0, 1] on which point p maximises γA + (1 − γ)S (None if empty)."""
    lo, hi = 0.0, 1.0
    for q in range(len(acc)):
        # γ (ΔA − ΔS) + ΔS >= 0 with ΔA = A_p − A_q, ΔS = S_p − S_q
        da, ds = acc[p] - acc[q], stab[p] - stab[q]
        slope = da - ds
        if slope > 0:
            lo = max(lo, -ds / slope)
        elif slope < 0:
            hi = min(hi, -ds / slope)
        elif ds < 0:
            return None
    return (lo, hi) if lo <= hi + 1e-12 else None


def brute_area(x, y, ref):
    """Union of the boxes [ref, p] (both maximised), cell by cell."""
    pts = [(a, b) for a, b in zip(x, y, strict=True) if a > ref[0] and b > ref[1]]
    xs = sorted({ref[0], *(p[0] for p in pts)})
    ys = sorted({ref[1], *(p[1] for p in pts)})
    area = 0.0
    for x0, x1 in itertools.pairwise(xs):
        for y0, y1 in itertools.pairwise(ys):
            if any(a >= x1 and b >= y1 for a, b in pts):
                area += (x1 - x0) * (y1 - y0)
    return area


grid_value = st.integers(0, 8).map(lambda k: k / 8)


@st.composite
def point_sets(draw, min_points=1, max_points=14, t=None):
    t = draw(st.integers(1, 4)) if t is None else t
    n = draw(st.integers(min_points, max_points))
    pts = draw(st.lists(st.lists(grid_value, min_size=t, max_size=t), min_size=n, max_size=n))
    maximize = draw(st.lists(st.booleans(), min_size=t, max_size=t))
    return np.array(pts, dtype=float).reshape(n, t), maximize


# --------------------------------------------------------------------------------------------
# Non-dominated points
# --------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(point_sets())
def test_non_dominated_mask_matches_brute_force(case):
    points, maximize = case
    expected = brute_mask(points.tolist(), maximize)
    np.testing.assert_array_equal(non_dominated_mask(points, maximize=maximize), expected)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(50, 300), st.integers(2, 3))
def test_non_dominated_mask_continuous_values(seed, n, t):
    rng = np.random.default_rng(seed)
    points = rng.normal(size=(n, t))
    points[: n // 4] = points[n // 4: 2 * (n // 4)]  # duplicates
    expected = brute_mask(points.tolist(), [True] * t)
    np.testing.assert_array_equal(non_dominated_mask(points), expected)


def test_duplicates_of_a_non_dominated_point_are_all_kept():
    points = np.array([[0.9, 0.5], [0.9, 0.5], [0.8, 0.6], [0.8, 0.4], [0.9, 0.5]])
    np.testing.assert_array_equal(
        non_dominated_mask(points), [True, True, True, False, True]
    )
    # Same accuracy, lower stability: dominated by its twin with the higher stability.
    np.testing.assert_array_equal(
        non_dominated_mask([[0.9, 0.5], [0.9, 0.4]]), [True, False]
    )


def test_minimised_objective_three_criteria():
    # accuracy (max), stability (max), number of selected features (min), Bommert (2020) §7.1
    points = [[0.9, 0.5, 10], [0.9, 0.5, 12], [0.8, 0.7, 30], [0.8, 0.6, 30], [0.95, 0.2, 50]]
    # row 1 is dominated by row 0 (same accuracy and stability, more features);
    # row 3 by row 2 (lower stability, same rest).
    np.testing.assert_array_equal(
        non_dominated_mask(points, maximize=(True, True, False)),
        [True, False, True, False, True],
    )


@settings(max_examples=150, deadline=None)
@given(point_sets(t=2))
def test_pareto_front_sorted(case):
    points, maximize = case
    x, y = points[:, 0], points[:, 1]
    front = pareto_front(x, y, maximize=maximize)
    expected = np.flatnonzero(brute_mask(points.tolist(), maximize))
    assert sorted(front.tolist()) == expected.tolist()
    # sorted by increasing x, ties by row index
    keys = [(x[i], i) for i in front]
    assert keys == sorted(keys)


def test_pa_best_mask():
    points = [[0.90, 0.5, 10], [0.86, 0.8, 5], [0.84, 0.9, 3], [0.70, 1.0, 1], [0.88, 0.4, 40]]
    # Pareto-optimal: 0, 1, 2, 3 (4 is dominated by 0); acc.max − 0.05 = 0.85 keeps 0 and 1.
    np.testing.assert_array_equal(
        pa_best_mask(points, maximize=(True, True, False)), [True, True, False, False, False]
    )


def test_pareto_optimal_on_a_table():
    table = pd.DataFrame(
        {"accuracy": [0.9, 0.8, 0.7], "phi": [0.2, 0.5, 0.4], "size": [5, 5, 2]},
        index=["a", "b", "c"],
    )
    mask = pareto_optimal(table, {"accuracy": "max", "phi": "max"})
    assert mask.to_dict() == {"a": True, "b": True, "c": False}
    mask = pareto_optimal(table, {"accuracy": "max", "phi": "max", "size": "min"})
    assert mask.to_dict() == {"a": True, "b": True, "c": True}


# --------------------------------------------------------------------------------------------
# Convex hull and γ intervals
# --------------------------------------------------------------------------------------------


def test_gamma_intervals_hand_computed():
    # Front by increasing accuracy: (0.70, 0.65), (0.80, 0.60), (0.85, 0.50), (0.90, 0.30).
    # Breakpoints ΔS / (ΔA + ΔS): 0.05/0.15 = 1/3, 0.10/0.15 = 2/3, 0.20/0.25 = 4/5.
    # (0.82, 0.40) is dominated by (0.85, 0.50); (0.90, 0.30) appears twice.
    acc = [0.80, 0.85, 0.90, 0.70, 0.90, 0.82]
    stab = [0.60, 0.50, 0.30, 0.65, 0.30, 0.40]
    res = hull_gamma_intervals(acc, stab)
    assert res.index.tolist() == [3, 0, 1, 2, 4]
    np.testing.assert_allclose(res.gamma_lo, [0, 1 / 3, 2 / 3, 4 / 5, 4 / 5])
    np.testing.assert_allclose(res.gamma_hi, [1 / 3, 2 / 3, 4 / 5, 1, 1])
    assert choose_by_gamma(acc, stab, 0.5) == 0
    assert choose_by_gamma(acc, stab, 0.9) == 2  # first of the two identical rows
    # exactly at a breakpoint (as computed in floating point, ≈ 2/3) the more accurate
    # compromise is chosen
    assert choose_by_gamma(acc, stab, res.gamma_lo[2]) == 1
    assert choose_by_gamma(acc, stab, np.nextafter(res.gamma_lo[2], 0)) == 0


def test_single_point_and_non_convex_front():
    res = hull_gamma_intervals([0.8], [0.3])
    assert res.index.tolist() == [0]
    assert (res.gamma_lo[0], res.gamma_hi[0]) == (0.0, 1.0)
    # (0.5, 0.5) lies below the chord from (0, 1) to (1, 0)... exactly on it: collinear.
    acc, stab = [0.0, 0.5, 1.0, 0.4], [1.0, 0.5, 0.0, 0.4]
    res = hull_gamma_intervals(acc, stab)
    assert res.index.tolist() == [0, 1, 2]
    np.testing.assert_allclose(res.gamma_lo, [0, 0.5, 0.5])
    np.testing.assert_allclose(res.gamma_hi, [0.5, 0.5, 1])
    assert convex_hull_front(acc, stab, include_collinear=False).tolist() == [0, 2]
    # (0.5, 0.4) is Pareto-optimal but strictly inside the hull.
    assert convex_hull_front([0.0, 0.5, 1.0], [1.0, 0.4, 0.0]).tolist() == [0, 2]


@settings(max_examples=200, deadline=None)
@given(point_sets(min_points=1, max_points=16, t=2))
def test_gamma_intervals_match_brute_force(case):
    points, _ = case
    acc, stab = points[:, 0], points[:, 1]
    res = hull_gamma_intervals(acc, stab)
    optimal = brute_mask(points.tolist(), [True, True])
    expected = {}
    for p in np.flatnonzero(optimal):
        interval = brute_gamma_interval(acc, stab, p)
        if interval is not None:
            expected[int(p)] = interval
    assert sorted(res.index.tolist()) == sorted(expected)
    for p, lo, hi in zip(res.index, res.gamma_lo, res.gamma_hi, strict=True):
        assert lo <= hi
        assert lo == pytest.approx(expected[int(p)][0], abs=1e-12)
        assert hi == pytest.approx(expected[int(p)][1], abs=1e-12)
    # the intervals tile [0, 1]
    assert res.gamma_lo.min() == 0.0
    assert res.gamma_hi.max() == 1.0
    vertices = convex_hull_front(acc, stab, include_collinear=False)
    nondegenerate = res.index[res.gamma_hi > res.gamma_lo]
    assert sorted(vertices.tolist()) == sorted(nondegenerate.tolist())


@settings(max_examples=150, deadline=None)
@given(point_sets(min_points=1, max_points=16, t=2))
def test_gamma_intervals_on_a_grid(case):
    points, _ = case
    acc, stab = points[:, 0], points[:, 1]
    res = hull_gamma_intervals(acc, stab)
    optimal = brute_mask(points.tolist(), [True, True])
    grid = np.arange(65) / 64
    chosen_for_grid = choose_by_gamma(acc, stab, grid)
    for gamma, chosen in zip(grid, chosen_for_grid, strict=True):
        objective = gamma * acc + (1 - gamma) * stab
        best = objective.max()
        covering = (res.gamma_lo <= gamma) & (gamma <= res.gamma_hi)
        assert covering.any()
        # every compromise whose interval contains γ is optimal for γ ...
        assert np.all(objective[res.index[covering]] >= best - 1e-12)
        # ... and every optimal Pareto point is such a compromise
        maximisers = np.flatnonzero((objective >= best - 1e-12) & optimal)
        assert set(maximisers.tolist()) <= set(res.index[covering].tolist())
        # the chosen one: optimal, most accurate among the optimal, then lowest row
        ties = np.flatnonzero(objective >= best - 1e-12)
        top = ties[acc[ties] == acc[ties].max()]
        top = top[stab[top] == stab[top].max()]
        assert chosen == top.min()


def test_choose_by_gamma_vectorised_and_errors():
    acc, stab = [0.7, 0.8, 0.9], [0.9, 0.6, 0.2]
    np.testing.assert_array_equal(choose_by_gamma(acc, stab, [0.0, 1.0]), [0, 2])
    with pytest.raises(ValueError, match="gamma must lie in"):
        choose_by_gamma(acc, stab, 1.5)
    with pytest.raises(ValueError, match="empty"):
        choose_by_gamma([], [], 0.5)


def test_hull_compromises_table():
    table = pd.DataFrame(
        {
            "config": ["N0", "N5", "N10", "N20"],
            "accuracy": [0.93, 0.92, 0.88, 0.80],
            "phi_iw": [0.20, 0.35, 0.37, 0.45],
        }
    )
    out = hull_compromises(table, "accuracy", "phi_iw")
    # All four are Pareto-optimal. On the chord N20 (0.80, 0.45) → N5 (0.92, 0.35) the
    # stability at A = 0.88 is 0.45 − 0.10 · 0.08 / 0.12 ≈ 0.383 > 0.37, so N10 lies strictly
    # below the hull and is never chosen.
    #   N20→N5: ΔS = 0.10, ΔA = 0.12 → γ = 0.10/0.22; N5→N0: ΔS = 0.15, ΔA = 0.01 → γ = 0.15/0.16
    assert out["config"].tolist() == ["N20", "N5", "N0"]
    np.testing.assert_allclose(out["gamma_lo"], [0, 0.10 / 0.22, 0.15 / 0.16])
    np.testing.assert_allclose(out["gamma_hi"], [0.10 / 0.22, 0.15 / 0.16, 1])
    with pytest.raises(ValueError, match="no column"):
        hull_compromises(table, "accuracy", "phi")


# --------------------------------------------------------------------------------------------
# ε-constraint selection (Bommert 2020, Algorithm 3.2)
# --------------------------------------------------------------------------------------------

# A Fig. 3.3-style example (dyadic values, so every threshold is exact). acc_const = 0.125,
# stab_const = 0.25:
#   step 1-2: acc.max = 0.875 → keep accuracy >= 0.75: rows 0, 1, 2, 3, 4, 5 (6, 7 removed);
#   step 3-4: stab.max among them = 0.875 (row 5) → keep stability >= 0.625: rows 2, 3, 5;
#   step 5-6: acc.max.end = max(0.8125, 0.78125, 0.75) = 0.8125 → row 2.
# Row 0 (the most accurate) is discarded for its low stability; row 7 (the most stable) for its
# low accuracy.
FIG33_ACC = [0.875, 0.84375, 0.8125, 0.78125, 0.75, 0.75, 0.625, 0.5]
FIG33_STAB = [0.25, 0.5, 0.625, 0.75, 0.5, 0.875, 0.9375, 1.0]


def test_epsilon_constraint_fig33_example():
    assert epsilon_constraint_selection(
        FIG33_ACC, FIG33_STAB, acc_const=0.125, stab_const=0.25
    ) == 2
    # Looser stability constraint: everything from step 2 passes step 4 → the most accurate.
    assert epsilon_constraint_selection(
        FIG33_ACC, FIG33_STAB, acc_const=0.125, stab_const=1.0
    ) == 0
    # Tighter: only stability >= 0.875 - 0.0625 survives among rows 0-5 → row 5.
    assert epsilon_constraint_selection(
        FIG33_ACC, FIG33_STAB, acc_const=0.125, stab_const=0.0625
    ) == 5
    # Wider accuracy window: rows 0-6 pass, stab.max = 0.9375 (row 6) → stability >= 0.6875:
    # rows 3, 5, 6 → the most accurate is row 3.
    assert epsilon_constraint_selection(
        FIG33_ACC, FIG33_STAB, acc_const=0.25, stab_const=0.25
    ) == 3


def test_epsilon_constraint_single_objective_and_boundaries():
    acc = [0.75, 0.875, 0.875, 0.8125]
    stab = [0.9, 0.5, 0.625, 0.9]
    # acc_const = 0: single-objective accuracy, ties broken by stability (steps 7-9).
    assert epsilon_constraint_selection(acc, stab, acc_const=0.0, stab_const=0.0) == 2
    # Accuracy exactly acc.max − acc_const is kept (">=" in step 2): 0.875 − 0.125 = 0.75.
    assert epsilon_constraint_selection([0.875, 0.75], [0.0, 1.0], acc_const=0.125,
                                        stab_const=0.5) == 1
    # Stability exactly stab.max − stab_const is kept (step 4): 1.0 − 0.5 = 0.5.
    assert epsilon_constraint_selection([0.875, 0.75], [0.5, 1.0], acc_const=0.125,
                                        stab_const=0.5) == 0


def test_epsilon_constraint_random_tie_break_is_seeded():
    acc = [0.8, 0.9, 0.9, 0.7, 0.9, 0.9]
    stab = [0.9, 0.5, 0.5, 0.9, 0.5, 0.4]
    tied = {1, 2, 4}
    picks = [
        epsilon_constraint_selection(acc, stab, acc_const=0.05, stab_const=0.2, random_state=s)
        for s in range(40)
    ]
    assert set(picks) == tied  # every tied configuration can be chosen, nothing else
    again = [
        epsilon_constraint_selection(acc, stab, acc_const=0.05, stab_const=0.2, random_state=s)
        for s in range(40)
    ]
    assert picks == again
    rng = np.random.RandomState(3)
    first = epsilon_constraint_selection(acc, stab, acc_const=0.05, stab_const=0.2,
                                         random_state=rng)
    assert first in tied


def test_epsilon_constraint_errors():
    with pytest.raises(ValueError, match="acc_const must lie in"):
        epsilon_constraint_selection([0.5], [0.5], acc_const=-0.1, stab_const=0.1)
    with pytest.raises(ValueError, match="stab_const must lie in"):
        epsilon_constraint_selection([0.5], [0.5], acc_const=0.1, stab_const=2)
    with pytest.raises(ValueError, match=r"stability\[1\] = nan"):
        epsilon_constraint_selection([0.5, 0.6], [0.5, np.nan], acc_const=0.1, stab_const=0.1)
    with pytest.raises(ValueError, match="same length"):
        epsilon_constraint_selection([0.5, 0.6], [0.5], acc_const=0.1, stab_const=0.1)


# --------------------------------------------------------------------------------------------
# Non-dominated rank (Sechidis et al. 2019, §4.1, Table 2)
# --------------------------------------------------------------------------------------------


def test_dominator_counts_brute_force():
    rng = np.random.default_rng(5)
    points = rng.integers(0, 4, size=(40, 3)).astype(float)
    maximize = [True, False, True]
    expected = [
        sum(brute_dominates(points[j], points[i], maximize) for j in range(40) if j != i)
        for i in range(40)
    ]
    np.testing.assert_array_equal(dominator_counts(points, maximize=maximize), expected)


def test_non_dominated_rank_hand_computed():
    rows = [
        # data set d1: LASSO (0.90, 0.3), MIM (0.85, 0.6), RF (0.80, 0.5), JMI (0.84, 0.55)
        #   dominators: LASSO 0, MIM 0, RF 2 (MIM, JMI), JMI 1 (MIM) → ranks 1, 1, 3, 2
        ("d1", "LASSO", 0.90, 0.3), ("d1", "MIM", 0.85, 0.6),
        ("d1", "RF", 0.80, 0.5), ("d1", "JMI", 0.84, 0.55),
        # data set d2: LASSO (0.70, 0.2), MIM (0.75, 0.4), RF (0.75, 0.4), JMI (0.60, 0.1)
        #   MIM and RF tie (neither dominates the other); both dominate LASSO and JMI;
        #   LASSO dominates JMI → ranks LASSO 3, MIM 1, RF 1, JMI 4
        ("d2", "LASSO", 0.70, 0.2), ("d2", "MIM", 0.75, 0.4),
        ("d2", "RF", 0.75, 0.4), ("d2", "JMI", 0.60, 0.1),
    ]
    table = pd.DataFrame(rows, columns=["dataset", "method", "accuracy", "stability"])
    ranks = non_dominated_rank(table, method="method", dataset="dataset",
                               objectives={"accuracy": "max", "stability": "max"})
    # means: LASSO (1+3)/2 = 2, MIM 1, RF (3+1)/2 = 2, JMI (2+4)/2 = 3
    assert ranks.to_dict() == {"MIM": 1.0, "LASSO": 2.0, "RF": 2.0, "JMI": 3.0}
    assert ranks.index.tolist() == ["MIM", "LASSO", "RF", "JMI"]


def test_non_dominated_rank_errors():
    table = pd.DataFrame(
        [("d1", "A", 0.9, 0.1), ("d1", "B", 0.8, 0.2), ("d2", "A", 0.9, 0.1)],
        columns=["dataset", "method", "accuracy", "stability"],
    )
    objectives = {"accuracy": "max", "stability": "max"}
    with pytest.raises(ValueError, match=r"data set 'd2' has no result for method\(s\) \['B'\]"):
        non_dominated_rank(table, method="method", dataset="dataset", objectives=objectives)
    doubled = pd.concat([table, table.iloc[[0]]])
    with pytest.raises(ValueError, match="more than once"):
        non_dominated_rank(doubled, method="method", dataset="dataset", objectives=objectives)
    with pytest.raises(ValueError, match="'maximum'"):
        non_dominated_rank(table, method="method", dataset="dataset",
                           objectives={"accuracy": "maximum"})
    with pytest.raises(ValueError, match="no column 'algo'"):
        non_dominated_rank(table, method="algo", dataset="dataset", objectives=objectives)


# --------------------------------------------------------------------------------------------
# Dominated area (Hamer & Dupont 2021, Fig. 9)
# --------------------------------------------------------------------------------------------


def test_dominated_area_hand_computed():
    # Front (0.7, 0.65), (0.8, 0.6), (0.85, 0.5), (0.9, 0.3) against (0, 0):
    # 0.7·0.65 + 0.1·0.6 + 0.05·0.5 + 0.05·0.3 = 0.455 + 0.06 + 0.025 + 0.015 = 0.555
    acc = [0.80, 0.85, 0.90, 0.70, 0.90, 0.82]
    stab = [0.60, 0.50, 0.30, 0.65, 0.30, 0.40]
    assert dominated_area(acc, stab, (0.0, 0.0)) == pytest.approx(0.555, abs=1e-12)
    # Against (0.75, 0.4): only (0.8, 0.6) and (0.85, 0.5) count:
    # 0.05·0.2 + 0.05·0.1 = 0.015
    assert dominated_area(acc, stab, (0.75, 0.4)) == pytest.approx(0.015, abs=1e-12)
    assert dominated_area(acc, stab, (1.0, 1.0)) == 0.0


@settings(max_examples=150, deadline=None)
@given(point_sets(min_points=1, max_points=12, t=2), grid_value, grid_value)
def test_dominated_area_matches_union_of_boxes(case, rx, ry):
    points, _ = case
    x, y = points[:, 0], points[:, 1]
    expected = brute_area(x.tolist(), y.tolist(), (rx, ry))
    assert dominated_area(x, y, (rx, ry)) == pytest.approx(expected, abs=1e-12)
    xs, ys = dominated_region(x, y, (rx, ry))
    if expected == 0:
        assert xs.size == 0
    else:
        shoelace = 0.5 * abs(np.dot(xs[:-1], ys[1:]) - np.dot(xs[1:], ys[:-1]))
        assert shoelace == pytest.approx(expected, abs=1e-12)
    # minimising mirrored objectives gives the same area
    assert dominated_area(-x, -y, (-rx, -ry), maximize=(False, False)) == pytest.approx(
        expected, abs=1e-12
    )


# --------------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------------


def test_bad_input_errors():
    with pytest.raises(ValueError, match=r"points\[1, 0\] = nan"):
        non_dominated_mask([[0.1, 0.2], [np.nan, 0.3]])
    with pytest.raises(ValueError, match="maximize must be a bool or a sequence of 2"):
        non_dominated_mask([[0.1, 0.2]], maximize=(True,))
    with pytest.raises(ValueError, match="n x t matrix"):
        non_dominated_mask(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="reference must be a point"):
        dominated_area([0.5], [0.5], (0, 0, 0))
    with pytest.raises(ValueError, match="accuracy_column"):
        pa_best_mask([[0.5, 0.5]], accuracy_column=2)
    assert non_dominated_mask(np.zeros((0, 2))).shape == (0,)
    assert pareto_front([], []).size == 0
