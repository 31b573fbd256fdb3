"""Thesis §5.2: the filters' scores of every feature and the similarity of their rankings
(Spearman correlations, Fig. 5.4, Figs. A.5-A.6). :func:`filter_scores` is also what §5.1 times
and what §5.3's filtering time measures."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.common import pairwise_correlation
from fsstab.selectors import GreedySelection, get_filter

__all__ = ["filter_label", "filter_scores", "rank_correlation", "top_pairs"]


def filter_label(name: str) -> str:
    """The thesis' name of a filter (Table 5.1), e.g. ``"anova"`` -> ``"anova.test"``."""
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
