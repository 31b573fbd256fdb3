"""What the chapters of Bommert (2020) compute alike: correlations and average-linkage clusters
of methods or measures (Ch. 5, 6), comparison rows (Ch. 5, 6), cross-validation folds and
random-search draws (Ch. 7, 8), Table 4.1's characteristics of a data set, result tables with
feature lists, panel grids of figures (Ch. 7, 8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from scipy.cluster.hierarchy import fcluster, leaves_list, linkage
from scipy.spatial.distance import squareform

from fsstab.papers.bommert2020.reference import THESIS_DATASET_ORDER
from fsstab.papers.outputs import NOT_RUN_NOTE, format_number
from fsstab.plots import new_figure
from fsstab.resampling import make_resamples
from fsstab.similarity import correlation_similarity

__all__ = [
    "NOT_CONFIGURED_NOTE",
    "RESULT_FORMAT",
    "SIMILARITY_THRESHOLD",
    "average_linkage_groups",
    "average_linkage_order",
    "comparison_row",
    "dataset_characteristics",
    "flat_table",
    "linkage_matrix",
    "log2_uniform",
    "matrix_frame",
    "mean_matrix",
    "missing_note",
    "number_row",
    "ordered_datasets",
    "pairwise_correlation",
    "panel_grid",
    "partition",
    "stratified_folds",
    "strict_group",
]

#: Two features are similar (exchangeable) when their absolute correlation is at least 0.9
#: (thesis §8.3; the θ of SMA-Count in Ch. 7-8 and of Table 4.1's MHCF).
SIMILARITY_THRESHOLD = 0.9
#: The ``format`` metadata of the Ch. 7-8 tables (Parquet).
RESULT_FORMAT = "fsstab.bommert2020_ch78/1"
#: The note of a comparison row whose dataset this configuration does not list at all.
NOT_CONFIGURED_NOTE = "dataset not in this configuration (config/paper/bommert2020.yaml has it)"


# --------------------------------------------------------------------------------------------
# Correlations and average-linkage clustering (Figs. 5.4, 6.2, 6.5)
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


def linkage_matrix(similarity: pd.DataFrame) -> np.ndarray:
    """SciPy's average-linkage tree of the labels with distance 1 - similarity (R's
    ``hclust(as.dist(1 - S), "average")``); the similarity is symmetrised first."""
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
    (the orderings of thesis Figs. 5.4 and 6.5)."""
    labels = list(similarity.index)
    if len(labels) < 2:
        return labels
    return [labels[i] for i in leaves_list(linkage_matrix(similarity))]


def average_linkage_groups(similarity: pd.DataFrame, n_groups: int) -> dict[str, int]:
    """Cut the average-linkage tree of :func:`average_linkage_order` into ``n_groups`` groups;
    groups are numbered 1, 2, ... in the order of their first member in that ordering."""
    labels = list(similarity.index)
    if not 1 <= n_groups <= len(labels):
        raise ValueError(f"n_groups must lie in 1..{len(labels)}, got {n_groups!r}")
    if len(labels) == 1:
        return {labels[0]: 1}
    Z = linkage_matrix(similarity)
    raw = fcluster(Z, t=n_groups, criterion="maxclust")
    renumber: dict[int, int] = {}
    for i in leaves_list(Z):
        renumber.setdefault(int(raw[i]), len(renumber) + 1)
    return {labels[i]: renumber[int(raw[i])] for i in range(len(labels))}


def partition(groups: Mapping[str, int]) -> list[frozenset[str]]:
    """The groups of :func:`average_linkage_groups` as sets, largest first (ties by their
    sorted members)."""
    clusters: dict[int, set[str]] = {}
    for name, g in groups.items():
        clusters.setdefault(g, set()).add(name)
    return sorted((frozenset(c) for c in clusters.values()), key=lambda c: (-len(c), sorted(c)))


def strict_group(groups: Mapping[str, int], members: Sequence[str]
                 ) -> tuple[bool | None, frozenset[str]]:
    """Whether a group a thesis reads off a clustered matrix (Figs. 5.4, 6.2, 6.5) is a cluster
    of its own in ``groups`` (of :func:`average_linkage_groups`): all its members present here in
    one cluster and no other label in it. Two of the thesis' groups merged into one cluster
    support neither (issue 13). Returns (verdict, the cluster of its first member present);
    the verdict is None when no member is present.

    Examples
    --------
    >>> verdict, cluster = strict_group({"a": 1, "b": 1, "c": 2}, ["a", "b"])
    >>> verdict, sorted(cluster)
    (True, ['a', 'b'])
    >>> strict_group({"a": 1, "b": 1, "c": 1}, ["a", "b"])[0]
    False
    """
    present = [m for m in members if m in groups]
    if not present:
        return None, frozenset()
    cluster = frozenset(f for f, g in groups.items() if g == groups[present[0]])
    return cluster == set(present), cluster


def matrix_frame(matrix: pd.DataFrame, label: str) -> pd.DataFrame:
    """A labelled square matrix as a table: a ``label`` column then one column per label."""
    frame = matrix.copy()
    frame.insert(0, label, list(matrix.index))
    return frame.reset_index(drop=True)


# --------------------------------------------------------------------------------------------
# Comparison rows (Ch. 5, 6) and notes
# --------------------------------------------------------------------------------------------


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
    number or statement of the thesis next to ours (floats to 6 significant digits)."""
    return {"item": item, "dataset": dataset, "setting": setting,
            "paper_value": _text(paper_value), "our_value": _text(our_value), "note": note}


def number_row(item: str, dataset: str, setting: str, paper: object, ours: object,
               decimals: int, note: str = "") -> dict[str, str]:
    """One row of ``comparison.csv`` with both numbers rounded to the ``decimals`` the thesis
    prints (:func:`fsstab.papers.outputs.format_number`; no value of ours: empty)."""
    return {"item": item, "dataset": dataset, "setting": setting,
            "paper_value": format_number(paper, decimals),
            "our_value": format_number(ours, decimals), "note": note}


def missing_note(dataset: str, configured: Sequence[str]) -> str:
    """Why a thesis data set has no value of ours: configured but not run here, or not
    configured at all."""
    return NOT_RUN_NOTE if dataset in configured else NOT_CONFIGURED_NOTE


# --------------------------------------------------------------------------------------------
# Ch. 4, 7, 8: data sets, folds, random search, result tables
# --------------------------------------------------------------------------------------------


def dataset_characteristics(X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Table 4.1's columns: p, n, proportion of the majority class (PP) and the mean number of
    highly correlated (|Pearson| >= 0.9) other features per feature (MHCF)."""
    C = correlation_similarity(X, threshold=SIMILARITY_THRESHOLD)
    others = np.diff(C.indptr).astype(np.float64) - 1.0  # stored entries minus the diagonal
    counts = np.bincount(np.asarray(y, dtype=np.int64))
    return {"p": float(X.shape[1]), "n": float(X.shape[0]),
            "PP": float(counts.max() / counts.sum()), "MHCF": float(others.mean())}


def stratified_folds(y: np.ndarray, n_splits: int, random_state: int) -> list[
    tuple[np.ndarray, np.ndarray]
]:
    """Stratified ``n_splits``-fold cross-validation (mlr's ``makeResampleDesc("CV",
    stratify = TRUE)``): ``[(train rows, test rows), ...]``."""
    return list(make_resamples(y, "kfold", n_splits, random_state, n_splits=n_splits))


def log2_uniform(rng: np.random.RandomState, low: float, high: float) -> float:
    """2^x with x ~ U[low, high] (the λ, cost and σ of Table 6.5)."""
    return float(2.0 ** rng.uniform(low, high))


def flat_table(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its index-array columns (the selected features) as ';'-joined text, so
    that the CSV of a result table stays one line per row."""
    flat = frame.copy()
    for column in flat.columns:
        if flat[column].map(lambda v: isinstance(v, list | tuple | np.ndarray)).any():
            flat[column] = flat[column].map(lambda v: ";".join(str(int(x)) for x in v))
    return flat


def ordered_datasets(names: Sequence[str]) -> list[str]:
    """``names`` in Table 4.1's order (unknown names last, alphabetically)."""
    known = [d for d in THESIS_DATASET_ORDER if d in names]
    return known + sorted(set(names) - set(known))


def panel_grid(n_panels: int, n_cols: int, width: float, height: float) -> tuple[Figure, list]:
    """A figure with ``n_panels`` axes in rows of ``n_cols`` (``width`` x ``height`` inches
    each, at least 7 inches wide: room for a title over one or two panels); the unused cells
    of the last row are hidden."""
    n_cols = max(1, min(n_cols, n_panels))
    n_rows = int(np.ceil(n_panels / n_cols))
    fig = new_figure((max(7.0, width * n_cols), height * n_rows))
    axes = fig.subplots(n_rows, n_cols, squeeze=False).ravel()
    for ax in axes[n_panels:]:
        ax.set_visible(False)
    return fig, list(axes[:n_panels])

