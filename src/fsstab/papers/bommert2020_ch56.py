"""Bommert (2020, thesis), Chapters 5 and 6: filter benchmark and comparison of stability measures.

Small pure functions over NumPy arrays / DataFrames behind the thesis' figures and tables; the
scripts of ``rules/paper_bommert2020_ch56.smk`` call them and write ``results/paper/bommert2020/``.

Chapter 6.2 -- all pairs of subsets of p = 7 features
    :func:`figure_6_1_similarity`, :func:`all_subsets`, :func:`subset_pair_values` (the 20
    measures on all 2^7 x 2^7 = 16,384 ordered pairs, Tables 6.3-6.4, Figs. 6.2-6.3),
    :func:`scenario_orbits` (pairs no measure can tell apart), :func:`pc1_order`,
    :func:`mean_set_size`.
Shared by Chapters 5 and 6
    :func:`pairwise_correlation` (Pearson / Spearman on pairwise complete observations),
    :func:`average_linkage_order`, :func:`average_linkage_groups`, :func:`mean_matrix`.

Measure names are the registry names of :data:`fsstab.measures.MEASURES`; the thesis' symbols
are :data:`THESIS_MEASURES` (SMD-α is evaluated with α = 0 and shown as SMD-0, as in Ch. 6).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from scipy.cluster.hierarchy import fcluster, leaves_list, linkage
from scipy.spatial.distance import squareform

from fsstab.measures import adjusted_pair_score_matrix, compute, pair_score_matrix
from fsstab.papers._plots import (
    box_plots,
    facet_points,
    heatmap,
    median_quartile_plot,
    new_figure,
    relative_lines,
    scatter_matrix,
    style_cycle,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, comparison_frame, write_table
from fsstab.papers.settings import PaperSettings, configured_problems
from fsstab.pareto import non_dominated_mask
from fsstab.plots import save_figure

__all__ = [
    "ADJUSTED_PAIRWISE",
    "SET_LEVEL",
    "THESIS_MEASURES",
    "UNADJUSTED_PAIRWISE",
    "all_subsets",
    "average_linkage_groups",
    "average_linkage_order",
    "feature_automorphisms",
    "figure_6_1_similarity",
    "mean_matrix",
    "mean_set_size",
    "pairwise_correlation",
    "pc1_order",
    "scenario_orbits",
    "subset_pair_values",
    "thesis_symbol",
]

#: The 20 stability measures of thesis §3.3.2 (registry name -> thesis symbol), in its order.
THESIS_MEASURES: dict[str, str] = {
    "jaccard": "SMJ",
    "dice": "SMD",
    "ochiai": "SMO",
    "hamming": "SMH",
    "lustgarten": "SML",
    "wald": "SMW",
    "unadjusted": "SMU",
    "kappa": "SMK",
    "phi_pairwise": "SMP",
    "novovicova": "SME",
    "davis": "SMD-0",
    "somol": "SMS",
    "nogueira": "SMN",
    "zucknick": "SMZ",
    "sechidis": "SMES",
    "yu": "SMY",
    "intersection_mbm": "SMA-MBM",
    "intersection_greedy": "SMA-Greedy",
    "intersection_count": "SMA-Count",
    "intersection_mean": "SMA-Mean",
}
#: Averages of a pairwise score that ignores feature similarities.
UNADJUSTED_PAIRWISE: tuple[str, ...] = (
    "jaccard", "dice", "ochiai", "hamming", "lustgarten", "wald", "unadjusted", "kappa",
    "phi_pairwise",
)
#: Averages of a pairwise score on the adjusted intersection (need C and θ).
ADJUSTED_PAIRWISE: tuple[str, ...] = (
    "zucknick", "yu", "intersection_mbm", "intersection_greedy", "intersection_count",
    "intersection_mean",
)
#: Measures of the selection counts of all runs at once (not averages of pairwise scores).
SET_LEVEL: tuple[str, ...] = ("novovicova", "davis", "somol", "nogueira", "sechidis")


def thesis_symbol(name: str) -> str:
    """The thesis' symbol of a registry measure name (the name itself if it has none)."""
    return THESIS_MEASURES.get(name, name)


# --------------------------------------------------------------------------------------------
# §6.2: all combinations of two feature sets out of p = 7 features
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# Correlations and average-linkage clustering (Figs. 5.4, 6.5)
# --------------------------------------------------------------------------------------------


def pairwise_correlation(data: pd.DataFrame, method: str = "pearson") -> pd.DataFrame:
    """Correlation of every pair of columns on their pairwise complete rows.

    R's ``cor(use = "pairwise.complete.obs")`` as the thesis computes it: ``"pearson"`` (Fig.
    6.5) or ``"spearman"`` (Fig. 5.4; ranks taken within each pair's complete rows). A pair
    with fewer than two complete rows or a constant column is NaN.
    """
    if method not in ("pearson", "spearman"):
        raise ValueError(f"method must be 'pearson' or 'spearman', got {method!r}")
    return data.astype(np.float64).corr(method=method, min_periods=2)


def mean_matrix(matrices: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Element-wise mean of equally labelled matrices, ignoring NaN entries (thesis Fig. 5.4's
    aggregation over data sets: ``mean(values, na.rm = TRUE)``)."""
    if not matrices:
        raise ValueError("matrices is empty; there is nothing to average")
    labels = list(matrices[0].index)
    for k, m in enumerate(matrices):
        if list(m.index) != labels or list(m.columns) != labels:
            raise ValueError(f"matrices[{k}] is not labelled like matrices[0] ({labels})")
    stack = np.stack([m.to_numpy(dtype=np.float64) for m in matrices])
    defined = np.isfinite(stack)
    counts = defined.sum(axis=0)
    totals = np.where(defined, stack, 0.0).sum(axis=0)
    mean = np.divide(totals, counts, out=np.full(counts.shape, np.nan), where=counts > 0)
    return pd.DataFrame(mean, index=labels, columns=labels)


def _linkage(similarity: pd.DataFrame) -> np.ndarray:
    S = similarity.to_numpy(dtype=np.float64)
    if S.shape[0] != S.shape[1] or not np.all(np.isfinite(S)):
        raise ValueError(
            "similarity must be a square matrix of finite values (drop undefined rows first)"
        )
    distance = 1.0 - (S + S.T) / 2.0
    np.fill_diagonal(distance, 0.0)
    return linkage(squareform(np.clip(distance, 0.0, None), checks=False), method="average")


def average_linkage_order(similarity: pd.DataFrame) -> list[str]:
    """Labels ordered by average-linkage hierarchical clustering with distance 1 - similarity
    (the orderings of thesis Figs. 5.4 and 6.5: R's ``hclust(as.dist(1 - S), "average")``)."""
    labels = list(similarity.index)
    if len(labels) < 2:
        return labels
    return [labels[i] for i in leaves_list(_linkage(similarity))]


def average_linkage_groups(similarity: pd.DataFrame, n_groups: int) -> dict[str, int]:
    """Cut the average-linkage tree of :func:`average_linkage_order` into ``n_groups`` groups;
    groups are numbered 1, 2, ... in the order of their first member in that ordering."""
    labels = list(similarity.index)
    if not 1 <= n_groups <= len(labels):
        raise ValueError(f"n_groups must lie in 1..{len(labels)}, got {n_groups!r}")
    if len(labels) == 1:
        return {labels[0]: 1}
    Z = _linkage(similarity)
    raw = fcluster(Z, t=n_groups, criterion="maxclust")
    renumber: dict[int, int] = {}
    for i in leaves_list(Z):
        renumber.setdefault(int(raw[i]), len(renumber) + 1)
    return {labels[i]: renumber[int(raw[i])] for i in range(len(labels))}


# --------------------------------------------------------------------------------------------
# §6.2 tables and the numbers the text states
# --------------------------------------------------------------------------------------------

#: Thesis Table 6.3: scenarios (of the 16,384) in which each measure is undefined.
THESIS_TABLE_6_3: dict[str, int] = {
    "hamming": 0, "jaccard": 1, "dice": 1, "novovicova": 1, "davis": 1, "zucknick": 1,
    "kappa": 2, "nogueira": 2, "sechidis": 2, "yu": 2, "somol": 30, "ochiai": 255,
    "unadjusted": 256, "intersection_mbm": 256, "intersection_greedy": 256,
    "intersection_count": 256, "intersection_mean": 256, "lustgarten": 508, "wald": 508,
    "phi_pairwise": 508,
}
#: Thesis Table 6.4: (V_1, V_2) as 0-based feature indices -> printed values (4 decimals).
THESIS_TABLE_6_4: tuple[tuple[tuple[int, ...], tuple[int, ...], dict[str, float]], ...] = (
    ((3, 4), (0, 6), {"intersection_mean": -1.1238, "intersection_count": -1.1832,
                      "intersection_greedy": -1.1832, "intersection_mbm": -1.1832,
                      "yu": -1.2500, "sechidis": -1.6686}),
    ((3, 4), (5, 6), {"intersection_mean": -1.1238, "intersection_count": -1.1832,
                      "intersection_greedy": -1.1832, "intersection_mbm": -1.1832,
                      "yu": -1.2500, "sechidis": -2.5280}),
)
#: The three groups the thesis reads off Figure 6.2 (§6.2.2).
THESIS_FIGURE_6_2_GROUPS: tuple[tuple[str, ...], ...] = (
    ("davis", "hamming", "ochiai", "dice", "novovicova", "zucknick", "somol", "jaccard"),
    ("lustgarten", "kappa", "unadjusted", "phi_pairwise", "wald", "nogueira"),
    ("intersection_mean", "intersection_count", "intersection_greedy", "intersection_mbm", "yu",
     "sechidis"),
)
#: Distinct values over the 16,384 scenarios stated in §6.2.2.
THESIS_DISTINCT_VALUES: dict[str, int] = {"hamming": 8, "somol": 5}
#: Measures corrected for chance (thesis Table 6.1): constant expected value under random
#: selection.
CORRECTED_FOR_CHANCE: tuple[str, ...] = (
    "lustgarten", "wald", "unadjusted", "kappa", "phi_pairwise", "nogueira", "yu",
    "intersection_mbm", "intersection_greedy", "intersection_count", "intersection_mean",
)


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


def _members(names: Iterable[str]) -> str:
    return ", ".join(sorted(thesis_symbol(n) for n in names))


def chapter_6_2_comparison(
    values: Mapping[str, np.ndarray],
    undefined: pd.DataFrame,
    table64: pd.DataFrame,
    order: Sequence[str],
    groups: Mapping[str, int],
    means: pd.DataFrame,
) -> list[dict[str, str]]:
    """The numbers and statements of thesis §6.2 next to ours (rows of ``comparison.csv``)."""
    rows = []
    setting = "p = 7, m = 2, all 16,384 pairs of subsets, θ = 0.9"
    for record in undefined.itertuples():
        rows.append(comparison_row(f"Table 6.3: scenarios where {record.symbol} is undefined",
                                   record.thesis, record.undefined, setting=setting))
    for record in table64.itertuples():
        rows.append(comparison_row(
            f"Table 6.4: {record.symbol} for V1 = {record.V1}, V2 = {record.V2}",
            f"{record.thesis:.4f}", f"{record.value:.4f}", setting="exact expectations"))
    distinct = distinct_value_counts(values)
    for name, printed in THESIS_DISTINCT_VALUES.items():
        rows.append(comparison_row(f"§6.2.2: distinct values of {thesis_symbol(name)}",
                                   printed, int(distinct[name]), setting=setting))
    position = {name: k for k, name in enumerate(order, start=1)}
    first = 1
    for k, group in enumerate(THESIS_FIGURE_6_2_GROUPS, start=1):
        ranks = sorted(position[n] for n in group if n in position)
        rows.append(comparison_row(
            f"Fig. 6.2: PC1 positions of group {k} ({_members(group)})",
            f"{first}-{first + len(group) - 1}", " ".join(map(str, ranks)), setting=setting,
            note="PC1 order: " + ", ".join(thesis_symbol(n) for n in order)))
        first += len(group)
    clusters: dict[int, list[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, []).append(name)
    for g, members in sorted(clusters.items()):
        rows.append(comparison_row(
            f"Correlation clustering (average linkage, 3 groups): group {g}",
            "", _members(members), setting=setting,
            note="the thesis groups by inspecting Fig. 6.2; it states no correlations for §6.2"))
    by_measure = dict(list(means.groupby("measure")))
    for name in CORRECTED_FOR_CHANCE:
        if name not in by_measure:
            continue
        m = by_measure[name]["value"]
        stated = "< 0 (constant)" if name == "nogueira" else "0 (constant)"
        low, high = (round(float(v), 4) + 0.0 for v in (m.min(), m.max()))
        rows.append(comparison_row(
            f"§6.2.2: expected value of {thesis_symbol(name)} per mean number of selected "
            "features (min .. max)", stated, f"{low:.4f} .. {high:.4f}", setting=setting))
    sml = np.asarray(values.get("lustgarten"), dtype=np.float64) if "lustgarten" in values else None
    if sml is not None:
        sizes = all_subsets(sml.shape[0].bit_length() - 1).sum(axis=1)
        best = np.nanmax(sml)
        i, j = np.nonzero(np.isclose(sml, best))
        pairs = sorted({(int(sizes[a]), int(sizes[b])) for a, b in zip(i, j, strict=True)})
        rows.append(comparison_row(
            "§6.2.2: set sizes at which SML reaches its largest value", "(1, 1) and (6, 6)",
            " and ".join(f"({a}, {b})" for a, b in pairs), setting=setting,
            note=f"largest SML value {best:.4f} (SML reaches 1 only as p → ∞)"))
    return rows


# --------------------------------------------------------------------------------------------
# §6.2 figures
# --------------------------------------------------------------------------------------------


def figure_6_1(C: np.ndarray, *, threshold: float) -> Figure:
    """Thesis Fig. 6.1: the similarity matrix, tiles shaded by similarity >= θ."""
    p = C.shape[0]
    fig = new_figure((4.2, 4.4))
    ax = fig.add_subplot()
    similar = (np.asarray(C) >= threshold).astype(float)
    ax.imshow(similar, cmap=ListedColormap(["0.95", "0.7"]), vmin=0, vmax=1, origin="lower")
    for i in range(p):
        for j in range(p):
            ax.text(j, i, f"{C[i, j]:g}", ha="center", va="center", fontsize=9)
    labels = [f"$X_{{{k + 1}}}$" for k in range(p)]
    ax.set_xticks(range(p), labels)
    ax.set_yticks(range(p), labels)
    ax.tick_params(length=0)
    ax.legend(handles=[Patch(facecolor="0.95", edgecolor="black", label="No"),
                       Patch(facecolor="0.7", edgecolor="black", label="Yes")],
              title=f"Similarity ≥ {threshold:g}", loc="upper center",
              bbox_to_anchor=(0.5, -0.08), ncols=2, fontsize=8, title_fontsize=8)
    return fig


def figure_6_2(values: Mapping[str, np.ndarray], order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.2: scatter plots of all pairs of measures over the 16,384 scenarios
    (distinct value pairs), ordered by the first principal component, identity in red."""
    symbols = [thesis_symbol(n) for n in order]
    return scatter_matrix({thesis_symbol(n): values[n] for n in order}, symbols)


def figure_6_3(points: pd.DataFrame, means: pd.DataFrame, order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.3: values against the mean number of selected features, coloured by the
    number of scenarios, with the mean per size (red)."""
    panels = {thesis_symbol(n): points[points["measure"] == n] for n in order}
    lines = {thesis_symbol(n): means[means["measure"] == n] for n in order}
    return facet_points(panels, x="mean_size", y="value", count="count", lines=lines, ncols=4,
                        xlabel="Mean Number of Selected Features", ylabel="Stability Value",
                        count_label="Number of Combinations with the Same Stability Value")


def correlation_figure(correlation: pd.DataFrame, *, title: str | None = None,
                       annotate: bool = True) -> Figure:
    """A correlation matrix (already ordered) as a heatmap with thesis symbols as labels
    (thesis Figs. 5.4, 6.5)."""
    labelled = correlation.rename(index=thesis_symbol, columns=thesis_symbol)
    return heatmap(labelled, annotate=annotate, title=title, colorbar_label="Correlation")


# --------------------------------------------------------------------------------------------
# The settings sections ch5 and ch6 (paper.settings.ch5 / .ch6; hook fsstab.papers.bommert2020)
# --------------------------------------------------------------------------------------------

#: Settings sections this module owns.
SECTIONS: tuple[str, ...] = ("ch5", "ch6")

#: JSON schema of both sections (one ``properties`` entry per section, shared ``definitions``),
#: package data of ``fsstab.papers``.
SCHEMA_FILE = "bommert2020_ch56.schema.yaml"


def section_schema(name: str) -> dict:
    """The JSON schema of section ``name`` (``ch5`` or ``ch6``) from :data:`SCHEMA_FILE`."""
    from importlib import resources

    import yaml

    if name not in SECTIONS:
        raise ValueError(f"name must be one of {SECTIONS}, got {name!r}")
    source = resources.files("fsstab.papers").joinpath(SCHEMA_FILE)
    schema = yaml.safe_load(source.read_text(encoding="utf-8"))
    return {"$schema": schema["$schema"], "definitions": schema["definitions"],
            **schema["properties"][name]}


def _relative_to_section(problem: str) -> str:
    """``paper.settings.key: msg`` -> ``key: msg``; a problem of the whole section -> ``: msg``
    (the hook prefixes ``paper.settings.<section>``)."""
    rest = problem.removeprefix("paper.settings")
    return rest[1:] if rest.startswith(".") else rest


def _ch5_problems(ch5: Mapping, workflow: object) -> list[str]:
    from fsstab.search import parse_space
    from fsstab.selectors import CLASSIFIERS, get_filter

    problems = configured_problems("datasets", ch5["datasets"], workflow)
    problems += configured_problems("scaling.dataset", [ch5["scaling"]["dataset"]], workflow)
    for name in ch5["filters"]:
        try:
            get_filter(name)
        except ValueError as exc:
            problems.append(f"filters: {exc}")
    benchmark = ch5["benchmark"]
    try:
        parse_space({"fraction": benchmark["fraction"]})
    except ValueError as exc:
        problems.append(f"benchmark.{exc}")
    for name, space in benchmark["classifiers"].items():
        if name not in CLASSIFIERS:
            problems.append(f"benchmark.classifiers: unknown classifier {name!r}; "
                            f"known: {sorted(CLASSIFIERS)}")
            continue
        extra = sorted(set(space) - set(CLASSIFIERS[name].params))
        if extra:
            problems.append(f"benchmark.classifiers.{name}: no hyperparameter(s) {extra}; "
                            f"{name} has {list(CLASSIFIERS[name].params)}")
        elif space:
            try:
                parse_space(space)
            except ValueError as exc:
                problems.append(f"benchmark.classifiers.{name}.{exc}")
    outside = sorted(set(benchmark["boxplot_datasets"]) - set(ch5["datasets"]))
    if outside:
        problems.append(f"benchmark.boxplot_datasets: {outside} are not in "
                        "paper.settings.ch5.datasets")
    return problems


def check_section(name: str, section: Mapping, workflow: object) -> list[str]:
    """Problems of settings section ``name`` (``ch5`` / ``ch6``), keys relative to it: the
    schema (:func:`section_schema`), then the meaning -- datasets configured under
    ``datasets`` of the whole configuration (``workflow.raw``), filters and classifiers known,
    search spaces valid."""
    settings = PaperSettings(section_schema(name))
    problems = settings.problems(section, workflow)
    if problems:
        return [_relative_to_section(p) for p in problems]
    filled = settings.resolve(section)
    if name == "ch5":
        return _ch5_problems(filled, workflow)
    return configured_problems("real.datasets", filled["real"]["datasets"], workflow)


def resolve_section(name: str, section: Mapping) -> dict:
    """Section ``name`` with the defaults of its schema filled in (what the rules read)."""
    return PaperSettings(section_schema(name)).resolve(section)


def _text(value: object) -> str:
    """A comparison value as text: floats to 6 significant digits, booleans as yes / no."""
    if value is None:
        return ""
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if isinstance(value, float | np.floating):
        return "" if np.isnan(value) else f"{float(value):.6g}"
    return str(value)


def comparison_row(
    item: str, paper_value: object, our_value: object, *, dataset: str = "", setting: str = "",
    note: str = "",
) -> dict[str, str]:
    """One row of ``comparison.csv`` (:data:`fsstab.papers.outputs.COMPARISON_COLUMNS`): a
    number or statement of the thesis next to ours."""
    return {"item": item, "dataset": dataset, "setting": setting,
            "paper_value": _text(paper_value), "our_value": _text(our_value), "note": note}


def not_run_rows(settings: Mapping[str, Mapping], run: Iterable[str]) -> list[dict[str, str]]:
    """Comparison rows for the data sets of Chapters 5-6 that are configured but not run here
    (restricted by ``only_datasets``, e.g. offline), so that ``comparison.csv`` says so instead
    of leaving them out. ``settings`` holds the resolved ``ch5`` / ``ch6`` sections."""
    run = set(run)
    parts: list[tuple[str, list[str]]] = []
    if "ch5" in settings:
        ch5 = settings["ch5"]
        parts.append(("§5.1: run time scaling of the filters (base data set)",
                      [ch5["scaling"]["dataset"]]))
        parts.append(("§5.2-5.3: filter rankings and nested-CV benchmark", list(ch5["datasets"])))
    if "ch6" in settings:
        parts.append(("§6.3: stability measures on real feature sets",
                      list(settings["ch6"]["real"]["datasets"])))
    return [comparison_row(item, "", "", dataset=dataset, note=NOT_RUN_NOTE)
            for item, datasets in parts for dataset in datasets if dataset not in run]


# --------------------------------------------------------------------------------------------
# Writing a section's outputs (called by the rules' scripts)
# --------------------------------------------------------------------------------------------


def _matrix_frame(matrix: pd.DataFrame, label: str) -> pd.DataFrame:
    """A labelled square matrix as a table: a ``label`` column then one column per label."""
    frame = matrix.copy()
    frame.insert(0, label, list(matrix.index))
    return frame.reset_index(drop=True)


def all_pairs_outputs(folder: Path, comparison_path: str | Path, *, threshold: float) -> None:
    """Thesis §6.2: Fig. 6.1, Tables 6.3-6.4, Figs. 6.2-6.3 (+ tables) and the comparison rows,
    written to ``folder`` (file names as in ``rules/paper_bommert2020_ch56.smk``)."""
    C = figure_6_1_similarity()
    values = subset_pair_values(C, threshold=threshold)
    undefined = table_6_3(values)
    table64 = table_6_4(C, threshold=threshold)
    order, scores = pc1_order(values)
    correlation = pairwise_correlation(pd.DataFrame({n: v.ravel() for n, v in values.items()}))
    linkage_order = average_linkage_order(correlation)
    groups = average_linkage_groups(correlation, 3)
    points, means = size_dependence(values, mean_set_size(C.shape[0]))

    save_figure(figure_6_1(C, threshold=threshold), folder / "fig06_1_similarity_matrix")
    write_table(undefined, folder / "table6_3_undefined")
    write_table(table64, folder / "table6_4_adjusted_example")
    save_figure(figure_6_2(values, order), folder / "fig06_2_scatter_matrix", dpi=150)
    write_table(pd.DataFrame({"position": range(1, len(order) + 1), "measure": order,
                              "symbol": [thesis_symbol(n) for n in order], "pc1": scores}),
                folder / "fig06_2_pc1_order")
    ordered = correlation.loc[linkage_order, linkage_order]
    save_figure(correlation_figure(ordered), folder / "fig06_2_correlation")
    write_table(_matrix_frame(ordered.rename(index=thesis_symbol, columns=thesis_symbol),
                              "measure").assign(group=[groups[n] for n in linkage_order]),
                folder / "fig06_2_correlation")
    save_figure(figure_6_3(points, means, order), folder / "fig06_3_size_dependence")
    write_table(means.assign(symbol=means["measure"].map(thesis_symbol)),
                folder / "fig06_3_expected_values")
    rows = chapter_6_2_comparison(values, undefined, table64, order, groups, means)
    write_table(comparison_frame(rows), Path(comparison_path).with_suffix(""))


# --------------------------------------------------------------------------------------------
# §6.3: the measures on real feature sets (selections of the generic stages)
# --------------------------------------------------------------------------------------------

#: Representatives of the groups of Fig. 6.5 shown in Fig. 6.6 (thesis §6.3.2).
FIGURE_6_6_MEASURES: tuple[str, ...] = ("jaccard", "hamming", "intersection_count", "unadjusted")
#: The groups the thesis reads off Fig. 6.5 (§6.3.2).
THESIS_FIGURE_6_5_GROUPS: tuple[tuple[str, ...], ...] = (
    ("hamming",),
    ("jaccard", "dice", "ochiai", "novovicova", "davis", "zucknick"),
    ("lustgarten", "wald", "unadjusted", "kappa", "phi_pairwise", "nogueira", "somol",
     "sechidis", "yu", "intersection_mbm", "intersection_greedy", "intersection_count",
     "intersection_mean"),
)
#: Adjusted and corrected measures (thesis Fig. A.15).
ADJUSTED_CORRECTED: tuple[str, ...] = (
    "yu", "intersection_mbm", "intersection_greedy", "intersection_count", "intersection_mean",
)


def real_values(summaries: Sequence[pd.DataFrame], measures: Sequence[str]) -> pd.DataFrame:
    """One row per (dataset, configuration, variant) of the workflow's stability summaries with
    ``proportion`` = mean number of selected features / number of features (thesis Fig. 6.4)
    and the measures' values."""
    if not summaries:
        raise ValueError("summaries is empty: no dataset's stability table was given")
    frames = []
    for summary in summaries:
        missing = sorted(set(measures) - set(summary.columns))
        if missing:
            raise ValueError(f"the stability table of {summary['dataset'].iloc[0]!r} lacks the "
                             f"measure column(s) {missing}")
        frame = summary[["dataset", "configuration", "selector", "variant", "label",
                         "mean_n_selected", "n_features", "accuracy_mean", *measures]].copy()
        frame.insert(5, "proportion", frame["mean_n_selected"] / frame["n_features"])
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def dataset_correlations(values: pd.DataFrame, measures: Sequence[str]) -> dict[str, pd.DataFrame]:
    """Pearson correlations between the measures over each dataset's configurations (thesis
    Figs. A.13-A.14; pairwise complete observations)."""
    return {name: pairwise_correlation(part[list(measures)])
            for name, part in values.groupby("dataset", sort=False)}


def _stacked_panels(values: pd.DataFrame, measures: Sequence[str]) -> dict[str, pd.DataFrame]:
    return {thesis_symbol(m): values[["proportion", m]].rename(columns={m: "value"}).dropna()
            for m in measures}


def figure_6_4(values: pd.DataFrame, order: Sequence[str]) -> Figure:
    """Thesis Fig. 6.4: each measure against the mean proportion of selected features."""
    return facet_points(_stacked_panels(values, order), x="proportion", y="value", ncols=4,
                        xlabel="Mean Proportion of Selected Features", ylabel="Stability Value")


def figure_6_6(values: pd.DataFrame, measures: Sequence[str] = FIGURE_6_6_MEASURES) -> Figure:
    """Thesis Fig. 6.6: scatter plots of the group representatives, coloured by the mean
    proportion of selected features, identity in red."""
    return scatter_matrix({thesis_symbol(m): values[m].to_numpy() for m in measures},
                          [thesis_symbol(m) for m in measures],
                          color=values["proportion"].to_numpy(),
                          color_label="Mean Proportion of Selected Features", panel_size=2.0)


def figure_6_7(times: pd.DataFrame, order: Sequence[str], datasets: Sequence[str],
               *, logy: bool = True) -> Figure:
    """Thesis Fig. 6.7 (and A.15): box plots of the measures' run times per dataset."""
    frame = times.assign(symbol=times["measure"].map(thesis_symbol))
    return box_plots(frame, value="seconds", category="symbol",
                     order=[thesis_symbol(m) for m in order], panel="dataset",
                     panel_order=list(datasets), ncols=2, xlabel="Stability Measure",
                     ylabel="Run Time (in Seconds)", logy=logy)


def chapter_6_3_comparison(
    values: pd.DataFrame, measures: Sequence[str], groups: Mapping[str, int],
    times: pd.DataFrame,
) -> list[dict[str, str]]:
    """The statements of thesis §6.3.2 next to our numbers (rows of ``comparison.csv``)."""
    rows = []
    n_configs = values.groupby("dataset").size()
    setting = ("configurations per dataset: "
               + ", ".join(f"{d} {n}" for d, n in n_configs.items()))
    clusters: dict[int, list[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, []).append(name)
    ours = sorted(clusters.values(), key=len)
    for k, thesis_group in enumerate(sorted(THESIS_FIGURE_6_5_GROUPS, key=len), start=1):
        rows.append(comparison_row(
            f"Fig. 6.5: group {k} of the average-linkage clustering of the mean correlations",
            _members(thesis_group), _members(ours[k - 1]) if k <= len(ours) else "",
            setting=setting, note="groups matched by size; the thesis reads them off Fig. 6.5"))
    for name in ("wald", "nogueira", "kappa", "phi_pairwise", "unadjusted"):
        v = values[name].dropna()
        rows.append(comparison_row(
            f"§6.3.2: share of configurations where {thesis_symbol(name)} is negative",
            "hardly any", f"{(v < 0).mean():.3f}", setting=setting))
    many = values[values["proportion"] > 0.5]
    for name in ("novovicova", "dice", "ochiai", "davis", "jaccard", "zucknick"):
        v = many[name].dropna()
        rows.append(comparison_row(
            f"§6.3.2: smallest {thesis_symbol(name)} when more than half of the features are "
            "selected on average", "no small values", f"{v.min():.3f}" if len(v) else "",
            setting=f"{len(v)} configurations"))
    medians = times.groupby(["dataset", "measure"])["seconds"].median().unstack()
    adjusted = [m for m in ADJUSTED_CORRECTED if m in medians.columns]
    if adjusted:
        fastest = medians[adjusted].apply(
            lambda row: ", ".join(thesis_symbol(m) for m in row.nsmallest(2).index), axis=1)
        for dataset, pair in fastest.items():
            rows.append(comparison_row(
                "§6.3.2: the two fastest adjusted and corrected measures (median run time)",
                "SMY, SMA-Count", pair, dataset=str(dataset)))
    slow_unadjusted = [m for m in medians.columns if m not in (*ADJUSTED_CORRECTED, "zucknick",
                                                               "sechidis")]
    for dataset, row in medians.iterrows():
        rows.append(comparison_row(
            "§6.3.2: largest median run time of an unadjusted measure (s)", "very fast",
            f"{row[slow_unadjusted].max():.4f}", dataset=str(dataset)))
        for name in ("zucknick", "sechidis"):
            if name in row:
                rows.append(comparison_row(
                    f"§6.3.2: median run time of {thesis_symbol(name)} (s)", "< 1",
                    f"{row[name]:.4f}", dataset=str(dataset)))
    failed = int(values[list(measures)].isna().all(axis=1).sum())
    rows.append(comparison_row(
        "§6.3.1: configurations without results", 54, failed, setting=setting,
        note="the thesis loses configurations whose filter keeps fewer than two features "
        "(glmnet needs two); fsstab fits them (no feature: the majority class)"))
    return rows


def sample_variants(
    configurations: Mapping[str, Sequence[str]], n: int | None, random_state: int
) -> list[tuple[str, str]]:
    """``n`` (configuration, variant) pairs drawn without replacement (all of them for None),
    in a sorted order: the configurations whose measures are timed for Fig. 6.7."""
    pairs = sorted((c, v) for c, variants in configurations.items() for v in variants)
    if n is None or n >= len(pairs):
        return pairs
    rng = np.random.default_rng(random_state)
    chosen = np.sort(rng.choice(len(pairs), size=n, replace=False))
    return [pairs[i] for i in chosen]


def measure_timing_table(
    dataset: str,
    selections: Mapping[str, tuple[object, object]],
    pairs: Sequence[tuple[str, str]],
    *,
    d: int,
    measures: Sequence[str],
    params: Mapping[str, Mapping[str, object]],
    C: object,
    threshold: float,
    random_state: int,
) -> pd.DataFrame:
    """Run time of every measure on each chosen (configuration, variant) of ``dataset``
    (:func:`fsstab.measures.time_measures`); ``selections[configuration] = (runs, features)``
    tables of the workflow. One row per (configuration, variant, measure)."""
    from fsstab.measures import time_measures
    from fsstab.workflow.stability import run_matrices

    rows = []
    for configuration, variant in pairs:
        runs, features = selections[configuration]
        Z = run_matrices(runs, features, variant, d, rank_cap=1)[0]
        seconds = time_measures(Z, measures, C=C, threshold=threshold, params=params,
                                random_state=random_state)
        rows += [{"dataset": dataset, "configuration": configuration, "variant": variant,
                  "measure": m, "seconds": s} for m, s in seconds.items()]
    return pd.DataFrame(rows)


def real_outputs(
    folder: Path,
    comparison_path: str | Path,
    summaries: Sequence[pd.DataFrame],
    times: pd.DataFrame,
    *,
    measures: Sequence[str],
    datasets: Sequence[str],
) -> None:
    """Thesis §6.3: Figs. 6.4-6.7, A.13-A.15 and their tables, and the comparison rows."""
    values = real_values(summaries, measures)
    per_dataset = dataset_correlations(values, measures)
    mean = mean_matrix([per_dataset[d] for d in datasets if d in per_dataset])
    order = average_linkage_order(mean)
    groups = average_linkage_groups(mean, 3)
    ordered = mean.loc[order, order]
    save_figure(correlation_figure(ordered), folder / "fig06_5_mean_correlation")
    write_table(_matrix_frame(ordered.rename(index=thesis_symbol, columns=thesis_symbol),
                              "measure").assign(group=[groups[n] for n in order]),
                folder / "fig06_5_mean_correlation")
    for name, matrix in per_dataset.items():
        save_figure(correlation_figure(matrix.loc[order, order], title=name, annotate=False),
                    folder / f"figA13_{name}_correlation")
    save_figure(figure_6_4(values, order), folder / "fig06_4_proportion_selected")
    save_figure(figure_6_6(values), folder / "fig06_6_representatives")
    present = [d for d in datasets if d in set(times["dataset"])]
    save_figure(figure_6_7(times, order, present), folder / "fig06_7_run_times")
    adjusted = [m for m in order if m in ADJUSTED_CORRECTED]
    save_figure(figure_6_7(times[times["measure"].isin(adjusted)], adjusted, present,
                           logy=False), folder / "figA15_run_times_adjusted")
    write_table(times.groupby(["dataset", "measure"])["seconds"]
                .describe()[["count", "25%", "50%", "75%", "max"]]
                .rename(columns={"25%": "q25", "50%": "median", "75%": "q75"}).reset_index()
                .assign(symbol=lambda f: f["measure"].map(thesis_symbol)),
                folder / "fig06_7_run_times")
    rows = chapter_6_3_comparison(values, measures, groups, times)
    write_table(comparison_frame(rows), Path(comparison_path).with_suffix(""))


# --------------------------------------------------------------------------------------------
# Chapter 5, shared: the filters of Table 5.1
# --------------------------------------------------------------------------------------------


def filter_label(name: str) -> str:
    """The thesis' name of a filter (Table 5.1), e.g. ``"anova"`` -> ``"anova.test"``."""
    from fsstab.selectors import get_filter

    return "none" if name == "none" else get_filter(name).thesis_name


def filter_scores(
    name: str, X: np.ndarray, y: np.ndarray, *, k: int | None = None, random_state: int = 0,
    n_bins: int | None = None, n_trees: int = 500,
) -> np.ndarray:
    """The filter's scores of every feature, higher = better (thesis §5.2's input).

    Univariate filters score all features at once. The iterative (greedy) filters choose the
    features one by one and their criteria of different iterations are not comparable (§3.1), so
    their score is the selection order: d - position for the first ``k`` (default all d)
    features chosen, -inf (= "not chosen", ranked last) for the rest.
    """
    from fsstab.selectors import GreedySelection, get_filter

    info = get_filter(name)
    d = X.shape[1]
    options = {"n_features_to_select": d if k is None else k, "n_bins": n_bins,
               "n_estimators": n_trees, "random_state": random_state}
    result = info.score(X, y, **{o: options[o] for o in info.options})
    if isinstance(result, GreedySelection):
        scores = np.full(d, -np.inf)
        scores[result.order] = d - np.arange(result.order.size, dtype=np.float64)
        return scores
    return np.asarray(result, dtype=np.float64)


# --------------------------------------------------------------------------------------------
# §5.1: scaling of the run times
# --------------------------------------------------------------------------------------------

#: The three analyses of §5.1: percentage of features selected, of observations, of features.
SCALING_SCENARIOS: tuple[str, ...] = ("select", "observations", "features")


def balanced_base(
    y: np.ndarray, n_observations: int, n_features: int | None, d: int, random_state: int
) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the "base data set" of §5.1: ``n_observations`` rows, half of each
    class, alternating between the classes (so that the first rows of any length stay
    balanced, as in the thesis' code), and ``n_features`` random columns in their original
    order (all for None)."""
    if n_observations % 2:
        raise ValueError(f"n_observations must be even (half per class), got {n_observations}")
    rng = np.random.default_rng(random_state)
    half = n_observations // 2
    classes = [np.flatnonzero(y == c) for c in (0, 1)]
    for c, rows in enumerate(classes):
        if rows.size < half:
            raise ValueError(f"class {c} has {rows.size} rows; a balanced base of "
                             f"{n_observations} needs {half}")
    chosen = [rng.choice(rows, size=half, replace=False) for rows in classes]
    rows = np.column_stack(chosen).ravel()
    if n_features is None or n_features >= d:
        columns = np.arange(d)
    else:
        columns = np.sort(rng.choice(d, size=n_features, replace=False))
    return rows, columns


def scaling_settings(fractions: Sequence[float]) -> list[tuple[str, float]]:
    """The (scenario, fraction) pairs of §5.1: every fraction of features to select on the base
    data set, and every fraction below 1 of its rows or columns (scores of all features); the
    fraction 1 of rows and columns is the base data set's "select 100 %" run."""
    settings = [("select", float(f)) for f in fractions]
    settings += [(s, float(f)) for s in ("observations", "features") for f in fractions if f < 1]
    return settings


def scaling_problem(
    X: np.ndarray, y: np.ndarray, scenario: str, fraction: float
) -> tuple[np.ndarray, np.ndarray, int]:
    """``(X, y, k)`` of one setting: the first round(fraction · n) rows or round(fraction · p)
    columns of the base data set and the number k of features to select."""
    n, p = X.shape
    if scenario == "select":
        return X, y, max(1, int(np.rint(fraction * p)))
    if scenario == "observations":
        m = max(2, int(np.rint(fraction * n)))
        return X[:m], y[:m], p
    if scenario == "features":
        q = max(1, int(np.rint(fraction * p)))
        return X[:, :q], y, q
    raise ValueError(f"scenario must be one of {SCALING_SCENARIOS}, got {scenario!r}")


def time_filter_scaling(
    name: str, X: np.ndarray, y: np.ndarray, settings: Sequence[tuple[str, float]],
    repetitions: int, random_state: int,
) -> pd.DataFrame:
    """Run time of one filter in every setting, ``repetitions`` times, settings in a random
    order per repetition (the thesis randomised the order on its cluster). One row per
    (scenario, fraction, repetition) with the seconds of :func:`filter_scores` (the filter only,
    as mlr's ``generateFilterValuesData``)."""
    import time

    rng = np.random.default_rng(random_state)
    # one untimed run first: imports and first-call set-up must not count as filter time
    Xs, ys, k = scaling_problem(X, y, *settings[0])
    filter_scores(name, Xs, ys, k=k, random_state=0)
    rows = []
    for repetition in range(repetitions):
        for i in rng.permutation(len(settings)):
            scenario, fraction = settings[i]
            Xs, ys, k = scaling_problem(X, y, scenario, fraction)
            start = time.perf_counter()
            filter_scores(name, Xs, ys, k=k, random_state=repetition)
            rows.append({"filter": filter_label(name), "scenario": scenario,
                         "fraction": fraction, "repetition": repetition,
                         "seconds": time.perf_counter() - start})
    return pd.DataFrame(rows)


def relative_times(times: pd.DataFrame) -> pd.DataFrame:
    """Median run time per (filter, scenario, fraction) and relative to the fraction 0.1 of the
    same filter and scenario (thesis Figs. 5.1-5.3). The fraction 1 of the observation and
    feature scenarios is the base data set's run with every feature selected."""
    medians = times.groupby(["filter", "scenario", "fraction"], sort=True)["seconds"].median()
    medians = medians.rename("median_seconds").reset_index()
    full = medians[(medians["scenario"] == "select") & np.isclose(medians["fraction"], 1.0)]
    extra = [full.assign(scenario=s) for s in ("observations", "features")]
    frame = pd.concat([medians, *extra], ignore_index=True)
    smallest = frame.groupby(["filter", "scenario"])["fraction"].transform("min")
    base = frame[np.isclose(frame["fraction"], smallest)].set_index(["filter", "scenario"])
    frame["relative"] = frame["median_seconds"] / base.loc[
        list(zip(frame["filter"], frame["scenario"], strict=True)), "median_seconds"].to_numpy()
    return frame.sort_values(["scenario", "filter", "fraction"], ignore_index=True)


#: Axis labels of the scenarios of §5.1.
SCALING_LABELS: dict[str, str] = {
    "select": "Percentage of Features to Select",
    "observations": "Percentage of Observations of Original Data Set",
    "features": "Percentage of Features of Original Data Set",
}


def figure_relative_times(relative: pd.DataFrame, scenario: str, order: Sequence[str]) -> Figure:
    """Thesis Figs. 5.1-5.3: relative median run time of every filter in one scenario."""
    part = relative[relative["scenario"] == scenario].assign(
        percentage=lambda f: 100 * f["fraction"])
    return relative_lines(part, x="percentage", y="relative", group="filter", order=order,
                          xlabel=SCALING_LABELS[scenario], ylabel="Relative Median Run Time",
                          legend_title="Filter Method")


def figure_absolute_times(relative: pd.DataFrame, scenario: str, order: Sequence[str]) -> Figure:
    """Thesis Figs. A.2-A.4: median run time of each filter, one panel per filter."""
    part = relative[relative["scenario"] == scenario]
    panels = {name: part[part["filter"] == name].assign(
        percentage=lambda f: 100 * f["fraction"]) for name in order}
    return facet_points(panels, x="percentage", y="median_seconds", lines=panels, ncols=4,
                        xlabel=SCALING_LABELS[scenario], ylabel="Median Run Time (in Seconds)",
                        line_color="black")


# --------------------------------------------------------------------------------------------
# §5.2: similarity of the filters' rankings
# --------------------------------------------------------------------------------------------

#: §5.2's groups of filters with similar rankings; MRMR and variance stand alone.
THESIS_FILTER_GROUPS: tuple[tuple[str, ...], ...] = (
    ("NJMIM", "DISR", "MIM", "JMIM", "JMI", "CMIM"),
    ("limma", "anova.test", "sam", "kruskal.test", "auc"),
    ("sym.uncert", "gain.ratio", "info.gain", "chi.squared", "oneR"),
    ("permutation", "impurity"),
    ("MRMR",),
    ("variance",),
)
#: §5.2: the mean rank correlation of all pairs (diagonal included, as the thesis' code).
THESIS_MEAN_RANK_CORRELATION = 0.5241
#: §5.2: the ten highest mean rank correlations.
THESIS_TOP_RANK_CORRELATIONS: tuple[tuple[str, str, float], ...] = (
    ("info.gain", "chi.squared", 0.9950), ("kruskal.test", "auc", 0.9931),
    ("limma", "anova.test", 0.9903), ("sym.uncert", "info.gain", 0.9892),
    ("sym.uncert", "gain.ratio", 0.9860), ("sym.uncert", "chi.squared", 0.9813),
    ("limma", "sam", 0.9798), ("anova.test", "sam", 0.9758),
    ("gain.ratio", "info.gain", 0.9618), ("gain.ratio", "chi.squared", 0.9513),
)
#: §5.2: MIM and info.gain share the score but not the discretisation.
THESIS_MIM_INFO_GAIN = 0.6272


def rank_correlation(scores: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Spearman correlation of every pair of filters' scores on one dataset (thesis §5.2,
    Figs. A.5-A.6), labelled by the thesis' filter names."""
    return pairwise_correlation(pd.DataFrame({filter_label(k): np.asarray(v, dtype=float)
                                              for k, v in scores.items()}), method="spearman")


def top_pairs(matrix: pd.DataFrame, n: int = 10) -> pd.DataFrame:
    """The ``n`` largest off-diagonal entries of a symmetric matrix: columns a, b, value."""
    labels = list(matrix.index)
    i, j = np.triu_indices(len(labels), k=1)
    values = matrix.to_numpy()[i, j]
    order = np.argsort(-values, kind="stable")[:n]
    return pd.DataFrame({"a": [labels[i[k]] for k in order], "b": [labels[j[k]] for k in order],
                         "value": values[order]})


def _partition(groups: Mapping[str, int]) -> list[frozenset[str]]:
    clusters: dict[int, set[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, set()).add(name)
    return sorted((frozenset(c) for c in clusters.values()), key=lambda c: (-len(c), sorted(c)))


def ranking_comparison(mean: pd.DataFrame, groups: Mapping[str, int]) -> list[dict[str, str]]:
    """§5.2's numbers and groups next to ours (rows of ``comparison.csv``)."""
    rows = [comparison_row("§5.2: mean of the mean rank correlation matrix (diagonal included)",
                           THESIS_MEAN_RANK_CORRELATION, round(float(mean.to_numpy().mean()), 4))]
    for a, b, value in THESIS_TOP_RANK_CORRELATIONS:
        ours = mean.loc[a, b] if a in mean.index and b in mean.index else float("nan")
        rows.append(comparison_row(f"§5.2: mean rank correlation of {a} and {b}", value,
                                   round(float(ours), 4), note="one of the ten highest"))
    if "MIM" in mean.index and "info.gain" in mean.index:
        rows.append(comparison_row("§5.2: mean rank correlation of MIM and info.gain",
                                   THESIS_MIM_INFO_GAIN, round(float(mean.loc["MIM", "info.gain"]),
                                                               4)))
    ours = _partition(groups)
    for k, group in enumerate(THESIS_FILTER_GROUPS, start=1):
        match = next((c for c in ours if group[0] in c), frozenset())
        rows.append(comparison_row(
            f"Fig. 5.4: group {k} of similar filters", ", ".join(sorted(group)),
            ", ".join(sorted(match)), note="our average-linkage cluster (cut into "
            f"{len(THESIS_FILTER_GROUPS)} groups) containing its first member"))
    return rows


# --------------------------------------------------------------------------------------------
# §5.3: nested cross-validation of filter + classifier, tuned by random search
# --------------------------------------------------------------------------------------------

#: The thesis' Pareto-optimal filters (§5.3.2): by median / upper quartile, filter time
#: (Fig. 5.7) and entire time (Fig. 5.8).
THESIS_PARETO: dict[tuple[str, str], tuple[str, ...]] = {
    ("filter", "median"): ("JMI", "impurity", "MIM", "none"),
    ("filter", "upper quartile"): ("impurity", "none"),
    ("entire", "median"): ("JMIM", "JMI", "impurity", "MIM"),
    ("entire", "upper quartile"): ("JMI", "impurity", "MIM"),
}
#: Fig. 5.6: the filters that perform best, and those outperformed by many others.
THESIS_BEST_FILTERS: tuple[str, ...] = ("JMIM", "JMI", "impurity", "DISR")
THESIS_WORST_FILTERS: tuple[str, ...] = (
    "anova.test", "MRMR", "sam", "oneR", "variance", "gain.ratio", "limma", "kruskal.test",
    "chi.squared",
)


def benchmark_configurations(
    fraction: object, classifiers: Mapping[str, Mapping[str, object]], n: int, random_state: int,
) -> list[dict[str, object]]:
    """The random search of §5.3 (Table 5.2): each configuration a classifier (uniformly), its
    hyperparameters and the percentage of features the filter keeps. Configuration i is drawn
    from its own stream, so every filter of a dataset and outer fold gets the same ones."""
    from fsstab.search import parse_space
    from fsstab.seeds import substream

    names = sorted(classifiers)
    spaces = {c: parse_space(classifiers[c]) if classifiers[c] else {} for c in names}
    fraction_distribution = parse_space({"fraction": fraction})["fraction"]
    configurations = []
    for i in range(n):
        rng = substream(random_state, i)
        classifier = names[int(rng.integers(len(names)))]
        params = {p: spaces[classifier][p].draw(rng) for p in sorted(spaces[classifier])}
        configurations.append({"classifier": classifier,
                               "fraction": float(fraction_distribution.draw(rng)), **params})
    return configurations


def nested_folds(
    y: np.ndarray, outer_folds: int, inner_folds: int, random_state: int
) -> list[tuple[np.ndarray, np.ndarray, list[tuple[np.ndarray, np.ndarray]]]]:
    """Stratified nested cross-validation (thesis §5.3.1): for each outer fold the training and
    test rows and the inner folds as (training, test) rows *of the dataset*."""
    from fsstab.resampling import make_resamples
    from fsstab.workflow.seeds import derive_seed

    outer = make_resamples(y, "kfold", outer_folds, random_state, n_splits=outer_folds)
    folds = []
    for o, (train, test) in enumerate(outer):
        inner = make_resamples(y[train], "kfold", inner_folds,
                               derive_seed(random_state, "inner", o), n_splits=inner_folds)
        folds.append((train, test, [(train[a], train[b]) for a, b in inner]))
    return folds


def _selector_params(filter_name: str, configuration: Mapping[str, object]) -> dict[str, object]:
    """FilterClassifier parameters of a configuration; every hyperparameter is given (None for
    the other classifiers') so that refit_final can switch classifiers."""
    from fsstab.selectors import FilterClassifier

    params: dict[str, object] = dict.fromkeys(FilterClassifier._hyperparameters)
    params.update({k: v for k, v in configuration.items() if k not in ("classifier", "fraction")})
    params["classifier"] = configuration["classifier"]
    params["fraction"] = 1.0 if filter_name == "none" else configuration["fraction"]
    return params


def inner_accuracies(
    X: np.ndarray, y: np.ndarray, filter_name: str, configurations: Sequence[Mapping],
    inner: Sequence[tuple[np.ndarray, np.ndarray]], *, random_state: int,
) -> pd.DataFrame:
    """Accuracy of every configuration on every inner fold (one filter run per fold; the other
    configurations reuse it through ``refit_final``). One row per (configuration, fold)."""
    from fsstab.selectors import FilterClassifier, n_kept

    rows = []
    for fold, (train, test) in enumerate(inner):
        Xtr, ytr = X[train], y[train]
        base = None
        for c, configuration in enumerate(configurations):
            params = _selector_params(filter_name, configuration)
            if base is None:
                base = FilterClassifier(filter=filter_name, importance="uniform",
                                        random_state=random_state, **params).fit(Xtr, ytr)
                model = base
            else:
                model = base.refit_final(Xtr, ytr, **params)
            rows.append({"configuration": c, "fold": fold,
                         "accuracy": float(model.score(X[test], y[test])),
                         "n_kept": n_kept(float(params["fraction"]), X.shape[1])})
    return pd.DataFrame(rows)


def choose_configuration(inner: pd.DataFrame) -> int:
    """The configuration of highest mean inner accuracy. The thesis breaks ties by the shortest
    run time, which is not reproducible; here by the fewest features kept (what makes a filter
    and its classifier faster), then the earliest configuration."""
    summary = inner.groupby("configuration").agg(accuracy=("accuracy", "mean"),
                                                 n_kept=("n_kept", "first")).reset_index()
    # equal means computed in another order differ in the last bits: compare them rounded
    summary["accuracy"] = summary["accuracy"].round(12)
    best = summary.sort_values(["accuracy", "n_kept", "configuration"],
                               ascending=[False, True, True], kind="stable")
    return int(best["configuration"].iloc[0])


def evaluate_outer(
    X: np.ndarray, y: np.ndarray, filter_name: str, configuration: Mapping[str, object],
    train: np.ndarray, test: np.ndarray, *, random_state: int,
) -> tuple[dict[str, object], dict[str, float]]:
    """The chosen configuration trained on the outer training rows and evaluated on the outer
    test rows: ``(result, timing)`` -- the accuracy and sizes (reproducible) and the seconds
    for filtering alone and for training filter + classifier (not reproducible)."""
    import time

    from fsstab.selectors import FilterClassifier, n_kept

    params = _selector_params(filter_name, configuration)
    Xtr, ytr = X[train], y[train]
    start = time.perf_counter()
    model = FilterClassifier(filter=filter_name, importance="uniform", random_state=random_state,
                             **params).fit(Xtr, ytr)
    train_seconds = time.perf_counter() - start
    k = n_kept(float(params["fraction"]), X.shape[1])
    filter_seconds = 0.0
    if filter_name != "none":
        start = time.perf_counter()
        filter_scores(filter_name, Xtr, ytr, k=max(k, 1), random_state=random_state)
        filter_seconds = time.perf_counter() - start
    result = {"accuracy": float(model.score(X[test], y[test])), "n_kept": k,
              "n_selected": int(model.support_.sum())}
    return result, {"filter_seconds": filter_seconds, "train_seconds": train_seconds}


def benchmark_fold(
    X: np.ndarray, y: np.ndarray, *, dataset: str, filter_name: str, outer: int,
    settings: Mapping[str, object], seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One (dataset, filter, outer fold) of §5.3: tune on the inner folds, evaluate the choice
    on the outer test rows. Returns the result row (reproducible) and the timing row."""
    from fsstab.io import canonical_json
    from fsstab.workflow.seeds import derive_seed

    folds = nested_folds(y, settings["outer_folds"], settings["inner_folds"],
                         derive_seed(seed, dataset, "benchmark", "folds"))
    train, test, inner = folds[outer]
    configurations = benchmark_configurations(
        settings["fraction"], settings["classifiers"], settings["n_configurations"],
        derive_seed(seed, dataset, "benchmark", "configurations", outer))
    model_seed = derive_seed(seed, dataset, "benchmark", "model", outer)
    accuracies = inner_accuracies(X, y, filter_name, configurations, inner,
                                  random_state=model_seed)
    chosen = choose_configuration(accuracies)
    result, timing = evaluate_outer(X, y, filter_name, configurations[chosen], train, test,
                                    random_state=model_seed)
    identity = {"dataset": dataset, "filter": filter_label(filter_name), "outer": outer}
    mean_inner = accuracies.groupby("configuration")["accuracy"].mean()
    configuration = configurations[chosen]
    row = {**identity, "configuration": chosen, "classifier": configuration["classifier"],
           "fraction": None if filter_name == "none" else configuration["fraction"],
           "params": canonical_json({k: v for k, v in configuration.items()
                                     if k not in ("classifier", "fraction")}),
           "inner_accuracy": float(mean_inner.loc[chosen]), **result}
    return pd.DataFrame([row]), pd.DataFrame([{**identity, **timing}])


def _quantile(values: pd.Series, q: float) -> float:
    """R's quantile type 2 (as the thesis' code)."""
    return float(np.quantile(values.to_numpy(), q, method="averaged_inverted_cdf"))


def benchmark_summary(results: pd.DataFrame, timings: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, filter): mean outer accuracy, median seconds for filtering and for
    training filter + classifier (thesis §5.3.1)."""
    accuracy = results.groupby(["dataset", "filter"])["accuracy"].mean().rename("accuracy_mean")
    times = timings.groupby(["dataset", "filter"])[["filter_seconds", "train_seconds"]].median()
    return pd.concat([accuracy, times], axis=1).reset_index()


def win_matrix(summary: pd.DataFrame) -> pd.DataFrame:
    """Thesis Fig. 5.6: entry (A, B) = data sets on which filter A has a higher mean accuracy
    than B (ties count 0.5), rows and columns sorted by decreasing row sums."""
    table = summary.pivot(index="dataset", columns="filter", values="accuracy_mean")
    names = list(table.columns)
    acc = table.to_numpy()
    wins = ((acc[:, :, None] > acc[:, None, :]).sum(axis=0)
            + 0.5 * (acc[:, :, None] == acc[:, None, :]).sum(axis=0)).astype(float)
    np.fill_diagonal(wins, np.nan)
    frame = pd.DataFrame(wins, index=names, columns=names)
    order = frame.sum(axis=1).sort_values(ascending=False, kind="stable").index
    return frame.loc[order, order]


def relative_performance(summary: pd.DataFrame, time_column: str) -> pd.DataFrame:
    """Thesis Figs. 5.7 / 5.8: per dataset, the distance of each filter's mean accuracy to the
    best one (0 = best) and its log10 median time (plus 0.01 s, "not filtering at all has zero
    run time") above the fastest; median and quartiles (R type 2) over the data sets."""
    frame = summary.copy()
    frame["relative_accuracy"] = (frame.groupby("dataset")["accuracy_mean"].transform("max")
                                  - frame["accuracy_mean"])
    log_time = np.log10(frame[time_column] + 0.01)
    frame["relative_log_time"] = log_time - log_time.groupby(frame["dataset"]).transform("min")
    rows = []
    for name, part in frame.groupby("filter", sort=True):
        row = {"filter": name}
        for column, short in (("relative_accuracy", "accuracy"), ("relative_log_time", "time")):
            row[f"{short}_median"] = _quantile(part[column], 0.5)
            row[f"{short}_q25"] = _quantile(part[column], 0.25)
            row[f"{short}_q75"] = _quantile(part[column], 0.75)
        rows.append(row)
    return pd.DataFrame(rows)


def pareto_filters(relative: pd.DataFrame, statistic: str) -> list[str]:
    """Filters not dominated in (relative accuracy, relative log time), both minimised, by
    their ``median`` or ``q75`` over data sets (thesis §5.3.2)."""
    points = relative[[f"accuracy_{statistic}", f"time_{statistic}"]].to_numpy(dtype=float)
    keep = non_dominated_mask(points, maximize=False)
    return sorted(str(name) for name in relative["filter"].to_numpy()[keep])


def figure_5_5(results: pd.DataFrame, order: Sequence[str], datasets: Sequence[str]) -> Figure:
    """Thesis Fig. 5.5 / A.7-A.8: outer-fold accuracies of each filter's tuned configuration."""
    present = [f for f in order if f in set(results["filter"])]
    return box_plots(results, value="accuracy", category="filter", order=present,
                     panel="dataset", panel_order=list(datasets), ncols=2,
                     xlabel="Filter Method", ylabel="Classification Accuracy")


def figure_5_6(wins: pd.DataFrame, n_datasets: int) -> Figure:
    """Thesis Fig. 5.6: wins of the row filter over the column filter, white at half of the
    data sets."""
    return heatmap(wins, vmin=0.0, vmax=float(n_datasets), center=n_datasets / 2,
                   annotate=True, fmt="{:g}", colorbar_label="Data Sets",
                   xlabel="Losses", ylabel="Wins", figsize=(9.5, 7.0))


def figure_relative_performance(relative: pd.DataFrame, time_label: str,
                                highlight: Sequence[str]) -> Figure:
    """Thesis Figs. 5.7 / 5.8: medians and quartiles over data sets."""
    return median_quartile_plot(
        relative, label="filter", x=("accuracy_median", "accuracy_q25", "accuracy_q75"),
        y=("time_median", "time_q25", "time_q75"), highlight=highlight,
        xlabel="Distance to the Best Mean Classification Accuracy (0 = best)",
        ylabel=f"Relative Logarithmic Median {time_label}", legend_title="Filter Method")


def figure_accuracy_time(summary: pd.DataFrame, time_column: str, time_label: str,
                         order: Sequence[str]) -> Figure:
    """Thesis Figs. A.9 / A.10: mean accuracy and median time of each filter per data set."""
    datasets = list(dict.fromkeys(summary["dataset"]))
    styles = dict(zip(order, style_cycle(len(order)), strict=True))
    ncols = min(2, len(datasets))
    nrows = -(-len(datasets) // ncols)
    fig = new_figure((5.0 * ncols + 2.2, 3.8 * nrows))
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for ax, dataset in zip(axes.ravel(), datasets, strict=False):
        part = summary[summary["dataset"] == dataset]
        for name in order:
            row = part[part["filter"] == name]
            if len(row):
                ax.scatter(row["accuracy_mean"], row[time_column], color=styles[name]["color"],
                           marker=styles[name]["marker"], label=name, s=30)
        ax.set_title(dataset)
        ax.grid(alpha=0.3)
    for ax in axes.ravel()[len(datasets):]:
        ax.set_visible(False)
    fig.supxlabel("Mean Classification Accuracy")
    fig.supylabel(f"Median {time_label} (in Seconds)")
    handles, labels = axes.ravel()[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside right center", title="Filter Method", fontsize=8)
    return fig


# --------------------------------------------------------------------------------------------
# Chapter 5: outputs, comparison rows and the conclusions of §5.5
# --------------------------------------------------------------------------------------------

#: The iterative (greedy) filters of the praznik toolbox (thesis §3.1.5).
ITERATIVE_FILTERS: tuple[str, ...] = ("MRMR", "JMI", "JMIM", "DISR", "NJMIM", "CMIM")


def _at_full(relative: pd.DataFrame, scenario: str) -> pd.Series:
    part = relative[(relative["scenario"] == scenario) & np.isclose(relative["fraction"], 1.0)]
    return part.set_index("filter")["relative"]


def scaling_comparison(relative: pd.DataFrame) -> list[dict[str, str]]:
    """§5.1's statements next to our relative median run times at 100 %."""
    rows = []
    select = _at_full(relative, "select")
    iterative = [f for f in ITERATIVE_FILTERS if f in select.index]
    others = [f for f in select.index if f not in ITERATIVE_FILTERS]
    rows.append(comparison_row("Fig. 5.1: filter whose run time grows the most with the "
                               "percentage selected", "CMIM", select.idxmax(),
                               setting="relative run time at 100 % of the features selected"))
    for name in iterative:
        stated = ("strong increase" if name in ("CMIM", "NJMIM", "JMIM") else
                  "slight increase")
        rows.append(comparison_row(f"Fig. 5.1: relative run time of {name} at 100 %", stated,
                                   f"{select[name]:.2f}"))
    if others:
        rows.append(comparison_row("Fig. 5.1: relative run time of the other filters at 100 % "
                                   "(min .. max)", "constant (about 1)",
                                   f"{select[others].min():.2f} .. {select[others].max():.2f}"))
    observations = _at_full(relative, "observations")
    rows.append(comparison_row("Fig. 5.2: strongest increase with the number of observations",
                               "permutation", observations.idxmax()))
    rows.append(comparison_row("Fig. 5.2: smallest increases with the number of observations",
                               "anova.test, variance",
                               ", ".join(observations.nsmallest(2).index)))
    features = _at_full(relative, "features")
    if iterative and others:
        rows.append(comparison_row(
            "Fig. 5.3: the iterative filters' run times grow much more with the number of "
            "features (smallest iterative vs largest other, relative at 100 %)",
            "much more", f"{features[iterative].min():.1f} vs {features[others].max():.1f}"))
    return rows


def scaling_outputs(folder: Path, comparison_path: str | Path, times: pd.DataFrame,
                    filters: Sequence[str]) -> None:
    """Thesis §5.1: Figs. 5.1-5.3 (relative), A.2-A.4 (absolute), the table of median times
    (run times: not reproducible) and the comparison rows."""
    order = [filter_label(f) for f in filters]
    relative = relative_times(times)
    for number, scenario in zip(("1", "2", "3"), SCALING_SCENARIOS, strict=True):
        save_figure(figure_relative_times(relative, scenario, order),
                    folder / f"fig05_{number}_relative_time_{scenario}")
        save_figure(figure_absolute_times(relative, scenario, order),
                    folder / f"figA0{int(number) + 1}_time_{scenario}")
    write_table(relative, folder / "table5_1_median_times")
    write_table(comparison_frame(scaling_comparison(relative)),
                Path(comparison_path).with_suffix(""))


def ranking_outputs(folder: Path, comparison_path: str | Path,
                    correlations: Mapping[str, pd.DataFrame], filters: Sequence[str]) -> None:
    """Thesis §5.2: Fig. 5.4 (mean rank correlations, average-linkage order), Figs. A.5-A.6
    (per data set), the ten highest pairs and the comparison rows."""
    labels = [filter_label(f) for f in filters]
    matrices = [m.loc[labels, labels] for m in correlations.values()]
    mean = mean_matrix(matrices)
    order = average_linkage_order(mean)
    groups = average_linkage_groups(mean, min(len(THESIS_FILTER_GROUPS), len(mean)))
    ordered = mean.loc[order, order]
    save_figure(heatmap(ordered, annotate=True, colorbar_label="Mean Rank Correlation",
                        dendrogram_linkage=_linkage(mean)),
                folder / "fig05_4_rank_correlation")
    write_table(_matrix_frame(ordered, "filter").assign(group=[groups[f] for f in order]),
                folder / "fig05_4_rank_correlation")
    for name, matrix in correlations.items():
        save_figure(heatmap(matrix.loc[order, order], title=name,
                            colorbar_label="Rank Correlation"),
                    folder / f"figA05_{name}_rank_correlation")
    write_table(top_pairs(mean), folder / "table5_2_highest_rank_correlations")
    write_table(comparison_frame(ranking_comparison(mean, groups)),
                Path(comparison_path).with_suffix(""))


def benchmark_comparison(summary: pd.DataFrame, wins: pd.DataFrame,
                         pareto: Mapping[tuple[str, str], list[str]]) -> list[dict[str, str]]:
    """§5.3's findings next to ours."""
    rows = []
    setting = f"{summary['dataset'].nunique()} data sets"
    for (time_kind, statistic), stated in THESIS_PARETO.items():
        figure = "5.7" if time_kind == "filter" else "5.8"
        rows.append(comparison_row(
            f"Fig. {figure}: Pareto-optimal filters ({statistic}s over data sets, "
            f"{'filtering' if time_kind == 'filter' else 'entire'} time)",
            ", ".join(sorted(stated)), ", ".join(pareto[(time_kind, statistic)]),
            setting=setting))
    order = list(wins.index)
    rows.append(comparison_row("Fig. 5.6: the filters that perform best across data sets",
                               ", ".join(THESIS_BEST_FILTERS), ", ".join(order[:4]),
                               setting=setting, note="ours: the four largest row sums"))
    rows.append(comparison_row("Fig. 5.6: filters outperformed by many others",
                               ", ".join(THESIS_WORST_FILTERS),
                               ", ".join(order[-len(THESIS_WORST_FILTERS):]), setting=setting,
                               note="ours: the nine smallest row sums"))
    for dataset, part in summary.groupby("dataset"):
        best = part.loc[part["accuracy_mean"].idxmax()]
        rows.append(comparison_row("§5.3.2: best mean accuracy (filter)", "",
                                   f"{best['accuracy_mean']:.4f} ({best['filter']})",
                                   dataset=str(dataset)))
    return rows


def boxplot_split(datasets: Sequence[str],
                  boxplot_datasets: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(shown, others)``: the data sets of Fig. 5.5 (those of ``boxplot_datasets`` that are
    run, else the first two run) and the rest (Figs. A.7-A.8)."""
    shown = [d for d in boxplot_datasets if d in datasets] or list(datasets[:2])
    return shown, [d for d in datasets if d not in shown]


def benchmark_outputs(folder: Path, comparison_path: str | Path, results: pd.DataFrame,
                      timings: pd.DataFrame, order: Sequence[str],
                      boxplot_datasets: Sequence[str]) -> dict[str, object]:
    """Thesis §5.3: Figs. 5.5-5.8, A.7-A.10, their tables and the comparison rows. ``order`` is
    the filters' order of Fig. 5.4 (plus ``none``). Returns what the conclusions need."""
    order = [*order, "none"] if "none" not in order else list(order)
    summary = benchmark_summary(results, timings)
    datasets = list(dict.fromkeys(results["dataset"]))
    shown, others = boxplot_split(datasets, boxplot_datasets)
    save_figure(figure_5_5(results[results["dataset"].isin(shown)], order, shown),
                folder / "fig05_5_accuracy_boxplots")
    if others:
        save_figure(figure_5_5(results[results["dataset"].isin(others)], order, others),
                    folder / "figA07_accuracy_boxplots")
    wins = win_matrix(summary)
    save_figure(figure_5_6(wins, len(datasets)), folder / "fig05_6_wins")
    write_table(_matrix_frame(wins, "filter"), folder / "fig05_6_wins")
    pareto = {}
    for number, (time_kind, column, label) in zip(
            ("7", "8"), (("filter", "filter_seconds", "Run Time for Filtering"),
                         ("entire", "train_seconds", "Entire Run Time")), strict=True):
        relative = relative_performance(summary, column)
        for statistic, key in (("median", "median"), ("upper quartile", "q75")):
            pareto[(time_kind, statistic)] = pareto_filters(relative, key)
        save_figure(figure_relative_performance(relative, label,
                                                pareto[(time_kind, "median")]),
                    folder / f"fig05_{number}_accuracy_{time_kind}_time")
        write_table(relative.assign(pareto_median=relative["filter"].isin(
            pareto[(time_kind, "median")]), pareto_q75=relative["filter"].isin(
            pareto[(time_kind, "upper quartile")])),
            folder / f"fig05_{number}_accuracy_{time_kind}_time")
        save_figure(figure_accuracy_time(summary, column, label, order),
                    folder / f"figA{9 + int(number) - 7:02d}_accuracy_{time_kind}_time")
    write_table(results.sort_values(["dataset", "filter", "outer"], ignore_index=True),
                folder / "table5_3_outer_results")
    # accuracies are reproducible, run times are not: separate tables
    write_table(summary[["dataset", "filter", "accuracy_mean"]], folder / "table5_3_accuracy")
    write_table(summary[["dataset", "filter", "filter_seconds", "train_seconds"]],
                folder / "table5_3_median_times")
    write_table(comparison_frame(benchmark_comparison(summary, wins, pareto)),
                Path(comparison_path).with_suffix(""))
    return {"summary": summary, "wins": wins, "pareto": pareto}


def _verdict(ok: bool | None) -> str:
    return "not testable" if ok is None else ("yes" if ok else "no")


def conclusions_table(
    relative_times_frame: pd.DataFrame | None, mean_rank: pd.DataFrame,
    accuracy: pd.DataFrame, relative_accuracy: pd.DataFrame,
) -> pd.DataFrame:
    """Thesis §5.5, one row per conclusion: how we check it on our run, the evidence and
    whether it holds. ``relative_times_frame`` is Table 5.1 of §5.1 (None when §5.1 is not
    run: its conclusion is then "not testable"); ``accuracy`` the per (dataset, filter) mean
    accuracy; ``relative_accuracy`` the median distance to the best filter
    (``accuracy_median``)."""
    rows = []

    def add(conclusion: str, criterion: str, evidence: str, ok: bool | None) -> None:
        rows.append({"conclusion": conclusion, "criterion": criterion, "evidence": evidence,
                     "supported": _verdict(ok)})

    groups = average_linkage_groups(mean_rank, min(len(THESIS_FILTER_GROUPS), len(mean_rank)))
    ours = set(_partition(groups))
    for group in THESIS_FILTER_GROUPS:
        present = [f for f in group if f in groups]
        if not present:
            continue
        together = len({groups[f] for f in present}) == 1
        alone = together and sum(groups[f] == groups[present[0]] for f in groups) == len(present)
        cluster = next(c for c in ours if present[0] in c)
        add(f"{', '.join(group)} {'rank' if len(group) > 1 else 'ranks'} the features "
            f"{'similarly' if len(group) > 1 else 'unlike any other filter'}",
            f"one cluster of the average-linkage tree of the mean rank correlations cut into "
            f"{len(THESIS_FILTER_GROUPS)} groups",
            f"cluster: {', '.join(sorted(cluster))}",
            alone if len(group) == 1 else together)
    scaling_conclusion = ("NJMIM, DISR, JMIM, JMI, CMIM and MRMR scale differently (their "
                          "scores are computed iteratively)")
    scaling_criterion = ("relative run time at 100 % selected: every iterative filter above "
                         "every other one")
    if relative_times_frame is None:
        add(scaling_conclusion, scaling_criterion,
            "§5.1 not run (its base data set is not run)", None)
    else:
        select = _at_full(relative_times_frame, "select")
        iterative = [f for f in ITERATIVE_FILTERS if f in select.index]
        others = [f for f in select.index if f not in ITERATIVE_FILTERS]
        if iterative and others:
            add(scaling_conclusion, scaling_criterion,
                f"iterative min {select[iterative].min():.2f}, others max "
                f"{select[others].max():.2f}",
                bool(select[iterative].min() > select[others].max()))
    table = accuracy.pivot(index="dataset", columns="filter", values="accuracy_mean")
    best = table.idxmax(axis=1)
    several = table.shape[0] > 1
    add("no subset of filters outperforms all others; the best filter depends on the data set",
        "the filter with the best mean accuracy differs between data sets",
        "; ".join(f"{d}: {f}" for d, f in best.items()),
        (best.nunique() > 1) if several else None)
    rel = relative_accuracy.set_index("filter")["accuracy_median"]
    overall = float(rel.median())
    recommended = [f for f in ("JMI", "MIM", "impurity") if f in rel.index]
    add("JMI, MIM and impurity work well in most data situations",
        "their median distance to the best mean accuracy is at most the median over filters "
        f"({overall:.4f})", ", ".join(f"{f} {rel[f]:.4f}" for f in recommended),
        all(rel[f] <= overall for f in recommended) if recommended else None)
    worst_third = rel.quantile(2 / 3)
    neglect = [f for f in ("MRMR", "variance") if f in rel.index]
    add("MRMR and variance can be neglected due to bad predictive performance",
        f"their median distance to the best mean accuracy is in the worst third "
        f"(>= {worst_third:.4f})", ", ".join(f"{f} {rel[f]:.4f}" for f in neglect),
        all(rel[f] >= worst_third for f in neglect) if neglect else None)
    for name, group in (("auc", THESIS_FILTER_GROUPS[1]), ("sym.uncert", THESIS_FILTER_GROUPS[2])):
        members = [f for f in group if f in rel.index]
        if name in rel.index:
            winner = rel[members].idxmin()
            add(f"{name} performs best within its group ({', '.join(group)})",
                "smallest median distance to the best mean accuracy within the group",
                f"best: {winner} ({rel[winner]:.4f}); {name}: {rel[name]:.4f}",
                bool(np.isclose(rel[name], rel[members].min())))
    if "impurity" in rel.index:
        rank = int((rel < rel["impurity"]).sum()) + 1
        add("if only one filter can be tried, impurity is a good choice",
            "impurity is among the five filters closest to the best accuracy (median)",
            f"impurity ranks {rank} of {len(rel)} ({rel['impurity']:.4f})", rank <= 5)
    return pd.DataFrame(rows)
