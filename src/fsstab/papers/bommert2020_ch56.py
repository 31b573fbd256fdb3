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
from fsstab.papers._io import comparison_frame, comparison_row, write_table
from fsstab.papers._plots import facet_points, heatmap, new_figure, scatter_matrix
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
# The configuration sections ch5 and ch6 of `paper`
# --------------------------------------------------------------------------------------------

#: Sections of `paper` this module owns.
SECTIONS: tuple[str, ...] = ("ch5", "ch6")


def check_sections(
    paper: Mapping[str, object], dataset_names: Iterable[str], schema: Mapping[str, object]
) -> dict[str, dict]:
    """Validate the ``ch5`` / ``ch6`` sections of ``paper`` (schema
    ``config/schema/paper_bommert2020_ch56.schema.yaml``, defaults filled in) and their meaning:
    datasets configured, filters and classifiers known, search spaces valid.

    Raises :class:`fsstab.workflow.config.ConfigError` listing every problem with its key
    (``paper.ch5.filters: ...``). Sections that are absent stay absent.
    """
    from fsstab.search import parse_space
    from fsstab.selectors import CLASSIFIERS, get_filter
    from fsstab.workflow.config import ConfigError, validate_schema

    sections = {k: paper[k] for k in SECTIONS if k in paper}
    try:
        filled = validate_schema(sections, schema)
    except ConfigError as exc:
        raise ConfigError([f"paper.{p}" for p in exc.problems]) from None
    known = set(dataset_names)
    problems: list[str] = []

    def need_datasets(key: str, names: Iterable[str]) -> None:
        missing = sorted(set(names) - known)
        if missing:
            problems.append(f"paper.{key}: dataset(s) {missing} are not configured under "
                            f"'datasets'; configured: {sorted(known)}")

    if "ch5" in filled:
        ch5 = filled["ch5"]
        need_datasets("ch5.datasets", ch5["datasets"])
        need_datasets("ch5.scaling.dataset", [ch5["scaling"]["dataset"]])
        for name in ch5["filters"]:
            try:
                get_filter(name)
            except ValueError as exc:
                problems.append(f"paper.ch5.filters: {exc}")
        benchmark = ch5["benchmark"]
        try:
            parse_space({"fraction": benchmark["fraction"]})
        except ValueError as exc:
            problems.append(f"paper.ch5.benchmark.{exc}")
        for name, space in benchmark["classifiers"].items():
            if name not in CLASSIFIERS:
                problems.append(f"paper.ch5.benchmark.classifiers: unknown classifier {name!r}; "
                                f"known: {sorted(CLASSIFIERS)}")
                continue
            extra = sorted(set(space) - set(CLASSIFIERS[name].params))
            if extra:
                problems.append(f"paper.ch5.benchmark.classifiers.{name}: no hyperparameter(s) "
                                f"{extra}; {name} has {list(CLASSIFIERS[name].params)}")
            elif space:
                try:
                    parse_space(space)
                except ValueError as exc:
                    problems.append(f"paper.ch5.benchmark.classifiers.{name}.{exc}")
        outside = sorted(set(benchmark["boxplot_datasets"]) - set(ch5["datasets"]))
        if outside:
            problems.append(f"paper.ch5.benchmark.boxplot_datasets: {outside} are not in "
                            "paper.ch5.datasets")
    if "ch6" in filled:
        need_datasets("ch6.real.datasets", filled["ch6"]["real"]["datasets"])
    if problems:
        raise ConfigError(problems)
    return filled


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
