"""What the rules of Nogueira & Brown (2016) compute: Fig. 1, the toy examples of §3.2, Table 2
and Fig. 2, as tables from in-memory inputs (the scripts of ``scripts/paper_nogueira2016/``
read the files, call these and write the results).

- **Fig. 1** (:func:`figure1_table`): the minimum and maximum of sim_N (eq. 14) against k1 for
  k2 = 6 and 8, n = 10. For two sets of sizes k1 and k2 the score depends on the pair only
  through the size r of the intersection, which ranges over max(0, k1 + k2 - n) .. min(k1, k2)
  (§3.1), so the extremes over *all* pairs of sets follow exactly from evaluating
  :func:`fsstab.measures.nogueira_brown` on one pair per feasible r.
- **§3.2** (:func:`toy_example_table`): the toy examples
  (:data:`~fsstab.papers.nogueira2016.reference.TOY_EXAMPLES`) under every fsstab measure that
  needs only the selected sets.
- **Table 2 and Fig. 2** (:func:`table2`, :func:`figure2_table`): random-forest selection (a
  feature is kept when at least a fraction p of 100 trees split on it), K = 100 subsamples of
  90 % -- the workflow's generic stages run it (``RandomForestSelector(mode="tree_fraction")``,
  resampling ``subsample``); these functions read the stability summary and the runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.measures import (
    MEASURES,
    applicable_measures,
    as_selection_matrix,
    compute,
    nogueira_brown,
    pair_score_matrix,
)
from fsstab.papers.nogueira2016.reference import TOY_EXAMPLES, ToyExample, symbol

__all__ = [
    "figure1_table",
    "figure2_jackknife",
    "figure2_table",
    "intersection_range",
    "pair_statistics",
    "pair_with_intersection",
    "set_measures",
    "sim_n_extremes",
    "table2",
    "toy_example_table",
]


# --------------------------------------------------------------------------------------------
# Fig. 1: extremes of sim_N
# --------------------------------------------------------------------------------------------


def intersection_range(k1: int, k2: int, n: int) -> tuple[int, int]:
    """Smallest and largest |s1 ∩ s2| of sets of sizes k1, k2 among n features (§3.1):
    max(0, k1 + k2 - n) and min(k1, k2)."""
    for name, value in (("k1", k1), ("k2", k2)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or \
                not 0 <= value <= n:
            raise ValueError(f"{name} must be an integer in 0..n={n}, got {value!r}")
    return max(0, k1 + k2 - n), min(k1, k2)


def pair_with_intersection(k1: int, k2: int, r: int, n: int) -> np.ndarray:
    """Two selections of sizes k1 and k2 sharing exactly r features: s1 = {0..k1-1},
    s2 = {k1-r .. k1-1} ∪ {k1 .. k1+k2-r-1}."""
    Z = np.zeros((2, n), dtype=bool)
    Z[0, :k1] = True
    Z[1, k1 - r:k1] = True
    Z[1, k1:k1 + k2 - r] = True
    return Z


def sim_n_extremes(k1: int, k2: int, n: int) -> tuple[float, float, int, int]:
    """``(min sim_N, max sim_N, argmin r, argmax r)`` over all pairs of sets of sizes k1, k2.

    Enumerates every feasible intersection size r and evaluates
    :func:`fsstab.measures.nogueira_brown` on a pair of sets with that intersection (sim_N
    depends on the pair only through r, k1, k2 and n; Nogueira & Brown 2016, eq. 14).
    """
    low, high = intersection_range(k1, k2, n)
    scores = [(nogueira_brown(pair_with_intersection(k1, k2, r, n)), r)
              for r in range(low, high + 1)]
    (smallest, r_min), (largest, r_max) = min(scores), max(scores)
    return float(smallest), float(largest), r_min, r_max


def figure1_table(n: int = 10, k2_values: Sequence[int] = (6, 8)) -> pd.DataFrame:
    """Fig. 1: ``n, k2, k1, r_min, r_max, sim_n_min, sim_n_max`` for k1 = 1 .. n - 1 (sim_N is
    defined for sizes in 1 .. n - 1; §4)."""
    rows = []
    for k2 in k2_values:
        for k1 in range(1, n):
            smallest, largest, r_min, r_max = sim_n_extremes(k1, int(k2), n)
            rows.append({"n": n, "k2": int(k2), "k1": k1, "r_min": r_min, "r_max": r_max,
                         "sim_n_min": smallest, "sim_n_max": largest})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------------------------
# §3.2: toy examples
# --------------------------------------------------------------------------------------------


def set_measures() -> tuple[str, ...]:
    """Every registered measure computed from the selected sets alone (no importances, ranks
    or similarity matrix): the measures the toy examples can be given to."""
    return tuple(name for name, info in MEASURES.items() if info.requires == ("Z",))


def toy_example_table(
    examples: Sequence[ToyExample] = TOY_EXAMPLES, measures: Sequence[str] | None = None
) -> pd.DataFrame:
    """Every measure on every example: one row per measure (``measure``, ``symbol``), one
    column per example key.

    A measure whose precondition fails (Kuncheva's index for sets of different sizes) or whose
    value is undefined is NaN.
    """
    names = tuple(measures) if measures is not None else set_measures()
    table = pd.DataFrame({"measure": list(names),
                          "symbol": [symbol(m, plain=True) for m in names]})
    for example in examples:
        Z = as_selection_matrix(list(example.runs), d=example.n)
        values = dict.fromkeys(names, math.nan)
        values.update(compute(Z, applicable_measures(names, Z, available=("Z",))))
        table[example.key] = [float(values[m]) for m in names]
    return table


# --------------------------------------------------------------------------------------------
# Table 2 and Fig. 2: random-forest selection on four data sets
# --------------------------------------------------------------------------------------------


def table2(
    datasets: Mapping[str, Mapping[str, int]],
    summary: pd.DataFrame,
    n_selected: Mapping[str, np.ndarray],
) -> pd.DataFrame:
    """Table 2 from our runs: ``dataset, n_examples, n_classes, p, n_features, runs,
    mean_selected, sd_selected``.

    ``datasets``: name -> ``{"n_examples", "n_classes", "n_features"}``; ``summary``: the
    stability summary rows (one configuration per dataset, with ``param_min_tree_fraction``);
    ``n_selected``: name -> number of features selected in each of the K runs (sd with
    ddof = 1).
    """
    rows = []
    for name, info in datasets.items():
        part = summary[summary["dataset"] == name]
        if len(part) != 1:
            raise ValueError(
                f"dataset {name!r}: expected one random-forest configuration in the summary, "
                f"found {len(part)}"
            )
        counts = np.asarray(n_selected[name], dtype=float)
        rows.append({
            "dataset": name,
            "n_examples": int(info["n_examples"]),
            "n_classes": int(info["n_classes"]),
            "p": float(part["param_min_tree_fraction"].iloc[0]),
            "n_features": int(info["n_features"]),
            "runs": counts.size,
            "mean_selected": float(counts.mean()),
            "sd_selected": float(counts.std(ddof=1)),
        })
    return pd.DataFrame(rows)


def figure2_table(summary: pd.DataFrame, measures: Sequence[str]) -> pd.DataFrame:
    """Fig. 2 in long form: ``dataset, configuration, measure, symbol, stability``."""
    missing = [m for m in measures if m not in summary.columns]
    if missing:
        raise ValueError(f"the stability summary has no column(s) {missing}")
    rows = []
    for _, row in summary.iterrows():
        for m in measures:
            rows.append({"dataset": row["dataset"], "configuration": row["configuration"],
                         "measure": m, "symbol": symbol(m, plain=True),
                         "stability": float(row[m])})
    return pd.DataFrame(rows)


def pair_statistics(selections: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """§5's explanation of why sim_W and sim_N are close, per data set, from the K selected
    sets (rows of a K x d 0/1 matrix): ``dataset, pairs, unequal_denominators`` (fraction of
    pairs i < j with ab/d - max(0, a + b - d) > min(a, b) - ab/d, the pairs where sim_W and
    sim_N may differ; sizes a, b, d), ``scores_differ`` (fraction of pairs whose sim_W and
    sim_N differ by more than 1e-12), ``min_wald``, ``min_nogueira_brown`` (smallest pairwise
    scores) and ``mean_gap`` (mean of sim_W - sim_N over the pairs, the difference of the two
    stabilities).
    """
    rows = []
    for name, selection in selections.items():
        Z = np.asarray(selection, dtype=bool)
        K, d = Z.shape
        upper = np.triu_indices(K, k=1)
        sizes = Z.sum(axis=1).astype(float)
        a, b = sizes[upper[0]], sizes[upper[1]]
        expected = a * b / d
        unequal = expected - np.maximum(0.0, a + b - d) > np.minimum(a, b) - expected
        wald = pair_score_matrix("wald", Z)[upper]
        sim_n = pair_score_matrix("nogueira_brown", Z)[upper]
        rows.append({
            "dataset": name,
            "pairs": int(upper[0].size),
            "unequal_denominators": float(np.mean(unequal)),
            "scores_differ": float(np.mean(np.abs(wald - sim_n) > 1e-12)),
            "min_wald": float(np.nanmin(wald)),
            "min_nogueira_brown": float(np.nanmin(sim_n)),
            "mean_gap": float(np.nanmean(wald - sim_n)),
        })
    return pd.DataFrame(rows)


def figure2_jackknife(selections: Mapping[str, np.ndarray], measures: Sequence[str]
                      ) -> pd.DataFrame:
    """The noise of Fig. 2's values: each measure on the K selected sets of each data set with
    one set left out, for every set (the jackknife; the standard error of any function f of
    the measures is ``sqrt((K - 1) / K * sum_i (f_i - mean f)²)`` over these K values).
    Columns ``dataset, measure, left_out, stability`` (``left_out`` -1: all K sets, Fig. 2's
    value).

    Examples
    --------
    >>> Z = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [1, 1, 0, 0]], dtype=bool)
    >>> table = figure2_jackknife({"toy": Z}, ["jaccard"])
    >>> list(table["left_out"]), [round(v, 3) for v in table["stability"]]
    ([-1, 0, 1, 2], [0.556, 0.333, 1.0, 0.333])
    """
    rows = []
    for name, selection in selections.items():
        Z = np.asarray(selection, dtype=bool)
        for left_out in range(-1, Z.shape[0]):
            kept = Z if left_out < 0 else np.delete(Z, left_out, axis=0)
            values = compute(kept, list(measures))
            rows += [{"dataset": name, "measure": m, "left_out": left_out,
                      "stability": float(values[m])} for m in measures]
    return pd.DataFrame(rows, columns=["dataset", "measure", "left_out", "stability"])
