"""Thesis §6.2: the 20 measures on every pair of subsets of the p = 7 features of Fig. 6.1
(m = 2 runs, 2^7 x 2^7 = 16,384 ordered pairs): where each is undefined (Table 6.3), the adjusted
measures on two scenarios (Table 6.4), their first principal component (Fig. 6.2) and their
dependence on the number of selected features (Fig. 6.3)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.measures import adjusted_pair_score_matrix, compute, pair_score_matrix
from fsstab.papers.bommert2020.ch6.reference import (
    ADJUSTED_PAIRWISE,
    SET_LEVEL,
    THESIS_TABLE_6_3,
    THESIS_TABLE_6_4,
    UNADJUSTED_PAIRWISE,
)
from fsstab.papers.bommert2020.reference import THESIS_MEASURES, thesis_symbol

__all__ = [
    "all_subsets",
    "distinct_value_counts",
    "feature_automorphisms",
    "figure_6_1_similarity",
    "mean_set_size",
    "pc1_order",
    "scenario_orbits",
    "size_dependence",
    "subset_pair_values",
    "table_6_3",
    "table_6_4",
]


def figure_6_1_similarity(
    blocks: Sequence[Sequence[int]] = ((0, 1, 2), (3, 4), (5, 6)),
    *,
    p: int = 7,
    within: float = 0.95,
    between: float = 0.1,
) -> np.ndarray:
    """The similarity matrix of thesis Figure 6.1 (p = 7).

    Features in a common block (X1-X3, X4-X5, X6-X7) have similarity ``within`` = 0.95, all
    other pairs ``between`` = 0.1, the diagonal is 1. (The PDF conversion garbles the X7 row;
    symmetry and the text of §6.2 -- "the similarity values of X1 to X4 and X5 are exactly
    identical to the similarity values of X6 to X4 and X5" -- fix it, and Table 6.4 confirms.)
    """
    if p < 1:
        raise ValueError(f"p must be a positive number of features, got {p!r}")
    for name, value in (("within", within), ("between", between)):
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be a similarity in [0, 1], got {value!r}")
    C = np.full((p, p), float(between))
    seen: set[int] = set()
    for block in blocks:
        block = [int(f) for f in block]
        if any(not 0 <= f < p for f in block) or seen.intersection(block):
            raise ValueError(f"blocks must be disjoint feature indices in 0..{p - 1}; got {blocks}")
        seen.update(block)
        C[np.ix_(block, block)] = within
    np.fill_diagonal(C, 1.0)
    return C


def all_subsets(p: int) -> np.ndarray:
    """Every subset of ``p`` features as a ``(2^p, p)`` boolean matrix: row v holds the features
    whose bit is set in v (row 0 is the empty set, row 2^p - 1 the full set)."""
    if not 1 <= p <= 16:
        raise ValueError(f"p must lie in 1..16 to enumerate its subsets, got {p!r}")
    return ((np.arange(2**p)[:, None] >> np.arange(p)) & 1).astype(bool)


def feature_automorphisms(C: np.ndarray) -> np.ndarray:
    """All permutations g of the features with ``C[g][:, g] == C`` (brute force over p!).

    Renaming the features by such a g changes no measure's value (the measures see the features
    only through the selections and C), which :func:`scenario_orbits` exploits.
    """
    C = np.asarray(C, dtype=np.float64)
    p = C.shape[0]
    if C.shape != (p, p) or p > 9:
        raise ValueError(f"C must be a square matrix with at most 9 features, got {C.shape}")
    perms = np.array(list(itertools.permutations(range(p))))
    keep = [g for g in perms if np.array_equal(C[np.ix_(g, g)], C)]
    return np.array(keep)


def scenario_orbits(C: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group the 4^p ordered pairs (V_1, V_2) of subsets into classes no measure can tell apart.

    Every measure of thesis §3.3.2 with m = 2 is invariant when the two runs are swapped and
    when the features are renamed by an automorphism of C (:func:`feature_automorphisms`).
    Scenario s = v_1 · 2^p + v_2 (subset ids as in :func:`all_subsets`).

    Returns
    -------
    representatives : ndarray (K, 2)
        One pair of subset ids (v_1, v_2) per class, the smallest scenario id of its class.
    inverse : ndarray (4^p,)
        The class of every scenario.
    """
    group = feature_automorphisms(C)
    p = group.shape[1]
    members = (np.arange(2**p)[:, None] >> np.arange(p)) & 1  # (2^p, p)
    permuted = np.stack([members @ (1 << g) for g in group])  # subset v renamed by each g
    v1, v2 = np.divmod(np.arange(4**p), 2**p)
    images = np.concatenate([permuted[:, v1] * 2**p + permuted[:, v2],
                             permuted[:, v2] * 2**p + permuted[:, v1]])
    keys, inverse = np.unique(images.min(axis=0), return_inverse=True)
    return np.column_stack(np.divmod(keys, 2**p)), inverse


def subset_pair_values(
    C: np.ndarray,
    *,
    threshold: float,
    names: Iterable[str] = tuple(THESIS_MEASURES),
) -> dict[str, np.ndarray]:
    """Each measure's value for every ordered pair (V_1, V_2) of subsets (m = 2), thesis §6.2.

    ``values[name][v_1, v_2]`` is the measure for the two sets v_1, v_2 (:func:`all_subsets`),
    NaN where undefined. As in §6.2.1, SMD-α uses α = 0, SMES thresholds C at θ, and SMY /
    SMA-* use exact expectations (all pairs of subsets of the same sizes); SMZ is uncorrected.

    With m = 2 a pairwise measure is its single pairwise score, so the ``2^p x 2^p`` score matrix
    of all subsets holds every scenario. The set-level measures (:data:`SET_LEVEL`) are
    evaluated once per class of :func:`scenario_orbits`.
    """
    C = np.asarray(C, dtype=np.float64)
    p = C.shape[0]
    subsets = all_subsets(p)
    names = list(names)
    unknown = sorted(set(names) - set(THESIS_MEASURES))
    if unknown:
        raise ValueError(
            f"names: {unknown} are not thesis measures; known: {list(THESIS_MEASURES)}"
        )
    values: dict[str, np.ndarray] = {}
    for name in names:
        if name in UNADJUSTED_PAIRWISE:
            values[name] = pair_score_matrix(name, subsets, d=p)
        elif name in ADJUSTED_PAIRWISE:
            correction = "none" if name == "zucknick" else "exact"
            values[name] = adjusted_pair_score_matrix(
                name, subsets, C, threshold=threshold, correction=correction
            )
    set_level = [n for n in names if n in SET_LEVEL]
    if set_level:
        representatives, inverse = scenario_orbits(C)
        per_class = {n: np.empty(len(representatives)) for n in set_level}
        for k, (a, b) in enumerate(representatives):
            result = compute(subsets[[a, b]], set_level, C=C, threshold=threshold)
            for n in set_level:
                per_class[n][k] = result[n]
        for n in set_level:
            values[n] = per_class[n][inverse].reshape(2**p, 2**p)
    return {name: values[name] for name in names}


def mean_set_size(p: int) -> np.ndarray:
    """(|V_1| + |V_2|) / 2 of every scenario, as a ``2^p x 2^p`` matrix (thesis Fig. 6.3)."""
    sizes = all_subsets(p).sum(axis=1)
    return (sizes[:, None] + sizes[None, :]) / 2.0


def pc1_order(values: Mapping[str, np.ndarray]) -> tuple[list[str], np.ndarray]:
    """Order the measures by their first principal component (thesis Fig. 6.2).

    The measures are the observations and the scenarios where every measure is defined the
    features; the data are centred, not scaled (R's ``prcomp`` as in the thesis). A principal
    component's sign is arbitrary; it is fixed here so that the loading of largest magnitude is
    negative, the orientation R gave the thesis (uncorrected measures first, adjusted last).

    Returns the names in increasing order of their scores, and the scores in that order.
    """
    names = list(values)
    data = np.vstack([np.asarray(values[n], dtype=np.float64).ravel() for n in names])
    complete = np.all(np.isfinite(data), axis=0)
    if not complete.any():
        raise ValueError("no scenario has every measure defined; PCA needs complete columns")
    centred = data[:, complete] - data[:, complete].mean(axis=0)
    vt = np.linalg.svd(centred, full_matrices=False)[2]
    direction = -vt[0] * np.sign(vt[0][np.argmax(np.abs(vt[0]))])
    scores = centred @ direction
    order = np.argsort(scores, kind="stable")
    return [names[i] for i in order], scores[order]


def _features_label(features: Sequence[int]) -> str:
    return "{" + ", ".join(f"X{f + 1}" for f in features) + "}"


def table_6_3(values: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Scenarios with an undefined value per measure next to thesis Table 6.3."""
    rows = [
        {"measure": name, "symbol": thesis_symbol(name),
         "undefined": int(np.isnan(np.asarray(v, dtype=np.float64)).sum()),
         "thesis": THESIS_TABLE_6_3.get(name)}
        for name, v in values.items()
    ]
    return pd.DataFrame(rows).sort_values(["undefined", "measure"], kind="stable",
                                          ignore_index=True)


def table_6_4(C: np.ndarray, *, threshold: float) -> pd.DataFrame:
    """The adjusted measures for the two scenarios of thesis Table 6.4 (exact expectations),
    one row per (scenario, measure) with the thesis' printed value."""
    p = C.shape[0]
    rows = []
    for V1, V2, printed in THESIS_TABLE_6_4:
        names = list(printed)
        params = {n: {"correction": "exact"} for n in names if n != "sechidis"}
        ours = compute([list(V1), list(V2)], names, C=C, threshold=threshold, d=p, params=params)
        rows += [{"V1": _features_label(V1), "V2": _features_label(V2), "measure": n,
                  "symbol": thesis_symbol(n), "value": ours[n], "thesis": printed[n]}
                 for n in names]
    return pd.DataFrame(rows)


def distinct_value_counts(values: Mapping[str, np.ndarray], decimals: int = 10) -> pd.Series:
    """Number of distinct defined values of each measure (rounded to ``decimals``)."""
    return pd.Series({
        name: int(np.unique(np.round(v[np.isfinite(v)], decimals)).size)
        for name, v in ((n, np.asarray(x, dtype=np.float64).ravel()) for n, x in values.items())
    }, name="distinct_values")


def size_dependence(
    values: Mapping[str, np.ndarray], mean_size: np.ndarray
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Values against the mean set size (thesis Fig. 6.3).

    Returns ``points`` (measure, mean_size, value, count: the scenarios with that size and
    value) and ``means`` (measure, mean_size, value: the mean over defined scenarios -- with
    all scenarios enumerated, the expected value under random selection of those sizes).
    """
    sizes = np.asarray(mean_size, dtype=np.float64).ravel()
    points, means = [], []
    for name, v in values.items():
        v = np.asarray(v, dtype=np.float64).ravel()
        ok = np.isfinite(v)
        # rounding merges values that differ only by floating-point noise into one point
        frame = pd.DataFrame({"mean_size": sizes[ok], "value": np.round(v[ok], 10)})
        counted = frame.groupby(["mean_size", "value"], sort=True).size().rename("count")
        points.append(counted.reset_index().assign(measure=name))
        exact = pd.DataFrame({"mean_size": sizes[ok], "value": v[ok]})
        means.append(exact.groupby("mean_size", sort=True)["value"].mean().reset_index()
                     .assign(measure=name))
    columns = ["measure", "mean_size", "value"]
    return (pd.concat(points, ignore_index=True)[[*columns, "count"]],
            pd.concat(means, ignore_index=True)[columns])
